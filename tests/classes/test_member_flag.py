"""A lesson or puzzle answer of someone in no class costs the classes app no query; joining,
leaving or a deleted class is noticed at the next answer."""

from __future__ import annotations

import pytest

from classes.models import Assignment, AssignmentKind, Progress
from classes.services import is_student_anywhere, join_class, leave_class
from lessons.signals import step_answered
from puzzles.signals import puzzle_attempted

pytestmark = pytest.mark.django_db


@pytest.fixture
def wall(world):
    return Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Wall", stage_slug="the-wall"
    )


def _answer(user) -> None:
    step_answered.send(
        sender=None, user=user, stage_slug="the-wall", step_key="break", correct=True
    )


def test_an_answer_of_someone_in_no_class_costs_no_query_once_known(
    world, django_assert_num_queries
):
    with django_assert_num_queries(1):  # the first answer asks the database once
        puzzle_attempted.send(sender=None, user=world.outsider, puzzle_id=1, correct=True)
    with django_assert_num_queries(0):
        puzzle_attempted.send(sender=None, user=world.outsider, puzzle_id=1, correct=True)
        _answer(world.outsider)


def test_joining_a_class_is_noticed_at_the_next_answer(world, wall):
    assert not is_student_anywhere(world.outsider)
    join_class(world.outsider, world.classroom)
    _answer(world.outsider)
    assert Progress.objects.filter(assignment=wall, student=world.outsider).exists()


def test_leaving_the_last_class_is_noticed_at_the_next_answer(world, wall):
    assert is_student_anywhere(world.student)
    leave_class(world.student, world.classroom)
    assert not is_student_anywhere(world.student)
    _answer(world.student)
    assert not Progress.objects.exists()


def test_a_deleted_class_is_noticed_too(world):
    assert is_student_anywhere(world.student)
    world.classroom.delete()
    assert not is_student_anywhere(world.student)


def test_the_flag_is_forgotten_again_after_the_commit(world, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        join_class(world.outsider, world.classroom)
        # Another request reads the flag before the commit and would cache a stale "no class".
        from django.core.cache import cache

        from classes.services import _member_flag_key

        cache.set(_member_flag_key(world.outsider.pk), False)
    assert callbacks
    for callback in callbacks:
        callback()
    assert is_student_anywhere(world.outsider)
