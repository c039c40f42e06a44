"""Puzzle generation throughput: accepted puzzles per second per worker, and acceptance rates.

One process is one Celery worker slot: this runs :func:`puzzles.generation.generate` (deal,
analyze with the engine, apply the acceptance rules) in this process after a warm-up that
builds the engine's tables, then, with ``--store``, the whole chunk path a worker runs
(generation plus the transaction that stores puzzles, themes and counters) on a scratch SQLite
database.

    .venv/bin/python bench/bench_generation.py [--count 500] [--seed 1] [--store]

Target (issue 6): at least 20 accepted what-to-discard puzzles per second per worker. Since
discard puzzles are judged by expected value (a search per candidate), that target holds for
the efficiency drill; value puzzles come several times slower.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bench_generate(kind: str, count: int, seed: int) -> tuple[float, int, int, float]:
    from puzzles.generation import generate

    started = time.perf_counter()
    out = generate(kind, seed, count, limit=count * 100)
    elapsed = time.perf_counter() - started
    return len(out.puzzles) / elapsed, len(out.puzzles), out.examined, elapsed


def bench_store(count: int, seed: int) -> tuple[float, int, float]:
    """The full chunk path (generate + store in one transaction) on a scratch SQLite file."""
    scratch = tempfile.mkdtemp(prefix="bench-generation-")
    os.environ["TUTOR_VAR_DIR"] = scratch
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.config.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from puzzles import services

    batch = services.request_batch("discard", count, seed=seed)
    started = time.perf_counter()
    batch = services.run_batch_here(batch.pk)
    elapsed = time.perf_counter() - started
    return batch.created_count / elapsed, batch.created_count, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=500, help="puzzles to accept per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--store", action="store_true", help="also time storing on SQLite")
    args = parser.parse_args()

    from puzzles.generation import generate

    warm = time.perf_counter()
    generate("discard", 0, 2)  # builds the engine's lookup tables once
    print(f"warm-up (engine tables): {time.perf_counter() - warm:.1f} s")
    print(f"{'kind':<10} {'accepted/s':>11} {'accepted':>9} {'examined':>9} {'rate':>6} {'s':>6}")
    for kind in ("discard", "efficiency", "improve", "waits", "shanten"):
        per_second, accepted, examined, elapsed = bench_generate(kind, args.count, args.seed)
        print(
            f"{kind:<10} {per_second:>11.1f} {accepted:>9} {examined:>9} "
            f"{accepted / examined:>6.0%} {elapsed:>6.2f}"
        )
    if args.store:
        per_second, created, elapsed = bench_store(args.count, args.seed)
        print(
            f"discard, generated and stored on SQLite (one worker): {per_second:.1f}/s "
            f"({created} puzzles in {elapsed:.2f} s)"
        )


if __name__ == "__main__":
    main()
