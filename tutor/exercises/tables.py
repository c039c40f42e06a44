"""The engine's stored facts as the pages draw them: discard tables, waits, marked answers.

Puzzles, the analyzer, lessons and classes store what the engine said (a discard table, the
waits of a tenpai hand) and show it after an answer. This module turns those stored facts into
rows the templates draw, so every page reads them one way. It computes no rule: the rows only
say what was stored, marking the right answer and the learner's.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.engine.tiles import parse_tile, tile_str

from .facts import Analysis, DiscardRowJSON, WaitJSON, from_json


@functools.lru_cache(maxsize=256)
def kind_text(text: str) -> str:
    """``"0p"`` → ``"5p"``: answers and tables are about tile kinds, red or not.

    >>> kind_text("0p"), kind_text(" 7z")
    ('5p', '7z')
    """
    return tile_str(parse_tile(text.strip()))


@dataclass(frozen=True)
class AcceptedTile:
    """A tile that helps the hand, with its unseen copies."""

    tile: str
    count: int


@dataclass(frozen=True)
class DiscardRow:
    """One line of the discard table shown after the answer.

    >>> DiscardRow("1z", 1, [AcceptedTile("3m", 4)], 4, None, best=True, chosen=False).kinds
    1
    """

    discard: str
    shanten: int
    accepted: list[AcceptedTile]
    count: int
    two_step: float | None
    best: bool
    chosen: bool
    #: The engine's mean accepted-tile count after a useful draw and the best discard after it.
    after_draw: float | None = None
    #: Judged by value: the chances of tenpai and of winning (0–1), the expected points, and
    #: the engine's reasons in the reader's language.
    tenpai_rate: float | None = None
    win_rate: float | None = None
    ev: float | None = None
    reasons: tuple[str, ...] = ()
    #: Tenpai on a wait that cannot win by ron: furiten, or every copy in view.
    furiten: bool = False
    #: The discard the player of the recorded game made.
    played: bool = False

    @property
    def tenpai_percent(self) -> int | None:
        return None if self.tenpai_rate is None else round(100 * self.tenpai_rate)

    @property
    def win_percent(self) -> int | None:
        return None if self.win_rate is None else round(100 * self.win_rate)

    @property
    def kinds(self) -> int:
        return len(self.accepted)

    #: Set from the engine's reasons when the row was judged by value.
    dead: bool | None = None

    @property
    def dead_wait(self) -> bool:
        """Tenpai after this discard, but every copy of every wait is already in sight."""
        if self.dead is not None:
            return self.dead
        return self.shanten == 0 and self.count == 0


@dataclass(frozen=True)
class MarkedTile:
    """A tile of a many-tile answer: ``found`` (chosen and right), ``missed`` (right but not
    chosen) or ``extra`` (chosen but wrong)."""

    tile: str
    status: str


@dataclass(frozen=True)
class Credit:
    """How much of a many-tile answer was right: found tiles over the tiles of the answer plus
    the extra ones chosen (all right is 100 %, nothing right is 0 %)."""

    found: int
    missed: int
    extra: int

    @property
    def total(self) -> int:
        return self.found + self.missed

    @property
    def percent(self) -> int:
        """The credit in whole percent.

        >>> Credit(found=3, missed=1, extra=1).percent
        60
        """
        judged = self.found + self.missed + self.extra
        return round(100 * self.found / judged) if judged else 0


def marked_answer(answer: Sequence[str], right: Sequence[str]) -> list[MarkedTile]:
    """Every tile of the learner's answer and of the right one, in tile order, marked.

    >>> [(m.tile, m.status) for m in marked_answer(["1m", "4m", "9p"], ["1m", "4m", "7m"])]
    [('1m', 'found'), ('4m', 'found'), ('7m', 'missed'), ('9p', 'extra')]
    """
    chosen, solution = set(answer), set(right)
    return [
        MarkedTile(
            t, "found" if t in chosen and t in solution else "extra" if t in chosen else "missed"
        )
        for t in sorted(chosen | solution, key=parse_tile)
    ]


def credit(marks: Sequence[MarkedTile]) -> Credit:
    """The partial credit of a marked answer.

    >>> credit(marked_answer(["1m", "4m", "9p"], ["1m", "4m", "7m"]))
    Credit(found=2, missed=1, extra=1)
    """
    tally = Counter(m.status for m in marks)
    return Credit(found=tally["found"], missed=tally["missed"], extra=tally["extra"])


@dataclass(frozen=True)
class WaitRow:
    """One wait of a tenpai hand: the tile, its unseen copies and the shapes that wait on it
    (in the reader's language)."""

    tile: str
    count: int
    shapes: list[str]


def _read(analysis: Mapping[str, Any] | None) -> Analysis:
    """Stored facts through the codec; nothing stored reads as no facts."""
    return from_json(analysis) if analysis else {}


def wait_rows(analysis: Mapping[str, Any] | None) -> list[WaitRow]:
    """Each stored wait with its own shapes, in tile order.

    >>> from tutor.exercises.facts import FACTS_VERSION
    >>> [(w.tile, w.count) for w in wait_rows({"version": FACTS_VERSION, "waits": [
    ...     {"tile": "4m", "count": 2, "shapes": []}, {"tile": "1m", "count": 3, "shapes": []}]})]
    [('1m', 3), ('4m', 2)]
    """
    return wait_table(_read(analysis).get("waits") or [])


def wait_table(waits: Sequence[WaitJSON]) -> list[WaitRow]:
    """Waits as the codec writes them (:func:`tutor.exercises.facts.waits_json`), as rows with
    each shape named in the reader's language, in tile order.

    >>> wait_table([{"tile": "3z", "count": 1, "shapes": ["single"]}])
    [WaitRow(tile='3z', count=1, shapes=['pair wait (tanki)'])]
    """
    from tutor.web.engine_text import wait_shape_name

    rows = [
        WaitRow(
            kind_text(w["tile"]),
            int(w["count"]),
            [wait_shape_name(str(shape)) for shape in w.get("shapes") or []],
        )
        for w in waits
    ]
    return sorted(rows, key=lambda w: parse_tile(w.tile))


def accepted_rows(value: Mapping[str, int] | None) -> list[AcceptedTile]:
    """Accepted tiles as stored (``{"3m": 4, ...}``), by kind in tile order.

    >>> accepted_rows({"4p": 2, "0p": 3})
    [AcceptedTile(tile='4p', count=2), AcceptedTile(tile='5p', count=3)]
    """
    rows = [AcceptedTile(kind_text(tile), int(n)) for tile, n in (value or {}).items()]
    return sorted(rows, key=lambda a: parse_tile(a.tile))


def waits_accepted(analysis: Mapping[str, Any] | None) -> list[AcceptedTile]:
    """The stored waits of a tenpai hand as tiles with their live copies."""
    return accepted_rows({w["tile"]: w["count"] for w in _read(analysis).get("waits") or []})


def improving_tiles(analysis: Mapping[str, Any] | None) -> list[AcceptedTile]:
    """For a 13-tile hand: the stored tiles that lower its shanten, with their copies."""
    return accepted_rows(_read(analysis).get("accepted"))


def discard_rows(
    analysis: Mapping[str, Any] | None, best: Iterable[str] = (), answer: Sequence[str] = ()
) -> list[DiscardRow]:
    """The stored discard table in its stored order (best first), marking the ``best``
    discards, the learner's ``answer`` and the discard of the recorded game's player.

    >>> from tutor.exercises.facts import FACTS_VERSION
    >>> rows = discard_rows({"version": FACTS_VERSION, "discards": [
    ...     {"discard": "1z", "shanten": 1, "accepted": {"3m": 4}, "count": 4,
    ...      "two_step": 20}]}, best=["1z"], answer=["9m"])
    >>> [(r.discard, r.count, r.best, r.chosen) for r in rows]
    [('1z', 4, True, False)]
    """
    facts = _read(analysis)
    played = facts.get("played")
    return discard_table(facts.get("discards", []), best, answer, played=played)


def discard_table(
    table: Sequence[DiscardRowJSON],
    best: Iterable[str] = (),
    answer: Sequence[str] = (),
    played: str | None = None,
) -> list[DiscardRow]:
    """Discard rows as the codec writes them (:func:`tutor.exercises.facts.discard_row`, for a
    hand that is not stored: the analyzer, a teacher's hand) as the rows the one table
    template draws, in the order given.

    >>> from tutor.engine.analysis import DiscardOption
    >>> from tutor.exercises.facts import discard_row
    >>> rows = discard_table([discard_row(DiscardOption(27, 1, {0: 4}, 4, 12))], best=["1z"])
    >>> rows[0].discard, rows[0].accepted, rows[0].after_draw, rows[0].best
    ('1z', [AcceptedTile(tile='1m', count=4)], 3.0, True)
    """
    from tutor.web.engine_text import discard_reason_text

    best, chosen = set(best), set(answer)
    played_kind = kind_text(str(played)) if played else None
    rows = []
    for entry in table:
        tile = kind_text(entry["discard"])
        two_step = entry.get("two_step")
        after_draw = entry.get("two_step_average")
        value: dict[str, Any] = {}
        if "ev" in entry:
            codes = {r["code"] for r in entry.get("reasons") or []}
            value = {
                "tenpai_rate": float(entry.get("tenpai_rate", 0.0)),
                "win_rate": float(entry.get("win_rate", 0.0)),
                "ev": float(entry["ev"]),
                "reasons": tuple(
                    discard_reason_text(r)
                    for r in entry.get("reasons") or []
                    # The tenpai line repeats the accepted tiles shown beside it.
                    if r["code"] != "tenpai"
                ),
                "furiten": "furiten" in codes,
                "dead": "dead_wait" in codes,
            }
        rows.append(
            DiscardRow(
                discard=tile,
                shanten=int(entry["shanten"]),
                accepted=accepted_rows(entry.get("accepted")),
                count=int(entry["count"]),
                two_step=float(two_step) if two_step is not None else None,
                best=tile in best,
                chosen=tile in chosen,
                after_draw=float(after_draw)
                if after_draw is not None and int(entry["shanten"]) > 0
                else None,
                played=tile == played_kind,
                **value,
            )
        )
    return rows
