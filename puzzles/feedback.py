"""What the puzzle page shows after an answer besides the exercise type's own explanation
(:func:`puzzles.play.exercise_of`) and the tables of :mod:`tutor.exercises.tables`: the stored
hand's forms, the 2-step idea, the recorded game's choice and the
table around the hand. Read from the stored analysis and context."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.engine.tiles import tile_str
from tutor.exercises import tables
from tutor.exercises.tables import DiscardRow
from tutor.web.engine_text import named_tile

from .models import Puzzle
from .play import solution


def played_words(puzzle: Puzzle) -> str:
    """What the player of the recorded game did, said after the answer ("" for a generated
    puzzle): the same discard as the answer, or which other one."""
    played = (puzzle.analysis or {}).get("played")
    if not played or not puzzle.source_log:
        return ""
    tile = named_tile(tables.kind_text(str(played)))
    declared = bool((puzzle.analysis or {}).get("riichi_declared"))
    if tables.kind_text(str(played)) in solution(puzzle):
        if declared:
            return _("The Phoenix player also cut %(tile)s, declaring riichi.") % {"tile": tile}
        return _("The Phoenix player also cut %(tile)s.") % {"tile": tile}
    if declared:
        return _("The Phoenix player chose %(tile)s instead, declaring riichi.") % {"tile": tile}
    return _("The Phoenix player chose %(tile)s instead.") % {"tile": tile}


def hand_forms(puzzle: Puzzle) -> list[tuple[str, int]]:
    """Shanten toward each hand form (standard, seven pairs, thirteen orphans), as stored."""
    labels = {
        "standard": gettext_lazy("Four sets and a pair"),
        "seven_pairs": gettext_lazy("Seven pairs"),
        "thirteen_orphans": gettext_lazy("Thirteen orphans"),
    }
    stored = (puzzle.analysis or {}).get("forms") or {}
    return [(str(label), int(stored[key])) for key, label in labels.items() if key in stored]


def two_step_words(rows: Sequence[DiscardRow]) -> str:
    """The 2-step idea in words for the best discard: how many tiles still improve the hand,
    on average, after one of its accepted tiles is drawn (the engine's figure), or ``""``."""
    best = next((r for r in rows if r.best), rows[0] if rows else None)
    # A table judged by value shows rates and points instead of the 2-step column.
    if best is None or best.after_draw is None or best.ev is not None:
        return ""
    return _(
        "Look one draw further: if you discard %(tile)s, then after a useful draw (and the "
        "best discard that follows) you keep about %(n)d tiles that improve the hand again. "
        "The column “After a useful draw” gives the same figure for every discard."
    ) % {"tile": best.discard, "n": round(best.after_draw)}


@dataclass(frozen=True)
class River:
    """One seat's discards: its wind (as a tile) and whether it is the player's."""

    wind: str
    tiles: str
    own: bool
    #: Called sets, as notation; the river position turned sideways for riichi; the score.
    melds: tuple[str, ...] = ()
    riichi: bool = False
    score: int | None = None


@dataclass(frozen=True)
class Situation:
    """The table around a puzzle's hand, as stored by the generator in ``Puzzle.context``."""

    seat_wind: str = ""
    round_wind: str = ""
    dora_indicator: str = ""
    turn: int | None = None
    rivers: list[River] = field(default_factory=list)
    #: A recorded game's table: honba, riichi sticks, tiles left in the wall, every indicator.
    honba: int | None = None
    riichi_sticks: int | None = None
    tiles_left: int | None = None
    dora_indicators: tuple[str, ...] = ()
    own_melds: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.seat_wind or self.round_wind or self.dora_indicator or self.rivers)


def situation(puzzle: Puzzle) -> Situation:
    """Read ``Puzzle.context`` (winds and the dora indicator as notation, the turn, the player's
    ``seat`` 0–3 counted from East and every seat's discards as notation) for a template."""
    context = puzzle.context or {}
    seat = context.get("seat")
    melds = context.get("melds") or [[]] * 4
    scores = context.get("scores") or [None] * 4
    riichi = set(context.get("riichi") or [])
    rivers = [
        River(
            tile_str(27 + i),
            str(tiles),
            i == seat,
            melds=tuple(str(m) for m in melds[i]) if i < len(melds) else (),
            riichi=i in riichi,
            score=int(scores[i]) if i < len(scores) and scores[i] is not None else None,
        )
        for i, tiles in enumerate(context.get("discards") or [])
        if i < 4 and (tiles or (i < len(melds) and melds[i]) or context.get("scores"))
    ]
    turn = context.get("turn")

    def number(key: str) -> int | None:
        value = context.get(key)
        return int(value) if isinstance(value, int) else None

    return Situation(
        seat_wind=str(context.get("seat_wind") or ""),
        round_wind=str(context.get("round_wind") or ""),
        dora_indicator=str(context.get("dora_indicator") or ""),
        turn=int(turn) if isinstance(turn, int | float) else None,
        rivers=rivers,
        honba=number("honba"),
        riichi_sticks=number("riichi_sticks"),
        tiles_left=number("tiles_left"),
        dora_indicators=tuple(str(t) for t in context.get("dora_indicators") or []),
        own_melds=tuple(str(m) for m in context.get("own_melds") or []),
    )
