"""The danger of each tile against one riichi, laid out for pages and JSON: shared by the
analyzer and the defense puzzles. The numbers and reasons come from :mod:`tutor.engine.defense`;
this module only builds the table state and writes the reasons as sentences."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from tutor.engine import defense as ed
from tutor.engine.defense_puzzle import margin, safest_against_all, safest_by_margin
from tutor.engine.tiles import parse_tile, parse_tiles, tile_str, to_counts
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


def riichi_names(riichi: list[Mapping[str, Any]]) -> list[str]:
    """Several riichi named by their seat winds, as the danger table's lines call them."""
    return [tile_text(str(r["wind"])) if r.get("wind") else "?" for r in riichi]


def against_lines(row: Mapping[str, Any], names: list[str], titled: bool = False) -> list[str]:
    """A danger row against several riichi (``against``: one row each), as one line per riichi:
    "East wind riichi: 0.1%, genbutsu" (``names`` the seat winds), or with ``titled`` names
    that already say which riichi ("The first riichi: 0.1%, genbutsu")."""
    lines = []
    for name, one in zip(names, row.get("against") or [], strict=False):
        texts = worded(one)
        line = (
            _("%(riichi)s: %(percent)s%(why)s")
            if titled
            else _("%(riichi)s riichi: %(percent)s%(why)s")
        )
        lines.append(
            line
            % {
                "riichi": name,
                "percent": texts["percent"],
                "why": "".join(f", {text}" for text in texts["reason_texts"]),
            }
        )
    return lines


def river_states(
    concealed: tuple[int, ...] | list[int], seen: list[int], rivers: list[str]
) -> list[ed.DefenseState]:
    """:func:`river_state` against one riichi or two (``rivers``): each river's tiles count as
    seen against the other. Their order against each other is unknown, so nothing counts as
    passed after either declaration.

    Raises :class:`RiverError` naming the second river when it is the one that cannot be read.
    """
    tiles: list[list[int]] = []
    for i, river in enumerate(rivers):
        try:
            tiles.append(parse_tiles(river))
        except ValueError as exc:
            if i == 0:
                raise RiverError(_("The riichi river: %(error)s") % {"error": exc}) from None
            raise RiverError(_("The second riichi river: %(error)s") % {"error": exc}) from None
    states = []
    for i, river in enumerate(rivers):
        visible = list(seen)
        for j, other in enumerate(tiles):
            if j != i:
                for t in other:
                    visible[t] += 1
        states.append(river_state(concealed, visible, river))
    return states


def several_rows(states: list[ed.DefenseState]) -> list[dict[str, Any]]:
    """Each kind in hand against several riichi, safest first: the chance of dealing in to any
    (``danger``, ``percent``) and, ``against`` each, its row with its reasons in words."""
    return [
        {
            **row.as_json(),
            "percent": percent_text(row.danger),
            "against": [worded(one.as_json()) for one in row.against],
        }
        for row in ed.assess_several(states)
    ]


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
    analysis = {
        "played": str(record.get("discard") or ""),
        "dealt_in": bool(record.get("dealt_in")),
    }
    analysis["riichi_waits"] = record.get("waits") or []
    return _stored(
        source_fields(record, state),
        answer,
        rows,
        rating,
        f"defense:{position_key(record)}",
        analysis,
    )


def _stored(
    source: dict[str, Any],
    answer: int,
    rows: Sequence[ed.TileDanger | ed.SharedDanger],
    rating: float,
    key: str,
    analysis: dict[str, Any],
) -> dict[str, Any]:
    """A defense puzzle's stored fields: the position (``source``), the answer with every row's
    danger, the starting rating and its difficulty, what the Phoenix player did (``analysis``)."""
    difficulty = int((rating - 1500) / 200 + 3)
    return {
        "kind": "defense",
        **source,
        "analysis": facts.to_json(
            {
                "answer": tile_str(answer),
                "margin": margin({r.tile: r.danger for r in rows}),
                "danger": [r.as_json() for r in rows],
                **analysis,  # type: ignore[typeddict-item]
                "difficulty": difficulty,
            }
        ),
        "difficulty": difficulty,
        "rating": rating,
        "canonical_key": key,
        "themes": [
            "defense",
            "real-game",
            "riichi-table",
            *(["two-riichi"] * ("riichi" in analysis)),
        ],
    }


def several_fields(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A defense puzzle's stored fields from one decision against two riichi (one
    record per riichi, as :func:`tutor.engine.defense_puzzle.riichi_positions` gives them), or
    ``None`` when it makes no fair puzzle: as :func:`puzzle_fields`, on the chance of dealing in
    to any of them (:func:`tutor.engine.defense_puzzle.safest_against_all`). Each danger row
    holds its row against each riichi (``against``), and ``riichi`` names them by seat wind."""
    first = records[0]
    if sum(first["hand"]) != 14 or first.get("declaring_riichi") or len(records) != 2:
        return None  # (three riichi at once: 23 of the 2,436 shared positions, left out)
    states = [ed.DefenseState.from_json(r) for r in records]
    answer = safest_against_all(states)
    if answer is None:
        return None
    rows = ed.assess_several(states)
    reasons = [one.reasons[0].code for one in rows[0].against if one.reasons]
    # the answer is as easy as its hardest side: genbutsu against both is the easy case
    rating = max(_REASON_RATING.get(code, 1600.0) for code in reasons) if reasons else 1600.0
    rating += SEVERAL_RATING
    fields = source_fields(first, states[0])
    context = fields["context"]
    winds = [r["riichi_seat_wind"] for r in records]
    for record in records[1:]:
        context["discards"][parse_tile(record["riichi_seat_wind"]) - 27] = "".join(
            r["tile"] for r in record["river"]
        )
    others = list(to_counts(parse_tiles(context["others"])))
    for record in records[1:]:  # the other riichi rivers are shown as rivers, not as others
        for r in record["river"]:
            others[parse_tile(r["tile"])] = max(0, others[parse_tile(r["tile"])] - 1)
    context["others"] = _notation(others)
    context["riichi"] = [parse_tile(w) - 27 for w in winds]
    context["several"] = [
        {
            "wind": r["riichi_seat_wind"],
            "riichi_tile": tile_str(state.riichi_tile.tile),
            "passed": "".join(r.get("discards_after_riichi") or []),
        }
        for r, state in zip(records, states, strict=True)
    ]
    context["states"] = [{k: r[k] for k in STATE_FIELDS if k in r} for r in records]
    del context["state"], context["riichi_tile"], context["passed"]
    analysis = {
        "riichi": [
            {"wind": w, "waits": list(r.get("waits") or [])}
            for w, r in zip(winds, records, strict=True)
        ],
        "played": str(first.get("discard") or ""),
        "dealt_in": any(r.get("dealt_in") for r in records),
        "riichi_waits": sorted({t for r in records for t in r.get("waits") or []}, key=parse_tile),
    }
    key = "defense:" + "+".join(position_key(r) for r in records)
    return _stored(fields, answer, rows, rating, key, analysis)


SEVERAL_RATING = 100.0
"""What facing two riichi adds to a defense puzzle's starting rating: a tile must be read
against both rivers."""


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


def mine_several(groups: list[list[dict[str, Any]]], per_game: int = 1) -> list[dict[str, Any]]:
    """Defense puzzles from decisions against two or more riichi (one record per riichi): at
    most ``per_game`` per game, in the order given."""
    found: dict[str, int] = {}
    rows = []
    for records in groups:
        log_id = records[0]["log_id"]
        if found.get(log_id, 0) >= per_game:
            continue
        row = several_fields(records)
        if row is not None:
            found[log_id] = found.get(log_id, 0) + 1
            rows.append(row)
    return rows


def feedback_rows(puzzle: Any, answer: list[str], best: str | None = None) -> list[dict[str, Any]]:
    """The stored danger of every candidate, safest first, with its reasons in words, marking
    the answer (``best``, by default the stored answer), the learner's choice and the Phoenix
    player's."""
    analysis = puzzle.analysis or {}
    played = analysis.get("played")
    best = analysis.get("answer") if best is None else best
    names = riichi_names(analysis.get("riichi") or [])
    return [
        {
            **(
                {
                    **row,
                    "percent": percent_text(row["danger"]),
                    "against": against_lines(row, names),
                }
                if names
                else worded(row)
            ),
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
    several = analysis.get("riichi") or []
    if several:
        each = "; ".join(
            _("the %(riichi)s riichi on %(tiles)s")
            % {"riichi": name, "tiles": ", ".join(tile_text(t) for t in r.get("waits") or [])}
            for name, r in zip(riichi_names(several), several, strict=True)
        )
        if analysis.get("dealt_in"):
            return _("It dealt in. The riichi were waiting: %(each)s.") % {"each": each}
        return _("It did not deal in. The riichi were waiting: %(each)s.") % {"each": each}
    tiles = ", ".join(tile_text(t) for t in waits)
    if analysis.get("dealt_in"):
        return _("It dealt in: the riichi was waiting on %(tiles)s.") % {"tiles": tiles}
    return _("It did not deal in; the riichi was waiting on %(tiles)s.") % {"tiles": tiles}
