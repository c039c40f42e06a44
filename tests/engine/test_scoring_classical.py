"""Classical Chinese rules: seed 001's simple, bonus and exponential points, seed 000's payments."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    CLASSICAL,
    ClassicalResult,
    ClassicalRules,
    LoserPayments,
    NotAWinningHandError,
    UnknownScoringError,
    score,
    situation_from_hand,
)
from tutor.engine.scoring.situation import EAST, WEST
from tutor.engine.tiles import parse_tile

SIMPLE = replace(CLASSICAL, name="simple", scoring="simple")
BONUS = replace(CLASSICAL, name="bonus", scoring="bonus")
EAST_SEAT, SOUTH_SEAT, WEST_SEAT, NORTH_SEAT = 0, 1, 2, 3


def win(text: str, tile: str, rules: ClassicalRules = CLASSICAL, **flags: Any) -> ClassicalResult:
    hand = parse_hand(text, sizes=(14,))
    return score(situation_from_hand(hand, parse_tile(tile), **flags), rules)


def lines(result: ClassicalResult) -> dict[str, int]:
    return {line.name: line.points for line in result.lines}


# --- seed 001: simple and bonus scoring ---------------------------------------------------


def test_simple_scoring_gives_the_winner_one_point() -> None:
    assert win("123m456p789s555z11s", "1s", SIMPLE, tsumo=True, haitei=True).points == 1


def test_bonus_scoring_adds_a_point_for_not_winning_on_a_discard() -> None:
    assert lines(win("123m456p789s234s11s", "4s", BONUS, tsumo=True)) == {
        "Mahjong": 1,
        "Not won on a discard": 1,
    }
    assert win("123m456p789s234s11s", "4s", BONUS).points == 1


def test_bonus_scoring_adds_a_point_for_the_last_tile_and_for_each_dragon_pung() -> None:
    result = win("123m456p555z666z11s", "1s", BONUS, tsumo=True, haitei=True)
    assert result.points == 1 + 1 + 1 + 2
    assert lines(result)["Won on the last tile"] == 1
    assert {"Pung of White dragon", "Pung of Green dragon"} <= set(lines(result))


# --- seed 001: exponential scoring --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tile", "flags", "name", "points"),
    [
        ("123m456p789s11s [555m]", "1s", {}, "Exposed pung of 5m", 2),
        ("123m456p789s11s555m", "1s", {}, "Concealed pung of 5m", 4),
        ("123m456p789s11s [111m]", "1s", {}, "Exposed pung of 1m", 4),
        ("123m456p789s11s999m", "1s", {}, "Concealed pung of 9m", 8),
        ("123m456p789s11s [5555m]", "1s", {}, "Exposed kong of 5m", 8),
        ("123m456p789s11s (5555m)", "1s", {}, "Concealed kong of 5m", 16),
        ("123m456p789s11s (9999m)", "1s", {}, "Concealed kong of 9m", 32),
    ],
)
def test_a_pung_is_2_doubled_if_concealed_doubled_for_ones_or_nines_and_twice_more_as_a_kong(
    text: str, tile: str, flags: dict[str, Any], name: str, points: int
) -> None:
    assert lines(win(text, tile, **flags)) == {name: points}


def test_a_pung_of_honors_doubles_like_ones_and_nines_unless_the_rules_say_not() -> None:
    assert lines(win("123m456p789s11s [777z]", "1s")) == {"Exposed pung of Red dragon": 4}
    literal = replace(CLASSICAL, name="ones and nines only", honor_factor=1)
    assert lines(win("123m456p789s11s [777z]", "1s", literal)) == {"Exposed pung of Red dragon": 2}


def test_a_pung_completed_by_the_winning_discard_counts_as_shown() -> None:
    ron = win("123m456p789s11s555m", "5m")
    tsumo = win("123m456p789s11s555m", "5m", tsumo=True)
    assert lines(ron) == {"Exposed pung of 5m": 2}
    assert lines(tsumo) == {"Concealed pung of 5m": 4}


def test_exponential_points_add_up_over_the_pungs() -> None:
    result = win("111m999p555z11s [4444s]", "1s", tsumo=True)
    assert result.points == 8 + 8 + 8 + 8


def test_a_hand_of_chows_is_worth_nothing_under_exponential_scoring() -> None:
    assert win("123m456p789s234s11s", "4s").points == 0


def test_only_four_sets_and_a_pair_win_under_classical_rules() -> None:
    with pytest.raises(NotAWinningHandError, match="four sets"):
        win("1199m2288p3377s55z", "5z")


def test_an_unknown_way_of_scoring_is_refused() -> None:
    fancy: Any = "fancy"
    odd = replace(CLASSICAL, name="odd", scoring=fancy)
    with pytest.raises(UnknownScoringError, match="simple, bonus or exponential"):
        win("123m456p789s234s11s", "4s", odd)


# --- seed 000: payments --------------------------------------------------------------------

HAND = ("123m456p789s11s999m", "1s")  # a concealed pung of nines: 8 points


def test_seed_000_case_1_a_self_drawn_win_is_paid_double_by_all_three() -> None:
    result = win(*HAND, tsumo=True, seat_wind=WEST)
    assert result.points == 8
    assert result.payments.by_seat(WEST_SEAT, None, EAST_SEAT) == (-16, -16, 48, -16)


def test_seed_000_case_2_the_discarder_pays_double_and_the_others_once() -> None:
    result = win(*HAND, seat_wind=WEST)
    assert result.payments.by_seat(WEST_SEAT, NORTH_SEAT, EAST_SEAT) == (-8, -8, 32, -16)


def test_seed_000_case_3_east_wins_and_the_discarder_pays_four_times() -> None:
    result = win(*HAND, seat_wind=EAST)
    assert result.payments.by_seat(EAST_SEAT, NORTH_SEAT, EAST_SEAT) == (64, -16, -16, -32)


def test_without_the_discard_penalty_a_discarder_no_longer_pays_east_four_times() -> None:
    variant = replace(
        CLASSICAL,
        name="no discard penalty",
        payment=LoserPayments(discarder_factor=1, dealer_win_factor=2),
    )
    result = win(*HAND, variant, seat_wind=EAST)
    assert result.payments.by_seat(EAST_SEAT, NORTH_SEAT, EAST_SEAT) == (48, -16, -16, -16)


def test_points_are_doubled_only_after_they_are_counted() -> None:
    # seed 000: 6 faan are 16 points, and a player paying double pays 32
    assert LoserPayments().pay(16, tsumo=False).items[0].amount == 32
