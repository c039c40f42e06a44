"""Game logs read and replayed per second, and decisions per second, on the shared games.

Run: ``.venv/bin/python bench/bench_replay.py [path/to/tenhou_logs] [--repeat N]``.
It times, over every ``*.xml`` log of the directory: reading the mjlog XML; replaying with the
wins rescored and the draws settled but no decisions; replaying with the decisions; writing the
decisions as JSON lines (what ``python -m tutor.engine replay`` does); and writing and reading
the games back as tenhou.net/6 JSON. CPU time of this process, best of N.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.gamelog.replay import replay_game  # noqa: E402
from tutor.engine.gamelog.tenhou6 import read_tenhou6, write_tenhou6  # noqa: E402

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "reference" / "tenhou_logs"


def _best(repeat: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("path", nargs="?", default=str(DEFAULT))
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    files = sorted(Path(args.path).glob("*.xml"))
    if not files:
        sys.exit(f"no *.xml game logs in {args.path}")

    games = [load_mjlog(f) for f in files]
    decisions = sum(len(replay_game(g).decisions) for g in games)
    texts = [write_tenhou6(g) for g in games]
    rows = [
        ("read mjlog XML", _best(args.repeat, lambda: [load_mjlog(f) for f in files])),
        (
            "replay, no decisions",
            _best(args.repeat, lambda: [replay_game(g, False) for g in games]),
        ),
        ("replay with decisions", _best(args.repeat, lambda: [replay_game(g) for g in games])),
        (
            "replay + JSON lines",
            _best(
                args.repeat,
                lambda: [
                    [json.dumps(d.as_json(), ensure_ascii=False) for d in replay_game(g).decisions]
                    for g in games
                ],
            ),
        ),
        ("write tenhou.net/6", _best(args.repeat, lambda: [write_tenhou6(g) for g in games])),
        ("read tenhou.net/6", _best(args.repeat, lambda: [read_tenhou6(t) for t in texts])),
    ]
    print(f"{len(games)} games, {decisions:,} decisions (CPU seconds, best of {args.repeat})")
    for name, seconds in rows:
        rate = f"  {decisions / seconds:9,.0f} decisions/s" if name.startswith("replay") else ""
        print(f"  {name:<24} {seconds:6.2f} s  {len(games) / seconds:7.1f} games/s{rate}")


if __name__ == "__main__":
    main()
