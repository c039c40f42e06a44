"""Dora from indicators, as the seeds describe them."""

from __future__ import annotations

import pytest

from tutor.engine.dora import (
    count_all_dora,
    count_dora,
    count_red_fives,
    dora_from_indicator,
    dora_tiles,
)
from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tile, parse_tiles, tiles_str


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        ("6s", "7s"),  # "si hay un 6 de bambús como indicador el Dora será el 7 de bambús"
        ("9p", "1p"),  # "si hay un 9 de círculos el Dora será el 1 de círculos"
        ("4m", "5m"),
        ("9m", "1m"),
        ("1z", "2z"),  # vientos E-S-O-N-E
        ("2z", "3z"),
        ("3z", "4z"),
        ("4z", "1z"),
        ("7z", "5z"),  # dragones rojo-blanco-verde-rojo
        ("5z", "6z"),
        ("6z", "7z"),
    ],
)
def test_dora_is_the_next_tile_of_the_indicators_suit(indicator: str, dora: str) -> None:
    assert dora_from_indicator(parse_tile(indicator)) == parse_tile(dora)


def test_two_copies_of_the_dora_are_two_han() -> None:
    # "si la mano tiene dos de esa ficha entonces tiene 2 han extra"
    hand = parse_hand("55m123p456p789s11z")
    assert count_dora(hand, parse_tiles("4m")) == 2


def test_each_indicator_counts_separately() -> None:
    hand = parse_hand("55m123p456p789s11z")
    assert count_dora(hand, parse_tiles("4m4m")) == 4
    assert tiles_str(dora_tiles(parse_tiles("4m9s"))) == "5m1s"


def test_called_sets_and_kans_count() -> None:
    hand = parse_hand("123m456p78s11z (4444s)")
    assert count_dora(hand, parse_tiles("3s")) == 4


def test_red_fives_count_even_when_called() -> None:
    hand = parse_hand("340m406p11z [0*55s]A 789s")
    assert count_red_fives(hand) == 3


def test_a_red_five_that_is_dora_counts_twice() -> None:
    hand = parse_hand("340m456p11z [678s] 789s")
    assert count_all_dora(hand, parse_tiles("4m")) == 2


def test_four_red_fives_rule_has_two_red_5p() -> None:
    # "4 fichas bonus ... de número cinco en rojo, 2 de círculos y una de los otros dos palos"
    hand = parse_hand("00p5p123m456s789s1z")
    assert count_red_fives(hand) == 2


def test_counts_work_too() -> None:
    from tutor.engine.tiles import to_counts

    assert count_dora(to_counts(parse_tiles("111z")), parse_tiles("4z")) == 3


def test_not_a_tile() -> None:
    with pytest.raises(ValueError):
        dora_from_indicator(34)
