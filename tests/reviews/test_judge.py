"""Judging a recorded decision: the options, the loss, furiten and missed wins (no database)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from reviews.judge import (
    BIG_LOSS,
    RARE_PICK,
    SHOWN_OPTIONS,
    StoredReviewError,
    judge_decision,
    judge_seat,
    judged_from_json,
    judged_to_json,
    seat_decisions,
)
from tests.puzzles.test_mining import XML
from tutor.engine.gamelog.read import read_game
from tutor.engine.gamelog.replay import Decision


def decision(hand: str, drawn: str, discard: str, **extra: object) -> Decision:
    fields = {
        "log_id": "test",
        "round": "E1",
        "round_seq": 0,
        "honba": 0,
        "riichi_sticks": 0,
        "seat": 1,
        "dealer": 0,
        "turn": 5,
        "hand": hand,
        "melds": (),
        "dora_indicators": ("1z",),
        "round_wind": "1z",
        "seat_wind": "2z",
        "seen": "",
        "own_discards": (),
        "riichi": (),
        "discard": discard,
        "discard_red": False,
        "tsumogiri": discard == drawn,
        "declared_riichi": False,
        "after_call": False,
        "drawn": drawn,
        "scores": (25000,) * 4,
        "tiles_left": 50,
        "rivers": ((),) * 4,
        "all_melds": ((),) * 4,
        "passed": (),
    }
    fields.update(extra)
    return Decision(**fields)  # type: ignore[arg-type]


def test_discarding_a_drawn_winning_tile_is_a_missed_tsumo() -> None:
    judged = judge_decision(decision("123m456p789s234m55p", "4m", "4m"), 0)
    assert (judged.missed, judged.missed_tile) == ("tsumo", "4m")


def test_letting_a_winning_discard_go_is_a_missed_ron() -> None:
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z", passed=("9p", "1m")), 0)
    assert (judged.missed, judged.missed_tile) == ("ron", "1m")
    assert judged.furiten and judged.furiten[0]["code"] == "temporary"


def test_a_winning_tile_in_your_own_river_is_furiten_and_no_missed_ron() -> None:
    judged = judge_decision(
        decision("123m456p789s23m55p7z", "7z", "7z", own_discards=("4m",), passed=("1m",)), 0
    )
    assert judged.missed == ""
    assert [r["code"] for r in judged.furiten] == ["permanent", "temporary"]


def test_the_best_discard_loses_nothing_and_a_worse_one_loses_points() -> None:
    best = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0)
    worse = judge_decision(decision("123m456p789s23m55p7z", "7z", "5p"), 0)
    assert best.agrees and best.loss == 0
    assert not worse.agrees and worse.loss > 0
    assert worse.mine is not None and worse.mine["discard"] == "5p"
    assert worse.loss == pytest.approx(worse.best[0]["ev"] - worse.mine["ev"], abs=0.11)


def test_the_options_are_the_engines_discard_rows_with_their_value_columns() -> None:
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "1m"), 0)
    rows = judged.facts["discards"]
    assert judged.facts["answer"] == rows[0]["discard"] == "7z"
    # The three best, then the played tile's own row.
    assert len(rows) == SHOWN_OPTIONS + 1 and rows[-1]["discard"] == "1m" == judged.mine["discard"]
    assert rows[0]["accepted"] == {"1m": 3, "4m": 4} and rows[0]["count"] == 7
    assert all({"ev", "win_rate", "tenpai_rate", "reasons", "two_step"} <= r.keys() for r in rows)


def test_a_red_five_thrown_is_the_five_s_row_marked_red() -> None:
    judged = judge_decision(decision("123m406p789s23m11p7z", "7z", "5p", discard_red=True), 0)
    assert judged.played == "0p" and judged.mine is not None
    assert judged.mine["discard"] == "5p" and judged.mine["red"] is True


def test_a_discard_in_riichi_is_forced_and_not_judged() -> None:
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z", riichi=(1,)), 0)
    assert judged.forced and judged.best == () and judged.mine is None and judged.loss == 0


def test_every_judged_decision_of_a_real_game_survives_the_codec() -> None:
    game = read_game(XML.read_text(), XML.name)
    judged = list(judge_seat(seat_decisions(game, 0)))
    assert judged and [j.index for j in judged] == list(range(len(judged)))
    for j in judged:
        assert judged_from_json(judged_to_json(j)) == j


def test_a_malformed_stored_decision_is_refused() -> None:
    with pytest.raises(StoredReviewError, match="lacks"):
        judged_from_json({"index": 0, "v": 2})


def test_a_stored_decision_of_version_1_is_refused_until_migrated() -> None:
    with pytest.raises(StoredReviewError, match="version 1, not 2"):
        judged_from_json({"v": 1, "index": 0, "best": [{"tile": "7z"}]})


def test_stored_rows_in_another_shape_are_refused_by_the_facts_codec() -> None:
    j = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0)
    stored = judged_to_json(j)
    stored["facts"]["discards"][0]["accepted"] = [{"tile": "1m", "count": 3}]
    with pytest.raises(StoredReviewError, match="accepted must map tiles to counts"):
        judged_from_json(stored)


def test_a_big_loss_is_a_big_mistake_only_with_a_pick_strong_players_rarely_make() -> None:
    # breaking a ready hand for an isolated honour: strong players almost never do it
    broken = judge_decision(decision("123m456p789s23m55p7z", "7z", "5p"), 0)
    assert broken.pick_chance is not None and broken.pick_chance < RARE_PICK
    assert broken.loss >= BIG_LOSS and broken.is_big_mistake
    # the same loss on a pick strong players make one time in five is no big mistake
    assert not replace(broken, pick_chance=0.2).is_big_mistake


def test_the_pick_chance_is_kept_and_an_older_stored_decision_reads_without_it() -> None:
    judged = judge_decision(decision("123m456p789s23m55p7z", "7z", "7z"), 0)
    assert judged.pick_chance is not None and judged.pick_chance > 0.5
    stored = judged_to_json(judged)
    assert judged_from_json(stored) == judged
    older = {k: v for k, v in stored.items() if k != "pick_chance"}
    assert judged_from_json(older).pick_chance is None
