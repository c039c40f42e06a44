"""Hong Kong rules (seed 003): faan of a winning hand, the special hands, and faan to points.

The seed lists the special hands (all worth the maximum) but leaves the normal-hand faan table
and the points table blank, so those two tables are the common Hong Kong old-style values and
live in :class:`HongKongRules` as data, where a club can change them.

The hand itself is a :class:`~tutor.engine.scoring.situation.Situation` as for riichi (tiles
0..135, called sets, ron or tsumo, seat and round wind); Hong Kong adds flowers and seasons,
given as numbers 1..4 (flowers) and 5..8 (seasons) in ``flowers``.

>>> from tutor.engine.scoring.situation import Situation, physical_tiles
>>> tiles = physical_tiles("123456789m11z555z")
>>> r = score_hong_kong(Situation(closed=tiles, win_tile=tiles[-1], tsumo=True))
>>> r.faan, r.points, [str(x) for x in r.lines]
(7, 48, ['Self-drawn: 1', 'Concealed hand: 1', 'Mixed one suit: 3', 'Pung of White dragon: 1', 'No flowers: 1'])
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..tiles import tile_name
from . import _library as lib
from .payments import LoserPayments, Payments
from .situation import NotAWinningHandError, ScoringError, Situation

WHITE, GREEN, RED = 31, 32, 33


class NotEnoughFaanError(ScoringError):
    """The hand is complete but below the minimum faan of the rules, so it cannot win."""


@dataclass(frozen=True, slots=True)
class HongKongRules:
    """Hong Kong scoring as data.

    ``faan`` maps each normal-hand pattern to its faan; ``points`` is the points of 0, 1, 2 ...
    faan, its last entry being the limit that every special hand is worth (64 in the seed);
    ``min_faan`` is the least a hand needs to win; ``payment`` says who pays what.

    Seed 003 says nothing about payments, so ``payment`` follows seed 000's faan game, which
    is the common Hong Kong rule too: the discarder pays double and the two others once; on a
    self-drawn win every loser pays double; the dealer neither pays nor receives more. The
    common "discarder pays for everyone" variant is ``LoserPayments(discarder_pays_all=True)``.

    The points table is not in the seeds. Seed 000's one example of it, 6 faan = 16 points,
    disagrees with this half-doubling table (6 faan = 32): a club that follows seed 000 changes
    ``points``.
    """

    name: str = "Hong Kong"
    min_faan: int = 0
    faan: dict[str, int] = field(
        default_factory=lambda: {
            "Self-drawn": 1,
            "Concealed hand": 1,
            "All chows": 1,
            "All pungs": 3,
            "Mixed one suit": 3,
            "Pure one suit": 7,
            "Seven pairs": 4,
            "Dragon pung": 1,
            "Seat wind pung": 1,
            "Round wind pung": 1,
            "Small three dragons": 5,
            "Small four winds": 6,
            "Mixed terminals": 1,
            "No flowers": 1,
            "Own flower": 1,
            "Win on a kong replacement": 1,
            "Robbing a kong": 1,
            "Win on the last tile": 1,
        }
    )
    points: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64)
    payment: LoserPayments = field(default_factory=LoserPayments)

    @property
    def limit(self) -> int:
        """Points of a limit hand: the last entry of the points table."""
        return self.points[-1]

    def points_for(self, faan: int) -> int:
        """Points of ``faan`` faan: the table, capped at the limit.

        >>> HONG_KONG.points_for(3), HONG_KONG.points_for(5), HONG_KONG.points_for(13)
        (8, 24, 64)
        """
        if faan < 0:
            raise ValueError("faan cannot be negative")
        return self.points[min(faan, len(self.points) - 1)]


HONG_KONG = HongKongRules()
"""Hong Kong old-style faan with the half-doubling points table up to a limit of 64."""


@dataclass(frozen=True, slots=True)
class FaanLine:
    """One scoring pattern and its faan; ``str`` reads ``"All pungs: 3"``."""

    name: str
    faan: int

    def __str__(self) -> str:
        return f"{self.name}: {self.faan}"


@dataclass(frozen=True, slots=True)
class HongKongResult:
    """The faan of a Hong Kong win, line by line, and its points.

    ``special`` names the special hand when there is one (it scores the limit); ``payments``
    says what each loser pays for ``points`` under the rules' ``payment``.
    """

    faan: int
    points: int
    lines: tuple[FaanLine, ...]
    special: str | None
    split: tuple[str, ...]
    rules: str

    @property
    def is_limit(self) -> bool:
        """Whether the hand is paid at the limit."""
        return self.special is not None or self.points == self.points_limit

    points_limit: int = 64
    payments: Payments = field(default_factory=lambda: Payments(False, (), 0))


def _code(block: list[int]) -> str:
    return "".join(str(k % 9 + 1) for k in block) + "mpsz"[block[0] // 9]


def _is_set(block: list[int]) -> bool:
    return len(block) >= 3 and block[0] == block[1]


def _special_hand(
    blocks: list[list[int]], opened: list[bool], s: Situation, tiles_34: list[int]
) -> str | None:
    """The special hand of seed 003 this split makes, if any."""
    sets = [b for b in blocks if len(b) >= 3]
    pairs = [b for b in blocks if len(b) == 2]
    if len(sets) != 4 or len(pairs) != 1:
        return None
    kinds = [b[0] for b in sets]
    pair = pairs[0][0]
    all_sets = all(_is_set(b) for b in sets)
    if all_sets and sum(1 for b in sets if len(b) == 4) == 4:
        return "Kongs"
    if {WHITE, GREEN, RED} <= {k for b, k in zip(sets, kinds, strict=True) if _is_set(b)}:
        return "Great dragons"
    if all_sets and set(kinds) == {27, 28, 29, 30}:
        return "Four winds"
    if all_sets and all(k >= 27 for k in kinds) and pair >= 27:
        return "All honors"
    if all_sets and all(k < 27 and k % 9 in (0, 8) for k in [*kinds, pair]):
        return "All terminals"
    if all_sets and not s.melds and s.tsumo:
        return "Hidden treasure"
    for dragon, suit, name in ((GREEN, 2, "Jade dragon"), (RED, 1, "Ruby dragon"),
                               (WHITE, 0, "Pearl dragon")):  # fmt: skip
        if all_sets and dragon in kinds:
            others = [k for k in kinds if k != dragon] + [pair]
            if all(k < 27 and k // 9 == suit for k in others):
                return name
    if not s.melds:
        suits = {t // 9 for t in range(27) if tiles_34[t]}
        if len(suits) == 1 and not any(tiles_34[27:]):
            base = 9 * suits.pop()
            counts = tiles_34[base : base + 9]
            if counts[0] >= 3 and counts[8] >= 3 and all(c >= 1 for c in counts[1:8]):
                return "Nine gates"
    return None


def _normal_faan(
    blocks: list[list[int]], opened: list[bool], s: Situation, rules: HongKongRules
) -> list[FaanLine]:
    table = rules.faan
    lines: list[FaanLine] = []

    def add(name: str, label: str | None = None, times: int = 1) -> None:
        value = table.get(name, 0)
        if value:
            for _ in range(times):
                lines.append(FaanLine(label or name, value))

    if s.tsumo:
        add("Self-drawn")
    if not s.is_open:
        add("Concealed hand")
    seven_pairs = len(blocks) == 7
    sets = [b for b in blocks if len(b) >= 3]
    kinds = [k for b in blocks for k in b]
    suits = {k // 9 for k in kinds if k < 27}
    honors = [k for k in kinds if k >= 27]
    if seven_pairs:
        add("Seven pairs")
    elif all(not _is_set(b) for b in sets):
        add("All chows")
    elif all(_is_set(b) for b in sets):
        add("All pungs")
    if len(suits) == 1 and honors:
        add("Mixed one suit")
    elif len(suits) == 1:
        add("Pure one suit")
    if not seven_pairs and all(k >= 27 or k % 9 in (0, 8) for k in kinds) and honors:
        add("Mixed terminals")
    set_kinds = [b[0] for b in sets if _is_set(b)]
    for k in set_kinds:
        if k >= WHITE:
            add("Dragon pung", f"Pung of {tile_name(k)}")
        if k == s.seat_wind:
            add("Seat wind pung", f"Pung of {tile_name(k)} (seat wind)")
        if k == s.round_wind:
            add("Round wind pung", f"Pung of {tile_name(k)} (round wind)")
    pair = next((b[0] for b in blocks if len(b) == 2), None) if not seven_pairs else None
    dragon_sets = sum(1 for k in set_kinds if k >= WHITE)
    wind_sets = sum(1 for k in set_kinds if 27 <= k <= 30)
    if dragon_sets == 2 and pair is not None and pair >= WHITE:
        add("Small three dragons")
    if wind_sets == 3 and pair is not None and 27 <= pair <= 30:
        add("Small four winds")
    if not s.flowers:
        add("No flowers")
    else:
        seat = s.seat_wind - 27 + 1
        own = sum(1 for f in s.flowers if f in (seat, seat + 4))
        add("Own flower", times=own)
    if s.rinshan:
        add("Win on a kong replacement")
    if s.chankan:
        add("Robbing a kong")
    if s.haitei or s.houtei:
        add("Win on the last tile")
    return lines


def score_hong_kong(situation: Situation, rules: HongKongRules = HONG_KONG) -> HongKongResult:
    """Faan and points of a Hong Kong win; the best reading of the hand is kept.

    Raises :class:`~tutor.engine.scoring.situation.NotAWinningHandError` when the tiles are
    not complete and :class:`NotEnoughFaanError` below the rules' minimum.

    >>> from tutor.engine.scoring.situation import Situation, physical_tiles
    >>> tiles = physical_tiles("19m19p19s1234567z9s")
    >>> r = score_hong_kong(Situation(closed=tiles, win_tile=tiles[-1]))
    >>> r.special, r.points
    ('Thirteen orphans', 64)
    >>> [(p.payer, p.amount, p.count) for p in r.payments.items]
    [('discarder', 128, 1), ('other', 64, 2)]
    """
    s = situation
    for f in s.flowers:
        if not 1 <= f <= 8:
            raise ScoringError("flowers are 1..4 and seasons 5..8")
    if len(set(s.flowers)) != len(s.flowers):
        raise ScoringError("each flower and season exists once")
    s.validate()
    tiles_34 = [0] * 34
    for t in s.all_tiles:
        tiles_34[t // 4] += 1
    melds = lib.to_library_melds(s.melds)
    best: HongKongResult | None = None
    for blocks in lib.divide(tiles_34, melds):
        opened = _opened(blocks, s)
        split = tuple(_code(b) for b in blocks)
        special = _special_hand(blocks, opened, s, tiles_34)
        if special is not None:
            cand = HongKongResult(
                faan=len(rules.points) - 1,
                points=rules.limit,
                lines=(FaanLine(special, len(rules.points) - 1),),
                special=special,
                split=split,
                rules=rules.name,
                points_limit=rules.limit,
            )
        else:
            lines = _normal_faan(blocks, opened, s, rules)
            faan = sum(x.faan for x in lines)
            cand = HongKongResult(
                faan=faan,
                points=rules.points_for(faan),
                lines=tuple(lines),
                special=None,
                split=split,
                rules=rules.name,
                points_limit=rules.limit,
            )
        if best is None or (cand.points, cand.faan) > (best.points, best.faan):
            best = cand
    if best is None and not s.melds and _is_thirteen_orphans(tiles_34):
        top = len(rules.points) - 1
        best = HongKongResult(
            top,
            rules.limit,
            (FaanLine("Thirteen orphans", top),),
            "Thirteen orphans",
            ("13 orphans",),
            rules.name,
            rules.limit,
        )
    if best is None:
        raise NotAWinningHandError(
            "these tiles are not a winning hand: they need four sets and a pair, seven pairs "
            "or thirteen orphans"
        )
    if best.faan < rules.min_faan:
        raise NotEnoughFaanError(
            f"this hand has {best.faan} faan and these rules need {rules.min_faan} to win"
        )
    payments = rules.payment.pay(best.points, tsumo=s.tsumo, winner_is_dealer=s.is_dealer)
    return replace(best, payments=payments)


def _opened(blocks: list[list[int]], s: Situation) -> list[bool]:
    unused = list(s.melds)
    out: list[bool] = []
    for b in blocks:
        match = next((m for m in unused if list(m.kinds) == b), None)
        if match is not None:
            unused.remove(match)
        out.append(match is not None and match.is_open)
    return out


def _is_thirteen_orphans(tiles_34: list[int]) -> bool:
    orphans = (0, 8, 9, 17, 18, 26, *range(27, 34))
    return all(tiles_34[t] >= 1 for t in orphans) and sum(tiles_34[t] for t in orphans) == 14
