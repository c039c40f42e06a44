"""The kinds of puzzle as plain values: the one vocabulary of kinds, with no Django in it.

Puzzle generation (:mod:`puzzles.generation`, pure functions over the engine) and the exercise
types of puzzles (:class:`tutor.exercises.puzzles.PuzzleKind`, the Django choices with their
labels, built from these values) both name kinds by this enum. A member is a ``str``, so it
compares equal to the stored value and stores as it:

>>> Kind.WAITS == "waits", Kind("shanten") is Kind.SHANTEN
(True, True)
>>> [str(k) for k in GENERATED]
['discard', 'efficiency', 'improve', 'waits', 'shanten']
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """A kind of puzzle."""

    DISCARD = "discard"
    EFFICIENCY = "efficiency"
    IMPROVE = "improve"
    WAITS = "waits"
    SHANTEN = "shanten"
    DEFENSE = "defense"
    PUSH_FOLD = "push_fold"


GENERATED: tuple[Kind, ...] = (
    Kind.DISCARD,
    Kind.EFFICIENCY,
    Kind.IMPROVE,
    Kind.WAITS,
    Kind.SHANTEN,
)
"""The kinds dealt at random by :mod:`puzzles.generation` (a defense or push-or-fold puzzle
comes only from a recorded game)."""
