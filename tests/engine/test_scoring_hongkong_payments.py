"""Hong Kong payments: who pays what for a self-drawn win and for a win by discard.

Seed 003 is silent on payments; the rule implemented is seed 000's faan game (its cases 1 and 2),
which is also the common Hong Kong rule.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    HONG_KONG,
    HongKongResult,
    HongKongRules,
    LoserPayments,
    score,
    situation_from_hand,
)
from tutor.engine.scoring.situation import EAST, WEST
from tutor.engine.tiles import parse_tile

# 123m 456p 789s 234s 55p: all chows, concealed, no flowers
CHOWS = ("123m456p789s234s55p", "4s")
EAST_SEAT, SOUTH_SEAT, WEST_SEAT, NORTH_SEAT = 0, 1, 2, 3


def hk(text: str, tile: str, rules: HongKongRules = HONG_KONG, **flags: Any) -> HongKongResult:
    hand = parse_hand(text, sizes=(14,))
    return score(situation_from_hand(hand, parse_tile(tile), **flags), rules)


def test_the_discarder_pays_double_and_the_two_others_once() -> None:
    result = hk(*CHOWS)  # 3 faan: 8 points
    assert result.points == 8
    assert [(p.payer, p.amount, p.count) for p in result.payments.items] == [
        ("discarder", 16, 1),
        ("other", 8, 2),
    ]
    assert result.payments.total == 32


def test_on_a_self_drawn_win_every_loser_pays_double() -> None:
    result = hk(*CHOWS, tsumo=True)  # 4 faan: 16 points
    assert result.points == 16
    assert [(p.payer, p.amount, p.count) for p in result.payments.items] == [("other", 32, 3)]
    assert result.payments.total == 96


def test_seed_000_case_1_west_self_draws_and_east_south_north_pay_double() -> None:
    result = hk(*CHOWS, tsumo=True, seat_wind=WEST)
    assert result.payments.by_seat(WEST_SEAT, None, EAST_SEAT) == (-32, -32, 96, -32)


def test_seed_000_case_2_west_wins_on_norths_discard_and_north_pays_double() -> None:
    result = hk(*CHOWS, seat_wind=WEST)
    assert result.payments.by_seat(WEST_SEAT, NORTH_SEAT, EAST_SEAT) == (-8, -8, 32, -16)


def test_the_dealer_neither_pays_nor_receives_more_under_hong_kong_rules() -> None:
    dealer = hk(*CHOWS, seat_wind=EAST)
    assert dealer.payments.by_seat(EAST_SEAT, NORTH_SEAT, EAST_SEAT) == (32, -8, -8, -16)
    south = hk(*CHOWS, seat_wind=WEST)
    assert south.payments.by_seat(WEST_SEAT, SOUTH_SEAT, EAST_SEAT) == (-8, -16, 32, -8)


def test_the_discarder_pays_for_everyone_when_the_rules_say_so() -> None:
    full = replace(
        HONG_KONG, name="discarder pays all", payment=LoserPayments(discarder_pays_all=True)
    )
    result = hk(*CHOWS, full, seat_wind=WEST)
    assert result.payments.by_seat(WEST_SEAT, NORTH_SEAT, EAST_SEAT) == (0, 0, 32, -32)
    # a self-drawn win is paid as before
    assert hk(*CHOWS, full, tsumo=True).payments.total == 96


def test_a_limit_hand_is_paid_from_the_limit_points() -> None:
    result = hk("222m444p777s999s11z", "2m", tsumo=True)  # hidden treasure
    assert result.special == "Hidden treasure" and result.payments.total == 3 * 2 * 64


def test_payments_follow_the_points_table_of_the_rules() -> None:
    seed_000_table = replace(HONG_KONG, name="seed 000 table", points=(1, 2, 4, 8, 16, 16, 16))
    # self-drawn, concealed, mixed one suit, pung of white; a flower that is not the seat's
    result = hk("123456789m11z555z", "5z", seed_000_table, tsumo=True, flowers=(3,))
    assert (result.faan, result.points) == (6, 16)
    assert result.payments.items[0].amount == 32  # seed 000: "pagará 32 puntos"


def test_a_ron_needs_the_discarders_seat_to_be_shared_out() -> None:
    with pytest.raises(ValueError, match="discarder"):
        hk(*CHOWS).payments.by_seat(WEST_SEAT, None, EAST_SEAT)
