"""Where a tile stands beside the tiles of a hand: the geometry behind the usual slips of
reading a hand (a wait or an improving tile that is not one, one end of a two-sided partial set
left out).

Counts are the 34 kinds of :mod:`tutor.engine.tiles`; only number tiles have neighbours, and
numbers never wrap round (nothing joins 8-9 to 1).

>>> from tutor.engine.tiles import parse_tiles, to_counts
>>> counts = to_counts(parse_tiles("89m"))
>>> wraps_around(counts, 0), touches(counts, 0), touches(counts, 6)
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from .tiles import Tile

__all__ = ["other_end", "run_it_lengthens", "touches", "wraps_around"]


def wraps_around(counts: Sequence[int], k: Tile) -> bool:
    """Whether ``k`` would only fit the hand if numbers wrapped round (8-9 + 1, 1-2 + 9).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> wraps_around(to_counts(parse_tiles("12p")), 17), wraps_around(to_counts(parse_tiles("12p")), 11)
    (True, False)
    """
    if k >= 27:
        return False
    base, n = k - k % 9, k % 9
    return bool(
        (n == 0 and counts[base + 7] and counts[base + 8])
        or (n == 8 and counts[base] and counts[base + 1])
    )


def touches(counts: Sequence[int], k: Tile) -> bool:
    """Whether the hand holds ``k`` or, for a number tile, a tile of its suit within two.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> counts = to_counts(parse_tiles("3m1z"))
    >>> touches(counts, 4), touches(counts, 5), touches(counts, 27), touches(counts, 28)
    (True, False, True, False)
    """
    if counts[k]:
        return True
    if k >= 27:
        return False
    base = k - k % 9
    return any(counts[t] for t in range(max(base, k - 2), min(base + 9, k + 3)))


def run_it_lengthens(counts: Sequence[int], k: Tile) -> list[Tile] | None:
    """The run of three ``k`` would only extend at one end (5m beside a lone 234m), when no
    other tile of the hand lies within two of ``k``: the slip of counting a finished set as a
    partial one.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> run_it_lengthens(to_counts(parse_tiles("234m9p")), 4)
    [1, 2, 3]
    >>> run_it_lengthens(to_counts(parse_tiles("2346m")), 4) is None  # 6m makes 5m useful
    True
    """
    if k >= 27 or counts[k]:
        return None
    base = k - k % 9
    for start in (k + 1, k - 3):
        if not (base <= start and start + 2 < base + 9):
            continue
        run = [start, start + 1, start + 2]
        if not all(counts[t] == 1 for t in run):
            continue
        near = [t for t in range(max(base, k - 2), min(base + 9, k + 3)) if t != k and t not in run]
        if not any(counts[t] for t in near):
            return run
    return None


def other_end(counts: Sequence[int], missed: Tile, picked: frozenset[Tile]) -> Tile | None:
    """The picked tile at the other end of a two-sided partial set (3-4 waiting on 2 and 5)
    whose end ``missed`` was left out, if there is one.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> counts = to_counts(parse_tiles("34m"))
    >>> other_end(counts, 1, frozenset({4})), other_end(counts, 1, frozenset())
    (4, None)
    """
    if missed >= 27:
        return None
    base = missed - missed % 9
    for low, other in ((missed + 1, missed + 3), (missed - 2, missed - 3)):
        inside = base <= min(low, other) and max(low + 1, other) < base + 9
        if inside and counts[low] and counts[low + 1] and other in picked:
            return other
    return None
