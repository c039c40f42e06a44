"""The replay rebuilds the shared defense file: every decision made against one riichi.

``defense_decisions.jsonl.gz`` (see its README) was built by another replayer; building it again
with the engine's :func:`~tutor.engine.defense_puzzle.defense_positions` and comparing record by
record checks the table states the replay keeps (hands, rivers, calls, riichi, dora, the wall)
on 27,313 real positions, and the records the defense puzzles and the game review are built
from.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.conftest import missing
from tests.engine.test_gamelog import LOGS, _games
from tutor.engine.defense_puzzle import riichi_positions
from tutor.engine.tiles import parse_tile

DEFENSE = LOGS.parent / "defense_decisions.jsonl.gz"


@pytest.mark.slow  # replays all 363 games: about half a minute of CPU
def test_the_replay_rebuilds_all_27313_defense_decisions_exactly() -> None:
    if not DEFENSE.exists():
        missing(f"the defense decisions are not in {DEFENSE}")
    with gzip.open(DEFENSE, "rt") as f:
        expected = [json.loads(line) for line in f]
    found = [records for game in _games() for _decision, records in riichi_positions(game)]
    rebuilt = [records[0] for records in found if len(records) == 1]
    assert len(expected) == len(rebuilt) == 27313

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return (r["log_id"], r["round_seq"], r["decider"], r["tiles_left"])

    assert sorted(rebuilt, key=key) == sorted(expected, key=key)

    # against two riichi (lesson 20's table): how often a tile in hand was a wait of either,
    # by how many of the two it was genbutsu against (in the river or passed since the riichi)
    several = [records for records in found if len(records) > 1]
    assert len(several) == 2436
    counts = {0: [0, 0], 1: [0, 0], 2: [0, 0]}
    for records in several:
        safe = [
            {parse_tile(x["tile"]) for x in r["river"]}
            | {parse_tile(x) for x in r["discards_after_riichi"]}
            for r in records
        ]
        waits = {parse_tile(w) for r in records for w in r["waits"]}
        for t in (t for t in range(34) if records[0]["hand"][t]):
            against = sum(t in s for s in safe)
            against = 2 if against == len(safe) else min(1, against)  # all, some or none
            counts[against][0] += 1
            counts[against][1] += t in waits
    rates = {k: round(100 * hits / n, 1) for k, (n, hits) in counts.items()}
    assert rates == {0: 20.6, 1: 8.1, 2: 0.3}
