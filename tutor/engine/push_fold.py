"""Push or fold against one riichi: the expected value of attacking against that of folding.

When an opponent is in riichi, a player who is not must choose each turn between *pushing*
(throwing the tile that is best for their own hand, whatever its danger) and *folding* (throwing
the safest tile, giving up their hand). :func:`push_or_fold` weighs the two in points:

- **push** with discard ``p`` throws it (its danger ``d(p)`` from :mod:`.defense`) and plays
  on for the ``n − 1`` later discards the round is expected to last
  (:func:`discards_left`). Each later turn the hand wins (worth the mean score of its wins,
  ``ev(p) / win(p)``, and the 1000 of the riichi stick), or draws a tile, each kind in
  proportion to its unseen copies, and throws it, or, when that tile is too dangerous for what
  playing on is still worth, **folds for good** with tiles as safe as the safest one. The
  chances per turn of reaching tenpai and of winning once there are those that give the
  tenpai and win rates of :func:`.value.rank_discards` over those draws. The best play of each
  drawn tile is worked back from the last turn: the value is the expected points of that play,
  and ``risk`` its chance of dealing in. A hand with no chance to win (``win(p) = 0``: no yaku
  within reach, a dead or furiten wait) folds from the next discard.
- **fold** with the safest tile ``f`` gives the hand up: ``n`` discards as safe as ``f``,
  ``risk_fold = 1 − (1 − d(f))^n``. When the safest tile keeps the hand going (a genbutsu that
  stays tenpai), playing on with it may be worth more: the option is then valued as a push
  with ``f``;
- a deal-in costs ``V``, the mean value of a riichi hand's ron in Tenhou's Phoenix room
  (:data:`RIICHI_RON_VALUE`, :data:`DEALER_RIICHI_RON_VALUE`); a round that ends by neither
  the player's win nor their deal-in costs them :data:`ROUND_GOES_ON_COST` (the riichi
  player's self-draw, another win, noten payments), less :data:`TENPAI_AT_DRAW` when they are
  still tenpai at the end. Winning ends the round before that cost: folding is not free, and
  a hand that can win pays for some risk.

The model of the later turns is what moved the verdicts towards Phoenix players'. Before it,
a tenpai pushed every later tile at the wall's mean danger and a hand short of tenpai folded
at once, and nothing was owed when the round went on: the engine said fold on 111 choices
where the push tile kept the hand tenpai, and Phoenix players pushed 65 % of them. With it, it
says fold on 40 and they pushed 50 %, folding on 35 % (``bench/bench_push_fold.py``). Left
out: a third player's push, the honba and the sticks already on the table.

The push tile is the discard with the highest push value among those better for the
hand than the safest tile (:func:`better_for_hand`); when none is, there is nothing to choose.
:func:`clear_answer` says when the verdict is clear enough for a "push or fold" puzzle, by
:data:`CLEAR_RULE`: the lead in points alone is not enough (:func:`is_clear`,
:data:`PUSH_FOLD_MARGIN`), the hand's shape, the push tile's danger and the scores decide.

>>> from .defense import EXAMPLE, DefenseState
>>> from .hand import parse_hand
>>> from .value import TableContext
>>> state = DefenseState.from_json(EXAMPLE)
>>> choice = push_or_fold(state, parse_hand(EXAMPLE_HAND), TableContext(draws_left=12))
>>> choice.answer, choice.fold.tile_str
('fold', '6p')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .defense import DangerModel, DefenseState, danger
from .defense_puzzle import defense_positions
from .gamelog.events import Game, Win
from .gamelog.replay import Decision
from .hand import Hand
from .tiles import EAST, NUM_KINDS, Tile, parse_tile, tile_str
from .value import Ranking, TableContext, decision_from_json, rank_discards

__all__ = [
    "DEALER_RIICHI_RON_VALUE",
    "DISCARDS_AFTER_RIICHI",
    "EXAMPLE_HAND",
    "FOLD_TOLERANCE",
    "HAND_RATE_GAP",
    "MIN_TILES_LEFT",
    "PUSH_FOLD_MARGIN",
    "RIICHI_RON_VALUE",
    "REASON_CODES",
    "RIICHI_STICK",
    "ROUND_GOES_ON_COST",
    "SAFE_TO_FOLD",
    "TENPAI_AT_DRAW",
    "CLEAR_RULE",
    "Choice",
    "ClearRule",
    "PushFold",
    "Reason",
    "clear_answer",
    "deal_in_prone_against_several",
    "deal_in_value",
    "discards_left",
    "facing_positions",
    "first_positions",
    "state_context",
    "verdict",
    "judge_position",
    "leading",
    "is_clear",
    "is_dilemma",
    "better_for_hand",
    "push_or_fold",
    "reasons",
    "round_goes_on_cost",
    "wall_danger",
    "what_they_did",
    "won_round",
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
"""A lead, in points, of one option over the other: about a quarter of a non-dealer riichi's
ron. On the first decision facing a riichi in the 363 shared Phoenix games
(``bench/bench_push_fold.py``), Phoenix players threw the push tile on 84 % of the 58 "push"
verdicts with this lead (81 % at 1,000, 69 % at any lead); they folded on 69 % of the 13
"fold" verdicts with this lead (74 % of the 225 leading by 750, 66 % at any lead). Not enough
for a puzzle: :data:`CLEAR_RULE` is."""

DEAL_IN_GAP = 0.05
"""How much more likely than the safest tile to deal in (in probability) a pick must be to count
as deal-in prone (:meth:`PushFold.deal_in_prone`): five points is the gap between a suji 2-8
(3.7%) and a non-suji 4-6 (14.9%) halved, the difference a defender is taught to see."""

DEAL_IN_LOSS = 400.0
"""...and by how many points folding must beat pushing that pick: the expected points given
away by a big mistake of value in a game review (a 12% tile pushed from a hand that will not
win costs about 700)."""

SAFE_TO_FOLD = 0.01
"""Against two riichi, the danger under which the safest tile counts as a fold that was there to
make (:func:`deal_in_prone_against_several`): genbutsu against both, a tile passed by both,
an honor with three copies in view."""


def deal_in_prone_against_several(danger: float, safest: float, shanten_after: int) -> bool:
    """Whether a pick against two riichi or more risked a deal-in that folding would have
    avoided: a hand not tenpai after it, :data:`DEAL_IN_GAP` more likely to deal in to one of
    them than the safest tile, and that safest tile under :data:`SAFE_TO_FOLD`. Push or fold
    has no figures against two riichi, so unlike :meth:`PushFold.deal_in_prone` no value is
    weighed; the textbook fold (a hand short of tenpai folds against two riichi) stands in.
    Of the 2,410 discards the Phoenix players made against two riichi in the shared games
    (``bench/bench_defense.py --several`` counts them), 42 (1.7 %) are prone by this rule, and
    4 of those dealt in (9.5 %, against 2.2 % of all of them).

    >>> deal_in_prone_against_several(0.12, 0.002, 1), deal_in_prone_against_several(0.12, 0.002, 0)
    (True, False)
    >>> deal_in_prone_against_several(0.12, 0.03, 2)  # nothing safe enough to fold with
    False
    """
    return shanten_after >= 1 and danger - safest >= DEAL_IN_GAP and safest < SAFE_TO_FOLD


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


def _wall(state: DefenseState, dangers: Mapping[Tile, float]) -> tuple[np.ndarray, np.ndarray]:
    """Each kind's danger (``dangers``, every kind) and its share of the unseen tiles: what a
    tile drawn from the wall risks."""
    unseen = np.maximum(0, 4 - np.asarray(state.visible, dtype=float))
    values = np.array([dangers[t] for t in range(NUM_KINDS)])
    total = unseen.sum()
    return values, unseen / total if total else unseen


def wall_danger(state: DefenseState, model: DangerModel | None = None) -> float:
    """The danger of a tile drawn from the wall: each kind's danger weighed by its unseen copies.

    >>> from .defense import EXAMPLE
    >>> 0.01 < wall_danger(DefenseState.from_json(EXAMPLE)) < 0.2
    True
    """
    values, share = _wall(state, danger(state, range(NUM_KINDS), model))
    return float((values * share).sum())


ROUND_GOES_ON_COST = {
    (False, False): 1105.0,
    (True, False): 1811.0,
    (False, True): 1790.0,
}
"""What the rest of the round costs a player facing a riichi who neither wins nor deals in, by
(the player is the dealer, the riichi player is the dealer): the mean change of their score
when the round ends some other way, over the first decisions facing a riichi of the shared
Phoenix games where the player folded (1,690 rounds, ``bench/bench_push_fold.py``). The
riichi player's self-draw (a third of those rounds) costs a share of their hand, another
player's win or a noten payment at the draw costs too; a dealer pays double on a self-draw,
a dealer's riichi takes more. A win or a deal-in ends the round before any of it."""

TENPAI_AT_DRAW = 565.0
"""What being tenpai at the end of such a round is worth over being noten: 22.1 % of those
rounds end in an exhaustive draw, where tenpai players gained 1,314 points on average and
noten ones lost 1,244 (``bench/bench_push_fold.py``): 0.221 × 2,558."""


def round_goes_on_cost(state: DefenseState) -> float:
    """:data:`ROUND_GOES_ON_COST` for this table.

    >>> from .defense import EXAMPLE
    >>> round_goes_on_cost(DefenseState.from_json(EXAMPLE))  # neither is the dealer
    1105.0
    """
    return ROUND_GOES_ON_COST[(state.decider_seat_wind == EAST, state.riichi_seat_wind == EAST)]


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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Choice:
        """The option back from :meth:`as_json` (its figures as rounded there).

        >>> Choice.from_json(Choice(0, 0.1, 0.0, 0.0, 2, 0.1, -500.0).as_json()).value
        -500.0
        """
        return cls(
            parse_tile(str(data["tile"])),
            float(data["danger"]),
            float(data["ev"]),
            float(data["win_rate"]),
            int(data["shanten"]),
            float(data["risk"]),
            float(data["value"]),
            float(data.get("tenpai_rate", 0.0)),
        )

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
    round_cost: float = 0.0
    """What the round costs the player if it ends by neither their win nor their deal-in
    (:data:`ROUND_GOES_ON_COST`)."""

    def option(self, tile: Tile) -> Choice | None:
        """The push valuation of ``tile`` (``None`` when it is not a discard of the hand).

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 0, 0.2, 2000.0)
        >>> PushFold(c, c, 5926.0, 0.05, 4, (c,)).option(0) is c
        True
        """
        return next((o for o in self.options if o.tile == tile), None)

    def deal_in_prone(self, tile: Tile, safest_danger: float) -> bool:
        """Whether throwing ``tile`` risked a deal-in that folding would have avoided: a hand not
        yet tenpai after it, :data:`DEAL_IN_GAP` more likely to deal in than the safest tile
        (``safest_danger``), and folding worth :data:`DEAL_IN_LOSS` points more. A tenpai pick
        is never prone: where the model says fold to a tenpai, Phoenix players still pushed
        half the time (``bench/bench_push_fold.py``), too often to call the push a mistake.
        As it is, the Phoenix players' own first picks facing a riichi are prone 59 times in
        5,105 (1.2 %; 3.0 % before the turn-by-turn model).

        >>> push = Choice(0, 0.15, 300.0, 0.1, 1, 0.3, -900.0)
        >>> fold = Choice(1, 0.01, 0.0, 0.0, 2, 0.05, -100.0)
        >>> choice = PushFold(push, fold, 5926.0, 0.05, 4, (push, fold))
        >>> choice.deal_in_prone(0, 0.01), choice.deal_in_prone(1, 0.01)
        (True, False)
        """
        played = self.option(tile)
        return (
            played is not None
            and played.shanten >= 1
            and played.danger - safest_danger >= DEAL_IN_GAP
            and self.fold.value - played.value >= DEAL_IN_LOSS
        )

    @property
    def fold_plays_on(self) -> bool:
        """Whether the fold option plays on with the hand the safe tile keeps (valued as a push
        with that tile: worth more than giving the hand up).

        >>> given_up = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
        >>> PushFold(given_up, given_up, 5926.0, 0.05, 4).fold_plays_on
        False
        """
        fold = self.fold
        given_up = -fold.risk * self.deal_in_value - (1 - fold.risk) * self.round_cost
        return fold.value > given_up + 1

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

    @property
    def best_shanten(self) -> int:
        """The lowest shanten any discard leaves (0: some discard keeps the hand tenpai).

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 1, 0.2, 2000.0)
        >>> PushFold(c, c, 5926.0, 0.05, 4, (c, Choice(1, 0.2, 0, 0, 0, 0.3, -10))).best_shanten
        0
        """
        return min((o.shanten for o in self.options), default=min(self.push.shanten, 8))

    def as_json(self, options: bool = False) -> dict[str, Any]:
        """Both options and the constants used, as plain JSON; with ``options``, every discard
        valued as a push too, best first.

        >>> c = Choice(0, 0.1, 3000.0, 0.5, 0, 0.2, 2000.0)
        >>> doc = PushFold(c, c, 5926.0, 0.05, 4, (c,)).as_json(options=True)
        >>> PushFold.from_json(doc).as_json(options=True) == doc
        True
        """
        doc = {
            "answer": self.answer,
            "gap": round(self.gap),
            "push": self.push.as_json(),
            "fold": self.fold.as_json(),
            "deal_in_value": round(self.deal_in_value),
            "wall_danger": round(self.wall_danger, 4),
            "discards": self.discards,
            "hand_value": round(self.hand_value),
            "round_cost": round(self.round_cost),
        }
        if options:
            doc["options"] = [o.as_json() for o in self.options]
        return doc

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PushFold:
        """The choice back from :meth:`as_json` (figures as rounded there)."""
        return cls(
            Choice.from_json(data["push"]),
            Choice.from_json(data["fold"]),
            float(data["deal_in_value"]),
            float(data["wall_danger"]),
            int(data["discards"]),
            tuple(Choice.from_json(o) for o in data.get("options") or ()),
            float(data.get("round_cost", 0.0)),
        )


def _ranking(hand: Hand, context: TableContext, draws: int) -> Ranking:
    from dataclasses import replace

    return rank_discards(hand, replace(context, draws_left=min(context.draws_left, draws)))


@dataclass(frozen=True)
class _Table:
    """What the later turns of a position look like: the danger of a tile drawn from the wall
    (each kind's danger and the share of the unseen tiles it is), the safest tile's danger, what
    a deal-in costs and what the round costs a player who neither wins nor deals in."""

    draw_danger: np.ndarray
    draw_share: np.ndarray
    safest: float
    deal_in: float
    goes_on: float

    def fold_value(self, discards: int) -> float:
        """Folding for ``discards`` discards: each as safe as the safest tile, and the round's
        cost if none deals in."""
        safe = (1 - self.safest) ** discards
        return -self.deal_in * (1 - safe) - self.goes_on * safe

    def fold_risk(self, discards: int) -> float:
        """The chance of dealing in over ``discards`` discards as safe as the safest tile."""
        return 1 - (1 - self.safest) ** discards

    def throw(self, after: tuple[float, float], turns: int) -> tuple[float, float]:
        """A turn with ``turns`` left, tile drawn: throw it when playing on (worth ``after``, as
        value and deal-in chance, if it does not deal in) beats folding for good, else fold.
        The value and deal-in chance over the tiles the wall can give."""
        x, fold = self.draw_danger, self.fold_value(turns)
        pushed = -x * self.deal_in + (1 - x) * after[0]
        push = pushed >= fold
        value = np.where(push, pushed, fold)
        risk = np.where(push, x + (1 - x) * after[1], self.fold_risk(turns))
        return float((self.draw_share * value).sum()), float((self.draw_share * risk).sum())


def _hazards(win_rate: float, tenpai_rate: float, shanten: int, turns: int) -> tuple[float, float]:
    """The chances per turn of reaching tenpai and, once tenpai, of winning, that make the hand
    reach tenpai with ``tenpai_rate`` and win with ``win_rate`` over ``turns`` turns (the value
    ranking's figures), when nothing else ends the round."""
    if shanten <= 0:
        return 1.0, 1 - (1 - min(win_rate, 0.999)) ** (1 / turns)
    reach = 1 - (1 - min(max(tenpai_rate, win_rate), 0.999)) ** (1 / turns)

    def wins(h: float) -> float:
        ready, won, waiting = 0.0, 0.0, 1.0
        for _ in range(turns):
            won += ready * h
            ready = ready * (1 - h) + waiting * reach
            waiting *= 1 - reach
        return won

    low, high = 0.0, 1.0
    for _ in range(40):  # wins() grows with h: bisect
        mid = (low + high) / 2
        low, high = (mid, high) if wins(mid) < win_rate else (low, mid)
    return reach, (low + high) / 2


def _play_on(
    danger_now: float,
    ev: float,
    win_rate: float,
    tenpai_rate: float,
    shanten: int,
    turns: int,
    table: _Table,
) -> tuple[float, float]:
    """The value in points and the chance of dealing in of throwing a tile of ``danger_now``
    and playing on for ``turns`` more turns (see the module docstring): each turn the hand
    wins, or draws a tile and throws it, or folds for good when that tile is too dangerous for
    what playing on is still worth."""
    later: tuple[float, float]
    if turns <= 0:
        # the last discard: a tenpai still collects at the draw
        later = (-table.goes_on + (TENPAI_AT_DRAW if shanten <= 0 else 0.0), 0.0)
    elif win_rate <= 0:
        # a hand that cannot win folds from the next discard, tenpai or not
        later = (table.fold_value(turns), table.fold_risk(turns))
    else:
        reach, win = _hazards(win_rate, tenpai_rate, shanten, turns)
        prize = ev / win_rate + RIICHI_STICK
        # value and deal-in chance with j turns left: tenpai (ready) and not yet (waiting)
        ready = (-table.goes_on + TENPAI_AT_DRAW, 0.0)
        waiting = (-table.goes_on, 0.0)
        for j in range(1, turns + 1):
            from_ready, from_waiting = table.throw(ready, j), table.throw(waiting, j)
            ready = (win * prize + (1 - win) * from_ready[0], (1 - win) * from_ready[1])
            waiting = (
                reach * from_ready[0] + (1 - reach) * from_waiting[0],
                reach * from_ready[1] + (1 - reach) * from_waiting[1],
            )
        later = ready if shanten <= 0 else waiting
    return (
        -danger_now * table.deal_in + (1 - danger_now) * later[0],
        1 - (1 - danger_now) * (1 - later[1]),
    )


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
    ('6p', True, 5)
    """
    n = discards_left(state)
    v = deal_in_value(state)
    # every kind's danger once: the hand's discards and the tiles the wall can give
    dangers = danger(state, range(NUM_KINDS), model)
    draw_danger, draw_share = _wall(state, dangers)
    w = float((draw_danger * draw_share).sum())
    rows = (ranking or _ranking(hand, context, n - 1)).rows

    safest = min(rows, key=lambda r: (dangers[r.discard], -r.ev))
    table = _Table(draw_danger, draw_share, dangers[safest.discard], v, round_goes_on_cost(state))

    def choice(row: Any, fold: bool) -> Choice:
        d = dangers[row.discard]
        t = row.tenpai_rate
        if fold:  # the safest tile now and for the n - 1 discards after it
            value, risk = table.fold_value(n), table.fold_risk(n)
        else:
            value, risk = _play_on(d, row.ev, row.win_rate, t, row.shanten, n - 1, table)
        return Choice(row.discard, d, row.ev, row.win_rate, row.shanten, risk, value, t)

    pushes = sorted((choice(r, False) for r in rows), key=lambda c: (-c.value, c.danger))
    fold = max(choice(safest, True), choice(safest, False), key=lambda c: c.value)
    # the push is the best option that is better for the hand than the fold tile: a slower
    # hand is not a push, however its later discards are valued
    push = next((c for c in pushes if better_for_hand(c, fold)), pushes[0])
    return PushFold(push, fold, v, w, n, tuple(pushes), table.goes_on)


def better_for_hand(a: Choice, b: Choice) -> bool:
    """Whether discard ``a`` is better for the hand than ``b``, danger aside: it wins more often
    over the rest of the round, or as often (often never, far from tenpai) but reaches tenpai
    more often, or as often again but is nearer tenpai. "More often" is by
    :data:`HAND_RATE_GAP` at least: a sliver of a chance is no reason to throw a dangerous
    tile. Rates are rounded as stored first, so a stored verdict reads the same.

    >>> fast = Choice(0, 0.10, 0.0, 0.0, 2, 0.1, -600.0, tenpai_rate=0.08)
    >>> safe = Choice(1, 0.00, 0.0, 0.0, 2, 0.0, 0.0, tenpai_rate=0.03)
    >>> better_for_hand(fast, safe), better_for_hand(safe, fast)
    (True, False)
    """

    for mine, theirs in ((a.win_rate, b.win_rate), (a.tenpai_rate, b.tenpai_rate)):
        gap = round(mine, 4) - round(theirs, 4)
        if abs(gap) >= HAND_RATE_GAP:
            return gap > 0
    return a.shanten < b.shanten


HAND_RATE_GAP = 0.002
"""How much more often (in probability) one discard must win, or reach tenpai, to be better for
the hand than another (:func:`better_for_hand`)."""


@dataclass(frozen=True)
class ClearRule:
    """When a verdict is clear enough for a "push or fold" puzzle (:func:`clear_answer`).

    A push must lead by ``push_margin`` points with a push option at most ``push_shanten``
    from tenpai that wins at least ``push_win_rate`` of the time, a push tile that deals in
    less often than ``push_danger``, and (unless
    ``push_when_leading``) the player must not be first in the scores: a leader has less to
    gain. A fold must lead by ``fold_margin`` points, the push option must be at least
    ``fold_shanten`` from tenpai, the fold tile must deal in less often than ``fold_danger``
    and the push tile at least as often as ``fold_push_danger``. Either way the push tile must
    be at least ``danger_gap`` more dangerous
    than the fold tile.
    """

    push_margin: float = PUSH_FOLD_MARGIN
    push_shanten: int = 0
    push_win_rate: float = 0.0
    push_danger: float = 1.0
    push_when_leading: bool = True
    fold_margin: float = PUSH_FOLD_MARGIN
    fold_shanten: int = 0
    fold_danger: float = 1.0
    fold_push_danger: float = 0.0
    danger_gap: float = 0.02


def leading(scores: Sequence[int], seat: int, dealer: int) -> bool:
    """Whether ``seat`` is first in ``scores`` (a tie goes to the seat nearer the dealer, as
    Tenhou ranks the end of a game).

    >>> leading([25000, 30000, 30000, 15000], 1, 0), leading([25000, 30000, 30000, 15000], 2, 0)
    (True, False)
    """
    order = sorted(range(4), key=lambda s: (-scores[s], (s - dealer) % 4))
    return order[0] == seat


def clear_answer(
    choice: PushFold, rule: ClearRule | None = None, is_leading: bool = False
) -> str | None:
    """``"push"`` or ``"fold"`` when ``rule`` (default :data:`CLEAR_RULE`) finds the verdict
    clear, else ``None``; ``is_leading`` says the player is first in the scores.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> pf = PushFold(push, fold, 5926.0, 0.05, 4, (push, fold))
    >>> clear_answer(pf, ClearRule(push_margin=1000)), clear_answer(pf, ClearRule(push_margin=1500))
    ('push', None)
    >>> clear_answer(pf, ClearRule(push_margin=1000, push_when_leading=False), is_leading=True)
    """
    rule = rule or CLEAR_RULE
    if not is_dilemma(choice, rule.danger_gap):
        return None
    if choice.answer == "push":
        ok = (
            choice.gap >= rule.push_margin
            and choice.push.shanten <= rule.push_shanten
            and choice.push.win_rate >= rule.push_win_rate
            and choice.push.danger < rule.push_danger
            and (rule.push_when_leading or not is_leading)
        )
        return "push" if ok else None
    ok = (
        choice.gap >= rule.fold_margin
        and choice.push.shanten >= rule.fold_shanten
        and choice.fold.danger < rule.fold_danger
        and choice.push.danger >= rule.fold_push_danger
    )
    return "fold" if ok else None


@dataclass(frozen=True)
class Reason:
    """One figure behind a verdict, as a stable code and the params a sentence needs (tiles in
    notation, chances as fractions, points rounded).

    >>> Reason("lead", {"answer": "fold", "points": 900}).as_json()
    {'code': 'lead', 'params': {'answer': 'fold', 'points': 900}}
    """

    code: str
    params: dict[str, Any]

    def as_json(self) -> dict[str, Any]:
        """The reason as a JSON object."""
        return {"code": self.code, "params": dict(self.params)}


REASON_CODES: dict[str, tuple[str, ...]] = {
    "push_shape": ("tile", "shanten"),
    "push_wins": ("win_rate", "hand_value"),
    "push_deals_in": ("tile", "danger", "risk"),
    "fold_deals_in": ("tile", "danger", "risk", "plays_on"),
    "fold_keeps_hand": ("tile", "shanten"),
    "no_tenpai_discard": ("shanten",),
    "deal_in_cost": ("points", "dealer"),
    "round_goes_on": ("points",),
    "lead": ("answer", "points", "push_value", "fold_value"),
}
"""Every code :func:`reasons` gives, with the params it carries."""


def reasons(choice: PushFold) -> list[Reason]:
    """Why the better option is better, figure by figure: the push tile's shape, win chance
    and danger, what a deal-in costs, the fold tile's danger (and whether folding with it
    keeps the hand going), and the lead in points.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> [r.code for r in reasons(PushFold(push, fold, 5926.0, 0.05, 4, (push, fold)))]
    ['push_shape', 'push_wins', 'push_deals_in', 'deal_in_cost', 'round_goes_on', 'fold_deals_in', 'lead']
    """
    push, fold = choice.push, choice.fold
    out = [
        Reason("push_shape", {"tile": push.tile_str, "shanten": push.shanten}),
        Reason(
            "push_wins",
            {"win_rate": round(push.win_rate, 4), "hand_value": round(choice.hand_value)},
        ),
        Reason(
            "push_deals_in",
            {"tile": push.tile_str, "danger": round(push.danger, 4), "risk": round(push.risk, 4)},
        ),
        Reason(
            "deal_in_cost",
            {
                "points": round(choice.deal_in_value),
                "dealer": choice.deal_in_value > RIICHI_RON_VALUE,
            },
        ),
        Reason("round_goes_on", {"points": round(choice.round_cost)}),
    ]
    # the fold tile may keep a hand worth playing on: its figures are then those of playing on
    plays_on = choice.fold_plays_on
    fold_figures = {"tile": fold.tile_str, "danger": round(fold.danger, 4)}
    out.append(
        Reason("fold_deals_in", {**fold_figures, "risk": round(fold.risk, 4), "plays_on": plays_on})
    )
    if plays_on:
        out.append(Reason("fold_keeps_hand", {"tile": fold.tile_str, "shanten": fold.shanten}))
    if choice.answer == "fold" and choice.best_shanten > 0:
        out.append(Reason("no_tenpai_discard", {"shanten": choice.best_shanten}))
    out.append(
        Reason(
            "lead",
            {
                "answer": choice.answer,
                "points": round(choice.gap),
                "push_value": round(push.value),
                "fold_value": round(fold.value),
            },
        )
    )
    return out


CLEAR_RULE = ClearRule(
    push_margin=500,
    push_shanten=0,
    push_danger=0.08,
    push_when_leading=False,
    fold_margin=0,
    fold_shanten=2,
    fold_danger=0.01,
    fold_push_danger=0.08,
)
"""The rule the puzzles are mined by, chosen by ``bench/bench_push_fold.py`` on every decision
facing a riichi in two thirds of the 363 shared Phoenix games (split by game) and measured on
the other third: a push when the push keeps the hand tenpai with a tile under 8 % danger,
pushing leads by 500 points and the player is not first in the scores; a fold when the push
would leave the hand 2-shanten or further with a tile of 8 % danger or more and a tile under
1 % is there to fold with. Either way the engine's expected points must favour it, and the two
must be a real choice (:func:`is_dilemma`: the push tile better for the hand than the fold
tile). On the held-out games Phoenix players threw the push tile on 46 of the 53 push verdicts
(86.8 %; 26 of 30 at a player's first decision facing the riichi, where the puzzles come from)
and folded on 44 of the 46 fold verdicts (95.7 %; 20 of 20 first ones); 3.1 % of the first
positions get a verdict. (Before the value ranking counted the called sets: 36 of 41 and 48 of
50, 2.9 %. Chosen on first positions alone, the push rule rested on 25 training verdicts and
held 12 of 16 pushes.)

The lead in points alone does not make a push clear: at first positions Phoenix players threw
the push tile on 66 % of all push verdicts, 81 % of those leading by 1,000 points; they folded
on 74 % of all fold verdicts, 85 % of those leading by 250 and 92 % by 500."""


MIN_TILES_LEFT = 24
"""A push-or-fold position has at least this many tiles left in the wall: late in the round a
push is worth little and every player folds."""


def facing_positions(
    game: Game, positions: list[tuple[Decision, dict[str, Any]]] | None = None
) -> list[tuple[Decision, dict[str, Any], bool]]:
    """Every decision of ``game`` where a player faces one riichi with a choice to make (not
    declaring riichi themselves, :data:`MIN_TILES_LEFT` tiles in the wall or more), among
    ``positions`` (default: :func:`.defense_puzzle.defense_positions` of the game), each with
    whether it is that player's first decision facing that riichi.

    >>> from .gamelog.events import Rules
    >>> facing_positions(Game("empty", Rules(), ("",) * 4, ()))
    []
    """
    seen: set[tuple[int, int, int]] = set()
    out: list[tuple[Decision, dict[str, Any], bool]] = []
    for d, record in defense_positions(game) if positions is None else positions:
        key = (record["round_seq"], record["decider"], record["riichi_seat"])
        first = key not in seen
        seen.add(key)
        if not record["declaring_riichi"] and record["tiles_left"] >= MIN_TILES_LEFT:
            out.append((d, record, first))
    return out


def first_positions(
    game: Game, positions: list[tuple[Decision, dict[str, Any]]] | None = None
) -> list[tuple[Decision, dict[str, Any]]]:
    """The first decision of each player facing each riichi of ``game`` among
    :func:`facing_positions` (the puzzles are mined from these).

    >>> from .gamelog.events import Rules
    >>> first_positions(Game("empty", Rules(), ("",) * 4, ()))
    []
    """
    return [(d, record) for d, record, first in facing_positions(game, positions) if first]


def state_context(state: DefenseState) -> TableContext:
    """The value ranking's table for a position known only by its state against the riichi (a
    lesson's or the analyzer's): the player's seat wind, the dora indicators, every other tile
    in view, the draws the wall leaves, the river's length as the turn.

    >>> from .defense import EXAMPLE
    >>> c = state_context(DefenseState.from_json(EXAMPLE))
    >>> c.seat_wind == EAST + 2, c.draws_left, c.turn
    (True, 12, 7)
    """
    seen = tuple(v - h for v, h in zip(state.visible, state.hand, strict=True))
    return TableContext(
        seat_wind=state.decider_seat_wind,
        dora_indicators=tuple(state.dora_indicators),
        seen=seen,
        draws_left=min(30, state.tiles_left // 4),
        turn=len(state.river),
    )


def judge_position(
    decision: Decision, record: dict[str, Any], model: DangerModel | None = None
) -> PushFold:
    """Push or fold at a recorded decision: its hand and table (``decision``) and the table
    state against the riichi (``record``, as :func:`.defense_puzzle.defense_positions` gives
    it). Raises :class:`.defense.DefenseInputError` for a state the danger model refuses."""
    state = DefenseState.from_json(record)
    hand, context = decision_from_json(decision.as_json())
    return push_or_fold(state, hand, context, model)


def won_round(game: Game, record: dict[str, Any]) -> bool:
    """Whether the deciding player of ``record`` won its round (by ron or tsumo).

    >>> from .gamelog.events import Round, Rules
    >>> rnd = Round(0, 0, 0, (25000,) * 4, 0, ((),) * 4, (Win(2, 0),))
    >>> won_round(Game("g", Rules(), ("",) * 4, (rnd,)), {"round_seq": 0, "decider": 2})
    True
    """
    events = game.rounds[record["round_seq"]].events
    return any(isinstance(e, Win) and e.who == record["decider"] for e in events)


FOLD_TOLERANCE = 0.005
"""A discard at most this much more dangerous than the fold tile counts as folding."""


def what_they_did(choice: PushFold, played: str) -> str:
    """What a recorded discard ``played`` (notation) did against the verdict: ``push`` (the
    push tile), ``fold`` (a tile at most :data:`FOLD_TOLERANCE` more dangerous than the fold
    tile) or ``other``.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> pf = PushFold(push, fold, 5926.0, 0.05, 4, (push, fold, Choice(2, 0.004, 0, 0, 3, 0, -9)))
    >>> what_they_did(pf, "1m"), what_they_did(pf, "3m"), what_they_did(pf, "9s")
    ('push', 'fold', 'other')
    """
    kind = parse_tile(played)
    if kind == choice.push.tile:
        return "push"
    option = choice.option(kind)
    if option is not None and option.danger <= choice.fold.danger + FOLD_TOLERANCE:
        return "fold"
    return "other"


def is_clear(choice: PushFold, margin: float = PUSH_FOLD_MARGIN) -> bool:
    """Whether the choice makes a fair "push or fold" puzzle: the two options are different
    tiles, the push tile is not itself nearly as safe as the fold tile, and the better option
    leads by ``margin`` points.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> is_clear(PushFold(push, fold, 5926.0, 0.05, 4)), is_clear(PushFold(push, fold, 5926.0, 0.05, 4), 1000)
    (False, True)
    """
    return is_dilemma(choice) and choice.gap >= margin


def verdict(choice: PushFold, rule: ClearRule | None = None, is_leading: bool = False) -> str:
    """What can be said of a choice: ``push`` or ``fold`` when ``rule`` finds it clear
    (:func:`clear_answer`), ``close`` when the two are a real choice it does not settle
    (:func:`is_dilemma`), ``keep`` when the tile better for the hand is hardly more dangerous
    than the safest (throw it, nothing is risked), ``nothing`` when the safest tile is as good
    for the hand as any.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> verdict(PushFold(push, fold, 5926.0, 0.05, 4), ClearRule(push_margin=1000))
    'push'
    >>> verdict(PushFold(push, fold, 5926.0, 0.05, 4), ClearRule(push_margin=9000))
    'close'
    >>> nearly_safe = Choice(0, 0.005, 3000.0, 0.5, 0, 0.02, 2900.0)
    >>> verdict(PushFold(nearly_safe, fold, 5926.0, 0.05, 4)), verdict(PushFold(fold, fold, 5926.0, 0.05, 4))
    ('keep', 'nothing')
    """
    answer = clear_answer(choice, rule, is_leading)
    if answer is not None:
        return answer
    if is_dilemma(choice, (rule or CLEAR_RULE).danger_gap):
        return "close"
    if choice.push.tile != choice.fold.tile and better_for_hand(choice.push, choice.fold):
        return "keep"
    return "nothing"


def is_dilemma(choice: PushFold, danger_gap: float = ClearRule.danger_gap) -> bool:
    """Whether pushing and folding are a real choice: two different tiles, the push tile at
    least ``danger_gap`` more dangerous, and better for the hand (:func:`better_for_hand`). When
    the safe tile is as good for the hand, there is nothing to weigh.

    >>> push = Choice(0, 0.12, 3000.0, 0.5, 0, 0.3, 1200.0)
    >>> fold = Choice(1, 0.0, 0.0, 0.0, 3, 0.0, 0.0)
    >>> is_dilemma(PushFold(push, fold, 5926.0, 0.05, 4))
    True
    >>> slower = Choice(0, 0.05, 200.0, 0.01, 2, 0.1, -300.0)
    >>> safe_and_faster = Choice(1, 0.0, 900.0, 0.06, 1, 0.003, -17.0)
    >>> is_dilemma(PushFold(slower, safe_and_faster, 5926.0, 0.05, 4))
    False
    """
    push, fold = choice.push, choice.fold
    return (
        push.tile != fold.tile
        and push.danger - fold.danger >= danger_gap
        and better_for_hand(push, fold)
    )
