"""Classical Chinese rules (seeds 000 and 001): simple, bonus or exponential points and payments.

Seed 001 gives three ways to score a win:

* **simple**: the winner gets one point;
* **bonus**: one more point for not winning on a discard, for winning on the last tile of the
  wall, and for a pung of dragons;
* **exponential**: each pung is 2 points, doubled if it was never shown, doubled if it is of
  ones or nines, and doubled twice more if it is a kong.

Seed 000 says who pays: the three losers pay the winner, the discarder pays double, on a
self-drawn win everyone pays double, and when East wins the winner's points are doubled first
(so a discarder pays East four times, "doble por la penalización y doble por ganar el viento
reinante").

Where the seeds are silent the common rule is used and kept as a field of
:class:`ClassicalRules`: honors double like ones and nines (``honor_factor``), a pung completed
by the winning discard counts as shown, and a hand is four sets and a pair (seed 001 knows no
other winning hand). Flowers and the riichi-only flags of the situation (riichi, dora...) score
nothing here: seed 001's basic game plays without flowers and knows no riichi.

What the seeds leave open and this module does not guess: whether losers also settle among
themselves, whether East pays double as a loser (seed 000's cases 1 and 2 have East paying
single; its remark that a win on East's discard scores more is not given a number), and the
faan-to-points table of seed 000 (only a link; one example, 6 faan = 16 points).

>>> from tutor.engine.scoring.situation import Situation, physical_tiles
>>> tiles = physical_tiles("111m234p567s999s55z")
>>> r = score_classical(Situation(closed=tiles, win_tile=tiles[4], tsumo=True))
>>> r.points, [str(x) for x in r.lines]
(16, ['Concealed pung of 1m: 8 (2, x2 concealed, x2 ones or nines)', 'Concealed pung of 9s: 8 (2, x2 concealed, x2 ones or nines)'])
>>> r.payments.as_dict()
{'other': 32, 'honba': 0, 'sticks': 0, 'total': 96}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..tiles import tile_name
from . import _library as lib
from .payments import LoserPayments, Payments
from .situation import NotAWinningHandError, ScoringError, Situation

ClassicalScoring = Literal["simple", "bonus", "exponential"]

_DRAGONS = (31, 32, 33)


def _classical_payment() -> LoserPayments:
    return LoserPayments(self_drawn_factor=2, discarder_factor=2, dealer_win_factor=2)


@dataclass(frozen=True, slots=True)
class ClassicalRules:
    """Classical Chinese scoring as data (seed 001's points, seed 000's payments).

    :ivar scoring: ``simple``, ``bonus`` or ``exponential`` (seed 001).
    :ivar win_points: what the win itself is worth under simple and bonus scoring (seed 001: 1).
    :ivar self_drawn_bonus / last_tile_bonus / dragon_pung_bonus: the extra points of bonus
        scoring (seed 001: 1 each; the dragon bonus counts once per dragon pung, our reading of
        "teniendo un pung de dragones").
    :ivar pung_points: an exposed pung of simples under exponential scoring (seed 001: 2).
    :ivar concealed_factor / terminal_factor / kong_factor: the doublings of seed 001 (x2 never
        shown, x2 ones or nines, x4 a kong).
    :ivar honor_factor: the doubling of a pung of winds or dragons. Seed 001 names only ones and
        nines; doubling honors too is the common rule.
    :ivar payment: who pays what (seed 000): discarder double, self-drawn all double, East's
        points doubled when East wins.
    """

    name: str = "Classical"
    scoring: ClassicalScoring = "exponential"
    win_points: int = 1
    self_drawn_bonus: int = 1
    last_tile_bonus: int = 1
    dragon_pung_bonus: int = 1
    pung_points: int = 2
    concealed_factor: int = 2
    terminal_factor: int = 2
    honor_factor: int = 2
    kong_factor: int = 4
    payment: LoserPayments = field(default_factory=_classical_payment)


CLASSICAL = ClassicalRules()
"""Seed 001's exponential scoring with seed 000's payments."""


class UnknownScoringError(ScoringError):
    """The rules ask for a way of scoring that seed 001 does not describe."""


@dataclass(frozen=True, slots=True)
class PointLine:
    """One source of points and how it is reached; ``str`` reads ``"Pung of 5p: 2"``."""

    name: str
    points: int
    why: str = ""

    def __str__(self) -> str:
        return f"{self.name}: {self.points}" + (f" ({self.why})" if self.why else "")


@dataclass(frozen=True, slots=True)
class ClassicalResult:
    """The points of a classical win, line by line, and who pays them."""

    points: int
    lines: tuple[PointLine, ...]
    scoring: ClassicalScoring
    split: tuple[str, ...]
    rules: str
    payments: Payments


def _code(block: list[int]) -> str:
    return "".join(str(k % 9 + 1) for k in block) + "mpsz"[block[0] // 9]


def _pung_line(kind: int, size: int, concealed: bool, rules: ClassicalRules) -> PointLine:
    value = rules.pung_points
    why = [str(rules.pung_points)]
    if concealed:
        value *= rules.concealed_factor
        why.append(f"x{rules.concealed_factor} concealed")
    if kind >= 27:
        value *= rules.honor_factor
        if rules.honor_factor != 1:
            why.append(f"x{rules.honor_factor} honor")
    elif kind % 9 in (0, 8):
        value *= rules.terminal_factor
        why.append(f"x{rules.terminal_factor} ones or nines")
    if size == 4:
        value *= rules.kong_factor
        why.append(f"x{rules.kong_factor} kong")
    shown = "Concealed" if concealed else "Exposed"
    return PointLine(f"{shown} {'kong' if size == 4 else 'pung'} of {tile_name(kind)}", value,
                     ", ".join(why))  # fmt: skip


def _lines(
    blocks: list[list[int]], concealed: list[bool], s: Situation, rules: ClassicalRules
) -> list[PointLine]:
    pungs = [(b, c) for b, c in zip(blocks, concealed, strict=True) if len(b) >= 3 and b[0] == b[1]]
    if rules.scoring == "exponential":
        return [_pung_line(b[0], len(b), c, rules) for b, c in pungs]
    lines = [PointLine("Mahjong", rules.win_points)]
    if rules.scoring == "simple":
        return lines
    if s.tsumo and rules.self_drawn_bonus:
        lines.append(PointLine("Not won on a discard", rules.self_drawn_bonus))
    if (s.haitei or s.houtei) and rules.last_tile_bonus:
        lines.append(PointLine("Won on the last tile", rules.last_tile_bonus))
    for b, _ in pungs:
        if b[0] in _DRAGONS and rules.dragon_pung_bonus:
            lines.append(PointLine(f"Pung of {tile_name(b[0])}", rules.dragon_pung_bonus))
    return lines


def _readings(blocks: list[list[int]], s: Situation) -> list[list[bool]]:
    """Which blocks were never shown, for each block the winning discard may have completed."""
    unused = list(s.melds)
    concealed: list[bool] = []
    from_hand: list[int] = []
    for i, b in enumerate(blocks):
        match = next((m for m in unused if list(m.kinds) == b), None)
        if match is not None:
            unused.remove(match)
            concealed.append(not match.is_open)
        else:
            concealed.append(True)
            from_hand.append(i)
    if s.tsumo:
        return [concealed]
    # On a discard the winning tile is claimed, so the set it completes is shown.
    readings = []
    for i in from_hand:
        if s.win_tile // 4 in blocks[i]:
            reading = list(concealed)
            reading[i] = False
            readings.append(reading)
    return readings or [concealed]


def score_classical(situation: Situation, rules: ClassicalRules = CLASSICAL) -> ClassicalResult:
    """Points and payments of a classical win; the best reading of the hand is kept.

    Raises :class:`~tutor.engine.scoring.situation.NotAWinningHandError` unless the tiles are
    four sets and a pair.

    >>> from tutor.engine.scoring.situation import Situation, physical_tiles
    >>> tiles = physical_tiles("1199m2288p3377s55z")
    >>> score_classical(Situation(closed=tiles, win_tile=tiles[-1]))
    Traceback (most recent call last):
    ...
    tutor.engine.scoring.situation.NotAWinningHandError: these tiles are not a winning hand under classical rules: they need four sets (pungs, kongs or chows) and a pair
    """
    if rules.scoring not in ("simple", "bonus", "exponential"):
        raise UnknownScoringError(
            f"no {rules.scoring!r} scoring; choose simple, bonus or exponential"
        )
    s = situation
    s.validate()
    tiles_34 = [0] * 34
    for t in s.all_tiles:
        tiles_34[t // 4] += 1
    best: ClassicalResult | None = None
    for blocks in lib.divide(tiles_34, lib.to_library_melds(s.melds)):
        if len(blocks) != 5:
            continue  # seven pairs: not a classical winning hand
        for concealed in _readings(blocks, s):
            lines = _lines(blocks, concealed, s, rules)
            points = sum(x.points for x in lines)
            if best is None or points > best.points:
                best = ClassicalResult(
                    points,
                    tuple(lines),
                    rules.scoring,
                    tuple(_code(b) for b in blocks),
                    rules.name,
                    Payments(s.tsumo, (), 0),
                )
    if best is None:
        raise NotAWinningHandError(
            "these tiles are not a winning hand under classical rules: they need four sets "
            "(pungs, kongs or chows) and a pair"
        )
    payments = rules.payment.pay(best.points, tsumo=s.tsumo, winner_is_dealer=s.is_dealer)
    return ClassicalResult(best.points, best.lines, best.scoring, best.split, best.rules, payments)
