"""When a defense position makes a fair puzzle: the safest tile must stand out.

A "which tile is safest?" puzzle is fair only when the danger model (:mod:`.defense`) leaves no
doubt: its safest candidate must be clearly safer than the next one. :func:`margin` measures
that as the gap between the two lowest dangers, in probability; :func:`safest_by_margin` gives
the safest kind when the gap reaches :data:`SAFEST_MARGIN` and the safest tile is itself safe
enough to recommend (:data:`SAFE_ENOUGH`).

>>> from .defense import EXAMPLE, DefenseState
>>> from .tiles import parse_tiles, tile_str
>>> state = DefenseState.from_json(EXAMPLE)
>>> tile = safest_by_margin(state, parse_tiles("1z5m"))
>>> safest_by_margin(state, parse_tiles("1z9p")) is None  # 9p is only 1.8 points worse
True
>>> tile_str(tile) if tile is not None else None
'1z'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .defense import DangerModel, DefenseState, RiverTile, assess_several, danger
from .gamelog.events import Call, Discard, Draw, Game, Riichi, Win
from .gamelog.replay import Decision, Table, replay_game
from .hand import Meld, MeldKind
from .tiles import Tile, parse_tiles, tile_str
from .waits import waits

__all__ = [
    "SAFEST_MARGIN",
    "SAFE_ENOUGH",
    "defense_positions",
    "riichi_positions",
    "lesson_state",
    "lesson_states",
    "margin",
    "safest_against_all",
    "safest_by_margin",
]

SAFEST_MARGIN = 0.02
"""The least gap, in probability of being a winning tile, between the safest candidate and the
next: two points of deal-in chance is about what separates a suji 2 from a suji 3 in the real
rates (3.7% against 5.7%), a difference a learner can be expected to see."""

SAFE_ENOUGH = 0.05
"""The safest candidate itself must deal in less often than this: a puzzle whose answer is
still dangerous teaches a choice between bad tiles, which is push-or-fold, not safe tiles."""


def margin(dangers: dict[Tile, float]) -> float:
    """The gap between the lowest and the second-lowest danger (0 with fewer than two).

    >>> margin({0: 0.01, 1: 0.05, 2: 0.2})
    0.04
    >>> margin({0: 0.01})
    0.0
    """
    low = sorted(dangers.values())
    return round(low[1] - low[0], 6) if len(low) > 1 else 0.0


def safest_by_margin(
    state: DefenseState,
    candidates: Iterable[Tile] | None = None,
    model: DangerModel | None = None,
    least: float = SAFEST_MARGIN,
) -> Tile | None:
    """The safest candidate (default: the kinds in hand) if it stands out by ``least`` and is
    below :data:`SAFE_ENOUGH`; otherwise ``None``.

    >>> from .defense import EXAMPLE
    >>> from .tiles import parse_tiles
    >>> safest_by_margin(DefenseState.from_json(EXAMPLE), parse_tiles("3p6p")) is None  # two genbutsu
    True
    """
    d = danger(state, candidates, model)
    if len(d) < 2 or margin(d) < least:
        return None
    tile = min(d, key=lambda t: d[t])
    return tile if d[tile] < SAFE_ENOUGH else None


def safest_against_all(
    states: Sequence[DefenseState],
    candidates: Iterable[Tile] | None = None,
    model: DangerModel | None = None,
    least: float = SAFEST_MARGIN,
) -> Tile | None:
    """:func:`safest_by_margin` against several riichi at once (one state per riichi, one's
    hand the same): the candidate whose chance of dealing in to any of them
    (:func:`tutor.engine.defense.assess_several`) is lowest, if it stands out by ``least`` and
    is below :data:`SAFE_ENOUGH`; otherwise ``None``.

    >>> from .defense import EXAMPLE
    >>> from .tiles import parse_tiles
    >>> s = DefenseState.from_json(EXAMPLE)
    >>> safest_against_all([s, s], parse_tiles("3p9p")) == safest_by_margin(s, parse_tiles("3p9p"))
    True
    """
    d = {row.tile: row.danger for row in assess_several(states, candidates, model)}
    if len(d) < 2 or margin(d) < least:
        return None
    tile = min(d, key=lambda t: d[t])
    return tile if d[tile] < SAFE_ENOUGH else None


def lesson_state(
    river: Sequence[Tile],
    hand: Sequence[Tile],
    *,
    riichi_at: int | None = None,
    passed: Sequence[Tile] = (),
    seen: Sequence[Tile] = (),
    dora: Sequence[Tile] = (),
) -> DefenseState:
    """The table a lesson position shows: the riichi player's ``river`` in order (declared
    with discard ``riichi_at``, 1-based, the last one by default), the tiles ``passed`` after
    the declaration, other ``seen`` tiles and the ``dora`` indicators, and one's own 14-tile
    ``hand``; everything shown counts as visible. A position gives no clock: every player has
    discarded about as many tiles as the riichi player, from a live wall of 70.

    >>> s = lesson_state(parse_tiles("1z9m2z1m8p7m"), parse_tiles("234m4m66p789p4s56s77z"))
    >>> tile_str(s.riichi_tile.tile), s.turns_since_riichi, s.tiles_left, s.visible[33]
    ('7m', 0, 46, 2)
    """
    at = len(river) if riichi_at is None else riichi_at
    hand_counts = [0] * 34
    visible = [0] * 34
    for t in hand:
        hand_counts[t] += 1
    for t in [*hand, *river, *passed, *seen, *dora]:
        visible[t] += 1
    return DefenseState(
        river=tuple(RiverTile(t, riichi=i + 1 == at) for i, t in enumerate(river)),
        visible=tuple(visible),
        hand=tuple(hand_counts),
        discards_after_riichi=tuple(passed),
        dora_indicators=tuple(dora),
        turns_since_riichi=len(river) - at,
        tiles_left=max(0, 70 - 4 * len(river)),
    )


def lesson_states(
    rivers: Sequence[Sequence[Tile]],
    hand: Sequence[Tile],
    *,
    seen: Sequence[Tile] = (),
    dora: Sequence[Tile] = (),
) -> list[DefenseState]:
    """:func:`lesson_state` against several riichi at once, one state per river: every other
    river is in view of each one's defender.

    >>> a, b = lesson_states([parse_tiles("1z9m2z1m8p7m"), parse_tiles("9s1z4p3z2s")],
    ...     parse_tiles("234m4m66p789p4s56s77z"))
    >>> nine_s, nine_m = parse_tiles("9s9m")
    >>> a.visible[nine_s], b.visible[nine_m], tile_str(b.riichi_tile.tile)
    (1, 1, '2s')
    """
    return [
        lesson_state(
            river,
            hand,
            seen=[*seen, *(t for k, other in enumerate(rivers) if k != i for t in other)],
            dora=dora,
        )
        for i, river in enumerate(rivers)
    ]


# --- defense positions of a recorded game ------------------------------------------------------

_MELD_KINDS = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "minkan": MeldKind.OPEN_KAN,
    "ankan": MeldKind.CLOSED_KAN,
    "kakan": MeldKind.ADDED_KAN,
}


def _counts(tiles: Iterable[int]) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t // 4] += 1
    return out


def _riichi_opponents(table: Table, d: Decision) -> list[int]:
    """The seats in riichi other than the decider's (none when the decider is in riichi too:
    after a declaration every discard is forced)."""
    if table.in_riichi[d.seat]:
        return []
    return [p for p in range(4) if p != d.seat and table.in_riichi[p]]


def _record(table: Table, d: Decision, r: int) -> dict[str, Any] | None:
    """The shared decision record of ``d`` against the riichi of seat ``r`` (``None`` when that
    hand is not tenpai)."""
    melds = [Meld(_MELD_KINDS[m.kind], tuple(t // 4 for t in m.tiles)) for m in table.melds[r]]
    label = waits(_counts(table.hands[r]), melds)
    if not label:
        return None
    events = table.round.events[: table.position]
    declared = next(i for i, e in enumerate(events) if isinstance(e, Riichi) and e.seat == r)
    declaration = next(i for i, e in enumerate(events) if i > declared and isinstance(e, Discard))
    after = [tile_str(e.tile // 4) for e in events[declaration + 1 :] if isinstance(e, Discard)]
    visible = _counts(table.hands[d.seat])
    for k in parse_tiles(d.seen):
        visible[k] += 1
    dealt_in = False
    for e in table.round.events[table.position + 1 :]:
        if isinstance(e, Win):
            dealt_in = dealt_in or (e.who == r and e.from_who == d.seat)
        elif isinstance(e, Draw | Call):
            break
    river = table.rivers[r]
    return {
        "log_id": d.log_id,
        "round": table.round.index,
        "honba": table.round.honba,
        "round_seq": d.round_seq,
        "decider": d.seat,
        "riichi_seat": r,
        "river": [
            {"tile": tile_str(t // 4), "tsumogiri": g, "riichi": ri, "called": c}
            for t, (_, g, ri, c) in zip(table.river_tiles[r], river, strict=True)
        ],
        "melds": [
            [
                {
                    "type": m.kind,
                    "tiles": sorted(tile_str(t // 4) for t in m.tiles),
                    "from": m.from_seat,
                }
                for m in table.melds[s]
            ]
            for s in range(4)
        ],
        "discards_after_riichi": after,
        "visible": [min(4, v) for v in visible],
        "hand": _counts(table.hands[d.seat]),
        "dora_indicators": [tile_str(t // 4) for t in table.dora],
        "round_wind": d.round_wind,
        "riichi_seat_wind": tile_str(table.round.seat_wind(r)),
        "decider_seat_wind": d.seat_wind,
        "turns_since_riichi": len(after),
        "riichi_turn": next(i for i, e in enumerate(river) if e[2]),
        "tiles_left": d.tiles_left,
        "scores": list(table.round.scores),
        "declaring_riichi": d.declared_riichi,
        "waits": [tile_str(k) for k in label],
        "discard": d.discard,
        "dealt_in": dealt_in,
    }


def riichi_positions(
    game: Game, seat: int | None = None
) -> list[tuple[Decision, list[dict[str, Any]]]]:
    """Every decision of ``game`` (of ``seat`` only, when given) made while one or more
    opponents were in riichi and tenpai, with one record per riichi in the shape of the shared
    defense decisions (``defense_decisions.jsonl.gz``: the table state
    :meth:`DefenseState.from_json` reads, and the labels ``waits``, ``discard`` and
    ``dealt_in`` that nobody at the table could see). Against two riichi each record is the
    table as that riichi's defender sees it: the other riichi's discards count like anyone's.
    Raises :class:`~tutor.engine.gamelog.events.GameLogError` like the replay.

    >>> from tutor.engine.gamelog.events import Game, Rules
    >>> riichi_positions(Game("empty", Rules(), ("",) * 4, ()))
    []
    """
    found: list[tuple[Decision, list[dict[str, Any]]]] = []

    def observe(table: Table, d: Decision) -> None:
        if seat is not None and d.seat != seat:
            return
        records = [_record(table, d, r) for r in _riichi_opponents(table, d)]
        if records and all(records):
            found.append((d, [r for r in records if r is not None]))

    replay_game(game, observer=observe)
    return found


def defense_positions(game: Game, seat: int | None = None) -> list[tuple[Decision, dict[str, Any]]]:
    """The decisions of :func:`riichi_positions` made against exactly one riichi, each with its
    record: the shared defense decisions are these.

    >>> from tutor.engine.gamelog.events import Game, Rules
    >>> defense_positions(Game("empty", Rules(), ("",) * 4, ()))
    []
    """
    return [(d, records[0]) for d, records in riichi_positions(game, seat) if len(records) == 1]
