"""Defense against one riichi: how likely each tile kind is to be a winning tile, and why.

A :class:`DefenseState` is what a player sees when they must discard while exactly one
opponent is in riichi: the riichi player's river (with the tsumogiri, declaration and called
flags), every tile passed after the declaration, the counts of visible tiles, one's own hand,
the dora indicators, the winds and the clock. It has the shape of the shared decision records
(``defense_decisions.jsonl.gz``), so :meth:`DefenseState.from_json` reads one of them.

:func:`danger` gives every asked kind the probability that it is one of the riichi player's
winning tiles. First every wait shape the hand could have (two-sided, closed, edge, shanpon,
tanki) is weighed by the unseen copies that could make it and by what the river says about it
(:func:`shape_table`), and each kind gets its share of the total. A logistic fit on that share
gives the base log-odds (the share alone carries nearly all the model's skill across games);
then small gradient-boosted trees fitted on 27,313 real decisions from Tenhou Phoenix games
(``scripts/fit_defense.py``) correct it with the textbook facts (genbutsu, suji, kabe,
visible honors, dora) and what the textbook leaves out: the order of the river, tsumogiri
against discards from the hand, the declaration tile and its neighbours, the last discard from
the hand, how many copies are unseen, how many tiles are left, the suit's share of the
discards from the hand. Across games the result is calibrated (a predicted 10% is a
wait about 10% of the time); ``bench/bench_defense.py`` measures it by game-split
cross-validation. A genbutsu kind gets the rate observed for genbutsu (well under 0.5%), and a
kind whose four copies are all in view outside one's hand gets 0. (Holding the fourth copy
oneself is not safe: a two-sided or closed wait can still be waiting on it.)

:func:`assess` adds the reasons a learner can follow, as codes with params
(:class:`DangerReason`): ``genbutsu``, ``passed_after_riichi``, ``suji``, ``half_suji``,
``no_chance``, ``one_chance``, ``only_pair_waits``, ``honor_visible``, ``early_outside``,
``riichi_tile_neighbour``, ``dora``, ``dora_neighbour``, ``no_copy_left``.

>>> state = DefenseState.from_json(EXAMPLE)
>>> d = danger(state, parse_tiles("1z5m9p"))
>>> d[parse_tile("1z")] < 0.005 < d[parse_tile("9p")] < d[parse_tile("5m")]
True
>>> [r.code for r in assess(state, [parse_tile("9p")])[0].reasons]
['suji', 'only_pair_waits', 'early_outside']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from .dora import dora_from_indicator
from .tiles import EAST, NUM_KINDS, Counts, Tile, parse_tile, parse_tiles, tile_str
from .trees import Trees

__all__ = [
    "DefenseInputError",
    "RiverTile",
    "CalledSet",
    "DefenseState",
    "DangerReason",
    "TileDanger",
    "DangerModel",
    "FEATURE_NAMES",
    "SHARE_CONTEXT",
    "share_context",
    "EXAMPLE",
    "SAFE_DANGER",
    "features",
    "load_model",
    "danger",
    "danger_many",
    "assess",
    "SharedDanger",
    "assess_several",
    "reasons",
    "read_line",
    "danger_json",
    "danger_command",
]

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

MELD_TYPES = ("chi", "pon", "minkan", "kakan", "ankan")
EARLY = 6
"""Discards counted as early: the first row of a river."""

SAFE_DANGER = 0.005
"""A danger under this is what the model gives a tile the riichi cannot win on by ron:
genbutsu (0.06% observed), a tile passed after the declaration (0.16%), a kind with every copy
in view. Against two riichi, a tile under it against one of them is safe against that one."""


class DefenseInputError(ValueError):
    """A table state that cannot be read: the message says which field and why."""


@dataclass(frozen=True)
class RiverTile:
    """One discard of the riichi player, in order.

    >>> RiverTile(parse_tile("5m"), tsumogiri=True).tsumogiri
    True
    """

    tile: Tile
    tsumogiri: bool = False
    """Discarded straight after drawing it, so it says nothing about the hand."""
    riichi: bool = False
    """The declaration tile."""
    called: bool = False
    """Taken by another player's call (still a discard: the riichi player is furiten on it)."""


@dataclass(frozen=True)
class CalledSet:
    """A set on the table: ``type`` is chi, pon, minkan, kakan or ankan; ``source`` the seat
    it was called from (``None`` for a closed kan).

    >>> CalledSet("pon", (31, 31, 31), 2).type
    'pon'
    """

    type: str
    tiles: tuple[Tile, ...]
    source: int | None = None


@dataclass(frozen=True)
class DefenseState:
    """What a player sees when they must discard with one opponent in riichi.

    ``visible`` counts every tile the player sees (their own concealed hand, all rivers, all
    called sets, the dora indicators), capped at 4; ``hand`` counts their concealed hand.
    ``riichi_turn`` is the index of the declaration tile in ``river``.

    >>> s = DefenseState.from_json(EXAMPLE)
    >>> tile_str(s.river[s.riichi_turn].tile), s.turns_since_riichi
    ('5s', 2)
    """

    river: tuple[RiverTile, ...]
    visible: Counts
    hand: Counts
    discards_after_riichi: tuple[Tile, ...] = ()
    dora_indicators: tuple[Tile, ...] = ()
    round_wind: Tile = EAST
    riichi_seat_wind: Tile = EAST + 1
    decider_seat_wind: Tile = EAST + 2
    turns_since_riichi: int = 0
    tiles_left: int = 40
    melds: tuple[tuple[CalledSet, ...], ...] = ((), (), (), ())
    riichi_seat: int | None = None
    riichi_turn: int = field(default=-1)

    def __post_init__(self) -> None:
        flagged = [i for i, r in enumerate(self.river) if r.riichi]
        if len(flagged) != 1:
            raise DefenseInputError(
                f"the river must have exactly one declaration tile, it has {len(flagged)}"
            )
        if self.riichi_turn == -1:
            object.__setattr__(self, "riichi_turn", flagged[0])
        elif self.riichi_turn != flagged[0]:
            raise DefenseInputError(
                f"riichi_turn is {self.riichi_turn} but the declaration tile is discard "
                f"{flagged[0]} of the river"
            )
        for t in range(NUM_KINDS):
            if self.hand[t] > self.visible[t]:
                raise DefenseInputError(
                    f"visible has {self.visible[t]} {tile_str(t)} but the hand alone has "
                    f"{self.hand[t]}: visible counts include one's own hand"
                )
        if sum(self.hand) % 3 != 2:
            raise DefenseInputError(
                f"the hand has {sum(self.hand)} tiles; a player about to discard has 14, "
                "or 3 fewer per called set"
            )
        if self.tiles_left < 0 or self.turns_since_riichi < 0:
            raise DefenseInputError("tiles_left and turns_since_riichi cannot be negative")

    @property
    def riichi_tile(self) -> RiverTile:
        """The declaration tile.

        >>> tile_str(DefenseState.from_json(EXAMPLE).riichi_tile.tile)
        '5s'
        """
        return self.river[self.riichi_turn]

    @property
    def dora(self) -> tuple[Tile, ...]:
        """The dora kinds (one per indicator).

        >>> tiles = DefenseState.from_json(EXAMPLE).dora
        >>> [tile_str(t) for t in tiles]
        ['4p']
        """
        return tuple(dora_from_indicator(t) for t in self.dora_indicators)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DefenseState:
        """Read a state in the shape of the shared decision records (label fields ignored).

        Required: ``river``, ``visible`` and ``hand``; the rest has defaults.

        >>> DefenseState.from_json({"river": [], "visible": [0] * 34, "hand": [0] * 34})
        Traceback (most recent call last):
        ...
        tutor.engine.defense.DefenseInputError: the river must have exactly one declaration tile, it has 0
        >>> DefenseState.from_json({"river": [{"tile": "5x"}]})
        Traceback (most recent call last):
        ...
        tutor.engine.defense.DefenseInputError: river[0].tile: "x" is not part of tile notation: use digits and the suits m, p, s, z (at position 1)
        """
        if not isinstance(data, Mapping):
            raise DefenseInputError("a state is a JSON object")
        try:
            river = tuple(_river_tile(x, i) for i, x in enumerate(_list(data, "river")))
            visible = _counts(data, "visible")
            hand = _counts(data, "hand")
            passed = tuple(
                _tile(x, f"discards_after_riichi[{i}]")
                for i, x in enumerate(_list(data, "discards_after_riichi", []))
            )
            indicators = tuple(
                _tile(x, f"dora_indicators[{i}]")
                for i, x in enumerate(_list(data, "dora_indicators", []))
            )
            if len(indicators) > 5:
                raise DefenseInputError("there are at most 5 dora indicators")
            melds = tuple(
                tuple(_meld(m, f"melds[{s}][{j}]") for j, m in enumerate(_list_of(seat, s)))
                for s, seat in enumerate(_list(data, "melds", [[], [], [], []]))
            )
            riichi_seat = data.get("riichi_seat")
            if riichi_seat is not None:
                riichi_seat = _int(riichi_seat, "riichi_seat", 0, 3)
            return cls(
                river=river,
                visible=visible,
                hand=hand,
                discards_after_riichi=passed,
                dora_indicators=indicators,
                round_wind=_wind(data, "round_wind", EAST),
                riichi_seat_wind=_wind(data, "riichi_seat_wind", EAST + 1),
                decider_seat_wind=_wind(data, "decider_seat_wind", EAST + 2),
                turns_since_riichi=_int(
                    data.get("turns_since_riichi", len(passed)), "turns_since_riichi", 0, 200
                ),
                tiles_left=_int(data.get("tiles_left", 40), "tiles_left", 0, 136),
                melds=melds,
                riichi_seat=riichi_seat,
                riichi_turn=_int(data.get("riichi_turn", -1), "riichi_turn", -1, 60),
            )
        except DefenseInputError:
            raise
        except ValueError as exc:  # a tile or count error from tutor.engine.tiles
            raise DefenseInputError(str(exc)) from None


def _list(data: Mapping[str, Any], key: str, default: list[Any] | None = None) -> list[Any]:
    if key not in data:
        if default is None:
            raise DefenseInputError(f"{key} is missing")
        return default
    value = data[key]
    if not isinstance(value, list):
        raise DefenseInputError(f"{key} must be a list")
    return value


def _list_of(value: Any, seat: int) -> list[Any]:
    if not isinstance(value, list):
        raise DefenseInputError(f"melds[{seat}] must be a list of sets")
    return value


def _int(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DefenseInputError(f"{name} must be a whole number from {low} to {high}")
    return value


def _tile(value: Any, name: str) -> Tile:
    if not isinstance(value, str):
        raise DefenseInputError(f'{name} must be a tile such as "5m"')
    try:
        return parse_tile(value)
    except ValueError as exc:
        raise DefenseInputError(f"{name}: {exc}") from None


def _wind(data: Mapping[str, Any], key: str, default: Tile) -> Tile:
    if key not in data:
        return default
    t = _tile(data[key], key)
    if not EAST <= t <= EAST + 3:
        raise DefenseInputError(f"{key} must be a wind, 1z to 4z")
    return t


def _flag(entry: Mapping[str, Any], key: str, name: str) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise DefenseInputError(f"{name}.{key} must be true or false")
    return value


def _river_tile(entry: Any, i: int) -> RiverTile:
    name = f"river[{i}]"
    if not isinstance(entry, Mapping):
        raise DefenseInputError(f'{name} must be an object like {{"tile": "5m"}}')
    return RiverTile(
        _tile(entry.get("tile"), f"{name}.tile"),
        tsumogiri=_flag(entry, "tsumogiri", name),
        riichi=_flag(entry, "riichi", name),
        called=_flag(entry, "called", name),
    )


def _counts(data: Mapping[str, Any], key: str) -> Counts:
    values = _list(data, key)
    if len(values) != NUM_KINDS or not all(
        isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 4 for x in values
    ):
        raise DefenseInputError(
            f"{key} must be 34 counts from 0 to 4 (1m..9m 1p..9p 1s..9s 1z..7z)"
        )
    return tuple(values)


def _meld(entry: Any, name: str) -> CalledSet:
    if not isinstance(entry, Mapping) or entry.get("type") not in MELD_TYPES:
        raise DefenseInputError(f"{name} must be an object with a type among {MELD_TYPES}")
    tiles = entry.get("tiles", [])
    if not isinstance(tiles, list):
        raise DefenseInputError(f"{name}.tiles must be a list of tiles")
    source = entry.get("from")
    if source is not None:
        source = _int(source, f"{name}.from", 0, 3)
    return CalledSet(
        str(entry["type"]),
        tuple(_tile(t, f"{name}.tiles[{k}]") for k, t in enumerate(tiles)),
        source,
    )


# --- features --------------------------------------------------------------------------------

_KINDS = np.arange(NUM_KINDS)
_SUITED = _KINDS < 27
_NUMBER = np.where(_SUITED, _KINDS % 9 + 1, 0)
_SUIT = np.where(_SUITED, _KINDS // 9, 3)
_SENTINEL = NUM_KINDS
"""Index of a padding entry: the neighbour ``t + d`` of a kind when there is none."""


def _neighbour(d: int) -> IntArray:
    n = _NUMBER + d
    ok = _SUITED & (n >= 1) & (n <= 9)
    return np.where(ok, _KINDS + d, _SENTINEL).astype(np.int64)


_NB = {d: _neighbour(d) for d in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)}
# Two-sided (ryanmen) shapes waiting on t: held (t+1, t+2) with the other wait t+3, and held
# (t-2, t-1) with the other wait t-3. An edge shape (12 waiting on 3, 89 on 7) is penchan.
_LOW_SIDE = _SUITED & (_NUMBER <= 6)
_HIGH_SIDE = _SUITED & (_NUMBER >= 4)
_KANCHAN = _SUITED & (_NUMBER >= 2) & (_NUMBER <= 8)
_PENCHAN_LOW = _SUITED & (_NUMBER == 3)
_PENCHAN_HIGH = _SUITED & (_NUMBER == 7)
_FOLD = np.where(_SUITED, np.minimum(_NUMBER, 10 - _NUMBER), 0)
_DRAGON = _KINDS >= 31
NEIGHBOUR_STEPS = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)
FAR = 20
"""Distance written for "not in the same suit"."""

# --- wait shapes -----------------------------------------------------------------------------
# Every shape a riichi hand can wait with: two-sided (held 23 waiting 1-4 ... held 78 waiting
# 6-9), edge (12 waiting 3, 89 waiting 7), closed (13 waiting 2 ... 79 waiting 8) in each suit,
# and a pair wait (shanpon: two held, or tanki: one held) on every kind. A shape is possible
# when none of its waits is furiten (in the river or passed after riichi); its weight is the
# number of ways to hold it from the unseen copies times exp(theta . evidence), where the
# evidence is what the river says about it. A kind's share of the total weight is the first
# feature of the trees; theta is fitted with them (``scripts/fit_defense.py``).


def _shapes() -> tuple[IntArray, IntArray, IntArray]:
    held: list[tuple[int, int]] = []
    waits: list[tuple[int, int]] = []
    kind: list[int] = []  # 0 two-sided, 1 closed, 2 edge, 3 shanpon, 4 tanki
    for base in (0, 9, 18):
        for a in range(1, 7):  # held (a+1, a+2) by number a+1 = 2..7
            held.append((base + a, base + a + 1))
            waits.append((base + a - 1, base + a + 2))
            kind.append(0)
        for a in range(0, 7):
            held.append((base + a, base + a + 2))
            waits.append((base + a + 1, _SENTINEL))
            kind.append(1)
        held += [(base, base + 1), (base + 7, base + 8)]
        waits += [(base + 2, _SENTINEL), (base + 6, _SENTINEL)]
        kind += [2, 2]
    for t in range(NUM_KINDS):
        for k in (3, 4):
            held.append((t, t))
            waits.append((t, _SENTINEL))
            kind.append(k)
    return np.array(held), np.array(waits), np.array(kind)


_SHAPE_HELD, _SHAPE_WAITS, _SHAPE_KIND = _shapes()
NUM_SHAPES = len(_SHAPE_KIND)
SHAPE_COVER = np.zeros((NUM_SHAPES, NUM_KINDS + 1))
SHAPE_COVER[np.arange(NUM_SHAPES), _SHAPE_WAITS[:, 0]] = 1
SHAPE_COVER[np.arange(NUM_SHAPES), _SHAPE_WAITS[:, 1]] = 1
SHAPE_COVER = SHAPE_COVER[:, :NUM_KINDS]
_PAIR_SHAPE = _SHAPE_KIND >= 3
_HELD_KIND = _SHAPE_HELD[:, 0]
_SHAPE_SUIT = _SUIT[_HELD_KIND]
# the kinds one and two steps outside the held tiles, in the same suit
_OUTSIDE = np.stack(
    [_NB[-2][_SHAPE_HELD[:, 0]], _NB[-1][_SHAPE_HELD[:, 0]],
     _NB[1][_SHAPE_HELD[:, 1]], _NB[2][_SHAPE_HELD[:, 1]]],
    axis=1,
)  # fmt: skip
_NB_PAD = {d: np.append(a, _SENTINEL) for d, a in _NB.items()}
_FOLD_PAD = np.append(_FOLD, 0)

SHAPE_EVIDENCE: tuple[str, ...] = (
    "closed",
    "edge",
    "shanpon",
    "tanki",
    "honor_pair",
    "terminal_pair",
    "yakuhai_pair",
    "held_in_river",
    "held_in_river_early",
    "held_from_hand_late",
    "held_is_riichi_tile",
    "held_next_to_riichi_tile",
    "wait_next_to_riichi_tile",
    "dora_held",
    "dora_wait",
    "suit_from_hand",
    "pair_late_riichi",
    "outside_from_hand_early",
    "outside_from_hand_late",
    "single_wait_looks_suji",
    "log_ways",
    "held_tsumogiri_in_river",
    "held_two_from_riichi_tile",
    "held_is_last_hand_discard",
    "held_next_to_last_hand_discard",
    "held_last_copy",
    "wait_terminal",
    "closed_late_riichi",
    "edge_late_riichi",
    "tanki_late_riichi",
    "two_sided_after_tsumogiri",
    "log_wait_unseen",
    "closed_middle",
    "wait_suji_of_riichi_tile",
    "wait_suji_of_last_hand_discard",
)
"""The evidence columns of :func:`shape_table`; theta has one weight per column."""


def shape_table(state: DefenseState) -> tuple[FloatArray, FloatArray]:
    """Each wait shape's count of ways to hold it (0 when impossible) and its evidence.

    >>> ways, evidence = shape_table(DefenseState.from_json(EXAMPLE))
    >>> ways.shape, evidence.shape == (NUM_SHAPES, len(SHAPE_EVIDENCE))
    ((113,), True)
    """
    unseen = np.zeros(NUM_KINDS + 1)
    unseen[:NUM_KINDS] = 4 - np.asarray(state.visible)
    excluded = np.zeros(NUM_KINDS + 1, dtype=bool)
    r_turn = state.riichi_turn
    before = state.river[: r_turn + 1]
    excluded[[r.tile for r in state.river]] = True
    excluded[list(state.discards_after_riichi)] = True
    excluded[_SENTINEL] = False
    in_river = np.zeros(NUM_KINDS + 1)
    tsumogiri = np.zeros(NUM_KINDS + 1)
    early = np.zeros(NUM_KINDS + 1)
    hand_early = np.zeros(NUM_KINDS + 1)
    late = np.zeros(NUM_KINDS + 1)
    suit_hand = np.zeros(4)
    for i, r in enumerate(before):
        in_river[r.tile] = 1
        if i < EARLY:
            early[r.tile] = 1
        if r.tsumogiri:
            tsumogiri[r.tile] = 1
        else:
            suit_hand[_SUIT[r.tile]] += 1
            if i < EARLY:
                hand_early[r.tile] = 1
            if i >= r_turn - EARLY:
                late[r.tile] = 1
    suit_hand /= r_turn + 1
    # discards straight from the wall just before the declaration
    streak = 0
    for r in reversed(before[:-1]):
        if not r.tsumogiri:
            break
        streak += 1
    h0, h1 = _SHAPE_HELD[:, 0], _SHAPE_HELD[:, 1]
    u0, u1 = unseen[h0], unseen[h1]
    ways = np.where(_PAIR_SHAPE, 0.0, u0 * u1)
    ways = np.where(_SHAPE_KIND == 3, u0 * np.maximum(u0 - 1, 0) / 2, ways)
    ways = np.where(_SHAPE_KIND == 4, u0, ways)
    ways = np.where(excluded[_SHAPE_WAITS[:, 0]] | excluded[_SHAPE_WAITS[:, 1]], 0.0, ways)

    rt = state.riichi_tile
    rt_dist = np.full(NUM_KINDS + 1, float(FAR))
    if not rt.tsumogiri:
        rt_dist[:NUM_KINDS] = np.abs(_distance_to(rt.tile))
    last = next((r.tile for r in reversed(before[:-1]) if not r.tsumogiri), None)
    last_dist = np.full(NUM_KINDS + 1, float(FAR))
    if last is not None:
        last_dist[:NUM_KINDS] = np.abs(_distance_to(last))
    dora = np.zeros(NUM_KINDS + 1)
    for d in state.dora:
        dora[d] = 1
    yakuhai = np.zeros(NUM_KINDS + 1)
    yakuhai[31:34] = 1
    yakuhai[state.round_wind] = 1
    yakuhai[state.riichi_seat_wind] = 1
    w0, w1 = _SHAPE_WAITS[:, 0], _SHAPE_WAITS[:, 1]
    held_kind = _HELD_KIND
    cols = [
        _SHAPE_KIND == 1,
        _SHAPE_KIND == 2,
        _SHAPE_KIND == 3,
        _SHAPE_KIND == 4,
        _PAIR_SHAPE & (held_kind >= 27),
        _PAIR_SHAPE & (_FOLD[held_kind] == 1),
        _PAIR_SHAPE * yakuhai[held_kind],
        np.maximum(in_river[h0], in_river[h1]),
        np.maximum(early[h0], early[h1]),
        np.maximum(late[h0], late[h1]),
        (rt_dist[h0] == 0) | (rt_dist[h1] == 0),
        (rt_dist[h0] == 1) | (rt_dist[h1] == 1),
        ~_PAIR_SHAPE & ((rt_dist[w0] == 1) | (rt_dist[w1] == 1)),
        np.maximum(dora[h0], dora[h1]),
        np.maximum(dora[w0], dora[w1]),
        suit_hand[_SHAPE_SUIT],
        _PAIR_SHAPE * (r_turn / 12.0),
        hand_early[_OUTSIDE].max(axis=1),
        late[_OUTSIDE].max(axis=1),
        (_SHAPE_KIND >= 1) & (excluded[_NB_PAD[-3][w0]] | excluded[_NB_PAD[3][w0]]),
        np.log(np.maximum(ways, 1.0)),
        ~_PAIR_SHAPE & ((tsumogiri[h0] + tsumogiri[h1]) > 0),
        (rt_dist[h0] == 2) | (rt_dist[h1] == 2),
        (last_dist[h0] == 0) | (last_dist[h1] == 0),
        (last_dist[h0] == 1) | (last_dist[h1] == 1),
        ~_PAIR_SHAPE & (np.minimum(u0, u1) == 1),
        ~_PAIR_SHAPE & ((_FOLD[w0] == 1) | (_FOLD_PAD[w1] == 1)),
        (_SHAPE_KIND == 1) * (r_turn / 12.0),
        (_SHAPE_KIND == 2) * (r_turn / 12.0),
        (_SHAPE_KIND == 4) * (r_turn / 12.0),
        (_SHAPE_KIND == 0) * min(streak, 4) / 4.0,
        ~_PAIR_SHAPE * np.log1p(unseen[w0] + unseen[w1]),
        (_SHAPE_KIND == 1) & (_FOLD[w0] >= 4),
        ~_PAIR_SHAPE & ((rt_dist[w0] == 3) | (rt_dist[w1] == 3)),
        ~_PAIR_SHAPE & ((last_dist[w0] == 3) | (last_dist[w1] == 3)),
    ]
    evidence = np.empty((NUM_SHAPES, len(cols)))
    for j, c in enumerate(cols):
        evidence[:, j] = c
    return ways, evidence


def shape_share(ways: FloatArray, evidence: FloatArray, theta: FloatArray) -> FloatArray:
    """Each kind's share of the weight of the possible wait shapes (rows: kinds; works on
    one state, ``(shapes,)``, or a stack of them, ``(n, shapes)``).

    >>> ways, ev = shape_table(DefenseState.from_json(EXAMPLE))
    >>> share = shape_share(ways, ev, np.zeros(len(SHAPE_EVIDENCE)))
    >>> round(float(share[parse_tile("1z")]), 3), bool(share[parse_tile("5m")] > 0.05)
    (0.0, True)
    """
    w = ways * np.exp(evidence @ theta)
    total = w.sum(axis=-1, keepdims=True)
    out: FloatArray = (w @ SHAPE_COVER) / np.where(total > 0, total, 1.0)
    return out


SHARE_CONTEXT: tuple[str, ...] = (
    "share_max",
    "share_second",
    "share_of_max",
    "share_entropy",
    "share_kinds",
    "share_rank",
)
"""The columns of :func:`share_context`: where a kind's fitted share stands among the 34."""


def share_context(share: FloatArray) -> FloatArray:
    """How the fitted shares of one state (``(34,)``) or a stack of them (``(n, 34)``) are
    spread: the largest and second largest, this kind's share over the largest, the entropy,
    how many kinds hold over 2%, and how many kinds have a larger share than this one.
    Columns named by :data:`SHARE_CONTEXT`; one row per kind, ``(..., 34, 6)``.

    >>> ctx = share_context(np.array([0.5, 0.3, 0.2] + [0.0] * 31))
    >>> ctx.shape, ctx[1].round(2).tolist()
    ((34, 6), [0.5, 0.3, 0.6, 1.03, 3.0, 1.0])
    """
    top = -np.sort(-share, axis=-1)
    largest = np.maximum(top[..., :1], 1e-9)
    entropy = -np.where(share > 0, share * np.log(np.maximum(share, 1e-12)), 0.0).sum(axis=-1)
    rank = (share[..., None, :] > share[..., :, None]).sum(axis=-1)
    shape = share.shape
    out: FloatArray = np.stack(
        [
            np.broadcast_to(top[..., :1], shape),
            np.broadcast_to(top[..., 1:2], shape),
            share / largest,
            np.broadcast_to(entropy[..., None], shape),
            np.broadcast_to((share > 0.02).sum(axis=-1, keepdims=True), shape),
            rank,
        ],
        axis=-1,
    ).astype(np.float64)
    return out


FEATURE_NAMES: tuple[str, ...] = (
    "fitted_shape_share",
    "genbutsu_river",
    "passed_after_riichi",
    "honor",
    "fold",
    "unseen",
    "held",
    "ryanmen_sides",
    "ryanmen_open",
    "ryanmen_open_combos",
    "ryanmen_open_min_unseen",
    "ryanmen_share",
    "kanchan_combos",
    "penchan_combos",
    "kanchan_share",
    "penchan_share",
    "pair_share",
    "shape_share",
    *(f"river_pos_{d:+d}" for d in NEIGHBOUR_STEPS),
    *(f"river_hand_{d:+d}" for d in NEIGHBOUR_STEPS),
    *(f"river_last_hand_{d:+d}" for d in (-2, -1, 1, 2)),
    "is_dora",
    "dora_distance",
    "dora_count",
    "yakuhai",
    "riichi_tile_distance",
    "riichi_tile_tsumogiri",
    "riichi_tile_honor",
    "last_hand_discard_distance",
    "suit_in_river",
    "suit_early",
    "suit_from_hand_late",
    "river_length",
    "riichi_turn",
    "turns_since_riichi",
    "tiles_left",
    "tsumogiri_before_riichi",
    "tsumogiri_streak",
    "riichi_dealer",
    "closed_kans",
    *(f"unseen_{d:+d}" for d in (-2, -1, 1, 2)),
    *(f"passed_{d:+d}" for d in (-3, -2, -1, 1, 2, 3)),
    *(f"river_status_{d:+d}" for d in (-4, -3, -2, -1, 1, 2, 3, 4)),
    "suit_from_hand",
    "suit_from_hand_share",
    "suit_middle_from_hand",
    "suit_unseen",
    "open_kinds",
    "open_suited_kinds",
    "open_kinds_in_suit",
    "number",
    "visible_total",
    *SHARE_CONTEXT,
)
"""The columns of :func:`features`, in order."""


def features(state: DefenseState, theta: FloatArray | None = None) -> FloatArray:
    """The model's inputs: one row per tile kind (34), columns named by :data:`FEATURE_NAMES`.

    ``theta`` weighs the evidence of the wait shapes (default: the shipped model's).

    >>> x = features(DefenseState.from_json(EXAMPLE))
    >>> x.shape == (34, len(FEATURE_NAMES))
    True
    >>> col = FEATURE_NAMES.index
    >>> int(x[parse_tile("9p"), col("ryanmen_open")]), int(x[parse_tile("5m"), col("ryanmen_open")])
    (0, 1)
    """
    visible = np.asarray(state.visible, dtype=np.int64)
    unseen = np.zeros(NUM_KINDS + 1, dtype=np.float64)
    unseen[:NUM_KINDS] = 4 - visible
    river = [r.tile for r in state.river]
    r_turn = state.riichi_turn
    in_river = np.zeros(NUM_KINDS + 1, dtype=bool)
    in_river[river] = True
    passed = np.zeros(NUM_KINDS + 1, dtype=bool)
    passed[list(state.discards_after_riichi)] = True
    excluded = in_river | passed
    # first position of each kind in the river, relative to the declaration (-1: absent)
    first_pos = np.full(NUM_KINDS + 1, -1.0)
    last_hand = np.full(NUM_KINDS + 1, -1.0)
    from_hand = np.zeros(NUM_KINDS + 1)
    scale = max(r_turn, 1)
    for i in range(len(river) - 1, -1, -1):
        t = river[i]
        first_pos[t] = i / scale
        if i <= r_turn and not state.river[i].tsumogiri:
            from_hand[t] = 1.0
            if last_hand[t] < 0:
                last_hand[t] = i / scale
    first_pos[_SENTINEL] = -2.0
    last_hand[_SENTINEL] = -2.0
    from_hand[_SENTINEL] = -1.0

    nb = _NB
    low_combo = unseen[nb[1]] * unseen[nb[2]]
    high_combo = unseen[nb[-2]] * unseen[nb[-1]]
    low_open = _LOW_SIDE & ~excluded[nb[3]]
    high_open = _HIGH_SIDE & ~excluded[nb[-3]]
    ryan_open_combos = np.where(low_open, low_combo, 0) + np.where(high_open, high_combo, 0)
    low_min = np.where(low_open, np.minimum(unseen[nb[1]], unseen[nb[2]]), -1)
    high_min = np.where(high_open, np.minimum(unseen[nb[-2]], unseen[nb[-1]]), -1)
    total = ryan_open_combos[:NUM_KINDS].sum()
    kanchan = np.where(_KANCHAN, unseen[nb[-1]] * unseen[nb[1]], 0)
    penchan = np.where(_PENCHAN_LOW, high_combo, 0) + np.where(_PENCHAN_HIGH, low_combo, 0)
    open_kind = ~excluded[:NUM_KINDS]
    kanchan = np.where(open_kind, kanchan, 0)
    penchan = np.where(open_kind, penchan, 0)
    u = unseen[:NUM_KINDS]
    # a pair wait (shanpon or tanki) on t needs copies of t left beyond the ones held
    pair = np.where(open_kind, u * np.maximum(u - 1, 0), 0)
    # rough textbook frequencies of the wait shapes among riichi hands
    shape = (
        (np.where(low_open, low_combo, 0) + np.where(high_open, high_combo, 0)) * 1.0
        + kanchan * 0.35
        + penchan * 0.2
        + pair * 0.25
    )

    dora = state.dora
    is_dora = np.zeros(NUM_KINDS)
    dora_dist = np.full(NUM_KINDS, float(FAR))
    for d in dora:
        is_dora[d] += 1
        if d < 27:
            same = _SUIT[d] == _SUIT
            dora_dist = np.where(
                same, np.minimum(dora_dist, np.abs(_NUMBER - _NUMBER[d])), dora_dist
            )
    yakuhai = (
        _DRAGON.astype(np.float64)
        + (state.round_wind == _KINDS)
        + (state.riichi_seat_wind == _KINDS)
    )
    rt = state.riichi_tile
    rt_dist = _distance_to(rt.tile)
    last_tile = next(
        (state.river[i].tile for i in range(r_turn - 1, -1, -1) if not state.river[i].tsumogiri),
        None,
    )
    last_dist = _distance_to(last_tile) if last_tile is not None else np.full(NUM_KINDS, FAR)

    suit_river = np.zeros(4)
    suit_early = np.zeros(4)
    suit_late = np.zeros(4)
    for i, r in enumerate(state.river):
        s = _SUIT[r.tile]
        suit_river[s] += 1
        if i < EARLY:
            suit_early[s] += 1
        if r_turn - EARLY <= i < r_turn and not r.tsumogiri:
            suit_late[s] += 1
    tsumogiri_before = sum(r.tsumogiri for r in state.river[:r_turn])
    streak = 0
    for r in reversed(state.river[:r_turn]):
        if not r.tsumogiri:
            break
        streak += 1
    closed_kans = 0
    if state.riichi_seat is not None and state.riichi_seat < len(state.melds):
        closed_kans = sum(m.type == "ankan" for m in state.melds[state.riichi_seat])

    # what each kind of the suit shows in the river: 0 absent, 1 tsumogiri before riichi,
    # 2 from the hand early, 3 from the hand later, 4 the declaration, 5 after riichi,
    # 6 passed by another player only (the -1 of the padding: no such kind)
    status = np.where(passed, 6.0, 0.0)
    for i in range(len(river) - 1, -1, -1):
        r = state.river[i]
        if i > r_turn:
            status[r.tile] = 5
        elif i == r_turn:
            status[r.tile] = 4
        elif r.tsumogiri:
            status[r.tile] = 1
        else:
            status[r.tile] = 2 if i < EARLY else 3
    status[_SENTINEL] = -1
    passed_nb = passed.astype(np.float64)
    passed_nb[_SENTINEL] = -1
    suit_hand = np.zeros(4)
    suit_middle = np.zeros(4)
    for r in state.river[: r_turn + 1]:
        if not r.tsumogiri:
            suit_hand[_SUIT[r.tile]] += 1
            suit_middle[_SUIT[r.tile]] += 3 <= _NUMBER[r.tile] <= 7
    hand_discards = max(float(suit_hand.sum()), 1.0)
    suit_unseen = np.array([u[0:9].sum(), u[9:18].sum(), u[18:27].sum(), u[27:].sum()])
    open_k = ~excluded[:NUM_KINDS] & (u > 0)
    open_suit = np.array(
        [open_k[0:9].sum(), open_k[9:18].sum(), open_k[18:27].sum(), open_k[27:].sum()]
    )

    if theta is None:
        theta = load_model().theta
    ways, evidence = shape_table(state)
    share = shape_share(ways, evidence, theta)
    context = share_context(share)
    k = slice(0, NUM_KINDS)
    cols: list[Any] = [
        share,
        in_river[k],
        passed[k] & ~in_river[k],
        ~_SUITED,
        _FOLD,
        unseen[k],
        np.asarray(state.hand),
        _LOW_SIDE.astype(np.int64) + _HIGH_SIDE,
        low_open.astype(np.int64) + high_open,
        ryan_open_combos,
        np.maximum(low_min, high_min),
        ryan_open_combos / total if total else np.zeros(NUM_KINDS),
        kanchan,
        penchan,
        _share(kanchan),
        _share(penchan),
        _share(pair),
        _share(shape),
        *(first_pos[nb[d]] for d in NEIGHBOUR_STEPS),
        *(from_hand[nb[d]] for d in NEIGHBOUR_STEPS),
        *(last_hand[nb[d]] for d in (-2, -1, 1, 2)),
        is_dora,
        dora_dist,
        len(dora),
        yakuhai,
        rt_dist,
        float(rt.tsumogiri),
        float(rt.tile >= 27),
        last_dist,
        suit_river[_SUIT],
        suit_early[_SUIT],
        suit_late[_SUIT],
        len(river),
        r_turn,
        state.turns_since_riichi,
        state.tiles_left,
        tsumogiri_before,
        streak,
        float(state.riichi_seat_wind == EAST),
        closed_kans,
        *(np.where(nb[d] == _SENTINEL, -1.0, unseen[nb[d]]) for d in (-2, -1, 1, 2)),
        *(passed_nb[nb[d]] for d in (-3, -2, -1, 1, 2, 3)),
        *(status[nb[d]] for d in (-4, -3, -2, -1, 1, 2, 3, 4)),
        suit_hand[_SUIT],
        suit_hand[_SUIT] / hand_discards,
        suit_middle[_SUIT],
        suit_unseen[_SUIT],
        float(open_k.sum()),
        float(open_k[:27].sum()),
        open_suit[_SUIT],
        _NUMBER,
        float(visible.sum()),
        *(context[:, j] for j in range(len(SHARE_CONTEXT))),
    ]
    out = np.empty((NUM_KINDS, len(cols)), dtype=np.float64)
    for j, c in enumerate(cols):
        out[:, j] = c
    return out


_GENBUTSU = FEATURE_NAMES.index("genbutsu_river")
_PASSED = FEATURE_NAMES.index("passed_after_riichi")


def _share(x: FloatArray) -> FloatArray:
    total = float(x.sum())
    return x / total if total else np.zeros(NUM_KINDS)


def _distance_to(tile: Tile) -> FloatArray:
    """Signed number distance from ``tile`` to every kind of its suit, :data:`FAR` elsewhere."""
    if tile >= 27:
        return np.where(tile == _KINDS, 0.0, float(FAR))
    return np.where(_SUIT[tile] == _SUIT, (_NUMBER - _NUMBER[tile]).astype(np.float64), float(FAR))


# --- the fitted model ------------------------------------------------------------------------


@dataclass(frozen=True)
class DangerModel:
    """Boosted trees flattened into node arrays, and the weights of the shape evidence.

    A node sends a row to ``left`` when its feature is ``<= threshold``, else to ``right``; a
    leaf points to itself, so ``depth`` steps from the roots reach every leaf. The trees' sum,
    added to the base fit on the fitted shape share (``base``), is a log-odds. ``theta`` weighs the wait-shape evidence (:data:`SHAPE_EVIDENCE`).

    The trees are fitted on the tiles that are not genbutsu: a genbutsu tile (in the riichi
    player's river) or a tile passed after riichi gets the rate observed for its group, a tiny
    one, since the riichi player could not ron on it anyway.
    """

    feature: IntArray
    threshold: FloatArray
    left: IntArray
    right: IntArray
    value: FloatArray
    roots: IntArray
    depth: int
    theta: FloatArray
    genbutsu_rate: float
    passed_rate: float
    meta: dict[str, Any]
    base: tuple[float, float] = (0.0, 0.0)
    """The log-odds the trees start from: ``base[0] + base[1] * log(share + base_eps)`` on the
    fitted shape share (the first feature)."""
    base_eps: float = 1e-3

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DangerModel:
        """Build the model from its data file's JSON (see ``scripts/fit_defense.py``).

        >>> load_model().depth > 0
        True
        """
        names = tuple(data["features"])
        if names != FEATURE_NAMES or tuple(data["evidence"]) != SHAPE_EVIDENCE:
            raise DefenseInputError("the model file was fitted on other features: refit it")
        nodes = data["nodes"]
        base = data.get("base", (0.0, 0.0))
        return cls(
            feature=np.asarray(nodes["feature"], dtype=np.int64),
            threshold=np.asarray(nodes["threshold"], dtype=np.float64),
            left=np.asarray(nodes["left"], dtype=np.int64),
            right=np.asarray(nodes["right"], dtype=np.int64),
            value=np.asarray(nodes["value"], dtype=np.float64),
            roots=np.asarray(data["roots"], dtype=np.int64),
            depth=int(data["depth"]),
            theta=np.asarray(data["theta"], dtype=np.float64),
            genbutsu_rate=float(data["genbutsu_rate"]),
            passed_rate=float(data["passed_rate"]),
            meta=dict(data.get("meta", {})),
            base=(float(base[0]), float(base[1])),
            base_eps=float(data.get("base_eps", 1e-3)),
        )

    def raw(self, x: FloatArray) -> FloatArray:
        """The trees' summed log-odds for each row of ``x``."""
        trees = Trees(
            self.feature, self.threshold, self.left, self.right, self.value, self.roots, self.depth
        )
        total: FloatArray = trees.raw(x)
        alpha, beta = self.base
        total += alpha + beta * np.log(x[:, 0] + self.base_eps)
        return total

    def predict(self, x: FloatArray) -> FloatArray:
        """Probabilities for the rows of ``x``.

        >>> p = load_model().predict(features(DefenseState.from_json(EXAMPLE)))
        >>> bool(((p >= 0) & (p <= 1)).all())
        True
        """
        out: FloatArray = 1.0 / (1.0 + np.exp(-self.raw(x)))
        genbutsu = x[:, _GENBUTSU] > 0
        out[genbutsu] = self.genbutsu_rate
        out[(x[:, _PASSED] > 0) & ~genbutsu] = self.passed_rate
        return out


@lru_cache(maxsize=1)
def load_model() -> DangerModel:
    """The model shipped in ``tutor/engine/data/defense_model.json`` (read once).

    >>> load_model().meta["decisions"]
    27313
    """
    text = resources.files("tutor.engine").joinpath("data/defense_model.json").read_text()
    return DangerModel.from_json(json.loads(text))


def _danger_array(state: DefenseState, model: DangerModel | None = None) -> FloatArray:
    model = model or load_model()
    p = model.predict(features(state, model.theta))
    visible = np.asarray(state.visible)
    held = np.asarray(state.hand)
    # Nobody can discard a kind whose four copies are all in view outside one's hand.
    p[(visible >= 4) & (held == 0)] = 0.0
    return p


def danger(
    state: DefenseState, tiles: Iterable[Tile] | None = None, model: DangerModel | None = None
) -> dict[Tile, float]:
    """The probability that each kind is a winning tile of the riichi player.

    ``tiles`` defaults to the kinds in one's hand (the candidate discards).

    >>> state = DefenseState.from_json(EXAMPLE)
    >>> len(danger(state))  # 13 kinds in the hand
    13
    """
    return danger_many([(state, tiles)], model)[0]


def danger_many(
    items: Sequence[tuple[DefenseState, Iterable[Tile] | None]], model: DangerModel | None = None
) -> list[dict[Tile, float]]:
    """:func:`danger` of many states at once: the trees run once over all their rows, which
    is many times faster than one state at a time.

    >>> state = DefenseState.from_json(EXAMPLE)
    >>> many = danger_many([(state, [parse_tile("5m")]), (state, None)])
    >>> many[0][parse_tile("5m")] == many[1][parse_tile("5m")] == danger(state)[parse_tile("5m")]
    True
    """
    model = model or load_model()
    kinds = [_kinds(state, tiles) for state, tiles in items]
    if not items:
        return []
    x = np.vstack(
        [features(state, model.theta)[k] for (state, _), k in zip(items, kinds, strict=True)]
    )
    p = model.predict(x)
    out: list[dict[Tile, float]] = []
    start = 0
    for (state, _), k in zip(items, kinds, strict=True):
        values = p[start : start + len(k)]
        start += len(k)
        # Nobody can discard a kind whose four copies are all in view outside one's hand.
        out.append(
            {
                t: 0.0 if state.visible[t] >= 4 and not state.hand[t] else float(v)
                for t, v in zip(k, values, strict=True)
            }
        )
    return out


def _kinds(state: DefenseState, tiles: Iterable[Tile] | None) -> list[Tile]:
    if tiles is None:
        return [t for t in range(NUM_KINDS) if state.hand[t]]
    kinds = list(dict.fromkeys(tiles))
    for t in kinds:
        if not isinstance(t, int) or not 0 <= t < NUM_KINDS:
            raise DefenseInputError(f"{t!r} is not a tile kind")
    return kinds


# --- reasons ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class DangerReason:
    """Why a tile is safer or more dangerous, as a stable code and the params a sentence needs.

    Tiles in params are in notation; positions count from 1.

    >>> DangerReason("suji", {"by": ["4m"]}).as_json()
    {'code': 'suji', 'params': {'by': ['4m']}}
    """

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The reason as a JSON object."""
        return {"code": self.code, "params": dict(self.params)}


REASON_CODES: dict[str, tuple[str, ...]] = {
    "no_copy_left": ("visible",),
    "genbutsu": ("position",),
    "passed_after_riichi": ("position",),
    "honor_visible": ("visible",),
    "suji": ("by",),
    "half_suji": ("by",),
    "no_chance": ("wall", "visible"),
    "one_chance": ("wall", "visible"),
    "only_pair_waits": ("unseen",),
    "early_outside": ("by", "position"),
    "riichi_tile_neighbour": ("riichi_tile", "distance"),
    "dora": (),
    "dora_neighbour": ("dora", "distance"),
}
"""Every reason code and the names of its params."""


@dataclass(frozen=True)
class TileDanger:
    """One kind's danger and the reasons behind it.

    >>> TileDanger(0, 0.05, ()).as_json()
    {'tile': '1m', 'danger': 0.05, 'reasons': []}
    """

    tile: Tile
    danger: float
    reasons: tuple[DangerReason, ...]

    def as_json(self) -> dict[str, Any]:
        """The danger as a JSON object."""
        return {
            "tile": tile_str(self.tile),
            "danger": round(self.danger, 4),
            "reasons": [r.as_json() for r in self.reasons],
        }


def reasons(state: DefenseState, tile: Tile) -> tuple[DangerReason, ...]:
    """The textbook facts about ``tile`` against this riichi, safest first.

    >>> s = DefenseState.from_json(EXAMPLE)
    >>> [r.as_json() for r in reasons(s, parse_tile("1z"))]
    [{'code': 'genbutsu', 'params': {'position': 1}}]
    >>> [r.code for r in reasons(s, parse_tile("6s"))]
    ['riichi_tile_neighbour']
    """
    out: list[DangerReason] = []
    river = [r.tile for r in state.river]
    excluded = set(river) | set(state.discards_after_riichi)
    visible = state.visible
    if visible[tile] >= 4 and state.hand[tile] == 0:
        out.append(DangerReason("no_copy_left", {"visible": 4}))
    # genbutsu settles it: the riichi player cannot ron on it, whatever else is true
    if tile in river:
        return (*out, DangerReason("genbutsu", {"position": river.index(tile) + 1}))
    if tile in state.discards_after_riichi:
        position = state.discards_after_riichi.index(tile) + 1
        return (*out, DangerReason("passed_after_riichi", {"position": position}))
    if tile >= 27:
        out.append(DangerReason("honor_visible", {"visible": visible[tile]}))
        return tuple(out)
    n = tile % 9 + 1
    sides: list[tuple[Tile, tuple[Tile, Tile]]] = []  # (other wait, the two tiles held)
    if n <= 6:
        sides.append((tile + 3, (tile + 1, tile + 2)))
    if n >= 4:
        sides.append((tile - 3, (tile - 2, tile - 1)))
    closed = [other for other, _ in sides if other in excluded]
    if closed and len(closed) == len(sides):
        out.append(DangerReason("suji", {"by": [tile_str(t) for t in sorted(closed)]}))
    elif closed:
        out.append(DangerReason("half_suji", {"by": [tile_str(t) for t in closed]}))
    sequence_possible = False
    for other, held in sides:
        if other in excluded:
            continue
        wall = max(held, key=lambda t: (visible[t], -t))
        if visible[wall] >= 4:
            out.append(DangerReason("no_chance", {"wall": tile_str(wall), "visible": 4}))
        else:
            sequence_possible = True
            if visible[wall] == 3:
                out.append(DangerReason("one_chance", {"wall": tile_str(wall), "visible": 3}))
    if 2 <= n <= 8 and visible[tile - 1] < 4 and visible[tile + 1] < 4:
        sequence_possible = True
    if (n == 3 and visible[tile - 1] < 4 and visible[tile - 2] < 4) or (
        n == 7 and visible[tile + 1] < 4 and visible[tile + 2] < 4
    ):
        sequence_possible = True
    if not sequence_possible and tile not in excluded:
        out.append(DangerReason("only_pair_waits", {"unseen": 4 - visible[tile]}))
    for i, r in enumerate(state.river[: min(EARLY, state.riichi_turn)]):
        if r.tsumogiri or r.tile >= 27 or r.tile // 9 != tile // 9:
            continue
        k = r.tile % 9 + 1
        if (k < 5 and n < k) or (k > 5 and n > k):
            out.append(DangerReason("early_outside", {"by": tile_str(r.tile), "position": i + 1}))
            break
    rt = state.riichi_tile
    if not rt.tsumogiri and rt.tile < 27 and rt.tile // 9 == tile // 9:
        distance = abs(rt.tile - tile)
        if 1 <= distance <= 2:
            out.append(
                DangerReason(
                    "riichi_tile_neighbour",
                    {"riichi_tile": tile_str(rt.tile), "distance": distance},
                )
            )
    for d in state.dora:
        if d == tile:
            out.append(DangerReason("dora"))
        elif d < 27 and d // 9 == tile // 9 and 1 <= abs(d - tile) <= 2:
            out.append(
                DangerReason("dora_neighbour", {"dora": tile_str(d), "distance": abs(d - tile)})
            )
    return tuple(out)


def assess(
    state: DefenseState, tiles: Iterable[Tile] | None = None, model: DangerModel | None = None
) -> tuple[TileDanger, ...]:
    """Danger and reasons for each kind (default: the kinds in hand), safest first.

    >>> s = DefenseState.from_json(EXAMPLE)
    >>> [tile_str(r.tile) for r in assess(s)][:4]  # the four genbutsu
    ['3p', '6p', '1z', '2z']
    """
    p = _danger_array(state, model)
    rows = [TileDanger(t, float(p[t]), reasons(state, t)) for t in _kinds(state, tiles)]
    return tuple(sorted(rows, key=lambda r: (r.danger, r.tile)))


@dataclass(frozen=True)
class SharedDanger:
    """One kind's danger against two or more riichi at once: the chance that it deals in to
    any of them, and its own row against each (in the order the riichi were given).

    >>> row = SharedDanger(0, 0.1, (TileDanger(0, 0.0, ()), TileDanger(0, 0.1, ())))
    >>> row.as_json()["against"][1]
    {'tile': '1m', 'danger': 0.1, 'reasons': []}
    """

    tile: Tile
    danger: float
    against: tuple[TileDanger, ...]

    def as_json(self) -> dict[str, Any]:
        """The danger as a JSON object: ``tile``, ``danger`` and one row per riichi."""
        return {
            "tile": tile_str(self.tile),
            "danger": round(self.danger, 4),
            "against": [row.as_json() for row in self.against],
        }


def assess_several(
    states: Sequence[DefenseState],
    tiles: Iterable[Tile] | None = None,
    model: DangerModel | None = None,
) -> tuple[SharedDanger, ...]:
    """Danger and reasons of each kind (default: the kinds in hand) against several riichi,
    safest first. ``states`` are the same decision seen against each riichi on its own (one's
    hand the same in all). Each hand is read as if the others were not there, and the chance
    of dealing in to any of them is ``1 - (1 - p1)(1 - p2)...``: a tile is only as safe as it
    is against the most dangerous of them.

    (On the 2,436 decisions of the shared Phoenix games made against two riichi, which the
    shared decisions leave out, this ranks a tile that deals in to either above one that
    does not with an AUC of 0.757, each fold's model fitted on the other games, and stays
    calibrated: ``bench/bench_defense.py --several``.)

    >>> s = DefenseState.from_json(EXAMPLE)
    >>> one = {r.tile: r.danger for r in assess(s)}
    >>> rows = assess_several([s, s])
    >>> [tile_str(r.tile) for r in rows][:2], len(rows[0].against)
    (['3p', '6p'], 2)
    >>> all(abs(r.danger - (1 - (1 - one[r.tile]) ** 2)) < 1e-9 for r in rows)
    True
    """
    if not states:
        raise DefenseInputError("at least one riichi is needed")
    if any(state.hand != states[0].hand for state in states):
        raise DefenseInputError("every state must hold the same hand")
    kinds = _kinds(states[0], tiles)
    dangers = danger_many([(state, kinds) for state in states], model)
    rows = []
    for t in kinds:
        against = tuple(
            TileDanger(t, d[t], reasons(state, t)) for state, d in zip(states, dangers, strict=True)
        )
        safe = float(np.prod([1.0 - row.danger for row in against]))
        rows.append(SharedDanger(t, 1.0 - safe, against))
    return tuple(sorted(rows, key=lambda r: (r.danger, r.tile)))


# --- the command -----------------------------------------------------------------------------


def read_line(line: str) -> tuple[DefenseState, list[Tile] | None]:
    """One input line of the ``danger`` command: a state and its ``candidates`` (``None``:
    the kinds in hand).

    >>> read_line('{"river": []}')
    Traceback (most recent call last):
    ...
    tutor.engine.defense.DefenseInputError: visible is missing
    """
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise DefenseInputError(f"not JSON: {exc.msg} (column {exc.colno})") from None
    if not isinstance(data, dict):
        raise DefenseInputError("a state is a JSON object")
    state = DefenseState.from_json(data)
    candidates = data.get("candidates")
    if candidates is None:
        return state, None
    if not isinstance(candidates, list) or not all(isinstance(c, str) for c in candidates):
        raise DefenseInputError('candidates must be a list of tiles such as ["1m", "5z"]')
    try:
        return state, [t for c in candidates for t in parse_tiles(c)]
    except ValueError as exc:
        raise DefenseInputError(f"candidates: {exc}") from None


def danger_json(lines: Sequence[str], with_reasons: bool = False) -> list[dict[str, Any]]:
    """The ``danger`` command's answers to input lines (states with ``candidates``), in order.

    >>> danger_json(['{"river": []}'])
    [{'error': 'visible is missing'}]
    >>> out = danger_json([json.dumps({**EXAMPLE, "candidates": ["1z", "9p"]})])
    >>> list(out[0]["danger"])
    ['1z', '9p']
    """
    parsed: list[tuple[DefenseState, list[Tile] | None] | str] = []
    for line in lines:
        try:
            parsed.append(read_line(line))
        except ValueError as exc:
            parsed.append(str(exc))
    good = [p for p in parsed if not isinstance(p, str)]
    dangers = iter(danger_many(good))
    out: list[dict[str, Any]] = []
    for p in parsed:
        if isinstance(p, str):
            out.append({"error": p})
            continue
        d = next(dangers)
        answer: dict[str, Any] = {"danger": {tile_str(t): round(v, 4) for t, v in d.items()}}
        if with_reasons:
            answer["reasons"] = {tile_str(t): [r.as_json() for r in reasons(p[0], t)] for t in d}
        out.append(answer)
    return out


BATCH = 256
"""Lines the command reads before answering them together (``--batch``)."""


def danger_command(argv: Sequence[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """``python -m tutor.engine danger [--reasons] [--batch N]``: one JSON answer per line.

    Lines are answered in groups of ``--batch`` (256; 1 answers each line at once, for a
    program that waits for every answer).

    >>> import io
    >>> out = io.StringIO()
    >>> danger_command([], io.StringIO("[]\\n"), out, io.StringIO())
    0
    >>> out.getvalue()
    '{"error": "a state is a JSON object"}\\n'
    """
    with_reasons = False
    batch = BATCH
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--reasons":
            with_reasons = True
        elif arg == "--batch" and args and args[0].isdigit() and int(args[0]) > 0:
            batch = int(args.pop(0))
        elif arg in ("-h", "--help"):
            stdout.write(
                "usage: python -m tutor.engine danger [--reasons] [--batch N]\n\n"
                "Reads table states as JSON lines (the shape of defense_decisions.jsonl, with\n"
                '"candidates": tile strings) and writes {"danger": {tile: probability}} per\n'
                'line; --reasons adds the reasons. A bad line gets {"error": ...}. Lines are\n'
                "answered in groups of N (256); --batch 1 answers each line at once.\n"
            )
            return 0
        else:
            stderr.write(f"python -m tutor.engine danger: unknown argument {arg!r}\n")
            return 2
    pending: list[str] = []
    for line in stdin:
        if line.strip():
            pending.append(line)
        if len(pending) >= batch:
            _answer(pending, with_reasons, stdout)
            pending = []
    _answer(pending, with_reasons, stdout)
    return 0


def _answer(lines: list[str], with_reasons: bool, stdout: TextIO) -> None:
    if lines:
        answers = danger_json(lines, with_reasons)
        stdout.write("".join(json.dumps(a, ensure_ascii=False) + "\n" for a in answers))
        stdout.flush()


EXAMPLE: dict[str, Any] = {
    "river": [
        {"tile": "1z"},
        {"tile": "9m"},
        {"tile": "3p", "tsumogiri": True},
        {"tile": "6p"},
        {"tile": "2z"},
        {"tile": "5s", "riichi": True},
        {"tile": "7z", "tsumogiri": True},
    ],
    "discards_after_riichi": ["7z", "8m"],
    "visible": [
        0, 1, 0, 0, 1, 0, 1, 1, 1,
        0, 0, 3, 2, 0, 2, 0, 0, 1,
        0, 0, 1, 2, 1, 1, 0, 0, 0,
        3, 2, 1, 1, 0, 0, 1,
    ],
    "hand": [
        0, 1, 0, 0, 1, 0, 0, 0, 0,
        0, 0, 1, 2, 0, 1, 0, 0, 1,
        0, 0, 1, 1, 0, 1, 0, 0, 0,
        1, 1, 1, 1, 0, 0, 0,
    ],
    "dora_indicators": ["3p"],
    "round_wind": "1z",
    "riichi_seat_wind": "2z",
    "decider_seat_wind": "3z",
    "turns_since_riichi": 2,
    "tiles_left": 50,
}  # fmt: skip
"""A table state for the examples: the riichi player discarded 1z 9m 3p (tsumogiri) 6p 2z
and declared riichi on 5s; 7z and 8m have passed since. One's hand is 2m5m 3p4p4p6p9p 3s4s6s
1z2z3z4z; the dora indicator is 3p."""
