"""``python -m tutor.engine wall``: the picture of the wall on good and bad input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from tutor.engine.__main__ import main
from tutor.engine.wall import build_wall, tile_label


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["wall", *argv], stdin=io.StringIO(""), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_the_wall_command_draws_the_break_the_dead_wall_and_the_indicator() -> None:
    status, out, err = run("--seed", "7", "--dice", "3", "4")
    assert (status, err) == (0, "")
    indicator = tile_label(build_wall(7, (3, 4)).dora_indicators[0])
    assert "Dice 3+4 = 7" in out and "West's wall breaks" in out
    assert f"Dora indicator: {indicator} (West wall, stack 5 from the right, top)" in out
    assert "Riichi standard: West counts 7 stacks" in out
    assert "Dead wall, from the break: West's stacks 7, 6, 5, 4, 3, 2, 1 " in out
    assert out.count("^") >= 2  # the first live stack, and the legend


def test_the_wall_command_can_break_the_classical_way() -> None:
    status, out, _ = run("--seed", "7", "--dice", "3", "4", "--break", "classical")
    assert status == 0 and "Classical: West counts 7 stacks" in out
    assert "Break: right of West wall, stack 7 from the right" in out
    assert "West's stacks 6, 5, 4, 3, 2, 1; North's stacks 17" in out


def test_the_same_seed_and_dice_draw_the_same_picture() -> None:
    assert run("--seed", "12", "--dice", "6", "1") == run("--seed", "12", "--dice", "6", "1")
    assert run("--seed", "12")[1] == run("--seed", "12")[1]  # dice rolled from the seed


def test_the_wall_command_can_deal_hide_and_use_the_classical_set() -> None:
    status, out, _ = run("--seed", "3", "--dice", "2", "2", "--deal", "--hidden")
    assert status == 0 and "##" in out and "East " in out and "Live draws left: 69" in out
    status, out, _ = run("--seed", "3", "--classical")
    assert status == 0 and "Dora indicator" not in out
    assert len([line for line in out.splitlines() if "/" in line]) == 18


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (("--seed", "7", "--dice", "3", "9"), 1, "a die shows 1 to 6, not 9"),
        (("--seed", "x"), 2, "invalid int value"),
        (("--dice", "1", "2"), 2, "--seed"),
        (("--seed", "1", "--dice", "1"), 2, "expected 2 arguments"),
        (("--seed", "1", "--red", "2"), 2, "invalid choice"),
        (("--seed", "1", "--break", "left"), 2, "invalid choice"),
    ],
)
def test_bad_input_gets_one_readable_line(argv: tuple[str, ...], status: int, message: str) -> None:
    got, out, err = run(*argv)
    assert got == status and out == ""
    assert message in err


def test_python_dash_m_runs_the_wall_command() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tutor.engine", "wall", "--seed", "7", "--dice", "3", "4"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and "Dora indicator" in proc.stdout
