"""The ``score`` command line: one JSON line out per record, errors inline, the run goes on."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from tests.reference import reference_path, reference_records
from tutor.engine.scoring.cli import score_command

ROOT = Path(__file__).resolve().parents[2]
RECORD = {
    "id": "r1",
    "closed136": [0, 4, 8, 36, 40, 44, 72, 76, 80, 96, 100, 104, 124, 125],
    "melds": [],
    "win_tile136": 125,
    "tsumo": True,
    "seat_wind": "S",
    "round_wind": "E",
    "honba": 1,
    "riichi_sticks": 1,
    "context": {"riichi": True},
}


def run(lines: list[str], *args: str) -> list[dict[str, object]]:
    out = io.StringIO()
    assert score_command(list(args), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_it_writes_han_fu_points_limit_yaku_fu_lines_and_payments() -> None:
    (out,) = run([json.dumps(RECORD)])
    assert out["id"] == "r1" and (out["han"], out["fu"], out["points"]) == (6, 30, 12000)
    assert out["limit"] == "haneman"
    assert {"id": 25, "name": "Sanshoku Doujun", "han": 2} in out["yaku"]  # type: ignore[operator]
    assert out["fu_lines"][0] == "Base: 20"  # type: ignore[index]
    assert out["payments"] == {
        "dealer": 6100, "non_dealer": 3100, "honba": 300, "sticks": 1000, "total": 13300,
    }  # fmt: skip


def test_a_record_it_cannot_score_gives_an_error_and_the_run_goes_on() -> None:
    no_yaku = dict(RECORD, id="r2", context={}, tsumo=False)
    no_yaku["closed136"] = [0, 4, 8, 36, 40, 44, 85, 89, 93, 96, 100, 104, 116, 117]
    no_yaku["win_tile136"] = 117
    outs = run([json.dumps(RECORD), "{broken", json.dumps(no_yaku), json.dumps(RECORD)])
    assert [o.get("error") is None for o in outs] == [True, False, False, True]
    assert outs[1] == {
        "id": None,
        "error": "line 2 is not JSON: Expecting property name enclosed in double quotes",
    }
    assert outs[2]["id"] == "r2" and "No yaku: this hand cannot win" in str(outs[2]["error"])


def test_the_rules_option_picks_a_preset() -> None:
    (tenhou,) = run([json.dumps(RECORD)])
    (ema,) = run([json.dumps(RECORD)], "--rules", "EMA")
    assert tenhou["points"] == ema["points"] == 12000


def test_it_scores_the_reference_file_from_the_command_line() -> None:
    reference = reference_path()
    proc = subprocess.run(
        [sys.executable, "-m", "tutor.engine", "score", str(reference)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    expected = reference_records()
    assert len(outs) == 3408
    assert [(o["han"], o["fu"], o["points"]) for o in outs] == [
        (e["result"]["han"], e["result"]["fu"], e["result"]["points"]) for e in expected
    ]


def test_only_the_scoring_package_imports_the_mahjong_library() -> None:
    # Application code goes through tutor.engine.scoring; benchmarks and tests may still
    # put the library beside the engine to compare answers or speed.
    offenders = []
    for package in ("tutor", "lessons", "puzzles", "classes"):
        for path in (ROOT / package).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if rel.parts[:3] == ("tutor", "engine", "scoring"):
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if "import mahjong" in text or "from mahjong" in text:
                offenders.append(str(rel))
    assert offenders == []


def test_a_missing_file_is_reported_on_standard_error() -> None:
    err = io.StringIO()
    assert score_command(["/no/such/file.jsonl"], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().startswith("cannot read /no/such/file.jsonl")
