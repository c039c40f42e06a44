"""Hands scored per second on the Tenhou reference file.

Run: ``.venv/bin/python bench/bench_scoring.py [path/to/tenhou_agari.jsonl] [--repeat N]``.
It scores every record (situation parsing included, JSON output excluded) N times and prints
the best rate.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.scoring import score  # noqa: E402
from tutor.engine.scoring.reference import rules_from_record, situation_from_record  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "reference" / "tenhou_agari.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    records = [json.loads(line) for line in Path(args.path).read_text().splitlines() if line]

    best = float("inf")
    for _ in range(args.repeat):
        start = time.perf_counter()
        for record in records:
            score(situation_from_record(record), rules_from_record(record))
        best = min(best, time.perf_counter() - start)
    print(
        f"tutor.engine.scoring: {len(records)} hands in {best:.3f} s = "
        f"{len(records) / best:,.0f} hands/s (best of {args.repeat})"
    )


if __name__ == "__main__":
    main()
