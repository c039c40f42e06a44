"""The command line, run as a real process."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import tutor.engine.__main__ as cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tutor.engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_shanten_reads_notation_and_counts_one_per_line() -> None:
    counts = ",".join(["1"] * 13 + ["0"] * 21)  # 123456789m1234p
    lines = (
        "123m456p789s1122z\n\n19m19p19s1234567z5m\n" + counts + "\n1m [111p] [222p] [333p] [444p]\n"
    )
    result = run("shanten", stdin=lines)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "0", "0", "0"]


def test_shanten_stops_on_a_bad_line_with_a_clear_message() -> None:
    result = run("shanten", stdin="123m456p789s1122z\n123m8z\n")
    assert result.returncode == 1
    assert result.stdout.split() == ["0"]
    assert 'line 2: "8z" is not a tile: honors are 1z–7z' in result.stderr


def test_shanten_rejects_counts_of_a_wrong_size() -> None:
    result = run("shanten", stdin="1,2,3\n")
    assert result.returncode == 1
    assert "34 entries" in result.stderr


def test_analyze_prints_the_discard_table_as_json() -> None:
    result = run("analyze", "23m456p789s11122z5p", "--seen", "1m1m4m")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["shanten"] == 0
    first = out["discards"][0]
    assert first == {
        "discard": "5p",
        "shanten": 0,
        "accepted": {"1m": 2, "4m": 3},
        "count": 5,
        "two_step": 0,
    }
    assert out["waits"][0]["discard"] == "5p"
    assert out["waits"][0]["pattern"] == "two_sided"
    assert out["waits"][0]["karaten"] is False


def test_analyze_a_13_tile_hand_gives_its_uke_ire_and_waits() -> None:
    out = json.loads(run("analyze", "24m456p789s11122z").stdout)
    assert out["shanten"] == 0
    assert out["discards"] == []
    assert out["accepted"] == {"3m": 4}
    assert out["waits"][0]["pattern"] == "closed"


def test_analyze_with_called_sets() -> None:
    out = json.loads(run("analyze", "13m7p9s1z [555z] [666z] [777z]").stdout)
    row = next(r for r in out["discards"] if r["discard"] == "9s")
    assert (row["count"], row["two_step"]) == (10, 36)


def test_analyze_a_wait_on_the_tile_the_hand_already_called_three_of_is_no_wait() -> None:
    # The lone 1m waits on a fifth 1m: the pon holds three and the hand the fourth.
    result = run("analyze", "1m234p567s789s [111m]")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["shanten"] == 1
    assert out["waits"] == []
    assert "1m" not in out["accepted"]


def test_analyze_bad_hand_exits_non_zero() -> None:
    result = run("analyze", "123m8z")
    assert result.returncode == 1
    assert result.stderr.startswith('error: "8z" is not a tile')
    assert result.stdout == ""


def test_analyze_too_many_seen_copies() -> None:
    result = run("analyze", "23m456p789s11122z5p", "--seen", "1z1z")
    assert result.returncode == 1
    assert "only four 1z" in result.stderr


def test_unknown_command_and_missing_argument() -> None:
    assert run("fly").returncode == 2
    result = run("analyze")
    assert result.returncode == 2
    assert "hand" in result.stderr


def test_usage_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "shanten" in result.stdout and "analyze" in result.stdout


def test_cli_doctests() -> None:
    # pytest does not collect doctests from __main__.py, so run them here
    failures, tried = doctest.testmod(cli)
    assert tried > 0 and failures == 0
