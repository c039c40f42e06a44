"""How complete hands split into sets and a pair.

A complete hand is one of:

* **standard** — four sets (sequences or triplets; called sets count) and a pair;
* **seven pairs** — seven different pairs, no called sets;
* **thirteen orphans** — each terminal and honor once plus one more of any of them, no called
  sets.

:func:`decompositions` lists every way a hand splits; a hand can be both seven pairs and
standard (``223344m556677p11z`` style hands with two identical sequences twice).

>>> from tutor.engine.tiles import parse_tiles, to_counts
>>> [str(d) for d in decompositions(to_counts(parse_tiles("111222333m789p11z")))]
['111m 222m 333m 789p 11z', '123m 123m 123m 789p 11z']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .hand import Meld, meld_str
from .tiles import (
    NUM_KINDS,
    TERMINALS_AND_HONORS,
    ImpossibleHandError,
    Tile,
    check_counts,
    tiles_str,
)

__all__ = [
    "GroupKind",
    "Group",
    "HandForm",
    "Decomposition",
    "decompositions",
    "is_complete",
]


class GroupKind(StrEnum):
    """A group of concealed tiles in a split.

    >>> [k.value for k in GroupKind]
    ['sequence', 'triplet', 'pair', 'single']
    """

    SEQUENCE = "sequence"
    TRIPLET = "triplet"
    PAIR = "pair"
    SINGLE = "single"  # a lone orphan in thirteen orphans


class HandForm(StrEnum):
    """The three forms of a complete hand.

    >>> [f.value for f in HandForm]
    ['standard', 'seven_pairs', 'thirteen_orphans']
    """

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


@dataclass(frozen=True)
class Group:
    """Concealed tiles grouped together: a sequence, a triplet, a pair or a lone orphan.

    >>> Group(GroupKind.SEQUENCE, (3, 4, 5)).tiles_str
    '456m'
    """

    kind: GroupKind
    tiles: tuple[Tile, ...]

    @property
    def first(self) -> Tile:
        """The lowest kind in the group.

        >>> Group(GroupKind.SEQUENCE, (3, 4, 5)).first
        3
        """
        return self.tiles[0]

    @property
    def tiles_str(self) -> str:
        """The group in mpsz notation.

        >>> Group(GroupKind.PAIR, (27, 27)).tiles_str
        '11z'
        """
        return tiles_str(self.tiles)


@dataclass(frozen=True)
class Decomposition:
    """One way a complete hand splits.

    ``groups`` are the concealed groups, sorted (for the standard form: the sets, then the pair
    last); ``melds`` the called sets, which are sets of the split as they stand.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> d = decompositions(to_counts(parse_tiles("123m456p789s11122z")))[0]
    >>> d.form.value, d.pair, len(d.sets)
    ('standard', 28, 4)
    """

    form: HandForm
    groups: tuple[Group, ...]
    melds: tuple[Meld, ...] = ()

    @property
    def pair(self) -> Tile | None:
        """The kind of the pair (standard and thirteen orphans); None for seven pairs.

        >>> from tutor.engine.tiles import parse_tiles, to_counts
        >>> decompositions(to_counts(parse_tiles("123m456p789s11122z")))[0].pair
        28
        """
        if self.form is HandForm.SEVEN_PAIRS:
            return None
        for g in self.groups:
            if g.kind is GroupKind.PAIR:
                return g.first
        return None

    @property
    def sets(self) -> tuple[Group, ...]:
        """The concealed sets (sequences and triplets).

        >>> from tutor.engine.tiles import parse_tiles, to_counts
        >>> d = decompositions(to_counts(parse_tiles("123m456p789s11122z")))[0]
        >>> [g.tiles_str for g in d.sets]
        ['123m', '456p', '789s', '111z']
        """
        return tuple(g for g in self.groups if g.kind in (GroupKind.SEQUENCE, GroupKind.TRIPLET))

    def counts(self) -> tuple[int, ...]:
        """Counts of the concealed tiles the split uses (equal to the hand's).

        >>> from tutor.engine.tiles import parse_tiles, to_counts
        >>> c = to_counts(parse_tiles("123m456p789s11122z"))
        >>> decompositions(c)[0].counts() == c
        True
        """
        out = [0] * NUM_KINDS
        for g in self.groups:
            for t in g.tiles:
                out[t] += 1
        return tuple(out)

    def __str__(self) -> str:
        parts = [g.tiles_str for g in self.groups] + [meld_str(m) for m in self.melds]
        return " ".join(parts)


def _split_sets(counts: list[int], start: int, acc: list[Group], out: list[list[Group]]) -> None:
    i = start
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        out.append(list(acc))
        return
    if counts[i] >= 3:
        counts[i] -= 3
        acc.append(Group(GroupKind.TRIPLET, (i, i, i)))
        _split_sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        acc.append(Group(GroupKind.SEQUENCE, (i, i + 1, i + 2)))
        _split_sets(counts, i, acc, out)
        acc.pop()
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1


def _melds_arg(melds: Sequence[Meld] | int) -> tuple[tuple[Meld, ...], int]:
    if isinstance(melds, int):
        return (), melds
    return tuple(melds), len(melds)


def decompositions(counts: Sequence[int], melds: Sequence[Meld] | int = ()) -> list[Decomposition]:
    """Every split of a complete hand; an empty list when it is not complete.

    ``counts`` are the concealed tiles (14 minus 3 per called set); ``melds`` the called sets
    (or just how many). Splits that hold the same groups are listed once.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> [d.form.value for d in decompositions(to_counts(parse_tiles("112233m445566p77z")))]
    ['standard', 'seven_pairs']
    >>> decompositions(to_counts(parse_tiles("123m456p789s12345z")))
    []
    """
    c = check_counts(counts)
    meld_tuple, n_melds = _melds_arg(melds)
    if not 0 <= n_melds <= 4:
        raise ImpossibleHandError(f"a hand has 0 to 4 called sets, not {n_melds}")
    if sum(c) != 14 - 3 * n_melds:
        raise ImpossibleHandError(
            f"a complete hand with {n_melds} called sets has {14 - 3 * n_melds} concealed tiles, "
            f"this has {sum(c)}"
        )
    found: list[Decomposition] = []
    seen: set[tuple[Group, ...]] = set()
    work = list(c)
    for pair in range(NUM_KINDS):
        if work[pair] < 2:
            continue
        work[pair] -= 2
        splits: list[list[Group]] = []
        _split_sets(work, 0, [], splits)
        work[pair] += 2
        for groups in splits:
            ordered = sorted(groups, key=lambda g: (g.tiles, g.kind))
            key = tuple(ordered) + (Group(GroupKind.PAIR, (pair, pair)),)
            if len(key) - 1 == 4 - n_melds and key not in seen:
                seen.add(key)
                found.append(Decomposition(HandForm.STANDARD, key, meld_tuple))
    if n_melds == 0:
        if sum(1 for x in c if x == 2) == 7:
            pairs = tuple(Group(GroupKind.PAIR, (t, t)) for t in range(NUM_KINDS) if c[t] == 2)
            found.append(Decomposition(HandForm.SEVEN_PAIRS, pairs))
        if all(c[t] >= 1 for t in TERMINALS_AND_HONORS) and sum(c) == 14:
            orphans = tuple(
                Group(GroupKind.PAIR, (t, t)) if c[t] == 2 else Group(GroupKind.SINGLE, (t,))
                for t in TERMINALS_AND_HONORS
            )
            if sum(c[t] for t in TERMINALS_AND_HONORS) == 14:
                found.append(Decomposition(HandForm.THIRTEEN_ORPHANS, orphans))
    return found


def is_complete(counts: Sequence[int], melds: Sequence[Meld] | int = ()) -> bool:
    """Whether the tiles form a complete hand (standard, seven pairs or thirteen orphans).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> is_complete(to_counts(parse_tiles("19m19p19s12345677z")))
    True
    >>> is_complete(to_counts(parse_tiles("11m")), melds=4)
    True
    >>> is_complete(to_counts(parse_tiles("12345678m12345p5z")))
    False
    """
    return bool(decompositions(counts, melds))
