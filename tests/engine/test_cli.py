"""The command line, run as a real process."""

from __future__ import annotations

import doctest
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import tutor.engine.__main__ as cli
from tutor.engine.hand import Hand, hand_str, parse_hand
from tutor.engine.shanten import shanten
from tutor.engine.tiles import to_counts

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


def test_shanten_reads_plain_hands_as_the_hand_parser_does() -> None:
    # plain closed hands take a fast path; it must agree with parse_hand and shanten()
    rng = random.Random(13)
    lines = []
    for i in range(400):
        kinds = sorted(p // 4 for p in rng.sample(range(136), 13 + i % 2))
        lines.append(hand_str(Hand.from_counts(to_counts(kinds))))
    out = io.StringIO()
    assert cli.main(["shanten"], stdin=io.StringIO("\n".join(lines)), stdout=out) == 0
    expected = [shanten(parse_hand(x).concealed) for x in lines]
    assert [int(x) for x in out.getvalue().split()] == expected


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("11111m456p789s22z", "only four 1m"),
        ("123m456p789s1122", "no suit letter"),
        ("123m456p789s12z", "13 or 14 tiles"),
        ("00m123p456s789s11z", "only 1 red 5m"),
    ],
)
def test_shanten_plain_lines_that_are_not_hands_get_the_parser_message(
    line: str, message: str
) -> None:
    err = io.StringIO()
    status = cli.main(["shanten"], stdin=io.StringIO(line + "\n"), stdout=io.StringIO(), stderr=err)
    assert status == 1
    assert message in err.getvalue()


def test_shanten_reads_red_fives_and_spaces_through_the_hand_parser() -> None:
    out = io.StringIO()
    cli.main(["shanten"], stdin=io.StringIO("123m 406p 789s 1122z\n"), stdout=out)
    assert out.getvalue() == "0\n"


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
