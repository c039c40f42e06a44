"""Work done on the lessons and puzzles pages counts toward the assignments that ask for it."""

from __future__ import annotations

import pytest

from classes.models import Assignment, AssignmentKind, Attempt, Progress
from classes.services import Status, my_work, theme_accuracy
from lessons.signals import stage_completed, step_answered
from puzzles.models import Puzzle, Theme
from puzzles.signals import puzzle_attempted

pytestmark = pytest.mark.django_db


@pytest.fixture
def wall(world):
    return Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Wall", stage_slug="the-wall"
    )


@pytest.fixture
def puzzles(world):
    theme = Theme.objects.create(slug="tenpai", name="Tenpai")
    made = []
    for i in range(3):
        p = Puzzle.objects.create(kind="discard", hand="123m456p789s11345z", canonical_key=f"k{i}")
        p.themes.add(theme)
        made.append(p)
    return made


def test_answering_a_step_of_an_assigned_stage_counts(world, wall):
    step_answered.send(
        sender=None,
        user=world.student,
        stage_slug="the-wall",
        step_key="break",
        correct=False,
        seconds=12.5,
    )
    progress = Progress.objects.get(assignment=wall, student=world.student)
    assert (progress.attempts, progress.correct, progress.seconds) == (1, 0, 12.5)
    assert Attempt.objects.get(assignment=wall).themes == ["lesson:the-wall"]
    work = {w.assignment: w for w in my_work(world.student)}
    assert work[wall].status == Status.IN_PROGRESS


def test_completing_an_assigned_stage_marks_it_done_with_its_stars(world, wall):
    stage_completed.send(sender=None, user=world.student, stage_slug="the-wall", stars=2)
    progress = Progress.objects.get(assignment=wall, student=world.student)
    assert progress.completed_at is not None
    assert (progress.stars, progress.score) == (2, 67)


def test_other_stages_and_other_classes_are_not_counted(world, wall):
    step_answered.send(
        sender=None, user=world.student, stage_slug="tiles", step_key="a", correct=True
    )
    step_answered.send(
        sender=None,
        user=world.stranger_student,
        stage_slug="the-wall",
        step_key="a",
        correct=True,
    )
    assert not Attempt.objects.exists()


def test_a_student_who_left_the_class_is_no_longer_counted(world, wall):
    world.classroom.memberships.filter(student=world.student).delete()
    stage_completed.send(sender=None, user=world.student, stage_slug="the-wall", stars=3)
    assert not Progress.objects.exists()


def test_assigned_puzzles_count_with_their_themes(world, puzzles):
    a = Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.PUZZLES,
        title="Set",
        puzzle_ids=[p.pk for p in puzzles[:2]],
    )
    for p, correct in ((puzzles[0], True), (puzzles[1], False), (puzzles[2], True)):
        puzzle_attempted.send(
            sender=None, user=world.student, puzzle_id=p.pk, correct=correct, first=True, seconds=3
        )
    progress = Progress.objects.get(assignment=a, student=world.student)
    assert (progress.attempts, progress.correct, progress.score) == (2, 1, 50)
    assert progress.completed_at is None
    puzzle_attempted.send(
        sender=None, user=world.student, puzzle_id=puzzles[1].pk, correct=True, first=False
    )
    progress.refresh_from_db()
    assert progress.completed_at is not None
    (tenpai,) = theme_accuracy(world.classroom)
    assert (tenpai.key, tenpai.attempts, tenpai.correct) == ("tenpai", 3, 2)


def test_anonymous_players_are_ignored(world, puzzles):
    from django.contrib.auth.models import AnonymousUser

    puzzle_attempted.send(
        sender=None, user=AnonymousUser(), puzzle_id=puzzles[0].pk, correct=True, first=True
    )
    assert not Attempt.objects.exists()


def test_solving_an_assigned_puzzle_on_the_puzzles_page_counts_in_both_places(
    world, client, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    from puzzles.models import PuzzleAttempt
    from tests.puzzles.play_factories import DISCARD_BEST, make_puzzle

    puzzle = make_puzzle(themes=("iishanten",))
    a = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, title="One", puzzle_ids=[puzzle.pk]
    )
    client.force_login(world.student)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("puzzles:answer", args=[puzzle.pk]), {"answer": DISCARD_BEST}
        )
    assert response.status_code == 200
    assert PuzzleAttempt.objects.filter(user=world.student, puzzle=puzzle).exists()
    progress = Progress.objects.get(assignment=a, student=world.student)
    assert (progress.attempts, progress.correct, progress.score) == (1, 1, 100)
    assert progress.completed_at is not None
    assert Attempt.objects.get(assignment=a).themes == ["iishanten"]


def test_a_lesson_step_answered_on_the_lessons_page_counts(
    world, client, curriculum, django_capture_on_commit_callbacks
):
    from django.urls import reverse

    wall = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Wall", stage_slug="the-wall"
    )
    from lessons.models import Step

    first = Step.objects.filter(stage__slug="the-wall").order_by("number").first()
    client.force_login(world.student)
    client.get(reverse("lessons:step", args=["the-wall", first.number]))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("lessons:answer", args=["the-wall", first.number]), {"step": first.key})
    progress = Progress.objects.get(assignment=wall, student=world.student)
    assert progress.attempts == 1


def test_a_stage_finished_before_it_was_assigned_counts_as_done(world):
    from lessons.models import Stage, Step, StepProgress

    stage = Stage.objects.create(slug="the-wall", number=4, title={"en": "The wall"})
    for n in (1, 2):
        step = Step.objects.create(stage=stage, key=f"s{n}", number=n, title={"en": "x"})
        StepProgress.objects.create(user=world.student, step=step, done=True, mistakes=n - 1)
    wall = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, stage_slug="the-wall"
    )
    work = {w.assignment: w for w in my_work(world.student)}
    assert work[wall].status == Status.DONE
    assert work[wall].progress.stars == 2  # one mistake on the way
    # A stage that disappeared from the curriculum is simply not done.
    gone = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, stage_slug="removed"
    )
    work = {w.assignment: w for w in my_work(world.student)}
    assert work[gone].status == Status.NOT_STARTED
    assert gone.display_title == "removed"
