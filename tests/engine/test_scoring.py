"""Scoring rules, one test per rule: yaku, fu lines, limits, payments, splits, bad input."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    TENHOU,
    CalledSet,
    ImpossibleSituationError,
    InvalidTilesError,
    NotAWinningHandError,
    NoYakuError,
    RulePreset,
    ScoreResult,
    Situation,
    has_yaku,
    score,
)
from tutor.engine.scoring.situation import EAST, SOUTH, WEST, situation_from_hand
from tutor.engine.tiles import parse_tile


def win(text: str, tile: str, rules: RulePreset = TENHOU, **flags: Any) -> ScoreResult:
    """Score the 14-tile hand ``text`` won on ``tile`` (South seat, East round by default)."""
    hand = parse_hand(text, sizes=(14,))
    return score(situation_from_hand(hand, parse_tile(tile), **flags), rules)


def yaku(result: ScoreResult) -> dict[str, int]:
    return {y.name: y.han for y in result.yaku}


def lines(result: ScoreResult) -> list[str]:
    return [str(line) for line in result.fu_lines]


# --- yaku -----------------------------------------------------------------------------------


def test_riichi_is_one_han() -> None:
    assert yaku(win("123m456p789s234s55p", "4s", riichi=True)) == {"Riichi": 1, "Pinfu": 1}


def test_double_riichi_is_two_han_and_replaces_riichi() -> None:
    assert yaku(win("123m456p789s234s55p", "4s", double_riichi=True)) == {
        "Double Riichi": 2,
        "Pinfu": 1,
    }


def test_ippatsu_adds_one_han_to_riichi() -> None:
    assert yaku(win("123m456p789s234s55p", "4s", riichi=True, ippatsu=True))["Ippatsu"] == 1


def test_menzen_tsumo_is_a_closed_hand_won_by_tsumo() -> None:
    assert yaku(win("123m456p789s234s55p", "4s", tsumo=True)) == {"Menzen Tsumo": 1, "Pinfu": 1}


def test_pinfu_needs_a_two_sided_wait() -> None:
    # same tiles won on the closed 3s of 2_4s: no pinfu, and the hand has no yaku at all
    with pytest.raises(NoYakuError):
        win("123m456p789s234s55p", "3s")


def test_tanyao_all_simples_counts_open_under_tenhou() -> None:
    result = win("234m567p234s88s [678s]", "2m")
    assert yaku(result) == {"Tanyao": 1}


def test_iipeikou_is_two_identical_sequences_in_a_closed_hand() -> None:
    assert yaku(win("223344m567p789s11z", "4m", riichi=True))["Iipeikou"] == 1


def test_ryanpeikou_beats_seven_pairs() -> None:
    result = win("223344m667788p55s", "5s", riichi=True)
    assert "Ryanpeikou" in yaku(result) and "Chiitoitsu" not in yaku(result)
    assert any("Chiitoitsu" in s.yaku for s in result.other_splits)


@pytest.mark.parametrize(
    ("honor", "seat", "name"),
    [("5z", SOUTH, "Haku"), ("6z", SOUTH, "Hatsu"), ("7z", SOUTH, "Chun"),
     ("2z", SOUTH, "Seat Wind South"), ("1z", SOUTH, "Round Wind East")],
)  # fmt: skip
def test_yakuhai_is_a_set_of_a_dragon_or_own_or_round_wind(
    honor: str, seat: int, name: str
) -> None:
    tile = honor[0] * 3 + "z"
    result = win(f"123m456p789s{tile}55p", "5p", seat_wind=seat)
    assert yaku(result)[name] == 1


def test_a_set_of_the_double_wind_counts_twice() -> None:
    result = win("123m456p789s111z55p", "5p", seat_wind=EAST)
    assert yaku(result) == {"Seat Wind East": 1, "Round Wind East": 1}


def test_chiitoitsu_is_two_han_25_fu() -> None:
    result = win("1199m2288p3377s55z", "5z", tsumo=True)
    assert yaku(result)["Chiitoitsu"] == 2 and result.fu == 25


def test_ittsu_is_two_han_closed_one_open() -> None:
    assert yaku(win("123456789m234p55s", "9m", riichi=True))["Ittsu"] == 2
    assert yaku(win("123456m234p55s [789m]", "4p"))["Ittsu"] == 1


def test_sanshoku_is_two_han_closed_one_open() -> None:
    assert yaku(win("345m345p345s678m99p", "3m", riichi=True))["Sanshoku Doujun"] == 2
    assert yaku(win("345m345p678m99p [345s]", "3m"))["Sanshoku Doujun"] == 1


def test_sanshoku_doukou_is_three_sets_of_one_number() -> None:
    assert yaku(win("222m222p234s55p [222s]", "4s"))["Sanshoku Doukou"] == 2


def test_toitoi_is_four_sets() -> None:
    assert yaku(win("222m444p66s [777s] [999m]", "6s"))["Toitoi"] == 2


def test_sanankou_is_three_concealed_sets() -> None:
    assert yaku(win("222m444p777s456s99p", "4s", riichi=True))["Sanankou"] == 2


def test_a_set_completed_by_ron_is_not_concealed_for_sanankou() -> None:
    tsumo = win("222m444p777s99p456s", "7s", tsumo=True)
    ron = win("222m444p777s99p456s", "7s", riichi=True)
    assert "Sanankou" in yaku(tsumo) and "Sanankou" not in yaku(ron)


def test_sankantsu_is_three_kans() -> None:
    result = win("456p77s [2222m] [4444s] (9999p)", "7s")
    assert yaku(result)["Sankantsu"] == 2


def test_honitsu_is_three_han_closed_two_open() -> None:
    assert yaku(win("123456789m11z555z", "5z", riichi=True))["Honitsu"] == 3
    assert yaku(win("123456m11z555z [789m]", "5z"))["Honitsu"] == 2


def test_chinitsu_is_six_han_closed_five_open() -> None:
    assert yaku(win("123456789m99m555m", "9m", riichi=True))["Chinitsu"] == 6
    assert yaku(win("123456789m99m [555m]", "9m"))["Chinitsu"] == 5


def test_chanta_and_junchan_need_a_terminal_or_honor_in_every_group() -> None:
    assert yaku(win("123m789p123s111z99s", "9s", riichi=True))["Chanta"] == 2
    assert yaku(win("123m789p123s789s99m", "9m", riichi=True))["Junchan"] == 3


def test_honroutou_is_only_terminals_and_honors() -> None:
    assert yaku(win("111m999p11s [111z] [999s]", "1s"))["Honroutou"] == 2


def test_shousangen_is_two_dragon_sets_and_a_dragon_pair() -> None:
    result = win("555z666z77z234m456p", "4p")
    assert yaku(result)["Shousangen"] == 2


def test_haitei_houtei_rinshan_and_chankan_are_one_han_each() -> None:
    assert "Haitei Raoyue" in yaku(win("123m456p789s234s55p", "4s", tsumo=True, haitei=True))
    assert "Houtei Raoyui" in yaku(win("123m456p789s234s55p", "4s", houtei=True))
    assert "Chankan" in yaku(win("123m456p789s234s55p", "4s", chankan=True))
    assert "Rinshan Kaihou" in yaku(win("123m456p234s55p (9999s)", "4s", tsumo=True, rinshan=True))


# --- yakuman --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tile", "flags", "name"),
    [
        ("19m19p19s1234567z1m", "9m", {}, "Kokushi Musou"),
        ("222m444p777s999s11z", "2m", {"tsumo": True}, "Suuankou"),
        ("555z666z777z234m11p", "4m", {}, "Daisangen"),
        ("222z333z555z66z [111z]", "6z", {}, "Tsuuiisou"),
        ("234s666s888s66z [234s]", "6z", {}, "Ryuuiisou"),
        ("111m999p111s99s [999m]", "9s", {}, "Chinroutou"),
        ("11123455678999m", "1m", {}, "Chuuren Poutou"),
        ("111z222z333z44z [567m]", "4z", {}, "Shousuushii"),
        ("222z333z444z55m [111z]", "5m", {}, "Daisuushii"),
        ("55p [2222m] [4444s] [9999p] (1111z)", "5p", {}, "Suukantsu"),
        ("123m456p789s234s55p", "4s", {"tsumo": True, "seat_wind": EAST, "tenhou": True}, "Tenhou"),
        ("123m456p789s234s55p", "4s", {"tsumo": True, "chiihou": True}, "Chiihou"),
    ],
)
def test_yakuman_pays_the_limit(text: str, tile: str, flags: dict[str, Any], name: str) -> None:
    result = win(text, tile, **flags)
    assert name in yaku(result)
    assert result.limit == "yakuman" and result.base_points == 8000
    assert all(y.is_yakuman for y in result.yaku)  # no dora and no ordinary yaku beside it


def test_thirteen_orphans_on_the_thirteen_sided_wait_is_a_single_yakuman_on_tenhou() -> None:
    result = win("19m19p19s1234567z1m", "1m")  # the pair tile won: a 13-sided wait
    assert yaku(result) == {"Kokushi Musou 13-sided": 13}
    assert result.points == 32000


def test_thirteen_counted_han_is_a_counted_yakuman_on_tenhou() -> None:
    # riichi, ippatsu, tsumo, pinfu, iipeikou, ittsu and chinitsu: 13 han without a yakuman
    result = win("112233p456p789p55p", "4p", riichi=True, ippatsu=True, tsumo=True)
    assert result.han >= 13 and result.limit == "yakuman" and result.counted_yakuman


# --- fu lines -------------------------------------------------------------------------------


def test_pinfu_tsumo_is_20_fu() -> None:
    result = win("123m456p789s234s55p", "4s", tsumo=True)
    assert result.fu == 20
    assert "Tsumo with pinfu: no tsumo fu: 0" in lines(result)


def test_closed_ron_adds_10_fu() -> None:
    result = win("123m456p789s234s55p", "4s", riichi=True)
    assert lines(result)[:2] == ["Base: 20", "Closed ron: +10"] and result.fu == 30


def test_open_hand_with_no_fu_won_by_ron_is_30_fu() -> None:
    result = win("234m567p234s88s [678s]", "2m")
    assert result.fu == 30
    assert "Open hand with no fu, won by ron: +2" in lines(result)
    assert "Rounding 22 up to 30: +8" in lines(result)


@pytest.mark.parametrize(
    ("text", "tile", "line"),
    [
        ("123m456p789s24s55p3s", "3s", "Closed wait (kanchan) on 3s: +2"),
        ("123m456p789s12s55p3s", "3s", "Edge wait (penchan) on 3s: +2"),
        ("123m456p789s123s44z", "4z", "Pair wait (tanki) on North: +2"),
        ("123m456p789s234s55p", "4s", "Two-sided wait (ryanmen) on 4s: 0"),
    ],
)
def test_the_wait_shape_gives_its_fu(text: str, tile: str, line: str) -> None:
    assert line in lines(win(text, tile, riichi=True))


def test_a_called_triplet_of_a_terminal_is_4_fu() -> None:
    result = win("123m678s55p [999p] [777z]", "6s")
    assert "Called triplet of 9p, terminal: 4" in lines(result)


def test_a_concealed_triplet_of_a_simple_is_4_fu_and_of_an_honor_8() -> None:
    result = win("555m111z456p678s99s", "6s", tsumo=True)
    assert "Concealed triplet of 5m, simple: 4" in lines(result)
    assert "Concealed triplet of East, honor: 8" in lines(result)


def test_kans_are_worth_four_times_a_set() -> None:
    result = win("456p678s99s [5555m] (1111z)", "6s")
    assert "Called quad of 5m, simple: 8" in lines(result)
    assert "Concealed quad of East, honor: 32" in lines(result)


def test_a_set_completed_by_ron_counts_as_open() -> None:
    result = win("123m456p789s444s55p", "4s", riichi=True)
    assert "Triplet of 4s completed by ron, counted as called, simple: 2" in lines(result)


def test_fu_lines_name_sets_as_sets_never_as_calls() -> None:
    # Chi, pon and kan name the calls; the sets they make are sequences, triplets and quads.
    result = win("456p678s99s [5555m] (1111z)", "6s")
    result2 = win("123m678s55p [999p] [777z]", "6s")
    text = " ".join(lines(result) + lines(result2))
    assert not re.search(r"\b(Pon|Kan|Chi)\b", text), text


def test_a_dragon_pair_is_2_fu_and_a_double_wind_pair_4_on_tenhou() -> None:
    assert "Pair of Red dragon (a dragon): +2" in lines(
        win("123m456p789s234s77z", "4s", tsumo=True)
    )
    result = win("123m456p789s234s11z", "4s", tsumo=True, seat_wind=EAST)
    assert "Pair of East (seat and round wind): +4" in lines(result)


def test_seven_pairs_is_25_fu_never_rounded() -> None:
    result = win("1199m2288p3377s55z", "5z", riichi=True)
    assert lines(result) == ["Seven pairs (chiitoitsu), always, never rounded: 25"]


def test_fu_lines_add_up_to_the_rounded_fu() -> None:
    result = win("555m111z456p678s99s", "6s", tsumo=True)
    assert sum(line.fu for line in result.fu_lines) == result.fu == 40


# --- limits, payments, splits ---------------------------------------------------------------


def test_base_points_are_fu_times_two_to_the_han_plus_two() -> None:
    result = win("123m456p789s234s55p", "4s", riichi=True)
    assert result.base_points == 30 * 2 ** (2 + 2) and result.points == 2000


def test_five_han_is_mangan() -> None:
    result = win("123456789m234p55s", "9m", riichi=True, tsumo=True)
    assert result.limit == "mangan" and result.points == 8000


def test_dealer_ron_is_six_times_base_and_honba_add_300() -> None:
    result = win("123m456p789s234s55p", "4s", riichi=True, seat_wind=EAST, honba=2, riichi_sticks=1)
    assert result.points == 2900
    assert result.payments.as_dict() == {
        "discarder": 3500,
        "honba": 600,
        "sticks": 1000,
        "total": 4500,
    }


def test_non_dealer_tsumo_the_dealer_pays_double() -> None:
    result = win("123m456p789s234s55p", "4s", tsumo=True, riichi=True, honba=1)
    assert result.payments.as_dict() == {
        "dealer": 1400, "non_dealer": 800, "honba": 300, "sticks": 0, "total": 3000,
    }  # fmt: skip


def test_the_highest_scoring_split_is_chosen_and_the_others_listed() -> None:
    result = win("111222333m789p55s", "3m", tsumo=True)
    assert "Sanankou" in yaku(result) or "Suuankou" in yaku(result)
    assert result.other_splits and all(s.points <= result.points for s in result.other_splits)
    assert any("Iipeikou" in s.yaku or "Pinfu" in s.yaku for s in result.other_splits)


# --- near misses ----------------------------------------------------------------------------


def _misses(result: ScoreResult) -> dict[str, str]:
    return {m.yaku: m.reason for m in result.near_misses}


def test_near_miss_pinfu_the_wait_is_closed() -> None:
    assert _misses(win("234m456p789s24s55p3s", "3s", riichi=True))["pinfu"] == (
        "the wait is closed (kanchan)"
    )


def test_near_miss_tanyao_holds_9p() -> None:
    assert _misses(win("234m456p789p234s55p", "4s", riichi=True))["tanyao"] == "holds 9p"


def test_near_miss_menzen_tsumo_the_hand_is_open() -> None:
    assert (
        _misses(win("234m567p234s88s [678s]", "2m", tsumo=True))["menzen tsumo"]
        == "the hand is open"
    )


def test_near_miss_sanshoku_missing_345s() -> None:
    assert _misses(win("345m345p678s789s55p", "5m", riichi=True))["sanshoku"] == "missing 345s"


def test_near_miss_ittsu_missing_789m() -> None:
    assert _misses(win("123456m234p678s55p", "4p", riichi=True))["ittsu"] == "missing 789m"


def test_near_miss_yakuhai_a_pair_not_a_set() -> None:
    assert _misses(win("123m456p789s234s77z", "4s", riichi=True))["yakuhai"] == (
        "a pair of Red dragon, not a set"
    )


def test_near_miss_chiitoitsu_counts_the_pairs() -> None:
    assert _misses(win("112233m456p789s55z", "5z", riichi=True))["chiitoitsu"] == (
        "only 4 pairs, seven pairs needs 7"
    )


def test_near_miss_iipeikou_toitoi_and_honitsu() -> None:
    misses = _misses(win("123m456p789s234s55p", "4s", riichi=True))
    assert misses["iipeikou"] == "no two identical sequences"
    assert misses["toitoi"] == "it holds the sequence 123m"
    assert misses["honitsu"] == "it uses three suits"


def test_a_hand_without_yaku_cannot_win() -> None:
    with pytest.raises(NoYakuError, match="No yaku: this hand cannot win") as info:
        win("123m456p789s222s99p", "9p")
    assert ("tanyao", "holds 1m, 9p, 9s") in info.value.near_misses


# --- impossible situations ------------------------------------------------------------------


def test_chankan_on_a_tsumo_is_rejected() -> None:
    with pytest.raises(ImpossibleSituationError, match="chankan"):
        win("123m456p789s234s55p", "4s", tsumo=True, chankan=True)


def test_riichi_with_an_open_hand_is_rejected() -> None:
    with pytest.raises(ImpossibleSituationError, match="closed hand"):
        win("234m567p234s88s [678s]", "2m", riichi=True)


@pytest.mark.parametrize(
    ("flags", "word"),
    [
        ({"ippatsu": True}, "ippatsu"),
        ({"rinshan": True, "tsumo": True}, "rinshan"),
        ({"rinshan": True}, "rinshan"),
        ({"haitei": True}, "haitei"),
        ({"houtei": True, "tsumo": True}, "houtei"),
        ({"tenhou": True, "tsumo": True}, "tenhou"),
        ({"chiihou": True}, "chiihou"),
    ],
)
def test_contradicting_flags_are_rejected(flags: dict[str, Any], word: str) -> None:
    with pytest.raises(ImpossibleSituationError, match=word):
        win("123m456p789s234s55p", "4s", **flags)


def test_a_fifth_copy_is_rejected() -> None:
    # 1111m concealed and a pon of 1m beside it: the pon reuses physical tiles 0..2
    closed = (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12)
    fifth = Situation(closed=closed, win_tile=0, melds=(CalledSet("pon", (0, 1, 2)),))
    with pytest.raises(InvalidTilesError, match="only four copies of 1m"):
        score(fifth)


def test_a_tile_count_other_than_fourteen_is_rejected() -> None:
    with pytest.raises(InvalidTilesError, match="14 tiles"):
        score(Situation(closed=(0, 1, 2), win_tile=0))


def test_tiles_that_are_not_a_winning_shape_are_rejected() -> None:
    with pytest.raises(NotAWinningHandError):
        win("123m456p789s235s55p", "5s")


def test_errors_are_value_errors() -> None:
    assert issubclass(NoYakuError, ValueError) and issubclass(ImpossibleSituationError, ValueError)


def test_west_seat_is_not_the_dealer() -> None:
    assert not Situation(closed=(), win_tile=0, seat_wind=WEST).is_dealer


def test_an_indicator_cannot_also_be_in_the_hand() -> None:
    hand = parse_hand("123m456p789s234s55p", sizes=(14,))
    situation = situation_from_hand(hand, parse_tile("4s"), riichi=True)
    with pytest.raises(InvalidTilesError, match="indicator"):
        score(replace(situation, dora_indicators=(situation.closed[0],)))


def test_thirteen_orphans_says_fu_do_not_count() -> None:
    result = win("19m19p19s1234567z1m", "9m")
    assert lines(result) == ["Thirteen orphans is a yakuman: no fu are counted: 0"]


# --- has_yaku: the test a ron must pass --------------------------------------------------


def test_a_ron_without_yaku_cannot_win_until_riichi_gives_one() -> None:
    waiting = parse_hand("123m456p789s222s9p")
    assert has_yaku(waiting, parse_tile("9p")) is False
    assert has_yaku(waiting, parse_tile("9p"), riichi=True) is True


def test_a_tile_that_does_not_complete_the_hand_has_no_yaku() -> None:
    assert has_yaku(parse_hand("123m456p789s222s9p"), parse_tile("8p"), riichi=True) is False


def test_a_value_pon_is_a_yaku_even_with_calls() -> None:
    called = parse_hand("23m456p789s99p [777z]")
    assert has_yaku(called, parse_tile("1m")) is True
    assert has_yaku(called, parse_tile("4m")) is True


def test_the_seat_wind_decides_whether_a_wind_set_is_a_yaku() -> None:
    waiting = parse_hand("23m456p789s99p [222z]")  # a called set of South
    assert has_yaku(waiting, parse_tile("1m"), seat_wind=SOUTH) is True
    assert has_yaku(waiting, parse_tile("1m"), seat_wind=WEST) is False
