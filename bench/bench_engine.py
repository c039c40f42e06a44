"""Benchmark the engine's shanten and discard analysis beside the PyPI ``mahjong`` library.

Run: ``.venv/bin/python bench/bench_engine.py [--hands 100000] [--analyses 1000]``

Prints, each measured in this run on the same seeded random hands (dealt from the 136 tiles):

Timings of shanten are the best of ``--repeat`` runs for both sides (the machine may be shared).

* shanten per second, single calls, for ``tutor.engine.shanten.shanten`` and
  ``mahjong.shanten.Shanten.calculate_shanten``, on 13- and 14-tile hands;
* shanten per second with ``shanten_batch`` (one numpy call for all hands);
* full discard analyses (every discard, its uke-ire and the 2-step figure) per second and the
  median milliseconds per analysis; the library has no such function, so its figure is the same
  definition computed with its shanten calls, on a few hands (it takes seconds per hand).

The engine's tables are loaded (or built) before timing; that time is printed separately.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.shanten import Shanten  # noqa: E402

from tutor.engine.analysis import discard_analysis  # noqa: E402
from tutor.engine.shanten import shanten, shanten_batch, suit_table  # noqa: E402


def deal(rng: random.Random, n: int, size: int) -> list[list[int]]:
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for p in rng.sample(range(136), size):
            counts[p // 4] += 1
        hands.append(counts)
    return hands


def best_of[T](repeat: int, run: Callable[[], T]) -> tuple[float, T]:
    """The fastest of ``repeat`` runs (seconds) and the last result: the machine is shared."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        t = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - t)
    return best, result


def each(function: Callable[[list[int]], int], hands: list[list[int]]) -> list[int]:
    return [function(h) for h in hands]


def per_second(n: int, seconds: float) -> float:
    return n / seconds if seconds > 0 else float("inf")


def library_analysis(counts: list[int]) -> dict[int, tuple[int, int, int]]:
    """The discard table with uke-ire and 2-step, computed with library shanten calls only.

    Returns {discard: (shanten, uke-ire count, two_step)} by the definition in
    :mod:`tutor.engine.analysis` (seen tiles: the hand only).
    """
    calc = Shanten.calculate_shanten
    unseen = [4 - x for x in counts]
    h = list(counts)
    table = {}
    for d in range(34):
        if not h[d]:
            continue
        h[d] -= 1
        s = calc(h)
        count = two_step = 0
        for t in range(34):
            if h[t] == 4:
                continue
            h[t] += 1
            if calc(h) < s:
                count += unseen[t]
                best = 0
                for k in range(34) if s >= 1 else ():
                    if not h[k]:
                        continue
                    h[k] -= 1
                    if calc(h) == s - 1:
                        n = 0
                        for u in range(34):
                            if h[u] < 4:
                                h[u] += 1
                                if calc(h) < s - 1:
                                    n += unseen[u] - (u == t)
                                h[u] -= 1
                        best = max(best, n)
                    h[k] += 1
                two_step += unseen[t] * best
            h[t] -= 1
        h[d] += 1
        table[d] = (s, count, two_step)
    return table


def row(name: str, engine: float, library: float, unit: str = "/s") -> str:
    ratio = engine / library if library else float("inf")
    return f"{name:<44} {engine:>14,.0f}{unit}  {library:>12,.0f}{unit}  {ratio:>9.1f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per size (13 and 14)")
    parser.add_argument("--analyses", type=int, default=1_000, help="hands for discard analysis")
    parser.add_argument("--library-analyses", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="shanten timings: best of N runs")
    args = parser.parse_args()

    t0 = time.perf_counter()
    suit_table()
    shanten_batch(np.zeros((1, 34), dtype=np.int8), check=False)
    print(f"tables ready in {time.perf_counter() - t0:.2f} s (first use in this process)")

    rng = random.Random(args.seed)
    print(f"\n{'':<44} {'engine':>16}  {'mahjong lib':>14}  {'ratio':>10}")
    for size in (13, 14):
        hands = deal(rng, args.hands, size)
        arr = np.array(hands, dtype=np.int8)

        lib_s, lib = best_of(args.repeat, partial(each, Shanten.calculate_shanten, hands))
        single_s, mine = best_of(args.repeat, partial(each, shanten, hands))
        batch_s, batch = best_of(args.repeat, partial(shanten_batch, arr, check=False))
        lib_rate = per_second(len(hands), lib_s)
        single_rate = per_second(len(hands), single_s)
        batch_rate = per_second(len(hands), batch_s)

        assert mine == lib == batch.tolist(), "engine and library disagree"
        print(row(f"shanten, {size} tiles, single calls", single_rate, lib_rate))
        print(row(f"shanten, {size} tiles, batch of {len(hands):,}", batch_rate, lib_rate))

    hands = deal(rng, args.analyses, 14)
    discard_analysis(hands[0])
    times = []
    for h in hands:
        t = time.perf_counter()
        discard_analysis(h)
        times.append(time.perf_counter() - t)
    lib_times = []
    for h in hands[: args.library_analyses]:
        t = time.perf_counter()
        expected = library_analysis(h)
        lib_times.append(time.perf_counter() - t)
        got = {r.discard: (r.shanten, r.count, r.two_step) for r in discard_analysis(h)}
        assert got == expected, "engine and library-based analysis disagree"
    print(
        row(
            "discard analyses with 2-step",
            per_second(len(times), sum(times)),
            per_second(len(lib_times), sum(lib_times)),
        )
    )
    med, lib_med = statistics.median(times) * 1000, statistics.median(lib_times) * 1000
    print(
        f"{'  median ms per analysis':<44} {med:>14.2f}ms  {lib_med:>12.0f}ms  "
        f"{lib_med / med:>9.1f}x"
    )
    print(
        f"{'  95th percentile / max ms':<44} "
        f"{np.percentile(times, 95) * 1000:>8.2f} / {max(times) * 1000:.2f}ms"
    )
    print(
        f"\n(library analysis measured on {len(lib_times)} hands; engine on {len(times):,};"
        f" shanten on {args.hands:,} hands per size)"
    )


if __name__ == "__main__":
    main()
