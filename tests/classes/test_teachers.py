"""A class's teachers: a teacher adds another instructor; a co-teacher may leave, the last
teacher may not."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes.models import Classroom, Instructor, LastTeacherError

pytestmark = pytest.mark.django_db


def _add(client, world, username):
    return client.post(
        reverse("classes:add_teacher", args=[world.classroom.pk]), {"username": username}
    )


def test_a_teacher_adds_an_instructor_by_username(login, world):
    response = _add(login(world.teacher), world, "Other_Teacher")  # any case
    assert response.status_code == 302
    assert world.classroom.is_teacher(world.other_teacher)
    page = login(world.other_teacher).get(reverse("classes:detail", args=[world.classroom.pk]))
    assert world.classroom.join_code in page.content.decode()


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("", "This field is required"),
        ("   ", "This field is required"),
        ("x" * 151, "at most 150 characters"),
        ("outsider", "Only instructors can teach a class"),
        ("nobody-at-all", "No instructor is called"),
        ("student", "is a student of this class"),
        ("teacher", "already teaches this class"),
    ],
)
def test_a_bad_username_is_a_400_with_the_reason_and_the_class_page(
    login, world, username, message
):
    if username == "student":  # an instructor who is also a student of the class
        Instructor.objects.create(user=world.student)
    response = _add(login(world.teacher), world, username)
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body
    assert "Riichi 101" in body and 'id="add-teacher"' in body  # the page, with the form
    assert list(world.classroom.teachers.all()) == [world.teacher]


def test_a_teacher_of_another_class_cannot_add_themselves(login, world):
    response = _add(login(world.other_teacher), world, "other_teacher")
    assert response.status_code == 404
    assert not world.classroom.is_teacher(world.other_teacher)


def test_a_co_teacher_leaves_after_confirming(login, world):
    world.classroom.teachers.add(world.other_teacher)
    client = login(world.other_teacher)
    detail = client.get(reverse("classes:detail", args=[world.classroom.pk])).content.decode()
    url = reverse("classes:teacher_leave", args=[world.classroom.pk])
    assert url in detail
    page = client.get(url)
    assert page.status_code == 200 and "Stop teaching Riichi 101?" in page.content.decode()
    assert world.classroom.is_teacher(world.other_teacher)
    response = client.post(url)
    assert response["Location"] == reverse("classes:index")
    assert not world.classroom.is_teacher(world.other_teacher)
    assert world.classroom.is_teacher(world.teacher)
    assert client.get(reverse("classes:detail", args=[world.classroom.pk])).status_code == 404


def test_the_last_teacher_cannot_leave(login, world):
    client = login(world.teacher)
    detail = client.get(reverse("classes:detail", args=[world.classroom.pk])).content.decode()
    url = reverse("classes:teacher_leave", args=[world.classroom.pk])
    assert url not in detail  # no link to offer
    assert "only teacher" in client.get(url).content.decode()
    response = client.post(url)
    assert response.status_code == 400
    assert "only teacher" in response.content.decode()
    assert world.classroom.is_teacher(world.teacher)


def test_the_model_keeps_at_least_one_teacher(world):
    classroom = Classroom.objects.get(pk=world.classroom.pk)
    with pytest.raises(LastTeacherError):
        classroom.remove_teacher(world.teacher)
    classroom.remove_teacher(world.outsider)  # not a teacher: nothing to do
    classroom.teachers.add(world.other_teacher)
    classroom.remove_teacher(world.teacher)
    assert list(classroom.teachers.all()) == [world.other_teacher]


@pytest.mark.django_db(transaction=True)
def test_two_co_teachers_leaving_at_once_leave_one_teacher(world):
    import threading

    world.classroom.teachers.add(world.other_teacher)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def leave(user) -> None:
        from django.db import connection as thread_connection

        try:
            start.wait()
            Classroom.objects.get(pk=world.classroom.pk).remove_teacher(user)
            outcomes.append("left")
        except LastTeacherError:
            outcomes.append("refused")
        finally:
            thread_connection.close()

    threads = [
        threading.Thread(target=leave, args=(u,)) for u in (world.teacher, world.other_teacher)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["left", "refused"]
    assert world.classroom.teachers.count() == 1
