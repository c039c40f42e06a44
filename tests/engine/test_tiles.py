"""Tiles, notation and physical tiles."""

from __future__ import annotations

import pytest

from tutor.engine.tiles import (
    EAST,
    FIVES,
    GREEN,
    NORTH,
    RED,
    RED_FIVES_136,
    SOUTH,
    WEST,
    WHITE,
    ImpossibleHandError,
    TileParseError,
    check_counts,
    counts_to_tiles,
    from_136,
    is_red_136,
    is_simple,
    is_terminal_or_honor,
    kind_of_136,
    number_of,
    parse_tile,
    parse_tiles,
    parse_tiles_red,
    suit_of,
    tile_str,
    tiles_str,
    to_136,
    to_counts,
)


def test_kinds_are_numbered_suit_by_suit() -> None:
    assert parse_tiles("1m9m1p9p1s9s") == [0, 8, 9, 17, 18, 26]
    assert parse_tiles("1234567z") == [EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED]
    assert [EAST, RED] == [27, 33]


def test_parse_keeps_the_written_order() -> None:
    assert parse_tiles("3m1m2m") == [2, 0, 1]


def test_spaces_between_groups_are_allowed() -> None:
    assert parse_tiles("123m 456p") == parse_tiles("123m456p")


def test_red_five_is_the_five_kind() -> None:
    assert parse_tiles("0m0p0s") == list(FIVES)
    assert parse_tiles_red("055m") == ([4, 4, 4], [True, False, False])


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("123m8z", 4, '"8z" is not a tile: honors are 1z–7z'),
        ("0z", 0, '"0z" is not a tile'),
        ("12x", 2, '"x" is not part of tile notation'),
        ("m", 0, '"m" has no numbers before it'),
        ("123m45", 4, '"45" has no suit letter'),
    ],
)
def test_parse_errors_name_the_bad_part_and_its_position(
    text: str, position: int, fragment: str
) -> None:
    with pytest.raises(TileParseError) as info:
        parse_tiles(text)
    assert info.value.position == position
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_fifth_copy_is_impossible() -> None:
    with pytest.raises(ImpossibleHandError, match="only four 1z"):
        to_counts(parse_tiles("11111z"))


def test_two_red_fives_of_one_suit_need_the_four_red_rule() -> None:
    with pytest.raises(ImpossibleHandError, match="red 5m"):
        parse_tiles_red("00m")
    tiles, red = parse_tiles_red("00p", max_red=(1, 2, 1))
    assert red == [True, True]


def test_tiles_str_is_sorted_and_grouped_m_p_s_z() -> None:
    assert tiles_str(parse_tiles("7z1s9p1m2m")) == "12m9p1s7z"


def test_tiles_str_writes_red_fives_as_zero() -> None:
    tiles, red = parse_tiles_red("5p0p6p")
    assert tiles_str(tiles, red) == "056p"


@pytest.mark.parametrize("text", ["123m456p789s1122z", "19m19p19s1234567z", "0m", "5550p"])
def test_notation_round_trips(text: str) -> None:
    tiles, red = parse_tiles_red(text)
    assert parse_tiles_red(tiles_str(tiles, red))[0] == sorted(tiles)


def test_parse_tile_needs_exactly_one() -> None:
    assert parse_tile("5s") == 22
    with pytest.raises(TileParseError):
        parse_tile("")


def test_counts_and_tiles_convert_both_ways() -> None:
    tiles = parse_tiles("1123m7z")
    assert counts_to_tiles(to_counts(tiles)) == sorted(tiles)


def test_check_counts_rejects_negative_and_wrong_length() -> None:
    with pytest.raises(ImpossibleHandError):
        check_counts([-1] + [0] * 33)
    with pytest.raises(ImpossibleHandError):
        check_counts([0] * 35)


def test_suits_numbers_and_classes() -> None:
    assert (suit_of(13), number_of(13)) == ("p", 5)
    assert (suit_of(RED), number_of(RED)) == ("z", 7)
    assert is_terminal_or_honor(0) and is_terminal_or_honor(EAST)
    assert is_simple(1) and not is_simple(8)
    assert tile_str(4, red=True) == "0m"


def test_physical_tiles_use_copy_zero_for_red_fives() -> None:
    assert RED_FIVES_136 == (16, 52, 88)
    assert [kind_of_136(t) for t in RED_FIVES_136] == list(FIVES)
    assert is_red_136(16) and not is_red_136(17)
    assert is_red_136(53, red_count=4) and not is_red_136(16, red_count=0)


def test_to_136_and_back_keeps_red_fives() -> None:
    tiles, red = parse_tiles_red("5550m0p")
    physical = to_136(tiles, red)
    assert len(set(physical)) == len(physical)
    assert 16 in physical and 52 in physical
    assert from_136(physical) == (tiles, red)


def test_to_136_refuses_a_fifth_copy() -> None:
    with pytest.raises(ImpossibleHandError):
        to_136([0] * 5)
