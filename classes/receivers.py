"""Count work done on the lessons and puzzles pages toward assignments.

Students do an assigned lesson stage or puzzle where it lives (so it counts in their lesson
and puzzle progress as usual); these receivers copy each answer into the assignments of every
class the student belongs to that ask for that stage or puzzle.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from puzzles.models import Puzzle

from .models import AssignmentKind
from .services import record_attempt, record_stage_completed, student_assignments_for


def on_step_answered(
    sender: Any,
    user: User,
    stage_slug: str,
    step_key: str,
    correct: bool,
    seconds: float | None = None,
    **kwargs: Any,
) -> None:
    themes = [f"lesson:{stage_slug}"]
    for a in student_assignments_for(user, kind=AssignmentKind.STAGE, stage_slug=stage_slug):
        record_attempt(a, user, str(step_key), bool(correct), seconds=seconds, themes=themes)


def on_stage_completed(sender: Any, user: User, stage_slug: str, stars: int, **kwargs: Any) -> None:
    for a in student_assignments_for(user, kind=AssignmentKind.STAGE, stage_slug=stage_slug):
        record_stage_completed(a, user, stars)


def on_puzzle_attempted(
    sender: Any,
    user: User,
    puzzle_id: int,
    correct: bool,
    seconds: float | None = None,
    **kwargs: Any,
) -> None:
    # puzzle_ids is a JSON list; SQLite cannot query inside it, so filter here (a student
    # has few puzzle-set assignments).
    puzzle_sets = student_assignments_for(user, kind=AssignmentKind.PUZZLES)
    assignments = [a for a in puzzle_sets if int(puzzle_id) in a.puzzle_ids]
    if not assignments:
        return
    slugs = Puzzle.objects.filter(pk=puzzle_id).values_list("themes__slug", flat=True)
    themes = [t for t in slugs.distinct() if t]
    for a in assignments:
        record_attempt(a, user, str(puzzle_id), bool(correct), seconds=seconds, themes=themes)
