"""The danger of each tile against one riichi, laid out for pages and JSON: shared by the
analyzer and the defense puzzles. The numbers and reasons come from :mod:`tutor.engine.defense`;
this module only builds the table state and writes the reasons as sentences."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from tutor.engine import defense as ed
from tutor.engine.tiles import parse_tiles
from tutor.web.defense_text import percent_text, reason_text

MAX_RIVER = 30
"""A river longer than any hand allows is refused."""


class RiverError(ValueError):
    """A riichi river that cannot be read: the message says why."""


def danger_rows(state: ed.DefenseState, tiles: list[int] | None = None) -> list[dict[str, Any]]:
    """Each kind's danger (default: the kinds in hand), safest first, with its reasons in words."""
    return [
        {
            **row.as_json(),
            "percent": percent_text(row.danger),
            "reason_texts": [reason_text(r) for r in row.reasons],
        }
        for row in ed.assess(state, tiles)
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
        tiles_left=max(0, 70 - 4 * len(tiles)),
    )


__all__ = ["MAX_RIVER", "RiverError", "danger_rows", "river_state"]
