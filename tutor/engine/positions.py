"""Positions drawn at random from a family, reproducibly: the same seed gives the same position.

A *family* describes a kind of position ("a two-sided wait in one suit plus three sets and a
pair", "a closed winning hand"); :func:`draw` turns a family name and a seed into hand
notation, so that a lesson can show each learner a fresh position and show it again from the
stored seed. Only the standard library's :class:`random.Random` is used, seeded explicitly.

>>> draw("two_sided_wait", 7) == draw("two_sided_wait", 7)
True
>>> from tutor.engine.hand import parse_hand
>>> sum(parse_hand(draw("two_sided_wait", 7)).concealed)
13
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .tiles import NUM_KINDS, Tile, tiles_str

SEATS: tuple[str, ...] = ("east", "south", "west", "north")


class UnknownFamilyError(ValueError):
    """A family name no generator knows."""


def _sets(rng: random.Random, counts: list[int], how_many: int, suits: str = "mps") -> None:
    """Add ``how_many`` sequences or triplets to ``counts``, never a fifth copy of a tile."""
    added = 0
    while added < how_many:
        if rng.random() < 0.7:
            base = "mps".index(rng.choice(suits)) * 9
            start = base + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
        else:
            kind = rng.randrange(NUM_KINDS)
            if kind < 27 and "mps"[kind // 9] not in suits:
                continue
            kinds = [kind] * 3
        if all(counts[k] + kinds.count(k) <= 4 for k in set(kinds)):
            for k in kinds:
                counts[k] += 1
            added += 1


def _pair(rng: random.Random, counts: list[int]) -> Tile:
    while True:
        kind = rng.randrange(NUM_KINDS)
        if counts[kind] <= 2:
            counts[kind] += 2
            return kind


def _notation(counts: list[int]) -> str:
    return tiles_str([k for k in range(NUM_KINDS) for _ in range(counts[k])])


def _with_partial(rng: random.Random, shape: str) -> str:
    """Three sets, a pair and a two-tile partial set of ``shape`` in one suit (13 tiles),
    with a copy of each tile it waits on still unseen."""
    while True:
        counts = [0] * NUM_KINDS
        suit = rng.randrange(3) * 9
        if shape == "two_sided":
            low = suit + rng.randrange(1, 7)  # 2-3 ... 7-8: both ends can be drawn
            partial, wanted = [low, low + 1], [low - 1, low + 2]
        elif shape == "closed":
            low = suit + rng.randrange(7)  # 1-3 ... 7-9
            partial, wanted = [low, low + 2], [low + 1]
        else:  # edge: 1-2 waits on 3, 8-9 on 7
            low = suit + rng.choice((0, 7))
            partial, wanted = [low, low + 1], [suit + 2 if low == suit else suit + 6]
        for k in partial:
            counts[k] += 1
        _sets(rng, counts, 3)
        _pair(rng, counts)
        if max(counts) <= 4 and all(counts[k] < 4 for k in wanted):
            return _notation(counts)


def _two_sided_wait(rng: random.Random) -> str:
    """Three sets, a pair and two neighbouring tiles of one suit from 2-3 to 7-8."""
    return _with_partial(rng, "two_sided")


def _closed_wait(rng: random.Random) -> str:
    """Three sets, a pair and two tiles of one suit with a gap between them (1-3 to 7-9)."""
    return _with_partial(rng, "closed")


def _edge_wait(rng: random.Random) -> str:
    """Three sets, a pair and 1-2 or 8-9 of one suit."""
    return _with_partial(rng, "edge")


def _complete_hand(rng: random.Random) -> str:
    """Four sets and a pair (14 tiles)."""
    counts = [0] * NUM_KINDS
    _sets(rng, counts, 4)
    _pair(rng, counts)
    return _notation(counts)


FAMILIES: dict[str, Callable[[random.Random], str]] = {
    "two_sided_wait": _two_sided_wait,
    "closed_wait": _closed_wait,
    "edge_wait": _edge_wait,
    "complete_hand": _complete_hand,
}
"""Each family's generator, by the name a content file gives."""


def draw(family: str, seed: int) -> str:
    """The hand notation of the position ``seed`` draws from ``family``.

    >>> draw("complete_hand", 1) == draw("complete_hand", 2)
    False
    >>> draw("six_dragons", 1)
    Traceback (most recent call last):
    ...
    tutor.engine.positions.UnknownFamilyError: no family six_dragons; known: closed_wait, complete_hand, edge_wait, two_sided_wait
    """
    if family not in FAMILIES:
        known = ", ".join(sorted(FAMILIES))
        raise UnknownFamilyError(f"no family {family}; known: {known}")
    return FAMILIES[family](random.Random(f"{family}:{seed}"))


@dataclass(frozen=True, slots=True)
class WinningPosition:
    """A closed winning hand and how it was won, as a scoring exercise describes it."""

    hand: str
    win_tile: str
    tsumo: bool
    seat: str
    discarder: str | None
    riichi: bool


def draw_winning(seed: int) -> WinningPosition:
    """A closed hand of four sets and a pair, won by ron or tsumo, worth 1 to 4 han with at
    least one yaku (riichi is declared when the hand would have none), from any seat.

    >>> p = draw_winning(3)
    >>> p == draw_winning(3), len(p.hand.replace("m", "").replace("p", "").replace("s", "").replace("z", ""))
    (True, 14)
    """
    from .hand import parse_hand
    from .scoring import NoYakuError, ScoringError, score, situation_from_hand

    rng = random.Random(f"winning:{seed}")
    while True:
        hand = _complete_hand(rng)
        parsed = parse_hand(hand)
        held = [k for k in range(NUM_KINDS) if parsed.concealed[k]]
        win = rng.choice(held)
        tsumo = rng.random() < 0.4
        seat = rng.choice(SEATS)
        discarder = None if tsumo else rng.choice([s for s in SEATS if s != seat])
        riichi = rng.random() < 0.5
        wind = {s: 27 + i for i, s in enumerate(SEATS)}
        for declared in (riichi, True):
            try:
                result = score(
                    situation_from_hand(
                        parsed, win, tsumo=tsumo, riichi=declared, seat_wind=wind[seat]
                    )
                )
            except NoYakuError:
                continue
            except ScoringError:
                break
            if 1 <= result.han <= 4 and not result.limit:
                return WinningPosition(
                    hand, tiles_str([win]), tsumo, seat, discarder, riichi=declared
                )
            break
