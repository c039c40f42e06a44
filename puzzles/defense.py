"""The danger of each tile against one riichi, laid out for pages and JSON: shared by the
analyzer and the defense puzzles. The numbers and reasons come from :mod:`tutor.engine.defense`;
this module only builds the table state and writes the reasons as sentences."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.engine import defense as ed
from tutor.engine.defense_puzzle import margin, safest_by_margin
from tutor.engine.tiles import parse_tile, parse_tiles, tile_str
from tutor.exercises import facts
from tutor.web.defense_text import percent_text, reason_text
from tutor.web.engine_text import tile_text

MAX_RIVER = 30
"""A river longer than any hand allows is refused."""


class RiverError(ValueError):
    """A riichi river that cannot be read: the message says why."""


def danger_rows(state: ed.DefenseState, tiles: list[int] | None = None) -> list[dict[str, Any]]:
    """Each kind's danger (default: the kinds in hand), safest first, with its reasons in words."""
    return [worded(row.as_json()) for row in ed.assess(state, tiles)]


def worded(row: Mapping[str, Any]) -> dict[str, Any]:
    """A stored danger row (``tile``, ``danger``, ``reasons``, as the engine writes it) with
    its percent and its reasons in words, for pages."""
    return {
        **row,
        "percent": percent_text(row["danger"]),
        "reason_texts": [
            reason_text(ed.DangerReason(r["code"], r.get("params") or {}))
            for r in row.get("reasons") or []
        ],
    }


def river_state(
    concealed: tuple[int, ...] | list[int], seen: list[int], river: str
) -> ed.DefenseState:
    """The table state for a hand about to discard (``concealed`` counts, ``seen`` the counts
    of every tile in one's hand and called sets) against a riichi whose river is ``river`` in
    notation, the last tile being the declaration tile.

    Raises :class:`RiverError` with a message a learner can read.
    """
    try:
        tiles = parse_tiles(river)
    except ValueError as exc:
        raise RiverError(_("The riichi river: %(error)s") % {"error": exc}) from None
    if not tiles:
        raise RiverError(_("Type the riichi player's discards, the declaration tile last."))
    if len(tiles) > MAX_RIVER:
        raise RiverError(_("That river is too long."))
    visible = list(seen)
    for t in tiles:
        visible[t] += 1
    if max(visible) > 4:
        raise RiverError(_("The hand and the river show more than four copies of a tile."))
    if sum(concealed) % 3 != 2:
        raise RiverError(_("The danger of each tile is shown for a hand of 14 tiles."))
    return ed.DefenseState(
        river=tuple(ed.RiverTile(t, riichi=i == len(tiles) - 1) for i, t in enumerate(tiles)),
        visible=tuple(visible),
        hand=tuple(concealed),
        turns_since_riichi=0,
        # The analyzer knows no clock: each player has discarded about as many tiles as the
        # riichi player, from a live wall of 70.
        tiles_left=max(0, 70 - 4 * len(tiles)),
    )


# --- defense puzzles from real games -----------------------------------------------------------

STATE_FIELDS = tuple(f.name for f in dataclasses.fields(ed.DefenseState))
"""The fields of a shared defense decision that make the table state (no label): the engine's
:class:`~tutor.engine.defense.DefenseState`, which reads them back (``from_json``)."""

_REASON_RATING = {"genbutsu": 1100.0, "passed_after_riichi": 1300.0, "honor_visible": 1400.0}
"""Starting ratings by the reason that makes the answer safe; anything else starts at 1600."""


def _notation(counts: list[int]) -> str:
    return "".join(tile_str(t) * n for t, n in enumerate(counts) if n)


def puzzle_fields(record: dict[str, Any]) -> dict[str, Any] | None:
    """A defense puzzle's stored fields from one shared defense decision, or ``None`` when the
    position does not make a fair puzzle: a closed 14-tile hand (not declaring riichi itself)
    whose safest tile stands out by the engine's margin
    (:func:`tutor.engine.defense_puzzle.safest_by_margin`)."""
    if sum(record["hand"]) != 14 or record.get("declaring_riichi"):
        return None
    state = ed.DefenseState.from_json(record)
    answer = safest_by_margin(state)
    if answer is None:
        return None
    rows = ed.assess(state)
    first = rows[0].reasons[0].code if rows[0].reasons else ""
    rating = _REASON_RATING.get(first, 1600.0)
    return {
        "kind": "defense",
        **source_fields(record, state),
        "analysis": facts.to_json(
            {
                "answer": tile_str(answer),
                "margin": margin({r.tile: r.danger for r in rows}),
                "danger": [r.as_json() for r in rows],
                "played": str(record.get("discard") or ""),
                "dealt_in": bool(record.get("dealt_in")),
                "riichi_waits": record.get("waits") or [],
                "difficulty": int((rating - 1500) / 200 + 3),
            }
        ),
        "difficulty": int((rating - 1500) / 200 + 3),
        "rating": rating,
        "canonical_key": f"defense:{position_key(record)}",
        "themes": ["defense", "real-game", "riichi-table"],
    }


def position_key(record: dict[str, Any]) -> str:
    """Which decision of which game a record is: the log, round, seat and the riichi's turns."""
    return (
        f"{record['log_id']}:{record['round_seq']}:{record['decider']}:"
        f"{record['riichi_turn']}:{record['turns_since_riichi']}"
    )


def source_fields(record: dict[str, Any], state: ed.DefenseState) -> dict[str, Any]:
    """The stored fields a puzzle from a position facing one riichi takes from its record: the
    hand, the table shown before the answer (``context``, with the table ``state`` itself) and
    where in the game it comes from (``source_*``)."""
    hand = _notation(record["hand"])
    # what is in view besides one's hand, the riichi river and the dora indicators
    others = list(record["visible"])
    for t in [*parse_tiles(hand), *(parse_tile(r["tile"]) for r in record["river"])]:
        others[t] -= 1
    for t in record.get("dora_indicators") or []:
        others[parse_tile(t)] -= 1
    riichi_index = parse_tile(record["riichi_seat_wind"]) - 27
    own_index = parse_tile(record["decider_seat_wind"]) - 27
    discards = ["", "", "", ""]
    discards[riichi_index] = "".join(r["tile"] for r in record["river"])
    own = (record.get("melds") or [[]] * 4)[record["decider"]]
    fields = {
        "hand": hand,
        "context": {
            "seat": own_index,
            "seat_wind": record["decider_seat_wind"],
            "round_wind": record["round_wind"],
            "dora_indicator": (record.get("dora_indicators") or [""])[0],
            "dora_indicators": record.get("dora_indicators") or [],
            "tiles_left": record["tiles_left"],
            "discards": discards,
            "riichi": [riichi_index],
            "riichi_tile": tile_str(state.riichi_tile.tile),
            "passed": "".join(record.get("discards_after_riichi") or []),
            "others": _notation([max(0, n) for n in others]),
            "state": {k: record[k] for k in STATE_FIELDS if k in record},
        },
        "source_log": record["log_id"],
        "source_round": record["round_seq"],
        "source_seat": record["decider"],
        "source_turn": 100 + len(record["river"]) + record["turns_since_riichi"],
    }
    if own:  # a hand after a call shows its called sets beside the concealed tiles
        fields["context"]["own_melds"] = ["".join(m["tiles"]) for m in own]
    return fields


def mine(
    records: list[dict[str, Any]], per_game: int = 2, limit: int | None = None
) -> list[dict[str, Any]]:
    """Defense puzzles from shared decisions: at most ``per_game`` per game, taken in turn
    from each starting rating (genbutsu, passed tiles, honors, the rest), so that the set
    teaches more than finding a tile in the river."""
    found: dict[str, int] = {}
    tiers: dict[float, list[dict[str, Any]]] = {}
    for record in records:
        if found.get(record["log_id"], 0) >= per_game:
            continue
        row = puzzle_fields(record)
        if row is not None:
            found[record["log_id"]] = found.get(record["log_id"], 0) + 1
            tiers.setdefault(row["rating"], []).append(row)
    rows = [
        row
        for group in itertools.zip_longest(*(tiers[k] for k in sorted(tiers)))
        for row in group
        if row is not None
    ]
    return rows[:limit] if limit else rows


def feedback_rows(puzzle: Any, answer: list[str], best: str | None = None) -> list[dict[str, Any]]:
    """The stored danger of every candidate, safest first, with its reasons in words, marking
    the answer (``best``, by default the stored answer), the learner's choice and the Phoenix
    player's."""
    analysis = puzzle.analysis or {}
    played = analysis.get("played")
    best = analysis.get("answer") if best is None else best
    return [
        {
            **worded(row),
            "best": row["tile"] == best,
            "chosen": row["tile"] in answer,
            "played": row["tile"] == played,
            "wait": row["tile"] in (analysis.get("riichi_waits") or []),
        }
        for row in analysis.get("danger") or []
    ]


def dealt_in_words(puzzle: Any) -> str:
    """Whether the Phoenix player's discard dealt in, and what the riichi waited on."""
    analysis = puzzle.analysis or {}
    waits = analysis.get("riichi_waits") or []
    if not analysis.get("played") or not waits:
        return ""
    tiles = ", ".join(tile_text(t) for t in waits)
    if analysis.get("dealt_in"):
        return _("It dealt in: the riichi was waiting on %(tiles)s.") % {"tiles": tiles}
    return _("It did not deal in; the riichi was waiting on %(tiles)s.") % {"tiles": tiles}
