"""A teacher's worksheet: which exercise types a teacher writes a position for, the fields each
needs, the question each asks, and each item drawn with an answer and the right one marked.

Every position is built, solved and checked by the one exercise layer (:mod:`tutor.exercises`);
this module only says what the classes pages show around it.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from lessons.models import Stage, StepAnswer
from lessons.services import first_answers as first_step_answers
from puzzles.models import PuzzleAttempt
from puzzles.play import exercise_of, first_answers
from tutor.exercises import (
    AnswerError,
    ContentError,
    Exercise,
    Verdict,
    Widget,
    exercise,
    with_position,
)
from tutor.exercises.base import join_and

from .models import Assignment, Attempt

MAX_ITEMS = 20
"""Hands in one worksheet: a lesson's worth, and a printable page."""

WINNING = ("hand", "win_tile", "win", "seat", "round", "riichi", "dora")
TYPES: dict[str, tuple[Any, tuple[str, ...]]] = {
    "best_discard": (gettext_lazy("What to discard"), ("hand",)),
    "waits": (gettext_lazy("What are the waits"), ("hand",)),
    "shanten": (gettext_lazy("How far from tenpai (shanten)"), ("hand",)),
    "improve": (gettext_lazy("Which tiles improve the hand"), ("hand",)),
    "furiten": (
        gettext_lazy("Furiten: can this tile win?"),
        ("hand", "discards", "tile", "win", "passed", "riichi"),
    ),
    "dora": (gettext_lazy("Dora"), ("indicators", "ura", "hand")),
    "yaku": (gettext_lazy("Which yaku"), (*WINNING, "choices")),
    "fu": (gettext_lazy("Count the fu"), WINNING),
    "payment": (gettext_lazy("Who pays how much"), (*WINNING, "discarder")),
    "safest_tile": (gettext_lazy("Safest tile against a riichi"), ("river", "hand", "dora")),
    "push_fold": (gettext_lazy("Push or fold against a riichi"), ("river", "hand", "dora")),
}
"""The types a teacher can author, with their label and the fields their form shows."""


def fingerprint(item: dict[str, Any]) -> str:
    """A short digest of a worksheet item's data, sent with an answer form so that an answer
    to a hand the teacher has since changed or moved is not recorded against another.

    >>> fingerprint({"type": "waits", "hand": "23m456p789s11z111m"})
    '5ad80818a67c'
    """
    return hashlib.sha256(json.dumps(item, sort_keys=True).encode()).hexdigest()[:12]


def question(ex: Exercise[Any]) -> str:
    """The question a worksheet item asks (lessons write their own; a worksheet has these)."""
    data = ex.data
    if ex.type == "dora":
        return _("How many dora does this hand hold?") if data.get("hand") else _("Pick the dora.")
    questions = {
        "best_discard": _("Which tile do you discard?"),
        "waits": _("This hand is tenpai. Pick every tile it waits on."),
        "shanten": _("How many tiles is this hand from tenpai?"),
        "improve": _("Pick every tile that would bring this hand closer to winning."),
        "furiten": _("Can you win on this tile?"),
        "yaku": _("Tick every yaku this hand has."),
        "fu": _("How many fu is this hand worth?"),
        "payment": _("How much does each player pay?"),
        "safest_tile": _(
            "The first player declared riichi with their last discard. Which tile of your "
            "hand is safest to discard?"
        ),
        "push_fold": _(
            "An opponent who is not the dealer declared riichi with their last discard. Do "
            "you push (throw the tile your hand wants) or fold (throw the safest tile)?"
        ),
    }
    return questions.get(ex.type, "")


@dataclass
class Drawn:
    """An answer drawn: the widget with it ticked, its verdict (None if it cannot be read)."""

    attempt: Attempt | StepAnswer | PuzzleAttempt | None
    widget: Widget
    verdict: Verdict | None


@dataclass
class Item:
    """A worksheet item for a page: its exercise, question, the right answer marked (``mark``:
    tiles to outline; ``best``: the answer in words for choices and numbers) and answers."""

    key: str
    ex: Exercise[Any] | None
    question: str = ""
    mark: Any = ""
    best: str = ""
    key_widget: Widget | None = None
    explanation: Verdict | None = None
    answers: list[Drawn] = field(default_factory=list)


def items(assignment: Assignment, attempts: list[Attempt] | None = None) -> list[Item]:
    """The worksheet's items, each with the right answer marked and, given ``attempts`` (one
    student's, oldest first), each of that student's answers drawn."""
    out = []
    for key in assignment.items:
        try:  # a position an engine change broke since it was saved shows as such
            ex = assignment.exercise(key)
            item = keyed(key, ex, question(ex))
            item.answers = [drawn(ex, a) for a in attempts or [] if a.item == key]
        except ContentError:
            item = Item(key, None)
        out.append(item)
    return out


def keyed(key: str, ex: Exercise[Any], asked: str) -> Item:
    """An item for ``ex`` with its right answer marked; ``ContentError`` if it has none."""
    item = Item(key, ex, asked)
    solution = ex.solution()
    item.key_widget = best = ex.widget(solution)
    item.explanation = ex.check(solution)
    if best.kind in ("tiles", "palette"):
        item.mark = best.checked if best.value == "index" else "".join(best.checked)
    elif best.kind == "choices":
        item.best = join_and(c.label for c in best.choices if c.value in best.checked)
    elif best.kind == "number":
        item.best = best.number
    else:
        item.best = join_and(f"{label} {value}" for _n, label, value in best.inputs)
    return item


def stage_answers(stage_slug: str, student: User) -> list[Item]:
    """Each exercise step of a lesson stage with ``student``'s first answer drawn on the
    position they answered (a family step is rebuilt from the answer's seed); an unanswered
    step has no answers (and, drawn from a family, no position of theirs to show)."""
    stage = Stage.objects.filter(slug=stage_slug).first()
    if stage is None:
        return []
    first = first_step_answers(student, stage)
    out = []
    for step in stage.steps.exclude(exercise={}).order_by("number"):
        answer = first.get(step.key)
        item = Item(str(step.number), None, step.title_text)
        if answer is not None or "family" not in step.exercise:
            with suppress(ContentError):  # a broken position shows as such
                ex = exercise(with_position(step.exercise, answer.seed if answer else None))
                item = keyed(str(step.number), ex, step.title_text)
                item.answers = [drawn(ex, answer)] if answer is not None else []
        out.append(item)
    return out


def drawn(ex: Exercise[Any], attempt: Attempt | StepAnswer) -> Drawn:
    """An attempt read again by its exercise and drawn as the student answered it."""
    post = QueryDict(mutable=True)
    for name, values in (attempt.given or {}).items():
        post.setlist(name, [str(v) for v in values])
    try:
        answer = ex.read(post)
    except AnswerError:
        return Drawn(attempt, ex.widget(), None)
    return Drawn(attempt, ex.widget(answer), ex.check(answer))


def puzzle_answers(assignment: Assignment, student: User) -> list[Item]:
    """The assigned puzzles in order, each with ``student``'s first (rated) answer drawn on
    the hand by the puzzle's exercise type; an unanswered puzzle has no answers."""
    puzzles = assignment.puzzles()
    first = first_answers(student, [p.pk for p in puzzles])
    out = []
    for p in puzzles:
        try:
            ex = exercise_of(p)
            item = keyed(str(p.pk), ex, p.get_kind_display())
        except ContentError:
            out.append(Item(str(p.pk), None, p.get_kind_display()))
            continue
        if (attempt := first.get(p.pk)) is not None:
            answer = tuple(str(a) for a in attempt.answer or [])
            item.answers = [Drawn(attempt, ex.widget(answer), ex.check(answer))]
        if item.key_widget and item.key_widget.kind != "tiles":
            # A palette or a number is answered beside the hand, which the widget leaves out.
            for widget in (item.key_widget, *(d.widget for d in item.answers)):
                widget.shown = [(_("The hand"), p.hand)]
        out.append(item)
    return out
