"""Walls built and dealt, whole hands drawn, call checks and furiten checks per second.

Run: ``.venv/bin/python bench/bench_wall.py [--hands N]``. Each figure is the best of three
runs over the same N seeds.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.calls import Caller, call_options  # noqa: E402
from tutor.engine.furiten import furiten  # noqa: E402
from tutor.engine.hand import Hand  # noqa: E402
from tutor.engine.tiles import to_counts  # noqa: E402
from tutor.engine.wall import build_wall, deal, draw, kan_replacement  # noqa: E402


def best_rate(fn: Callable[[], int], repeat: int = 3) -> float:
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        n = fn()
        best = max(best, n / (time.perf_counter() - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    seeds = range(args.hands)

    def build_and_deal() -> int:
        for seed in seeds:
            deal(build_wall(seed))
        return len(seeds)

    def whole_hands() -> int:
        for seed in seeds:
            state = deal(build_wall(seed))
            if seed % 4 == 0:
                state, _ = kan_replacement(state)
            while state.remaining_draws:
                state, _ = draw(state)
        return len(seeds)

    dealt = [deal(build_wall(seed)) for seed in seeds]
    hands = [
        [Hand.from_counts(to_counts(t // 4 for t in h), sizes=(13, 14)) for h in s.hands]
        for s in dealt
    ]

    def calls() -> int:
        n = 0
        for hs in hands:
            players: list[Caller | None] = [None] + [Caller(h) for h in hs[1:]]
            for discard in set(hs[0].concealed_tiles()):
                call_options(discard, 0, players)
                n += 1
        return n

    def furiten_checks() -> int:
        for hs in hands:
            furiten(hs[1], discards=hs[0].concealed_tiles()[:6])
        return len(hands)

    furiten(hands[0][1])  # build the shape tables outside the timing
    print(f"build + deal      {best_rate(build_and_deal):>10,.0f} walls/s")
    print(f"whole hand drawn  {best_rate(whole_hands):>10,.0f} hands/s (70 draws, 1 kan in 4)")
    print(f"call_options      {best_rate(calls):>10,.0f} discards/s (3 players each)")
    print(f"furiten           {best_rate(furiten_checks):>10,.0f} hands/s")


if __name__ == "__main__":
    main()
