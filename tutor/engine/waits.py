"""Waits of a tenpai hand and the shape of each.

A tenpai hand (13 tiles, 3 fewer per called set) *waits* on every kind that would complete it. A
kind the hand already holds four of cannot be drawn, so it is never a wait.

Basic shapes, named by the group the winning tile completes:

* **two-sided** (ryanmen) — ``23m`` waiting on 1m or 4m;
* **closed** (kanchan) — ``24m`` waiting on 3m;
* **edge** (penchan) — ``12m`` waiting on 3m, ``89m`` on 7m;
* **dual pon** (shanpon) — two pairs, either becomes a triplet;
* **single** (tanki) — a lone tile waiting for its pair (also every seven pairs and thirteen
  orphans wait).

The whole wait gets one name (:func:`wait_pattern`): the basic shape when it is the only
reading; **nobetan** for two singles three apart (``1234m`` waiting on 1m and 4m);
**multi-sided** for three or more kinds, or two kinds read in different shapes.

>>> from tutor.engine.tiles import parse_tiles, to_counts, tiles_str
>>> c = to_counts(parse_tiles("123456789m1234p"))
>>> tiles_str(waits(c)), wait_pattern(c).value
('14p', 'nobetan')
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .hand import Meld
from .shapes import GroupKind, HandForm, decompositions
from .tiles import NUM_KINDS, ImpossibleHandError, Tile, check_counts

__all__ = ["WaitShape", "waits", "wait_shapes", "wait_pattern"]


class WaitShape(StrEnum):
    """Names of wait shapes.

    >>> WaitShape("two_sided") is WaitShape.TWO_SIDED
    True
    """

    TWO_SIDED = "two_sided"
    CLOSED = "closed"
    EDGE = "edge"
    DUAL_PON = "dual_pon"
    SINGLE = "single"
    NOBETAN = "nobetan"
    MULTI_SIDED = "multi_sided"


# How one wait kind read several ways is named: the order a teacher would point it out.
_ONE_KIND_ORDER = (
    WaitShape.CLOSED,
    WaitShape.EDGE,
    WaitShape.SINGLE,
    WaitShape.DUAL_PON,
    WaitShape.TWO_SIDED,
)


def _n_melds(melds: Sequence[Meld] | int) -> int:
    return melds if isinstance(melds, int) else len(melds)


def _check_tenpai_size(counts: Sequence[int], melds: int) -> tuple[int, ...]:
    c = check_counts(counts)
    want = 13 - 3 * melds
    if sum(c) != want:
        raise ImpossibleHandError(
            f"a hand waiting with {melds} called sets has {want} concealed tiles, this has {sum(c)}"
        )
    return c


def waits(counts: Sequence[int], melds: Sequence[Meld] | int = 0) -> list[Tile]:
    """The kinds that complete the hand, sorted; empty when it is not tenpai.

    >>> from tutor.engine.tiles import parse_tiles, to_counts, tiles_str
    >>> tiles_str(waits(to_counts(parse_tiles("1112345678999m"))))
    '123456789m'
    >>> waits(to_counts(parse_tiles("1111m234567p111s")))  # only a fifth 1m would do
    []

    Called sets given as :class:`Meld` values count too: beside a called ``[111m]`` the hand
    holds all four 1m, so its lone 1m waits on nothing.

    >>> from tutor.engine.hand import parse_hand
    >>> hand = parse_hand("1m234p567s789s [111m]")
    >>> waits(hand.concealed, hand.melds)
    []
    """
    n = _n_melds(melds)
    c = list(_check_tenpai_size(counts, n))
    outside = _held_counts(melds, None)
    out: list[Tile] = []
    for t in range(NUM_KINDS):
        if c[t] + outside[t] >= 4:
            continue
        c[t] += 1
        if decompositions(c, n):
            out.append(t)
        c[t] -= 1
    return out


def _held_counts(melds: Sequence[Meld] | int, held: Sequence[int] | None) -> list[int]:
    out = [0] * NUM_KINDS if held is None else [int(x) for x in held]
    if not isinstance(melds, int):
        for meld in melds:
            for tile in meld.tiles:
                out[tile] += 1
    return out


def wait_shapes(
    counts: Sequence[int],
    melds: Sequence[Meld] | int = 0,
    *,
    held: Sequence[int] | None = None,
) -> dict[Tile, set[WaitShape]]:
    """For each wait, the basic shapes it can be read as.

    A kind held four times, counting the called sets (given as :class:`Meld` values, or their
    tiles as 34 counts in ``held``), is no wait.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shapes = wait_shapes(to_counts(parse_tiles("1113m456p789s222z")))
    >>> sorted((t, sorted(x.value for x in s)) for t, s in shapes.items())
    [(1, ['closed']), (2, ['single'])]
    """
    n = _n_melds(melds)
    c = list(_check_tenpai_size(counts, n))
    outside = _held_counts(melds, held)
    out: dict[Tile, set[WaitShape]] = {}
    for t in range(NUM_KINDS):
        if c[t] + outside[t] >= 4:
            continue
        c[t] += 1
        found: set[WaitShape] = set()
        for d in decompositions(c, n):
            if d.form is not HandForm.STANDARD:
                found.add(WaitShape.SINGLE)
                continue
            for g in d.groups:
                if t not in g.tiles:
                    continue
                if g.kind is GroupKind.PAIR:
                    found.add(WaitShape.SINGLE)
                elif g.kind is GroupKind.TRIPLET:
                    found.add(WaitShape.DUAL_PON)
                elif t == g.tiles[1]:
                    found.add(WaitShape.CLOSED)
                elif (t == g.tiles[0] and g.tiles[0] % 9 == 6) or (
                    t == g.tiles[2] and g.tiles[0] % 9 == 0
                ):
                    found.add(WaitShape.EDGE)
                else:
                    found.add(WaitShape.TWO_SIDED)
        c[t] -= 1
        if found:
            out[t] = found
    return out


def wait_pattern(
    counts: Sequence[int],
    melds: Sequence[Meld] | int = 0,
    *,
    held: Sequence[int] | None = None,
) -> WaitShape | None:
    """One name for the whole wait, or None when the hand is not tenpai (``held`` as for
    :func:`wait_shapes`).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> wait_pattern(to_counts(parse_tiles("23m456p789s11122z"))).value
    'two_sided'
    >>> wait_pattern(to_counts(parse_tiles("11m456p789s11122z"))).value
    'dual_pon'
    >>> wait_pattern(to_counts(parse_tiles("12m456p789s11122z"))).value
    'edge'
    >>> wait_pattern(to_counts(parse_tiles("19m19p19s1234567z"))).value
    'multi_sided'
    """
    shapes = wait_shapes(counts, melds, held=held)
    if not shapes:
        return None
    if len(shapes) == 1:
        (only,) = shapes.values()
        for name in _ONE_KIND_ORDER:
            if name in only:
                return name
    if len(shapes) == 2:
        (t1, s1), (t2, s2) = sorted(shapes.items())
        three_apart = t2 - t1 == 3 and t1 < 27 and t1 // 9 == t2 // 9
        if three_apart and s1 == s2 == {WaitShape.TWO_SIDED}:
            return WaitShape.TWO_SIDED
        if s1 == s2 == {WaitShape.DUAL_PON}:
            return WaitShape.DUAL_PON
        if three_apart and s1 == s2 == {WaitShape.SINGLE}:
            return WaitShape.NOBETAN
    return WaitShape.MULTI_SIDED
