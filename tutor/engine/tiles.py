"""Tiles, tile counts and the mpsz notation.

A tile *kind* is an ``int`` from 0 to 33:

======  ==========================================
0–8     1–9 of characters (``1m``–``9m``)
9–17    1–9 of circles (``1p``–``9p``)
18–26   1–9 of bamboos (``1s``–``9s``)
27–30   East, South, West, North (``1z``–``4z``)
31–33   White, Green, Red dragons (``5z``–``7z``)
======  ==========================================

A hand is usually handled as :data:`Counts`, a tuple of 34 counts (how many copies of each kind).

Notation (mpsz): digits followed by their suit letter, ``123m456p789s1122z``. ``0m``, ``0p`` and
``0s`` are the red fives; they are the five's kind, and :func:`parse_tiles_red` tells which copies
were red. Spaces between groups are allowed.

The 136 physical tiles are numbered 0..135 with ``kind = t // 4``. The red fives are copy 0 of
each five: 16 (``0m``), 52 (``0p``) and 88 (``0s``), the convention of the PyPI ``mahjong``
library. Under the four-red rule the second red ``0p`` is 53.

>>> tiles_str(parse_tiles("1112345678999m"))
'1112345678999m'
>>> parse_tiles("0p")
[13]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = [
    "Tile",
    "Tile136",
    "Counts",
    "NUM_KINDS",
    "EAST",
    "SOUTH",
    "WEST",
    "NORTH",
    "WHITE",
    "GREEN",
    "RED",
    "WINDS",
    "DRAGONS",
    "HONORS",
    "TERMINALS",
    "TERMINALS_AND_HONORS",
    "FIVES",
    "SUITS",
    "RED_FIVES_136",
    "TileParseError",
    "ImpossibleHandError",
    "parse_tile",
    "parse_tiles",
    "parse_tiles_red",
    "tile_str",
    "HONOR_NAMES",
    "tile_name",
    "tiles_str",
    "to_counts",
    "counts_to_tiles",
    "check_counts",
    "suit_of",
    "number_of",
    "is_honor",
    "is_terminal",
    "is_terminal_or_honor",
    "is_simple",
    "kind_of_136",
    "is_red_136",
    "to_136",
    "from_136",
]

Tile = int
"""A tile kind, 0..33."""

Tile136 = int
"""A physical tile, 0..135; its kind is ``t // 4``."""

Counts = tuple[int, ...]
"""34 counts, one per tile kind."""

NUM_KINDS = 34

EAST: Tile = 27
SOUTH: Tile = 28
WEST: Tile = 29
NORTH: Tile = 30
WHITE: Tile = 31
GREEN: Tile = 32
RED: Tile = 33

WINDS: tuple[Tile, ...] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: tuple[Tile, ...] = (WHITE, GREEN, RED)
HONORS: tuple[Tile, ...] = WINDS + DRAGONS
TERMINALS: tuple[Tile, ...] = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS: tuple[Tile, ...] = TERMINALS + HONORS
FIVES: tuple[Tile, ...] = (4, 13, 22)
"""The kinds 5m, 5p, 5s (the kinds red fives belong to)."""

SUITS = "mpsz"

RED_FIVES_136: tuple[Tile136, ...] = (16, 52, 88)
"""The physical red fives under the usual three-red rule: ``0m``, ``0p``, ``0s``."""

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboos", "z": "honors"}

M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(0, 9)
P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(9, 18)
S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(18, 27)
__all__ += [f"{s}{n}" for s in "MPS" for n in range(1, 10)]


class TileParseError(ValueError):
    """Bad tile notation. ``position`` is the index in the text where the bad part starts.

    >>> try:
    ...     parse_tiles("123m8z")
    ... except TileParseError as e:
    ...     print(e.position, e)
    4 "8z" is not a tile: honors are 1z–7z (at position 4)
    """

    def __init__(self, message: str, position: int, text: str = "") -> None:
        super().__init__(f"{message} (at position {position})")
        self.reason = message
        self.position = position
        self.text = text


class ImpossibleHandError(ValueError):
    """Tiles that cannot exist together: a fifth copy, too many tiles, too many red fives.

    >>> to_counts(parse_tiles("55555m"))
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: there are only four 5m, this has 5
    """


def suit_of(tile: Tile) -> str:
    """The suit letter of a kind: ``m``, ``p``, ``s`` or ``z``.

    >>> suit_of(0), suit_of(RED)
    ('m', 'z')
    """
    _check_kind(tile)
    return SUITS[tile // 9] if tile < 27 else "z"


def number_of(tile: Tile) -> int:
    """The number of a kind within its suit (1–9, or 1–7 for honors).

    >>> number_of(13), number_of(WEST)
    (5, 3)
    """
    _check_kind(tile)
    return tile % 9 + 1 if tile < 27 else tile - 26


def is_honor(tile: Tile) -> bool:
    """Whether the kind is a wind or a dragon.

    >>> is_honor(EAST), is_honor(8)
    (True, False)
    """
    return tile >= 27


def is_terminal(tile: Tile) -> bool:
    """Whether the kind is a 1 or a 9 of a suit.

    >>> is_terminal(8), is_terminal(EAST)
    (True, False)
    """
    return tile < 27 and tile % 9 in (0, 8)


def is_terminal_or_honor(tile: Tile) -> bool:
    """Whether the kind is a terminal or an honor (a *yaochuu* tile).

    >>> is_terminal_or_honor(9), is_terminal_or_honor(10)
    (True, False)
    """
    return tile >= 27 or tile % 9 in (0, 8)


def is_simple(tile: Tile) -> bool:
    """Whether the kind is a 2–8 of a suit.

    >>> is_simple(1), is_simple(0)
    (True, False)
    """
    return not is_terminal_or_honor(tile)


def _check_kind(tile: int) -> None:
    if not isinstance(tile, int) or not 0 <= tile < NUM_KINDS:
        raise ValueError(f"{tile!r} is not a tile kind: kinds are 0–33")


def tile_str(tile: Tile, red: bool = False) -> str:
    """The notation of one kind; ``red=True`` writes a five as ``0``.

    >>> tile_str(4), tile_str(4, red=True), tile_str(EAST)
    ('5m', '0m', '1z')
    """
    _check_kind(tile)
    if red:
        if tile not in FIVES:
            raise ValueError(f"{tile_str(tile)} cannot be red: only fives are red")
        return f"0{suit_of(tile)}"
    return f"{number_of(tile)}{suit_of(tile)}"


HONOR_NAMES: tuple[str, ...] = (
    "East",
    "South",
    "West",
    "North",
    "White dragon",
    "Green dragon",
    "Red dragon",
)
"""The English names of the honors, East (27) to Red dragon (33): the one table of them."""


def tile_name(tile: Tile) -> str:
    """A tile kind as a learner reads it in English: ``9p``, ``East``, ``Red dragon``.

    Suited tiles keep their notation; the honors get their names. The engine's English reasons
    use it; the web layer renders tiles from the codes and params instead.

    >>> tile_name(17), tile_name(27), tile_name(33)
    ('9p', 'East', 'Red dragon')
    """
    _check_kind(tile)
    if tile >= EAST:
        return HONOR_NAMES[tile - EAST]
    return tile_str(tile)


def _parse(text: str) -> tuple[list[Tile], list[bool]]:
    tiles: list[Tile] = []
    red: list[bool] = []
    pending: list[tuple[int, str]] = []  # (position, digit) waiting for a suit letter
    for pos, ch in enumerate(text):
        if ch.isspace():
            continue
        if ch in "0123456789":
            pending.append((pos, ch))
            continue
        low = ch.lower()
        if low in _SUIT_BASE:
            if not pending:
                raise TileParseError(f'"{ch}" has no numbers before it', pos, text)
            for dpos, digit in pending:
                n = int(digit)
                if low == "z" and not 1 <= n <= 7:
                    raise TileParseError(f'"{digit}z" is not a tile: honors are 1z–7z', dpos, text)
                if n == 0:
                    tiles.append(_SUIT_BASE[low] + 4)
                    red.append(True)
                else:
                    tiles.append(_SUIT_BASE[low] + n - 1)
                    red.append(False)
            pending = []
            continue
        raise TileParseError(
            f'"{ch}" is not part of tile notation: use digits and the suits m, p, s, z',
            pos,
            text,
        )
    if pending:
        digits = "".join(d for _, d in pending)
        raise TileParseError(
            f'"{digits}" has no suit letter after it (m, p, s or z)', pending[0][0], text
        )
    return tiles, red


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz notation into kinds, in the order written. ``0`` is a (red) five.

    Counts are not checked here (see :func:`to_counts`).

    >>> parse_tiles("19m 0p 77z")
    [0, 8, 13, 33, 33]
    >>> parse_tiles("123")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.TileParseError: "123" has no suit letter after it (m, p, s or z) (at position 0)
    """
    return _parse(text)[0]


def parse_tiles_red(
    text: str, max_red: tuple[int, int, int] = (1, 1, 1)
) -> tuple[list[Tile], list[bool]]:
    """Parse notation keeping which fives were written as red (``0``).

    ``max_red`` is how many red fives each suit (m, p, s) has; the four-red rule is ``(1, 2, 1)``.

    >>> parse_tiles_red("405m")
    ([3, 4, 4], [False, True, False])
    >>> parse_tiles_red("00p")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: there is only 1 red 5p, this has 2
    """
    tiles, red = _parse(text)
    for i, five in enumerate(FIVES):
        n = sum(1 for t, r in zip(tiles, red, strict=True) if r and t == five)
        if n > max_red[i]:
            word = "is only" if max_red[i] == 1 else "are only"
            raise ImpossibleHandError(
                f"there {word} {max_red[i]} red {tile_str(five)}, this has {n}"
            )
    return tiles, red


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile.

    >>> parse_tile("7z") == RED
    True
    >>> parse_tile("12m")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.TileParseError: "12m" is 2 tiles, expected one (at position 0)
    """
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileParseError(f'"{text}" is {len(tiles)} tiles, expected one', 0, text)
    return tiles[0]


def tiles_str(tiles: Iterable[Tile], red: Iterable[bool] | None = None) -> str:
    """Canonical notation: sorted, grouped by suit in the order m, p, s, z.

    ``red`` (one flag per tile) writes the marked fives as ``0`` (sorted as fives).

    >>> tiles_str([33, 0, 13, 1, 2])
    '123m5p7z'
    >>> tiles_str([4, 4, 3], red=[True, False, False])
    '405m'
    """
    tl = list(tiles)
    rl = [False] * len(tl) if red is None else list(red)
    if len(rl) != len(tl):
        raise ValueError("red must have one flag per tile")
    # A red five sorts just before the plain fives of its suit.
    items = sorted(zip(tl, [not r for r in rl], strict=True))
    out: list[str] = []
    for s in SUITS:
        group = [("0" if not plain else str(number_of(t))) for t, plain in items if suit_of(t) == s]
        if group:
            out.append("".join(group) + s)
    return "".join(out)


def check_counts(counts: Sequence[int]) -> Counts:
    """Validate 34 counts (each 0–4) and return them as a tuple.

    >>> sum(check_counts([1] * 34))
    34
    >>> check_counts([0] * 33)
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: counts must have 34 entries, got 33
    """
    c = tuple(int(x) for x in counts)
    if len(c) != NUM_KINDS:
        raise ImpossibleHandError(f"counts must have 34 entries, got {len(c)}")
    for t, n in enumerate(c):
        if n < 0:
            raise ImpossibleHandError(f"count of {tile_str(t)} is negative")
        if n > 4:
            raise ImpossibleHandError(f"there are only four {tile_str(t)}, this has {n}")
    return c


def to_counts(tiles: Iterable[Tile]) -> Counts:
    """Count kinds into a 34-tuple; a fifth copy raises :class:`ImpossibleHandError`.

    >>> to_counts(parse_tiles("112m"))[:3]
    (2, 1, 0)
    """
    c = [0] * NUM_KINDS
    for t in tiles:
        _check_kind(t)
        c[t] += 1
    return check_counts(c)


def counts_to_tiles(counts: Sequence[int]) -> list[Tile]:
    """Expand counts into a sorted list of kinds.

    >>> counts_to_tiles(to_counts([5, 1, 1]))
    [1, 1, 5]
    """
    return [t for t, n in enumerate(counts) for _ in range(n)]


# --- physical tiles -------------------------------------------------------------------------


def kind_of_136(tile: Tile136) -> Tile:
    """The kind of a physical tile.

    >>> kind_of_136(16), kind_of_136(135)
    (4, 33)
    """
    if not 0 <= tile < 136:
        raise ValueError(f"{tile!r} is not a physical tile: they are 0–135")
    return tile // 4


def is_red_136(tile: Tile136, red_count: int = 3) -> bool:
    """Whether a physical tile is a red five under a rule with 0, 3 or 4 red fives.

    >>> is_red_136(52), is_red_136(53), is_red_136(53, red_count=4), is_red_136(16, red_count=0)
    (True, False, True, False)
    """
    if red_count == 0:
        return False
    if red_count == 3:
        return tile in RED_FIVES_136
    if red_count == 4:
        return tile in RED_FIVES_136 or tile == 53
    raise ValueError(f"red_count must be 0, 3 or 4, not {red_count}")


def to_136(tiles: Sequence[Tile], red: Sequence[bool] | None = None) -> list[Tile136]:
    """Assign distinct physical tiles to kinds; red fives take copy 0 (16, 52, 88).

    Plain fives take the other copies first, so up to three plain fives and one red fit.

    >>> to_136([4, 4, 0], red=[False, True, False])
    [17, 16, 0]
    """
    rl = [False] * len(tiles) if red is None else list(red)
    used: set[int] = set()
    out: list[Tile136] = []
    for t, r in zip(tiles, rl, strict=True):
        _check_kind(t)
        if r and t not in FIVES:
            raise ValueError(f"{tile_str(t)} cannot be red: only fives are red")
        if r:
            order = [0, 1] if t == 13 else [0]  # 53 is the second red 5p (four-red rule)
        elif t in FIVES:
            order = [1, 2, 3, 0]
        else:
            order = [0, 1, 2, 3]
        for copy in order:
            p = t * 4 + copy
            if p not in used:
                break
        else:
            raise ImpossibleHandError(f"there are only four {tile_str(t)}")
        used.add(p)
        out.append(p)
    return out


def from_136(tiles: Iterable[Tile136], red_count: int = 3) -> tuple[list[Tile], list[bool]]:
    """Kinds and red flags of physical tiles.

    >>> from_136([16, 17, 135])
    ([4, 4, 33], [True, False, False])
    """
    tl = list(tiles)
    if len(set(tl)) != len(tl):
        raise ImpossibleHandError("the same physical tile appears twice")
    return [kind_of_136(t) for t in tl], [is_red_136(t, red_count) for t in tl]
