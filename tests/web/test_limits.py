"""Log-in, sign-up, password reset and the admin log-in are limited per address and site-wide,
and a refused attempt computes no password hash."""

from unittest import mock

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"


@pytest.fixture
def hashes():
    """Counts every password hash computed (the work an attacker wants the site to do)."""
    with mock.patch.object(
        MD5PasswordHasher, "encode", autospec=True, side_effect=MD5PasswordHasher.encode
    ) as encode:
        yield encode


def log_in(client, username: str, password: str = "wrong", address: str = "203.0.113.5"):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def sign_up(client, username: str, address: str = "203.0.113.5"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )


def test_fresh_usernames_from_one_address_are_refused_before_any_hash(
    client, settings, make_user, hashes
) -> None:
    # django-axes counts per username: fresh names never locked before.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-address": "3/10m"}
    make_user("ana", password=PASSWORD)
    for n in range(3):
        assert log_in(client, f"nobody-{n}").status_code == 200
    assert hashes.call_count >= 3  # each failure cost a hash, even for a name that is no one's
    hashes.reset_mock()
    refused = log_in(client, "nobody-99")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many attempts" in refused.content.decode()
    assert hashes.call_count == 0
    # Another address is not affected, and a right password still works there.
    assert log_in(client, "ana", PASSWORD, address="198.51.100.9").status_code == 302


def test_a_class_logging_in_from_one_network_is_never_refused(client, settings, make_user) -> None:
    # Only failures count: forty right passwords from one school router all get in.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-address": "3/10m"}
    for n in range(40):
        make_user(f"student{n}", password=PASSWORD)
    for n in range(40):
        assert log_in(client, f"student{n}", PASSWORD).status_code == 302
        client.post("/accounts/logout/")


def test_failures_from_many_addresses_meet_the_site_wide_limit(client, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-site": "4/10m"}
    for n in range(4):
        assert log_in(client, "x", address=f"198.51.100.{n}").status_code == 200
    assert log_in(client, "x", address="198.51.100.200").status_code == 429


def test_the_admin_log_in_shares_the_limit(client, settings, hashes) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-address": "2/10m"}
    for n in range(2):
        response = client.post(
            "/admin/login/", {"username": f"boss{n}", "password": "x"}, REMOTE_ADDR="203.0.113.5"
        )
        assert response.status_code == 200
    hashes.reset_mock()
    response = client.post(
        "/admin/login/", {"username": "boss", "password": "x"}, REMOTE_ADDR="203.0.113.5"
    )
    assert response.status_code == 429
    assert hashes.call_count == 0
    assert log_in(client, "someone").status_code == 429


def test_sign_ups_from_one_address_are_limited(client, settings, hashes) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup-address": "3/h"}
    for n in range(3):
        assert sign_up(client, f"new{n}").status_code == 302
        client.post("/accounts/logout/")
    hashes.reset_mock()
    assert sign_up(client, "new99").status_code == 429
    assert hashes.call_count == 0
    assert not User.objects.filter(username="new99").exists()
    assert sign_up(client, "elsewhere", address="198.51.100.9").status_code == 302


def test_refused_sign_ups_do_not_count(client, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup-address": "2/h"}
    for _ in range(5):
        bad = client.post(
            "/accounts/signup/",
            {"username": "ana", "password1": "a", "password2": "b"},
            REMOTE_ADDR="203.0.113.5",
        )
        assert bad.status_code == 400
    assert sign_up(client, "ana").status_code == 302


def test_the_refusal_reads_in_spanish(client, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-address": "1/10m"}
    client.cookies.load({"django_language": "es"})
    log_in(client, "x")
    refused = log_in(client, "y")
    assert refused.status_code == 429
    assert "Demasiados intentos" in refused.content.decode()


def test_password_resets_are_limited_per_e_mail_and_per_address(client, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "reset-email": "2/h", "reset-address": "4/h"}
    for _ in range(2):
        response = client.post(
            "/accounts/password_reset/", {"email": "Ana@Example.org"}, REMOTE_ADDR="203.0.113.5"
        )
        assert response.status_code == 302
    same_mail = client.post(
        "/accounts/password_reset/", {"email": "ana@example.org "}, REMOTE_ADDR="198.51.100.9"
    )
    assert same_mail.status_code == 429
    for n in range(2):
        response = client.post(
            "/accounts/password_reset/", {"email": f"b{n}@example.org"}, REMOTE_ADDR="203.0.113.5"
        )
        assert response.status_code == 302
    other_mail = client.post(
        "/accounts/password_reset/", {"email": "c@example.org"}, REMOTE_ADDR="203.0.113.5"
    )
    assert other_mail.status_code == 429


def test_looking_at_the_forms_is_never_limited(client, settings) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login-address": "1/10m"}
    log_in(client, "x")
    log_in(client, "y")
    for url in ("/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"):
        assert client.get(url, REMOTE_ADDR="203.0.113.5").status_code == 200


def test_a_cache_that_is_down_locks_nobody_out(client, monkeypatch, make_user) -> None:
    from tutor.web import limits

    def unreachable(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to the cache")

    monkeypatch.setattr(limits, "get_usage", unreachable)
    make_user("ana", password=PASSWORD)
    assert log_in(client, "ana", PASSWORD).status_code == 302
    client.post("/accounts/logout/")
    assert log_in(client, "ana", "wrong").status_code == 200
