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

from collections.abc import Iterable

from .defense import DangerModel, DefenseState, danger
from .tiles import Tile

__all__ = ["SAFEST_MARGIN", "SAFE_ENOUGH", "margin", "safest_by_margin"]

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
