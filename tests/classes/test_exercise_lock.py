"""Once a student has answered a custom exercise, its question is locked (issue 10, item 17):
the hand, the kind and the win cannot change under answers given to another question; the
title, instructions and due date still can."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes import services
from classes.models import Assignment, AssignmentKind, Progress

pytestmark = pytest.mark.django_db
HAND = "23467m456p789s11z1s"  # discard 1s
OTHER_HAND = "123m456p789s1177z1p"  # discard 1p


@pytest.fixture
def discard(world):
    return Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Discard",
        exercise_kind="discard",
        hand=HAND,
        analysis=services.exercise_facts("discard", HAND),
    )


def _edit(client, world, exercise, **data):
    url = reverse("classes:assignment_edit", args=[world.classroom.pk, exercise.pk])
    post = {
        "exercise_kind": "discard",
        "hand": HAND,
        "seat_wind": "S",
        "round_wind": "E",
        "title": "Discard",
    }
    return client.post(url, {**post, **data})


def test_before_any_answer_the_hand_can_change(login, world, discard):
    assert _edit(login(world.teacher), world, discard, hand=OTHER_HAND).status_code == 302
    discard.refresh_from_db()
    assert discard.hand == OTHER_HAND and discard.analysis["best"] == "1p"


def test_after_an_answer_the_form_says_the_question_is_locked(login, world, discard):
    services.answer_exercise(discard, world.student, {"discard": "1s"}, seconds=5)
    url = reverse("classes:assignment_edit", args=[world.classroom.pk, discard.pk])
    body = login(world.teacher).get(url).content.decode()
    assert "Students have already answered this exercise" in body
    assert 'name="hand"' in body and "disabled" in body.split('name="hand"')[1].split(">")[0]


def test_after_an_answer_a_new_hand_is_ignored_and_the_student_stays_right(login, world, discard):
    services.answer_exercise(discard, world.student, {"discard": "1s"}, seconds=5)
    response = _edit(
        login(world.teacher),
        world,
        discard,
        hand=OTHER_HAND,
        exercise_kind="waits",
        title="Renamed",
    )
    assert response.status_code == 302
    discard.refresh_from_db()
    assert (discard.hand, discard.exercise_kind, discard.title) == (HAND, "discard", "Renamed")
    assert discard.analysis["best"] == "1s"
    progress = Progress.objects.get(assignment=discard, student=world.student)
    assert progress.completed_at is not None  # "Done" on the question they did see


def test_in_spanish_the_lock_is_explained_too(login, world, discard):
    services.answer_exercise(discard, world.student, {"discard": "1s"}, seconds=5)
    client = login(world.teacher)
    client.cookies.load({"django_language": "es"})
    url = reverse("classes:assignment_edit", args=[world.classroom.pk, discard.pk])
    body = client.get(url).content.decode()
    assert "Tus alumnos ya han respondido este ejercicio" in body
