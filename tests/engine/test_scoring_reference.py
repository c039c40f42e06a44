"""Every win of the Tenhou reference file scores exactly as Tenhou scored it.

The 3,408 wins run in :data:`~tests.reference.CHUNKS` test items; a failing item lists the id
of every record in its chunk that scored differently, with what differed.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.reference import CHUNKS, RECORD_COUNT, chunk, reference_records, reference_results
from tutor.engine.scoring import ScoreResult


def _dealer_seat(record: dict[str, Any]) -> int:
    return int((record["who"] - "ESWN".index(record["seat_wind"])) % 4)


def differences(record: dict[str, Any], result: ScoreResult) -> list[str]:
    """What the engine's score of ``record`` gets wrong against Tenhou's, as readable lines."""
    expected = record["result"]
    got = {
        "han": result.han,
        "fu": result.fu,
        "points": result.points,
        "limit": result.limit,
        "yaku": {(y.tenhou_id, y.han) for y in result.yaku},
        "dora": result.dora,
        "ura": result.ura,
        "aka": result.red,
    }
    want = {
        **{key: expected[key] for key in ("han", "fu", "points", "limit", "dora", "ura", "aka")},
        "yaku": {(y[0], y[2]) for y in expected["yaku"] if y[2] > 0},
    }
    wrong = [f"{key}: {got[key]!r}, Tenhou {want[key]!r}" for key in want if got[key] != want[key]]
    if result.fu_lines and sum(line.fu for line in result.fu_lines) != result.fu:
        wrong.append(
            f"fu lines add up to {sum(line.fu for line in result.fu_lines)}, not {result.fu}"
        )
    # Tenhou pays honba and sticks only to the first winner of a double ron; pao splits the
    # payment differently. Every other win moves exactly these points between the seats.
    if expected["pao_who"] is None and record["source"]["agari_seq"] == 0:
        discarder = None if record["tsumo"] else record["from_who"]
        deltas = list(result.payments.by_seat(record["who"], discarder, _dealer_seat(record)))
        if deltas != expected["score_delta"]:
            wrong.append(f"payments {deltas}, Tenhou {expected['score_delta']}")
    return wrong


def test_the_reference_file_has_all_3408_records() -> None:
    assert len(reference_records()) == RECORD_COUNT


@pytest.mark.parametrize("part", range(CHUNKS), ids=lambda i: f"chunk{i + 1:02}of{CHUNKS}")
def test_scores_as_tenhou_did(part: int) -> None:
    records = chunk(reference_records(), part)
    results = chunk(reference_results(), part)
    assert records, "an empty chunk checks nothing"
    wrong = {
        record["id"]: found
        for record, result in zip(records, results, strict=True)
        if (found := differences(record, result))
    }
    assert not wrong, f"{len(wrong)} of {len(records)} wins score differently:\n" + "\n".join(
        f"  {rid}: {'; '.join(found)}" for rid, found in wrong.items()
    )


def test_a_wrong_score_is_reported_with_what_differs() -> None:
    record = reference_records()[0]
    result = reference_results()[0]
    assert differences(record, result) == []
    tampered = {**record, "result": {**record["result"], "fu": record["result"]["fu"] + 10}}
    assert differences(tampered, result) == [f"fu: {result.fu}, Tenhou {result.fu + 10}"]
