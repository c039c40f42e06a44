"""Refusals a person can read.

Django answers some refusals with an empty body -- a wrong method (405) above all, from
``require_POST`` / ``require_GET``. A visitor who lands there (a bookmarked form action, a
link followed by hand) would see a blank page. This middleware gives every empty 4xx answer a
short page in the reader's language, with the site's navigation, and keeps the status.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _


def refusal_message(status: int) -> str:
    """What to tell the reader about an answer with ``status`` and nothing else to say."""
    texts = {
        405: _(
            "This address is not meant to be opened that way. Go back and use the page's "
            "links and buttons."
        ),
        404: _("There is nothing at this address."),
        403: _("You are not allowed to do that."),
        429: _("Too many attempts. Wait a little and try again."),
    }
    return texts.get(status) or _("The request could not be understood. Go back and try again.")


class ReadableRefusalMiddleware:
    """Fill an empty 4xx answer with a readable page (or, for htmx, a short fragment)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            400 <= response.status_code < 500
            and not getattr(response, "streaming", False)
            and not response.content.strip()
        ):
            htmx = bool(getattr(request, "htmx", False))
            template = "errors/refusal_fragment.html" if htmx else "errors/refusal.html"
            status = response.status_code
            context = {"status": status, "message": refusal_message(status)}
            response.content = render_to_string(template, context, request=request).encode()
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
