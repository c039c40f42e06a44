"""Stored decisions keep their ranked discards as the facts codec's rows (version 2).

Version 1 of ``ReviewedDecision.data`` kept its own option rows: ``best`` (the three best) and
``mine`` (the played tile's), each ``{"tile", "shanten", "count", "tenpai_rate", "win_rate",
"ev", "reasons"}`` with ``"0p"`` for a red five. Version 2 stores them as
``tutor.exercises.facts`` documents (``"version": 3``) under ``facts``: ``discards`` are the
engine's discard-table rows (``"discard"`` the kind, ``"red"``, ``"accepted"`` as tile → unseen
copies, ``"two_step"``) with the same value columns, the best first and the played tile's row
last when it is not among them, and ``answer`` the best discard.

Version 1 did not store the accepted tiles: going forward they are computed by the engine
(:func:`tutor.engine.analysis.discard_analysis`) from the stored hand and the tiles in view
on the stored table, counted as the replay counts them (every river tile, the called sets
without the tile taken from a river, the dora indicators). Going back drops them again. The shapes are written out here rather than read
from the codec, which may change after this migration.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

from tutor.engine.analysis import discard_analysis
from tutor.engine.hand import parse_hand, parse_meld
from tutor.engine.tiles import NUM_KINDS, parse_tile, parse_tiles, tile_str

FACTS_VERSION = 3
SHOWN_OPTIONS = 3
VALUE = ("tenpai_rate", "win_rate", "ev", "reasons")


def _kind(tile: str) -> str:
    return ("5" + tile[1]) if tile[:1] == "0" else tile


def _seen(table: dict[str, Any]) -> list[int]:
    """The tiles in view on a stored table as the replay counted them: every river tile, the
    tiles of every called set but the one taken from a river, the dora indicators."""
    seen = [0] * NUM_KINDS
    for river in table.get("discards") or []:
        for t in parse_tiles(river) if river else []:
            seen[t] += 1
    for melds in table.get("melds") or []:
        for text in melds:
            meld = parse_meld(text)
            tiles = list(meld.tiles)
            if meld.called is not None:
                tiles.remove(meld.called)
            for t in tiles:
                seen[t] += 1
    for t in parse_tiles("".join(table.get("dora_indicators") or [])):
        seen[t] += 1
    return seen


def _forward_data(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 decision as version 2."""
    if data.get("v") != 1:
        return data
    options = list(data.get("best") or [])
    mine = data.get("mine")
    if mine is not None and all(_kind(o["tile"]) != _kind(mine["tile"]) for o in options):
        options.append(mine)
    rows = []
    if options:
        hand = parse_hand(" ".join([data["hand"], *data.get("melds", [])]), sizes=(14,))
        seen = _seen(data.get("table") or {})
        total = [min(4, a + b) for a, b in zip(seen, hand.concealed, strict=True)]
        engine = {
            o.discard: o
            for o in discard_analysis(
                hand.concealed, len(hand.melds), total, held=hand.called_counts()
            )
        }
        for o in options:
            found = engine[parse_tile(_kind(o["tile"]))]
            row: dict[str, Any] = {
                "discard": _kind(o["tile"]),
                "shanten": int(o["shanten"]),
                "accepted": {tile_str(t): int(n) for t, n in sorted(found.accepted.items())},
                "count": int(o["count"]),
                "two_step": int(found.two_step),
                "two_step_average": round(float(found.two_step_average), 2),
                "red": o["tile"][:1] == "0",
            }
            row.update({k: o[k] for k in VALUE if k in o})
            rows.append(row)
    facts: dict[str, Any] = {"version": FACTS_VERSION}
    if rows:
        facts.update(discards=rows, answer=rows[0]["discard"])
    out = {k: v for k, v in data.items() if k not in ("best", "mine")}
    out.update(facts=facts, v=2)
    return out


def _backward_data(data: dict[str, Any]) -> dict[str, Any]:
    """A version-2 decision as version 1."""
    if data.get("v") != 2:
        return data
    options = [
        {
            "tile": ("0" + r["discard"][1]) if r.get("red") else r["discard"],
            "shanten": r["shanten"],
            "count": r["count"],
            **{k: r[k] for k in VALUE if k in r},
        }
        for r in (data.get("facts") or {}).get("discards") or []
    ]
    played = _kind(str(data.get("played", "")))
    out = {k: v for k, v in data.items() if k != "facts"}
    out.update(
        best=options[:SHOWN_OPTIONS],
        mine=next((o for o in options if _kind(o["tile"]) == played), None),
        v=1,
    )
    return out


def _convert(apps: Any, convert: Any) -> None:
    decision = apps.get_model("reviews", "ReviewedDecision")
    changed = []
    for row in decision.objects.only("pk", "data").iterator(chunk_size=500):
        new = convert(row.data)
        if new is not row.data:
            row.data = new
            changed.append(row)
        if len(changed) >= 500:
            decision.objects.bulk_update(changed, ["data"])
            changed = []
    decision.objects.bulk_update(changed, ["data"])


def forward(apps: Any, schema_editor: Any) -> None:
    _convert(apps, _forward_data)


def backward(apps: Any, schema_editor: Any) -> None:
    _convert(apps, _backward_data)


class Migration(migrations.Migration):
    dependencies = [("reviews", "0002_review_choices_and_puzzles")]

    operations = [migrations.RunPython(forward, backward)]
