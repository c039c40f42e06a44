"""Mined what-to-discard puzzles against the Phoenix players: how often the player of the real
game made the puzzle's answer, overall and by group.

Every shared game in the range is mined as staff mining does (:func:`puzzles.mining.mine_game`:
nobody in riichi, a clear best discard by expected value, no furiten or dead wait on top), and
each puzzle is counted with whether the player's discard was its answer (the stored
``agrees``), by hand (closed or open), the answer's shanten, the value-over-speed theme (the
answer is not the fastest discard) and the stretch of the round (the player's turn).

    .venv/bin/python bench/bench_mining.py [--start 0] [--stop 60]

About 10 s of CPU a game (every decision is ranked by value).
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from puzzles.mining import mine_game  # noqa: E402
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402

LOGS = "/work/shared/reference/tenhou_logs"


def _turns(turn: int) -> str:
    """The stretch of the round a decision falls in, by the player's own turn."""
    for last, name in ((6, "1-6"), (9, "7-9"), (12, "10-12")):
        if turn <= last:
            return name
    return "13+"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", default=LOGS)
    parser.add_argument("--start", type=int, default=0, help="the first game (sorted by name)")
    parser.add_argument("--stop", type=int, default=60, help="the game after the last")
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.logs, "*.xml")))[args.start : args.stop]
    groups: collections.Counter[tuple[str, bool]] = collections.Counter()
    started = time.process_time()
    for path in files:
        for d, puzzle in mine_game(load_mjlog(path)).puzzles:
            agrees = bool(puzzle.analysis.get("agrees"))
            rows = puzzle.analysis.get("discards") or []
            hand = "open" if d.melds else "closed"
            shanten = "tenpai" if rows and rows[0]["shanten"] == 0 else "1-shanten+"
            keys = ["all", f"{hand}, {shanten}"]
            if "value-over-speed" in puzzle.themes:
                keys.append(f"value over speed, {hand}")
            keys.append(f"turn {_turns(d.turn)}")
            for key in keys:
                groups[(key, agrees)] += 1
    print(f"games {args.start}-{args.stop}: {time.process_time() - started:.0f} s of CPU")
    print("group                          puzzles  the player made the answer")
    for key in sorted({k for k, _ in groups}, key=lambda k: (k != "all", k)):
        n = groups[(key, True)] + groups[(key, False)]
        print(f"{key:30} {n:7}  {100 * groups[(key, True)] / n:5.1f} %")


if __name__ == "__main__":
    main()
