"""Limits on the requests that cost the site a password hash or a mail.

Each log-in or sign-up costs about a second of PBKDF2; django-axes only locks one username
from one address, so an attacker trying fresh names was never stopped. The limits here are
keyed on the real client address (:func:`tutor.web.client.client_address`) and on the whole
site, counted in Django's cache (django-ratelimit's fixed windows), and checked *before* the
view runs, so a refused request computes no hash at all.

A limit counts only the outcomes that cost something: failed log-ins (a class logging in from
one school network should never be refused), created accounts, password-reset requests.
Rates come from ``settings.RATE_LIMITS`` ("30/15m": 30 per 15 minutes).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django_ratelimit.core import get_usage

from .client import client_address

log = logging.getLogger(__name__)


def by_site(request: HttpRequest) -> str:
    return "site"


def by_email(request: HttpRequest) -> str:
    return str(request.POST.get("email", "")).strip().casefold()[:254]


@dataclass(frozen=True)
class Limit:
    """One counter: ``name`` picks its rate in ``settings.RATE_LIMITS``; ``key`` its bucket."""

    name: str
    key: Callable[[HttpRequest], str]

    def usage(self, request: HttpRequest, *, increment: bool) -> dict[str, Any] | None:
        rate = settings.RATE_LIMITS.get(self.name)
        if not rate:
            return None
        try:
            usage: dict[str, Any] | None = get_usage(
                request,
                group=f"limit:{self.name}",
                key=lambda _group, req: self.key(req),
                rate=rate,
                method="POST",
                increment=increment,
            )
            return usage
        except Exception:  # a cache that is down must not lock everyone out: let it through
            log.warning("rate limit %s not checked: the cache is unavailable", self.name)
            return None

    def wait(self, request: HttpRequest) -> int | None:
        """Seconds until the next attempt is allowed, or None when this one may go ahead."""
        usage = self.usage(request, increment=False)
        if usage is None or usage["count"] < usage["limit"]:
            return None
        return max(1, int(usage["time_left"]))


def limited(
    *limits: Limit, counts: Callable[[HttpResponseBase], bool] = lambda response: True
) -> Callable[[Callable[..., HttpResponseBase]], Callable[..., HttpResponseBase]]:
    """Refuse a POST with 429 once any of ``limits`` is used up; count it when ``counts``.

    ``counts`` sees the view's answer: a log-in counts when it fails, a sign-up when it
    creates an account. GET requests are neither limited nor counted.
    """

    def decorate(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method != "POST":
                return view(request, *args, **kwargs)
            waits = [wait for limit in limits if (wait := limit.wait(request)) is not None]
            if waits:  # ReadableRefusalMiddleware gives the 429 a page in the reader's language
                return HttpResponse(status=429, headers={"Retry-After": str(max(waits))})
            response = view(request, *args, **kwargs)
            if counts(response):
                for limit in limits:
                    limit.usage(request, increment=True)
            return response

        return wrapper

    return decorate


def failed(response: HttpResponseBase) -> bool:
    """A log-in form answered again (200 or 400) rather than a redirect: the log-in failed."""
    return response.status_code in (200, 400)


def succeeded(response: HttpResponseBase) -> bool:
    return response.status_code in (301, 302, 303)


LOGIN = (Limit("login-address", client_address), Limit("login-site", by_site))
SIGNUP = (Limit("signup-address", client_address), Limit("signup-site", by_site))
PASSWORD_RESET = (
    Limit("reset-address", client_address),
    Limit("reset-email", by_email),
    Limit("reset-site", by_site),
)
CONFIRMATION = (Limit("confirm-address", client_address),)
