"""Splits of complete hands."""

from __future__ import annotations

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.shapes import GroupKind, HandForm, decompositions, is_complete
from tutor.engine.tiles import ImpossibleHandError, parse_tiles, to_counts


def c(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


def test_triplets_or_sequences_are_both_listed() -> None:
    splits = [str(d) for d in decompositions(c("111222333m789p11z"))]
    assert splits == ["111m 222m 333m 789p 11z", "123m 123m 123m 789p 11z"]


def test_the_pair_may_be_chosen_two_ways() -> None:
    # 11223344m: 11m + 234m 234m, or 44m + 123m 123m
    pairs = sorted(d.pair for d in decompositions(c("11223344m789p999s")) if d.pair is not None)
    assert pairs == [0, 3]


def test_seven_pairs_needs_seven_different_pairs() -> None:
    forms = [d.form for d in decompositions(c("1122m3344p5566s77z"))]
    assert forms == [HandForm.SEVEN_PAIRS]
    assert decompositions(c("1111m3344p5566s77z")) == []


def test_two_identical_sequences_twice_is_also_seven_pairs() -> None:
    forms = {d.form for d in decompositions(c("112233m445566p77z"))}
    assert forms == {HandForm.STANDARD, HandForm.SEVEN_PAIRS}


def test_thirteen_orphans_is_one_of_each_plus_a_pair() -> None:
    (d,) = decompositions(c("19m19p19s12345677z"))
    assert d.form is HandForm.THIRTEEN_ORPHANS
    assert d.pair == 33
    assert sum(1 for g in d.groups if g.kind is GroupKind.SINGLE) == 12


def test_called_sets_count_as_sets() -> None:
    hand = parse_hand("123m55p [777p] [5555s] (1111z)")
    (d,) = decompositions(hand.concealed, hand.melds)
    assert len(d.sets) == 1 and len(d.melds) == 3
    assert str(d) == "123m 55p [777p] [5555s] (1111z)"


def test_a_split_uses_exactly_the_hands_tiles() -> None:
    counts = c("11122233344455m")
    for d in decompositions(counts):
        assert d.counts() == counts


def test_is_complete() -> None:
    assert is_complete(c("234m567p11s222z345s"))
    assert not is_complete(c("234m567p11s222z346s"))
    assert is_complete(c("55m"), 4)


def test_wrong_size_is_rejected() -> None:
    with pytest.raises(ImpossibleHandError):
        decompositions(c("123m"))
