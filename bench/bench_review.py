"""The game review on Phoenix players' own games: how many of their discards it calls a big
mistake, per seat and game, by the loss in expected points alone and by the review's rule
(:attr:`reviews.judge.JudgedDecision.is_big_mistake`: the pick's fitted chance under
:data:`reviews.judge.RARE_PICK`; facing a riichi, push or fold).

Every seat of every game in the range is judged as an uploaded game is
(:func:`reviews.judge.judge_seat`); a decision with a choice counts (not a discard in riichi).
Printed: the decisions, the big mistakes per seat and game by each rule (and those among them
that are deal-in prone, and clear decisions the player got wrong, the ones that make a
puzzle), and how often the Phoenix player's pick had a fitted chance under 2, 5 and 10 %.

    .venv/bin/python bench/bench_review.py [--start 0] [--stop 12]

About 20 s of CPU a game.
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.config.settings")

import django  # noqa: E402

django.setup()

from reviews.judge import (  # noqa: E402
    BIG_LOSS,
    RARE_PICK,
    JudgedDecision,
    judge_seat,
    seat_decisions,
    seat_positions,
)
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402

LOGS = "/work/shared/reference/tenhou_logs"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", default=LOGS)
    parser.add_argument("--start", type=int, default=0, help="the first game (sorted by name)")
    parser.add_argument("--stop", type=int, default=12, help="the game after the last")
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.logs, "*.xml")))[args.start : args.stop]
    started = time.process_time()
    judged: list[JudgedDecision] = []
    for path in files:
        game = load_mjlog(path)
        for seat in range(4):
            decisions = seat_decisions(game, seat)
            judged.extend(j for j in judge_seat(decisions, seat_positions(game, seat)))
    chosen = [j for j in judged if not j.forced and j.best]
    seats = 4 * len(files)
    print(f"games {args.start}-{args.stop}: {time.process_time() - started:.0f} s of CPU")
    print(f"{len(chosen)} decisions with a choice, {seats} seat-games")
    rules = {
        f"loss >= {BIG_LOSS:.0f} alone, or deal-in prone": [
            j for j in chosen if j.loss >= BIG_LOSS or j.deal_in_prone
        ],
        f"the review's rule (a pick under {RARE_PICK:.0%}; facing a riichi, push or fold)": [
            j for j in chosen if j.is_big_mistake
        ],
    }
    for name, flagged in rules.items():
        prone = sum(j.deal_in_prone for j in flagged)
        clear = sum(j.puzzle is not None for j in flagged)
        facing = sum(j.facing_riichi for j in flagged)
        print(
            f"{name}: {len(flagged)} big mistakes, {len(flagged) / seats:.2f} a seat-game "
            f"({prone} deal-in prone, {clear} clear decisions got wrong, {facing} facing a riichi)"
        )
    quoted = [j.pick_chance for j in chosen if j.pick_chance is not None]
    print(f"{len(quoted)} decisions with a pick chance (nobody else in riichi)")
    for chance in (0.02, 0.05, 0.10):
        rare = sum(1 for p in quoted if p < chance)
        print(f"Phoenix picks with a fitted chance under {chance:.0%}: {rare / len(quoted):.1%}")


if __name__ == "__main__":
    main()
