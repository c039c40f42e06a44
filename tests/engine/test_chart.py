"""The han × fu chart agrees with the payment rules and with the ``mahjong`` library's own
payment table, cell by cell."""

from __future__ import annotations

import pytest
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

from tutor.engine.scoring.chart import (
    FU_ROWS,
    HAN_COLUMNS,
    chart_cell,
    is_possible,
    limit_cells,
    limit_for,
    points_chart,
)

CELLS = [(han, fu, dealer) for han in HAN_COLUMNS for fu in FU_ROWS for dealer in (False, True)]


def library(han: int, fu: int, *, dealer: bool, tsumo: bool) -> dict:
    config = HandConfig(is_tsumo=tsumo, player_wind=27 if dealer else 28, round_wind=27)
    return ScoresCalculator.calculate_scores(han, fu, config, han >= 13)


@pytest.mark.parametrize(("han", "fu", "dealer"), CELLS)
def test_every_cell_matches_the_library_payment_table(han, fu, dealer):
    cell = chart_cell(han, fu, dealer=dealer)
    if cell.ron is not None:
        assert cell.ron == library(han, fu, dealer=dealer, tsumo=False)["main"]
    if cell.tsumo is not None:
        paid = library(han, fu, dealer=dealer, tsumo=True)
        expected = (paid["main"],) if dealer else (paid["main"], paid["additional"])
        assert cell.tsumo == expected


def test_a_twenty_fu_hand_is_a_closed_pinfu_won_by_tsumo():
    assert not is_possible(2, 20, tsumo=False)
    assert not is_possible(1, 20, tsumo=True)  # pinfu and menzen tsumo are 2 han already
    assert chart_cell(2, 20, dealer=False).tsumo == (700, 400)


def test_seven_pairs_are_twenty_five_fu_from_two_han():
    assert chart_cell(2, 25, dealer=False).ron == 1600
    assert chart_cell(2, 25, dealer=False).tsumo is None  # a tsumo adds menzen tsumo: 3 han
    assert chart_cell(3, 25, dealer=False).tsumo == (1600, 800)


def test_four_han_forty_fu_is_already_a_mangan():
    assert limit_for(4, 30) == ""
    assert chart_cell(4, 40, dealer=False).limit == "mangan"
    assert chart_cell(4, 40, dealer=False).ron == chart_cell(5, 30, dealer=False).ron == 8000


def test_limits_pay_the_same_whatever_the_fu():
    assert [c.ron for c in limit_cells(dealer=False)] == [8000, 12000, 16000, 24000, 32000]
    assert [c.ron for c in limit_cells(dealer=True)] == [12000, 18000, 24000, 36000, 48000]


def test_the_chart_has_a_row_per_fu_and_a_cell_per_han():
    rows = points_chart(dealer=True)
    assert [row[0].fu for row in rows] == list(FU_ROWS)
    assert all([c.han for c in row] == list(HAN_COLUMNS) for row in rows)


def test_a_hand_below_one_han_is_not_in_the_chart():
    with pytest.raises(ValueError, match="at least 1 han"):
        limit_for(0, 30)
