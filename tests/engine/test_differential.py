"""Differential test against the PyPI ``mahjong`` library (``mahjong.shanten.Shanten``).

Seeded random hands are dealt from the 136 tiles, with 0 to 4 called sets (the library infers
the called sets from the hand size, as we pass ``melds``). For every hand the shanten must be
identical; for every 3k+1 hand so must the set of accepted kinds (the kinds, with a copy left
to draw, whose draw lowers the shanten). A third check takes random complete hands, removes
each tile in turn and asks both sides for the waits (the library through ``Agari.is_agari``).

The library is pure Python and about 100 times slower than the engine, so its side is computed
in worker processes, and each hand asks it about one representative of the *isolated* draws
only. An isolated draw is a kind the hand does not hold with no tile of its suit within two
steps (any unheld honor). Every such tile can only join a pair or a set whose other tiles are
all missing, so all isolated draws give the same shanten, except that thirteen orphans tells
terminals and honors apart from 2–8: one representative per class answers for the class.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

from tutor.engine.analysis import _hand_and_draws
from tutor.engine.shanten import shanten_batch
from tutor.engine.tiles import NUM_KINDS, TERMINALS_AND_HONORS, counts_to_tiles, tiles_str

mahjong_shanten = pytest.importorskip("mahjong.shanten")

ORPHANS = frozenset(TERMINALS_AND_HONORS)


def deal(seed: int, n: int) -> list[tuple[int, list[int]]]:
    """``n`` random hands as (called sets, counts); about 70% wait (3k+1) and 30% drew."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        melds = rng.choice((0, 0, 0, 0, 1, 2, 3, 4))
        size = 13 - 3 * melds + (1 if rng.random() < 0.3 else 0)
        counts = [0] * NUM_KINDS
        for p in rng.sample(range(136), size):
            counts[p // 4] += 1
        out.append((melds, counts))
    return out


def isolated(counts: list[int], t: int) -> bool:
    if counts[t]:
        return False
    if t >= 27:
        return True
    lo, hi = t - t % 9, t - t % 9 + 8
    return not any(counts[u] for u in range(max(lo, t - 2), min(hi, t + 2) + 1))


def library_answers(hands: list[tuple[int, list[int]]]) -> list[tuple[int, list[int] | None]]:
    """The library's shanten and (for 3k+1 hands) accepted kinds, hand by hand."""
    calc = mahjong_shanten.Shanten.calculate_shanten
    out: list[tuple[int, list[int] | None]] = []
    for _melds, counts in hands:
        c = list(counts)
        s = calc(c)
        if sum(c) % 3 == 2:
            out.append((s, None))
            continue
        accepted = []
        class_answer: dict[bool, bool] = {}
        for t in range(NUM_KINDS):
            if c[t] == 4:
                continue
            if isolated(counts, t) and (t in ORPHANS) in class_answer:
                lower = class_answer[t in ORPHANS]
            else:
                c[t] += 1
                lower = calc(c) < s
                c[t] -= 1
                if isolated(counts, t):
                    class_answer[t in ORPHANS] = lower
            if lower:
                accepted.append(t)
        out.append((s, accepted))
    return out


def engine_answers(hands: list[tuple[int, list[int]]]) -> list[tuple[int, list[int] | None]]:
    out: list[tuple[int, list[int] | None]] = [(0, None)] * len(hands)
    groups: dict[tuple[int, bool], list[int]] = {}
    for i, (melds, counts) in enumerate(hands):
        groups.setdefault((melds, sum(counts) % 3 == 1), []).append(i)
    for (melds, waiting), rows in groups.items():
        arr = np.array([hands[i][1] for i in rows], dtype=np.int8)
        if waiting:
            base, after = _hand_and_draws(arr, melds)
            for k, i in enumerate(rows):
                accepted = np.flatnonzero(after[k] < base[k]).tolist()
                out[i] = (int(base[k]), accepted)
        else:
            for k, s in zip(rows, shanten_batch(arr, melds).tolist(), strict=True):
                out[k] = (s, None)
    return out


def compare(seed: int, n: int, chunk: int = 2500) -> None:
    hands = deal(seed, n)
    chunks = [hands[i : i + chunk] for i in range(0, n, chunk)]
    workers = max(1, min(4, os.cpu_count() or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        library = [a for part in pool.map(library_answers, chunks) for a in part]
    mine = engine_answers(hands)
    bad = [
        f"{tiles_str(counts_to_tiles(c))} ({m} called): library {lib}, engine {eng}"
        for (m, c), lib, eng in zip(hands, library, mine, strict=True)
        if lib != eng
    ]
    assert not bad, f"{len(bad)} of {n} hands differ, e.g.\n" + "\n".join(bad[:10])


def test_isolated_draws_really_are_all_alike() -> None:
    # the shortcut above, checked against the library itself on a few hands
    calc = mahjong_shanten.Shanten.calculate_shanten
    for _melds, counts in deal(7, 200):
        if sum(counts) % 3 != 1:
            continue
        by_class: dict[bool, set[int]] = {}
        for t in range(NUM_KINDS):
            if isolated(counts, t):
                c = list(counts)
                c[t] += 1
                by_class.setdefault(t in ORPHANS, set()).add(calc(c))
        assert all(len(v) == 1 for v in by_class.values())


def test_agrees_with_the_library_on_2_000_hands() -> None:
    compare(seed=1, n=2_000, chunk=1_000)


@pytest.mark.slow
def test_agrees_with_the_library_on_100_000_hands() -> None:
    compare(seed=20261130, n=100_000)


def complete_hands(seed: int, n: int) -> list[tuple[int, list[int]]]:
    """Random complete hands (sets and a pair, some seven pairs), with 0 to 4 called sets."""
    rng = random.Random(seed)
    out: list[tuple[int, list[int]]] = []
    while len(out) < n:
        counts = [0] * NUM_KINDS
        if rng.random() < 0.1:
            melds = 0
            for t in rng.sample(range(NUM_KINDS), 7):
                counts[t] = 2
        else:
            melds = rng.choice((0, 0, 1, 2, 3, 4))
            for _ in range(4 - melds):
                if rng.random() < 0.6:
                    start = rng.randrange(3) * 9 + rng.randrange(7)
                    for t in (start, start + 1, start + 2):
                        counts[t] += 1
                else:
                    counts[rng.randrange(NUM_KINDS)] += 3
            counts[rng.randrange(NUM_KINDS)] += 2
        if max(counts) <= 4:
            out.append((melds, counts))
    return out


def test_waits_agree_with_the_librarys_complete_hand_check() -> None:
    from tutor.engine.shapes import is_complete
    from tutor.engine.waits import waits

    agari = pytest.importorskip("mahjong.agari").Agari.is_agari
    checked = 0
    for melds, counts in complete_hands(11, 600):
        assert is_complete(counts, melds) == agari(counts) is True
        for t in range(NUM_KINDS):
            if not counts[t]:
                continue
            hand = list(counts)
            hand[t] -= 1
            expected = []
            for w in range(NUM_KINDS):
                if hand[w] < 4:
                    hand[w] += 1
                    if agari(hand):
                        expected.append(w)
                    hand[w] -= 1
            assert waits(hand, melds) == expected, tiles_str(counts_to_tiles(hand))
            checked += 1
    assert checked > 3000
