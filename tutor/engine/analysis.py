"""Uke-ire, the discard table and the 2-step figure.

**Seen tiles.** Every function here takes ``seen``: 34 counts of every tile the player can see —
their own hand, called sets (theirs and others'), all discards and the dora indicators. It must
include the hand itself; when omitted it is just the hand. A kind's *unseen* copies are
``4 - seen``: the copies that may still be drawn.

**Uke-ire** of a hand of 13 tiles (3 fewer per called set): the kinds whose draw lowers the
shanten, each with its unseen copies, and their total. A kind the hand holds four of is never
accepted. A kind that would help but has no unseen copy stays listed with 0 (it is *dead*).

**Discard table** of a hand of 14 tiles: for each different discard, the shanten after it and
the uke-ire of what remains, sorted best first: lower shanten, then more accepted tiles, then a
higher 2-step figure, then the lower tile.

**The 2-step figure** breaks ties between discards with the same uke-ire by looking one draw
further. For a discard ``d`` leaving a hand ``H`` at shanten ``s`` ≥ 1::

    two_step(d) = Σ over accepted kinds t of H:  unseen(t) × best(t)
    best(t)     = max over discards c of H + t with shanten(H + t − c) = s − 1
                  of uke-ire count of H + t − c, counted with t's unseen copies less one

so it is the total, over the unseen copies of every accepting draw, of the most accepted tiles
one can keep after the best follow-up discard that holds the improved shanten. Unseen copies
are counted as everywhere here (``4 - seen``, the discarded tiles staying seen), less the copy
of ``t`` just drawn. (Dividing by the
discard's uke-ire count gives the average uke-ire after an accepting draw, which
:attr:`DiscardOption.two_step_average` reports.) When ``s`` is 0 the accepting draw wins, there
is no follow-up, and the figure is 0.

>>> from tutor.engine.tiles import parse_tiles, to_counts, tile_str
>>> table = discard_analysis(to_counts(parse_tiles("12345m2456p13579s")))
>>> [(tile_str(o.discard), o.shanten, o.count, o.two_step) for o in table[:3]]
[('2p', 2, 50, 1037), ('1s', 2, 46, 749), ('9s', 2, 46, 749)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from . import shanten as _sh
from .tiles import (
    NUM_KINDS,
    TERMINALS_AND_HONORS,
    Counts,
    ImpossibleHandError,
    Tile,
    check_counts,
    tile_str,
)
from .waits import WaitShape, wait_pattern, wait_shapes

__all__ = [
    "Ukeire",
    "DiscardOption",
    "TenpaiInfo",
    "Margin",
    "MarginReason",
    "MARGIN_ABSOLUTE",
    "MARGIN_RELATIVE",
    "TWO_STEP_RELATIVE",
    "ukeire",
    "discard_analysis",
    "clear_margin",
    "ukeire_margin_needed",
    "tenpai_info",
    "unseen_counts",
]

_INF = 100
_POW_OF = np.array(
    [5 ** (8 - i % 9) for i in range(27)] + [5 ** (6 - i) for i in range(7)], dtype=np.int64
)
_YAOCHU_MASK = np.zeros(NUM_KINDS, dtype=bool)
_YAOCHU_MASK[list(TERMINALS_AND_HONORS)] = True


# --- vectorized core ---------------------------------------------------------------------------

_SUIT_KINDS = (np.arange(0, 9), np.arange(9, 18), np.arange(18, 27), np.arange(27, 34))


def _hand_and_draws(
    counts: npt.NDArray[np.int8], melds: int, held: tuple[int, ...] | None = None
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """Shanten ``(M,)`` of 3k+1 hands and shanten ``(M, 34)`` after drawing each kind.

    A draw changes one suit's count vector only: look up that suit's new profile and combine
    it with the others' (see :mod:`tutor.engine.shanten`). Kinds held four times get a large
    value (they cannot be drawn). With ``held`` (the copies in the hand's own called sets) the
    slower capped search of :func:`tutor.engine.shanten.shanten_capped` is used instead.
    """
    if held is not None:
        return _hand_and_draws_capped(counts, melds, held)
    pr = _sh.profiles()
    sets = 4 - melds
    n = counts.shape[0]
    keys = _sh.batch_keys(counts)
    ids = _sh.profile_ids(keys)
    m, p, s, z = ids
    final = pr.final[sets].ravel()
    c1 = pr.mp.take(m * pr.n_suit + p).astype(np.intp)
    c2 = pr.sz.take(s * pr.n_honor + z).astype(np.intp)
    base = final.take(c1 * pr.n_sz + c2).astype(np.int16) - 1
    counts_t = np.ascontiguousarray(counts.T)
    full = counts_t >= 4
    after = np.empty((NUM_KINDS, n), dtype=np.int16)
    for x in range(4):
        kinds = _SUIT_KINDS[x]
        newkeys = keys[x][None, :] + _POW_OF[kinds][:, None].astype(np.int32)
        newkeys[full[kinds]] = 0
        table = pr.honor_ids if x == 3 else pr.suit_ids
        new = table.take(newkeys).astype(np.intp)  # (len(kinds), n)
        if x == 0:
            cc = pr.mp.take(new * pr.n_suit + p).astype(np.intp) * pr.n_sz + c2
        elif x == 1:
            cc = pr.mp.take(m * pr.n_suit + new).astype(np.intp) * pr.n_sz + c2
        elif x == 2:
            cc = c1 * pr.n_sz + pr.sz.take(new * pr.n_honor + z)
        else:
            cc = c1 * pr.n_sz + pr.sz.take(s * pr.n_honor + new)
        after[kinds] = final.take(cc)
    after -= 1
    if melds == 0:
        kinds_n, pairs_n, orph_n, orph_pairs = _sh.aux_fields(keys)
        paired = orph_pairs > 0
        chiitoi_now = 6 - pairs_n + np.maximum(0, 7 - kinds_n)
        kokushi_now = 13 - orph_n - paired
        base = np.minimum(base, np.minimum(chiitoi_now, kokushi_now))
        one = counts_t == 1
        zero = counts_t == 0
        chiitoi = 6 - (pairs_n + one) + np.maximum(0, 7 - (kinds_n + zero))
        kokushi = np.broadcast_to(kokushi_now, (NUM_KINDS, n)).copy()
        y = _YAOCHU_MASK
        kokushi[y] = 13 - (orph_n + zero[y]) - (paired | one[y])
        np.minimum(after, np.minimum(chiitoi, kokushi), out=after)
    after[full] = _INF
    return base.astype(np.int16), np.ascontiguousarray(after.T)


def _hand_and_draws_capped(
    counts: npt.NDArray[np.int8], melds: int, held: tuple[int, ...]
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    n = counts.shape[0]
    base = np.empty(n, dtype=np.int16)
    after = np.full((n, NUM_KINDS), _INF, dtype=np.int16)
    for i in range(n):
        b, a = _sh.shanten_capped_draws([int(x) for x in counts[i]], melds, held)
        base[i] = b
        after[i] = a
    return base, after


def _shanten_rows(
    hands: npt.NDArray[np.int8], melds: int, held: tuple[int, ...] | None
) -> npt.NDArray[np.int16]:
    if held is None:
        return _sh.shanten_batch(hands, melds, check=False).astype(np.int16)
    return np.array(
        [_sh.shanten_capped([int(x) for x in row], melds, held) for row in hands], dtype=np.int16
    )


def _held(counts: Sequence[int], held: Sequence[int] | None) -> tuple[int, ...] | None:
    """Checked called-set counts, or None when the sets hold nothing (the fast path)."""
    if held is None or not any(held):
        return None
    return _sh.check_held(counts, held)


# --- public API --------------------------------------------------------------------------------


def unseen_counts(counts: Sequence[int], seen: Sequence[int] | None) -> Counts:
    """Unseen copies of each kind: ``4 - seen``, where ``seen`` must include the hand.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> unseen_counts(to_counts(parse_tiles("11m")), None)[:2]
    (2, 4)
    >>> unseen_counts(to_counts(parse_tiles("11m")), to_counts(parse_tiles("1m")))
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: seen tiles must include the hand: it holds 2 of 1m, seen has 1
    """
    c = check_counts(counts)
    if seen is None:
        return tuple(4 - x for x in c)
    s = check_counts(seen)
    for t in range(NUM_KINDS):
        if s[t] < c[t]:
            raise ImpossibleHandError(
                f"seen tiles must include the hand: it holds {c[t]} of {tile_str(t)}, "
                f"seen has {s[t]}"
            )
    return tuple(4 - x for x in s)


def _size(counts: Sequence[int], melds: int, extra: int) -> None:
    want = 13 - 3 * melds + extra
    n = sum(counts)
    if not 0 <= melds <= 4:
        raise ImpossibleHandError(f"a hand has 0 to 4 called sets, not {melds}")
    if n != want:
        raise ImpossibleHandError(
            f"this needs {want} concealed tiles beside {melds} called sets, the hand has {n}"
        )


@dataclass(frozen=True)
class Ukeire:
    """Uke-ire of a 3k+1 hand.

    ``accepted`` maps each kind whose draw lowers the shanten to its unseen copies (0 = dead);
    ``count`` is their total.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> ukeire(to_counts(parse_tiles("1m")), melds=4)
    Ukeire(shanten=0, accepted={0: 3}, count=3)
    """

    shanten: int
    accepted: dict[Tile, int]
    count: int

    def accepted_str(self) -> dict[str, int]:
        """``accepted`` keyed by tile notation.

        >>> from tutor.engine.tiles import parse_tiles, to_counts
        >>> ukeire(to_counts(parse_tiles("23m456p789s11122z"))).accepted_str()
        {'1m': 4, '4m': 4}
        """
        return {tile_str(t): n for t, n in self.accepted.items()}


def ukeire(
    counts: Sequence[int],
    melds: int = 0,
    seen: Sequence[int] | None = None,
    *,
    held: Sequence[int] | None = None,
) -> Ukeire:
    """The kinds that lower the shanten of a 3k+1 hand, with their unseen copies.

    ``held`` (34 counts) are the tiles in the hand's own called sets: a kind the hand and its
    sets hold four of is never accepted, and the shanten never counts on a fifth copy.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> u = ukeire(to_counts(parse_tiles("123m456p789s1134z")))
    >>> u.shanten, u.accepted_str(), u.count
    (1, {'1z': 2, '3z': 3, '4z': 3}, 8)
    >>> pon = to_counts(parse_tiles("111m"))
    >>> ukeire(to_counts(parse_tiles("1m234p567s789s")), 1, held=pon).shanten
    1
    """
    c = check_counts(counts)
    _size(c, melds, 0)
    unseen = unseen_counts(c, seen)
    base, after = _hand_and_draws(np.array([c], dtype=np.int8), melds, _held(c, held))
    s = int(base[0])
    accepted = {t: unseen[t] for t in range(NUM_KINDS) if after[0, t] < s}
    return Ukeire(s, accepted, sum(accepted.values()))


@dataclass(frozen=True)
class DiscardOption:
    """One row of the discard table: see the module docstring for ``two_step``.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> discard_analysis(to_counts(parse_tiles("12m")), melds=4)[0]
    DiscardOption(discard=0, shanten=0, accepted={1: 3}, count=3, two_step=0, best_follow_up={})
    """

    discard: Tile
    shanten: int
    accepted: dict[Tile, int]
    count: int
    two_step: int = 0
    best_follow_up: dict[Tile, int] = field(default_factory=dict)
    """For each accepted kind, the uke-ire count after its best follow-up discard."""

    @property
    def two_step_average(self) -> float:
        """``two_step`` divided by ``count``: mean uke-ire after an accepting draw.

        >>> DiscardOption(0, 1, {1: 4}, 4, two_step=40).two_step_average
        10.0
        """
        return self.two_step / self.count if self.count else 0.0

    def as_json(self) -> dict[str, object]:
        """The row as the JSON the command line prints.

        >>> DiscardOption(0, 1, {1: 4}, 4, two_step=40).as_json()["accepted"]
        {'2m': 4}
        """
        return {
            "discard": tile_str(self.discard),
            "shanten": self.shanten,
            "accepted": {tile_str(t): n for t, n in self.accepted.items()},
            "count": self.count,
            "two_step": self.two_step,
        }


def discard_analysis(
    counts: Sequence[int],
    melds: int = 0,
    seen: Sequence[int] | None = None,
    *,
    two_step: bool = True,
    held: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """Every different discard of a 3k+2 hand with its shanten, uke-ire and 2-step figure.

    Sorted best first: lower shanten, more accepted tiles, higher 2-step, lower tile.
    ``held`` are the tiles in the hand's own called sets, as for :func:`ukeire`.

    >>> from tutor.engine.tiles import parse_tiles, to_counts, tile_str
    >>> rows = discard_analysis(to_counts(parse_tiles("123m456p789s11345z")))
    >>> [(tile_str(r.discard), r.shanten, r.count) for r in rows[:3]]
    [('3z', 1, 8), ('4z', 1, 8), ('5z', 1, 8)]
    """
    c = check_counts(counts)
    _size(c, melds, 1)
    unseen = np.array(unseen_counts(c, seen), dtype=np.int32)
    capped = _held(c, held)
    hand = np.array(c, dtype=np.int8)
    kinds = np.flatnonzero(hand)
    hands13 = np.repeat(hand[None, :], len(kinds), axis=0)
    hands13[np.arange(len(kinds)), kinds] -= 1
    base, after = _hand_and_draws(hands13, melds, capped)
    imp1 = after < base[:, None]
    counts1 = (imp1 * unseen[None, :]).sum(axis=1)

    best_by_row: list[dict[Tile, int]] = [{} for _ in kinds]
    totals = [0] * len(kinds)
    if two_step:
        # every (discard row i, accepted draw t, follow-up discard k) as a 13-tile hand
        rows_i, rows_t = np.nonzero(imp1 & (base[:, None] >= 1))
        if rows_i.size:
            h2 = hands13[rows_i].copy()
            h2[np.arange(rows_i.size), rows_t] += 1
            pi, pk = np.nonzero(h2)
            # H - d + t - k is the same hand as H - k + t - d: key on (t, {d, k})
            d_of = kinds[rows_i[pi]]
            code = (rows_t[pi] * NUM_KINDS + np.minimum(d_of, pk)) * NUM_KINDS + np.maximum(
                d_of, pk
            )
            _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
            inverse = inverse.reshape(-1)
            uniq = h2[pi[first]].copy()
            uniq[np.arange(first.size), pk[first]] -= 1
            # only follow-ups that keep the improved shanten need their uke-ire
            base3 = _shanten_rows(uniq, melds, capped)
            ok = base3[inverse] == base[rows_i[pi]] - 1
            needed = np.zeros(uniq.shape[0], dtype=bool)
            needed[inverse[ok]] = True
            keep = np.flatnonzero(needed)
            _, after3 = _hand_and_draws(uniq[keep], melds, capped)
            imp3 = np.zeros((uniq.shape[0], NUM_KINDS), dtype=bool)
            imp3[keep] = after3 < base3[keep, None]
            cnt3 = (imp3 * unseen[None, :]).sum(axis=1)
            t_of = rows_t[pi]
            cnt = cnt3[inverse] - imp3[inverse, t_of]
            best = np.full(rows_i.size, -1, dtype=np.int64)
            np.maximum.at(best, pi[ok], cnt[ok])
            for j in range(rows_i.size):
                i = int(rows_i[j])
                t = int(rows_t[j])
                b = int(best[j])
                best_by_row[i][t] = b
                totals[i] += int(unseen[t]) * b
    options = [
        DiscardOption(
            discard=int(kinds[i]),
            shanten=int(base[i]),
            accepted={int(t): int(unseen[t]) for t in np.flatnonzero(imp1[i])},
            count=int(counts1[i]),
            two_step=totals[i],
            best_follow_up=best_by_row[i],
        )
        for i in range(len(kinds))
    ]
    options.sort(key=lambda o: (o.shanten, -o.count, -o.two_step, o.discard))
    return options


# --- the clear-best rule -----------------------------------------------------------------------

MARGIN_ABSOLUTE = 2
"""The best discard needs at least this many more accepted tiles than the second ..."""
MARGIN_RELATIVE = 0.10
"""... and at least this fraction of its own count more (whichever is larger)."""
TWO_STEP_RELATIVE = 0.10
"""On equal accepted tiles, the 2-step figure must be ahead by this fraction."""


class MarginReason(StrEnum):
    """Why the best discard stands out."""

    SHANTEN = "shanten"
    """Every other discard leaves the hand further from tenpai."""
    UKEIRE = "ukeire"
    """Clearly more accepted tiles than any other discard."""
    TWO_STEP = "two_step"
    """As many accepted tiles as the runner-up, but a clearly better 2-step figure."""


@dataclass(frozen=True)
class Margin:
    """Why the best discard stands out, and the two figures compared (the best discard's and
    the runner-up's shanten, accepted tiles or 2-step figure, as ``reason`` says).

    >>> Margin(MarginReason.UKEIRE, 20, 16).as_dict()
    {'reason': 'ukeire', 'best': 20, 'second': 16}
    """

    reason: MarginReason
    best: int
    second: int

    def as_dict(self) -> dict[str, object]:
        """The margin as stored JSON: the reason's code and the two figures."""
        return {"reason": self.reason.value, "best": self.best, "second": self.second}


def ukeire_margin_needed(best_count: int) -> int:
    """How many more accepted tiles than the runner-up a best discard accepting ``best_count``
    tiles needs to stand out on uke-ire alone: ``max(MARGIN_ABSOLUTE, MARGIN_RELATIVE × best)``,
    rounded up.

    >>> ukeire_margin_needed(20), ukeire_margin_needed(30), ukeire_margin_needed(31)
    (2, 3, 4)
    """
    return max(MARGIN_ABSOLUTE, math.ceil(round(MARGIN_RELATIVE * best_count, 9)))


def _rank(option: DiscardOption) -> tuple[int, int, int, int]:
    return (option.shanten, -option.count, -option.two_step, option.discard)


def clear_margin(options: Sequence[DiscardOption]) -> Margin | None:
    """Whether the best of these discards stands out clearly: the one rule that makes a hand a
    what-to-discard puzzle, a lesson's best-discard exercise or a teacher's custom exercise.

    The best discard is the one with the lowest shanten after it, then the most accepted tiles,
    then the best 2-step figure (the rows are ranked here, in any order given). It stands out
    when the runner-up (the best other discard):

    * leaves a higher shanten, or
    * accepts fewer tiles by at least :func:`ukeire_margin_needed` of the best count
      (``max(MARGIN_ABSOLUTE, MARGIN_RELATIVE × best)``), or
    * accepts exactly as many tiles and has a 2-step figure lower by at least
      ``TWO_STEP_RELATIVE`` of the best one's.

    Anything closer (say 20 against 19 tiles) is a matter of taste: None. A table of one
    discard has no runner-up and nothing to choose: None.

    >>> row = lambda t, s, n, two=0: DiscardOption(t, s, {}, n, two)
    >>> clear_margin([row(0, 1, 20), row(1, 1, 16)])
    Margin(reason=<MarginReason.UKEIRE: 'ukeire'>, best=20, second=16)
    >>> clear_margin([row(0, 1, 20), row(1, 1, 19)]) is None
    True
    >>> clear_margin([row(0, 1, 20, 300), row(1, 1, 20, 250)]).reason.value
    'two_step'
    >>> clear_margin([row(1, 1, 30), row(0, 0, 4)]).reason.value
    'shanten'
    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> clear_margin(discard_analysis(to_counts(parse_tiles("2m567p13456789s66z")))).reason.value
    'shanten'
    """
    ranked = sorted(options, key=_rank)
    if len(ranked) < 2:
        return None
    best, second = ranked[0], ranked[1]
    if second.shanten > best.shanten:
        return Margin(MarginReason.SHANTEN, best.shanten, second.shanten)
    if best.count - second.count >= ukeire_margin_needed(best.count):
        return Margin(MarginReason.UKEIRE, best.count, second.count)
    if (
        best.count == second.count
        and best.two_step > 0
        and best.two_step - second.two_step >= TWO_STEP_RELATIVE * best.two_step
    ):
        return Margin(MarginReason.TWO_STEP, best.two_step, second.two_step)
    return None


@dataclass(frozen=True)
class TenpaiInfo:
    """The wait of a tenpai hand.

    ``waits`` maps each winning kind to its live (unseen) copies; ``karaten`` is true when every
    copy of every wait is visible, so the hand cannot win.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> tenpai_info(to_counts(parse_tiles("1m")), melds=4).live
    3
    """

    waits: dict[Tile, int]
    shapes: dict[Tile, set[WaitShape]]
    pattern: WaitShape
    live: int
    karaten: bool

    def as_json(self) -> dict[str, object]:
        """The wait as the JSON the command line prints.

        >>> from tutor.engine.tiles import parse_tiles, to_counts
        >>> info = tenpai_info(to_counts(parse_tiles("23m456p789s11122z")))
        >>> info.as_json()["waits"], info.as_json()["pattern"]
        ({'1m': 4, '4m': 4}, 'two_sided')
        """
        return {
            "waits": {tile_str(t): n for t, n in self.waits.items()},
            "shapes": {tile_str(t): sorted(s.value for s in v) for t, v in self.shapes.items()},
            "pattern": self.pattern.value,
            "live": self.live,
            "karaten": self.karaten,
        }


def tenpai_info(
    counts: Sequence[int],
    melds: int = 0,
    seen: Sequence[int] | None = None,
    *,
    held: Sequence[int] | None = None,
) -> TenpaiInfo | None:
    """Waits, their shapes and live copies of a 3k+1 hand; None when it is not tenpai.

    A kind the hand and its called sets (``held``, 34 counts) hold four of is no wait: a hand
    whose only wait is such a kind is not tenpai.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> lone_1m = to_counts(parse_tiles("1m234p567s789s"))
    >>> tenpai_info(lone_1m, 1, held=to_counts(parse_tiles("111m"))) is None
    True

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> hand = to_counts(parse_tiles("24m456p789s11122z"))
    >>> seen = to_counts(parse_tiles("24m456p789s11122z3333m"))
    >>> info = tenpai_info(hand, seen=seen)
    >>> info.pattern.value, info.live, info.karaten
    ('closed', 0, True)
    """
    c = check_counts(counts)
    _size(c, melds, 0)
    unseen = unseen_counts(c, seen)
    capped = _held(c, held)
    shapes = wait_shapes(c, melds, held=capped)
    if not shapes:
        return None
    pattern = wait_pattern(c, melds, held=capped)
    assert pattern is not None
    live = {t: unseen[t] for t in sorted(shapes)}
    total = sum(live.values())
    return TenpaiInfo(live, shapes, pattern, total, total == 0)
