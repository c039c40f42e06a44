"""Hands and called sets."""

from __future__ import annotations

import pytest

from tutor.engine.hand import (
    ACROSS,
    LEFT,
    RIGHT,
    Hand,
    InvalidMeldError,
    Meld,
    MeldKind,
    hand_str,
    meld_str,
    parse_hand,
    parse_meld,
)
from tutor.engine.tiles import ImpossibleHandError, TileParseError, parse_tiles, to_counts


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("[345m]", MeldKind.CHI),
        ("[777p]", MeldKind.PON),
        ("[5555m]", MeldKind.OPEN_KAN),
        ("{2222s}", MeldKind.ADDED_KAN),
        ("(1111z)", MeldKind.CLOSED_KAN),
    ],
)
def test_brackets_say_what_kind_of_set(text: str, kind: MeldKind) -> None:
    assert parse_meld(text).kind is kind


def test_called_tile_and_seat_marks() -> None:
    m = parse_meld("[3*45m]L")
    assert (m.called, m.source) == (2, LEFT)
    assert parse_meld("[7*77p]A").source == ACROSS
    assert parse_meld("[7*77p]R").source == RIGHT


def test_chi_only_from_the_left() -> None:
    with pytest.raises(InvalidMeldError, match="left"):
        parse_meld("[3*45m]A")


def test_a_chi_is_three_consecutive_numbers_of_one_suit() -> None:
    for bad in ("[135m]", "[123z]", "[899m]"):
        with pytest.raises(InvalidMeldError):
            parse_meld(bad)


def test_honors_make_no_sequence() -> None:
    with pytest.raises(InvalidMeldError):
        Meld(MeldKind.CHI, (27, 28, 29))


def test_a_closed_kan_is_called_from_no_one() -> None:
    with pytest.raises(InvalidMeldError):
        parse_meld("(1*111z)")


def test_a_closed_kan_keeps_the_hand_closed() -> None:
    assert parse_hand("123m456p789s2z (1111z)").is_closed
    assert not parse_hand("123m456p789s2z [111z]").is_closed


@pytest.mark.parametrize(
    "text",
    [
        "123m22z [777p] [5555m] (1111z)",
        "23406m456p122z [7*77p]A",
        "11z [3*40m]L [0*55p]R {2222s} (9999m)",
        "1m [1*11p]A [2*22p]L [3*33p]R [4*44p]A",
        "123406m789p11222z",
    ],
)
def test_hand_notation_round_trips(text: str) -> None:
    hand = parse_hand(text)
    assert parse_hand(hand_str(hand)) == hand


def test_hand_str_is_canonical() -> None:
    assert hand_str(parse_hand("22z 321m [777p]  (1111z) 7p8p9p")) == "123m789p22z [777p] (1111z)"


def test_a_hand_has_13_or_14_tiles_counting_sets_as_three() -> None:
    assert parse_hand("123m22z [777p] [5555m] (1111z)").tile_count == 14
    with pytest.raises(ImpossibleHandError, match="13 or 14"):
        parse_hand("123m456p789s12z")


def test_other_sizes_when_asked() -> None:
    assert parse_hand("45m", sizes=(2,)).tile_count == 2


def test_fifth_copy_across_sets_is_impossible() -> None:
    with pytest.raises(ImpossibleHandError, match="only four 1z"):
        parse_hand("11z123m456p789s [111z]")


def test_more_than_one_red_five_per_suit_is_impossible_except_5p() -> None:
    with pytest.raises(ImpossibleHandError, match="red 5m"):
        parse_hand("00m123p456s789s11z")
    assert parse_hand("00p123m456s789s11z").red == (0, 2, 0)


def test_all_counts_include_the_fourth_tile_of_kans() -> None:
    hand = parse_hand("11m123p456p789p [2222m]")
    assert hand.all_counts()[1] == 4
    assert hand.tile_count == 14


def test_red_fives_inside_sets_are_kept() -> None:
    hand = parse_hand("406m123p456p11z [0*55s]A")
    assert hand.red_count == 2
    assert meld_str(hand.melds[0]) == "[0*55s]A"


def test_parse_errors_point_into_the_whole_text() -> None:
    with pytest.raises(TileParseError) as info:
        parse_hand("123m [8*88z]")
    assert info.value.position == 6


def test_unclosed_bracket_is_an_error() -> None:
    with pytest.raises(TileParseError):
        parse_hand("123m [777p")
    with pytest.raises(TileParseError):
        parse_hand("123m 777p]")


def test_from_counts_validates() -> None:
    counts = to_counts(parse_tiles("123m456p789s1122z"))
    assert Hand.from_counts(counts).tile_count == 13
    with pytest.raises(ImpossibleHandError):
        Hand.from_counts(counts, sizes=(14,))
