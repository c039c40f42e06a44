"""How often the discard ranking agrees with Phoenix players, and how fast it ranks.

    .venv/bin/python bench/bench_ranking.py             # every decision of the 363 games (slow)
    .venv/bin/python bench/bench_ranking.py --every 4   # one decision in 4
    .venv/bin/python bench/bench_ranking.py --cache var/ranked8_{0..7}.pkl --scores var/cv.pkl
                                                        # the pickles and scores of the fit script

Decisions are replayed from ``../shared/reference/tenhou_logs/`` by :mod:`tutor.engine.gamelog`
and kept as the issue measures them: a closed hand, nobody in riichi, no discard that leaves the
hand tenpai. Printed, as shares of the kept decisions:

- *efficiency*: the first choice of :func:`tutor.engine.analysis.discard_analysis` (lowest
  shanten, most accepted tiles, 2-step) is the player's discard;
- *expected score*: the discard with the highest expected score of
  :func:`tutor.engine.value.rank_discards` is (among every discard, then among those that keep
  the lowest shanten, as mahjong-cpp ranks by default), and its clear rule without preferences;
- *ranking*: the first row under the preference model (the linear logit and the trees boosted
  from it), **cross-validated by game** (fitted on four fifths of the games, measured on the
  other fifth: see ``scripts/fit_discard_prefs.py``); and where its ``clear`` flag is set (the
  fitted chance of the first row above a threshold chosen on the four training fifths alone,
  from their out-of-fold scores, and the top expected score), how many decisions that is and
  how often the player agreed.

Then the median CPU time of one :func:`~tutor.engine.value.rank_discards` call by the hand's
shanten (``--timing`` decisions ranked again; the wall clock of the first pass is printed too,
but on a shared machine it counts other people's work).
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

from fit_discard_prefs import FEATURES, add_data_options, cross_validate, load_or_collect  # noqa: E402

from tutor.engine.value import decision_from_json, is_clear, rank_discards  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_options(parser)
    parser.add_argument("--timing", type=int, default=600, help="decisions timed again on CPU")
    args = parser.parse_args()
    start = time.perf_counter()
    data = load_or_collect(args.cache, args.games, args.every, args.offset)
    samples = data.samples
    n = len(samples)
    games = len({s.game for s in samples})
    print(
        f"{n:,} decisions kept from {games} games ({data.read:,} read), "
        f"{time.perf_counter() - start:.0f} s"
    )
    eff = sum(s.efficiency_first for s in samples)
    ev = sum(s.ev_first for s in samples)
    closest = ev_clear = ev_clear_agreed = 0
    for s in samples:
        low = min(r.shanten for r in s.rows)
        best = max(
            (r for r in s.rows if r.shanten == low),
            key=lambda r: (r.ev, r.win_rate, r.count, r.two_step),
        )
        closest += best.discard == s.rows[s.chosen].discard
        by_ev = sorted(s.rows, key=lambda r: (-r.ev, -r.win_rate, r.shanten, -r.count))
        if is_clear(by_ev):
            ev_clear += 1
            ev_clear_agreed += by_ev[0].discard == s.rows[s.chosen].discard
    print(f"top-1 agreement, efficiency first choice: {eff / n:.1%}")
    print(f"top-1 agreement, highest expected score:  {ev / n:.1%}")
    print(f"top-1 agreement, highest expected score closest to tenpai: {closest / n:.1%}")
    print(
        f"clear (expected score rule): {ev_clear / n:.1%} of decisions, "
        f"the player agreed {ev_clear_agreed / max(1, ev_clear):.1%}"
    )
    names = list(FEATURES)
    cv, thresholds, _ = cross_validate(samples, names, cache=args.scores)
    print(f"top-1 agreement, ranking (5-fold by game): {cv.agreed / n:.1%}")
    print(
        f"clear rule: thresholds chosen on the training folds {sorted(round(t, 3) for t in thresholds.values())}"
    )
    print(
        f"clear (ranking): {cv.clear / n:.1%} of decisions, "
        f"the player agreed {cv.clear_agreed / max(1, cv.clear):.1%}"
    )
    print("ranking time per 14-tile hand, wall clock (median, 95th percentile, count):")
    _times([(s.shanten, s.seconds) for s in samples])
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
