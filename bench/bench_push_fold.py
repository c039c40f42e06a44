"""Push or fold on the shared Phoenix games: how often the engine's clear verdicts match what
the Phoenix player did, and the clear rule chosen on training games, measured on held-out ones.

For every decision of a player facing one riichi (:func:`tutor.engine.push_fold.
facing_positions`: not declaring riichi themselves, at least 24 tiles left in the wall),
:func:`tutor.engine.push_fold.judge_position` gives a verdict and its lead in points; the
*first* positions are each player's first decision facing each riichi (the puzzles are mined
from those). The Phoenix
player *pushed* when they threw the push tile, *folded* when they threw a tile at most 0.5 point
more dangerous than the safest one, and did something else otherwise ("agree" counts only the
exact answer: a push verdict agrees when they threw the push tile).

1. The lead table: verdicts where the two tiles differ (the push tile at least 2 points more
   dangerous), by lead and by what the player did, over the first positions of all games;
   then the same choices by the shape the push tile leaves (the table the lesson "Push or
   fold" quotes).
2. The clear rule: games are split by a hash of their log id, a third held out
   (``crc32(log_id) % 3 == 0``). On every position of the training games, for push verdicts
   and fold verdicts apart, every rule of a small grid (:class:`tutor.engine.push_fold.
   ClearRule`: the lead, the push option's shanten and win rate, the fold tile's danger and,
   for a fold, the push tile's, whether the player leads the scores) is scored; the one with
   the most training verdicts at :data:`AIM` agreement or more (at least :data:`LEAST` of
   them) is chosen, then counted on the held-out games, on all their positions and on their
   first ones. Coverage is the share of the positions that get a clear verdict. (Chosen on the
   first positions alone, the push rule rested on 25 training verdicts and changed with small
   changes of the model; every position gives it about four times as many.)

3. What the round costs a player who folded (the constants
   :data:`tutor.engine.push_fold.ROUND_GOES_ON_COST` and :data:`~tutor.engine.push_fold.
   TENPAI_AT_DRAW`): over the positions where the player folded, their mean score change when
   the round ended by neither their win nor their deal-in, by who is the dealer, and the
   exhaustive draws among those rounds.

    python bench/bench_push_fold.py [--games N] [--cache FILE] [--jobs N]

``--cache`` keeps each position's figures in a file (written when missing, read when there):
about 0.1 s of CPU per position for the value ranking, and the 363 games hold about 16,800;
``--jobs`` computes them in that many processes.
"""

from __future__ import annotations

import argparse
import collections
import glob
import itertools
import json
import multiprocessing
import os
import sys
import time
import zlib
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from tutor.engine import push_fold  # noqa: E402
from tutor.engine.defense import DefenseInputError  # noqa: E402
from tutor.engine.gamelog.events import Game, RoundDraw, Win  # noqa: E402
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.push_fold import ClearRule, PushFold, clear_answer  # noqa: E402

LOGS = "/work/shared/reference/tenhou_logs"
BUCKETS = (0, 250, 500, 750, 1000, 1500)
AIM = 0.90
"""The training agreement a rule must reach: the 90 % the puzzles need (the held-out games then
say whether it holds)."""
LEAST = 20
"""The fewest training verdicts a chosen rule may rest on."""


def held_out(log_id: str) -> bool:
    """Whether a game is in the held-out third."""
    return zlib.crc32(log_id.encode()) % 3 == 0


def positions(files: list[str]) -> Iterator[dict[str, Any]]:
    """Each position facing a riichi with its figures and what happened (a state the danger
    model cannot read is left out)."""
    for path in files:
        game = load_mjlog(path)
        for d, record, first in push_fold.facing_positions(game):
            try:
                choice = push_fold.judge_position(d, record)
            except DefenseInputError:
                continue
            yield {
                "log_id": record["log_id"],
                "first": first,
                "round_seq": record["round_seq"],
                "decider": record["decider"],
                "closed": sum(record["hand"]) == 14,
                "round": record["round"],
                "dealer": d.dealer,
                "scores": record["scores"],
                "tiles_left": record["tiles_left"],
                "discard": record["discard"],
                "did": push_fold.what_they_did(choice, record["discard"]),
                "dealt_in": record["dealt_in"],
                "won": push_fold.won_round(game, record),
                **round_end(game, record),
                "leading": push_fold.leading(record["scores"], record["decider"], d.dealer),
                "choice": choice.as_json(options=True),
            }


def round_end(game: Game, record: dict[str, Any]) -> dict[str, Any]:
    """How the position's round ended for the deciding player: ``won``, ``dealt_in``,
    ``draw_tenpai``, ``draw_noten`` or ``other`` (someone else's win, a draw of another kind),
    and the change of their score."""
    decider = record["decider"]
    ends = [e for e in game.rounds[record["round_seq"]].events if isinstance(e, Win | RoundDraw)]
    if not ends:
        return {"ending": "other", "delta": 0}
    first = ends[0]
    if isinstance(first, RoundDraw):
        tenpai = first.kind == "exhaustive" and decider in (first.tenpai or ())
        ending = (
            ("draw_tenpai" if tenpai else "draw_noten") if first.kind == "exhaustive" else "other"
        )
    elif first.who == decider:
        ending = "won"
    elif first.from_who == decider:
        ending = "dealt_in"
    else:
        ending = "other"
    return {"ending": ending, "delta": sum(e.deltas[decider] for e in ends)}


def round_cost_table(rows: list[dict[str, Any]]) -> None:
    """What the round cost the players who folded, when it ended by neither their win nor
    their deal-in (:data:`tutor.engine.push_fold.ROUND_GOES_ON_COST`)."""
    groups: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for row in rows:
        if row["did"] != "fold" or row["ending"] in ("won", "dealt_in"):
            continue
        dealer = row["decider"] == row["dealer"]
        riichi_dealer = row["choice"]["deal_in_value"] > push_fold.RIICHI_RON_VALUE
        groups[f"player dealer {dealer!s:5}, riichi dealer {riichi_dealer!s:5}"].append(row)
        groups["all"].append(row)
    print("\nthe round's cost to a player who folded (not won, not dealt in)")
    print("players                                rounds   mean change   exhaustive draws")
    for name, group in sorted(groups.items()):
        mean = sum(r["delta"] for r in group) / len(group)
        draws = sum(r["ending"].startswith("draw") for r in group)
        print(f"{name:38} {len(group):6}   {mean:11.0f}   {percent(draws, len(group)):>8}")
    everyone = groups["all"]
    for ending in ("draw_tenpai", "draw_noten"):
        deltas = [r["delta"] for r in rows if r["ending"] == ending]
        if deltas:
            print(f"{ending}: {len(deltas)} rounds, mean change {sum(deltas) / len(deltas):.0f}")
    if not everyone:
        print("no such rounds")


def game_positions(path: str) -> list[dict[str, Any]]:
    """The positions of one game (a worker's unit)."""
    return list(positions([path]))


def lead_table(rows: list[dict[str, Any]]) -> None:
    counts: collections.Counter[tuple[str, int, str]] = collections.Counter()
    for position in rows:
        choice = position["pf"]
        if not push_fold.is_clear(choice, margin=0):
            continue
        bucket = max(b for b in BUCKETS if choice.gap >= b)
        counts[(choice.answer, bucket, position["did"])] += 1
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


def shanten_table(rows: list[dict[str, Any]]) -> None:
    """What the players did by the shape the push tile leaves (the table of the lesson "Push or
    fold", stage 21): over the real choices (:func:`tutor.engine.push_fold.is_dilemma`)."""
    counts: collections.Counter[tuple[int, str]] = collections.Counter()
    for position in rows:
        if push_fold.is_dilemma(position["pf"]):
            counts[(min(position["pf"].push.shanten, 3), position["did"])] += 1
    print("\npush tile leaves   positions  pushed  folded  other")
    for shanten in range(4):
        row = [counts[(shanten, did)] for did in ("push", "fold", "other")]
        total = sum(row)
        name = "tenpai" if shanten == 0 else f"{shanten}-shanten" + ("+" if shanten == 3 else "")
        shares = "  ".join(f"{100 * n / total:5.0f}%" if total else "     -" for n in row)
        print(f"{name:17}  {total:9}  {shares}")


def score(rows: list[dict[str, Any]], rule: ClearRule, answer: str) -> tuple[int, int]:
    """How many rows the rule gives ``answer``, and how many of those the player agreed with."""
    n = agreed = 0
    for row in rows:
        if clear_answer(row["pf"], rule, row["leading"]) == answer:
            n += 1
            agreed += row["did"] == answer
    return n, agreed


NEVER = 1e9


def grid(answer: str) -> Iterator[ClearRule]:
    """The rules tried for one kind of verdict (the other kind never clear)."""
    if answer == "push":
        for m, s, w, d, lead in itertools.product(
            range(0, 4001, 250),
            (0, 1, 9),
            (0, 0.1, 0.2, 0.3, 0.4),
            (0.08, 0.1, 0.15, 1.0),
            (True, False),
        ):
            yield ClearRule(
                push_margin=m,
                push_shanten=s,
                push_win_rate=w,
                push_danger=d,
                push_when_leading=lead,
                fold_margin=NEVER,
            )
    else:
        for m, s, d, p in itertools.product(
            range(0, 3001, 250), (0, 1, 2, 3), (0.005, 0.01, 0.02, 1.0), (0, 0.04, 0.08, 0.12)
        ):
            yield ClearRule(
                fold_margin=m,
                fold_shanten=s,
                fold_danger=d,
                fold_push_danger=p,
                push_margin=NEVER,
            )


def choose(train: list[dict[str, Any]], answer: str) -> ClearRule | None:
    best: tuple[int, int, ClearRule] | None = None
    for rule in grid(answer):
        n, agreed = score(train, rule, answer)
        if n >= LEAST and agreed >= AIM * n and (best is None or (n, agreed) > best[:2]):
            best = (n, agreed, rule)
    return best[2] if best else None


def percent(a: int, n: int) -> str:
    return f"{100 * a / n:.1f}%" if n else "-"


def rule_table(rows: list[dict[str, Any]]) -> None:
    train = [r for r in rows if not held_out(r["log_id"])]
    test = [r for r in rows if held_out(r["log_id"])]
    first = [r for r in test if r["first"]]
    print(
        f"\nsplit by game: {len(train)} training positions, {len(test)} held out "
        f"({len(first)} of them first positions)"
    )
    totals = {"all": [0, 0], "first": [0, 0]}
    for answer in ("push", "fold"):
        rule = choose(train, answer)
        if rule is None:
            print(f"{answer}: no rule reaches {AIM:.0%} on {LEAST}+ training verdicts")
            continue
        n, a = score(train, rule, answer)
        print(f"{answer}: {rule}")
        print(f"  training {a}/{n} agree {percent(a, n)}, coverage {percent(n, len(train))}")
        for name, group in (("all", test), ("first", first)):
            tn, ta = score(group, rule, answer)
            totals[name][0] += tn
            totals[name][1] += ta
            did = collections.Counter(
                r["did"] for r in group if clear_answer(r["pf"], rule, r["leading"]) == answer
            )
            print(
                f"  held out, {name} positions: {ta}/{tn} agree {percent(ta, tn)}, coverage "
                f"{percent(tn, len(group))}; the player pushed {did['push']}, folded "
                f"{did['fold']}, other {did['other']}"
            )
    for name, group in (("all", test), ("first", first)):
        tn, ta = totals[name]
        print(
            f"both, held out, {name} positions: {ta}/{tn} agree {percent(ta, tn)}, coverage "
            f"{percent(tn, len(group))}"
        )
        engine = {a: score(group, push_fold.CLEAR_RULE, a) for a in ("push", "fold")}
        print(
            f"  the engine's CLEAR_RULE, held out, {name} positions: "
            + "; ".join(f"{a} {x[1]}/{x[0]} agree {percent(x[1], x[0])}" for a, x in engine.items())
        )


def load(args: argparse.Namespace) -> list[dict[str, Any]]:
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    files = sorted(glob.glob(os.path.join(args.logs, "*.xml")))
    if args.games:
        files = files[: args.games]
    start = time.time()
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [row for game in pool.map(game_positions, files, chunksize=4) for row in game]
    print(f"{len(rows)} positions computed in {time.time() - start:.0f} s ({args.jobs} jobs)")
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=0, help="only the first N games")
    parser.add_argument("--logs", default=LOGS)
    parser.add_argument("--cache", help="the positions' figures: read if there, else written")
    parser.add_argument("--jobs", type=int, default=1, help="processes computing the positions")
    args = parser.parse_args()
    rows = load(args)
    for row in rows:
        row["pf"] = PushFold.from_json(row["choice"])
    first = [row for row in rows if row["first"]]
    print(f"{len(rows)} decisions facing one riichi, {len(first)} of them first positions")
    lead_table(first)
    shanten_table(first)
    rule_table(rows)
    round_cost_table(first)


if __name__ == "__main__":
    main()
