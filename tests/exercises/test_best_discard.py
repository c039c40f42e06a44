"""The lesson's best-discard exercise stands out by the same rule as a what-to-discard puzzle
and a teacher's custom hand: the engine's ``clear_margin``."""

from __future__ import annotations

import pytest
from django.utils import translation

from puzzles.generation import deal_candidate
from tutor.engine.analysis import clear_margin, discard_analysis
from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tile
from tutor.exercises import ContentError, exercise


def best_discard(hand: str):
    return exercise({"type": "best_discard", "hand": hand})


def test_a_hand_whose_best_discard_is_only_one_tile_ahead_is_no_lesson():
    # Discarding 3m, 5p or 7s leaves the same shape: the puzzle rule finds no clear best.
    hand = "123m456p7789s11z3m5p"
    assert clear_margin(discard_analysis(parse_hand(hand).concealed)) is None
    ex = best_discard(hand)
    assert len(ex.solutions()) > 1 and parse_tile("3m") in ex.solutions()
    with pytest.raises(ContentError, match="answers are right"):
        ex.solution()


def test_a_lesson_and_a_puzzle_agree_on_every_dealt_hand():
    clear = unclear = 0
    for seed in range(40):
        hand = deal_candidate("efficiency", "near-tenpai", seed).hand
        margin = clear_margin(discard_analysis(parse_hand(hand).concealed))
        solutions = best_discard(hand).solutions()
        assert (len(solutions) == 1) is (margin is not None), hand
        clear += margin is not None
        unclear += margin is None
    assert clear and unclear  # both sides of the rule were met


def test_a_discard_ahead_only_on_the_two_step_figure_is_the_answer():
    # 7m, 3p and 5p all accept 15 tiles; after 7m more tiles help on the next draw.
    ex = best_discard("233457m335p22888s")
    assert ex.solutions() == {parse_tile("7m")}


def test_a_wrong_discard_with_as_many_tiles_is_told_about_the_next_draw():
    ex = best_discard("233457m335p22888s")
    v = ex.check(parse_tile("3p"))
    assert not v.correct
    assert "keeps as many tiles that help" in v.reasons[0]
    assert "4.8 on average, against 5.6" in v.reasons[0]
    with translation.override("es"):
        es = ex.check(parse_tile("3p"))
    assert "4,8 de media, frente a 5,6" in es.reasons[0]
