"""Tell a requester, on their next page, that staff decided their instructor request."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

from . import services
from .models import InstructorRequest


class DecisionNoticeMiddleware:
    """Show a decision once, as a message. A cache flag set when staff decide (and at log-in
    when one is waiting) keeps every other request free of any query."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            key = services.decision_flag_key(user.pk)
            if cache.get(key):
                cache.delete(key)
                for text in services.decision_notices(user):
                    messages.info(request, text)
        return self.get_response(request)


def flag_waiting_decisions(
    sender: object, request: HttpRequest, user: object, **kwargs: object
) -> None:
    """``user_logged_in`` receiver: a decision the cache forgot still shows after log-in."""
    pk = getattr(user, "pk", None)
    if (
        pk is not None
        and InstructorRequest.objects.filter(user_id=pk, requester_told=False).exists()
    ):
        cache.set(services.decision_flag_key(pk), True, services.DECISION_FLAG_SECONDS)
