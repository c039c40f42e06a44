"""A request for the instructor role: the staff get an e-mail and see a count in the admin;
the requester follows the request's status on /classes/teach/."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from classes import mail as classes_mail
from classes.models import Instructor, InstructorRequest

pytestmark = pytest.mark.django_db
URL = "/classes/teach/"


@pytest.fixture
def staff(make_user):
    boss = make_user("boss", is_staff=True, is_superuser=True, email="boss@dojo.test")
    make_user("helper", is_staff=True, email="helper@dojo.test")
    make_user("retired", is_staff=True, is_active=False, email="old@dojo.test")
    make_user("nomail", is_staff=True)
    make_user("member", email="member@dojo.test")  # not staff
    return boss


def test_the_page_is_where_the_brief_says(world):
    assert reverse("classes:request_instructor") == URL


def test_a_request_e_mails_the_staff_once_it_is_saved(
    login, world, staff, django_capture_on_commit_callbacks
):
    client = login(world.outsider)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(URL, {"message": "I run the Tuesday club"})
    assert response.status_code == 302
    assert len(callbacks) == 1
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sorted(sent.to) == ["boss@dojo.test", "helper@dojo.test"]
    assert sent.subject == "Instructor request from outsider"
    req = InstructorRequest.objects.get(user=world.outsider)
    assert "I run the Tuesday club" in sent.body
    assert f"/admin/classes/instructorrequest/{req.pk}/change/" in sent.body
    assert "http://testserver/admin/" in sent.body
    assert "Requests waiting for an answer: 1" in sent.body


def test_the_mail_is_in_the_sites_language_whatever_the_requesters(
    login, world, staff, django_capture_on_commit_callbacks
):
    client = login(world.outsider)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(URL, {"message": "Enseño en el club"}, HTTP_ACCEPT_LANGUAGE="es")
    assert mail.outbox[0].subject == "Instructor request from outsider"


def test_a_refused_request_sends_nothing(login, world, staff, django_capture_on_commit_callbacks):
    client = login(world.outsider)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert client.post(URL, {"message": ""}).status_code == 400
        assert client.post(URL, {"message": "x" * 1001}).status_code == 400
    assert callbacks == [] and mail.outbox == []
    assert not InstructorRequest.objects.exists()


def test_a_mail_server_failure_keeps_the_request(login, world, staff, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise ConnectionRefusedError("smtp down")

    monkeypatch.setattr(classes_mail, "send_mail", broken)
    req = InstructorRequest.objects.create(user=world.outsider, message="hello")
    assert classes_mail.send_request_mail(req.pk, "http://x/") is False
    assert "Could not e-mail the staff" in caplog.text
    assert InstructorRequest.objects.filter(pk=req.pk).exists()


def test_without_staff_addresses_nothing_is_sent(world):
    req = InstructorRequest.objects.create(user=world.outsider, message="hello")
    assert classes_mail.send_request_mail(req.pk, "http://x/") is False
    assert mail.outbox == []


def test_the_admin_list_counts_the_pending_requests(client, world, staff, make_user):
    client.force_login(staff)
    index = client.get(reverse("admin:index")).content.decode()
    assert "pending-requests" not in index
    for name in ("a", "b"):
        InstructorRequest.objects.create(user=make_user(name), message="please")
    InstructorRequest.objects.create(user=make_user("c"), message="no", status="declined")
    index = client.get(reverse("admin:index")).content.decode()
    assert 'class="badge pending-requests"' in index
    assert 'aria-label="2 requests waiting"' in index
    # The sidebar of every admin page carries it too.
    page = client.get(reverse("admin:classes_classroom_changelist")).content.decode()
    assert 'aria-label="2 requests waiting"' in page


def test_the_badge_escapes_nothing_it_should_not():
    from classes.admin import pending_badge

    html = pending_badge("<b>Requests</b>", 3)
    assert html.startswith("&lt;b&gt;Requests&lt;/b&gt; <span")
    assert ">3</span>" in html


def test_pending_requests_come_first_in_the_admin(client, world, staff, make_user):
    old = InstructorRequest.objects.create(user=make_user("a"), message="x", status="approved")
    new = InstructorRequest.objects.create(user=make_user("b"), message="y")
    client.force_login(staff)
    body = client.get(reverse("admin:classes_instructorrequest_changelist")).content.decode()
    assert body.index(f"/{new.pk}/change/") < body.index(f"/{old.pk}/change/")


# --- the requester's view ------------------------------------------------------------------


def test_the_requester_sees_the_status_of_each_request(login, world, staff):
    client = login(world.outsider)
    client.post(URL, {"message": "I teach"})
    page = client.get(URL).content.decode()
    assert "request-pending" in page and "request-status-pending" in page
    assert 'name="message"' not in page  # one pending request at a time

    req = InstructorRequest.objects.get(user=world.outsider)
    req.decline(by=staff)
    page = client.get(URL).content.decode()
    assert "request-status-declined" in page and "request-declined" in page
    assert 'name="message"' in page  # they may ask again
    client.post(URL, {"message": "I teach on Tuesdays, twelve students"})
    InstructorRequest.objects.get(user=world.outsider, status="pending").approve(by=staff)
    page = client.get(URL).content.decode()
    assert "instructor-yes" in page
    assert "request-status-approved" in page and "request-status-declined" in page
    assert Instructor.is_instructor(world.outsider)


def test_nobody_sees_anyone_elses_requests(login, world, make_user):
    InstructorRequest.objects.create(user=world.outsider, message="secret plan")
    page = login(world.student).get(URL).content.decode()
    assert "request-history" not in page and "secret plan" not in page


def test_a_second_request_while_one_waits_changes_nothing(login, world):
    client = login(world.outsider)
    client.post(URL, {"message": "one"})
    response = client.post(URL, {"message": "two"}, follow=True)
    assert "waiting for the staff" in response.content.decode()
    assert list(InstructorRequest.objects.values_list("message", flat=True)) == ["one"]


def test_an_instructor_has_nothing_to_ask(login, world):
    client = login(world.teacher)
    page = client.get(URL).content.decode()
    assert "instructor-yes" in page and 'name="message"' not in page
    client.post(URL, {"message": "more"})
    assert not InstructorRequest.objects.filter(user=world.teacher).exists()


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.post(URL, {"message": "hi"})
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert not InstructorRequest.objects.exists()


def test_the_classes_home_links_a_waiting_request_to_its_status(login, world):
    client = login(world.outsider)
    client.post(URL, {"message": "I teach"})
    home = client.get(reverse("classes:index")).content.decode()
    assert "waiting for the staff" in home and f'href="{URL}"' in home
