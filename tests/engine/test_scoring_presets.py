"""One test per difference between the rule presets (Tenhou, Mahjong Soul, EMA)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    EMA,
    MAHJONG_SOUL,
    PRESETS,
    TENHOU,
    NoYakuError,
    RulePreset,
    ScoreResult,
    UnknownPresetError,
    preset,
    score,
)
from tutor.engine.scoring.settlement import final_scores, noten_payments, ron_winners
from tutor.engine.scoring.situation import EAST, situation_from_hand
from tutor.engine.tiles import parse_tile


def win(text: str, tile: str, rules: RulePreset, **flags: Any) -> ScoreResult:
    hand = parse_hand(text, sizes=(14,))
    return score(situation_from_hand(hand, parse_tile(tile), **flags), rules)


def test_presets_are_found_by_name() -> None:
    assert preset("Mahjong-Soul") is MAHJONG_SOUL and preset("ema") is EMA
    assert set(PRESETS) == {"tenhou", "mahjong soul", "ema"}
    with pytest.raises(UnknownPresetError):
        preset("sichuan")


def test_red_fives_are_dora_on_tenhou_but_not_under_ema() -> None:
    tenhou = win("234067m23455p678s", "4p", TENHOU, riichi=True)
    ema = win("234067m23455p678s", "4p", EMA, riichi=True)
    assert tenhou.red == 1 and tenhou.han == ema.han + 1 and ema.red == 0


def test_open_tanyao_needs_the_kuitan_rule() -> None:
    assert win("234m567p234s88s [678s]", "2m", TENHOU).han == 1
    no_kuitan = replace(TENHOU, name="Tenhou without kuitan", open_tanyao=False)
    with pytest.raises(NoYakuError) as info:
        win("234m567p234s88s [678s]", "2m", no_kuitan)
    assert ("tanyao", "open tanyao does not count under Tenhou without kuitan rules") in (
        info.value.near_misses
    )


def test_single_wait_suuankou_is_a_double_yakuman_on_mahjong_soul_only() -> None:
    hand, tile = "222m444p777s999s11z", "1z"
    assert win(hand, tile, TENHOU, tsumo=True).points == 32000
    soul = win(hand, tile, MAHJONG_SOUL, tsumo=True)
    assert soul.points == 64000 and soul.limit == "double yakuman"


def test_two_yakuman_stack_on_tenhou_but_not_under_ema() -> None:
    hand, tile = "666z777z111z22z [555z]", "2z"  # daisangen and tsuuiisou
    assert win(hand, tile, TENHOU).points == 64000
    assert win(hand, tile, EMA).points == 32000


def test_thirteen_han_is_a_counted_yakuman_on_tenhou_but_sanbaiman_under_ema() -> None:
    hand, tile = "112233p456p789p55p", "4p"
    flags = {"riichi": True, "ippatsu": True, "tsumo": True}
    tenhou, ema = win(hand, tile, TENHOU, **flags), win(hand, tile, EMA, **flags)
    assert (tenhou.limit, tenhou.points, tenhou.counted_yakuman) == ("yakuman", 32000, True)
    assert (ema.limit, ema.points) == ("sanbaiman", 24000)


def test_four_han_30_fu_rounds_up_to_mangan_only_under_a_kiriage_rule() -> None:
    hand, tile = "223344m567p678s55p", "2m"  # riichi, pinfu, tanyao, iipeikou: 4 han 30 fu
    kiriage = replace(TENHOU, name="kiriage mangan", round_up_mangan=True)
    tenhou, rounded = win(hand, tile, TENHOU, riichi=True), win(hand, tile, kiriage, riichi=True)
    assert (tenhou.han, tenhou.fu, tenhou.points) == (4, 30, 7700)
    assert (rounded.points, rounded.base_points) == (8000, 2000)


def test_ema_does_not_round_four_han_30_fu_up_to_mangan() -> None:
    # seed 002: mangan starts at 5 han, 4 han 40 fu or 3 han 70 fu
    ema = win("223344m567p678s55p", "2m", EMA, riichi=True)
    assert (ema.han, ema.fu, ema.points, ema.base_points) == (4, 30, 7700, 1920)


def test_a_double_wind_pair_is_4_fu_on_tenhou_and_2_under_ema() -> None:
    hand, tile = "555m789p123s456s11z", "3s"  # East dealer in the East round, edge wait
    tenhou = win(hand, tile, TENHOU, tsumo=True, seat_wind=EAST)
    ema = win(hand, tile, EMA, tsumo=True, seat_wind=EAST)
    assert "Pair of East (seat and round wind): +4" in [str(x) for x in tenhou.fu_lines]
    assert "Pair of East (seat and round wind): +2" in [str(x) for x in ema.fu_lines]
    assert (tenhou.fu, ema.fu) == (40, 30)


def test_three_rons_on_one_discard_abort_on_tenhou_but_all_win_under_ema() -> None:
    assert ron_winners(2, [0, 1], TENHOU) == ron_winners(2, [0, 1], EMA) == (0, 1)
    assert ron_winners(2, [0, 1, 3], TENHOU) == ()
    assert ron_winners(2, [0, 1, 3], EMA) == (3, 0, 1)  # in turn order after the discarder


def test_a_head_bump_rule_lets_only_the_next_player_in_turn_win() -> None:
    head_bump = replace(TENHOU, name="head bump", multiple_ron="head_bump")
    assert ron_winners(2, [0, 1], head_bump) == (0,)  # turn order after seat 2: 3, 0, 1


def test_uma_and_return_points_differ_between_presets() -> None:
    points = (40000, 30000, 20000, 10000)  # starting from 25,000 each
    assert final_scores(points, TENHOU) == (50, 10, -20, -40)  # return 30,000, uma 20/10
    assert final_scores(points, MAHJONG_SOUL) == (30, 10, -10, -30)  # return 25,000, uma 15/5
    # EMA starts and returns at 30,000, uma 15/5
    assert final_scores((45000, 35000, 25000, 15000), EMA) == (30, 10, -10, -30)


@pytest.mark.parametrize("rules", [TENHOU, MAHJONG_SOUL, EMA], ids=lambda r: r.name)
def test_noten_payments_are_3000_split_in_every_preset(rules: RulePreset) -> None:
    assert noten_payments((True, False, True, False), rules.noten_payments) == (
        1500,
        -1500,
        1500,
        -1500,
    )


def test_a_four_red_fives_rule_makes_a_second_5p_red() -> None:
    from tutor.engine.scoring import Situation, physical_tiles

    tiles = physical_tiles("234567m23455p678s")  # plain 5p take copies 1 and 2: 53 and 54
    situation = Situation(closed=tiles, win_tile=tiles[8], riichi=True)
    assert score(situation, TENHOU).red == 0
    assert score(situation, replace(TENHOU, name="four reds", red_fives=4)).red == 1
