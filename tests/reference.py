"""The Tenhou reference wins (``/work/shared/reference/tenhou_agari.jsonl``), read and scored
once per test session for every test that checks against them.

A missing file is a :func:`~tests.conftest.missing` service: the tests skip with the reason
on a laptop without the shared data, and fail under ``CI=true``, so 3,408 checks can never
drop out silently.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from tests.conftest import missing
from tutor.engine.scoring import ScoreResult, score
from tutor.engine.scoring.reference import rules_from_record, situation_from_record

# The shared folder sits beside the work tree (../shared); /work/shared when it is elsewhere.
REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "tenhou_agari.jsonl"
if not REFERENCE.exists():
    REFERENCE = Path("/work/shared/reference/tenhou_agari.jsonl")

RECORD_COUNT = 3408
CHUNKS = 24
"""The reference checks run as this many test items of about 142 records each."""


def reference_path() -> Path:
    """The reference file, or a skip (a failure under CI) when it is absent."""
    if not REFERENCE.exists():
        missing(f"the Tenhou reference file is not at {REFERENCE}")
    return REFERENCE


@functools.cache
def _records() -> tuple[dict[str, Any], ...]:
    lines = REFERENCE.read_text().splitlines()
    return tuple(json.loads(line) for line in lines if line.strip())


def reference_records() -> tuple[dict[str, Any], ...]:
    """Every record of the reference file, in file order."""
    reference_path()
    return _records()


@functools.cache
def _results() -> tuple[ScoreResult, ...]:
    return tuple(score(situation_from_record(r), rules_from_record(r)) for r in _records())


def reference_results() -> tuple[ScoreResult, ...]:
    """Every reference win scored by the engine under its own rules, in file order."""
    reference_records()
    return _results()


def chunk(records: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    """The ``index``-th of :data:`CHUNKS` consecutive slices of ``records``, of equal sizes
    give or take one.

    >>> [chunk(tuple(range(48)), i) for i in (0, 23)]
    [(0, 1), (46, 47)]
    >>> sorted({len(chunk(tuple(range(3408)), i)) for i in range(CHUNKS)})
    [142]
    """
    n = len(records)
    return records[index * n // CHUNKS : (index + 1) * n // CHUNKS]
