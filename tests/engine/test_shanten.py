"""Shanten: standard, seven pairs, thirteen orphans, called sets, batches."""

from __future__ import annotations

import numpy as np
import pytest

from tutor.engine.shanten import (
    honor_key,
    honor_table,
    shanten,
    shanten_batch,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
    suit_key,
    suit_table,
)
from tutor.engine.tiles import ImpossibleHandError, parse_tiles, to_counts


def c(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("123m456p789s11222z", -1),  # complete: four sets and a pair
        ("123m456p789s1122z", 0),  # dual pon wait
        ("123m456p78s11223z", 1),
        ("1112345678999m", 0),  # nine gates
        ("19m19p19s1234567z", 0),  # thirteen orphans, thirteen-sided
        ("1133557799m1133p", -1),  # seven pairs
        ("1357m2468p1357s1z", 4),  # four closed waits and a single for the pair
        ("159m159p159s1234z", 3),  # ten orphans: thirteen orphans is nearest
    ],
)
def test_known_hands(hand: str, expected: int) -> None:
    assert shanten(c(hand)) == expected


def test_tenpai_is_zero_and_complete_is_minus_one() -> None:
    assert shanten(c("23m456p789s11122z")) == 0
    assert shanten(c("234m456p789s11122z")) == -1


def test_a_four_of_a_kind_is_not_two_pairs_for_seven_pairs() -> None:
    # 11m11m would be two pairs of the same tile: seven pairs must be seven different pairs
    assert shanten_chiitoitsu(c("1111m2233p4455s66z")) == 1
    assert shanten_chiitoitsu(c("1122m3344p5566s7z")) == 0


def test_thirteen_orphans_counts_kinds_and_a_pair() -> None:
    assert shanten_kokushi(c("19m19p19s1234566z")) == 0
    assert shanten_kokushi(c("19m19p19s1234567z")) == 0
    assert shanten_kokushi(c("123456789m1234p")) == 13 - 3  # 1m, 9m, 1p


def test_waiting_only_on_a_fifth_copy_is_not_tenpai() -> None:
    # 111m + 1m single would wait on a fifth 1m; the hand must find another wait
    assert shanten_standard(c("1111m234567p111s")) == 1


def test_seven_pairs_and_orphans_only_count_for_closed_hands() -> None:
    # 11 tiles beside one called set: only the standard form counts
    hand = c("1133557799m1p")
    assert shanten_chiitoitsu(c("1133557799m1p5s7s")) == 1
    assert shanten(hand, melds=1) == shanten_standard(hand, melds=1) == 2


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("1m", 4, 0),
        ("11m", 4, -1),
        ("12m", 4, 0),
        ("1234m", 3, 0),
        ("1479m", 3, 1),
        ("1357m2p", 3, 1),
        ("123m456p7s", 2, 0),
        ("1m4p7s1z", 3, 2),
    ],
)
def test_hands_with_called_sets(hand: str, melds: int, expected: int) -> None:
    assert shanten(c(hand), melds=melds) == expected


def test_wrong_sizes_are_rejected() -> None:
    with pytest.raises(ImpossibleHandError, match="13 or 14"):
        shanten(c("123m"))
    with pytest.raises(ImpossibleHandError):
        shanten(c("1m"), melds=5)


def test_batch_agrees_with_single_calls() -> None:
    rng = np.random.default_rng(3)
    hands = []
    for _ in range(400):
        n = int(rng.choice([13, 14]))
        tiles = rng.choice(136, n, replace=False) // 4
        hands.append(np.bincount(tiles, minlength=34))
    arr = np.array(hands, dtype=np.int8)
    assert shanten_batch(arr).tolist() == [shanten(h.tolist()) for h in arr]


def test_batch_with_called_sets() -> None:
    hands = [c("1m4p7s1z"), c("1234m"), c("11m5p7s")]
    assert shanten_batch(hands, melds=3).tolist() == [2, 0, 1]


def test_batch_validates_sizes() -> None:
    with pytest.raises(ImpossibleHandError):
        shanten_batch([c("123m")])
    assert shanten_batch(np.zeros((0, 34), dtype=np.int8)).tolist() == []


def test_suit_table_counts_missing_tiles() -> None:
    table = suit_table()
    # 13m lacks one tile (2m) for a set; 1m alone lacks two
    assert table[suit_key([1, 0, 1, 0, 0, 0, 0, 0, 0]), 2] == 1
    assert table[suit_key([1, 0, 0, 0, 0, 0, 0, 0, 0]), 2] == 2
    # four sets and a pair of one suit: 11122233344455m has everything
    assert table[suit_key([3, 3, 3, 3, 2, 0, 0, 0, 0]), 9] == 0
    # no fifth copy: 1111m cannot be a triplet and a pair, so a set and a pair lack two
    assert table[suit_key([4, 0, 0, 0, 0, 0, 0, 0, 0]), 3] == 2


def test_honors_make_only_triplets() -> None:
    table = honor_table()
    assert table[honor_key([1, 1, 1, 0, 0, 0, 0]), 2] == 2


@pytest.mark.slow  # rebuilds the tables: 7 s of CPU
def test_cached_profiles_match_a_fresh_build() -> None:
    # a stale disk cache would silently give wrong answers: rebuild and compare
    from tutor.engine.shanten import _build_profiles, _build_table, profiles

    fresh_suit = _build_table(9, sequences=True)
    assert (fresh_suit == suit_table()).all()
    fresh = _build_profiles()
    loaded = profiles()
    assert (fresh["suit_ids"] == loaded.suit_ids).all()
    assert (fresh["honor_ids"] == loaded.honor_ids).all()
    assert (fresh["final"] == loaded.final).all()
    assert (fresh["mp"] == loaded.mp).all() and (fresh["sz"] == loaded.sz).all()
    assert (fresh["suit_aux"] == loaded.suit_aux).all()
