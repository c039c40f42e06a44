"""The request types of the site's views.

Every request passes django-htmx's middleware, so it carries ``request.htmx``; a view behind
``login_required`` also knows its user is a real account, not ``AnonymousUser``. Annotating the
view's ``request`` with these types tells mypy both facts (the django-htmx and django-stubs
documentation recommend exactly these subclasses); at run time every request is a plain
:class:`~django.http.HttpRequest`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through ``django_htmx.middleware.HtmxMiddleware``."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """A request of a logged-in user: the type of a ``login_required`` view's request."""

    user: User


def wants_partial(request: HtmxHttpRequest) -> bool:
    """Whether to answer with the swapped partial alone: an htmx request that is neither
    boosted nor a history restore (those want the whole page).

    >>> from django.test import RequestFactory
    >>> from django_htmx.middleware import HtmxDetails
    >>> request = RequestFactory().get("/", headers={"HX-Request": "true"})
    >>> request.htmx = HtmxDetails(request)
    >>> wants_partial(request)
    True
    >>> request = RequestFactory().get("/", headers={"HX-Request": "true", "HX-Boosted": "true"})
    >>> request.htmx = HtmxDetails(request)
    >>> wants_partial(request)
    False
    """
    htmx = request.htmx
    return bool(htmx and not htmx.boosted and not htmx.history_restore_request)
