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
(sets, pair) and the standard shanten is that minimum, minus one. The tables are built with
numpy in a few seconds on first use and kept in memory (see :func:`suit_table`).

Because the search never uses a fifth copy, a hand that could only wait on a tile it holds all
four of is not tenpai: ``1111m234567p111s`` needs another wait.

>>> from tutor.engine.tiles import parse_tiles, to_counts
>>> shanten(to_counts(parse_tiles("123m456p789s1122z")))
0
>>> shanten(to_counts(parse_tiles("19m19p19s1234567z")))
0
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .tiles import NUM_KINDS, TERMINALS_AND_HONORS, ImpossibleHandError

__all__ = [
    "shanten",
    "shanten_standard",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "shanten_batch",
    "suit_table",
    "honor_table",
    "suit_key",
    "honor_key",
    "check_shanten_size",
]

_INF = 100
"""Table value meaning "impossible" (kept small so sums stay inside uint8/int16)."""

NUM_TARGETS = 10
"""Table columns: index ``2 * sets + pairs`` for sets 0..4 and pairs 0..1."""

_POW5 = tuple(5 ** (8 - i) for i in range(9))
_POW5_HONOR = tuple(5 ** (6 - i) for i in range(7))

_lock = threading.Lock()
_suit_table: npt.NDArray[np.uint8] | None = None
_honor_table: npt.NDArray[np.uint8] | None = None
_suit_bytes: bytes = b""
_honor_bytes: bytes = b""


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


def _ensure_tables() -> None:
    global _suit_table, _honor_table, _suit_bytes, _honor_bytes
    if _suit_table is not None:
        return
    with _lock:
        if _suit_table is None:
            honor = _build_table(7, sequences=False)
            suit = _build_table(9, sequences=True)
            _honor_bytes = honor.tobytes()
            _suit_bytes = suit.tobytes()
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
    n = 0
    for t, c in enumerate(counts):
        if not 0 <= c <= 4:
            raise ImpossibleHandError(f"kind {t} has {c} copies: a count is 0 to 4")
        n += c
    want = 13 - 3 * melds
    if n not in (want, want + 1):
        sets = "set" if melds == 1 else "sets"
        raise ImpossibleHandError(
            f"with {melds} called {sets} a hand has {want} or {want + 1} concealed tiles, "
            f"this has {n}"
        )
    return n


def _row(table: bytes, key: int) -> bytes:
    return table[key * NUM_TARGETS : key * NUM_TARGETS + NUM_TARGETS]


def _combine(a: Sequence[int], b: Sequence[int], max_sets: int) -> list[int]:
    out = [_INF] * NUM_TARGETS
    for s1 in range(max_sets + 1):
        for p1 in range(2):
            va = a[2 * s1 + p1]
            if va >= _INF:
                continue
            for s2 in range(max_sets + 1 - s1):
                for p2 in range(2 - p1):
                    k = 2 * (s1 + s2) + p1 + p2
                    v = va + b[2 * s2 + p2]
                    if v < out[k]:
                        out[k] = v
    return out


def _final(a: Sequence[int], b: Sequence[int], sets: int) -> int:
    best = _INF
    for s1 in range(sets + 1):
        v = a[2 * s1] + b[2 * (sets - s1) + 1]
        if v < best:
            best = v
        v = a[2 * s1 + 1] + b[2 * (sets - s1)]
        if v < best:
            best = v
    return best


def _standard_unchecked(counts: Sequence[int], melds: int) -> int:
    if _suit_table is None:
        _ensure_tables()
    sets = 4 - melds
    m = _row(_suit_bytes, suit_key(counts[0:9]))
    p = _row(_suit_bytes, suit_key(counts[9:18]))
    s = _row(_suit_bytes, suit_key(counts[18:27]))
    z = _row(_honor_bytes, honor_key(counts[27:34]))
    mp = _combine(m, p, sets)
    sz = _combine(s, z, sets)
    return _final(mp, sz, sets) - 1


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


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of a hand: the minimum over standard, seven pairs and thirteen orphans.

    ``counts`` are the 34 concealed counts; ``melds`` is how many called sets the hand has
    (seven pairs and thirteen orphans only count when it has none).

    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> shanten(to_counts(parse_tiles("123456789m1357p")))
    1
    >>> shanten(to_counts(parse_tiles("1133557799m1133p")))
    -1
    >>> shanten(to_counts(parse_tiles("55m")), melds=4)
    -1
    """
    check_shanten_size(counts, melds)
    return _shanten_unchecked(counts, melds)


def _shanten_unchecked(counts: Sequence[int], melds: int) -> int:
    best = _standard_unchecked(counts, melds)
    if melds == 0 and best > -1:
        best = min(best, _chiitoitsu_unchecked(counts), _kokushi_unchecked(counts))
    return best


# --- batch -----------------------------------------------------------------------------------

_P5_SUIT = np.array(_POW5, dtype=np.int64)
_P5_HONOR = np.array(_POW5_HONOR, dtype=np.int64)
_YAOCHU = np.array(TERMINALS_AND_HONORS, dtype=np.intp)


def batch_keys(counts: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Table keys ``(N, 4)`` (m, p, s suit keys and the honor key) of an ``(N, 34)`` array.

    >>> batch_keys(np.array([[1] + [0] * 33])).tolist()
    [[390625, 0, 0, 0]]
    """
    c = counts.astype(np.int64, copy=False)
    out = np.empty((c.shape[0], 4), dtype=np.int64)
    out[:, 0] = c[:, 0:9] @ _P5_SUIT
    out[:, 1] = c[:, 9:18] @ _P5_SUIT
    out[:, 2] = c[:, 18:27] @ _P5_SUIT
    out[:, 3] = c[:, 27:34] @ _P5_HONOR
    return out


def minplus(
    a: npt.NDArray[np.int16], b: npt.NDArray[np.int16], max_sets: int
) -> npt.NDArray[np.int16]:
    """Min-plus product of two ``(N, 10)`` (sets, pair) arrays, sets capped at ``max_sets``.

    >>> a = np.array([[0, 1] + [100] * 8], dtype=np.int16)
    >>> minplus(a, a, 4)[0, :3].tolist()
    [0, 1, 100]
    """
    out = np.full(a.shape, _INF, dtype=np.int16)
    for s1 in range(max_sets + 1):
        for p1 in range(2):
            col_a = a[:, 2 * s1 + p1]
            for s2 in range(max_sets + 1 - s1):
                for p2 in range(2 - p1):
                    k = 2 * (s1 + s2) + p1 + p2
                    np.minimum(out[:, k], col_a + b[:, 2 * s2 + p2], out=out[:, k])
    return out


def final_distance(
    a: npt.NDArray[np.int16], b: npt.NDArray[np.int16], sets: int
) -> npt.NDArray[np.int16]:
    """Fewest missing tiles for ``sets`` sets and one pair from two partial (N, 10) arrays.

    >>> a = np.array([[0, 1] + [100] * 8], dtype=np.int16)
    >>> final_distance(a, a, 0).tolist()
    [1]
    """
    # pair from a, sets split: column 2*s1+1 of a with column 2*(sets-s1) of b, and vice versa
    ia = np.array([2 * s1 + p for s1 in range(sets + 1) for p in (0, 1)])
    ib = np.array([2 * (sets - s1) + 1 - p for s1 in range(sets + 1) for p in (0, 1)])
    return np.asarray((a[:, ia] + b[:, ib]).min(axis=1), dtype=np.int16)


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
    _ensure_tables()
    assert _suit_table is not None and _honor_table is not None
    keys = batch_keys(arr)
    sets = 4 - melds
    rm = _suit_table[keys[:, 0]].astype(np.int16)
    rp = _suit_table[keys[:, 1]].astype(np.int16)
    rs = _suit_table[keys[:, 2]].astype(np.int16)
    rz = _honor_table[keys[:, 3]].astype(np.int16)
    best = final_distance(minplus(rm, rp, sets), minplus(rs, rz, sets), sets) - 1
    if melds == 0:
        present = arr > 0
        kinds = present.sum(axis=1)
        pairs = (arr >= 2).sum(axis=1)
        chiitoi = 6 - pairs + np.maximum(0, 7 - kinds)
        y = arr[:, _YAOCHU]
        kokushi = 13 - (y > 0).sum(axis=1) - (y >= 2).any(axis=1)
        best = np.minimum(best, np.minimum(chiitoi, kokushi))
    return best.astype(np.int8)
