"""Password-reset and confirmation mail go through Celery, and resets reach confirmed
addresses only, in one mail whatever the number of accounts sharing it."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail as outbox
from django.core import signing

from tutor.web import mail
from tutor.web.models import Profile
from tutor.web.tasks import send_email_confirmation, send_password_reset

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-dragons-42"


@pytest.fixture
def queued(monkeypatch):
    """The tasks the views queue, as (task, args), instead of a broker."""
    calls: list[tuple[object, tuple[object, ...]]] = []
    monkeypatch.setattr(mail, "queue", lambda task, *args: calls.append((task, args)))
    return calls


def run(calls) -> None:
    """Do what a worker would: run each queued task with its arguments."""
    for task, args in calls:
        task(*args)
    calls.clear()


def link_in(message, marker: str) -> str:
    url = re.search(r"https?://\S*" + re.escape(marker) + r"\S*", message.body).group(0)
    return url[url.index("/accounts/") :]


def confirmed_user(username: str, email: str, password: str = PASSWORD) -> User:
    user = User.objects.create_user(username, email=email, password=password)
    Profile.objects.create(user=user, verified_email=email)
    return user


def test_a_reset_request_queues_one_task_with_plain_values_and_mails_nothing_itself(
    client, queued
) -> None:
    confirmed_user("ana", "ana@example.org")
    response = client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    assert response.status_code == 302
    assert outbox.outbox == []
    assert [(task, args) for task, args in queued] == [
        (send_password_reset, ("ana@example.org", "http://testserver/", "en"))
    ]


def test_twenty_six_accounts_on_one_address_get_one_mail(client, queued) -> None:
    for n in range(26):
        confirmed_user(f"ana{n}", "ana@example.org")
    client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    run(queued)
    assert len(outbox.outbox) == 1
    assert outbox.outbox[0].to == ["ana@example.org"]
    assert outbox.outbox[0].body.count("/accounts/reset/") == mail.RESET_ACCOUNTS_PER_MAIL


def test_an_unconfirmed_address_receives_no_reset(client, queued, make_user) -> None:
    make_user("ana", password=PASSWORD, email="ana@example.org")
    response = client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    assert response.status_code == 302  # the same answer: nobody learns who has an account
    run(queued)
    assert outbox.outbox == []


def test_a_confirmation_for_an_old_address_does_not_confirm_the_new_one(make_user) -> None:
    user = make_user("ana", password=PASSWORD, email="new@example.org")
    Profile.objects.create(user=user, verified_email="old@example.org")
    assert send_password_reset("new@example.org", "http://testserver/", "en") == 0
    assert send_password_reset("old@example.org", "http://testserver/", "en") == 0
    assert outbox.outbox == []


def test_sign_up_confirm_then_reset_a_forgotten_password(client, queued) -> None:
    response = client.post(
        "/accounts/signup/",
        {
            "username": "ana",
            "email": "ana@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert [task for task, _args in queued] == [send_email_confirmation]
    run(queued)
    assert not Profile.objects.get(user__username="ana").email_confirmed
    confirm = client.get(link_in(outbox.outbox[0], "/confirm-email/"))
    assert confirm.status_code == 200
    assert "is confirmed" in confirm.content.decode()
    assert Profile.objects.get(user__username="ana").email_confirmed

    client.post("/accounts/logout/")
    client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    run(queued)
    form_page = client.get(link_in(outbox.outbox[-1], "/reset/"), follow=True)
    assert form_page.status_code == 200
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "a-brand-new-phrase-3", "new_password2": "a-brand-new-phrase-3"},
    )
    assert done.status_code == 302
    assert User.objects.get(username="ana").check_password("a-brand-new-phrase-3")


def test_reset_mail_is_in_the_language_of_the_request(client, queued) -> None:
    confirmed_user("ana", "ana@example.org")
    client.cookies.load({"django_language": "es"})
    client.post("/accounts/password_reset/", {"email": "ana@example.org"})
    run(queued)
    assert "contraseña" in outbox.outbox[0].subject


@pytest.mark.parametrize(
    "token",
    [
        "nonsense",
        signing.dumps({"u": 1, "e": "ana@example.org"}, salt="some-other-purpose"),
    ],
    # The signed token holds the time it was made: named ids keep the test's name the same in
    # every process of a pytest-xdist run (and from one run to the next).
    ids=["nonsense", "signed-for-another-purpose"],
)
def test_a_forged_confirmation_link_is_refused(client, make_user, token) -> None:
    user = make_user("ana", password=PASSWORD, email="ana@example.org")
    Profile.objects.create(user=user)
    response = client.get(f"/accounts/confirm-email/{token}/")
    assert response.status_code == 400
    assert "invalid" in response.content.decode()
    assert not Profile.objects.get(user=user).email_confirmed


def test_changing_the_address_needs_a_new_confirmation(client, queued) -> None:
    user = confirmed_user("ana", "ana@example.org")
    old_link = mail.confirmation_token(user.pk, "ana@example.org")
    client.force_login(user)
    response = client.post(
        "/accounts/profile/", {"display_name": "", "language": "en", "email": "ana@new.example"}
    )
    assert response.status_code == 302
    assert not Profile.objects.get(user=user).email_confirmed
    assert [args[1] for _task, args in queued] == ["ana@new.example"]
    # A link for the old address confirms nothing now.
    assert client.get(f"/accounts/confirm-email/{old_link}/").status_code == 400
    run(queued)
    assert client.get(link_in(outbox.outbox[0], "/confirm-email/")).status_code == 200
    assert Profile.objects.get(user=user).email_confirmed


def test_the_profile_offers_to_send_the_confirmation_again(client, queued, make_user) -> None:
    user = make_user("ana", password=PASSWORD, email="ana@example.org")
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert "Send the confirmation link again" in page
    assert client.post("/accounts/confirm-email/").status_code == 302
    assert queued == [
        (send_email_confirmation, (user.pk, "ana@example.org", "http://testserver/", "en"))
    ]


def test_a_broker_that_is_down_costs_the_visitor_nothing(
    client, django_capture_on_commit_callbacks
):
    class Unreachable:
        name = "unreachable"

        def apply_async(self, **kwargs):
            raise ConnectionRefusedError("no broker")

    with django_capture_on_commit_callbacks(execute=True):
        mail.queue(Unreachable(), "ana@example.org")


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_sends_the_reset(celery_worker_process) -> None:
    confirmed_user("ana", "ana@example.org")
    result = send_password_reset.delay("ana@example.org", "https://dojo.example.org/", "en")
    assert result.get(timeout=30) == 1
    assert "https://dojo.example.org/accounts/reset/" in celery_worker_process.output()
