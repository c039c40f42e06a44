"""The address of the person at the other end of a request.

Every limit the site keys on an address (django-axes, the log-in, sign-up and password-reset
limits, the class join throttle) asks :func:`client_address`, so that all of them agree.

Behind ``TRUSTED_PROXY_COUNT`` reverse proxies, ``REMOTE_ADDR`` is the nearest proxy and each
proxy appends the address it was reached from to ``X-Forwarded-For``. The client is therefore
the entry the outermost trusted proxy wrote: the ``TRUSTED_PROXY_COUNT``-th from the right.
Everything to its left was written by the client and can be anything.

We do not use django-ipware here: its ``proxy_count`` counts proxy entries inside the header
and, with a count of 0, it believes a lone ``X-Forwarded-For`` sent by the client itself, which
would let anyone pick the address their attempts are counted against.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest

# What a request with no usable address is counted as: one shared bucket, never a free pass.
UNKNOWN = "0.0.0.0"


def _valid(candidate: str) -> str | None:
    candidate = candidate.strip()
    if candidate.startswith("[") and "]" in candidate:  # "[2001:db8::1]:443"
        candidate = candidate[1 : candidate.index("]")]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return None


def client_address(request: HttpRequest) -> str:
    """The client's IP address, trusting exactly ``settings.TRUSTED_PROXY_COUNT`` proxies.

    With no trusted proxy, ``X-Forwarded-For`` is ignored: a client cannot choose its address.

    >>> from django.test import RequestFactory
    >>> from django.test.utils import override_settings
    >>> request = RequestFactory().get(
    ...     "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7"
    ... )
    >>> with override_settings(TRUSTED_PROXY_COUNT=0):
    ...     client_address(request)
    '10.0.0.2'
    >>> with override_settings(TRUSTED_PROXY_COUNT=1):
    ...     client_address(request)
    '203.0.113.7'
    """
    remote = _valid(request.META.get("REMOTE_ADDR", "")) or UNKNOWN
    count = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    if count <= 0:
        return remote
    header = request.META.get("HTTP_X_FORWARDED_FOR", "")
    forwarded = [part.strip() for part in header.split(",") if part.strip()]
    if not forwarded:
        # The request reached the site without passing through the proxies.
        return remote
    # Fewer entries than proxies: the chain is shorter than configured; the leftmost entry is
    # then the farthest one any proxy wrote.
    entry = forwarded[-count] if len(forwarded) >= count else forwarded[0]
    return _valid(entry) or remote
