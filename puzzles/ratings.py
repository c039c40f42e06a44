"""Glicko-2 ratings for players and puzzles (Glickman, "Example of the Glicko-2 system", 2022).

Puzzles are rated the way Lichess rates its puzzles: a player's *first* attempt at a puzzle is a
game between the player and the puzzle, each rating period holding that one game. Solving it is
a win for the player and a loss for the puzzle; failing it is the reverse.

The PyPI ``glicko2`` package was not used: its volatility function ``f(x)`` subtracts the
squared *rating* where the algorithm subtracts the squared *deviation* (step 5.1 of the paper),
so its volatilities drift; this module follows the paper and is checked against its worked
example in ``tests/puzzles/test_ratings.py``.

>>> new = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                         (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant τ: how much the volatility may change in one period (0.3–1.2 in the paper).
TAU = 0.5
#: Deviations never shrink below this, so that a rating keeps moving after many games.
MIN_DEVIATION = 45.0
#: Glicko-2's scale factor between the public scale (1500 ± 350) and its internal one.
SCALE = 173.7178
#: Convergence tolerance of the volatility iteration (step 5.4).
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the public scale: ``rating`` ± ``deviation``, and a ``volatility``.

    >>> Rating().rating, Rating().deviation
    (1500.0, 350.0)
    """

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        """The rating on the internal scale (step 2)."""
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        """The deviation on the internal scale (step 2)."""
        return self.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The probability, under Glicko-2, that ``player`` beats ``opponent``.

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    >>> expected_score(Rating(1500, 100), Rating(1500, 100))
    0.5
    """
    return _e(player.mu, opponent.mu, opponent.phi)


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on ``f``."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(
    player: Rating,
    results: Sequence[tuple[Rating, float]],
    *,
    tau: float = TAU,
    min_deviation: float = 0.0,
) -> Rating:
    """The player's rating after one rating period with these ``(opponent, score)`` results.

    A score is 1 for a win, 0.5 for a draw and 0 for a loss. With no games only the deviation
    grows (step 6 of the paper). The deviation stays within ``[min_deviation, 350]``.

    >>> update(Rating(1500, 200), []).deviation > 200
    True
    >>> update(Rating(), [(Rating(), 1.0)]).rating > 1500
    True
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, _clamp(phi_star * SCALE, min_deviation), player.volatility)
    # Step 3 and 4: the estimated variance v and the estimated improvement delta.
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        inverse_v += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / inverse_v
    delta = v * improvement
    # Step 5 to 7.
    new_sigma = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8: back to the public scale.
    return Rating(
        DEFAULT_RATING + SCALE * new_mu, _clamp(SCALE * new_phi, min_deviation), new_sigma
    )


def _clamp(deviation: float, minimum: float) -> float:
    return min(max(deviation, minimum), DEFAULT_DEVIATION)


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both new ratings after a first attempt: a one-game period between player and puzzle.

    Both sides are updated from the ratings *before* the game, as Glicko-2 prescribes.

    >>> p, z = rate_attempt(Rating(1500, 100), Rating(1500, 100), solved=True)
    >>> p.rating > 1500 > z.rating
    True
    >>> round(p.rating - 1500, 6) == round(1500 - z.rating, 6)
    True
    """
    score = 1.0 if solved else 0.0
    new_player = update(player, [(puzzle, score)], min_deviation=MIN_DEVIATION)
    new_puzzle = update(puzzle, [(player, 1.0 - score)], min_deviation=MIN_DEVIATION)
    return new_player, new_puzzle
