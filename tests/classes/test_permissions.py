"""Every URL of the classes app, tried by everyone who should not see it.

Anonymous visitors get the log-in page; people outside a class (an outsider, a student of
another class, a teacher of another class) get a 404 that shows nothing of the class; a
student of the class gets a 403 on the teachers' pages. No response ever carries the class's
data to them.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

# (url name, method, who may use it: "teacher", "student" or "member")
CLASS_URLS = [
    ("classes:detail", "get", "member"),
    ("classes:edit", "get", "teacher"),
    ("classes:edit", "post", "teacher"),
    ("classes:regenerate_code", "post", "teacher"),
    ("classes:add_teacher", "post", "teacher"),
    ("classes:teacher_leave", "get", "teacher"),
    ("classes:teacher_leave", "post", "teacher"),
    ("classes:leave", "post", "student"),
    ("classes:news", "post", "teacher"),
    ("classes:assignment_new", "get", "teacher"),
    ("classes:assignment_new", "post", "teacher"),
    ("classes:assignment", "get", "member"),
    ("classes:answer", "post", "student"),
    ("classes:item_new", "get", "teacher"),
    ("classes:item_new", "post", "teacher"),
    ("classes:item_edit", "get", "teacher"),
    ("classes:item_edit", "post", "teacher"),
    ("classes:item_delete", "get", "teacher"),
    ("classes:item_delete", "post", "teacher"),
    ("classes:print", "get", "teacher"),
    ("classes:review", "get", "teacher"),
    ("classes:assignment_edit", "get", "teacher"),
    ("classes:assignment_edit", "post", "teacher"),
    ("classes:assignment_delete", "get", "teacher"),
    ("classes:assignment_delete", "post", "teacher"),
    ("classes:dashboard", "get", "teacher"),
    ("classes:dashboard_csv", "get", "teacher"),
    ("classes:student", "get", "teacher"),
    ("classes:student_remove", "get", "teacher"),
    ("classes:student_remove", "post", "teacher"),
]
SECRET_WORDS = ("Riichi 101", "Score this", "234567m23455p678s")


def _url(world, name: str) -> str:
    c = world.classroom.pk
    a = world.exercise.pk
    args = {
        "classes:assignment": [c, a],
        "classes:answer": [c, a],
        "classes:assignment_delete": [c, a],
        "classes:assignment_edit": [c, a],
        "classes:item_new": [c, a],
        "classes:item_edit": [c, a, 1],
        "classes:item_delete": [c, a, 1],
        "classes:print": [c, a],
        "classes:review": [c, a, world.student.pk],
        "classes:student": [c, world.student.pk],
        "classes:student_remove": [c, world.student.pk],
    }.get(name, [c])
    return reverse(name, args=args)


def _call(client, method: str, url: str):
    data = {
        "body": "hello",
        "username": "outsider",
        "item": "1",
        "pay_west": "2600",
        "type": "waits",
        "hand": "23m456p789s11z111m",
        "name": "x",
        "title": "hacked",
    }
    return client.post(url, data) if method == "post" else client.get(url)


def _assert_no_data(response, world) -> None:
    body = response.content.decode()
    for word in (*SECRET_WORDS, world.classroom.join_code):
        assert word not in body, f"{word!r} leaked"


@pytest.mark.parametrize(("name", "method", "_who"), CLASS_URLS)
def test_an_anonymous_visitor_is_sent_to_log_in(client, world, name, method, _who):
    url = _url(world, name)
    response = _call(client, method, url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    _assert_no_data(response, world)


@pytest.mark.parametrize("persona", ["outsider", "stranger_student", "other_teacher"])
@pytest.mark.parametrize(("name", "method", "_who"), CLASS_URLS)
def test_people_outside_the_class_get_a_404_without_data(login, world, persona, name, method, _who):
    client = login(getattr(world, persona))
    response = _call(client, method, _url(world, name))
    assert response.status_code == 404
    _assert_no_data(response, world)
    _assert_nothing_changed(world)


def _assert_nothing_changed(world) -> None:
    """Refused requests leave the class as it was: members, teachers, the worksheet, work."""
    from classes.models import Attempt
    from tests.factories import SCORE_ITEM

    world.exercise.refresh_from_db()
    assert world.exercise.title == "Score this"
    assert world.exercise.worksheet == [SCORE_ITEM]
    assert not Attempt.objects.exists()
    assert world.classroom.is_student(world.student)
    assert list(world.classroom.teachers.all()) == [world.teacher]


@pytest.mark.parametrize(
    ("name", "method"), [(n, m) for n, m, who in CLASS_URLS if who == "teacher"]
)
def test_a_student_of_the_class_is_refused_the_teachers_pages(login, world, name, method):
    response = _call(login(world.student), method, _url(world, name))
    assert response.status_code == 403
    assert world.classroom.join_code not in response.content.decode()
    _assert_nothing_changed(world)


@pytest.mark.parametrize(
    ("name", "method"), [(n, m) for n, m, who in CLASS_URLS if who == "student"]
)
def test_a_teacher_cannot_use_the_students_only_actions(login, world, name, method):
    response = _call(login(world.teacher), method, _url(world, name))
    assert response.status_code == 403


@pytest.mark.parametrize(("name", "method", "who"), CLASS_URLS)
def test_the_right_person_gets_the_page(login, world, name, method, who):
    user = world.student if who == "student" else world.teacher
    response = _call(login(user), method, _url(world, name))
    assert response.status_code in (200, 302, 400), response.status_code


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("classes:index", []),
        ("classes:mine", []),
        ("classes:request_instructor", []),
        ("classes:new", []),
        ("classes:join", []),
        ("classes:join_link", ["some-code"]),
    ],
)
def test_every_page_outside_a_class_needs_a_log_in(client, world, name, args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_only_instructors_may_create_a_class(login, world):
    client = login(world.student)
    assert client.get(reverse("classes:new")).status_code == 403
    assert client.post(reverse("classes:new"), {"name": "Mine"}).status_code == 403


def test_a_teacher_cannot_reach_another_classes_assignment_through_their_own_class(login, world):
    client = login(world.other_teacher)
    url = reverse("classes:assignment", args=[world.other.pk, world.exercise.pk])
    response = client.get(url)
    assert response.status_code == 404
    _assert_no_data(response, world)


def test_a_teacher_cannot_open_the_page_of_someone_outside_the_class(login, world):
    client = login(world.teacher)
    url = reverse("classes:student", args=[world.classroom.pk, world.stranger_student.pk])
    assert client.get(url).status_code == 404


def test_a_student_sees_only_their_own_work(login, world, make_user):
    from classes.models import Membership
    from classes.services import record_attempt

    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    record_attempt(world.exercise, classmate, "1", False, answer="9999")
    client = login(world.student)
    for url in (
        reverse("classes:detail", args=[world.classroom.pk]),
        reverse("classes:assignment", args=[world.classroom.pk, world.exercise.pk]),
        reverse("classes:mine"),
        reverse("classes:index"),
    ):
        body = client.get(url).content.decode()
        assert "classmate" not in body
        assert "9999" not in body


@pytest.mark.parametrize(
    "path",
    [
        "/classes/99999999999999999999999/",
        "/classes/99999999999999999999999/dashboard/",
        "/classes/{c}/a/99999999999999999999999/",
        "/classes/{c}/students/99999999999999999999999/",
        "/classes/join/" + "x" * 5000 + "/",
        "/classes/{c}/a/99999999999999999999999/edit/",
        "/classes/{c}/students/99999999999999999999999/remove/",
        "/classes/{c}/students/abc/remove/",
        "/classes/{c}/a/-1/edit/",
        "/classes/{c}/a/99999999999999999999999/print/",
        "/classes/{c}/a/{a}/students/99999999999999999999999/",
        "/classes/{c}/a/{a}/students/{o}/",
    ],
)
def test_absurd_ids_and_codes_are_a_404_not_a_server_error(login, world, path):
    url = path.format(c=world.classroom.pk, a=world.exercise.pk, o=world.stranger_student.pk)
    response = login(world.teacher).get(url)
    assert response.status_code == 404


def test_an_unknown_assignment_kind_falls_back_to_an_exercise(login, world):
    url = reverse("classes:assignment_new", args=[world.classroom.pk]) + "?kind=<script>"
    response = login(world.teacher).get(url)
    assert response.status_code == 200
    assert "<script>" not in response.content.decode().split("</nav>", 1)[1]
