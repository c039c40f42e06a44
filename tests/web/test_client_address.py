"""Every per-address limit counts the address the outermost trusted proxy saw."""

import pytest
from django.test import RequestFactory

from tutor.web.client import client_address

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"


def request_from(remote: str, forwarded: str | None = None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "expected"),
    [
        # No proxy: a client-written X-Forwarded-For chooses nothing.
        (0, "198.51.100.4", "6.6.6.6", "198.51.100.4"),
        (0, "198.51.100.4", None, "198.51.100.4"),
        # One HTTPS proxy: it appends the address it was reached from; the client's own
        # entries to the left are ignored.
        (1, "10.0.0.2", "203.0.113.7", "203.0.113.7"),
        (1, "10.0.0.2", "6.6.6.6, 203.0.113.7", "203.0.113.7"),
        (1, "10.0.0.2", "not-an-address, 203.0.113.7", "203.0.113.7"),
        # Two proxies: a CDN in front of the HTTPS proxy.
        (2, "10.0.0.2", "6.6.6.6, 203.0.113.7, 192.0.2.1", "203.0.113.7"),
        (1, "10.0.0.2", "2001:db8::7", "2001:db8::7"),
        # A request that bypassed the proxy, or a proxy that wrote garbage: the connecting
        # address, never the client's word.
        (1, "10.0.0.2", None, "10.0.0.2"),
        (1, "10.0.0.2", "garbage", "10.0.0.2"),
    ],
)
def test_the_client_is_the_entry_the_outermost_trusted_proxy_wrote(
    settings, proxies, remote, forwarded, expected
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(request_from(remote, forwarded)) == expected


def test_behind_a_proxy_axes_locks_the_attacker_out_not_the_named_user(
    client, make_user, settings
) -> None:
    # Before, every request had the proxy's address, so five wrong passwords from anyone
    # locked "ana" out for everyone.
    settings.TRUSTED_PROXY_COUNT = 1
    make_user("ana", password=PASSWORD)
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    for _ in range(5):
        client.post(
            "/accounts/login/",
            {"username": "ana", "password": "wrong"},
            HTTP_X_FORWARDED_FOR="203.0.113.66",
            **proxy,
        )
    locked = client.post(
        "/accounts/login/",
        {"username": "ana", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="203.0.113.66",
        **proxy,
    )
    assert locked.status_code == 429
    ana = client.post(
        "/accounts/login/",
        {"username": "ana", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.20",
        **proxy,
    )
    assert ana.status_code == 302
