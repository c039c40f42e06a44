"""Hong Kong rules (seed 003): the special hands score the limit, normal hands add their faan."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    HONG_KONG,
    HongKongResult,
    NotEnoughFaanError,
    ScoringError,
    score,
    situation_from_hand,
)
from tutor.engine.scoring.situation import EAST
from tutor.engine.tiles import parse_tile


def hk(text: str, tile: str, rules: Any = HONG_KONG, **flags: Any) -> HongKongResult:
    hand = parse_hand(text, sizes=(14,))
    return score(situation_from_hand(hand, parse_tile(tile), **flags), rules)


def faan(result: HongKongResult) -> dict[str, int]:
    return {line.name: line.faan for line in result.lines}


@pytest.mark.parametrize(
    ("text", "tile", "flags", "special"),
    [
        ("222m444p777s999s11z", "2m", {"tsumo": True}, "Hidden treasure"),
        ("555z666z777z234m11p", "4m", {}, "Great dragons"),
        ("111z222z333z444z55m", "5m", {}, "Four winds"),
        ("222z333z555z66z [111z]", "6z", {}, "All honors"),
        ("111m999p111s99s [999m]", "9s", {}, "All terminals"),
        ("11123455678999m", "5m", {}, "Nine gates"),
        ("55p [2222m] [4444s] [9999p] (1111z)", "5p", {}, "Kongs"),
        ("666z222s444s88s [666s]", "8s", {}, "Jade dragon"),
        ("777z222p444p88p [666p]", "8p", {}, "Ruby dragon"),
        ("555z222m444m88m [666m]", "8m", {}, "Pearl dragon"),
        ("19m19p19s1234567z9s", "9s", {}, "Thirteen orphans"),
    ],
)
def test_special_hands_score_the_limit(
    text: str, tile: str, flags: dict[str, Any], special: str
) -> None:
    result = hk(text, tile, **flags)
    assert result.special == special and result.points == 64 and result.is_limit


def test_all_chows_concealed_and_self_drawn_add_up() -> None:
    result = hk("123m456p789s234s55p", "4s", tsumo=True)
    assert faan(result) == {"Self-drawn": 1, "Concealed hand": 1, "All chows": 1, "No flowers": 1}
    assert (result.faan, result.points) == (4, 16)


def test_all_pungs_is_three_faan() -> None:
    assert faan(hk("222m444p66s [777s] [999m]", "6s"))["All pungs"] == 3


def test_pure_one_suit_is_seven_faan_and_mixed_one_suit_three() -> None:
    assert faan(hk("123456789m99m555m", "9m"))["Pure one suit"] == 7
    assert faan(hk("123456789m11z555z", "5z"))["Mixed one suit"] == 3


def test_dragon_and_wind_pungs_are_one_faan_each() -> None:
    result = hk("123m456p789s111z55z", "5z", seat_wind=EAST)
    assert faan(result)["Pung of East (seat wind)"] == 1
    assert faan(result)["Pung of East (round wind)"] == 1


def test_small_three_dragons() -> None:
    assert faan(hk("555z666z77z234m456p", "4p"))["Small three dragons"] == 5


def test_seven_pairs() -> None:
    assert faan(hk("1199m2288p3377s55z", "5z"))["Seven pairs"] == 4


def test_own_flowers_score_and_no_flowers_scores_one() -> None:
    hand, tile = "123m456p789s234s55p", "4s"
    assert "No flowers" in faan(hk(hand, tile))
    # South seat: flower 2 and season 6 are its own, flower 3 is not
    result = hk(hand, tile, flowers=(2, 3, 6))
    assert [str(x) for x in result.lines].count("Own flower: 1") == 2


def test_points_half_double_up_to_the_limit() -> None:
    assert [HONG_KONG.points_for(f) for f in range(10)] == [1, 2, 4, 8, 16, 24, 32, 48, 64, 64]


def test_a_minimum_faan_rule_rejects_a_small_hand() -> None:
    three_faan = replace(HONG_KONG, name="Hong Kong, 3 faan minimum", min_faan=3)
    with pytest.raises(NotEnoughFaanError, match="need 3 to win"):
        hk("123m456p789s234s55p", "4s", three_faan, flowers=(1,))


def test_flowers_are_numbered_one_to_eight() -> None:
    with pytest.raises(ScoringError):
        hk("123m456p789s234s55p", "4s", flowers=(9,))
