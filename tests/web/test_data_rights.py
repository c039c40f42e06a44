"""Data rights (issue 10, item 12): a learner downloads all their data and deletes their
account from the profile; a student's class work stays, anonymised, in the teacher's grid; the
privacy page is linked from every page's footer. In English and Spanish."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from classes import services
from classes.models import Assignment, AssignmentKind, Classroom, Instructor, Membership, Progress
from lessons.models import Stage, StageBest
from tutor.web.models import Profile

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture
def learner(client, make_user):
    user = make_user("mika", PASSWORD, email="mika@example.org")
    Profile.objects.update_or_create(user=user, defaults={"display_name": "Mika"})
    stage = Stage.objects.create(slug="tiles-x", number=90, title={"en": "Tiles"})
    StageBest.objects.create(user=user, stage=stage, stars=3)
    client.force_login(user)
    return user


@pytest.fixture
def classroom(make_user, learner):
    teacher = make_user("sensei", PASSWORD)
    Instructor.objects.create(user=teacher)
    room = Classroom.objects.create(name="Tuesday club", created_by=teacher)
    room.teachers.add(teacher)
    Membership.objects.create(classroom=room, student=learner)
    exercise = Assignment.objects.create(
        classroom=room, kind=AssignmentKind.STAGE, title="Tiles", stage_slug="tiles-x"
    )
    services.record_attempt(exercise, learner, "a", True)
    return room, teacher, exercise


def test_the_download_holds_the_learners_data_and_no_password(client, learner, classroom):
    response = client.get(reverse("data_download"))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert data["account"]["username"] == "mika"
    assert data["account"]["email"] == "mika@example.org"
    records = data["records"]
    assert records["web.profile"][0]["display_name"] == "Mika"
    assert records["lessons.stagebest"][0]["stars"] == 3
    assert len(records["classes.attempt"]) == 1 and "classes.membership" in records
    assert "password" not in response.content.decode()
    assert "sensei" not in response.content.decode()  # nobody else's data


def test_the_download_is_for_logged_in_people_only(client):
    response = client.get(reverse("data_download"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_deleting_asks_for_the_password_first(client, learner):
    page = client.get(reverse("account_delete")).content.decode()
    assert "This cannot be undone." in page
    response = client.post(reverse("account_delete"), {"password": "wrong"})
    assert response.status_code == 400
    assert User.objects.get(pk=learner.pk).username == "mika"


def test_a_learner_deletes_their_account(client, learner):
    response = client.post(reverse("account_delete"), {"password": PASSWORD}, follow=True)
    assert "Your account was deleted" in response.content.decode()
    assert not response.context["user"].is_authenticated
    gone = User.objects.get(pk=learner.pk)
    assert gone.username.startswith("deleted-") and not gone.email and not gone.is_active
    assert not Profile.objects.filter(user=gone).exists()
    assert not StageBest.objects.filter(user=gone).exists()
    refused = client.post(reverse("login"), {"username": "mika", "password": PASSWORD})
    assert refused.status_code != 302  # the log-in form again


def test_a_students_class_work_stays_anonymised_in_the_teachers_grid(client, learner, classroom):
    room, teacher, exercise = classroom
    client.post(reverse("account_delete"), {"password": PASSWORD})
    progress = Progress.objects.get(assignment=exercise)
    assert progress.student.username.startswith("deleted-")
    client.force_login(teacher)
    for name in ("classes:dashboard", "classes:dashboard_csv"):
        response = client.get(reverse(name, args=[room.pk]))
        assert response.status_code == 200
        body = response.content.decode()
        assert "deleted-" in body and "mika" not in body


def test_the_only_teacher_of_a_class_must_hand_it_over_first(client, classroom):
    room, teacher, _exercise = classroom
    client.force_login(teacher)
    page = client.get(reverse("account_delete")).content.decode()
    assert "Tuesday club" in page
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 400
    assert User.objects.get(pk=teacher.pk).is_active


def test_a_co_teacher_may_leave_and_the_class_keeps_its_other_teacher(client, classroom, make_user):
    room, teacher, _exercise = classroom
    colleague = make_user("hana", PASSWORD)
    room.teachers.add(colleague)
    client.force_login(colleague)
    client.post(reverse("account_delete"), {"password": PASSWORD})
    assert list(room.teachers.all()) == [teacher]


def test_the_privacy_page_is_linked_from_the_footer_in_both_languages(client):
    home = client.get("/").content.decode()
    assert f'href="{reverse("privacy")}"' in home
    assert "Your rights" in client.get(reverse("privacy")).content.decode()
    client.cookies.load({"django_language": "es"})
    spanish = client.get(reverse("privacy")).content.decode()
    assert "Tus derechos" in spanish


def test_the_profile_offers_both_in_spanish(client, learner):
    client.cookies.load({"django_language": "es"})
    page = client.get(reverse("profile")).content.decode()
    assert "Descargar mis datos" in page and "Borrar mi cuenta" in page


def test_an_administrator_is_deleted_by_another_one_in_the_admin(client, make_user):
    boss = make_user("boss", PASSWORD, is_staff=True, is_superuser=True)
    client.force_login(boss)
    assert "another administrator" in client.get(reverse("account_delete")).content.decode()
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 400
    assert User.objects.get(pk=boss.pk).is_active


@pytest.mark.parametrize("data", [{}, {"password": ""}, {"password": "x" * 5000}])
def test_a_malformed_deletion_is_a_400(client, learner, data):
    assert client.post(reverse("account_delete"), data).status_code == 400
    assert User.objects.get(pk=learner.pk).is_active


def test_anonymous_visitors_are_sent_to_log_in(client):
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert response.status_code == 302 and reverse("login") in response["Location"]
