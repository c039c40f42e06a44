"""Push or fold against one riichi: the expected value of attacking against that of folding.

When an opponent is in riichi, a player who is not must choose each turn between *pushing*
(throwing the tile that is best for their own hand, whatever its danger) and *folding* (throwing
the safest tile, giving up their hand). :func:`push_or_fold` weighs the two in points:

- **push** with discard ``p`` is worth ``ev(p) + win(p) · 1000 − risk_push · V``: ``ev`` and
  ``win`` are the expected score and win rate of :func:`.value.rank_discards` over the own draws
  the round has left once a riichi stands (:data:`DISCARDS_AFTER_RIICHI`), the 1000 the riichi
  stick a win collects, and ``risk_push = 1 − (1 − d(p)) · (T · (1 − w)^(n − 1) + (1 − T) ·
  (1 − d(f))^(n − 1))`` the chance of dealing in with this discard (its danger ``d(p)`` from
  :mod:`.defense`) or a later one: once tenpai (the option's tenpai rate ``T``) each of the
  ``n − 1`` later discards is taken as dangerous as a tile drawn from the wall (``w``,
  :func:`wall_danger`); a hand that does not reach tenpai folds then, as safely as the fold
  below. (Counting every later discard as pushed instead makes the model fold hands Phoenix
  players push, and they are right more often than not: see ``bench/bench_push_fold.py``.)
- **fold** with the safest tile ``f`` is worth ``− risk_fold · V`` with ``risk_fold = 1 −
  (1 − d(f))^n``: the hand is given up, and the later discards are taken as safe as this one.
  When the safest tile keeps the hand going (a genbutsu that stays tenpai), playing on with it
  may be worth more: the option is then valued as a push with ``f``;
- ``V`` is what a deal-in costs: the mean value of a riichi hand's ron in Tenhou's Phoenix room
  (:data:`RIICHI_RON_VALUE`, :data:`DEALER_RIICHI_RON_VALUE`).

Both sides leave out what does not depend on the choice (the riichi player's self-draw, a
third player's win) and the tenpai payments of an exhaustive draw. The push tile is the discard
with the highest push value; when it is the safest tile itself there is nothing to choose.
:func:`is_clear` says when the better option leads by :data:`PUSH_FOLD_MARGIN` points, the bar
a "push or fold" puzzle must pass.

>>> from .defense import EXAMPLE, DefenseState
>>> from .hand import parse_hand
>>> from .value import TableContext
>>> state = DefenseState.from_json(EXAMPLE)
>>> choice = push_or_fold(state, parse_hand(EXAMPLE_HAND), TableContext(draws_left=12))
>>> choice.answer, choice.fold.tile_str
('fold', '1z')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .defense import DangerModel, DefenseState, danger
from .hand import Hand
from .tiles import EAST, NUM_KINDS, Tile, tile_str
from .value import Ranking, TableContext, rank_discards

__all__ = [
    "DEALER_RIICHI_RON_VALUE",
    "DISCARDS_AFTER_RIICHI",
    "EXAMPLE_HAND",
    "PUSH_FOLD_MARGIN",
    "RIICHI_RON_VALUE",
    "RIICHI_STICK",
    "Choice",
    "PushFold",
    "deal_in_value",
    "discards_left",
    "is_clear",
    "push_or_fold",
    "wall_danger",
]

RIICHI_RON_VALUE = 5926.0
"""What a non-dealer's riichi hand takes on a ron, in points: the mean of the 462 such wins (a
riichi or double riichi, by ron, not the dealer) in the ``base`` sample of the shared
``tenhou_agari.jsonl`` (Tenhou Phoenix games; honba and sticks left out). The median is 5,200."""

DEALER_RIICHI_RON_VALUE = 8489.0
"""The same for a dealer's riichi: the mean of the 175 such wins (median 7,700)."""

DISCARDS_AFTER_RIICHI = 4.6
"""How many discards a player makes, this one included, from the first one facing an
opponent's riichi to the end of the round: the mean over the 5,936 (riichi, player) pairs of
the shared ``defense_decisions.jsonl.gz`` (median 4). A riichi shortens the round: the push
side's expected score is counted over these draws, not the whole wall."""

RIICHI_STICK = 1000.0
"""The riichi stick on the table, which the next winner takes."""

PUSH_FOLD_MARGIN = 1500.0
"""The lead, in points, that makes one option clearly better than the other: about a quarter
of a non-dealer riichi's ron. On the first decision facing a riichi in the 363 shared Phoenix
games (``bench/bench_push_fold.py``), Phoenix players threw the push tile on 87% of the 53
"push" verdicts with this lead (83% at 1,000, 70% at any lead); a "fold" verdict rarely leads by
as much (one does), and they folded on 83% of the 18 leading by 750 (58% at any lead)."""

EXAMPLE_HAND = "25m34469p346s1234z"
"""The 14-tile hand of the defense example (:data:`.defense.EXAMPLE`), used in the doctests."""


def deal_in_value(state: DefenseState) -> float:
    """What dealing in to this riichi costs on average: a dealer's riichi is worth more.

    >>> from .defense import EXAMPLE
    >>> deal_in_value(DefenseState.from_json(EXAMPLE))
    5926.0
    """
    return DEALER_RIICHI_RON_VALUE if state.riichi_seat_wind == EAST else RIICHI_RON_VALUE


def discards_left(state: DefenseState) -> int:
    """The discards this player is expected to make against the riichi, this one included:
    :data:`DISCARDS_AFTER_RIICHI` less those already made, at least 1, at most the wall allows.

    >>> from .defense import EXAMPLE
    >>> discards_left(DefenseState.from_json(EXAMPLE))  # two discards since the riichi
    5
    """
    turns_made = state.turns_since_riichi // 4
    expected = round(DISCARDS_AFTER_RIICHI - turns_made)
    return max(1, min(expected, state.tiles_left // 4 + 1))


def wall_danger(state: DefenseState, model: DangerModel | None = None) -> float:
    """The danger of a tile drawn from the wall: each kind's danger weighed by its unseen copies.

    >>> from .defense import EXAMPLE
    >>> 0.01 < wall_danger(DefenseState.from_json(EXAMPLE)) < 0.2
    True
    """
    unseen = np.maximum(0, 4 - np.asarray(state.visible))
    if unseen.sum() == 0:
        return 0.0
    d = danger(state, range(NUM_KINDS), model)
    values = np.array([d[t] for t in range(NUM_KINDS)])
    return float((values * unseen).sum() / unseen.sum())


@dataclass(frozen=True)
class Choice:
    """One option: the tile, its danger, the hand's expected score and win rate after it, the
    chance of dealing in over the rest of the round, and the option's value in points."""

    tile: Tile
    danger: float
    ev: float
    win_rate: float
    shanten: int
    risk: float
    value: float
    tenpai_rate: float = 0.0

    @property
    def tile_str(self) -> str:
        """The tile in notation.

        >>> Choice(0, 0.1, 0.0, 0.0, 2, 0.1, -500.0).tile_str
        '1m'
        """
        return tile_str(self.tile)

    def as_json(self) -> dict[str, Any]:
        """The option as plain JSON (rounded for storage).

        >>> Choice(0, 0.1, 0.0, 0.0, 2, 0.1, -500.0).as_json()["value"]
        -500
        """
        return {
            "tile": self.tile_str,
            "danger": round(self.danger, 4),
            "ev": round(self.ev),
            "win_rate": round(self.win_rate, 4),
            "tenpai_rate": round(self.tenpai_rate, 4),
            "shanten": self.shanten,
            "risk": round(self.risk, 4),
            "value": round(self.value),
        }


@dataclass(frozen=True)
class PushFold:
    """Both options and the figures behind them; ``answer`` is ``"push"`` or ``"fold"``."""

    push: Choice
    fold: Choice
    deal_in_value: float
    wall_danger: float
    discards: int
    options: tuple[Choice, ...] = ()
    """Every discard valued as a push, best first."""

    def option(self, tile: Tile) -> Choice | None:
        """The push valuation of ``tile`` (``None`` when it is not a discard of the hand).

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 0, 0.2, 2000.0)
        >>> PushFold(c, c, 5926.0, 0.05, 4, (c,)).option(0) is c
        True
        """
        return next((o for o in self.options if o.tile == tile), None)

    @property
    def answer(self) -> str:
        """The better option (``"fold"`` when the safest tile is also the push tile: nothing
        is risked).

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 0, 0.2, 2000.0)
        >>> PushFold(c, Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0), 5926.0, 0.05, 4).answer
        'push'
        """
        if self.push.tile == self.fold.tile:
            return "fold"
        return "push" if self.push.value > self.fold.value else "fold"

    @property
    def gap(self) -> float:
        """How many points the better option leads by.

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 0, 0.2, 2000.0)
        >>> PushFold(c, Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0), 5926.0, 0.05, 4).gap
        2000.0
        """
        return abs(self.push.value - self.fold.value)

    @property
    def hand_value(self) -> float:
        """What a win of the push option is worth on average (its expected score over its win
        rate; 0 when it cannot win).

        >>> push = Choice(0, 0.1, 1000.0, 0.25, 1, 0.2, 0.0)
        >>> PushFold(push, Choice(1, 0, 0, 0, 3, 0, 0), 5926.0, 0.05, 4).hand_value
        4000.0
        """
        return self.push.ev / self.push.win_rate if self.push.win_rate > 0 else 0.0

    def as_json(self) -> dict[str, Any]:
        """Both options and the constants used, as plain JSON."""
        return {
            "answer": self.answer,
            "gap": round(self.gap),
            "push": self.push.as_json(),
            "fold": self.fold.as_json(),
            "deal_in_value": round(self.deal_in_value),
            "wall_danger": round(self.wall_danger, 4),
            "discards": self.discards,
            "hand_value": round(self.hand_value),
        }


def _ranking(hand: Hand, context: TableContext, draws: int) -> Ranking:
    from dataclasses import replace

    return rank_discards(hand, replace(context, draws_left=min(context.draws_left, draws)))


def push_or_fold(
    state: DefenseState,
    hand: Hand,
    context: TableContext,
    model: DangerModel | None = None,
    ranking: Ranking | None = None,
) -> PushFold:
    """Both options of a player facing one riichi (see the module docstring).

    ``hand`` is the player's 14-tile hand (with its called sets), ``context`` its table for the
    value ranking; the state gives the danger of each tile. ``ranking``, when given, is used
    as it is (its draws already cut to the round's expected length).

    >>> from .defense import EXAMPLE
    >>> from .hand import parse_hand
    >>> state = DefenseState.from_json(EXAMPLE)
    >>> c = push_or_fold(state, parse_hand(EXAMPLE_HAND), TableContext(draws_left=12))
    >>> c.fold.tile_str, c.fold.danger < 0.005, c.push.shanten  # a 5-shanten hand
    ('1z', True, 5)
    """
    n = discards_left(state)
    v = deal_in_value(state)
    w = wall_danger(state, model)
    rows = (ranking or _ranking(hand, context, n - 1)).rows
    dangers = danger(state, [r.discard for r in rows], model)

    safest = min(rows, key=lambda r: (dangers[r.discard], -r.ev))
    safest_danger = dangers[safest.discard]

    def choice(row: Any, fold: bool) -> Choice:
        d = dangers[row.discard]
        t = row.tenpai_rate
        if fold:
            risk = 1 - (1 - d) ** n
            return Choice(row.discard, d, row.ev, row.win_rate, row.shanten, risk, -risk * v, t)
        later = t * (1 - w) ** (n - 1) + (1 - t) * (1 - safest_danger) ** (n - 1)
        risk = 1 - (1 - d) * later
        value = row.ev + row.win_rate * RIICHI_STICK - risk * v
        return Choice(row.discard, d, row.ev, row.win_rate, row.shanten, risk, value, t)

    pushes = sorted((choice(r, False) for r in rows), key=lambda c: (-c.value, c.danger))
    fold = max(choice(safest, True), choice(safest, False), key=lambda c: c.value)
    return PushFold(pushes[0], fold, v, w, n, tuple(pushes))


def is_clear(choice: PushFold, margin: float = PUSH_FOLD_MARGIN) -> bool:
    """Whether the choice makes a fair "push or fold" puzzle: the two options are different
    tiles, the push tile is not itself nearly as safe as the fold tile, and the better option
    leads by ``margin`` points.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> is_clear(PushFold(push, fold, 5926.0, 0.05, 4)), is_clear(PushFold(push, fold, 5926.0, 0.05, 4), 1000)
    (False, True)
    """
    if choice.push.tile == choice.fold.tile or choice.push.danger - choice.fold.danger < 0.02:
        return False
    return choice.gap >= margin
