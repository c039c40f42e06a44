"""How often the discard ranking agrees with Phoenix players, and how fast it ranks.

    .venv/bin/python bench/bench_ranking.py             # one decision in 8 of the 363 games
    .venv/bin/python bench/bench_ranking.py --every 1   # every decision (much slower)

Decisions are replayed from ``../shared/reference/tenhou_logs/`` by :mod:`tutor.engine.gamelog`
and kept as the issue measures them: a closed hand, nobody in riichi, no discard that leaves the
hand tenpai. Printed, as shares of the kept decisions:

- *efficiency*: the first choice of :func:`tutor.engine.analysis.discard_analysis` (lowest
  shanten, most accepted tiles, 2-step) is the player's discard;
- *expected score*: the discard with the highest expected score of
  :func:`tutor.engine.value.rank_discards` is (among every discard, then among those that keep
  the lowest shanten, as mahjong-cpp ranks by default);
- *ranking*: the first row under the preference weights, **cross-validated by game** (weights
  fitted on four fifths of the games, measured on the other fifth: see
  ``scripts/fit_discard_prefs.py``); and where its ``clear`` flag is set, how many decisions
  that is and how often the player agreed.

Then the median time of one :func:`~tutor.engine.value.rank_discards` call by the hand's shanten.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from fit_discard_prefs import cross_validate, evaluate, load_or_collect  # noqa: E402

from tutor.engine.value import decision_from_json, rank_discards  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--every", type=int, default=8, help="keep one decision in N")
    parser.add_argument("--cache", type=Path, help="pickle of the ranked decisions, reused")
    parser.add_argument("--timing", type=int, default=600, help="decisions timed again on CPU")
    args = parser.parse_args()
    start = time.perf_counter()
    data = load_or_collect(args.cache, args.games, args.every)
    samples = data.samples
    n = len(samples)
    games = len({s.game for s in samples})
    print(
        f"{n:,} decisions kept from {games} games ({data.read:,} read), {time.perf_counter() - start:.0f} s"
    )
    eff = sum(s.efficiency_first for s in samples)
    ev = evaluate(samples, {})
    names = sorted(samples[0].features[0])
    cv, gaps = cross_validate(samples, names)
    print(f"top-1 agreement, efficiency first choice: {eff / n:.1%}")
    print(f"top-1 agreement, highest expected score:  {ev.agreed / n:.1%}")
    closest = 0
    for s in samples:
        low = min(r.shanten for r in s.rows)
        best = max(
            (r for r in s.rows if r.shanten == low),
            key=lambda r: (r.ev, r.win_rate, r.count, r.two_step),
        )
        closest += best.discard == s.rows[s.chosen].discard
    print(f"top-1 agreement, highest expected score closest to tenpai: {closest / n:.1%}")
    print(f"top-1 agreement, ranking (5-fold by game): {cv.agreed / n:.1%}")
    print(f"clear rule: leads in score chosen on the training folds {sorted(gaps.values())}")
    for label, r in (("expected score", ev), ("ranking", cv)):
        share = r.clear / n
        agree = r.clear_agreed / r.clear if r.clear else 0.0
        print(f"clear ({label}): {share:.1%} of decisions, the player agreed {agree:.1%}")
    print("ranking time per 14-tile hand, wall clock (median, 95th percentile, count):")
    _times([(s.shanten, s.seconds) for s in samples])
    # CPU time of the process too: on a shared machine the wall clock counts other work
    cpu: list[tuple[int, float]] = []
    for s in samples[: args.timing]:
        hand, ctx = decision_from_json(s.decision)
        t0 = time.process_time()
        rank_discards(hand, ctx)
        cpu.append((s.shanten, time.process_time() - t0))
    if cpu:
        print(f"CPU time of the first {len(cpu)} decisions ranked again (median, 95th pct, count):")
        _times(cpu)


def _times(pairs: list[tuple[int, float]]) -> None:
    for sh in sorted({p[0] for p in pairs}):
        times = sorted(t for k, t in pairs if k == sh)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(
            f"  {sh}-shanten: {statistics.median(times) * 1000:.1f} ms, "
            f"{p95 * 1000:.1f} ms, {len(times):,}"
        )


if __name__ == "__main__":
    main()
