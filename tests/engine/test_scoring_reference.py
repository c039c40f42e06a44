"""Every win of the Tenhou reference file scores exactly as Tenhou scored it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.engine.scoring import score
from tutor.engine.scoring.reference import rules_from_record, situation_from_record

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "tenhou_agari.jsonl"
if not REFERENCE.exists():  # the tree may be checked out elsewhere than /work/main
    REFERENCE = Path("/work/shared/reference/tenhou_agari.jsonl")

RECORDS: list[dict[str, Any]] = (
    [json.loads(line) for line in REFERENCE.read_text().splitlines() if line.strip()]
    if REFERENCE.exists()
    else []
)


def _dealer_seat(record: dict[str, Any]) -> int:
    return int((record["who"] - "ESWN".index(record["seat_wind"])) % 4)


def test_the_reference_file_has_all_3408_records() -> None:
    if not RECORDS:
        pytest.skip(f"reference file not found at {REFERENCE}")
    assert len(RECORDS) == 3408


@pytest.mark.parametrize("record", RECORDS, ids=[r["id"] for r in RECORDS])
def test_scores_as_tenhou_did(record: dict[str, Any]) -> None:
    expected = record["result"]
    result = score(situation_from_record(record), rules_from_record(record))
    assert result.han == expected["han"]
    assert result.fu == expected["fu"]
    assert result.points == expected["points"]
    assert result.limit == expected["limit"]
    assert {(y.tenhou_id, y.han) for y in result.yaku} == {
        (y[0], y[2]) for y in expected["yaku"] if y[2] > 0
    }
    assert result.dora == expected["dora"]
    assert result.ura == expected["ura"]
    assert result.red == expected["aka"]
    assert sum(line.fu for line in result.fu_lines) == result.fu or not result.fu_lines
    # Tenhou pays honba and sticks only to the first winner of a double ron; pao splits the
    # payment differently. Every other win moves exactly these points between the seats.
    if expected["pao_who"] is None and record["source"]["agari_seq"] == 0:
        discarder = None if record["tsumo"] else record["from_who"]
        deltas = result.payments.by_seat(record["who"], discarder, _dealer_seat(record))
        assert list(deltas) == expected["score_delta"]
