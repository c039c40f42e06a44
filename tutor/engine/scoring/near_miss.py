"""Near misses: for the common yaku a hand does not have, why not.

>>> shape = SplitShape(
...     groups=((1, 2, 3), (10, 11, 12), (21, 22, 23), (5, 6, 7), (15, 15)),
...     called=(False,) * 5, win_group=(5, 6, 7), wait="closed",
...     tiles=(1, 2, 3, 5, 6, 7, 10, 11, 12, 15, 15, 21, 22, 23))
>>> from tutor.engine.scoring.situation import Situation
>>> from tutor.engine.scoring.presets import TENHOU
>>> for m in find_near_misses(shape, Situation(closed=(), win_tile=0), TENHOU, {8}):
...     print(m)
pinfu: the wait is closed (kanchan)
menzen tsumo: won by ron, not by tsumo
sanshoku: missing 234s
ittsu: no suit has two of 123, 456 and 789
yakuhai: no set of dragons, seat wind or round wind
chiitoitsu: only 1 pair, seven pairs needs 7
iipeikou: no two identical sequences
toitoi: it holds the sequence 234m
honitsu: it uses three suits
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set
from dataclasses import dataclass

from .presets import RulePreset
from .situation import Situation

_HONOR_NAMES = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")
_SUIT_NAMES = ("m", "p", "s")


def _name(kind: int) -> str:
    if kind >= 27:
        return _HONOR_NAMES[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def _seq(start: int) -> str:
    return f"{start % 9 + 1}{start % 9 + 2}{start % 9 + 3}{'mps'[start // 9]}"


@dataclass(frozen=True, slots=True)
class SplitShape:
    """A split of a hand as plain tile kinds: what near misses are computed from.

    ``groups`` is empty for thirteen orphans; ``called`` marks the groups shown open.
    """

    groups: tuple[tuple[int, ...], ...]
    called: tuple[bool, ...]
    win_group: tuple[int, ...]
    wait: str
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A yaku the hand does not have, and the reason in a learner's words.

    >>> str(NearMiss("tanyao", "holds 9p"))
    'tanyao: holds 9p'
    """

    yaku: str
    reason: str

    def __str__(self) -> str:
        return f"{self.yaku}: {self.reason}"


_WAIT_REASONS = {
    "closed": "the wait is closed (kanchan)",
    "edge": "the wait is an edge (penchan)",
    "pair": "the wait is a pair wait (tanki)",
    "set": "the wait is on two pairs (shanpon)",
}


def find_near_misses(
    shape: SplitShape, situation: Situation, rules: RulePreset, present: Set[int]
) -> tuple[NearMiss, ...]:
    """Why the hand lacks each common yaku that is not in ``present`` (Tenhou ids).

    The yaku looked at are pinfu, tanyao, menzen tsumo, sanshoku, ittsu, yakuhai, chiitoitsu,
    iipeikou, toitoi and honitsu (the example is in the module docstring).
    """
    s = situation
    groups = shape.groups
    sequences: list[tuple[int, ...]] = [g for g in groups if len(g) == 3 and g[0] != g[1]]
    triplets: list[tuple[int, ...]] = [g for g in groups if len(g) >= 3 and g[0] == g[1]]
    pairs: list[tuple[int, ...]] = [g for g in groups if len(g) == 2]
    is_seven_pairs = len(groups) == 7
    is_orphans = not groups
    value_tiles = {31, 32, 33, s.seat_wind, s.round_wind}
    out: list[NearMiss] = []

    def add(yaku: str, reason: str | None) -> None:
        if reason:
            out.append(NearMiss(yaku, reason))

    if 7 not in present:
        add("pinfu", _pinfu(s, shape, triplets, pairs, value_tiles, is_seven_pairs, is_orphans))
    if 8 not in present:
        outside = sorted({t for t in shape.tiles if t >= 27 or t % 9 in (0, 8)})
        if outside:
            add("tanyao", "holds " + ", ".join(_name(t) for t in outside[:3]))
        elif s.is_open and not rules.open_tanyao:
            add("tanyao", f"open tanyao does not count under {rules.name} rules")
    if 0 not in present:
        add("menzen tsumo", "the hand is open" if s.is_open else "won by ron, not by tsumo")
    if 25 not in present:
        add("sanshoku", _sanshoku(sequences))
    if 24 not in present:
        add("ittsu", _ittsu(sequences))
    if not present & set(range(10, 21)):
        pair_kind = pairs[0][0] if pairs and not is_seven_pairs else None
        if pair_kind is not None and pair_kind in value_tiles:
            add("yakuhai", f"a pair of {_name(pair_kind)}, not a set")
        else:
            add("yakuhai", "no set of dragons, seat wind or round wind")
    if 22 not in present:
        if s.is_open or s.melds:
            add("chiitoitsu", "the hand has called or declared sets")
        else:
            n = sum(1 for c in Counter(shape.tiles).values() if c == 2)
            if n < 7:
                noun = "pair" if n == 1 else "pairs"
                add("chiitoitsu", f"only {n} {noun}, seven pairs needs 7")
            else:
                add("chiitoitsu", "the hand is worth more read as four sets and a pair")
    if 9 not in present and 32 not in present:
        if s.is_open:
            add("iipeikou", "the hand is open")
        elif sequences:
            add("iipeikou", "no two identical sequences")
        else:
            add("iipeikou", "the hand has no sequences")
    if 28 not in present:
        if is_seven_pairs:
            add("toitoi", "seven pairs are pairs, not sets")
        elif sequences:
            add("toitoi", f"it holds the sequence {_seq(sequences[0][0])}")
    if 34 not in present and 35 not in present:
        suits = sorted({t // 9 for t in shape.tiles if t < 27})
        if len(suits) == 2:
            names = " and ".join(_SUIT_NAMES[x] for x in suits)
            add("honitsu", f"it uses two suits ({names})")
        elif len(suits) == 3:
            add("honitsu", "it uses three suits")
    return tuple(out)


def _pinfu(
    s: Situation,
    shape: SplitShape,
    triplets: list[tuple[int, ...]],
    pairs: list[tuple[int, ...]],
    value_tiles: set[int],
    is_seven_pairs: bool,
    is_orphans: bool,
) -> str | None:
    if s.is_open:
        return "the hand is open"
    if is_seven_pairs:
        return "seven pairs has no sequences"
    if is_orphans:
        return "thirteen orphans has no sequences"
    if triplets:
        return f"it holds a set of {_name(triplets[0][0])}, pinfu needs four sequences"
    if pairs and pairs[0][0] in value_tiles:
        return f"the pair of {_name(pairs[0][0])} is a value tile"
    return _WAIT_REASONS.get(shape.wait)


def _sanshoku(sequences: list[tuple[int, ...]]) -> str:
    if not sequences:
        return "the hand has no sequences"
    best_rank, best_suits = -1, set[int]()
    for rank in range(7):
        suits = {g[0] // 9 for g in sequences if g[0] % 9 == rank}
        if len(suits) > len(best_suits):
            best_rank, best_suits = rank, suits
    if len(best_suits) == 2:
        (missing,) = {0, 1, 2} - best_suits
        return f"missing {_seq(missing * 9 + best_rank)}"
    return "no sequence appears in two suits"


def _ittsu(sequences: list[tuple[int, ...]]) -> str:
    for suit in range(3):
        starts = {g[0] % 9 for g in sequences if g[0] // 9 == suit}
        have = starts & {0, 3, 6}
        if len(have) == 2:
            (missing,) = {0, 3, 6} - have
            return f"missing {_seq(suit * 9 + missing)}"
    return "no suit has two of 123, 456 and 789"
