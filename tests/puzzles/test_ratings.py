"""Glicko-2 as published by Glickman, checked on the worked example of his paper."""

import math

import pytest

from puzzles.ratings import MIN_DEVIATION, Rating, expected_score, rate_attempt, update

PAPER_PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_worked_example_of_the_paper_gives_its_published_figures():
    new = update(PAPER_PLAYER, PAPER_GAMES)
    # The paper: mu' = -0.2069, phi' = 0.8722, sigma' = 0.05999, r' = 1464.06, RD' = 151.52
    # (it rounds its intermediate values to four places, hence the tolerance on r').
    assert new.mu == pytest.approx(-0.2069, abs=5e-5)
    assert new.phi == pytest.approx(0.8722, abs=5e-5)
    assert new.volatility == pytest.approx(0.05999, abs=1e-5)
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)


def test_the_paper_intermediate_values_g_and_e():
    # Step 3 of the example: E = 0.639, 0.432, 0.303 against the three opponents.
    expected = [expected_score(PAPER_PLAYER, opponent) for opponent, _ in PAPER_GAMES]
    assert [round(e, 3) for e in expected] == [0.639, 0.432, 0.303]


def test_a_period_without_games_only_widens_the_deviation():
    new = update(PAPER_PLAYER, [])
    assert new.rating == PAPER_PLAYER.rating
    assert new.deviation == pytest.approx(math.hypot(200, 0.06 * 173.7178))


def test_solving_raises_the_player_and_lowers_the_puzzle():
    player, puzzle = rate_attempt(Rating(1500, 80), Rating(1700, 80), solved=True)
    assert player.rating > 1500
    assert puzzle.rating < 1700


def test_failing_lowers_the_player_and_raises_the_puzzle():
    player, puzzle = rate_attempt(Rating(1500, 80), Rating(1300, 80), solved=False)
    assert player.rating < 1500
    assert puzzle.rating > 1300


def test_beating_a_much_harder_puzzle_gains_more_than_an_easy_one():
    hard, _ = rate_attempt(Rating(1500, 100), Rating(1900, 100), solved=True)
    easy, _ = rate_attempt(Rating(1500, 100), Rating(1100, 100), solved=True)
    assert hard.rating - 1500 > easy.rating - 1500 > 0


def test_a_new_player_moves_more_than_an_established_one():
    new_player, _ = rate_attempt(Rating(1500, 350), Rating(1500, 100), solved=True)
    old_player, _ = rate_attempt(Rating(1500, 60), Rating(1500, 100), solved=True)
    assert new_player.rating - 1500 > old_player.rating - 1500


def test_the_deviation_has_a_floor_so_ratings_keep_moving():
    player = Rating(1500, MIN_DEVIATION)
    for _ in range(50):
        player, _ = rate_attempt(player, Rating(1500, 50), solved=True)
    assert player.deviation >= MIN_DEVIATION


def test_the_deviation_never_exceeds_the_starting_one():
    assert update(Rating(1500, 350, 0.2), []).deviation == 350
