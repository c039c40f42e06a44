"""Calls on a discard (ron, pon, open kan, chi), their priority, and kans in one's own turn.

Seats are ints 0–3 in turn order (seat ``s + 1`` plays after ``s``, on its right). For a caller,
the discarder is the player on the left when ``(caller - discarder) % 4 == 1``.

The rules implemented, from the seeds (000, 001, 003, 004) and, where they are silent, the usual
riichi rules of Tenhou and Mahjong Soul:

* **ron** on any player's discard when the tile completes the hand and the hand is not
  furiten. Whether the win has a yaku is not decided here: pass ``has_yaku`` to check it.
* **pon** with two matching tiles, **open kan** with three, from any player; **chi** with any
  two tiles that make a run with the discard, only from the player on the left.
* A riichi hand may only ron. Nobody may chi, pon or kan the last discard of the hand (the one
  after the last draw); ron is still allowed. No kan once four have been declared.
* **Priority**: ron beats every call, pon and kan beat chi. Several rons: by rule, only the
  nearest in turn order after the discarder (head bump), or all of them (double ron; a triple ron
  ends the hand as an abortive draw, *sanchahou*, under :data:`MultipleRon.DOUBLE`).
* A pon or kan moves the turn to the caller: everyone between the discarder and the caller loses
  a turn (seed 004), and play goes on from the caller's right.
* **Kuikae** (seed 004): right after a chi or pon one may not discard the called kind, nor, after
  a chi, the kind at the other end of the run (chi 6p with 45p: neither 6p nor 3p). A call that
  would leave only such discards is not offered.
* **Closed kan** of four concealed copies and **added kan** of a pon plus its fourth tile, in
  one's own turn, if a tile is left to draw. In riichi only a closed kan of the tile just drawn,
  and only when it leaves the waits unchanged; with ``CallRules.riichi_kan_keeps_shape`` the
  kan's tiles must also be a triplet in every reading of every winning hand (stricter rule sets
  forbid ``5556677799m`` + 555z from kanning the 5m: with a 6m it reads 567 567 567 99m).

Reasons are data (:class:`Reason`), for the web layer to translate.

>>> from tutor.engine.hand import parse_hand
>>> players = [None, parse_hand("45p1199m123s5677z"), parse_hand("66p123456m789s12z"), None]
>>> opts = call_options(14, discarder=0, players=[None if p is None else Caller(p) for p in players])
>>> [(c.seat, c.kind.value) for c in opts.calls]
[(1, 'chi'), (2, 'pon')]
>>> res = resolve_calls(opts.calls, discarder=0)
>>> res.winners[0].kind.value, res.skipped, res.next_seat
('pon', (1,), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from .furiten import is_winning_tile, winning_tiles
from .hand import Hand, Meld, MeldKind
from .shanten import shanten_kokushi
from .shapes import GroupKind, decompositions
from .tiles import FIVES, NUM_KINDS, Tile, tile_str

__all__ = [
    "CallKind",
    "Reason",
    "MultipleRon",
    "CallRules",
    "CLASSICAL_CALLS",
    "Caller",
    "Call",
    "Blocked",
    "CallOptions",
    "Resolution",
    "IllegalCallError",
    "call_options",
    "chankan_options",
    "resolve_calls",
    "forbidden_discards",
    "own_turn_kans",
    "skipped_seats",
]


class CallKind(StrEnum):
    """What a player declares."""

    RON = "ron"
    PON = "pon"
    OPEN_KAN = "open_kan"
    CHI = "chi"
    CLOSED_KAN = "closed_kan"
    ADDED_KAN = "added_kan"


class Reason(StrEnum):
    """Why a call is not allowed, or why a declared call lost."""

    CHI_ONLY_FROM_LEFT = "chi_only_from_left"
    """Chi takes only the discard of the player on one's left."""
    RIICHI_ONLY_RON = "riichi_only_ron"
    """A riichi hand may not chi, pon or open kan; it may only ron."""
    LAST_DISCARD = "last_discard"
    """Nobody may chi, pon or kan the last discard of the hand; ron is still allowed."""
    FURITEN = "furiten"
    """The tile completes the hand but the hand is furiten: no ron (tsumo is still allowed)."""
    NO_YAKU = "no_yaku"
    """The tile completes the hand but the win would have no yaku."""
    KUIKAE = "kuikae"
    """After this call every remaining tile would be a forbidden discard (kuikae)."""
    NO_KAN_LEFT = "no_kan_left"
    """Four kans were already declared, or no tile is left to draw for a replacement."""
    RIICHI_KAN_NOT_DRAWN = "riichi_kan_not_drawn"
    """In riichi a closed kan must use the tile just drawn."""
    RIICHI_KAN_CHANGES_WAITS = "riichi_kan_changes_waits"
    """In riichi a closed kan may not change the hand's waits."""
    RIICHI_KAN_CHANGES_SHAPE = "riichi_kan_changes_shape"
    """In riichi (strict rule) the kan's four tiles must be a triplet in every winning reading."""
    RON_BEATS_CALLS = "ron_beats_calls"
    """Someone declared ron on the same tile: ron comes first."""
    PON_BEATS_CHI = "pon_beats_chi"
    """Someone declared pon or kan on the same tile: it beats chi."""
    HEAD_BUMP = "head_bump"
    """Another player nearer in turn order after the discarder also declared ron."""
    TRIPLE_RON_DRAW = "triple_ron_draw"
    """Three players declared ron: the hand ends in an abortive draw (sanchahou)."""


class MultipleRon(StrEnum):
    """What happens when several players ron the same tile."""

    HEAD_BUMP = "head_bump"
    """Only the nearest in turn order after the discarder wins (atamahane)."""
    DOUBLE = "double"
    """Two may win together; three rons end the hand in an abortive draw (Tenhou)."""
    TRIPLE = "triple"
    """Everyone who declared ron wins."""


@dataclass(frozen=True)
class CallRules:
    """Rule choices for calls. The defaults are Tenhou's: double ron (a triple ron is an
    abortive draw), kuikae forbidden, thirteen orphans may rob a closed kan.

    >>> CallRules().multiple_ron.value, CallRules().kuikae
    ('double', True)
    >>> CLASSICAL_CALLS.multiple_ron.value
    'head_bump'
    """

    multiple_ron: MultipleRon = MultipleRon.DOUBLE
    kuikae: bool = True
    max_kans: int = 4
    kokushi_robs_closed_kan: bool = True
    riichi_kan_keeps_shape: bool = False


CLASSICAL_CALLS = CallRules(
    multiple_ron=MultipleRon.HEAD_BUMP, kuikae=False, kokushi_robs_closed_kan=False
)
"""The classical game of seeds 000 and 003: when several players can win on a tile, the first
in turn order after the discarder takes it; no kuikae rule."""


@dataclass(frozen=True)
class Caller:
    """A player as the call check sees it: the hand between turns (13 tiles, a set counting as
    3), whether it declared riichi, and whether it is furiten (see :mod:`tutor.engine.furiten`).

    >>> from tutor.engine.hand import parse_hand
    >>> Caller(parse_hand("123m456p789s1122z"), riichi=True).riichi
    True
    """

    hand: Hand
    riichi: bool = False
    furiten: bool = False


@dataclass(frozen=True)
class Call:
    """A legal call: who, what, on which tile, with which tiles from the hand.

    ``uses`` are the kinds taken from the caller's hand (two for chi and pon, three for an open
    kan, four for a closed kan, one for an added kan, none for ron), ``red`` one flag per used
    tile (a red five), ``tile_red`` whether the called tile is red, ``discarder`` the seat the
    tile came from (``None`` in one's own turn).

    >>> c = Call(seat=1, kind=CallKind.CHI, tile=14, uses=(12, 13), discarder=0)
    >>> str(c), c.meld().source
    ('seat 1: chi 6p with 45p', 3)
    """

    seat: int
    kind: CallKind
    tile: Tile
    uses: tuple[Tile, ...] = ()
    red: tuple[bool, ...] = field(default=())
    discarder: int | None = None
    tile_red: bool = False

    def __post_init__(self) -> None:
        if not self.red:
            object.__setattr__(self, "red", (False,) * len(self.uses))

    def meld(self) -> Meld | None:
        """The set this call puts on the table (``None`` for ron).

        >>> Call(seat=2, kind=CallKind.PON, tile=14, uses=(14, 14), discarder=0).meld().source
        2
        """
        if self.kind is CallKind.RON:
            return None
        if self.kind is CallKind.CLOSED_KAN:
            return Meld(MeldKind.CLOSED_KAN, self.uses, red=self.red)
        if self.kind is CallKind.ADDED_KAN:
            return Meld(MeldKind.ADDED_KAN, self.uses + (self.tile,) * 3, called=self.tile)
        kind = {
            CallKind.CHI: MeldKind.CHI,
            CallKind.PON: MeldKind.PON,
            CallKind.OPEN_KAN: MeldKind.OPEN_KAN,
        }[self.kind]
        source = None if self.discarder is None else (self.discarder - self.seat) % 4
        return Meld(
            kind,
            self.uses + (self.tile,),
            called=self.tile,
            source=source,
            red=self.red + (self.tile_red,),
        )

    def __str__(self) -> str:
        verb = self.kind.value.replace("_", " ")
        used = "".join(
            ("0" if r else str(t % 9 + 1)) if t < 27 else str(t - 26)
            for t, r in zip(self.uses, self.red, strict=True)
        )
        suffix = tile_str(self.uses[0])[-1] if self.uses else ""
        if self.kind is CallKind.RON:
            return f"seat {self.seat}: ron on {tile_str(self.tile)}"
        return f"seat {self.seat}: {verb} {tile_str(self.tile)} with {used}{suffix}"


@dataclass(frozen=True)
class Blocked:
    """A call the hand's tiles would allow but a rule forbids, and why.

    >>> str(Blocked(seat=2, kind=CallKind.CHI, tile=14, reason=Reason.CHI_ONLY_FROM_LEFT))
    'seat 2: no chi on 6p (chi_only_from_left)'
    """

    seat: int
    kind: CallKind
    tile: Tile
    reason: Reason
    uses: tuple[Tile, ...] = ()

    @property
    def code(self) -> str:
        """The reason as a stable code (a :class:`Reason` value).

        >>> Blocked(seat=2, kind=CallKind.CHI, tile=14, reason=Reason.KUIKAE).code
        'kuikae'
        """
        return self.reason.value

    @property
    def params(self) -> dict[str, str | int]:
        """What a renderer needs: the ``call`` (a :class:`CallKind` value), the ``tile`` in
        notation, the ``seat``, and the hand tiles it would ``use`` (notation, comma-separated).

        >>> Blocked(seat=2, kind=CallKind.CHI, tile=14, reason=Reason.CHI_ONLY_FROM_LEFT,
        ...         uses=(12, 13)).params
        {'call': 'chi', 'tile': '6p', 'seat': 2, 'uses': '4p,5p'}
        """
        return {
            "call": self.kind.value,
            "tile": tile_str(self.tile),
            "seat": self.seat,
            "uses": ",".join(tile_str(t) for t in self.uses),
        }

    def __str__(self) -> str:
        verb = self.kind.value.replace("_", " ")
        return f"seat {self.seat}: no {verb} on {tile_str(self.tile)} ({self.reason.value})"


@dataclass(frozen=True)
class CallOptions:
    """Every legal call and every blocked one.

    >>> CallOptions((), ()).for_seat(1)
    ()
    """

    calls: tuple[Call, ...]
    blocked: tuple[Blocked, ...]

    def for_seat(self, seat: int) -> tuple[Call, ...]:
        """The legal calls of one seat."""
        return tuple(c for c in self.calls if c.seat == seat)

    def blocked_for_seat(self, seat: int) -> tuple[Blocked, ...]:
        """The blocked calls of one seat."""
        return tuple(b for b in self.blocked if b.seat == seat)


class IllegalCallError(ValueError):
    """A declared call the rules do not allow.

    >>> resolve_calls([Call(seat=0, kind=CallKind.PON, tile=1, uses=(1, 1), discarder=0)], 0)
    Traceback (most recent call last):
    ...
    tutor.engine.calls.IllegalCallError: seat 0 cannot call its own discard
    """


def _check_seat(seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
        raise ValueError(f"seats are 0 to 3, not {seat!r}")


def _check_tile(tile: Tile) -> None:
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < NUM_KINDS:
        raise ValueError(f"{tile!r} is not a tile kind: kinds are 0–33")


def _red_choices(hand: Hand, uses: tuple[Tile, ...]) -> list[tuple[bool, ...]]:
    """The distinct ways to pick ``uses`` from the hand when it holds red fives."""
    for suit, five in enumerate(FIVES):
        k = uses.count(five)
        if k == 0:
            continue
        reds = hand.red[suit]
        plain = hand.concealed[five] - reds
        out = []
        for x in range(max(0, k - plain), min(k, reds) + 1):
            flags: list[bool] = []
            left = x
            for t in uses:
                if t == five and left:
                    flags.append(True)
                    left -= 1
                else:
                    flags.append(False)
            out.append(tuple(flags))
        return out
    return [(False,) * len(uses)]


def forbidden_discards(call: Call, rules: CallRules = CallRules()) -> frozenset[Tile]:
    """The kinds one may not discard right after a chi or pon (kuikae).

    After a pon: the called kind. After a chi: the called kind, and the kind at the other end of
    the run when the called tile was at one end (chi 6p with 45p forbids 6p and 3p; chi 5p with
    46p forbids only 5p).

    >>> from tutor.engine.tiles import tiles_str
    >>> tiles_str(forbidden_discards(Call(1, CallKind.CHI, 14, (12, 13), discarder=0)))
    '36p'
    >>> tiles_str(forbidden_discards(Call(1, CallKind.CHI, 13, (12, 14), discarder=0)))
    '5p'
    >>> tiles_str(forbidden_discards(Call(2, CallKind.PON, 31, (31, 31), discarder=0)))
    '5z'
    """
    if not rules.kuikae or call.kind not in (CallKind.CHI, CallKind.PON):
        return frozenset()
    out = {call.tile}
    if call.kind is CallKind.CHI:
        low, high = min(call.uses), max(call.uses)
        number = call.tile % 9
        if call.tile < low and number + 3 <= 8:  # called the low end: the tile above the run
            out.add(call.tile + 3)
        elif call.tile > high and number - 3 >= 0:  # called the high end: the tile below
            out.add(call.tile - 3)
    return frozenset(out)


def _leaves_a_discard(hand: Hand, call: Call, rules: CallRules) -> bool:
    counts = list(hand.concealed)
    for t in call.uses:
        counts[t] -= 1
    banned = forbidden_discards(call, rules)
    return any(n > 0 and t not in banned for t, n in enumerate(counts))


def _check_caller(seat: int, caller: Caller) -> None:
    if caller.hand.tile_count != 13:
        raise ValueError(
            f"seat {seat} must hold a hand between turns (13 tiles, a set counting as 3), "
            f"not {caller.hand.tile_count}"
        )


def call_options(
    discard: Tile,
    discarder: int,
    players: Sequence[Caller | None],
    *,
    last_discard: bool = False,
    kans_declared: int = 0,
    discard_red: bool = False,
    has_yaku: Callable[[int, Hand, Tile], bool] | None = None,
    rules: CallRules = CallRules(),
) -> CallOptions:
    """Every call the other players may make on a discard, and the ones a rule blocks.

    ``players`` has four entries in seat order (the discarder's entry, or any unknown player,
    may be ``None``). ``last_discard`` is the discard after the last draw of the hand;
    ``kans_declared`` counts kans so far; ``has_yaku(seat, hand, tile)`` may veto a ron.

    >>> from tutor.engine.hand import parse_hand
    >>> right = Caller(parse_hand("66p123456m789s12z"))
    >>> opts = call_options(14, 0, [None, None, None, right])  # seat 3 is on seat 0's right
    >>> [c.kind.value for c in opts.calls]
    ['pon']
    >>> opts = call_options(14, 0, [None, None, None, right], last_discard=True)
    >>> opts.calls, [b.reason.value for b in opts.blocked]
    ((), ['last_discard'])
    """
    _check_tile(discard)
    _check_seat(discarder)
    if len(players) != 4:
        raise ValueError(f"give four players in seat order, not {len(players)}")
    calls: list[Call] = []
    blocked: list[Blocked] = []
    for step in (1, 2, 3):
        seat = (discarder + step) % 4
        caller = players[seat]
        if caller is None:
            continue
        _check_caller(seat, caller)
        hand = caller.hand
        # ron
        if is_winning_tile(hand, discard):
            if caller.furiten:
                blocked.append(Blocked(seat, CallKind.RON, discard, Reason.FURITEN))
            elif has_yaku is not None and not has_yaku(seat, hand, discard):
                blocked.append(Blocked(seat, CallKind.RON, discard, Reason.NO_YAKU))
            else:
                calls.append(Call(seat, CallKind.RON, discard, discarder=discarder))
        # the shapes for pon, open kan and chi
        shapes: list[tuple[CallKind, tuple[Tile, ...]]] = []
        have = hand.concealed[discard]
        if have >= 2:
            shapes.append((CallKind.PON, (discard, discard)))
        if have >= 3:
            shapes.append((CallKind.OPEN_KAN, (discard,) * 3))
        if discard < 27:
            n = discard % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if n + a >= 0 and n + b <= 8:
                    pair = (discard + a, discard + b)
                    if hand.concealed[pair[0]] and hand.concealed[pair[1]]:
                        shapes.append((CallKind.CHI, pair))
        for kind, uses in shapes:
            reason: Reason | None = None
            if caller.riichi:
                reason = Reason.RIICHI_ONLY_RON
            elif last_discard:
                reason = Reason.LAST_DISCARD
            elif kind is CallKind.CHI and step != 1:
                reason = Reason.CHI_ONLY_FROM_LEFT
            elif kind is CallKind.OPEN_KAN and kans_declared >= rules.max_kans:
                reason = Reason.NO_KAN_LEFT
            if reason is not None:
                blocked.append(Blocked(seat, kind, discard, reason, uses))
                continue
            options = [
                Call(seat, kind, discard, uses, red, discarder, discard_red)
                for red in _red_choices(hand, uses)
            ]
            if kind is not CallKind.OPEN_KAN and not _leaves_a_discard(hand, options[0], rules):
                blocked.append(Blocked(seat, kind, discard, Reason.KUIKAE, uses))
                continue
            calls.extend(options)
    return CallOptions(tuple(calls), tuple(blocked))


def chankan_options(
    tile: Tile,
    kan_seat: int,
    players: Sequence[Caller | None],
    *,
    closed_kan: bool = False,
    has_yaku: Callable[[int, Hand, Tile], bool] | None = None,
    rules: CallRules = CallRules(),
) -> CallOptions:
    """Who may rob a kan (chankan): ron on the tile added to a pon, and, on a closed kan, only a
    thirteen-orphans hand (when ``rules.kokushi_robs_closed_kan``).

    >>> from tutor.engine.hand import parse_hand
    >>> kokushi = Caller(parse_hand("19m19p19s1234567z"))
    >>> [c.seat for c in chankan_options(27, 0, [None, kokushi, None, None], closed_kan=True).calls]
    [1]
    """
    _check_tile(tile)
    _check_seat(kan_seat)
    if len(players) != 4:
        raise ValueError(f"give four players in seat order, not {len(players)}")
    calls: list[Call] = []
    blocked: list[Blocked] = []
    for step in (1, 2, 3):
        seat = (kan_seat + step) % 4
        caller = players[seat]
        if caller is None:
            continue
        _check_caller(seat, caller)
        hand = caller.hand
        if not is_winning_tile(hand, tile):
            continue
        if closed_kan:
            counts = list(hand.concealed)
            counts[tile] += 1
            if not rules.kokushi_robs_closed_kan or hand.melds or shanten_kokushi(counts) != -1:
                continue
        if caller.furiten:
            blocked.append(Blocked(seat, CallKind.RON, tile, Reason.FURITEN))
        elif has_yaku is not None and not has_yaku(seat, hand, tile):
            blocked.append(Blocked(seat, CallKind.RON, tile, Reason.NO_YAKU))
        else:
            calls.append(Call(seat, CallKind.RON, tile, discarder=kan_seat))
    return CallOptions(tuple(calls), tuple(blocked))


def skipped_seats(discarder: int, caller: int) -> tuple[int, ...]:
    """The seats that lose their turn when ``caller`` takes ``discarder``'s tile: everyone
    strictly between them in turn order.

    >>> skipped_seats(0, 1), skipped_seats(0, 2), skipped_seats(0, 3)
    ((), (1,), (1, 2))
    """
    _check_seat(discarder)
    _check_seat(caller)
    if caller == discarder:
        raise ValueError("a player does not call its own discard")
    return tuple((discarder + k) % 4 for k in range(1, (caller - discarder) % 4))


@dataclass(frozen=True)
class Resolution:
    """What happens after everyone declared their calls on one discard.

    ``winners`` are the calls that take the tile (several only for a double or triple ron);
    ``overridden`` the declared calls that lost, each with its :class:`Reason`; ``skipped`` the
    seats that lose a turn; ``next_seat`` who acts next (the caller, who then discards, or the
    next player in turn who draws), ``None`` when the hand ends (ron or an abortive draw);
    ``passed_ron`` the seats that could have won on the tile and did not declare it: they are
    now furiten (temporary, and for the rest of the hand if in riichi). It is only known when
    the legal calls were given to :func:`resolve_calls`.
    """

    winners: tuple[Call, ...]
    overridden: tuple[tuple[Call, Reason], ...]
    skipped: tuple[int, ...]
    next_seat: int | None
    abortive_draw: bool = False
    passed_ron: tuple[int, ...] = ()

    @property
    def hand_ends(self) -> bool:
        """Whether the hand is over (someone won by ron, or a triple ron drew it)."""
        return self.next_seat is None


def resolve_calls(
    declared: Sequence[Call],
    discarder: int,
    rules: CallRules = CallRules(),
    legal: CallOptions | None = None,
) -> Resolution:
    """Pick the calls that take the tile: ron, then pon or kan, then chi.

    Each seat declares at most one call. When ``legal`` (from :func:`call_options`) is given,
    every declared call must be one of its calls.

    >>> ron1 = Call(seat=2, kind=CallKind.RON, tile=5, discarder=0)
    >>> ron2 = Call(seat=3, kind=CallKind.RON, tile=5, discarder=0)
    >>> [c.seat for c in resolve_calls([ron2, ron1], 0).winners]
    [2, 3]
    >>> bump = resolve_calls([ron2, ron1], 0, CallRules(multiple_ron=MultipleRon.HEAD_BUMP))
    >>> [c.seat for c in bump.winners], [(c.seat, r.value) for c, r in bump.overridden]
    ([2], [(3, 'head_bump')])
    >>> resolve_calls([], 3).next_seat
    0
    >>> from tutor.engine.hand import parse_hand
    >>> legal = call_options(0, 3, [Caller(parse_hand("23m456p789s11z123p")), None, None, None])
    >>> resolve_calls([], 3, legal=legal).passed_ron
    (0,)
    """
    _check_seat(discarder)
    seats: set[int] = set()
    for call in declared:
        if call.seat == discarder:
            raise IllegalCallError(f"seat {call.seat} cannot call its own discard")
        if call.discarder != discarder:
            raise IllegalCallError(f"{call} is not a call on seat {discarder}'s discard")
        if call.seat in seats:
            raise IllegalCallError(f"seat {call.seat} declared more than one call")
        if legal is not None and call not in legal.calls:
            raise IllegalCallError(f"{call} is not a legal call")
        seats.add(call.seat)

    passed: tuple[int, ...] = ()
    if legal is not None:
        could = {c.seat for c in legal.calls if c.kind is CallKind.RON}
        did = {c.seat for c in declared if c.kind is CallKind.RON}
        passed = tuple(sorted(could - did, key=lambda s: (s - discarder) % 4))
    resolution = _resolve(declared, discarder, rules)
    return replace(resolution, passed_ron=passed) if passed else resolution


def _resolve(declared: Sequence[Call], discarder: int, rules: CallRules) -> Resolution:
    def distance(c: Call) -> int:
        return (c.seat - discarder) % 4

    ordered = sorted(declared, key=distance)
    rons = [c for c in ordered if c.kind is CallKind.RON]
    if rons:
        others = [(c, Reason.RON_BEATS_CALLS) for c in ordered if c.kind is not CallKind.RON]
        if rules.multiple_ron is MultipleRon.HEAD_BUMP:
            lost = [(c, Reason.HEAD_BUMP) for c in rons[1:]]
            return Resolution((rons[0],), tuple(lost + others), (), None)
        if len(rons) == 3 and rules.multiple_ron is MultipleRon.DOUBLE:
            lost = [(c, Reason.TRIPLE_RON_DRAW) for c in rons]
            return Resolution((), tuple(lost + others), (), None, abortive_draw=True)
        return Resolution(tuple(rons), tuple(others), (), None)
    pons = [c for c in ordered if c.kind in (CallKind.PON, CallKind.OPEN_KAN)]
    chis = [c for c in ordered if c.kind is CallKind.CHI]
    if len(pons) > 1:
        raise IllegalCallError("two players cannot both pon or kan one tile: there are only four")
    if pons:
        winner = pons[0]
        lost = [(c, Reason.PON_BEATS_CHI) for c in chis]
        return Resolution(
            (winner,), tuple(lost), skipped_seats(discarder, winner.seat), winner.seat
        )
    if chis:
        for c in chis:
            if distance(c) != 1:
                raise IllegalCallError(f"{c}: chi only from the player on the left")
        return Resolution((chis[0],), (), (), chis[0].seat)
    if any(c.kind in (CallKind.CLOSED_KAN, CallKind.ADDED_KAN) for c in ordered):
        raise IllegalCallError("closed and added kans are declared in one's own turn")
    return Resolution((), (), (), (discarder + 1) % 4)


def own_turn_kans(
    hand: Hand,
    drawn: Tile | None = None,
    *,
    seat: int = 0,
    riichi: bool = False,
    kans_declared: int = 0,
    remaining_draws: int = 1,
    rules: CallRules = CallRules(),
) -> CallOptions:
    """The closed and added kans a player may declare in its own turn (14 tiles, a set
    counting as 3, the drawn tile included).

    ``drawn`` is the tile just drawn (needed in riichi), ``remaining_draws`` the live wall's
    count (no kan after the last tile).

    >>> from tutor.engine.hand import parse_hand
    >>> hand = parse_hand("1111m234p22z3z7z [777z]", sizes=(14,))
    >>> [str(c) for c in own_turn_kans(hand).calls]
    ['seat 0: closed kan 1m with 1111m', 'seat 0: added kan 7z with 7z']
    >>> riichi_hand = parse_hand("1111m234p567s789s2z", sizes=(14,))  # just drew the 2z
    >>> [b.reason.value for b in own_turn_kans(riichi_hand, drawn=28, riichi=True).blocked]
    ['riichi_kan_not_drawn']
    """
    _check_seat(seat)
    if hand.tile_count != 14:
        raise ValueError(
            f"a kan in one's own turn needs the hand after its draw (14 tiles, a set counting "
            f"as 3), not {hand.tile_count}"
        )
    if drawn is not None:
        _check_tile(drawn)
        if hand.concealed[drawn] == 0:
            raise ValueError(f"the drawn tile {tile_str(drawn)} is not in the hand")
    calls: list[Call] = []
    blocked: list[Blocked] = []
    no_more = kans_declared >= rules.max_kans or remaining_draws <= 0
    for t in range(NUM_KINDS):
        if hand.concealed[t] != 4:
            continue
        uses = (t,) * 4
        reason: Reason | None = None
        if no_more:
            reason = Reason.NO_KAN_LEFT
        elif riichi:
            if t != drawn:
                reason = Reason.RIICHI_KAN_NOT_DRAWN
            elif not _riichi_kan_keeps_waits(hand, t):
                reason = Reason.RIICHI_KAN_CHANGES_WAITS
            elif rules.riichi_kan_keeps_shape and not _riichi_kan_keeps_shape(hand, t):
                reason = Reason.RIICHI_KAN_CHANGES_SHAPE
        if reason is not None:
            blocked.append(Blocked(seat, CallKind.CLOSED_KAN, t, reason, uses))
            continue
        red = _red_choices(hand, uses)[0]
        calls.append(Call(seat, CallKind.CLOSED_KAN, t, uses, red))
    for meld in hand.melds:
        if meld.kind is not MeldKind.PON or hand.concealed[meld.base] == 0:
            continue
        t = meld.base
        if no_more:
            blocked.append(Blocked(seat, CallKind.ADDED_KAN, t, Reason.NO_KAN_LEFT, (t,)))
            continue
        for red in _red_choices(hand, (t,)):
            calls.append(Call(seat, CallKind.ADDED_KAN, t, (t,), red))
    return CallOptions(tuple(calls), tuple(blocked))


def _riichi_kan_keeps_waits(hand: Hand, tile: Tile) -> bool:
    before = list(hand.concealed)
    before[tile] -= 1
    waits_before = winning_tiles(Hand(tuple(before), hand.melds, (0, 0, 0)))
    after = list(hand.concealed)
    after[tile] = 0
    kan = Meld(MeldKind.CLOSED_KAN, (tile,) * 4)
    waits_after = winning_tiles(Hand(tuple(after), hand.melds + (kan,), (0, 0, 0)))
    return waits_before == waits_after


def _riichi_kan_keeps_shape(hand: Hand, tile: Tile) -> bool:
    before = list(hand.concealed)
    before[tile] -= 1
    for wait in winning_tiles(Hand(tuple(before), hand.melds, (0, 0, 0))):
        complete = list(before)
        complete[wait] += 1
        for split in decompositions(complete, hand.melds):
            if not any(g.kind is GroupKind.TRIPLET and g.first == tile for g in split.groups):
                return False
    return True
