"""Furiten: when a tenpai hand may not win on another player's discard.

A hand is furiten in three ways (the usual riichi rules, as Tenhou and Mahjong Soul apply them;
seed 004 only says that "a rule called furiten can block a ron"):

* **own discard** (*sutehai furiten*; the code is ``permanent``, an older name): one of the
  hand's winning tiles is among the player's own discards, including discards another player
  called. It lasts as long as the waits include it, and clears when the wait changes.
* **temporary** (*doujun furiten*): a winning tile went by (another player's discard, or a tile
  added to a kan) since the player's own last discard and the player did not win on it. It ends
  with the player's next discard.
* **riichi**: a winning tile went by after the player declared riichi. The hand can no longer
  change, so it lasts until the hand ends.

Furiten blocks ron only: a furiten hand still wins on its own draw (tsumo).

Winning tiles are found by shape (the tile makes the hand complete); whether the win has a yaku
is not checked here. A hand that could only wait on a fifth copy of a tile it holds four of has
no such wait.

>>> from tutor.engine.hand import parse_hand
>>> hand = parse_hand("23m456p789s11z123p")
>>> status = furiten(hand, discards=[3])  # it threw a 4m earlier
>>> status.is_furiten, [str(r) for r in status.reasons]
(True, ['own-discard furiten: 4m, a winning tile, is your discard number 1; it lasts while that tile is one of your waits'])
>>> can_ron(hand, 0, discards=[3]), can_tsumo(hand, 0)
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .hand import Hand
from .shanten import shanten
from .shapes import is_complete
from .tiles import NUM_KINDS, Tile, tile_str
from .waits import waits

__all__ = [
    "FuritenKind",
    "FuritenReason",
    "FuritenStatus",
    "winning_tiles",
    "is_winning_tile",
    "furiten",
    "is_furiten",
    "can_ron",
    "can_tsumo",
    "FuritenWatch",
]


class FuritenKind(StrEnum):
    """The three kinds of furiten."""

    PERMANENT = "permanent"
    """A winning tile is among one's own discards."""
    TEMPORARY = "temporary"
    """A winning tile was passed since one's own last discard."""
    RIICHI = "riichi"
    """A winning tile was passed after declaring riichi."""


@dataclass(frozen=True)
class FuritenReason:
    """Why a hand is furiten: the kind, the winning tile, and where it was seen.

    ``index`` is the position of that tile (from 0) in the sequence that was checked: the
    player's discards for permanent furiten, the passed tiles for the other two.

    >>> str(FuritenReason(FuritenKind.TEMPORARY, 13, 0))
    'temporary furiten: 5p, a winning tile, went by since your last discard (passed tile 1)'
    """

    kind: FuritenKind
    tile: Tile
    index: int

    @property
    def code(self) -> str:
        """The reason as a stable code: ``permanent``, ``temporary`` or ``riichi``.

        >>> FuritenReason(FuritenKind.RIICHI, 0, 2).code
        'riichi'
        """
        return self.kind.value

    @property
    def params(self) -> dict[str, str | int]:
        """What a renderer needs: the winning ``tile`` in notation and its ``position`` (from 1)
        among the discards (permanent) or the passed tiles (the other two).

        >>> FuritenReason(FuritenKind.PERMANENT, 3, 0).params
        {'tile': '4m', 'position': 1}
        """
        return {"tile": tile_str(self.tile), "position": self.index + 1}

    def __str__(self) -> str:
        name = tile_str(self.tile)
        if self.kind is FuritenKind.PERMANENT:
            return (
                f"own-discard furiten: {name}, a winning tile, is your discard number "
                f"{self.index + 1}; it lasts while that tile is one of your waits"
            )
        if self.kind is FuritenKind.TEMPORARY:
            return (
                f"temporary furiten: {name}, a winning tile, went by since your last discard "
                f"(passed tile {self.index + 1})"
            )
        return (
            f"riichi furiten: {name}, a winning tile, went by after your riichi "
            f"(passed tile {self.index + 1}); it lasts until the hand ends"
        )


@dataclass(frozen=True)
class FuritenStatus:
    """The waits of a hand and every reason it is furiten (none when it is not).

    >>> FuritenStatus(waits=(0, 3), reasons=()).is_furiten
    False
    """

    waits: tuple[Tile, ...]
    reasons: tuple[FuritenReason, ...]

    @property
    def is_furiten(self) -> bool:
        """Whether any reason applies: then the hand may not ron."""
        return bool(self.reasons)

    @property
    def kinds(self) -> frozenset[FuritenKind]:
        """The kinds of furiten that apply."""
        return frozenset(r.kind for r in self.reasons)


def _check_between_turns(hand: Hand) -> None:
    if hand.tile_count != 13:
        raise ValueError(
            f"furiten is about a hand waiting between turns (13 tiles, a set counting as 3); "
            f"this one has {hand.tile_count}"
        )


def is_winning_tile(hand: Hand, tile: Tile) -> bool:
    """Whether ``tile`` completes the hand's shape (four sets and a pair, seven pairs or
    thirteen orphans). A fifth copy never does.

    >>> from tutor.engine.hand import parse_hand
    >>> h = parse_hand("123m456p789s1122z")
    >>> is_winning_tile(h, 27), is_winning_tile(h, 29)
    (True, False)
    """
    _check_between_turns(hand)
    if not 0 <= tile < NUM_KINDS:
        raise ValueError(f"{tile!r} is not a tile kind: kinds are 0–33")
    if hand.all_counts()[tile] >= 4:
        return False
    counts = list(hand.concealed)
    counts[tile] += 1
    return is_complete(counts, hand.melds)


def winning_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Every kind that completes the hand, in kind order.

    >>> from tutor.engine.hand import parse_hand
    >>> from tutor.engine.tiles import tiles_str
    >>> tiles_str(winning_tiles(parse_hand("123m456p789s1112z")))
    '2z'
    >>> tiles_str(winning_tiles(parse_hand("1112345678999p")))
    '123456789p'
    """
    _check_between_turns(hand)
    if shanten(hand.concealed, len(hand.melds)) > 0:  # the table lookup is far cheaper
        return ()
    held = hand.all_counts()  # a kind whose four copies are all in the hand (sets too) can't come
    return tuple(t for t in waits(hand.concealed, hand.melds) if held[t] < 4)


def furiten(
    hand: Hand,
    discards: Sequence[Tile] = (),
    passed_since_discard: Sequence[Tile] = (),
    passed_since_riichi: Sequence[Tile] | None = None,
) -> FuritenStatus:
    """Whether a waiting hand is furiten, and why.

    ``discards`` are all of the player's own discards this hand (called ones included);
    ``passed_since_discard`` the tiles the player could have won on since its own last discard
    (others' discards, tiles added to a kan) and let go; ``passed_since_riichi`` the same since
    its riichi, or ``None`` without riichi.

    >>> from tutor.engine.hand import parse_hand
    >>> hand = parse_hand("23m456p789s11z123p")  # waits on 1m and 4m
    >>> furiten(hand).reasons
    ()
    >>> [r.kind.value for r in furiten(hand, passed_since_discard=[9, 0]).reasons]
    ['temporary']
    >>> sorted(k.value for k in furiten(hand, [0], [], [0]).kinds)
    ['permanent', 'riichi']
    """
    waits = winning_tiles(hand)
    wait_set = set(waits)
    reasons: list[FuritenReason] = []
    for i, t in enumerate(discards):
        if t in wait_set:
            reasons.append(FuritenReason(FuritenKind.PERMANENT, t, i))
            break
    for i, t in enumerate(passed_since_discard):
        if t in wait_set:
            reasons.append(FuritenReason(FuritenKind.TEMPORARY, t, i))
            break
    if passed_since_riichi is not None:
        for i, t in enumerate(passed_since_riichi):
            if t in wait_set:
                reasons.append(FuritenReason(FuritenKind.RIICHI, t, i))
                break
    return FuritenStatus(waits, tuple(reasons))


def is_furiten(
    hand: Hand,
    discards: Sequence[Tile] = (),
    passed_since_discard: Sequence[Tile] = (),
    passed_since_riichi: Sequence[Tile] | None = None,
) -> bool:
    """Whether the hand is furiten (see :func:`furiten`).

    >>> from tutor.engine.hand import parse_hand
    >>> is_furiten(parse_hand("23m456p789s11z123p"), discards=[27, 3])
    True
    """
    return furiten(hand, discards, passed_since_discard, passed_since_riichi).is_furiten


def can_ron(
    hand: Hand,
    tile: Tile,
    discards: Sequence[Tile] = (),
    passed_since_discard: Sequence[Tile] = (),
    passed_since_riichi: Sequence[Tile] | None = None,
) -> bool:
    """Whether the hand may win on another player's ``tile``: it completes the shape and the hand
    is not furiten. (Yaku are not checked.)

    >>> from tutor.engine.hand import parse_hand
    >>> hand = parse_hand("23m456p789s11z123p")
    >>> can_ron(hand, 0), can_ron(hand, 0, passed_since_discard=[3]), can_ron(hand, 1)
    (True, False, False)
    """
    if not is_winning_tile(hand, tile):
        return False
    return not is_furiten(hand, discards, passed_since_discard, passed_since_riichi)


def can_tsumo(hand: Hand, tile: Tile) -> bool:
    """Whether the hand wins on its own draw of ``tile``; furiten never blocks this.

    >>> from tutor.engine.hand import parse_hand
    >>> can_tsumo(parse_hand("23m456p789s11z123p"), 3)
    True
    """
    return is_winning_tile(hand, tile)


@dataclass(frozen=True)
class FuritenWatch:
    """What one player has seen, kept as the hand goes on, to answer :func:`furiten`.

    Feed it the player's own discards (:meth:`discarded`), its riichi (:meth:`declared_riichi`)
    and every tile it could have won on and let go (:meth:`passed`); each returns a new watch.

    >>> from tutor.engine.hand import parse_hand
    >>> hand = parse_hand("23m456p789s11z123p")  # waits on 1m and 4m
    >>> watch = FuritenWatch().discarded(27).passed(0)
    >>> sorted(k.value for k in watch.status(hand).kinds)
    ['temporary']
    >>> watch.discarded(33).status(hand).is_furiten  # a new discard ends temporary furiten
    False
    """

    discards: tuple[Tile, ...] = ()
    passed_since_discard: tuple[Tile, ...] = ()
    passed_since_riichi: tuple[Tile, ...] | None = None

    def discarded(self, tile: Tile) -> FuritenWatch:
        """After one's own discard (temporary furiten ends)."""
        return FuritenWatch(self.discards + (tile,), (), self.passed_since_riichi)

    def declared_riichi(self) -> FuritenWatch:
        """After declaring riichi (call it after the riichi discard)."""
        if self.passed_since_riichi is not None:
            raise ValueError("riichi is declared once a hand")
        return FuritenWatch(self.discards, self.passed_since_discard, ())

    def passed(self, tile: Tile) -> FuritenWatch:
        """After another player's discard (or a tile added to a kan) went by without a ron.

        Any tile may be given; only winning tiles count, when :meth:`status` is asked.
        """
        riichi = None if self.passed_since_riichi is None else self.passed_since_riichi + (tile,)
        return FuritenWatch(self.discards, self.passed_since_discard + (tile,), riichi)

    def status(self, hand: Hand) -> FuritenStatus:
        """The furiten status of ``hand`` given everything seen."""
        return furiten(hand, self.discards, self.passed_since_discard, self.passed_since_riichi)
