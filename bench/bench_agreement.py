"""How often the value ranking's first row is the Phoenix player's own discard, by kind of
decision: closed or open hand, an opponent in riichi or not, a discard that leaves the hand
tenpai or not.

Every own-turn decision of the games in the range (not those of a player already in riichi,
nor those with a single candidate) is ranked by :func:`tutor.engine.value.rank_discards`; the
first row is the product's best discard (:func:`tutor.engine.value.order_rows`). The
preference model was fitted on closed hands with nobody in riichi and no tenpai discard
(``scripts/fit_discard_prefs.py``), so the other rows say how far it carries.

    .venv/bin/python bench/bench_agreement.py [--start 13] [--stop 60] [--open-only]

About 20 s of CPU a game (``--open-only``: a few seconds).
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.gamelog.replay import replay_game  # noqa: E402
from tutor.engine.tiles import parse_tile  # noqa: E402
from tutor.engine.value import decision_from_json, order_rows, rank_discards  # noqa: E402

LOGS = "/work/shared/reference/tenhou_logs"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--logs", default=LOGS)
    parser.add_argument("--start", type=int, default=13, help="the first game (sorted by name)")
    parser.add_argument("--stop", type=int, default=60, help="the game after the last")
    parser.add_argument("--open-only", action="store_true", help="only hands with called sets")
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.logs, "*.xml")))[args.start : args.stop]
    started = time.process_time()
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path in files:
        for d in replay_game(load_mjlog(path)).decisions:
            if d.seat in d.riichi or (args.open_only and not d.melds):
                continue
            hand, context = decision_from_json(d.as_json())
            rows = order_rows(rank_discards(hand, context).rows)
            if len(rows) < 2:
                continue
            kind = ("open" if d.melds else "closed") + (
                ", facing a riichi" if d.riichi else ", nobody in riichi"
            )
            tenpai = any(r.shanten == 0 for r in rows)
            agreed = int(rows[0].discard == parse_tile(d.discard))
            for key in (kind, f"{kind}, {'a' if tenpai else 'no'} tenpai discard", "all"):
                tally[key][0] += agreed
                tally[key][1] += 1
    print(f"games {args.start}-{args.stop}: {time.process_time() - started:.0f} s of CPU")
    for key in sorted(tally):
        agreed, total = tally[key]
        print(f"{key:50s} {agreed / total:6.1%} of {total:6,}")


if __name__ == "__main__":
    main()
