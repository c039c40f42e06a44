"""Dora: the indicator shows the tile before the dora.

The dora is the next tile of the indicator's suit: numbers wrap 9 → 1; winds go
East → South → West → North → East; dragons White → Green → Red → White. Each copy of a dora in
a hand (concealed or in called sets) is worth one han, once per indicator showing it. Red fives
are worth one more each, on top of being fives.

>>> from tutor.engine.tiles import parse_tile, tile_str
>>> tile_str(dora_from_indicator(parse_tile("9p")))
'1p'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .hand import Hand
from .tiles import NUM_KINDS, Tile, check_counts

__all__ = ["dora_from_indicator", "dora_tiles", "count_dora", "count_red_fives", "count_all_dora"]


def dora_from_indicator(indicator: Tile) -> Tile:
    """The dora a given indicator shows.

    >>> from tutor.engine.tiles import EAST, NORTH, WHITE, RED, GREEN, parse_tile
    >>> dora_from_indicator(NORTH) == EAST, dora_from_indicator(RED) == WHITE
    (True, True)
    >>> dora_from_indicator(WHITE) == GREEN, dora_from_indicator(parse_tile("6s"))
    (True, 24)
    """
    if not isinstance(indicator, int) or not 0 <= indicator < NUM_KINDS:
        raise ValueError(f"{indicator!r} is not a tile kind: kinds are 0–33")
    if indicator < 27:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def dora_tiles(indicators: Iterable[Tile]) -> list[Tile]:
    """The dora of several indicators, in order (a kind may repeat).

    >>> from tutor.engine.tiles import parse_tiles, tiles_str
    >>> tiles_str(dora_tiles(parse_tiles("9m4z")))
    '1m1z'
    """
    return [dora_from_indicator(t) for t in indicators]


def _counts(hand: Hand | Sequence[int]) -> Sequence[int]:
    if isinstance(hand, Hand):
        return hand.all_counts()
    return check_counts(hand)


def count_dora(hand: Hand | Sequence[int], indicators: Iterable[Tile]) -> int:
    """Dora in a hand (red fives not included): per indicator, the copies of its dora.

    ``hand`` is a :class:`~tutor.engine.hand.Hand` (called sets included) or 34 counts.

    >>> from tutor.engine.hand import parse_hand
    >>> from tutor.engine.tiles import parse_tiles
    >>> count_dora(parse_hand("123m456p789s22z [1*11z]L"), parse_tiles("4z1z"))
    5
    """
    counts = _counts(hand)
    return sum(counts[dora_from_indicator(t)] for t in indicators)


def count_red_fives(hand: Hand) -> int:
    """Red fives in a hand, concealed and in called sets.

    >>> from tutor.engine.hand import parse_hand
    >>> count_red_fives(parse_hand("340m406p11z [0*55s]A 789s"))
    3
    """
    return hand.red_count


def count_all_dora(hand: Hand, indicators: Iterable[Tile]) -> int:
    """Dora plus red fives: the han they add to a winning hand.

    A red five that is also the dora counts twice.

    >>> from tutor.engine.hand import parse_hand
    >>> from tutor.engine.tiles import parse_tiles
    >>> count_all_dora(parse_hand("340m456p11z [678s] 789s"), parse_tiles("4m"))
    2
    """
    return count_dora(hand, indicators) + count_red_fives(hand)
