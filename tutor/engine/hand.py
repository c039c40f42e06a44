"""Hands and called sets (melds), with a notation that round-trips.

Hand notation: the concealed tiles in mpsz, then each called set in brackets::

    123m22z [777p] [5555m] (1111z)

* ``[...]`` an open set called from another player: a chi (``[345m]``), a pon (``[777p]``) or an
  open kan (``[5555m]``);
* ``{...}`` an added kan (a pon upgraded with the fourth tile in one's own turn);
* ``(...)`` a closed kan (four concealed copies declared; it stays closed).

Inside a set, ``0`` is a red five (``[406m]``) and a ``*`` after a digit marks the tile that was
called (``[3*45m]``). A letter right after the closing bracket says whom it was called from:
``L`` the player on the left (kamicha), ``A`` the player across (toimen), ``R`` the player on the
right (shimocha): ``[3*45m]L``, ``[7*77p]A``. Both marks are optional; :func:`hand_str` writes
them when they are known, so ``parse_hand(hand_str(h)) == h``.

Relative seats are stored as ints counted in turn order from the owner: 1 = the next player
(right), 2 = across, 3 = the previous player (left). Chi is only ever called from 3.

A hand has 13 tiles between turns or 14 after a draw, each called set counting as 3 (a kan too: its
fourth tile is balanced by the replacement draw).

>>> h = parse_hand("123m22z [777p] [5555m] (1111z)")
>>> len(h.melds), h.tile_count
(3, 14)
>>> h = parse_hand("23406m456p122z [7*77p]A")
>>> hand_str(h)
'23406m456p122z [7*77p]A'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from .tiles import (
    FIVES,
    NUM_KINDS,
    Counts,
    ImpossibleHandError,
    Tile,
    TileParseError,
    check_counts,
    counts_to_tiles,
    parse_tiles_red,
    suit_of,
    tile_str,
    tiles_str,
    to_counts,
)

__all__ = [
    "MeldKind",
    "Meld",
    "Hand",
    "parse_meld",
    "meld_str",
    "parse_hand",
    "hand_str",
    "LEFT",
    "ACROSS",
    "RIGHT",
]

RIGHT = 1
"""Relative seat of the next player in turn order (shimocha)."""
ACROSS = 2
"""Relative seat of the player across (toimen)."""
LEFT = 3
"""Relative seat of the previous player in turn order (kamicha); chi comes only from here."""

_SEAT_LETTER = {LEFT: "L", ACROSS: "A", RIGHT: "R"}
_LETTER_SEAT = {v: k for k, v in _SEAT_LETTER.items()}


class MeldKind(StrEnum):
    """The five kinds of declared sets.

    >>> [k.value for k in MeldKind]
    ['chi', 'pon', 'open_kan', 'closed_kan', 'added_kan']
    """

    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    CLOSED_KAN = "closed_kan"
    ADDED_KAN = "added_kan"


_BRACKETS = {
    MeldKind.CHI: "[]",
    MeldKind.PON: "[]",
    MeldKind.OPEN_KAN: "[]",
    MeldKind.ADDED_KAN: "{}",
    MeldKind.CLOSED_KAN: "()",
}


@dataclass(frozen=True)
class Meld:
    """A declared set.

    ``tiles`` are the kinds, sorted; ``red`` has one flag per tile (red fives sort first among
    fives). ``called`` is the kind taken from another player and ``source`` the relative seat
    it came from (1 right, 2 across, 3 left), each ``None`` when unknown or for a closed kan.

    >>> m = Meld(MeldKind.CHI, (0, 1, 2), called=0, source=LEFT)
    >>> m.is_open, m.is_kan, m.base
    (True, False, 0)
    >>> Meld(MeldKind.CHI, (0, 1, 3))
    Traceback (most recent call last):
    ...
    tutor.engine.hand.InvalidMeldError: 124m is not a chi: a chi is three consecutive numbers of one suit
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    source: int | None = None
    red: tuple[bool, ...] = field(default=())

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles))
        red = self.red if self.red else (False,) * len(tiles)
        if len(red) != len(tiles):
            raise InvalidMeldError("a meld needs one red flag per tile")
        # keep red flags aligned with the sorted tiles: red fives first among their kind
        pairs = sorted(zip(self.tiles, red, strict=True), key=lambda p: (p[0], not p[1]))
        object.__setattr__(self, "tiles", tuple(t for t, _ in pairs))
        object.__setattr__(self, "red", tuple(r for _, r in pairs))
        tiles = self.tiles
        name = tiles_str(tiles)
        for t, r in pairs:
            if r and t not in FIVES:
                raise InvalidMeldError(f"{tile_str(t)} cannot be red: only fives are red")
        if self.kind is MeldKind.CHI:
            if (
                len(tiles) != 3
                or tiles[0] >= 27
                or suit_of(tiles[0]) != suit_of(tiles[2])
                or tiles[1] != tiles[0] + 1
                or tiles[2] != tiles[0] + 2
            ):
                raise InvalidMeldError(
                    f"{name} is not a chi: a chi is three consecutive numbers of one suit"
                )
        else:
            want = 3 if self.kind is MeldKind.PON else 4
            if len(tiles) != want or len(set(tiles)) != 1:
                what = "three" if want == 3 else "four"
                raise InvalidMeldError(
                    f"{name} is not a {self.kind.replace('_', ' ')}: it needs {what} of one tile"
                )
        if self.called is not None and self.called not in tiles:
            raise InvalidMeldError(f"the called tile {tile_str(self.called)} is not in {name}")
        if self.kind is MeldKind.CLOSED_KAN and (self.called is not None or self.source):
            raise InvalidMeldError("a closed kan is not called from anyone")
        if self.source is not None and self.source not in (1, 2, 3):
            raise InvalidMeldError("source must be 1 (right), 2 (across) or 3 (left)")
        if self.kind is MeldKind.CHI and self.source not in (None, LEFT):
            raise InvalidMeldError("chi is only called from the player on the left")

    @property
    def is_open(self) -> bool:
        """Whether the set opens the hand (everything except a closed kan).

        >>> parse_meld("[777p]").is_open, parse_meld("(7777p)").is_open
        (True, False)
        """
        return self.kind is not MeldKind.CLOSED_KAN

    @property
    def is_kan(self) -> bool:
        """Whether the set is a kan of any kind.

        >>> parse_meld("{2222s}").is_kan, parse_meld("[222s]").is_kan
        (True, False)
        """
        return len(self.tiles) == 4

    @property
    def base(self) -> Tile:
        """The lowest kind of the set (the kind itself for pon and kan).

        >>> parse_meld("[465m]").base
        3
        """
        return self.tiles[0]

    @property
    def red_count(self) -> int:
        """How many red fives the set holds.

        >>> parse_meld("[0555p]").red_count
        1
        """
        return sum(self.red)


class InvalidMeldError(ValueError):
    """A set that is not a chi, pon or kan, or whose marks contradict it.

    >>> parse_meld("[135m]")
    Traceback (most recent call last):
    ...
    tutor.engine.hand.InvalidMeldError: 135m is not a chi: a chi is three consecutive numbers of one suit
    """


__all__.append("InvalidMeldError")

_MELD_RE = re.compile(r"([\[\(\{])([^\]\)\}]*)([\]\)\}])([LAR]?)")


def _parse_meld_at(text: str, offset: int) -> tuple[Meld, int]:
    m = _MELD_RE.match(text, offset)
    if m is None:
        raise TileParseError("a called set must be closed with its bracket", offset, text)
    opening, body, closing, seat = m.groups()
    pairs = {"[": "]", "(": ")", "{": "}"}
    if pairs[opening] != closing:
        raise TileParseError(
            f'"{opening}" is closed by "{closing}": use [..], (..) or {{..}}', offset, text
        )
    called_idx: int | None = None
    plain = ""
    for i, ch in enumerate(body):
        if ch == "*":
            if called_idx is not None or not plain or not plain[-1].isdigit():
                raise TileParseError(
                    '"*" marks one called tile and comes right after its digit',
                    offset + 1 + i,
                    text,
                )
            called_idx = sum(c.isdigit() for c in plain) - 1
            continue
        plain += ch
    try:
        tiles, red = parse_tiles_red(plain, max_red=(1, 2, 1))
    except TileParseError as e:
        raise TileParseError(e.reason, offset + 1 + e.position, text) from None
    if len(tiles) and len({suit_of(t) for t in tiles}) != 1:
        raise TileParseError(f'"{plain}" mixes suits: a set is one suit', offset, text)
    called = tiles[called_idx] if called_idx is not None else None
    source = _LETTER_SEAT[seat] if seat else None
    if opening == "(":
        kind = MeldKind.CLOSED_KAN
    elif opening == "{":
        kind = MeldKind.ADDED_KAN
    elif len(tiles) == 4:
        kind = MeldKind.OPEN_KAN
    elif len(tiles) == 3 and len(set(tiles)) == 1:
        kind = MeldKind.PON
    else:
        kind = MeldKind.CHI
    return Meld(kind, tuple(tiles), called=called, source=source, red=tuple(red)), m.end()


def parse_meld(text: str) -> Meld:
    """Parse one set in hand notation: ``[345m]``, ``[7*77p]A``, ``{2222s}``, ``(1111z)``.

    >>> parse_meld("[3*40m]L")
    Meld(kind=<MeldKind.CHI: 'chi'>, tiles=(2, 3, 4), called=2, source=3, red=(False, False, True))
    """
    text = text.strip()
    meld, end = _parse_meld_at(text, 0)
    if end != len(text):
        raise TileParseError(f'unexpected "{text[end:]}" after the set', end, text)
    return meld


def meld_str(meld: Meld) -> str:
    """The notation of a set (see the module docstring).

    >>> meld_str(Meld(MeldKind.PON, (24, 24, 24), called=24, source=2))
    '[7*77s]A'
    """
    left, right = _BRACKETS[meld.kind][0], _BRACKETS[meld.kind][1]
    body = ""
    marked = False
    for t, r in zip(meld.tiles, meld.red, strict=True):
        body += "0" if r else str(t % 9 + 1 if t < 27 else t - 26)
        if not marked and meld.called is not None and t == meld.called:
            # only the kind of the called tile is kept, so the first copy carries the mark
            body += "*"
            marked = True
    body += suit_of(meld.tiles[0])
    seat = _SEAT_LETTER[meld.source] if meld.source is not None else ""
    return f"{left}{body}{right}{seat}"


@dataclass(frozen=True)
class Hand:
    """A player's tiles: concealed counts, declared sets, and red fives among the concealed tiles.

    ``red`` counts the concealed red fives per suit (m, p, s). Build hands with
    :func:`parse_hand` or :meth:`from_counts`; both validate.

    >>> h = parse_hand("123406m789p11222z")
    >>> h.red, h.tile_count, h.is_closed
    ((1, 0, 0), 14, True)
    """

    concealed: Counts
    melds: tuple[Meld, ...] = ()
    red: tuple[int, int, int] = (0, 0, 0)

    @classmethod
    def from_counts(
        cls,
        concealed: Counts | list[int],
        melds: tuple[Meld, ...] = (),
        red: tuple[int, int, int] = (0, 0, 0),
        *,
        sizes: tuple[int, ...] = (13, 14),
    ) -> Hand:
        """Build and validate a hand. ``sizes`` are the allowed tile counts (sets count 3).

        >>> Hand.from_counts([1] * 13 + [0] * 21).tile_count
        13
        >>> Hand.from_counts([1] * 34)
        Traceback (most recent call last):
        ...
        tutor.engine.tiles.ImpossibleHandError: a hand has 13 or 14 tiles (a called set counts as 3), this has 34
        """
        hand = cls(check_counts(concealed), tuple(melds), red)
        hand.validate(sizes=sizes)
        return hand

    @property
    def tile_count(self) -> int:
        """Concealed tiles plus 3 per called set (the size shanten is computed on).

        >>> parse_hand("1m [111p] [222p] [333p] (4444p)").tile_count
        13
        """
        return sum(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """Whether no set is open (closed kans keep a hand closed).

        >>> parse_hand("123m456p789s2z (1111z)").is_closed
        True
        """
        return not any(m.is_open for m in self.melds)

    @property
    def red_count(self) -> int:
        """All red fives: concealed and in sets.

        >>> parse_hand("406m123p456s11z [0*55s]A").red_count
        2
        """
        return sum(self.red) + sum(m.red_count for m in self.melds)

    def all_counts(self) -> Counts:
        """Counts of every tile the player holds, including all four of each kan.

        >>> parse_hand("11m [2222m] 123p456p789p").all_counts()[:3]
        (2, 4, 0)
        """
        return tuple(a + b for a, b in zip(self.concealed, self.called_counts(), strict=True))

    def called_counts(self) -> Counts:
        """Counts of the tiles in the called sets only: copies the hand can no longer draw.

        Pass them as ``held`` to the shanten and analysis functions.

        >>> parse_hand("1m234p567s789s [111m]").called_counts()[:2]
        (3, 0)
        """
        c = [0] * len(self.concealed)
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return tuple(c)

    def concealed_tiles(self) -> list[Tile]:
        """The concealed tiles as a sorted list of kinds.

        >>> parse_hand("21m [111p] [222p] [333p] [444p]", sizes=(14,)).concealed_tiles()
        [0, 1]
        """
        return counts_to_tiles(self.concealed)

    def validate(self, sizes: tuple[int, ...] = (13, 14)) -> None:
        """Raise :class:`ImpossibleHandError` unless the hand could exist.

        Checks the size, no fifth copy anywhere, and at most one red five per suit (two red 5p
        are allowed, the four-red rule).

        >>> parse_hand("1111m [1111m]", sizes=(7,))
        Traceback (most recent call last):
        ...
        tutor.engine.tiles.ImpossibleHandError: there are only four 1m, this has 8
        """
        if len(self.concealed) != NUM_KINDS:
            raise ImpossibleHandError("concealed counts must have 34 entries")
        n = self.tile_count
        if n not in sizes:
            want = " or ".join(str(s) for s in sizes)
            raise ImpossibleHandError(
                f"a hand has {want} tiles (a called set counts as 3), this has {n}"
            )
        if len(self.melds) > 4:
            raise ImpossibleHandError(
                f"a hand has at most 4 called sets, this has {len(self.melds)}"
            )
        check_counts(self.all_counts())
        for i, five in enumerate(FIVES):
            reds = self.red[i] + sum(
                r for m in self.melds for t, r in zip(m.tiles, m.red, strict=True) if t == five
            )
            limit = 2 if i == 1 else 1
            if reds > limit:
                raise ImpossibleHandError(
                    f"there {'is' if limit == 1 else 'are'} only {limit} red {tile_str(five)}, "
                    f"this has {reds}"
                )
            if self.red[i] > self.concealed[five]:
                raise ImpossibleHandError(
                    f"{self.red[i]} red {tile_str(five)} but only {self.concealed[five]} concealed"
                )


def parse_hand(text: str, *, sizes: tuple[int, ...] = (13, 14)) -> Hand:
    """Parse hand notation (see the module docstring) and validate it.

    ``sizes`` lists the allowed tile counts, sets counting as 3; pass e.g. ``range(0, 15)`` for
    partial hands in lessons.

    >>> h = parse_hand("234m [3*45m]L (1111z) 99p 567s", sizes=(14,))
    >>> [m.kind.value for m in h.melds]
    ['chi', 'closed_kan']
    >>> parse_hand("123m [12m]")
    Traceback (most recent call last):
    ...
    tutor.engine.hand.InvalidMeldError: 12m is not a chi: a chi is three consecutive numbers of one suit
    """
    concealed_text: list[str] = []
    positions: list[int] = []
    melds: list[Meld] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "[({":
            meld, i = _parse_meld_at(text, i)
            melds.append(meld)
            continue
        if ch in "])}":
            raise TileParseError(f'"{ch}" closes a set that was never opened', i, text)
        concealed_text.append(ch)
        positions.append(i)
        i += 1
    plain = "".join(concealed_text)
    try:
        tiles, red = parse_tiles_red(plain, max_red=(1, 2, 1))
    except TileParseError as e:
        raise TileParseError(e.reason, positions[e.position], text) from None
    reds = (
        sum(1 for t, r in zip(tiles, red, strict=True) if r and t == FIVES[0]),
        sum(1 for t, r in zip(tiles, red, strict=True) if r and t == FIVES[1]),
        sum(1 for t, r in zip(tiles, red, strict=True) if r and t == FIVES[2]),
    )
    return Hand.from_counts(to_counts(tiles), tuple(melds), reds, sizes=tuple(sizes))


def hand_str(hand: Hand) -> str:
    """Canonical notation of a hand: sorted concealed tiles, then the sets in their order.

    >>> hand_str(parse_hand("11z 406m 789p 123s (2222z)", sizes=(14,)))
    '406m789p123s11z (2222z)'
    """
    tiles = counts_to_tiles(hand.concealed)
    red: list[bool] = []
    left = list(hand.red)
    for t in tiles:
        if t in FIVES and left[FIVES.index(t)] > 0:
            left[FIVES.index(t)] -= 1
            red.append(True)
        else:
            red.append(False)
    parts = [tiles_str(tiles, red)] if tiles else []
    parts += [meld_str(m) for m in hand.melds]
    return " ".join(parts)
