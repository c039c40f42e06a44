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

from ..tiles import tile_name, tile_str
from .near_miss_data import NEAR_MISS_CODES, YAKU_KEY, NearMiss, SplitShape
from .presets import RulePreset
from .situation import Situation

__all__ = ["NEAR_MISS_CODES", "YAKU_KEY", "NearMiss", "SplitShape", "find_near_misses"]

_SUIT_NAMES = ("m", "p", "s")


def _seq(start: int) -> str:
    return f"{start % 9 + 1}{start % 9 + 2}{start % 9 + 3}{'mps'[start // 9]}"


_Why = tuple[str, str, dict[str, str | int]]
"""A reason: (English text, code, params)."""

_WAIT_REASONS: dict[str, _Why] = {
    "closed": ("the wait is closed (kanchan)", "wait_not_two_sided", {"shape": "closed"}),
    "edge": ("the wait is an edge (penchan)", "wait_not_two_sided", {"shape": "edge"}),
    "pair": ("the wait is a pair wait (tanki)", "wait_not_two_sided", {"shape": "single"}),
    "set": ("the wait is on two pairs (shanpon)", "wait_not_two_sided", {"shape": "dual_pon"}),
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

    def add(yaku: str, why: _Why | None) -> None:
        if why:
            text, code, params = why
            out.append(NearMiss(yaku, text, code, params))

    def plain(text: str, code: str) -> _Why:
        return (text, code, {})

    if 7 not in present:
        add("pinfu", _pinfu(s, shape, triplets, pairs, value_tiles, is_seven_pairs, is_orphans))
    if 8 not in present:
        outside = sorted({t for t in shape.tiles if t >= 27 or t % 9 in (0, 8)})
        if outside:
            shown = outside[:3]
            add(
                "tanyao",
                (
                    "holds " + ", ".join(tile_name(t) for t in shown),
                    "holds_outside_tiles",
                    {"tiles": ",".join(tile_str(t) for t in shown), "count": len(outside)},
                ),
            )
        elif s.is_open and not rules.open_tanyao:
            add(
                "tanyao",
                (
                    f"open tanyao does not count under {rules.name} rules",
                    "open_tanyao_not_allowed",
                    {"rules": rules.name},
                ),
            )
    if 0 not in present:
        if s.is_open:
            add("menzen tsumo", plain("the hand is open", "open_hand"))
        else:
            add("menzen tsumo", plain("won by ron, not by tsumo", "won_by_ron"))
    if 25 not in present:
        add("sanshoku", _sanshoku(sequences))
    if 24 not in present:
        add("ittsu", _ittsu(sequences))
    if not present & set(range(10, 21)):
        pair_kind = pairs[0][0] if pairs and not is_seven_pairs else None
        if pair_kind is not None and pair_kind in value_tiles:
            add(
                "yakuhai",
                (
                    f"a pair of {tile_name(pair_kind)}, not a set",
                    "pair_not_set",
                    {"tile": tile_str(pair_kind)},
                ),
            )
        else:
            add("yakuhai", plain("no set of dragons, seat wind or round wind", "no_value_set"))
    if 22 not in present:
        if s.is_open or s.melds:
            add("chiitoitsu", plain("the hand has called or declared sets", "has_calls"))
        else:
            n = sum(1 for c in Counter(shape.tiles).values() if c == 2)
            if n < 7:
                noun = "pair" if n == 1 else "pairs"
                add(
                    "chiitoitsu",
                    (f"only {n} {noun}, seven pairs needs 7", "too_few_pairs", {"count": n}),
                )
            else:
                add(
                    "chiitoitsu",
                    plain(
                        "the hand is worth more read as four sets and a pair", "worth_more_as_sets"
                    ),
                )
    if 9 not in present and 32 not in present:
        if s.is_open:
            add("iipeikou", plain("the hand is open", "open_hand"))
        elif sequences:
            add("iipeikou", plain("no two identical sequences", "no_identical_sequences"))
        else:
            add("iipeikou", plain("the hand has no sequences", "no_sequences"))
    if 28 not in present:
        if is_seven_pairs:
            add("toitoi", plain("seven pairs are pairs, not sets", "seven_pairs_are_pairs"))
        elif sequences:
            seq = _seq(sequences[0][0])
            add("toitoi", (f"it holds the sequence {seq}", "holds_sequence", {"tiles": seq}))
    if 34 not in present and 35 not in present:
        suits = sorted({t // 9 for t in shape.tiles if t < 27})
        if len(suits) == 2:
            names = " and ".join(_SUIT_NAMES[x] for x in suits)
            add(
                "honitsu",
                (
                    f"it uses two suits ({names})",
                    "two_suits",
                    {"suits": ",".join(_SUIT_NAMES[x] for x in suits)},
                ),
            )
        elif len(suits) == 3:
            add("honitsu", plain("it uses three suits", "three_suits"))
    return tuple(out)


def _pinfu(
    s: Situation,
    shape: SplitShape,
    triplets: list[tuple[int, ...]],
    pairs: list[tuple[int, ...]],
    value_tiles: set[int],
    is_seven_pairs: bool,
    is_orphans: bool,
) -> _Why | None:
    if s.is_open:
        return ("the hand is open", "open_hand", {})
    if is_seven_pairs:
        return ("seven pairs has no sequences", "seven_pairs_no_sequences", {})
    if is_orphans:
        return ("thirteen orphans has no sequences", "orphans_no_sequences", {})
    if triplets:
        t = triplets[0][0]
        return (
            f"it holds a set of {tile_name(t)}, pinfu needs four sequences",
            "holds_set",
            {"tile": tile_str(t)},
        )
    if pairs and pairs[0][0] in value_tiles:
        t = pairs[0][0]
        return (f"the pair of {tile_name(t)} is a value tile", "value_pair", {"tile": tile_str(t)})
    return _WAIT_REASONS.get(shape.wait)


def _sanshoku(sequences: list[tuple[int, ...]]) -> _Why:
    if not sequences:
        return ("the hand has no sequences", "no_sequences", {})
    best_rank, best_suits = -1, set[int]()
    for rank in range(7):
        suits = {g[0] // 9 for g in sequences if g[0] % 9 == rank}
        if len(suits) > len(best_suits):
            best_rank, best_suits = rank, suits
    if len(best_suits) == 2:
        (missing,) = {0, 1, 2} - best_suits
        seq = _seq(missing * 9 + best_rank)
        return (f"missing {seq}", "missing_sequence", {"tiles": seq})
    return ("no sequence appears in two suits", "no_sequence_in_two_suits", {})


def _ittsu(sequences: list[tuple[int, ...]]) -> _Why:
    for suit in range(3):
        starts = {g[0] % 9 for g in sequences if g[0] // 9 == suit}
        have = starts & {0, 3, 6}
        if len(have) == 2:
            (missing,) = {0, 3, 6} - have
            seq = _seq(suit * 9 + missing)
            return (f"missing {seq}", "missing_sequence", {"tiles": seq})
    return ("no suit has two of 123, 456 and 789", "no_two_of_straight", {})
