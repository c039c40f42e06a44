"""Shanten: how many tile exchanges a hand is from tenpai.

A hand of ``3k+1`` or ``3k+2`` concealed tiles beside ``melds`` called sets (``k = 4 - melds``)
is *n*-shanten when it needs at least *n* + 1 more useful draws (each followed by a discard) to
be complete; tenpai is 0 and a complete hand is −1. The answer is the minimum over three forms:

* **standard** — four sets and a pair (the called sets count as sets);
* **seven pairs** — seven *different* pairs, only with no called sets;
* **thirteen orphans** — one of each terminal and honor plus a pair of one of them, only with
  no called sets.

How it is computed. The standard form is exact: we look for the complete hand, among all hands
that can exist (never a fifth copy of a kind), that shares the most tiles with ours. Sets lie
within one suit, so for each suit's nine counts (a number in base 5) a table built once holds
the fewest tiles that suit lacks to hold *s* sets and *p* pairs (``s`` ≤ 4, ``p`` ≤ 1). Honors
have their own table over seven counts. The four suits are then combined by min-plus over
(sets, pair) and the standard shanten is that minimum, minus one.

Only 126 different rows occur in the suit table and 55 in the honor table, and min-plus of
two of them gives only 180 (two suits) and 165 (a suit and the honors) different results. So
each count vector maps to a small *profile* number, and two small tables give the combined
profile of m+p and of s+honors; a last table gives the distance for each pair of those and
each number of sets. A shanten is then seven table lookups. The tables are built with numpy in
a few seconds on first use and cached on disk in ``var/cache/engine/`` of the checkout
(gitignored; ``$TUTOR_ENGINE_CACHE_DIR`` overrides it, empty disables it).

Because the search never uses a fifth copy, a hand that could only wait on a tile it holds all
four of is not tenpai: ``1111m234567p111s`` needs another wait. The same holds for copies in the
hand's own called sets: pass them as ``held`` (34 counts) and the search never asks the concealed
part for more copies than the sets leave, so ``1m234p567s789s [111m]`` is 1-shanten like the
same tiles concealed. That search runs the table's construction for the one hand instead of
the tables (each suit's row is remembered), so it is slower, and it is used only with ``held``.

>>> from tutor.engine.tiles import parse_tiles, to_counts
>>> shanten(to_counts(parse_tiles("123m456p789s1122z")))
0
>>> shanten(to_counts(parse_tiles("19m19p19s1234567z")))
0
"""

from __future__ import annotations

import functools
import os
import tempfile
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .tiles import NUM_KINDS, TERMINALS_AND_HONORS, ImpossibleHandError

__all__ = [
    "shanten",
    "shanten_standard",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_forms",
    "shanten_batch",
    "suit_table",
    "honor_table",
    "suit_key",
    "honor_key",
    "check_shanten_size",
    "check_held",
    "shanten_capped",
    "shanten_capped_draws",
]

_INF = 100
"""Table value meaning "impossible" (kept small so sums stay inside uint8/int16)."""

NUM_TARGETS = 10
"""Table columns: index ``2 * sets + pairs`` for sets 0..4 and pairs 0..1."""

_POW5 = tuple(5 ** (8 - i) for i in range(9))
_POW5_HONOR = tuple(5 ** (6 - i) for i in range(7))

_lock = threading.RLock()
_suit_table: npt.NDArray[np.uint8] | None = None
_honor_table: npt.NDArray[np.uint8] | None = None


def _states() -> list[tuple[int, int, int, int]]:
    # (x, y, s, p): x sequences started two kinds back, y started one back, s sets so far
    # (started sequences included), p pairs so far.
    return [
        (x, y, s, p)
        for s in range(5)
        for x in range(5)
        for y in range(5)
        for p in range(2)
        if x + y <= s
    ]


def _build_table(length: int, sequences: bool) -> npt.NDArray[np.uint8]:
    """Fewest missing tiles per count vector (base 5, first kind most significant)."""
    states = _states()
    index = {st: i for i, st in enumerate(states)}
    n = len(states)
    cost = np.full((1, n), _INF, dtype=np.uint8)
    cost[0, index[(0, 0, 0, 0)]] = 0
    for i in range(length):
        # best[(out, demand)] = min over in-states and choices reaching out with that demand
        groups: dict[tuple[int, int], list[int]] = {}
        for si, (x, y, s, p) in enumerate(states):
            max_a = 4 if sequences and i <= length - 3 else 0
            for a in range(max_a + 1):
                for b in range(2):
                    for c in range(2 - p):
                        d = x + y + a + 3 * b + 2 * c
                        s2 = s + a + b
                        if d > 4 or s2 > 4:
                            continue
                        out = index[(y, a, s2, p + c)]
                        groups.setdefault((out, d), []).append(si)
        m = cost.shape[0]
        new = np.full((m, 5, n), _INF, dtype=np.uint8)
        for (out, d), ins in groups.items():
            part = cost[:, ins].min(axis=1) if len(ins) > 1 else cost[:, ins[0]]
            for v in range(5):
                inc = max(0, d - v)
                cand = np.minimum(part + np.uint8(inc), _INF).astype(np.uint8)
                np.minimum(new[:, v, out], cand, out=new[:, v, out])
        cost = new.reshape(m * 5, n)
    table = np.full((cost.shape[0], NUM_TARGETS), _INF, dtype=np.uint8)
    for s in range(5):
        for p in range(2):
            table[:, 2 * s + p] = cost[:, index[(0, 0, s, p)]]
    return table


def suit_table() -> npt.NDArray[np.uint8]:
    """The per-suit table: ``(5**9, 10)`` uint8, built on first use.

    Row ``suit_key(counts)``, column ``2 * sets + pairs``: the fewest tiles the suit lacks to
    hold that many sets and pairs.

    >>> int(suit_table()[suit_key([1, 1, 0, 0, 0, 0, 0, 0, 0]), 2])  # 12m -> one set
    1
    """
    _ensure_tables()
    assert _suit_table is not None
    return _suit_table


def honor_table() -> npt.NDArray[np.uint8]:
    """The honor table: ``(5**7, 10)`` uint8, like :func:`suit_table` but triplets only.

    >>> int(honor_table()[honor_key([2, 0, 0, 0, 0, 0, 0]), 2])  # 11z -> one set
    1
    """
    _ensure_tables()
    assert _honor_table is not None
    return _honor_table


def _cache_dir() -> Path | None:
    env = os.environ.get("TUTOR_ENGINE_CACHE_DIR")
    if env is not None:
        return Path(env) if env else None
    # the repository's var/ folder (gitignored) when the package runs from a checkout
    root = Path(__file__).resolve().parents[2]
    return root / "var" / "cache" / "engine" if (root / "pyproject.toml").exists() else None


def _cached(
    name: str, build: Callable[[], dict[str, npt.NDArray[Any]]]
) -> dict[str, npt.NDArray[Any]]:
    """Named arrays from the cache file ``name``, or built (and saved when possible)."""
    folder = _cache_dir()
    if folder is not None:
        try:
            with np.load(folder / name) as data:
                return {k: data[k] for k in data.files}
        except (OSError, KeyError, ValueError):
            pass
    arrays = build()
    save: Any = np.savez
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=folder, suffix=".npz")
            with os.fdopen(fd, "wb") as fh:
                save(fh, **arrays)
            os.replace(tmp, folder / name)
        except OSError:
            pass
    return arrays


def _load_or_build() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    arrays = _cached(
        "shanten_tables_v1.npz",
        lambda: {
            "suit": _build_table(9, sequences=True),
            "honor": _build_table(7, sequences=False),
        },
    )
    suit, honor = arrays["suit"], arrays["honor"]
    if suit.shape != (5**9, NUM_TARGETS) or honor.shape != (5**7, NUM_TARGETS):
        raise RuntimeError("the shanten table cache is damaged: delete it to rebuild")
    return suit, honor


def _ensure_tables() -> None:
    """Build (or load from the disk cache) the tables once per process.

    The cache lives in ``$TUTOR_ENGINE_CACHE_DIR`` (empty to disable) or the checkout's
    gitignored ``var/cache/engine/``; a missing or unreadable cache is rebuilt.
    """
    global _suit_table, _honor_table
    if _suit_table is not None:
        return
    with _lock:
        if _suit_table is None:
            suit, honor = _load_or_build()
            _honor_table = honor
            _suit_table = suit


def suit_key(counts: Sequence[int]) -> int:
    """The row of nine counts of one suit in :func:`suit_table`.

    >>> suit_key([0] * 8 + [1]), suit_key([1] + [0] * 8)
    (1, 390625)
    """
    k = 0
    for c in counts:
        k = k * 5 + c
    return k


def honor_key(counts: Sequence[int]) -> int:
    """The row of the seven honor counts in :func:`honor_table`.

    >>> honor_key([0, 0, 0, 0, 0, 0, 2])
    2
    """
    k = 0
    for c in counts:
        k = k * 5 + c
    return k


def check_shanten_size(counts: Sequence[int], melds: int) -> int:
    """Validate a hand for shanten and return its concealed tile count.

    The concealed tiles plus 3 per called set must be 13 or 14 (so 1, 4, 7, 10 or 13 tiles, plus
    one after a draw).

    >>> check_shanten_size([1] * 13 + [0] * 21, 0)
    13
    >>> check_shanten_size([1] * 13 + [0] * 21, 1)
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: with 1 called set a hand has 10 or 11 concealed tiles, this has 13
    """
    if len(counts) != NUM_KINDS:
        raise ImpossibleHandError(f"counts must have 34 entries, got {len(counts)}")
    if not 0 <= melds <= 4:
        raise ImpossibleHandError(f"a hand has 0 to 4 called sets, not {melds}")
    if min(counts) < 0 or max(counts) > 4:
        t = next(i for i, c in enumerate(counts) if not 0 <= c <= 4)
        raise ImpossibleHandError(f"kind {t} has {counts[t]} copies: a count is 0 to 4")
    n = sum(counts)
    want = 13 - 3 * melds
    if n not in (want, want + 1):
        sets = "set" if melds == 1 else "sets"
        raise ImpossibleHandError(
            f"with {melds} called {sets} a hand has {want} or {want + 1} concealed tiles, "
            f"this has {n}"
        )
    return n


# --- profiles ------------------------------------------------------------------------------


class _Profiles:
    """Profile numbers of every count vector and the small combination tables."""

    def __init__(self, arrays: dict[str, npt.NDArray[Any]]) -> None:
        self.suit_ids: npt.NDArray[np.uint8] = arrays["suit_ids"]
        self.honor_ids: npt.NDArray[np.uint8] = arrays["honor_ids"]
        self.suit_aux: npt.NDArray[np.int32] = arrays["suit_aux"]
        self.honor_aux: npt.NDArray[np.int32] = arrays["honor_aux"]
        self.mp: npt.NDArray[np.uint8] = arrays["mp"]  # (n_suit, n_suit) -> combined id
        self.sz: npt.NDArray[np.uint8] = arrays["sz"]  # (n_suit, n_honor) -> combined id
        self.final: npt.NDArray[np.uint8] = arrays["final"]  # (5, n_mp, n_sz) distances
        self.n_suit = self.mp.shape[0]
        self.n_honor = self.sz.shape[1]
        self.n_sz = self.final.shape[2]
        # memoryviews index to plain ints quickly (for single calls)
        self.suit_ids_mv = memoryview(self.suit_ids)
        self.honor_ids_mv = memoryview(self.honor_ids)
        self.suit_aux_mv = memoryview(self.suit_aux)
        self.honor_aux_mv = memoryview(self.honor_aux)
        self.mp_mv = memoryview(self.mp.ravel())
        self.sz_mv = memoryview(self.sz.ravel())
        self.final_mv = [memoryview(self.final[k].ravel()) for k in range(5)]


_profiles: _Profiles | None = None

# aux: counts of kinds held, pairs (2+), terminal/honor kinds held, terminal/honor pairs,
# packed in 6-bit fields so the four parts of a hand add up without carries
_AUX_SHIFT = (0, 6, 12, 18)
_AUX_MASK = 63


def _digits(n_digits: int) -> npt.NDArray[np.uint8]:
    keys = np.arange(5**n_digits, dtype=np.int64)
    out = np.empty((keys.size, n_digits), dtype=np.uint8)
    for i in range(n_digits - 1, -1, -1):
        out[:, i] = keys % 5
        keys //= 5
    return out


def _aux(n_digits: int, orphan: npt.NDArray[np.bool_]) -> npt.NDArray[np.int32]:
    d = _digits(n_digits)
    fields = (
        np.count_nonzero(d, axis=1),
        np.count_nonzero(d >= 2, axis=1),
        np.count_nonzero(d[:, orphan], axis=1),
        np.count_nonzero(d[:, orphan] >= 2, axis=1),
    )
    out = np.zeros(d.shape[0], dtype=np.int32)
    for f, shift in zip(fields, _AUX_SHIFT, strict=True):
        out |= f.astype(np.int32) << shift
    return out


def _unique_rows(
    rows: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    # values are at most 2 * 14: pack a row in 5-bit fields and number the different rows
    packed = rows @ (32 ** np.arange(NUM_TARGETS, dtype=np.int64))
    _, first, ids = np.unique(packed, return_index=True, return_inverse=True)
    if first.size > 255:  # pragma: no cover - the counts are fixed by the rules
        raise RuntimeError("too many different profiles for uint8 ids")
    return ids.reshape(-1).astype(np.uint8), rows[first]


def _minplus_all(a: npt.NDArray[np.int64], b: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    out = np.full((a.shape[0], b.shape[0], NUM_TARGETS), 2 * _INF, dtype=np.int64)
    for s1 in range(5):
        for p1 in range(2):
            for s2 in range(5 - s1):
                for p2 in range(2 - p1):
                    k = 2 * (s1 + s2) + p1 + p2
                    cand = a[:, None, 2 * s1 + p1] + b[None, :, 2 * s2 + p2]
                    np.minimum(out[:, :, k], cand, out=out[:, :, k])
    return out.reshape(-1, NUM_TARGETS)


def _build_profiles() -> dict[str, npt.NDArray[Any]]:
    suit, honor = suit_table().astype(np.int64), honor_table().astype(np.int64)
    suit_ids, suit_prof = _unique_rows(suit)
    honor_ids, honor_prof = _unique_rows(honor)
    mp_ids, mp_prof = _unique_rows(_minplus_all(suit_prof, suit_prof))
    sz_ids, sz_prof = _unique_rows(_minplus_all(suit_prof, honor_prof))
    final = np.empty((5, mp_prof.shape[0], sz_prof.shape[0]), dtype=np.int64)
    for sets in range(5):
        best = np.full((mp_prof.shape[0], sz_prof.shape[0]), 2 * _INF, dtype=np.int64)
        for s1 in range(sets + 1):
            for p in range(2):
                cand = mp_prof[:, None, 2 * s1 + p] + sz_prof[None, :, 2 * (sets - s1) + 1 - p]
                np.minimum(best, cand, out=best)
        final[sets] = best
    orphan_suit = np.array([True] + [False] * 7 + [True])
    return {
        "suit_ids": suit_ids,
        "honor_ids": honor_ids,
        "suit_aux": _aux(9, orphan_suit),
        "honor_aux": _aux(7, np.ones(7, dtype=bool)),
        "mp": mp_ids.reshape(suit_prof.shape[0], suit_prof.shape[0]),
        "sz": sz_ids.reshape(suit_prof.shape[0], honor_prof.shape[0]),
        "final": final.astype(np.uint8),
    }


def profiles() -> _Profiles:
    """The profile tables (built or loaded once per process).

    >>> p = profiles()
    >>> p.mp.shape, p.sz.shape, p.final.shape
    ((126, 126), (126, 55), (5, 180, 165))
    """
    global _profiles
    if _profiles is None:
        with _lock:
            if _profiles is None:
                _profiles = _Profiles(_cached("shanten_profiles_v1.npz", _build_profiles))
    return _profiles


def _standard_unchecked(counts: Sequence[int], melds: int) -> int:
    p = _profiles or profiles()
    km = kp = ks = kz = 0
    for i in range(9):
        km = km * 5 + counts[i]
        kp = kp * 5 + counts[9 + i]
        ks = ks * 5 + counts[18 + i]
    for i in range(27, 34):
        kz = kz * 5 + counts[i]
    c1 = p.mp_mv[p.suit_ids_mv[km] * p.n_suit + p.suit_ids_mv[kp]]
    c2 = p.sz_mv[p.suit_ids_mv[ks] * p.n_honor + p.honor_ids_mv[kz]]
    return int(p.final_mv[4 - melds][c1 * p.n_sz + c2]) - 1


def _chiitoitsu_unchecked(counts: Sequence[int]) -> int:
    pairs = 0
    kinds = 0
    for c in counts:
        if c:
            kinds += 1
            if c >= 2:
                pairs += 1
    return 6 - pairs + max(0, 7 - kinds)


def _kokushi_unchecked(counts: Sequence[int]) -> int:
    kinds = 0
    pair = 0
    for t in TERMINALS_AND_HONORS:
        c = counts[t]
        if c:
            kinds += 1
            if c >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten_standard(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten toward four sets and a pair (``melds`` called sets count as sets).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten_standard(to_counts(parse_tiles("1111m234567p111s")))  # waits on a 5th 1m: no
    1
    >>> shanten_standard(to_counts(parse_tiles("1m")), melds=4)
    0
    """
    check_shanten_size(counts, melds)
    return _standard_unchecked(counts, melds)


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten toward seven different pairs (a closed 13- or 14-tile hand).

    Four of a kind is one pair, not two.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten_chiitoitsu(to_counts(parse_tiles("1122m3344p5566s7z")))
    0
    >>> shanten_chiitoitsu(to_counts(parse_tiles("1111m2233p4455s6z")))
    2
    """
    check_shanten_size(counts, 0)
    return _chiitoitsu_unchecked(counts)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten toward thirteen orphans (a closed 13- or 14-tile hand).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten_kokushi(to_counts(parse_tiles("19m19p19s1234566z")))
    0
    >>> shanten_kokushi(to_counts(parse_tiles("159m19p19s123456z")))
    1
    """
    check_shanten_size(counts, 0)
    return _kokushi_unchecked(counts)


def shanten_forms(counts: Sequence[int]) -> dict[str, int]:
    """The shanten of a closed hand toward each hand form, keyed by the form's name
    (:class:`tutor.engine.shapes.HandForm`'s values).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten_forms(to_counts(parse_tiles("1133557799m1133p")))
    {'standard': 3, 'seven_pairs': -1, 'thirteen_orphans': 9}
    """
    return {
        "standard": shanten_standard(counts),
        "seven_pairs": shanten_chiitoitsu(counts),
        "thirteen_orphans": shanten_kokushi(counts),
    }


def shanten(counts: Sequence[int], melds: int = 0, *, held: Sequence[int] | None = None) -> int:
    """Shanten of a hand: the minimum over standard, seven pairs and thirteen orphans.

    ``counts`` are the 34 concealed counts; ``melds`` is how many called sets the hand has
    (seven pairs and thirteen orphans only count when it has none). ``held``, when given, is
    the 34 counts of the tiles inside those called sets: a copy in a set cannot be drawn again.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten(to_counts(parse_tiles("123456789m1357p")))
    1
    >>> shanten(to_counts(parse_tiles("1133557799m1133p")))
    -1
    >>> shanten(to_counts(parse_tiles("55m")), melds=4)
    -1
    >>> lone_1m = to_counts(parse_tiles("1m234p567s789s"))
    >>> shanten(lone_1m, melds=1), shanten(lone_1m, melds=1, held=to_counts(parse_tiles("111m")))
    (0, 1)
    """
    check_shanten_size(counts, melds)
    if held is not None and any(held):
        return shanten_capped(counts, melds, check_held(counts, held))
    return _shanten_unchecked(counts, melds)


def check_held(counts: Sequence[int], held: Sequence[int]) -> tuple[int, ...]:
    """``held`` as a tuple, after checking the hand and its called sets hold at most 4 of a kind.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> check_held(to_counts(parse_tiles("11m")), to_counts(parse_tiles("111m")))
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: the hand and its called sets hold 5 of one kind
    """
    h = tuple(int(x) for x in held)
    if len(h) != NUM_KINDS or min(h) < 0:
        raise ImpossibleHandError("called-set counts must be 34 counts of 0 or more")
    for c, x in zip(counts, h, strict=True):
        if c + x > 4:
            raise ImpossibleHandError(f"the hand and its called sets hold {c + x} of one kind")
    return h


@functools.lru_cache(maxsize=1 << 16)
def _capped_row(counts: tuple[int, ...], caps: tuple[int, ...], sequences: bool) -> tuple[int, ...]:
    """Like a row of :func:`suit_table` (or :func:`honor_table`), for one suit whose kinds may
    be used at most ``caps`` times: the same dynamic programme as :func:`_build_table`."""
    length = len(counts)
    cost: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(length):
        new: dict[tuple[int, int, int, int], int] = {}
        max_a = 4 if sequences and i <= length - 3 else 0
        have, cap = counts[i], caps[i]
        for (x, y, s, p), so_far in cost.items():
            for a in range(max_a + 1):
                for b in range(2):
                    for c in range(2 - p):
                        d = x + y + a + 3 * b + 2 * c
                        s2 = s + a + b
                        if d > cap or s2 > 4:
                            continue
                        key = (y, a, s2, p + c)
                        value = so_far + max(0, d - have)
                        if value < new.get(key, _INF):
                            new[key] = value
        cost = new
    row = [_INF] * NUM_TARGETS
    for (x, y, s, p), value in cost.items():
        if x == 0 and y == 0:
            row[2 * s + p] = min(row[2 * s + p], value)
    return tuple(row)


def _minplus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    out = [2 * _INF] * NUM_TARGETS
    for s1 in range(5):
        for p1 in range(2):
            for s2 in range(5 - s1):
                for p2 in range(2 - p1):
                    k = 2 * (s1 + s2) + p1 + p2
                    out[k] = min(out[k], a[2 * s1 + p1] + b[2 * s2 + p2])
    return out


_SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))


def _row(counts: Sequence[int], caps: Sequence[int], start: int, length: int) -> Sequence[int]:
    """One suit's row: from the tables when no kind of it is capped, else searched."""
    part = counts[start : start + length]
    if min(caps[start : start + length]) >= 4:
        table = suit_table() if length == 9 else honor_table()
        row: Sequence[int] = table[suit_key(part)].tolist()
        return row
    return _capped_row(tuple(part), tuple(caps[start : start + length]), length == 9)


def _suit_rows(counts: Sequence[int], caps: Sequence[int]) -> list[Sequence[int]]:
    return [_row(counts, caps, a, n) for a, n in _SUITS]


def _final(a: Sequence[int], b: Sequence[int], melds: int) -> int:
    """Fewest missing tiles for ``4 - melds`` sets and a pair, split between ``a`` and ``b``."""
    k = 2 * (4 - melds) + 1
    return min(a[j] + b[k - j] for j in range(k + 1))


def shanten_capped_draws(
    counts: Sequence[int], melds: int, held: Sequence[int]
) -> tuple[int, list[int]]:
    """:func:`shanten_capped` of a 3k+1 hand and, for each kind, after drawing it (100 for a
    kind the hand and its sets already hold four of). A draw changes one suit: only that
    suit's row is looked up again.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> base, after = shanten_capped_draws(
    ...     to_counts(parse_tiles("1m234p567s789s")), 1, to_counts(parse_tiles("111m")))
    >>> base, after[0], after[1]
    (1, 100, 0)
    """
    caps = [4 - x for x in held]
    rows = _suit_rows(counts, caps)
    others = []
    for x in range(4):
        rest = [rows[y] for y in range(4) if y != x]
        others.append(_minplus(_minplus(rest[0], rest[1]), rest[2]))
    base = min(_final(rows[0], others[0], melds), _INF) - 1
    after = [_INF] * NUM_KINDS
    work = list(counts)
    for x, (start, length) in enumerate(_SUITS):
        for t in range(start, start + length):
            if work[t] >= caps[t]:
                continue
            work[t] += 1
            row = _row(work, caps, start, length)
            work[t] -= 1
            after[t] = min(_final(row, others[x], melds), _INF) - 1
    return base, after


def shanten_capped(counts: Sequence[int], melds: int, held: Sequence[int]) -> int:
    """Standard shanten of a hand with called sets holding ``held`` (no size checks).

    The hand's concealed part may use at most ``4 - held[k]`` copies of each kind. With called
    sets seven pairs and thirteen orphans do not apply, so this is the whole shanten.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten_capped(to_counts(parse_tiles("1m234p567s789s")), 1, to_counts(parse_tiles("111m")))
    1
    """
    rows = _suit_rows(counts, [4 - x for x in held])
    rest = _minplus(_minplus(rows[1], rows[2]), rows[3])
    return min(_final(rows[0], rest, melds), _INF) - 1


def _shanten_unchecked(counts: Sequence[int], melds: int) -> int:
    best = _standard_unchecked(counts, melds)
    if melds == 0 and best > -1:
        best = min(best, _chiitoitsu_unchecked(counts), _kokushi_unchecked(counts))
    return best


# --- batch -----------------------------------------------------------------------------------
#
# The batch code does the same lookups with numpy ``take`` on whole columns of hands.

_KEY_WEIGHTS = np.zeros((NUM_KINDS, 4), dtype=np.int32)
for _t in range(27):
    _KEY_WEIGHTS[_t, _t // 9] = 5 ** (8 - _t % 9)
for _t in range(7):
    _KEY_WEIGHTS[27 + _t, 3] = 5 ** (6 - _t)


def _pair_luts() -> list[tuple[int, int, npt.NDArray[np.int32], npt.NDArray[np.int32]]]:
    # Two neighbouring counts read as one uint16 (little-endian: low byte first) index a table
    # of their share of each key; pairs 8-9 and 26-27 straddle two suits.
    v = np.arange(65536, dtype=np.int64)
    lo, hi = v & 255, v >> 8
    part = [t // 9 if t < 27 else 3 for t in range(NUM_KINDS)]
    weight = [5 ** (8 - t % 9) if t < 27 else 5 ** (33 - t) for t in range(NUM_KINDS)]
    luts = []
    for j in range(NUM_KINDS // 2):
        a, b = 2 * j, 2 * j + 1
        lut_a = np.where(lo <= 4, lo * weight[a], 0).astype(np.int32)
        lut_b = np.where(hi <= 4, hi * weight[b], 0).astype(np.int32)
        if part[a] == part[b]:
            luts.append((part[a], -1, lut_a + lut_b, lut_b))
        else:
            luts.append((part[a], part[b], lut_a, lut_b))
    return luts


_PAIR_LUTS = _pair_luts()


def batch_keys(counts: npt.ArrayLike) -> npt.NDArray[np.int32]:
    """Table keys ``(4, N)`` (m, p, s suit keys and the honor key) of an ``(N, 34)`` array.

    >>> batch_keys(np.array([[1] + [0] * 33])).tolist()
    [[390625], [0], [0], [0]]
    """
    arr = np.ascontiguousarray(counts, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise ImpossibleHandError(f"counts must be an (N, 34) array, got shape {arr.shape}")
    if not np.little_endian:  # pragma: no cover - the byte trick below assumes little-endian
        return np.ascontiguousarray((arr.astype(np.int32) @ _KEY_WEIGHTS).T)
    words = np.ascontiguousarray(arr.view(np.uint16).T)
    out = np.zeros((4, arr.shape[0]), dtype=np.int32)
    for j, (a, b, lut_a, lut_b) in enumerate(_PAIR_LUTS):
        if b < 0:
            out[a] += lut_a.take(words[j])
        else:
            out[a] += lut_a.take(words[j])
            out[b] += lut_b.take(words[j])
    return out


_Ids = tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp], npt.NDArray[np.intp]]


def profile_ids(keys: npt.NDArray[np.int32]) -> _Ids:
    """Profile numbers ``(m, p, s, z)`` of ``(4, N)`` keys (see :func:`batch_keys`).

    >>> m, p, s, z = profile_ids(batch_keys(np.zeros((2, 34), dtype=np.int8)))
    >>> m.tolist() == p.tolist() == s.tolist()
    True
    """
    pr = profiles()
    return (
        pr.suit_ids.take(keys[0]).astype(np.intp),
        pr.suit_ids.take(keys[1]).astype(np.intp),
        pr.suit_ids.take(keys[2]).astype(np.intp),
        pr.honor_ids.take(keys[3]).astype(np.intp),
    )


def distance_from_ids(
    m: npt.NDArray[np.intp],
    p: npt.NDArray[np.intp],
    s: npt.NDArray[np.intp],
    z: npt.NDArray[np.intp],
    sets: int,
) -> npt.NDArray[np.int16]:
    """Fewest missing tiles for ``sets`` sets and a pair, from profile numbers.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> keys = batch_keys([to_counts(parse_tiles("123m456p789s1122z"))])
    >>> distance_from_ids(*profile_ids(keys), sets=4).tolist()
    [1]
    """
    pr = profiles()
    c1 = pr.mp.take(m * pr.n_suit + p)
    c2 = pr.sz.take(s * pr.n_honor + z)
    out = pr.final[sets].take(c1.astype(np.intp) * pr.n_sz + c2)
    return np.asarray(out, dtype=np.int16)


def aux_fields(keys: npt.NDArray[np.int32]) -> tuple[npt.NDArray[np.int16], ...]:
    """Per hand: kinds held, pairs, terminal/honor kinds held, terminal/honor pairs.

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> keys = batch_keys([to_counts(parse_tiles("1199m5p1z"))])
    >>> [int(f[0]) for f in aux_fields(keys)]
    [4, 2, 3, 2]
    """
    pr = profiles()
    total = (
        pr.suit_aux.take(keys[0])
        + pr.suit_aux.take(keys[1])
        + pr.suit_aux.take(keys[2])
        + pr.honor_aux.take(keys[3])
    )
    return tuple(((total >> shift) & _AUX_MASK).astype(np.int16) for shift in _AUX_SHIFT)


def shanten_batch(
    counts: npt.ArrayLike, melds: int = 0, *, check: bool = True
) -> npt.NDArray[np.int8]:
    """Shanten of many hands at once: ``counts`` is ``(N, 34)``, the result ``(N,)`` int8.

    All hands share the same number of called sets. With ``check=False`` the sizes are not
    validated (faster; the caller promises valid hands).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> hands = [to_counts(parse_tiles(h)) for h in ("123m456p789s1122z", "19m19p19s1234567z")]
    >>> shanten_batch(hands).tolist()
    [0, 0]
    """
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise ImpossibleHandError(f"counts must be an (N, 34) array, got shape {arr.shape}")
    if check and arr.shape[0]:
        if not 0 <= melds <= 4:
            raise ImpossibleHandError(f"a hand has 0 to 4 called sets, not {melds}")
        if arr.min() < 0 or arr.max() > 4:
            raise ImpossibleHandError("a count is 0 to 4")
        sizes = arr.sum(axis=1)
        want = 13 - 3 * melds
        bad = np.flatnonzero((sizes != want) & (sizes != want + 1))
        if bad.size:
            raise ImpossibleHandError(
                f"hand {int(bad[0])} has {int(sizes[bad[0]])} concealed tiles; with {melds} "
                f"called sets a hand has {want} or {want + 1}"
            )
    keys = batch_keys(arr)
    best = distance_from_ids(*profile_ids(keys), sets=4 - melds) - 1
    if melds == 0:
        kinds, pairs, orphans, orphan_pairs = aux_fields(keys)
        chiitoi = 6 - pairs + np.maximum(0, 7 - kinds)
        kokushi = 13 - orphans - (orphan_pairs > 0)
        best = np.minimum(best, np.minimum(chiitoi, kokushi))
    return best.astype(np.int8)
