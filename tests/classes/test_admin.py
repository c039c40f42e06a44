"""Staff grant the instructor role in the admin: directly, or by approving a request."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes.models import Instructor, InstructorRequest

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, make_user):
    admin = make_user("boss", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return admin


def test_staff_approve_a_request_from_the_admin_list(client, staff, make_user):
    hopeful = make_user("hopeful")
    req = InstructorRequest.objects.create(user=hopeful, message="I run the Tuesday club")
    response = client.post(
        reverse("admin:classes_instructorrequest_changelist"),
        {"action": "approve", "_selected_action": [req.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert Instructor.objects.get(user=hopeful).granted_by == staff
    req.refresh_from_db()
    assert (req.status, req.decided_by) == ("approved", staff)


def test_staff_decline_a_request(client, staff, make_user):
    hopeful = make_user("hopeful")
    req = InstructorRequest.objects.create(user=hopeful, message="please")
    client.post(
        reverse("admin:classes_instructorrequest_changelist"),
        {"action": "decline", "_selected_action": [req.pk]},
    )
    assert not Instructor.objects.filter(user=hopeful).exists()
    assert InstructorRequest.objects.get(pk=req.pk).status == "declined"


def test_staff_grant_the_role_directly(client, staff, make_user):
    teacher = make_user("teacher")
    response = client.post(
        reverse("admin:classes_instructor_add"),
        {"user": teacher.pk, "granted_at_0": "2026-11-30", "granted_at_1": "10:00:00"},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Instructor.objects.get(user=teacher).granted_by == staff


def test_the_admin_pages_of_the_classes_app_render(client, staff):
    for name in ("instructor", "instructorrequest", "classroom", "assignment", "newspost"):
        assert client.get(reverse(f"admin:classes_{name}_changelist")).status_code == 200
        assert client.get(reverse(f"admin:classes_{name}_add")).status_code == 200


def test_a_pending_request_is_unique_per_user(make_user):
    from django.db import IntegrityError, transaction

    user = make_user("twice")
    InstructorRequest.objects.create(user=user, message="one")
    with pytest.raises(IntegrityError), transaction.atomic():
        InstructorRequest.objects.create(user=user, message="two")
