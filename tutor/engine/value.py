"""Expected-value discard ranking: tenpai and win rates, expected score and reasons.

For a 14-tile hand and its table (winds, dora indicators, the tiles in view, the player's own
river, the draws left), :func:`rank_discards` gives every different discard:

- ``shanten``, ``count`` (uke-ire, unseen copies) and ``two_step`` as in :mod:`.analysis`;
- ``tenpai_rate`` and ``win_rate``: the chance of being tenpai, and of winning, by the last of
  the remaining own draws;
- ``ev``: the expected score of the hand, in points, over those draws (0 for a draw without a
  win);
- ``reasons``: codes and params the web layer renders (:class:`Reason`).

**The method** (after the published description of mahjong-cpp's expected score calculation;
our own code). From a 13-tile hand at shanten ``s`` the player draws; a draw ``t`` that lowers
the shanten (probability ``unseen(t) / N``, ``N`` the unseen tiles) is kept and the follow-up
discard that gives the best expected score *with the draws then left* is made; any other draw is
thrown back. With ``V[k]`` the vector (tenpai, win, expected score) with ``k`` draws left::

    V[k] = Σ_t p_t · max_c V_{H+t-c}[k-1]  +  (1 - Σ_t p_t) · V[k-1],      V[0] = (0, 0, 0)

At tenpai, the tenpai rate is 1 and a turn wins with probability ``q = (1 + RON_WEIGHT) ·
live / N`` (the own draw, and about as many chances to win on a discard), or ``live / N`` when
the wait is **furiten** (a winning tile is in the player's river, or was discarded on the way
there), so ``win[k] = 1 - (1 - q)^k``; a wait with no live copy (**dead**) never wins. The score
of a win counts riichi when the hand is closed, menzen tsumo on a self-draw, dora, red fives
kept, and expected ura dora (the chance that an ura indicator points at a tile of the hand).
The yaku of tenpai hands reached by the discard itself come from :mod:`.scoring` (exact);
deeper in the search a fast estimate counts tanyao, yakuhai, pinfu (approximately), chiitoitsu,
honitsu and chinitsu (:func:`estimate_han`).

Discards that go back a shanten are searched too (for shape or value), as deep as
:data:`MAX_SEARCH_SHANTEN`; beyond that depth a discard's rates come from a cheaper fallback:
the efficiency figures scaled by a geometric model (:func:`_fallback_rates`).

**Order.** Rows are sorted by ``score``: a conditional logit (:data:`PREFERENCE_MODEL`, fitted
by ``scripts/fit_discard_prefs.py`` on the shared Phoenix games, see there), plus small boosted
trees fitted with the same loss on top of its score (:mod:`.trees`), over
:func:`candidate_features`: the expected score, win and tenpai rates, uke-ire and shanten
relative to the best row, and what strong players add to pure value: what the tile is (an
isolated honor or terminal, a value honor, a dora, a red five), the shape it belongs to (a
set, a two-sided, edge or closed partial), the tiles one and two steps beside it, the partial
shapes and pairs its discard breaks and the lone tiles it leaves, how easily it would connect
again, the turn; and what the player's own river says of it: the kind or its neighbours already
thrown, a partial set holding it that could only wait on a tile of the river
(:func:`furiten_waits`, also a reason), the share of the river in its suit, a block being taken
apart over the last two discards (these raised the agreement with Phoenix players by about 1.1
points, ``scripts/fit_discard_prefs.py``). When the other players'
rivers are known (``TableContext.others``), a lone tile's row says against whom it is safe
(:func:`river_safety`); as features of the model, that safety did not raise the agreement
with Phoenix players (``scripts/fit_discard_prefs.py``), so the model does not use it.

**Clear best** (:func:`is_clear`): with the fitted clear rule (:data:`CLEAR_MODEL`), the first
row stands out when a logistic model of a strong player's agreement with it, over facts of the
decision (:func:`clear_features`: the fitted chance of the first row and its lead, how many rows
are near the top, whether pure efficiency and the highest expected score pick the same tile,
the distance to tenpai, the turn, what the tile is), reaches its threshold *and* its expected
score leads every other row as close to tenpai by :data:`EV_LEAD_POINTS` points or
:data:`EV_LEAD_SHARE` of its figure (:func:`has_top_value`: a learner shown the table never
sees a better, an equal or a nearly equal figure beside the answer without its reason; a row
that goes back a shanten and shows more says why its figure is not followed,
``backs_off_estimate``, except after a tenpai on :data:`THIN_WAIT` tiles or fewer). Without
it, when its expected score beats every other row's as close to tenpai by at least
:data:`CLEAR_RATIO` times and :data:`CLEAR_MARGIN` points, or, when no discard has value, its
win rate does by :data:`CLEAR_WIN_MARGIN`. In both, rows that go back a shanten from the first
one are not its rivals.

>>> from tutor.engine.hand import parse_hand
>>> r = rank_discards(parse_hand("123m456p789s23m55p7z"), TableContext(draws_left=10))
>>> r.rows[0].discard_str, [x.code for x in r.rows[0].reasons]
('7z', ['tenpai', 'discards_value_honor'])
>>> r.rows[0].shanten, r.rows[0].tenpai_rate
(0, 1.0)
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from importlib import resources
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from . import shanten as _sh
from .analysis import _hand_and_draws, discard_analysis
from .dora import dora_from_indicator
from .hand import Hand, parse_hand
from .scoring.payments import base_points_for
from .tiles import (
    DRAGONS,
    EAST,
    FIVES,
    NUM_KINDS,
    SOUTH,
    TERMINALS_AND_HONORS,
    Counts,
    ImpossibleHandError,
    Tile,
    check_counts,
    parse_tiles,
    tile_str,
)
from .trees import Trees

__all__ = [
    "CLEAR_MARGIN",
    "CLEAR_MODEL",
    "CLEAR_RATIO",
    "CLEAR_WIN_MARGIN",
    "BACK_OFF_TAKEN_PERCENT",
    "EV_LEAD_POINTS",
    "EV_LEAD_SHARE",
    "THIN_WAIT",
    "ClearModel",
    "DecisionError",
    "MAX_SEARCH_SHANTEN",
    "PREFERENCES",
    "PREFERENCE_MODEL",
    "PreferenceModel",
    "REASON_CODES",
    "RON_WEIGHT",
    "RankedDiscard",
    "Ranking",
    "Reason",
    "TableContext",
    "candidate_features",
    "clear_confidence",
    "clear_features",
    "decision_from_json",
    "estimate_han",
    "furiten_waits",
    "hand_points",
    "is_clear",
    "has_top_value",
    "value_lead_needed",
    "order_rows",
    "rank_command",
    "rank_discards",
    "river_safety",
    "pick_probability",
    "top_probability",
]

RON_WEIGHT = 1.0
"""A turn's chances of winning on another player's discard, relative to the own draw."""

MAX_SEARCH_SHANTEN = 3
"""Discards leaving a hand further than this from tenpai use the fallback rates."""

FALLBACK_ACCEPT = 0.4
"""The fallback's share of the uke-ire that an average draw on the way keeps accepting."""

FALLBACK_WIN = 0.35
"""The fallback's chance that a tenpai reached three draws before the end wins."""

FALLBACK_VALUE = 2500.0
"""The fallback's points of a win."""

CLEAR_RATIO = 1.3
"""The best expected score must be at least this many times every other one to be clear...
(the data file of :data:`PREFERENCES` may set it: the fitting script picks the smallest ratio
whose clear decisions Phoenix players agree with 90% of the time)."""

CLEAR_MARGIN = 300.0
"""...and ahead of it by at least this many points."""

CLEAR_WIN_MARGIN = 0.1
"""When no discard has value: the lead in win rate that makes the best one clear."""

_YAOCHU = np.zeros(NUM_KINDS, dtype=bool)
_YAOCHU[list(TERMINALS_AND_HONORS)] = True
_HONOR = np.zeros(NUM_KINDS, dtype=bool)
_HONOR[27:] = True
_SUIT_OF = np.array([t // 9 if t < 27 else 3 for t in range(NUM_KINDS)])


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableContext:
    """What the player knows beside their hand.

    ``seen`` counts the *other* tiles in view (every river, all called sets, the player's
    too, dora indicators), not the player's concealed tiles; ``own_discards`` are the player's
    river, in the order thrown (furiten, and what strong players read of their own plan);
    ``draws_left`` is how many more tiles the player will draw (about the tiles left in the wall
    divided by four); ``drawn`` the tile just drawn, when known (strong players throw it when it ties).
    ``others`` are the other players' rivers (kinds, in the order thrown), from the player on
    the right round the table, and ``others_dealer`` which of them deals (-1: the player, or
    not known): between two tiles that are alike for the hand, strong players cut the one that
    is safer against everybody (:func:`river_safety`). Both are optional (empty: not known).

    >>> TableContext(draws_left=5).draws_left
    5
    >>> TableContext(others=((27,), (), ()), others_dealer=0).others_dealer
    0
    >>> TableContext(draws_left=-1)
    Traceback (most recent call last):
    ...
    ValueError: draws left must be 0 to 30, not -1
    """

    round_wind: Tile = EAST
    seat_wind: Tile = SOUTH
    dora_indicators: tuple[Tile, ...] = ()
    seen: Counts = (0,) * NUM_KINDS
    own_discards: tuple[Tile, ...] = ()
    draws_left: int = 12
    turn: int = 6
    drawn: Tile | None = None
    others: tuple[tuple[Tile, ...], ...] = ()
    others_dealer: int = -1
    own_in_order: bool = True
    """Whether ``own_discards`` are in the order thrown (False for a river known only as a set
    of kinds, as a generated table's: what the last discards say is then left out)."""

    def __post_init__(self) -> None:
        if not 0 <= self.draws_left <= 30:
            raise ValueError(f"draws left must be 0 to 30, not {self.draws_left}")
        if len(self.others) > 3:
            raise ValueError(f"there are three other players, not {len(self.others)}")
        if not -1 <= self.others_dealer < max(1, len(self.others)) or (
            self.others_dealer >= 0 and not self.others
        ):
            raise ValueError(
                f"the dealer must be one of the other players or -1, not {self.others_dealer}"
            )
        for w in (self.round_wind, self.seat_wind):
            if not 27 <= w <= 30:
                raise ValueError(f"{w!r} is not a wind: winds are 1z to 4z")
        check_counts(self.seen)

    @property
    def dora(self) -> npt.NDArray[np.int64]:
        """Han per copy of each kind from the dora indicators.

        >>> int(TableContext(dora_indicators=(0, 0)).dora[1])
        2
        """
        out = np.zeros(NUM_KINDS, dtype=np.int64)
        for i in self.dora_indicators:
            out[dora_from_indicator(i)] += 1
        return out

    @property
    def value_honors(self) -> npt.NDArray[np.int64]:
        """Han per triplet of each honor: dragons, the seat and the round wind.

        >>> int(TableContext(round_wind=27, seat_wind=27).value_honors[27])
        2
        """
        out = np.zeros(NUM_KINDS, dtype=np.int64)
        out[list(DRAGONS)] = 1
        out[self.round_wind] += 1
        out[self.seat_wind] += 1
        return out


# --- reasons ---------------------------------------------------------------------------------

BACK_OFF_TAKEN_PERCENT = 4
"""Where a discard going back a shanten showed the highest expected score, how many times in 100
the Phoenix player made it (``scripts/fit_discard_prefs.py``; 10 of 244 mined puzzles, the same
4 %): the figure every text quotes when it says why such a row is not followed."""

_REASON_TEXT = {
    "furiten": "furiten: {tiles} is in your river, so the wait wins only by self-draw",
    "dead_wait": "no winning tile left: every copy of {tiles} is in view",
    "no_yaku": "tenpai without a yaku on an open hand: it cannot win",
    "keeps_dora": "keeps the dora {tile}",
    "discards_dora": "discards the dora {tile}",
    "discards_red_five": "discards a red five",
    "keeps_value_pair": "keeps the pair of {tile} for yakuhai",
    "discards_value_honor": "discards {tile}, an honor worth a yaku as a triplet",
    "isolated_honor": "{tile} is an isolated honor, the least useful tile",
    "isolated_terminal": "{tile} is an isolated terminal",
    "backs_off": "goes back a shanten for a better shape or value",
    "backs_off_estimate": (
        "goes back a shanten: the expected points of a slower hand are only an estimate, and "
        "where they were the highest, Phoenix players made this kind of discard "
        f"{BACK_OFF_TAKEN_PERCENT} times in 100"
    ),
    "tenpai": "tenpai on {tiles} ({live} left)",
    "safe_against": "{tile} is safe against {players} of the other three players: it is in "
    "their rivers",
    "safe_against_dealer": "{tile} is in the dealer's river: safe against the dealer",
    "furiten_shape": "{tile} is part of a shape waiting on {tiles}, which is in your river: "
    "as your wait, it would be furiten",
}


REASON_CODES: tuple[str, ...] = tuple(_REASON_TEXT)
"""Every code a ranking row's :class:`Reason` can carry."""


@dataclass(frozen=True)
class Reason:
    """Why a row ranks where it does: a stable ``code``, its ``params`` and English ``text``.

    >>> Reason("keeps_dora", {"tile": "5m"}).text
    'keeps the dora 5m'
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The English sentence (the web layer translates from the code)."""
        return _REASON_TEXT[self.code].format(**self.params)

    def as_json(self) -> dict[str, Any]:
        """Code, params and text as plain JSON.

        >>> Reason("backs_off").as_json()["code"]
        'backs_off'
        """
        return {"code": self.code, "params": dict(self.params), "text": self.text}


# --- hand value ------------------------------------------------------------------------------


def _limit(han: int) -> str:
    if han >= 13:
        return "yakuman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5:
        return "mangan"
    return ""


def hand_points(han: float, fu: int, dealer: bool) -> float:
    """Points of a win with ``han`` (a fraction interpolates between whole han) and ``fu``.

    >>> hand_points(1, 30, False), hand_points(3, 30, True), hand_points(2.5, 30, False)
    (1000.0, 5800.0, 2950.0)
    >>> hand_points(0, 30, False)
    0.0
    """
    if han <= 0:
        return 0.0
    lo = math.floor(han)
    frac = han - lo
    mult = 6 if dealer else 4

    def pts(h: int) -> float:
        if h <= 0:
            return 0.0
        base = base_points_for(h, fu, _limit(h))
        return float(-(-base * mult // 100) * 100)

    return (1 - frac) * pts(lo) + frac * pts(lo + 1) if frac else pts(lo)


_FU_COLUMNS = (20, 25, 30, 40)


@lru_cache(maxsize=2)
def _points_table(dealer: bool) -> npt.NDArray[np.float64]:
    """Points by whole han (0..13) and fu column (:data:`_FU_COLUMNS`)."""
    return np.array([[hand_points(h, fu, dealer) for fu in _FU_COLUMNS] for h in range(15)])


def _points_of(
    han: npt.NDArray[np.float64], fu: npt.NDArray[np.int64], dealer: bool
) -> npt.NDArray[np.float64]:
    """:func:`hand_points` of many wins at once (fractional han interpolate).

    >>> _points_of(np.array([1.0, 2.5]), np.array([30, 30]), False).tolist()
    [1000.0, 2950.0]
    """
    table = _points_table(dealer)
    col = np.searchsorted(np.array(_FU_COLUMNS), fu)
    h = np.clip(han, 0.0, 13.0)
    lo = np.floor(h).astype(np.intp)
    frac = h - lo
    hi = np.minimum(lo + 1, 14)
    out: npt.NDArray[np.float64] = (1 - frac) * table[lo, col] + frac * table[hi, col]
    return out


def estimate_han(
    counts: npt.NDArray[np.int8],
    waits: npt.NDArray[np.bool_],
    closed: bool,
    context: TableContext,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Yaku han and fu of winning 14-tile hands (rows of ``counts``), estimated fast.

    Counts tanyao, yakuhai triplets, honitsu and chinitsu, chiitoitsu and pinfu when the
    13-tile hand waited on two or more kinds with no triplet and no value pair (an
    approximation). ``waits`` is how many kinds each 13-tile hand waited on, as booleans
    ``(n, 34)``. No riichi, tsumo or dora here.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> c = np.array([to_counts(parse_tiles("234567m234p56788s"))], dtype=np.int8)
    >>> w = np.zeros((1, 34), dtype=bool); w[0, [21, 24]] = True
    >>> han, fu = estimate_han(c, w, True, TableContext())
    >>> int(han[0]), int(fu[0])
    (2, 30)
    """
    c = counts.astype(np.int64)
    n = c.shape[0]
    han = np.zeros(n, dtype=np.int64)
    tanyao = (c[:, _YAOCHU].sum(axis=1) == 0).astype(np.int64)
    han += tanyao
    han += ((c >= 3) * context.value_honors[None, :]).sum(axis=1)
    suits_present = np.stack([c[:, s == _SUIT_OF].sum(axis=1) > 0 for s in range(4)], axis=1)
    n_suits = suits_present[:, :3].sum(axis=1)
    honors = suits_present[:, 3]
    one_suit = n_suits == 1
    han += np.where(one_suit & honors, 3 if closed else 2, 0)
    han += np.where(one_suit & ~honors, 6 if closed else 5, 0)
    fu = np.full(n, 30, dtype=np.int64)
    if closed:
        chiitoi = (c == 2).sum(axis=1) == 7
        han += np.where(chiitoi, 2, 0)
        fu[chiitoi] = 25
        value_pair = ((c == 2) & (context.value_honors[None, :] > 0)).any(axis=1)
        pinfu = (waits.sum(axis=1) >= 2) & ~(c >= 3).any(axis=1) & ~value_pair & ~chiitoi
        han += pinfu
    return han, fu


def _ura_probabilities(unseen: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Per kind, the chance that one ura indicator makes a copy of it dora."""
    total = unseen.sum()
    prob = np.zeros(NUM_KINDS)
    if total <= 0:
        return prob
    for ind in range(NUM_KINDS):
        prob[dora_from_indicator(ind)] += unseen[ind] / total
    return prob


@lru_cache(maxsize=65536)
def _exact_yaku(
    key: bytes, win: int, tsumo: bool, seat: int, round_wind: int
) -> tuple[int, int] | None:
    """Yaku han (no dora, riichi counted) and fu of a closed win, from the scoring module."""
    from .scoring import NoYakuError, ScoringError, Situation, score
    from .tiles import to_136

    counts = np.frombuffer(key, dtype=np.int8)
    tiles: list[int] = []
    for t in range(NUM_KINDS):
        tiles.extend([t] * int(counts[t]))
    phys = to_136(tiles)
    win_phys = max(p for p in phys if p // 4 == win)
    try:
        r = score(
            Situation(
                closed=tuple(phys),
                win_tile=win_phys,
                tsumo=tsumo,
                seat_wind=seat,
                round_wind=round_wind,
                riichi=True,
            )
        )
    except NoYakuError:
        return None
    except ScoringError:
        return None
    return r.han - r.dora - r.red - r.ura, r.fu


# --- the search ------------------------------------------------------------------------------


_HASH_WEIGHTS = np.random.default_rng(20261201).integers(1, 2**62, NUM_KINDS, dtype=np.int64) | 1


def _row_hashes(hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """A 64-bit hash of each hand (row of counts); two hands in one search never collide in
    practice (a few thousand hands against 2^64 values)."""
    out: npt.NDArray[np.int64] = hands.astype(np.int64) @ _HASH_WEIGHTS
    return out


class _Search:
    """One ranking's memoised search over hands that keep improving (see the module doc)."""

    def __init__(
        self,
        hand14: npt.NDArray[np.int8],
        melds: int,
        closed: bool,
        red: int,
        ctx: TableContext,
        called: Counts = (0,) * NUM_KINDS,
        called_red: int = 0,
    ) -> None:
        self.hand14 = hand14
        self.melds = melds
        # The called sets' tiles belong to every winning hand: their yaku (a dragon pon), what
        # they rule out (a terminal pon and tanyao, a second suit and honitsu) and their dora.
        self.called = np.array(called, dtype=np.int64)
        self.called_dora = int((self.called * ctx.dora).sum()) + called_red
        self.closed = closed
        self.ctx = ctx
        self.k = ctx.draws_left
        self.u0 = np.maximum(0, 4 - np.array(ctx.seen, dtype=np.int64) - hand14)
        self.n = max(int(self.u0.sum()), 1)
        self.dora = ctx.dora
        self.red_kinds = red
        self.own = np.zeros(NUM_KINDS, dtype=bool)
        self.own[list(ctx.own_discards)] = True
        self.dealer = ctx.seat_wind == EAST
        self.memo: dict[int, npt.NDArray[np.float64]] = {}
        self.ura_prob = _ura_probabilities(self.u0) if closed else np.zeros(NUM_KINDS)

    def unseen_of(self, hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """Copies left to draw for each state: drawn tiles are gone, discarded ones in view."""
        drawn = np.maximum(0, hands.astype(np.int64) - self.hand14[None, :])
        out: npt.NDArray[np.int64] = np.maximum(0, self.u0[None, :] - drawn)
        return out

    def furiten(self, hands: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
        """Per state and kind: a copy of it is in the player's river."""
        return self.own[None, :] | (self.hand14[None, :] > hands)

    def red_of(self, hands: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """Red fives still held: a red five goes only when its kind's last copy does."""
        out = np.zeros(hands.shape[0], dtype=np.int64)
        for i, five in enumerate(FIVES):
            if self.red_kinds >> i & 1:
                out += hands[:, five] > 0
        return out

    def solve(self, hands: npt.NDArray[np.int8], s: int) -> npt.NDArray[np.float64]:
        """Vectors ``(n, 3, k + 1)``: tenpai, win and expected score with 0..k draws left."""
        keys = _row_hashes(hands).tolist()
        todo = [i for i, key in enumerate(keys) if key not in self.memo]
        if todo:
            sub = hands[todo]
            vecs = self._leaf(sub) if s == 0 else self._inner(sub, s)
            for j, i in enumerate(todo):
                self.memo[keys[i]] = vecs[j]
        return np.stack([self.memo[key] for key in keys])

    def _leaf(self, hands: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        _, after = _hand_and_draws(hands, self.melds)
        wins = after == -1
        live = self.unseen_of(hands) * wins
        furiten = (self.furiten(hands) & wins).any(axis=1)
        n_rows = hands.shape[0]
        win_hands = np.repeat(hands[:, None, :], NUM_KINDS, axis=1)
        idx = np.arange(NUM_KINDS)
        win_hands[:, idx, idx] += 1
        rows, kinds = np.nonzero(wins)
        flat = win_hands[rows, kinds]
        whole = flat.astype(np.int64) + self.called[None, :]
        han, fu = estimate_han(whole, wins[rows], self.closed, self.ctx)
        extra = (whole * self.dora[None, :]).sum(axis=1) + self.red_of(flat) + self.called_dora
        tsumo_pts = np.zeros((n_rows, NUM_KINDS))
        ron_pts = np.zeros((n_rows, NUM_KINDS))
        ura = (flat.astype(np.float64) * self.ura_prob[None, :]).sum(axis=1)
        closed = 1 if self.closed else 0
        total = han + extra + closed + ura
        total[(han == 0) & (closed == 0)] = 0.0
        ron_pts[rows, kinds] = _points_of(total, fu, self.dealer)
        tsumo_pts[rows, kinds] = _points_of(
            np.where(total > 0, total + closed, 0.0), fu, self.dealer
        )
        live = live * (tsumo_pts > 0)
        return self.tenpai_vectors(live, furiten, tsumo_pts, ron_pts)

    def tenpai_vectors(
        self,
        live: npt.NDArray[np.int64],
        furiten: npt.NDArray[np.bool_],
        tsumo_pts: npt.NDArray[np.float64],
        ron_pts: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.float64]:
        """Vectors of tenpai hands from their live waits and the points of each win."""
        k = self.k
        n_rows = live.shape[0]
        ron_w = np.where(furiten, 0.0, RON_WEIGHT)
        total_live = live.sum(axis=1)
        q = np.minimum(1.0, total_live * (1.0 + ron_w) / self.n)
        weight = live * (1.0 + ron_w[:, None])
        value = (live * tsumo_pts + live * ron_w[:, None] * ron_pts).sum(axis=1)
        denom = weight.sum(axis=1)
        avg = np.divide(value, denom, out=np.zeros(n_rows), where=denom > 0)
        steps = np.arange(k + 1)
        win = 1.0 - (1.0 - q[:, None]) ** steps[None, :]
        out = np.empty((n_rows, 3, k + 1))
        out[:, 0, :] = 1.0
        out[:, 1, :] = win
        out[:, 2, :] = win * avg[:, None]
        return out

    def _inner(self, hands: npt.NDArray[np.int8], s: int) -> npt.NDArray[np.float64]:
        k = self.k
        base, after = _hand_and_draws(hands, self.melds)
        unseen = self.unseen_of(hands)
        accept = (after < base[:, None]) & (unseen > 0)
        ri, rt = np.nonzero(accept)
        n_rows = hands.shape[0]
        out = np.zeros((n_rows, 3, k + 1))
        if ri.size == 0 or k == 0:
            return out
        h14 = hands[ri].copy()
        h14[np.arange(ri.size), rt] += 1
        pi, pc = np.nonzero(h14)
        children = h14[pi].copy()
        children[np.arange(pi.size), pc] -= 1
        sh = _sh.shanten_batch(children, self.melds, check=False)
        ok = sh == s - 1
        pi, children = pi[ok], children[ok]
        _, first, inverse = np.unique(_row_hashes(children), return_index=True, return_inverse=True)
        uniq = children[first]
        vec = self.solve(uniq, s - 1)[inverse.reshape(-1)]  # (m, 3, k+1)
        # the best follow-up per (row, draw) and per draws left, each figure on its own
        order = np.argsort(pi, kind="stable")
        pi, vec = pi[order], vec[order]
        starts = np.flatnonzero(np.r_[True, pi[1:] != pi[:-1]])
        best = np.zeros((ri.size, 3, k + 1))
        best[pi[starts]] = np.maximum.reduceat(vec, starts, axis=0)
        prob = unseen[ri, rt] / self.n
        a = np.zeros((n_rows, 3, k + 1))
        row_starts = np.flatnonzero(np.r_[True, ri[1:] != ri[:-1]])  # ri is sorted
        a[ri[row_starts]] = np.add.reduceat(prob[:, None, None] * best, row_starts, axis=0)
        stay = 1.0 - np.bincount(ri, weights=prob, minlength=n_rows)
        for step in range(1, k + 1):
            out[:, :, step] = a[:, :, step - 1] + stay[:, None] * out[:, :, step - 1]
        return out


def _red_mask(hand: Hand) -> int:
    return sum(1 << i for i, r in enumerate(hand.red) if r)


# --- ranking ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class RankedDiscard:
    """One discard with its figures; see the module docstring.

    >>> RankedDiscard(0, 1, 20, 0, 0.5, 0.2, 1500.0, ()).as_json()["discard"]
    '1m'
    """

    discard: Tile
    shanten: int
    count: int
    two_step: int
    tenpai_rate: float
    win_rate: float
    ev: float
    reasons: tuple[Reason, ...]
    score: float = 0.0
    red: bool = False

    @property
    def discard_str(self) -> str:
        """The discard in notation (``0m`` for a red five)."""
        return tile_str(self.discard, red=self.red)

    def as_json(self) -> dict[str, Any]:
        """The row as the ``rank`` command prints it."""
        return {
            "discard": self.discard_str,
            "shanten": self.shanten,
            "count": self.count,
            "two_step": self.two_step,
            "tenpai_rate": round(self.tenpai_rate, 4),
            "win_rate": round(self.win_rate, 4),
            "ev": round(self.ev, 1),
            "reasons": [r.as_json() for r in self.reasons],
        }


@dataclass(frozen=True)
class Ranking:
    """Every discard, best first, and whether the first one is clearly best."""

    rows: tuple[RankedDiscard, ...]
    clear: bool

    def as_json(self) -> dict[str, Any]:
        """``{"ranking": [...], "clear": ...}`` as the ``rank`` command prints it."""
        return {"ranking": [r.as_json() for r in self.rows], "clear": self.clear}


def _fallback_rates(shanten: int, count: int, k: int, n: int) -> tuple[float, float]:
    """Tenpai and win rates of a discard beyond the searched depth (a cheaper model).

    Each of the ``shanten`` steps needs one accepted draw; a draw is accepted with the chance
    ``FALLBACK_ACCEPT · count / n`` (uke-ire shrinks on the way, hence the factor), so the
    tenpai rate is a binomial tail. Winning needs tenpai about three draws earlier, then
    succeeds :data:`FALLBACK_WIN` of the time. Fitted by eye to the full search at 3-shanten.

    >>> t, w = _fallback_rates(4, 60, 12, 120)
    >>> 0 < w < t < 1
    True
    """
    p = min(1.0, FALLBACK_ACCEPT * count / max(n, 1))

    def at_least(m: int, draws: int) -> float:
        if draws < m:
            return 0.0
        return 1.0 - sum(math.comb(draws, j) * p**j * (1 - p) ** (draws - j) for j in range(m))

    return at_least(shanten, k), FALLBACK_WIN * at_least(shanten, k - 3)


def _load_preferences() -> dict[str, Any]:
    try:
        text = resources.files("tutor.engine").joinpath("data", "discard_prefs.json").read_text()
    except FileNotFoundError:
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass(frozen=True)
class PreferenceModel:
    """The fitted preference model: a score per candidate discard, in log-odds of a strong
    player's choice among the candidates of one decision (a conditional logit, linear in
    :func:`candidate_features`, plus the optional ``trees``).

    >>> m = PreferenceModel({"ev": 2.0})
    >>> m.scores([{"ev": 0.0}, {"ev": -1.0}]).tolist()
    [0.0, -2.0]
    >>> m.probabilities([{"ev": 0.0}, {"ev": 0.0}]).tolist()
    [0.5, 0.5]

    With trees (here one stump adding 1 when ``ev`` is above -0.5):

    >>> stump = Trees.from_json({"roots": [0], "depth": 1, "nodes": {"feature": [0, 0, 0],
    ...     "threshold": [-0.5, 0, 0], "left": [1, 1, 2], "right": [2, 1, 2],
    ...     "value": [0, 0.0, 1.0]}})
    >>> PreferenceModel({"ev": 2.0}, stump, ("ev",)).scores([{"ev": 0.0}, {"ev": -1.0}]).tolist()
    [1.0, -2.0]
    """

    weights: Mapping[str, float]
    trees: Trees | None = None
    """Boosted trees added to the linear score (boosted from it with the same softmax loss):
    their input is the features in ``tree_features`` order, then the linear score."""
    tree_features: tuple[str, ...] = ()

    def scores(self, features: Sequence[Mapping[str, float]]) -> npt.NDArray[np.float64]:
        """The score of each candidate (one feature mapping per candidate)."""
        linear = np.array(
            [sum(self.weights.get(k, 0.0) * v for k, v in f.items()) for f in features],
            dtype=np.float64,
        )
        if self.trees is None or not len(linear):
            return linear
        x = np.array(
            [[f.get(k, 0.0) for k in self.tree_features] for f in features], dtype=np.float64
        )
        out: npt.NDArray[np.float64] = linear + self.trees.raw(np.column_stack([x, linear]))
        return out

    def probabilities(self, features: Sequence[Mapping[str, float]]) -> npt.NDArray[np.float64]:
        """The fitted chance that a strong player picks each candidate."""
        s = self.scores(features)
        e = np.exp(s - s.max())
        out: npt.NDArray[np.float64] = e / e.sum()
        return out


_PREFS_FILE = _load_preferences()
PREFERENCE_MODEL: PreferenceModel | None = (
    PreferenceModel(
        {str(k): float(v) for k, v in _PREFS_FILE["weights"].items()},
        Trees.from_json(_PREFS_FILE["trees"]) if "trees" in _PREFS_FILE else None,
        tuple(_PREFS_FILE["trees"]["features"]) if "trees" in _PREFS_FILE else (),
    )
    if _PREFS_FILE.get("weights")
    else None
)
"""The fitted model of ``data/discard_prefs.json`` (None: rank by expected score alone)."""

PREFERENCES: dict[str, float] = dict(PREFERENCE_MODEL.weights) if PREFERENCE_MODEL else {}
"""The linear weights of :data:`PREFERENCE_MODEL` over :func:`candidate_features`."""

if "clear_ratio" in _PREFS_FILE:
    CLEAR_RATIO = float(_PREFS_FILE["clear_ratio"])  # chosen with the weights, see the script


def candidate_features(
    hand: Counts, rows: Sequence[RankedDiscard], context: TableContext
) -> list[dict[str, float]]:
    """Per-row features of the preference model, relative to the best row of the decision.

    >>> from tutor.engine.hand import parse_hand
    >>> r = rank_discards(parse_hand("123m456p789s23m55p7z"), TableContext(draws_left=10))
    >>> f = candidate_features(parse_hand("123m456p789s23m55p7z").concealed, r.rows, TableContext())
    >>> f[0]["isolated_honor"], f[1]["isolated_honor"]
    (1.0, 0.0)
    """
    if not rows:
        return []
    best_ev = max(r.ev for r in rows)
    best_win = max(r.win_rate for r in rows)
    best_tenpai = max(r.tenpai_rate for r in rows)
    best_count = max(r.count for r in rows) or 1
    best_two = max(r.two_step for r in rows) or 1
    min_sh = min(r.shanten for r in rows)
    dora = context.dora
    values = context.value_honors
    seen = context.seen
    unseen = [max(0, 4 - a - b) for a, b in zip(seen, hand, strict=True)]
    pairs = sum(1 for x in hand if x == 2)
    late = min(1.0, context.turn / 18.0)
    suit_sizes = [sum(hand[9 * s : 9 * s + 9]) for s in range(3)]
    honors = sum(hand[27:])
    before = _block_counts(hand)
    own = frozenset(context.own_discards)
    out = []
    for r in rows:
        t = r.discard
        near = _neighbours(hand, t)
        honor = t >= 27
        terminal = t < 27 and t % 9 in (0, 8)
        isolated = hand[t] == 1 and near == 0
        out.append(
            {
                "ev": (r.ev - best_ev) / 1000.0,
                "log_ev": math.log1p(r.ev / 1000.0) - math.log1p(best_ev / 1000.0),
                "win": r.win_rate - best_win,
                "tenpai": r.tenpai_rate - best_tenpai,
                "shanten": float(r.shanten - min_sh),
                "count": r.count / best_count - 1.0,
                "two_step": r.two_step / best_two - 1.0,
                "isolated_honor": float(isolated and honor),
                "isolated_terminal": float(isolated and terminal),
                "value_honor": float(honor and values[t] > 0),
                "guest_wind": float(honor and values[t] == 0),
                "dora": float(dora[t] > 0),
                "red": float(r.red),
                "pair": float(hand[t] >= 2),
                "terminal": float(terminal),
                "middle": float(t < 27 and t % 9 in (3, 4, 5)),
                "seen": float(seen[t]) / 4.0,
                "early_honor": float(honor) * max(0.0, 1.0 - context.turn / 9.0),
                "isolated_simple": float(isolated and not honor and not terminal),
                "neighbours": min(near, 4) / 4.0,
                "two_eight": float(t < 27 and t % 9 in (1, 7)),
                "honor_pair": float(honor and hand[t] == 2),
                "near_dora": float(_near_dora(t, dora)),
                "seen_honor": float(honor) * seen[t] / 3.0,
                "ev_share": r.ev / best_ev if best_ev > 0 else 1.0,
                "drawn": float(context.drawn == t),
                **_shape_features(hand, t, unseen),
                **_local_features(hand, t, before),
                **_river_features(hand, t, own),
                **_plan_features(t, context.own_discards, context.own_in_order),
                "value_pair": float(honor and values[t] > 0 and hand[t] == 2),
                "double_wind": float(honor and values[t] >= 2),
                "dragon": float(t in DRAGONS),
                "round_wind": float(t == context.round_wind),
                "seat_wind": float(t == context.seat_wind),
                "only_pair": float(hand[t] == 2 and pairs == 1),
                "late_middle": float(t < 27 and t % 9 in (2, 3, 4, 5, 6)) * late,
                "late_seen": float(seen[t]) / 4.0 * late,
                "late_shanten": float(r.shanten - min_sh) * late,
                "drawn_isolated": float(context.drawn == t and isolated),
                "top_ev": float(r.ev >= best_ev and best_ev > 0),
                "top_count": float(r.count >= best_count and r.shanten == min_sh),
                "top_win": float(r.win_rate >= best_win and best_win > 0),
                "suit_share": (
                    float(suit_sizes[_SUIT_OF[t]]) / 14.0 if t < 27 else float(honors) / 14.0
                ),
            }
        )
    for r, f in zip(rows, out, strict=True):
        f.update(_interactions(r.discard, f, context.turn, min_sh))
    return out


def _interactions(t: Tile, f: Mapping[str, float], turn: int, min_sh: int) -> dict[str, float]:
    """Products of features with the turn and the distance to tenpai: the weight of a feature
    changes as the hand develops (a lone honor goes early; value counts more near tenpai)."""
    early = max(0.0, 1.0 - turn / 9.0)
    late = turn / 18.0
    far = float(min_sh >= 2)
    out = {
        f"num{k}": float(t < 27 and min(t % 9, 8 - t % 9) == k) for k in range(5)
    }  # 1/9, 2/8, 3/7, 4/6, 5
    out |= {
        "iso_hon_early": f["isolated_honor"] * early,
        "iso_term_early": f["isolated_terminal"] * early,
        "dragon_early": f["dragon"] * early,
        "drawn_early": f["drawn"] * early,
        "guest_seen": f["guest_wind"] * f["seen"],
        "count_sh1": f["count"] * float(f["shanten"] + min_sh == 1),
        "pair_sh": f["pair"] * far,
        "ev_late": f["ev"] * late,
        "win_late": f["win"] * late,
    }
    for k in _FAR_FEATURES:
        out[f"{k}_far"] = f[k] * far
    for k in _LATE_FEATURES:
        out[f"{k}_late"] = f[k] * late
    return out


_FAR_FEATURES = (
    "ev",
    "win",
    "count",
    "isolated_honor",
    "isolated_terminal",
    "shanten",
    "value_honor",
    "dora",
    "in_ryanmen",
    "potential",
)
_LATE_FEATURES = (
    "isolated_honor",
    "isolated_terminal",
    "in_ryanmen",
    "dora",
    "value_honor",
    "count",
)


def _in_set(hand: Counts, t: Tile) -> bool:
    """Whether ``t`` can be part of a complete set of ``hand``: a triplet, or a run through it.

    >>> from tutor.engine.tiles import to_counts
    >>> _in_set(to_counts(parse_tiles("123m5p")), 0), _in_set(to_counts(parse_tiles("13m555p")), 0)
    (True, False)
    """
    if hand[t] >= 3:
        return True
    if t >= 27:
        return False
    base = t - t % 9
    return any(
        all(base <= i <= base + 8 and hand[i] > 0 for i in (a, a + 1, a + 2))
        for a in (t - 2, t - 1, t)
    )


def _shape_features(hand: Counts, t: Tile, unseen: Sequence[int]) -> dict[str, float]:
    """What the tile ``t`` does in ``hand``: part of a set, of which kind of partial set, and
    how easily it would connect again (unseen copies within two steps)."""
    in_set = _in_set(hand, t)
    ryanmen = penchan = kanchan = False
    if t < 27:
        base = t - t % 9

        def has(i: int) -> bool:
            return base <= i <= base + 8 and hand[i] > 0

        for a in (t - 1, t):
            if has(a) and has(a + 1):
                penchan = penchan or a - base in (0, 7)
                ryanmen = ryanmen or a - base not in (0, 7)
        kanchan = any(has(a) and has(a + 2) and not has(a + 1) for a in (t - 2, t))
        near = range(max(base, t - 2), min(base + 8, t + 2) + 1)
        potential = sum(unseen[x] for x in near if x != t) + 2 * unseen[t]
    else:
        potential = 3 * unseen[t]
    return {
        "in_set": float(in_set),
        "in_ryanmen": float(ryanmen),
        "in_penchan": float(penchan),
        "in_kanchan": float(kanchan),
        "potential": potential / 20.0,
    }


def _block_counts(hand: Counts) -> tuple[int, int, int, int]:
    """Partial shapes of ``hand``: the two-sided adjacencies (two neighbours, neither a 1 nor
    a 9 at the edge), the weak ones (edge pairs 12 and 89, gaps like 13), the pairs, and the
    lone tiles (no copy and no tile within two steps).

    >>> from tutor.engine.tiles import to_counts
    >>> _block_counts(to_counts(parse_tiles("2335m19p1z")))
    (1, 1, 1, 3)
    """
    two_sided = weak = pairs = lone = 0
    for t in range(NUM_KINDS):
        if not hand[t]:
            continue
        pairs += hand[t] >= 2
        if t >= 27:
            lone += hand[t] == 1
            continue
        n = t % 9
        if n < 8 and hand[t + 1]:
            two_sided += n not in (0, 7)
            weak += n in (0, 7)
        if n < 7 and hand[t + 2] and not hand[t + 1]:
            weak += 1
        lone += hand[t] == 1 and _neighbours(hand, t) == 0
    return two_sided, weak, pairs, lone


def _local_features(hand: Counts, t: Tile, before: tuple[int, int, int, int]) -> dict[str, float]:
    """The tiles of ``t``'s suit one and two steps either side of it in ``hand``, and what the
    discard does to the hand's partial shapes (:func:`_block_counts`): two-sided and weak
    adjacencies and pairs lost, lone tiles left, and lone tiles it makes (a neighbour whose
    only link was ``t``)."""
    side: dict[str, float] = {}
    for name, step in (("m2", -2), ("m1", -1), ("p1", 1), ("p2", 2)):
        x = t + step
        inside = t < 27 and x // 9 == t // 9 and 0 <= x < 27
        side[f"at_{name}"] = min(2, hand[x]) / 2.0 if inside else 0.0
    after = list(hand)
    after[t] -= 1
    a = _block_counts(tuple(after))
    lone_t = float(hand[t] == 1 and _neighbours(hand, t) == 0)
    return {
        **side,
        "lost_two_sided": float(before[0] - a[0]),
        "lost_weak": float(before[1] - a[1]),
        "lost_pair": float(before[2] - a[2]),
        "lone_left": a[3] / 4.0,
        "makes_lone": float(a[3] - before[3] + lone_t),
    }


def furiten_waits(hand: Counts, t: Tile, river: frozenset[Tile]) -> list[Tile]:
    """The tiles of the player's ``river`` that a partial set holding ``t`` waits on: kept, the
    shape could only become a furiten wait (strong players take it apart first).

    >>> from tutor.engine.tiles import to_counts
    >>> [tile_str(w) for w in furiten_waits(to_counts(parse_tiles("23m5p")), 1, frozenset({0}))]
    ['1m']
    >>> furiten_waits(to_counts(parse_tiles("23m5p")), 1, frozenset({8}))
    []
    """
    if t >= 27:
        return []
    lo, hi = t - t % 9, t - t % 9 + 8

    def held(x: int) -> bool:
        return lo <= x <= hi and hand[x] > 0

    waits: set[Tile] = set()
    for a, b in ((t, t + 1), (t - 1, t)):  # two-sided or edge: the tiles either side
        if held(a) and held(b):
            waits |= {x for x in (a - 1, b + 1) if lo <= x <= hi}
    for a, b in ((t, t + 2), (t - 2, t)):  # closed: the tile between
        if held(a) and held(b) and not held(a + 1):
            waits.add(a + 1)
    return sorted(waits & river)


def _river_features(hand: Counts, t: Tile, own: frozenset[Tile]) -> dict[str, float]:
    """How ``t`` stands beside the player's own river: the kind already thrown, own discards
    one or two steps from it, suji of an own discard, and whether a partial set holding it
    waits on a tile of the river (:func:`furiten_waits`)."""
    if t >= 27:
        return {"own_same": float(t in own), "own_near": 0.0, "own_suji": 0.0, "furiten_shape": 0.0}
    lo, hi = t - t % 9, t - t % 9 + 8

    def thrown(x: int) -> bool:
        return lo <= x <= hi and x in own

    near = sum(thrown(x) for x in (t - 2, t - 1, t + 1, t + 2))
    return {
        "own_same": float(t in own),
        "own_near": min(near, 2) / 2.0,
        "own_suji": float(thrown(t - 3) or thrown(t + 3)),
        "furiten_shape": float(bool(furiten_waits(hand, t, own))),
    }


def _plan_features(t: Tile, river: tuple[Tile, ...], in_order: bool) -> dict[str, float]:
    """What the player's own river says of their plan for ``t``: the share of their discards in
    its suit (honors count as one suit), and whether one of their last two discards was the same
    kind or one or two steps from it (a block being taken apart)."""
    suit = _SUIT_OF[t]
    same_suit = sum(1 for x in river if _SUIT_OF[x] == suit)
    recent = in_order and any(
        x == t or (t < 27 and _SUIT_OF[x] == suit and abs(x - t) <= 2) for x in river[-2:]
    )
    return {
        "own_suit": same_suit / max(1, len(river)),
        "own_recent": float(recent),
    }


_SUJI = {0: (3,), 1: (4,), 2: (5,), 3: (0, 6), 4: (1, 7), 5: (2, 8), 6: (3,), 7: (4,), 8: (5,)}
"""For each number (0 = 1), the numbers whose discard makes it suji: a two-sided wait on it
would have been furiten (4 needs 1 and 7; 1 needs 4)."""


def river_safety(t: Tile, context: TableContext) -> tuple[int, int, bool]:
    """Against how many other players ``t`` is safe by their own river (genbutsu), against how
    many more it is suji of their river, and whether it is in the dealer's river.

    >>> ctx = TableContext(others=((0, 6, 30), (3, 6), (8,)), others_dealer=1)
    >>> river_safety(3, ctx), river_safety(30, ctx), river_safety(9, ctx)
    ((1, 1, True), (1, 0, False), (0, 0, False))
    """
    safe = suji = 0
    for river in context.others:
        if t in river:
            safe += 1
        elif t < 27 and all(t - t % 9 + n in river for n in _SUJI[t % 9]):
            suji += 1
    dealer = context.others_dealer >= 0 and t in context.others[context.others_dealer]
    return safe, suji, dealer


def _near_dora(t: Tile, dora: npt.NDArray[np.int64]) -> bool:
    """A simple tile one or two steps from a dora of its suit (it helps keep the dora)."""
    if t >= 27 or dora[t] > 0:
        return False
    lo, hi = t - t % 9, t - t % 9 + 8
    return any(dora[x] > 0 for x in range(max(lo, t - 2), min(hi, t + 2) + 1))


def _neighbours(hand: Counts, t: Tile) -> int:
    if t >= 27:
        return 0
    lo, hi = t - t % 9, t - t % 9 + 8
    return sum(hand[x] for x in range(max(lo, t - 2), min(hi, t + 2) + 1) if x != t)


EV_LEAD_POINTS = 20.0
"""The least lead in expected points that makes a first row clearly best (with
:data:`EV_LEAD_SHARE`): closer figures are within what the search's estimate can tell apart."""
EV_LEAD_SHARE = 0.03
"""The least lead as a share of the first row's expected score (3 %: 60 points on 2,000)."""


def value_lead_needed(ev: float) -> float:
    """How far a first row worth ``ev`` expected points must lead a rival to be clearly best:
    :data:`EV_LEAD_POINTS`, or :data:`EV_LEAD_SHARE` of ``ev`` when that is more.

    On the what-to-discard puzzles mined from the first 60 shared games by the rule before this
    lead (3,497 clear decisions), the Phoenix player made the answer in 94.9 % of them, but in
    only 81 % of the 86 whose answer led its nearest rival by less than this (79 % of the 43
    under 20 points): figures that close are a tie the ranking breaks by habit, and a learner
    marked wrong for the other tile would be told it "wins as often but for less: about 1,440
    points against 1,432".

    >>> value_lead_needed(400.0), value_lead_needed(2000.0)
    (20.0, 60.0)
    """
    return max(EV_LEAD_POINTS, EV_LEAD_SHARE * ev)


THIN_WAIT = 2
"""A tenpai first row waiting on this many tiles or fewer is no clear best when a row going back
a shanten shows a higher expected score (see :func:`has_top_value`)."""


def has_top_value(rows: Sequence[RankedDiscard]) -> bool:
    """Whether the first row's expected score leads that of every other row as close to tenpai
    by :func:`value_lead_needed` (a tie, or a near tie, is no clear best: a puzzle whose answer
    ties another discard's figure would mark an equal answer wrong, and its feedback would
    compare equal numbers).

    The preferences may put first a discard whose expected score is a little lower (a strong
    player's habits); such a first row is never called clearly best. A row that goes back a
    shanten from the first is not its rival here (as in the rule without a model): its figure
    is the search's estimate for a slower hand, and strong players do not follow it. On the
    shared games a row going back a shanten had the highest expected score in 25 % of the
    decisions (a median 30 % above the best row keeping the shanten), and the Phoenix player
    made that discard in 4 % of them (:data:`BACK_OFF_TAKEN_PERCENT`); such a row says so
    (the reason ``backs_off_estimate``). Except after a thin wait: when the first row is
    tenpai on :data:`THIN_WAIT` tiles or fewer and a row going back a shanten shows more, the
    Phoenix player kept the tenpai in only 76 % of the 21 such mined puzzles of the first 60
    shared games (95 % over all of them), so such a first row is not clearly best either.

    >>> a = RankedDiscard(0, 1, 20, 0, 0.5, 0.3, 2800.0, ())
    >>> b = RankedDiscard(1, 1, 20, 0, 0.5, 0.2, 1200.0, ())
    >>> slower = RankedDiscard(2, 2, 40, 0, 0.4, 0.2, 3000.0, ())
    >>> has_top_value([a, b]), has_top_value([b, a]), has_top_value([a, slower])
    (True, False, True)
    >>> has_top_value([a, RankedDiscard(3, 1, 20, 0, 0.5, 0.3, 2750.0, ())])  # 50 points: a near tie
    False
    >>> thin = RankedDiscard(4, 0, 1, 0, 1.0, 0.2, 1650.0, ())  # tenpai on the last copy
    >>> has_top_value([thin, slower]), has_top_value([thin, b])
    (False, True)
    """
    first = rows[0]
    if first.shanten == 0 and first.count <= THIN_WAIT and any(r.ev > first.ev for r in rows):
        return False
    needed = value_lead_needed(first.ev)
    return all(first.ev >= r.ev + needed for r in rows[1:] if r.shanten <= first.shanten)


def top_probability(rows: Sequence[RankedDiscard]) -> float:
    """The fitted chance that a strong player picks the first row: a softmax of the rows'
    ``score`` (log-odds from :data:`PREFERENCE_MODEL`).

    >>> a = RankedDiscard(0, 1, 20, 0, 0.5, 0.3, 2800.0, (), score=1.0)
    >>> b = RankedDiscard(1, 1, 20, 0, 0.5, 0.2, 1200.0, (), score=-1.0)
    >>> round(top_probability([a, b]), 3), top_probability([a])
    (0.881, 1.0)
    """
    return pick_probability(rows, rows[0].discard) if rows else 0.0


def pick_probability(rows: Sequence[RankedDiscard], discard: Tile) -> float:
    """The fitted chance that a strong player picks ``discard`` among ``rows``: the softmax of
    the rows' ``score`` (log-odds from :data:`PREFERENCE_MODEL`), 0 when it is not a row.

    >>> a = RankedDiscard(0, 1, 20, 0, 0.5, 0.3, 2800.0, (), score=1.0)
    >>> b = RankedDiscard(1, 1, 20, 0, 0.5, 0.2, 1200.0, (), score=-1.0)
    >>> round(pick_probability([a, b], 1), 3), pick_probability([a, b], 5)
    (0.119, 0.0)
    """
    if not any(r.discard == discard for r in rows):
        return 0.0
    top = max(r.score for r in rows)
    total = sum(math.exp(r.score - top) for r in rows)
    return sum(math.exp(r.score - top) for r in rows if r.discard == discard) / total


def order_rows(rows: Sequence[RankedDiscard]) -> list[RankedDiscard]:
    """The rows best first by ``score``; a discard that can no longer win goes below every one
    that still can, whatever the score (the preferences were fitted on hands not tenpai).

    >>> a = RankedDiscard(0, 0, 0, 0, 1.0, 0.0, 0.0, (), score=3.0)
    >>> b = RankedDiscard(1, 1, 20, 0, 0.5, 0.2, 1200.0, (), score=1.0)
    >>> [r.discard for r in order_rows([a, b])]
    [1, 0]
    """
    can_win = any(r.win_rate > 0 for r in rows)
    return sorted(
        rows,
        key=lambda r: (
            can_win and r.win_rate <= 0,
            -r.score,
            r.shanten,
            -r.count,
            -r.two_step,
            r.discard,
        ),
    )


def clear_features(
    rows: Sequence[RankedDiscard], hand: Counts, context: TableContext
) -> dict[str, float]:
    """Facts about one ranked decision (``rows`` best first, with scores) that tell how likely a
    strong player is to make the first row's discard: the fitted chance of the first row and
    its lead over the second, how many rows are near the top, whether pure efficiency and the
    highest expected score pick the same tile, the distance to tenpai, the turn, and what the
    first row's tile is. :func:`clear_confidence` weighs them.

    >>> a = RankedDiscard(27, 1, 20, 0, 0.6, 0.3, 2400.0, (), score=2.0)
    >>> b = RankedDiscard(1, 1, 16, 0, 0.5, 0.2, 1200.0, (), score=0.0)
    >>> f = clear_features([a, b], parse_hand("23456m456p789s23m1z").concealed, TableContext())
    >>> round(f["p1"], 3), f["efficiency_first"], f["value_first"], f["isolated_honor"]
    (0.881, 1.0, 1.0, 1.0)
    """
    if not rows:
        return {}
    top = max(r.score for r in rows)
    e = np.exp(np.array([r.score - top for r in rows]))
    p = e / e.sum()
    p1 = float(p[0])
    p2 = float(p[1]) if len(rows) > 1 else 0.0
    first = rows[0]
    t = first.discard
    min_sh = min(r.shanten for r in rows)
    efficiency = min(rows, key=lambda r: (r.shanten, -r.count, -r.two_step))
    others_ev = max((r.ev for r in rows[1:]), default=0.0)
    near = _neighbours(hand, t)
    honor = t >= 27
    terminal = t < 27 and t % 9 in (0, 8)
    isolated = hand[t] == 1 and near == 0
    logit = math.log(max(p1, 1e-9) / max(1.0 - p1, 1e-9))
    return {
        "p1": p1,
        "p1_squared": p1 * p1,
        "logit": max(-6.0, min(6.0, logit)),
        "lead": p1 - p2,
        "gap": min(6.0, (rows[0].score - rows[1].score) if len(rows) > 1 else 6.0),
        "entropy": float(-(p * np.log(np.maximum(p, 1e-12))).sum()),
        "near_top": float((p >= 0.5 * p1).sum() - 1),
        "candidates": len(rows) / 14.0,
        "efficiency_first": float(efficiency.discard == t),
        "efficiency_second": float(len(rows) > 1 and efficiency.discard == rows[1].discard),
        "count_share": first.count / max(1, max(r.count for r in rows)),
        "value_first": float(all(first.ev >= r.ev for r in rows[1:])),
        "value_lead": max(-3.0, min(3.0, (first.ev - others_ev) / 1000.0)),
        "backs_off": float(first.shanten > min_sh),
        "shanten1": float(min_sh == 1),
        "shanten3": float(min_sh >= 3),
        "turn": min(1.0, context.turn / 18.0),
        "isolated_honor": float(isolated and honor),
        "isolated_terminal": float(isolated and terminal),
        "value_honor": float(honor and context.value_honors[t] > 0),
        "honor": float(honor),
        "dora": float(context.dora[t] > 0),
        "drawn": float(context.drawn == t),
        "pair": float(hand[t] >= 2),
        "lone": float(isolated),
    }


@dataclass(frozen=True)
class ClearModel:
    """How likely a strong player is to make the first row's discard, from
    :func:`clear_features`: a logistic model (``bias`` plus ``weights``), and the ``threshold``
    above which the first row is clearly best.

    >>> m = ClearModel({"p1": 4.0}, -2.0, 0.6)
    >>> round(m.confidence({"p1": 0.9}), 3), m.confidence({"p1": 0.1}) < 0.6
    (0.832, True)
    """

    weights: Mapping[str, float]
    bias: float
    threshold: float

    def confidence(self, features: Mapping[str, float]) -> float:
        """The fitted chance that the player agrees with the first row."""
        z = self.bias + sum(self.weights.get(k, 0.0) * v for k, v in features.items())
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


CLEAR_MODEL: ClearModel | None = (
    ClearModel(
        {str(k): float(v) for k, v in _PREFS_FILE["clear_model"]["weights"].items()},
        float(_PREFS_FILE["clear_model"]["bias"]),
        float(_PREFS_FILE["clear_model"]["threshold"]),
    )
    if "clear_model" in _PREFS_FILE
    else None
)
"""The fitted clear rule of ``data/discard_prefs.json`` (None: the expected-score rule)."""


def clear_confidence(rows: Sequence[RankedDiscard], hand: Counts, context: TableContext) -> float:
    """The fitted chance (:data:`CLEAR_MODEL`) that a strong player makes the first row's
    discard (0 without a fitted model).

    >>> from tutor.engine.hand import parse_hand
    >>> h = parse_hand("123m456p789s23m55p7z")
    >>> r = rank_discards(h, TableContext(draws_left=10))
    >>> 0.0 <= clear_confidence(r.rows, h.concealed, TableContext(draws_left=10)) <= 1.0
    True
    """
    if CLEAR_MODEL is None or not rows:
        return 0.0
    return CLEAR_MODEL.confidence(clear_features(rows, hand, context))


def is_clear(
    rows: Sequence[RankedDiscard],
    hand: Counts | None = None,
    context: TableContext | None = None,
    ratio: float | None = None,
    model: ClearModel | None = None,
) -> bool:
    """Whether the first row stands out (see the module docstring for the margins).

    With a fitted clear model (:data:`CLEAR_MODEL`, or ``model``) and the decision's ``hand``
    and ``context``, the first row is clear when the model's confidence that a strong player
    makes that discard reaches its threshold and no other row as close to tenpai has a higher
    expected score (:func:`has_top_value`):

    >>> a = RankedDiscard(0, 1, 20, 0, 0.5, 0.3, 2800.0, (), score=3.0)
    >>> b = RankedDiscard(1, 1, 20, 0, 0.5, 0.2, 1200.0, (), score=-1.0)
    >>> sure = ClearModel({"p1": 10.0}, -5.0, 0.9)
    >>> h = parse_hand("123456789m1234p").concealed
    >>> is_clear([a, b], h, TableContext(), model=sure), is_clear([b, a], h, TableContext(), model=sure)
    (True, False)

    Otherwise (no model, or no hand) the expected-score rule applies:

    >>> is_clear([a, b]), is_clear([b, a])
    (True, False)
    """
    if len(rows) < 2:
        return len(rows) == 1
    fitted = model if model is not None else CLEAR_MODEL
    if fitted is not None and hand is not None and context is not None:
        return has_top_value(rows) and (
            fitted.confidence(clear_features(rows, hand, context)) >= fitted.threshold
        )
    first = rows[0]
    # rows further from tenpai than the first are not rivals: strong players rarely go back a
    # shanten, and the search is at its most optimistic there
    rest = [r for r in rows[1:] if r.shanten <= first.shanten]
    if not rest:
        return True
    other_ev = max(r.ev for r in rest)
    if first.ev > 0 or other_ev > 0:
        r = CLEAR_RATIO if ratio is None else ratio
        return first.ev >= r * other_ev and first.ev - other_ev >= CLEAR_MARGIN
    return first.win_rate - max(r.win_rate for r in rest) >= CLEAR_WIN_MARGIN


def _reasons(
    hand: Hand, ctx: TableContext, d: Tile, red: bool, rows_sh: int, min_sh: int
) -> list[Reason]:
    out: list[Reason] = []
    c = hand.concealed
    dora = ctx.dora
    values = ctx.value_honors
    if dora[d] > 0:
        out.append(Reason("discards_dora", {"tile": tile_str(d)}))
    if red:
        out.append(Reason("discards_red_five"))
    if d >= 27 and values[d] > 0:
        out.append(Reason("discards_value_honor", {"tile": tile_str(d)}))
    elif d >= 27 and c[d] == 1:
        out.append(Reason("isolated_honor", {"tile": tile_str(d)}))
    if d < 27 and d % 9 in (0, 8) and c[d] == 1 and _neighbours(c, d) == 0:
        out.append(Reason("isolated_terminal", {"tile": tile_str(d)}))
    for t in range(NUM_KINDS):
        if t != d and c[t] == 2 and t >= 27 and values[t] > 0:
            out.append(Reason("keeps_value_pair", {"tile": tile_str(t)}))
    kept_dora = [t for t in range(NUM_KINDS) if t != d and c[t] and dora[t] > 0]
    if kept_dora and any(dora[x] > 0 for x in range(NUM_KINDS) if c[x]):
        out.append(Reason("keeps_dora", {"tile": tile_str(kept_dora[0])}))
    if rows_sh > min_sh:
        out.append(Reason("backs_off"))
    # A lone copy of a run's tile, or a triplet's, belongs to a complete set: the shape beside
    # it is not one its discard takes apart. With two copies, one is spare for the shape.
    in_set = _in_set(c, d) and c[d] != 2
    thrown = [] if in_set else furiten_waits(c, d, frozenset(ctx.own_discards))
    if thrown:
        names = ",".join(tile_str(w) for w in thrown)
        out.append(Reason("furiten_shape", {"tile": tile_str(d), "tiles": names}))
    safe, _suji, dealer = river_safety(d, ctx)
    if c[d] == 1 and _neighbours(c, d) == 0:  # between lone tiles, the safer one goes
        if safe:
            out.append(Reason("safe_against", {"tile": tile_str(d), "players": safe}))
        if dealer:
            out.append(Reason("safe_against_dealer", {"tile": tile_str(d)}))
    return out


def _tenpai_reasons(search: _Search, h13: npt.NDArray[np.int8]) -> list[Reason]:
    _, after = _hand_and_draws(h13[None, :], search.melds)
    wins = np.flatnonzero(after[0] == -1)
    unseen = search.unseen_of(h13[None, :])[0]
    live = int(unseen[wins].sum())
    fur = search.furiten(h13[None, :])[0]
    names = ",".join(tile_str(int(w)) for w in wins)
    out = [Reason("tenpai", {"tiles": names, "live": live})]
    if live == 0:
        out.append(Reason("dead_wait", {"tiles": names}))
    fur_tiles = [int(w) for w in wins if fur[w]]
    if fur_tiles:
        out.append(Reason("furiten", {"tiles": ",".join(tile_str(w) for w in fur_tiles)}))
    return out


def _exact_leaf(search: _Search, h13: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
    """The tenpai vector of a closed hand reached by the discard itself, yaku from scoring."""
    ctx = search.ctx
    _, after = _hand_and_draws(h13[None, :], search.melds)
    wins = after[0] == -1
    tsumo_pts = np.zeros((1, NUM_KINDS))
    ron_pts = np.zeros((1, NUM_KINDS))
    for w in np.flatnonzero(wins):
        full = h13.copy()
        full[w] += 1
        extra = int((full.astype(np.int64) * search.dora).sum()) + int(
            search.red_of(full[None, :])[0]
        )
        ura = float((full.astype(np.float64) * search.ura_prob).sum())
        for tsumo, target in ((False, ron_pts), (True, tsumo_pts)):
            got = _exact_yaku(full.tobytes(), int(w), tsumo, ctx.seat_wind, ctx.round_wind)
            if got is None:
                continue
            han, fu = got
            target[0, w] = hand_points(han + extra + ura, fu, search.dealer)
    live = search.unseen_of(h13[None, :]) * wins[None, :] * (tsumo_pts > 0)
    furiten = (search.furiten(h13[None, :]) & wins[None, :]).any(axis=1)
    vec: npt.NDArray[np.float64] = search.tenpai_vectors(live, furiten, tsumo_pts, ron_pts)[0]
    return vec


def rank_discards(hand: Hand, context: TableContext) -> Ranking:
    """Every discard of a 14-tile hand ranked by expected value (see the module docstring).

    A closed tenpai with a dead wait never wins; a furiten wait wins by self-draw only:

    >>> from tutor.engine.hand import parse_hand
    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> h = parse_hand("1239m456p789s1177z")
    >>> seen = to_counts(parse_tiles("1177z"))
    >>> r = rank_discards(h, TableContext(seen=seen, draws_left=8))
    >>> row = [x for x in r.rows if x.discard_str == "9m"][0]
    >>> row.win_rate, [x.code for x in row.reasons if x.code == "dead_wait"]
    (0.0, ['dead_wait'])
    """
    if hand.tile_count != 14:
        raise ImpossibleHandError(
            f"ranking a discard needs 14 tiles, this hand has {hand.tile_count}"
        )
    melds = len(hand.melds)
    counts = np.array(hand.concealed, dtype=np.int8)
    seen_total = np.array(context.seen, dtype=np.int64) + np.array(hand.concealed)
    if (seen_total > 4).any():
        t = int(np.flatnonzero(seen_total > 4)[0])
        raise ImpossibleHandError(
            f"there are only four {tile_str(t)}, hand and seen tiles have {int(seen_total[t])}"
        )
    table = discard_analysis(
        hand.concealed, melds, tuple(int(x) for x in seen_total), held=hand.called_counts()
    )
    called_red = sum(m.red_count for m in hand.melds)
    search = _Search(
        counts, melds, hand.is_closed, _red_mask(hand), context, hand.called_counts(), called_red
    )
    min_sh = min(o.shanten for o in table)
    rows: list[RankedDiscard] = []
    for o in table:
        d = o.discard
        h13 = counts.copy()
        h13[d] -= 1
        i5 = FIVES.index(d) if d in FIVES else -1
        red = i5 >= 0 and hand.red[i5] > 0 and counts[d] == 1
        reasons = _reasons(hand, context, d, red, o.shanten, min_sh)
        if o.shanten == 0:
            vec = search.solve(h13[None, :], 0)[0] if melds else _exact_leaf(search, h13)
            reasons = _tenpai_reasons(search, h13) + reasons
            if melds and vec[1, -1] == 0 and not any(r.code == "dead_wait" for r in reasons):
                reasons.append(Reason("no_yaku"))
        elif o.shanten <= MAX_SEARCH_SHANTEN:
            if red:
                search.red_kinds &= ~(1 << i5)
                vec = search.solve(h13[None, :], o.shanten)[0]
                search.memo = {}
                search.red_kinds |= 1 << i5
            else:
                vec = search.solve(h13[None, :], o.shanten)[0]
        else:
            tr, wr = _fallback_rates(o.shanten, o.count, context.draws_left, search.n)
            vec = np.zeros((3, context.draws_left + 1))
            vec[0, -1], vec[1, -1] = tr, wr
            vec[2, -1] = wr * FALLBACK_VALUE
        rows.append(
            RankedDiscard(
                d,
                o.shanten,
                o.count,
                o.two_step,
                float(vec[0, -1]),
                float(vec[1, -1]),
                float(vec[2, -1]),
                tuple(reasons),
                red=red,
            )
        )
    rows = _order(hand.concealed, _mark_estimates(rows), context)
    return Ranking(tuple(rows), is_clear(rows, hand.concealed, context))


def _mark_estimates(rows: list[RankedDiscard]) -> list[RankedDiscard]:
    """A row that goes back a shanten and shows a higher expected score than every row keeping
    the shanten says that its figure is an estimate strong players do not follow (see
    :func:`has_top_value`): ``backs_off_estimate`` in place of ``backs_off``.

    >>> keep = RankedDiscard(0, 1, 20, 0, 0.5, 0.3, 2000.0, ())
    >>> slower = RankedDiscard(1, 2, 40, 0, 0.4, 0.2, 2600.0, (Reason("backs_off"),))
    >>> [r.code for r in _mark_estimates([keep, slower])[1].reasons]
    ['backs_off_estimate']
    """
    min_sh = min(r.shanten for r in rows)
    best_kept = max(r.ev for r in rows if r.shanten == min_sh)
    return [
        replace(
            r,
            reasons=tuple(
                Reason("backs_off_estimate") if x.code == "backs_off" else x for x in r.reasons
            ),
        )
        if r.shanten > min_sh and r.ev > best_kept
        else r
        for r in rows
    ]


def _order(hand: Counts, rows: list[RankedDiscard], context: TableContext) -> list[RankedDiscard]:
    if PREFERENCE_MODEL is not None:
        scores = PREFERENCE_MODEL.scores(candidate_features(hand, rows, context))
        scored = [replace(r, score=float(x)) for r, x in zip(rows, scores, strict=True)]
    else:
        scored = [replace(r, score=r.ev + 1e3 * r.win_rate) for r in rows]
    return order_rows(scored)


# --- reading decisions -------------------------------------------------------------------------


class DecisionError(ValueError):
    """A decision line that cannot be ranked (bad JSON, a field missing or malformed)."""


def _tiles_field(obj: Mapping[str, Any], name: str) -> list[Tile]:
    value = obj.get(name, "")
    if isinstance(value, list):
        value = "".join(str(x) for x in value)
    if not isinstance(value, str):
        raise DecisionError(f'"{name}" must be tiles in notation')
    return parse_tiles(value) if value else []


def _wind_field(obj: Mapping[str, Any], name: str, default: Tile) -> Tile:
    value = obj.get(name)
    if value is None:
        return default
    tiles = parse_tiles(str(value))
    if len(tiles) != 1 or not 27 <= tiles[0] <= 30:
        raise DecisionError(f'"{name}" must be a wind, 1z to 4z')
    return tiles[0]


def decision_from_json(obj: Mapping[str, Any]) -> tuple[Hand, TableContext]:
    """The hand and table of one decision line, as ``replay`` prints it.

    ``hand`` (the concealed tiles before the discard) and ``melds`` (the player's sets) make the
    hand; ``seen`` (every other tile in view), ``own_discards``, ``dora_indicators``, the winds
    and ``tiles_left`` (or else ``turn``) the table; the optional ``drawn``, and ``rivers``
    with ``seat`` and ``dealer`` (every seat's river, as ``replay`` prints them), add the tile
    just drawn and the other players' rivers. Other fields, ``discard`` too, are ignored.

    >>> hand, ctx = decision_from_json({"hand": "123m456p789s23m55p7z", "seat_wind": "1z",
    ...     "dora_indicators": ["4p"], "tiles_left": 40, "own_discards": "9m"})
    >>> hand.tile_count, ctx.seat_wind, ctx.draws_left, ctx.own_discards
    (14, 27, 10, (8,))
    >>> decision_from_json({"hand": "123m"})
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: a hand has 14 tiles (a called set counts as 3), this has 3
    """
    text = obj.get("hand")
    if not isinstance(text, str):
        raise DecisionError('"hand" must be the concealed tiles in notation')
    melds = obj.get("melds", [])
    if isinstance(melds, str):
        melds = [melds]
    if not isinstance(melds, list) or not all(isinstance(m, str) for m in melds):
        raise DecisionError('"melds" must be a list of sets in notation')
    hand = parse_hand(" ".join([text, *melds]), sizes=(14,))
    seen = [0] * NUM_KINDS
    for t in _tiles_field(obj, "seen"):
        seen[t] += 1
    own = tuple(_tiles_field(obj, "own_discards"))
    tiles_left = obj.get("tiles_left")
    turn = obj.get("turn", 6)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn <= 40:
        raise DecisionError('"turn" must be a whole number from 0 to 40')
    if tiles_left is None:
        draws = max(0, 18 - turn)
    elif isinstance(tiles_left, int) and not isinstance(tiles_left, bool) and tiles_left >= 0:
        draws = min(30, tiles_left // 4)
    else:
        raise DecisionError('"tiles_left" must be a whole number')
    ctx = TableContext(
        round_wind=_wind_field(obj, "round_wind", EAST),
        seat_wind=_wind_field(obj, "seat_wind", SOUTH),
        dora_indicators=tuple(_tiles_field(obj, "dora_indicators")),
        seen=check_counts(seen),
        own_discards=own,
        draws_left=draws,
        turn=turn,
        drawn=_drawn_field(obj),
        **_others_fields(obj),
    )
    return hand, ctx


def _others_fields(obj: Mapping[str, Any]) -> dict[str, Any]:
    """``others`` and ``others_dealer`` from the optional ``rivers`` (every seat's river, as
    ``replay`` prints them: objects with ``tiles``, or tiles in notation), ``seat`` and
    ``dealer``; nothing when the rivers or the seat are missing.

    >>> rivers = [{"tiles": ["1z"]}, "9m", [], ["5p", "5p"]]
    >>> f = _others_fields({"rivers": rivers, "seat": 1, "dealer": 0})
    >>> f["others"], f["others_dealer"]
    (((), (13, 13), (27,)), 2)
    >>> _others_fields({"rivers": rivers})
    {}
    """
    rivers = obj.get("rivers")
    seat = obj.get("seat")
    if rivers is None or seat is None:
        return {}
    if not isinstance(rivers, list) or len(rivers) != 4:
        raise DecisionError('"rivers" must be the four seats\' rivers')
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise DecisionError('"seat" must be 0 to 3')
    tiles: list[tuple[Tile, ...]] = []
    for river in rivers:
        value = river.get("tiles", []) if isinstance(river, Mapping) else river
        tiles.append(tuple(_tiles_field({"river": value}, "river")))
    dealer = obj.get("dealer", -1)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not -1 <= dealer <= 3:
        raise DecisionError('"dealer" must be 0 to 3')
    return {
        "others": tuple(tiles[(seat + i) % 4] for i in (1, 2, 3)),
        "others_dealer": -1 if dealer in (-1, seat) else (dealer - seat) % 4 - 1,
    }


def _drawn_field(obj: Mapping[str, Any]) -> Tile | None:
    value = obj.get("drawn")
    if value is None or value == "":
        return None
    tiles = parse_tiles(str(value))
    if len(tiles) != 1:
        raise DecisionError('"drawn" must be one tile')
    return tiles[0]


def rank_command(argv: Sequence[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``python -m tutor.engine rank``: rank the decisions read from standard input.

    One JSON line out per non-blank line in; a bad line prints ``{"error": ...}`` and the
    command goes on.

    >>> import io
    >>> out = io.StringIO()
    >>> lines = '{"hand": "123m456p789s23m55p7z"}\\nnot json\\n'
    >>> rank_command([], io.StringIO(lines), out, io.StringIO())
    0
    >>> [list(json.loads(x)) for x in out.getvalue().splitlines()]
    [['ranking', 'clear'], ['error']]
    """
    if argv and argv[0] in ("-h", "--help"):
        stdout.write(
            "usage: python -m tutor.engine rank < decisions.jsonl\n\n"
            "Reads decisions as JSON lines (the replay command's output) and prints, for each,\n"
            '{"ranking": [...best first], "clear": true|false} or {"error": "..."}.\n'
        )
        return 0
    if argv:
        stderr.write(f"python -m tutor.engine rank: unexpected arguments: {' '.join(argv)}\n")
        return 2
    for line in stdin:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise DecisionError("each line must be a JSON object")
            hand, ctx = decision_from_json(obj)
            result = rank_discards(hand, ctx).as_json()
        except (ValueError, RecursionError) as exc:
            result = {"error": str(exc)}
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0
