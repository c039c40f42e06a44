"""Settlement rules: draws, several winners, dealer repeat and honba, the final score."""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference import reference_records
from tutor.engine.scoring import hand_payments, score
from tutor.engine.scoring.reference import rules_from_record, situation_from_record
from tutor.engine.scoring.settlement import (
    SettlementError,
    TableState,
    after_draw,
    after_win,
    final_scores,
    multiple_ron_bonus,
    noten_payments,
    placements,
    ron_winners,
)


def test_final_score_follows_the_seed_example() -> None:
    # seed 002: (56800, 32400, 19100, -8300) -> (+47, +2, -11, -38) before uma
    assert final_scores((56800, 32400, 19100, -8300), uma=(0, 0, 0, 0)) == (47, 2, -11, -38)


def test_the_winner_takes_the_negated_sum_of_the_others() -> None:
    result = final_scores((31100, 28600, 22700, 17600), uma=(0, 0, 0, 0))
    assert result[0] == -sum(result[1:]) and sum(result) == 0


def test_losers_round_to_the_nearest_thousand_halves_down() -> None:
    assert final_scores((40000, 32500, 17600, 9900), uma=(0, 0, 0, 0))[1:] == (2, -12, -20)


def test_uma_is_added_by_place() -> None:
    assert final_scores((56800, 32400, 19100, -8300)) == (67, 12, -21, -58)


def test_equal_points_rank_by_seat_order() -> None:
    assert placements((25000, 25000, 25000, 25000)) == (1, 2, 3, 4)


def test_one_player_in_tenpai_takes_1000_from_each() -> None:
    assert noten_payments((False, False, True, False)) == (-1000, -1000, 3000, -1000)


def test_an_exhaustive_draw_needs_four_players() -> None:
    with pytest.raises(SettlementError):
        noten_payments((True, False))


def test_dealer_win_repeats_the_hand_with_one_more_honba() -> None:
    assert after_win(TableState(0, 2, 1, 1), [2]) == TableState(0, 2, 2, 0)


def test_non_dealer_win_passes_the_deal_and_clears_honba() -> None:
    assert after_win(TableState(0, 2, 3, 0), [0]) == TableState(0, 3, 0, 0)


def test_after_the_fourth_dealer_the_round_wind_changes() -> None:
    assert after_win(TableState(0, 3, 0, 0), [1]) == TableState(1, 0, 0, 0)


def test_a_draw_adds_a_honba_and_the_tenpai_dealer_repeats() -> None:
    assert after_draw(TableState(1, 1, 0, 0), dealer_tenpai=True) == TableState(1, 1, 1, 0)
    assert after_draw(TableState(1, 1, 0, 0), dealer_tenpai=False) == TableState(1, 2, 1, 0)


def test_riichi_sticks_stay_on_the_table_after_a_draw() -> None:
    assert after_draw(TableState(0, 0, 0, 1), True, new_riichi_sticks=2).riichi_sticks == 3


def test_honba_add_300_to_a_ron_and_100_per_payer_to_a_tsumo() -> None:
    assert hand_payments(2000, dealer=False, tsumo=False, honba=2).total == 8600
    assert hand_payments(2000, dealer=False, tsumo=True, honba=2).total == 8600


def test_riichi_sticks_go_to_the_winner() -> None:
    assert hand_payments(240, dealer=False, tsumo=False, riichi_sticks=2).total == 3000


def test_a_player_cannot_ron_their_own_discard() -> None:
    with pytest.raises(SettlementError):
        ron_winners(1, [1])


def _double_ron_records() -> list[dict[str, Any]]:
    """Both wins of every double ron in the reference file (a missing file is ``missing()``)."""
    records = reference_records()
    firsts = {r["id"].rsplit("/", 1)[0] for r in records if r["source"]["agari_seq"] == 1}
    return [
        r for r in records if r["id"].rsplit("/", 1)[0] in firsts and r["result"]["pao_who"] is None
    ]


def test_in_a_double_ron_only_the_first_winner_takes_honba_and_sticks() -> None:
    doubles = _double_ron_records()
    assert len(doubles) == 40  # the 20 double rons of the reference games, both wins of each
    for record in doubles:
        situation = situation_from_record(record)
        result = score(situation, rules_from_record(record))
        winners = (record["who"],) if record["source"]["agari_seq"] == 0 else ()
        honba, sticks = multiple_ron_bonus(
            winners or (-1, record["who"]), record["honba"], record["riichi_sticks"]
        )[record["who"]]
        payments = hand_payments(
            result.base_points,
            dealer=situation.is_dealer,
            tsumo=False,
            honba=honba,
            riichi_sticks=sticks,
        )
        dealer = (record["who"] - "ESWN".index(record["seat_wind"])) % 4
        by_seat = list(payments.by_seat(record["who"], record["from_who"], dealer))
        assert by_seat == record["result"]["score_delta"], record["id"]
