"""The worlds tests are set in: the curriculum, and a class with its teacher and students.

``curriculum`` puts the lessons of ``lessons/content/`` into the test database. The files are
read, checked and loaded once per session (``load_lessons``, as ``make run`` does); each test
then gets a copy of the rows in two inserts instead of reloading every file.

The class world is built from small functions (a user, a teacher, a class, a scored exercise)
so that each test file says only what differs in its own world; :func:`site_world` is the full
site the page-walking tests visit (lessons, a puzzle of each kind, today's daily puzzle, a
generation batch, a class with an assignment of each kind).
"""

from __future__ import annotations

import copy
import datetime
import io
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

PASSWORD = "a-long-pass-phrase-9"

# A closed riichi hand won by ron on 5p (2 han, 40 fu: West pays 2,600 to a non-dealer).
SCORE_HAND = "234567m23455p678s"
SCORE_ITEM = {
    "type": "payment",
    "hand": SCORE_HAND,
    "win_tile": "5p",
    "win": "ron",
    "discarder": "west",
    "riichi": True,
}

Rows = tuple[list[dict[str, Any]], list[tuple[str, dict[str, Any]]]]


def _fields(row: Any, *skip: str) -> dict[str, Any]:
    return {
        f.attname: getattr(row, f.attname)
        for f in type(row)._meta.concrete_fields
        if not f.primary_key and f.attname not in skip
    }


@pytest.fixture(scope="session")
def curriculum_rows(django_db_setup: None, django_db_blocker: Any) -> Rows:
    """The curriculum's stage and step rows as ``load_lessons`` writes them (read once).

    The rows are loaded without the content check (every exercise answered, 50 positions of
    every family step: 20 s of CPU, paid again by each test process under pytest-xdist):
    ``tests/lessons/test_content.py`` checks the same files strictly, so a broken stage still
    fails the run, there rather than in the setup of whichever test first needs the rows.
    """
    from django.core.management import call_command
    from django.db import transaction

    from lessons.management.commands import load_lessons
    from lessons.models import Stage, Step

    with (
        django_db_blocker.unblock(),
        transaction.atomic(),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(load_lessons, "check_stage", lambda stage: [])
        call_command("load_lessons", stdout=io.StringIO())
        stages = [_fields(s) for s in Stage.objects.all()]
        steps = [
            (s.stage.slug, _fields(s, "stage_id")) for s in Step.objects.select_related("stage")
        ]
        transaction.set_rollback(True)  # leave the database as the session found it
    return stages, steps


@pytest.fixture
def curriculum(db: None, curriculum_rows: Rows) -> Iterator[None]:
    """Every stage and step of ``lessons/content/`` in the database for this test."""
    from lessons.models import Stage, Step

    stages, steps = copy.deepcopy(curriculum_rows)  # a test may change a step's JSON in place
    Stage.objects.bulk_create([Stage(**row) for row in stages])
    stage_ids = dict(Stage.objects.values_list("slug", "pk"))
    Step.objects.bulk_create([Step(stage_id=stage_ids[slug], **row) for slug, row in steps])
    yield


# --- the class world -----------------------------------------------------------------------


def user(username: str, password: str = PASSWORD, **extra: Any) -> Any:
    """An account (``is_staff=True`` and the like go in ``extra``)."""
    from django.contrib.auth.models import User

    return User.objects.create_user(username=username, password=password, **extra)


def teacher(username: str) -> Any:
    """An account that may create classes."""
    from classes.models import Instructor

    account = user(username)
    Instructor.objects.create(user=account)
    return account


def classroom(name: str, by: Any, *students: Any) -> Any:
    """A class created and taught by ``by``, with ``students`` in it."""
    from classes.models import Classroom, Membership

    room = Classroom.objects.create(name=name, created_by=by)
    room.teachers.add(by)
    for student in students:
        Membership.objects.create(classroom=room, student=student)
    return room


def score_exercise(room: Any, title: str = "Score this") -> Any:
    """A one-hand worksheet, "who pays what" for :data:`SCORE_HAND`, assigned to ``room``."""
    from classes.models import Assignment, AssignmentKind

    return Assignment.objects.create(
        classroom=room,
        kind=AssignmentKind.EXERCISE,
        title=title,
        worksheet=[dict(SCORE_ITEM)],
    )


def puzzles_of_each_kind() -> list[Any]:
    """A discard, an improve, a waits and a shanten puzzle, in that order."""
    from puzzles.models import PuzzleKind
    from tests.puzzles.play_factories import make_puzzle

    return [
        make_puzzle(PuzzleKind.DISCARD),
        make_puzzle(PuzzleKind.IMPROVE, "123456789m12p35s"),
        make_puzzle(PuzzleKind.WAITS, "123456789m1235p"),
        make_puzzle(PuzzleKind.SHANTEN, "123456789m12p35s"),
    ]


def site_world(
    *,
    staff: str = "staffer",
    teacher_name: str = "teacher",
    learner: str = "learner",
    class_name: str = "Riichi 101",
    exercise_title: str = "Score this",
    puzzles_title: str = "Four puzzles",
) -> SimpleNamespace:
    """The whole site with something on every page; needs the ``curriculum`` fixture.

    Puzzles of each kind (the first is today's daily puzzle), a staff member's generation
    batch, and a class of one teacher and one learner with three assignments: a scored
    exercise, the four puzzles (due in three days) and the first stage. Names are parameters
    so a Spanish walk can use Spanish ones.
    """
    from django.utils import timezone

    from classes.models import Assignment, AssignmentKind
    from lessons.models import Stage
    from puzzles.models import DailyPuzzle, GenerationBatch, PuzzleKind

    stages = list(Stage.objects.order_by("number"))
    assert stages, "site_world needs the curriculum fixture"
    puzzles = puzzles_of_each_kind()
    today = timezone.localdate()
    DailyPuzzle.objects.create(date=today, puzzle=puzzles[0])
    staffer = user(staff, is_staff=True, is_superuser=True)
    batch = GenerationBatch.objects.create(
        kind=PuzzleKind.DISCARD, count=3, seed=7, requested_by=staffer
    )
    the_teacher = teacher(teacher_name)
    the_learner = user(learner)
    room = classroom(class_name, the_teacher, the_learner)
    exercise = score_exercise(room, exercise_title)
    homework = Assignment.objects.create(
        classroom=room,
        kind=AssignmentKind.PUZZLES,
        title=puzzles_title,
        puzzle_ids=[p.pk for p in puzzles],
        due=timezone.now() + datetime.timedelta(days=3),
    )
    stage = Assignment.objects.create(
        classroom=room, kind=AssignmentKind.STAGE, title="", stage_slug=stages[0].slug
    )
    return SimpleNamespace(
        today=today,
        staff=staffer,
        teacher=the_teacher,
        learner=the_learner,
        classroom=room,
        exercise=exercise,
        assignments=[exercise, homework, stage],
        puzzles=puzzles,
        batch=batch,
        stages=stages,
    )
