"""Staff decide an instructor request the same way from every admin page, and the requester is
told: by e-mail, and with a message on their next visit (issue 10, item 15)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from classes.models import Instructor, InstructorRequest
from tutor.web.models import Profile

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(make_user):
    return make_user("boss", is_staff=True, is_superuser=True)


@pytest.fixture
def hopeful(make_user):
    return make_user("hopeful", email="hopeful@example.org")


def _change(client, req, status):
    url = reverse("admin:classes_instructorrequest_change", args=[req.pk])
    return client.post(url, {"status": status}, follow=True)


def test_approving_on_the_change_page_really_grants_the_role(
    client, staff, hopeful, django_capture_on_commit_callbacks
):
    req = InstructorRequest.objects.create(user=hopeful, message="I run the Tuesday club")
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = _change(client, req, "approved")
    assert response.status_code == 200
    assert Instructor.objects.get(user=hopeful).granted_by == staff
    req.refresh_from_db()
    assert (req.status, req.decided_by) == ("approved", staff)
    assert [m.to for m in mail.outbox] == [["hopeful@example.org"]]
    assert "approved" in mail.outbox[0].body


def test_declining_on_the_change_page_grants_nothing_and_tells_them(
    client, staff, hopeful, django_capture_on_commit_callbacks
):
    req = InstructorRequest.objects.create(user=hopeful, message="please")
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        _change(client, req, "declined")
    assert not Instructor.objects.filter(user=hopeful).exists()
    req.refresh_from_db()
    assert req.status == "declined" and req.decided_by == staff
    assert "declined" in mail.outbox[0].body


def test_a_decided_request_cannot_be_changed_back_on_its_page(client, staff, hopeful):
    req = InstructorRequest.objects.create(user=hopeful, message="please")
    client.force_login(staff)
    _change(client, req, "declined")
    _change(client, req, "approved")
    req.refresh_from_db()
    assert req.status == "declined"
    assert not Instructor.objects.filter(user=hopeful).exists()


def test_the_list_action_tells_the_requester_too(
    client, staff, hopeful, django_capture_on_commit_callbacks
):
    req = InstructorRequest.objects.create(user=hopeful, message="please")
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("admin:classes_instructorrequest_changelist"),
            {"action": "approve", "_selected_action": [req.pk]},
        )
    assert Instructor.objects.filter(user=hopeful).exists()
    assert len(mail.outbox) == 1


def test_the_requester_sees_the_decision_once_on_their_next_visit(
    client, staff, hopeful, django_capture_on_commit_callbacks
):
    req = InstructorRequest.objects.create(user=hopeful, message="please")
    admin_client = client.__class__()
    admin_client.force_login(staff)
    client.force_login(hopeful)
    assert "request to teach" not in client.get("/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        _change(admin_client, req, "approved")
    first = client.get("/").content.decode()
    assert "Your request to teach was approved" in first
    assert "Your request to teach was approved" not in client.get("/").content.decode()


def test_a_decision_the_cache_forgot_shows_after_log_in(client, staff, hopeful, settings):
    from django.core.cache import cache

    InstructorRequest.objects.create(user=hopeful, message="please").approve(by=staff)
    cache.clear()
    client.post(reverse("login"), {"username": "hopeful", "password": "a-long-pass-phrase-9"})
    assert "Your request to teach was approved" in client.get("/").content.decode()


def test_the_mail_is_in_the_requesters_language(
    client, staff, hopeful, django_capture_on_commit_callbacks
):
    Profile.objects.update_or_create(user=hopeful, defaults={"language": "es"})
    req = InstructorRequest.objects.create(user=hopeful, message="por favor")
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        _change(client, req, "approved")
    assert "aprobada" in mail.outbox[0].body
