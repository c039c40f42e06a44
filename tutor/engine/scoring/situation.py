"""The input of the scorer: a winning situation, and the errors raised for impossible ones.

Tiles here are physical tiles ``0..135`` (kind ``t // 4``; the red five of each suit is copy 0
of that five: 16, 52 and 88), as in the reference file and the ``mahjong`` library. Winds are
tile kinds: East 27, South 28, West 29, North 30.

>>> s = Situation(closed=(0, 4, 8, 12, 13), win_tile=8)
>>> s.is_dealer, s.is_open
(False, False)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

from ..hand import Hand
from ..tiles import FIVES, Tile, to_136
from .near_miss_data import NearMiss

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WINDS = (EAST, SOUTH, WEST, NORTH)

CallKind = Literal["chi", "pon", "minkan", "ankan", "kakan"]
CALL_KINDS: tuple[CallKind, ...] = ("chi", "pon", "minkan", "ankan", "kakan")


class ScoringError(ValueError):
    """Base class of every error the scorer raises for bad input."""


class InvalidTilesError(ScoringError):
    """The tiles themselves are impossible: a fifth copy, a tile used twice, a bad id."""


class ImpossibleSituationError(ScoringError):
    """The flags contradict each other or the hand (chankan on a tsumo, riichi while open...)."""


class NotAWinningHandError(ScoringError):
    """The tiles do not form four sets and a pair, seven pairs or thirteen orphans.

    >>> NotAWinningHandError("not a winning hand").code
    'not_a_winning_hand'
    """

    code = "not_a_winning_hand"


class NoYakuError(ScoringError):
    """The hand is complete but has no yaku, so it cannot win.

    ``near_misses`` lists, for the common yaku, why this hand does not have them, as
    ``(yaku, reason)`` pairs in English; ``misses`` gives the same as
    :class:`~tutor.engine.scoring.near_miss_data.NearMiss` values with codes and params, for a
    renderer. ``code`` is always ``"no_yaku"``.

    >>> NoYakuError("No yaku").code
    'no_yaku'
    """

    code = "no_yaku"

    def __init__(
        self,
        message: str,
        near_misses: tuple[tuple[str, str], ...] = (),
        misses: tuple[NearMiss, ...] = (),
    ) -> None:
        super().__init__(message)
        self.near_misses = near_misses
        self.misses = misses


@dataclass(frozen=True, slots=True)
class CalledSet:
    """A declared set: a call (chi, pon, open kan, added kan) or a closed kan.

    ``tiles`` are the physical tiles of the set; ``called_tile`` is the claimed discard (None for
    a closed kan).

    >>> CalledSet("pon", (128, 129, 131), called_tile=131).is_open
    True
    >>> CalledSet("ankan", (68, 69, 70, 71)).is_kan
    True
    """

    kind: CallKind
    tiles: tuple[int, ...]
    called_tile: int | None = None

    @property
    def is_open(self) -> bool:
        """Whether the set opens the hand (every call except a closed kan)."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Whether the set is a kan of four tiles."""
        return self.kind in ("minkan", "ankan", "kakan")

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds (0..33) of the set, sorted."""
        return tuple(sorted(t // 4 for t in self.tiles))

    def check(self) -> None:
        """Raise :class:`InvalidTilesError` if the tiles do not form this kind of set.

        >>> CalledSet("chi", (0, 4, 12)).check()
        Traceback (most recent call last):
        ...
        tutor.engine.scoring.situation.InvalidTilesError: a chi must be three tiles in a row of one suit, got 1m 2m 4m
        """
        kinds = self.kinds
        shown = " ".join(_kind_code(k) for k in kinds)
        if self.kind not in CALL_KINDS:
            raise InvalidTilesError(f"unknown kind of call: {self.kind!r}")
        if self.kind == "chi":
            ok = (
                len(kinds) == 3
                and kinds[0] < 27
                and kinds[0] // 9 == kinds[2] // 9
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
            )
            if not ok:
                raise InvalidTilesError(
                    f"a chi must be three tiles in a row of one suit, got {shown}"
                )
        else:
            size = 4 if self.is_kan else 3
            if len(kinds) != size or len(set(kinds)) != 1:
                name = "kan" if self.is_kan else "pon"
                raise InvalidTilesError(f"a {name} must be {size} copies of one tile, got {shown}")
        if self.is_open and self.called_tile is not None and self.called_tile not in self.tiles:
            raise InvalidTilesError("the called tile must be one of the tiles of the set")


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything the scorer needs to know about one win.

    ``closed`` holds the concealed tiles *including* the winning tile; the tiles of called sets
    and closed kans are in ``melds`` only. ``riichi`` means a plain riichi; set ``double_riichi``
    alone for a double riichi. ``flowers`` (1..4 flowers, 5..8 seasons) count only under Hong
    Kong rules.

    >>> s = Situation(closed=(0, 4, 8), win_tile=8, seat_wind=EAST, tsumo=True)
    >>> s.is_dealer
    True
    """

    closed: tuple[int, ...]
    win_tile: int
    melds: tuple[CalledSet, ...] = ()
    tsumo: bool = False
    seat_wind: int = SOUTH
    round_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    honba: int = 0
    riichi_sticks: int = 0
    flowers: tuple[int, ...] = ()

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == EAST

    @property
    def is_open(self) -> bool:
        """Whether any call opened the hand (a closed kan keeps it closed)."""
        return any(m.is_open for m in self.melds)

    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Closed tiles followed by the tiles of every declared set."""
        out = list(self.closed)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    def validate(self) -> None:
        """Raise a :class:`ScoringError` subclass if this situation cannot happen.

        >>> Situation(closed=(0, 1, 2, 2, 5), win_tile=5).validate()
        Traceback (most recent call last):
        ...
        tutor.engine.scoring.situation.InvalidTilesError: physical tile 2 (1m) is used twice
        """
        _validate_tiles(self)
        _validate_flags(self)


_SUIT = "mpsz"


def _kind_code(kind: int) -> str:
    return f"{kind % 9 + 1}{_SUIT[kind // 9]}"


def _validate_tiles(s: Situation) -> None:
    everything = s.all_tiles + s.dora_indicators + s.ura_indicators
    for t in everything + (s.win_tile,):
        if not 0 <= t < 136:
            raise InvalidTilesError(f"physical tiles are 0..135, got {t}")
    kinds: Counter[int] = Counter(t // 4 for t in s.all_tiles)
    for k, n in kinds.items():
        if n > 4:
            raise InvalidTilesError(
                f"there are only four copies of {_kind_code(k)}, this hand holds {n}"
            )
    seen: Counter[int] = Counter(s.all_tiles)
    for t, n in seen.items():
        if n > 1:
            raise InvalidTilesError(f"physical tile {t} ({_kind_code(t // 4)}) is used twice")
    shown = s.dora_indicators + s.ura_indicators
    if len(set(shown)) != len(shown) or set(shown) & set(s.all_tiles):
        raise InvalidTilesError(
            "a dora or ura indicator is a tile of the dead wall: it cannot also be in the hand "
            "or be another indicator"
        )
    if len(s.dora_indicators) > 5 or len(s.ura_indicators) > 5:
        raise InvalidTilesError("there are at most five dora indicators (one plus four kans)")
    for m in s.melds:
        m.check()
    if s.win_tile not in s.closed:
        raise InvalidTilesError("the winning tile must be among the closed tiles")
    kans = sum(1 for m in s.melds if m.is_kan)
    expected = 14 + kans
    if len(s.all_tiles) != expected:
        raise InvalidTilesError(
            f"a winning hand holds {expected} tiles with {kans} kan(s), this one holds "
            f"{len(s.all_tiles)}"
        )
    if s.seat_wind not in WINDS or s.round_wind not in WINDS:
        raise InvalidTilesError("seat and round wind must be East, South, West or North (27..30)")
    if s.honba < 0 or s.riichi_sticks < 0:
        raise InvalidTilesError("honba and riichi sticks cannot be negative")


def _validate_flags(s: Situation) -> None:
    problems: list[str] = []
    in_riichi = s.riichi or s.double_riichi
    if s.riichi and s.double_riichi:
        problems.append("riichi and double riichi are one declaration: set only double_riichi")
    if in_riichi and s.is_open:
        problems.append("riichi can only be declared with a closed hand, and this hand is open")
    if s.ippatsu and not in_riichi:
        problems.append("ippatsu needs a riichi")
    if s.chankan and s.tsumo:
        problems.append(
            "chankan robs a kan from another player, so it is always a ron, not a tsumo"
        )
    if s.rinshan and not s.tsumo:
        problems.append("rinshan is a win on the kan replacement tile, so it is always a tsumo")
    if s.haitei and not s.tsumo:
        problems.append("haitei is a tsumo on the last tile of the wall; a ron there is houtei")
    if s.houtei and s.tsumo:
        problems.append("houtei is a ron on the last discard; a tsumo there is haitei")
    if s.haitei and s.rinshan:
        problems.append(
            "haitei and rinshan cannot both happen: the replacement tile is no wall tile"
        )
    if s.houtei and s.chankan:
        problems.append("houtei and chankan cannot both happen")
    if s.rinshan and not any(m.is_kan for m in s.melds):
        problems.append("rinshan needs a kan in the hand")
    if s.tenhou and not (s.is_dealer and s.tsumo and not s.melds):
        problems.append("tenhou is the dealer's tsumo on the first draw with no call")
    if s.chiihou and (s.is_dealer or not s.tsumo or s.melds):
        problems.append("chiihou is a non-dealer's tsumo on the first draw with no call")
    if (s.tenhou or s.chiihou) and (in_riichi or s.ippatsu):
        problems.append("a win on the first draw comes before any riichi")
    if problems:
        raise ImpossibleSituationError("; ".join(problems))


def physical_tiles(notation: str) -> tuple[int, ...]:
    """Physical tiles for a compact notation such as ``"123m0p55p11z"``, taking copies in order.

    ``0`` is the red five (copy 0 of that five); a plain five takes copies 1..3 first and copy 0
    only as a fourth five (the red one when red fives are in play). Meant for
    tests, lessons and doctests that need concrete tile ids.

    >>> physical_tiles("1m1m0p5p")
    (0, 1, 52, 53)
    >>> physical_tiles("11111m")
    Traceback (most recent call last):
    ...
    tutor.engine.scoring.situation.InvalidTilesError: there are only four copies of 1m
    """
    taken: dict[int, set[int]] = {k: set() for k in range(34)}
    out: list[int] = []
    digits: list[str] = []
    for ch in notation.replace(" ", ""):
        if ch.isdigit():
            digits.append(ch)
            continue
        if ch not in _SUIT:
            raise InvalidTilesError(f"unknown suit letter {ch!r} in {notation!r}")
        base = 9 * _SUIT.index(ch)
        for d in digits:
            kind = base + (4 if d == "0" else int(d) - 1)
            if kind > 33 or (ch == "z" and d in "089"):
                raise InvalidTilesError(f"there is no tile {d}{ch}")
            if d == "0":
                if 0 in taken[kind]:
                    raise InvalidTilesError(f"there is only one red {_kind_code(kind)}")
                taken[kind].add(0)
                out.append(kind * 4)
                continue
            order = (1, 2, 3, 0) if (kind < 27 and kind % 9 == 4) else (0, 1, 2, 3)
            free = [c for c in order if c not in taken[kind]]
            if not free:
                raise InvalidTilesError(f"there are only four copies of {_kind_code(kind)}")
            taken[kind].add(free[0])
            out.append(kind * 4 + free[0])
        digits = []
    if digits:
        raise InvalidTilesError(f"digits without a suit letter at the end of {notation!r}")
    return tuple(out)


_MELD_KIND_NAMES: dict[str, CallKind] = {
    "chi": "chi",
    "pon": "pon",
    "open_kan": "minkan",
    "closed_kan": "ankan",
    "added_kan": "kakan",
}


def situation_from_hand(
    hand: Hand, win_tile: Tile, *, win_red: bool = False, **flags: Any
) -> Situation:
    """Build a :class:`Situation` from an engine :class:`~tutor.engine.hand.Hand` (14 tiles).

    ``win_tile`` is the kind of the winning tile (it must be among the concealed tiles);
    ``win_red`` picks the red five when the hand holds one. Other keywords are the fields
    of :class:`Situation` (``tsumo=True``, ``riichi=True``, ``seat_wind=EAST`` ...).

    >>> from tutor.engine.hand import parse_hand
    >>> s = situation_from_hand(parse_hand("234067m23455p678s"), 12, riichi=True)
    >>> s.win_tile // 4, 16 in s.closed, len(s.closed)
    (12, True, 14)
    """
    kinds: list[Tile] = []
    reds: list[bool] = []
    counts = list(hand.concealed)
    red_left = {FIVES[i]: hand.red[i] for i in range(3)}
    for kind, n in enumerate(counts):
        for _ in range(n):
            is_red = red_left.get(kind, 0) > 0
            if is_red:
                red_left[kind] -= 1
            kinds.append(kind)
            reds.append(is_red)
    closed_len = len(kinds)
    for meld in hand.melds:
        kinds.extend(meld.tiles)
        reds.extend(meld.red if meld.red else (False,) * len(meld.tiles))
    try:
        physical = to_136(kinds, reds)
    except ValueError as exc:
        raise InvalidTilesError(str(exc)) from exc
    closed = tuple(physical[:closed_len])
    melds: list[CalledSet] = []
    at = closed_len
    for meld in hand.melds:
        tiles = tuple(physical[at : at + len(meld.tiles)])
        at += len(meld.tiles)
        called = None
        if meld.is_open:
            want = meld.called if meld.called is not None else meld.tiles[0]
            called = next(t for t in tiles if t // 4 == want)
        melds.append(CalledSet(_MELD_KIND_NAMES[str(meld.kind.value)], tiles, called))
    candidates = [t for t in closed if t // 4 == win_tile]
    if not candidates:
        raise InvalidTilesError(f"the winning tile {_kind_code(win_tile)} is not in the hand")
    reds_first = sorted(candidates, key=lambda t: (t % 4 != 0) == win_red)
    return Situation(closed=closed, win_tile=reds_first[0], melds=tuple(melds), **flags)
