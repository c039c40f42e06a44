"""Deleting an assignment asks first and says whose work goes with it; a refused news post
keeps the text the teacher typed."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes.models import Assignment, Attempt, Membership, NewsPost
from classes.services import record_attempt

pytestmark = pytest.mark.django_db


def _delete_url(world) -> str:
    return reverse("classes:assignment_delete", args=[world.classroom.pk, world.exercise.pk])


def test_the_assignment_page_links_to_a_confirmation_not_a_delete_button(login, world):
    url = reverse("classes:assignment", args=[world.classroom.pk, world.exercise.pk])
    body = login(world.teacher).get(url).content.decode()
    assert f'href="{_delete_url(world)}"' in body
    assert f'action="{_delete_url(world)}"' not in body


def test_asking_to_delete_an_assignment_says_how_many_students_work_goes_with_it(
    login, world, make_user
):
    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    record_attempt(world.exercise, world.student, "1", False, answer="1000")
    record_attempt(world.exercise, world.student, "1", True, answer="2600")
    record_attempt(world.exercise, classmate, "1", True, answer="2600")
    response = login(world.teacher).get(_delete_url(world))
    assert response.status_code == 200
    body = response.content.decode()
    assert "Score this" in body
    assert "The work of 2 students on it (3 answers) will be deleted too" in body
    assert f'action="{_delete_url(world)}"' in body
    # Only asking deletes nothing.
    assert Assignment.objects.filter(pk=world.exercise.pk).exists()
    assert Attempt.objects.count() == 3


def test_an_assignment_nobody_worked_on_says_so(login, world):
    body = login(world.teacher).get(_delete_url(world)).content.decode()
    assert "No student has worked on it yet." in body


def test_confirming_deletes_the_assignment_and_its_work(login, world):
    record_attempt(world.exercise, world.student, "1", True, answer="2600")
    response = login(world.teacher).post(_delete_url(world))
    assert response.status_code == 302
    assert response["Location"] == reverse("classes:detail", args=[world.classroom.pk])
    assert not Assignment.objects.filter(pk=world.exercise.pk).exists()
    assert Attempt.objects.count() == 0


def test_the_confirmation_reads_in_spanish(login, world):
    client = login(world.teacher)
    body = client.get(_delete_url(world), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Ningún alumno" in body


def test_a_refused_news_post_shows_the_class_page_again_with_the_text_kept(login, world):
    typed = "Tournament on Sunday " + "x" * 5000
    response = login(world.teacher).post(
        reverse("classes:news", args=[world.classroom.pk]), {"body": typed}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert typed in body
    assert "is-invalid" in body
    assert "Riichi 101" in body
    assert NewsPost.objects.count() == 0


def test_an_empty_news_post_is_refused_with_a_message(login, world):
    response = login(world.teacher).post(
        reverse("classes:news", args=[world.classroom.pk]), {"body": ""}
    )
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()
    assert NewsPost.objects.count() == 0
