"""Dealing a position from a fresh wall, reproducibly, and naming it without its suits.

A deal takes tiles out of a *pool* (copies left of each of the 34 kinds) with an explicit
:class:`random.Random`, so the same seed deals the same tiles. Three samplers:

* ``"random-deal"``: the first tiles of a shuffled wall;
* ``"near-tenpai"``: a complete hand of four sets and a pair built from the wall, from which a
  few tiles are swapped for random wall tiles (each swap costs at most one shanten);
* ``"one-suit"``: the same two samplers on the 36 tiles of one suit.

:func:`canonical_form` writes a hand (and the other tiles in sight) with its suits renamed to
the smallest notation, so two positions that differ only by the names of their suits are one.

>>> import random
>>> tiles, pool = deal_hand(random.Random(1), 13, "near-tenpai", 1)
>>> len(tiles), sum(pool)
(13, 123)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import permutations

from .tiles import NUM_KINDS, Tile, counts_to_tiles, tiles_str

__all__ = [
    "SUIT_KINDS",
    "canonical_form",
    "deal_hand",
    "draw_tiles",
    "is_one_suit",
    "permute_suits",
]

SUIT_KINDS = (tuple(range(0, 9)), tuple(range(9, 18)), tuple(range(18, 27)))
"""The kinds of each suit: characters, circles, bamboo."""


def draw_tiles(rng: random.Random, pool: list[int], kinds: Sequence[Tile], n: int) -> list[Tile]:
    """Take ``n`` random tiles of ``kinds`` (weighted by copies left) out of ``pool``.

    >>> pool = [4] * 34
    >>> len(draw_tiles(random.Random(0), pool, range(34), 5)), sum(pool)
    (5, 131)
    """
    bag = [k for k in kinds for _ in range(pool[k])]
    taken = rng.sample(bag, n)
    for k in taken:
        pool[k] -= 1
    return taken


def _complete_hand(rng: random.Random, pool: list[int], kinds: Sequence[Tile]) -> list[Tile] | None:
    """Four sets and a pair drawn from ``pool`` (counts per kind), or None if it got stuck."""
    tiles: list[int] = []
    pair_choices = [k for k in kinds if pool[k] >= 2]
    if not pair_choices:
        return None
    pair = rng.choice(pair_choices)
    pool[pair] -= 2
    tiles += [pair, pair]
    suited = [k for k in kinds if k < 27 and k % 9 <= 6]
    for _ in range(4):
        for _attempt in range(20):
            if rng.random() < 0.3 or not suited:
                k = rng.choice(kinds)
                if pool[k] >= 3:
                    pool[k] -= 3
                    tiles += [k, k, k]
                    break
            else:
                k = rng.choice(suited)
                if pool[k] and pool[k + 1] and pool[k + 2]:
                    for t in (k, k + 1, k + 2):
                        pool[t] -= 1
                    tiles += [k, k + 1, k + 2]
                    break
        else:
            return None
    return tiles


def deal_hand(
    rng: random.Random, size: int, sampler: str, swaps: int
) -> tuple[list[Tile], list[int]]:
    """A hand of ``size`` tiles dealt by ``sampler`` (``swaps`` tiles of a complete hand
    replaced by wall tiles) and the pool (counts) of the tiles left in the wall.

    >>> tiles, pool = deal_hand(random.Random(3), 14, "one-suit", 0)
    >>> len({t // 9 for t in tiles}), len(tiles)
    (1, 14)
    """
    kinds: Sequence[int] = range(NUM_KINDS)
    if sampler == "one-suit":
        kinds = rng.choice(SUIT_KINDS)
    while True:
        pool = [0] * NUM_KINDS
        for k in kinds:
            pool[k] = 4
        if sampler == "random-deal":
            return draw_tiles(rng, pool, kinds, size), pool
        tiles = _complete_hand(rng, pool, kinds)
        if tiles is None:
            continue
        rng.shuffle(tiles)
        removed = 14 - size + swaps
        for k in tiles[:removed]:
            pool[k] += 1
        tiles = tiles[removed:]
        tiles += draw_tiles(rng, pool, kinds, swaps)
        # Tiles outside the suit stay available for the table (discards, dora indicator).
        if sampler == "one-suit":
            for k in range(NUM_KINDS):
                if k not in kinds:
                    pool[k] = 4
        return tiles, pool


def is_one_suit(counts: Sequence[int]) -> bool:
    """Whether every tile of the hand is of one suit (no honors).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> is_one_suit(to_counts(parse_tiles("1112345678999p"))), is_one_suit(to_counts(parse_tiles("19p1z")))
    (True, False)
    """
    suits = {t // 9 for t in range(NUM_KINDS) if counts[t] and t < 27}
    return len(suits) == 1 and not any(counts[27:])


_SUIT_PERMUTATIONS = tuple(permutations(range(3)))


def permute_suits(counts: Sequence[int], perm: Sequence[int]) -> tuple[int, ...]:
    """The counts with suit ``i`` renamed to suit ``perm[i]`` (honors stay).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> tiles_str(counts_to_tiles(permute_suits(to_counts(parse_tiles("12m3p1z")), (1, 0, 2))))
    '3m12p1z'
    """
    out = list(counts)
    for suit, target in enumerate(perm):
        out[9 * target : 9 * target + 9] = counts[9 * suit : 9 * suit + 9]
    return tuple(out)


def canonical_form(counts: Sequence[int], visible: Sequence[int] | None = None) -> tuple[str, str]:
    """The hand and the other visible tiles (``visible``: discards, dora indicator) with the
    suits renamed to the smallest notation among the six ways of permuting m, p and s.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> canonical_form(to_counts(parse_tiles("1112345678999s")))
    ('1112345678999m', '')
    """
    vis = tuple(visible) if visible is not None else (0,) * NUM_KINDS
    return min(
        (
            tiles_str(counts_to_tiles(permute_suits(counts, perm))),
            tiles_str(counts_to_tiles(permute_suits(vis, perm))),
        )
        for perm in _SUIT_PERMUTATIONS
    )
