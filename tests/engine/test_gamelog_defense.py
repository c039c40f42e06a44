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
from tutor.engine.defense_puzzle import defense_positions

DEFENSE = LOGS.parent / "defense_decisions.jsonl.gz"


@pytest.mark.slow  # replays all 363 games: about half a minute of CPU
def test_the_replay_rebuilds_all_27313_defense_decisions_exactly() -> None:
    if not DEFENSE.exists():
        missing(f"the defense decisions are not in {DEFENSE}")
    with gzip.open(DEFENSE, "rt") as f:
        expected = [json.loads(line) for line in f]
    rebuilt = [record for game in _games() for _decision, record in defense_positions(game)]
    assert len(expected) == len(rebuilt) == 27313

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return (r["log_id"], r["round_seq"], r["decider"], r["tiles_left"])

    assert sorted(rebuilt, key=key) == sorted(expected, key=key)
