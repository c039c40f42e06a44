"""A teacher reviews a student's answers to a lesson stage assignment: each exercise step with
the student's first answer drawn on the position they answered (a family step rebuilt from
its seed), their pick raised, the right answer outlined, the reasons listed (issue 11)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from classes.models import Assignment, AssignmentKind
from lessons.models import Step
from tests.lessons.answers import right_form, wrong_form
from tutor.exercises import exercise, with_position
from tutor.exercises.base import DEFAULT_SEED

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
SLUG = "tenpai-and-waits"


@pytest.fixture
def stage_work(world, curriculum):
    assignment = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Waits", stage_slug=SLUG
    )
    two_sided = Step.objects.get(stage__slug=SLUG, key="two-sided")
    closed = Step.objects.get(stage__slug=SLUG, key="closed")
    return assignment, two_sided, closed


def _answer(client, step, form):
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    return client.post(url, {"step": step.key, **form}, **HTMX)


def _review_url(world, assignment, student=None):
    student = student or world.student
    return reverse("classes:review", args=[world.classroom.pk, assignment.pk, student.pk])


def test_the_review_draws_the_first_answer_of_each_step_on_the_students_position(
    login, world, stage_work
):
    assignment, two_sided, closed = stage_work
    student = login(world.student)
    wrong = wrong_form(two_sided.exercise)
    assert _answer(student, two_sided, wrong).status_code == 200
    assert (
        _answer(student, two_sided, right_form(two_sided.exercise, DEFAULT_SEED)).status_code == 200
    )
    body = unescape(login(world.teacher).get(_review_url(world, assignment)).content.decode())
    assert "Step 2 · Two-sided wait" in body
    drawn = body.split(f'data-item="{two_sided.number}"')[1].split("</section>")[0]
    # Only the first answer, the wrong one: the picked tile raised, the right ones outlined.
    assert drawn.count('data-correct="no"') == 1 and 'data-correct="yes"' not in drawn
    ex = exercise(with_position(two_sided.exercise, DEFAULT_SEED))
    for picked in wrong["tile"]:
        assert re.search(rf'value="{picked}"[^>]*checked', drawn)
    for right in ex.widget(ex.solution()).checked:
        assert re.search(rf'value="{right}"[^>]*><img class="tile tile-mark"', drawn)
    assert "<li>" in drawn  # the verdict's reasons
    # A step not answered yet says so; its family position is not made up.
    untouched = body.split(f'data-item="{closed.number}"')[1].split("</section>")[0]
    assert "Not answered yet." in untouched and "drawn-answer" not in untouched


def test_the_assignment_page_links_each_student_to_their_answers(login, world, stage_work):
    assignment, _two, _closed = stage_work
    url = reverse("classes:assignment", args=[world.classroom.pk, assignment.pk])
    body = login(world.teacher).get(url).content.decode()
    assert _review_url(world, assignment) in body


@pytest.mark.parametrize(
    ("persona", "status"),
    [("teacher", 200), ("other_teacher", 404), ("student", 403), ("outsider", 404)],
)
def test_only_the_classes_teachers_see_a_students_answers(
    login, world, stage_work, persona, status
):
    assignment, two_sided, _closed = stage_work
    _answer(login(world.student), two_sided, wrong_form(two_sided.exercise))
    response = login(getattr(world, persona)).get(_review_url(world, assignment))
    assert response.status_code == status


def test_an_anonymous_visitor_is_sent_to_log_in(client, world, stage_work):
    assignment, _two, _closed = stage_work
    response = client.get(_review_url(world, assignment))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_someone_elses_ids_are_not_found(login, world, stage_work):
    assignment, _two, _closed = stage_work
    teacher = login(world.teacher)
    # a student of another class, and another class's assignment
    assert teacher.get(_review_url(world, assignment, world.stranger_student)).status_code == 404
    elsewhere = Assignment.objects.create(
        classroom=world.other, kind=AssignmentKind.STAGE, title="Waits", stage_slug=SLUG
    )
    url = reverse("classes:review", args=[world.classroom.pk, elsewhere.pk, world.student.pk])
    assert teacher.get(url).status_code == 404


def test_another_students_answers_are_not_in_the_review(login, world, stage_work, make_user):
    from classes.models import Membership

    assignment, two_sided, _closed = stage_work
    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    _answer(login(classmate), two_sided, wrong_form(two_sided.exercise))
    body = login(world.teacher).get(_review_url(world, assignment)).content.decode()
    assert "drawn-answer" not in body and "Not answered yet." in body
