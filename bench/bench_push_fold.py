"""Push or fold on the shared Phoenix games: how often the engine's clear verdicts match what
the Phoenix player did.

For every first decision of a player facing one riichi (not declaring riichi themselves, at least
24 tiles left in the wall, where the push tile and the safest tile differ and the push tile is at
least 2 points more dangerous), :func:`tutor.engine.push_fold.push_or_fold` gives a verdict and
its lead in points. The Phoenix player *pushed* when they threw the push tile, *folded* when they
threw a tile at most 0.5 point more dangerous than the safest one, and did something else
otherwise. The table counts the verdicts by lead and by what the player did.

    python bench/bench_push_fold.py [--games N]

About 0.1 s of CPU per position (the value ranking); the 363 games hold about 4,800 positions.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import sys
import time
from dataclasses import replace

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tutor.engine import push_fold  # noqa: E402
from tutor.engine.defense import DefenseState  # noqa: E402
from tutor.engine.defense_puzzle import defense_positions  # noqa: E402
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.tiles import parse_tile  # noqa: E402
from tutor.engine.value import decision_from_json, rank_discards  # noqa: E402

LOGS = "/work/shared/reference/tenhou_logs"
BUCKETS = (0, 250, 500, 750, 1000, 1500)


def what_they_did(choice: push_fold.PushFold, played: str) -> str:
    """``push``, ``fold`` or ``other``, as the module docstring says."""
    kind = parse_tile(played)
    if kind == choice.push.tile:
        return "push"
    option = choice.option(kind)
    if option is not None and option.danger <= choice.fold.danger + 0.005:
        return "fold"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0, help="only the first N games")
    parser.add_argument("--logs", default=LOGS)
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.logs, "*.xml")))
    if args.games:
        files = files[: args.games]
    counts: collections.Counter[tuple[str, int, str]] = collections.Counter()
    positions = 0
    start = time.process_time()
    for path in files:
        seen: set[tuple[int, int, int]] = set()
        for d, record in defense_positions(load_mjlog(path)):
            key = (record["round_seq"], record["decider"], record["riichi_seat"])
            first = key not in seen
            seen.add(key)
            if not first or record["declaring_riichi"] or record["tiles_left"] < 24:
                continue
            positions += 1
            state = DefenseState.from_json(record)
            hand, context = decision_from_json(d.as_json())
            n = push_fold.discards_left(state)
            ranking = rank_discards(
                hand, replace(context, draws_left=min(context.draws_left, n - 1))
            )
            choice = push_fold.push_or_fold(state, hand, context, ranking=ranking)
            if not push_fold.is_clear(choice, margin=0):
                continue
            bucket = max(b for b in BUCKETS if choice.gap >= b)
            counts[(choice.answer, bucket, what_they_did(choice, record["discard"]))] += 1
    cpu = time.process_time() - start
    print(f"{positions} first decisions facing one riichi, {cpu:.0f} s of CPU")
    print("verdict  lead≥   pushed  folded  other   agree")
    for answer in ("push", "fold"):
        for b in BUCKETS:
            row = [
                sum(counts[(answer, x, did)] for x in BUCKETS if x >= b)
                for did in ("push", "fold", "other")
            ]
            total = sum(row)
            agree = row[0] if answer == "push" else row[1]
            share = f"{100 * agree / total:.0f}%" if total else "-"
            print(f"{answer:7}  {b:5}  {row[0]:6}  {row[1]:6}  {row[2]:5}   {share}")


if __name__ == "__main__":
    main()
