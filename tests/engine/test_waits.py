"""Waits and wait shapes."""

from __future__ import annotations

import pytest

from tutor.engine.tiles import ImpossibleHandError, parse_tiles, tiles_str, to_counts
from tutor.engine.waits import WaitShape, wait_pattern, wait_shapes, waits


def c(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


@pytest.mark.parametrize(
    ("hand", "wait_tiles", "pattern"),
    [
        ("23m456p789s11122z", "14m", WaitShape.TWO_SIDED),
        ("24m456p789s11122z", "3m", WaitShape.CLOSED),
        ("12m456p789s11122z", "3m", WaitShape.EDGE),
        ("89m456p789s11122z", "7m", WaitShape.EDGE),
        ("11m456p789s11222z", "1m1z", WaitShape.DUAL_PON),
        ("123m456p789s1112z", "2z", WaitShape.SINGLE),
        ("123456789m1234p", "14p", WaitShape.NOBETAN),
        ("23456m789s222z11p", "147m", WaitShape.MULTI_SIDED),
        ("1112345678999m", "123456789m", WaitShape.MULTI_SIDED),
        ("19m19p19s1234567z", "19m19p19s1234567z", WaitShape.MULTI_SIDED),
        ("19m19p19s1234566z", "7z", WaitShape.SINGLE),
        ("1122m3344p5566s7z", "7z", WaitShape.SINGLE),
    ],
)
def test_wait_names(hand: str, wait_tiles: str, pattern: WaitShape) -> None:
    counts = c(hand)
    assert tiles_str(waits(counts)) == wait_tiles
    assert wait_pattern(counts) is pattern


def test_a_wait_read_two_ways_lists_both_shapes() -> None:
    # 1113m: 2m closes 1-3 (with 11m pair) ; 3m pairs the single 3m (with 111m)
    shapes = wait_shapes(c("1113m456p789s222z"))
    assert shapes == {1: {WaitShape.CLOSED}, 2: {WaitShape.SINGLE}}
    assert wait_pattern(c("1113m456p789s222z")) is WaitShape.MULTI_SIDED


def test_a_tile_held_four_times_is_not_a_wait() -> None:
    assert waits(c("1111m234567p111s")) == []
    assert wait_pattern(c("1111m234567p111s")) is None


def test_waits_with_called_sets() -> None:
    assert tiles_str(waits(c("1m"), 4)) == "1m"
    assert wait_pattern(c("1m"), 4) is WaitShape.SINGLE
    assert tiles_str(waits(c("4567m"), 3)) == "47m"


def test_not_tenpai_has_no_waits() -> None:
    assert waits(c("159m159p159s1234z")) == []


def test_waits_need_a_waiting_size() -> None:
    with pytest.raises(ImpossibleHandError):
        waits(c("123m456p789s11222z"))


def test_a_wait_on_a_tile_whose_four_copies_are_in_called_sets_is_no_wait() -> None:
    from tutor.engine.hand import parse_hand

    hand = parse_hand("1m234p567s789s [111m]")
    assert waits(hand.concealed, hand.melds) == []
    # Given only the number of called sets, the engine cannot see the copies in them.
    assert waits(hand.concealed, len(hand.melds)) == [0]
