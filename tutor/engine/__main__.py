"""Command line: ``python -m tutor.engine COMMAND ...``.

Commands:

``shanten``
    Reads hands from standard input, one per line, in hand notation (``123m456p789s1122z``,
    called sets allowed: ``456p11z [777p] [5555m] (1111z) 1m``... see :mod:`tutor.engine.hand`) or
    as 34 comma-separated counts (then the called sets are implied by the size: 13 or 14
    tiles, 3 fewer per set). Prints one shanten per line. Blank lines are skipped.

``analyze HAND [--seen TILES]``
    Prints JSON: the shanten; for a hand with a drawn tile, every discard (shanten after it,
    accepted tiles with their unseen copies, their count and the 2-step figure, best first);
    and the waits of every tenpai hand (the hand itself, or the hand after each discard that
    leaves it tenpai). ``--seen`` lists the other tiles in view (discards, dora indicators,
    other players' sets); the hand's own tiles are always counted as seen, and a kind it holds
    four of with its called sets is never a wait.

Other commands (``wall``, ``score``) come from their modules; each command is one entry in
:data:`COMMANDS`: a name, a help line and a function ``run(argv, stdin, stdout, stderr) -> int``.

Bad input prints one readable line on standard error and exits with status 1 (2 for a wrong
command line).

>>> import io
>>> out = io.StringIO()
>>> main(["shanten"], stdin=io.StringIO("123m456p789s1122z\\n"), stdout=out)
0
>>> out.getvalue()
'0\\n'
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import NoReturn, TextIO

import numpy as np

from .analysis import discard_analysis, tenpai_info, ukeire
from .hand import Hand, hand_str, parse_hand
from .shanten import shanten, shanten_batch
from .tiles import NUM_KINDS, check_counts, parse_tiles, tile_str

__all__ = ["Command", "COMMANDS", "main", "parse_shanten_line", "analyze_json"]

Runner = Callable[[list[str], TextIO, TextIO, TextIO], int]


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, one help line, and the function that runs it.

    >>> COMMANDS["shanten"].help
    'shanten of hands read from standard input'
    """

    name: str
    help: str
    run: Runner


class _ArgumentError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argparse parser that raises instead of exiting, so ``main`` returns a status."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of printing usage and exiting."""
        raise _ArgumentError(f"{self.prog}: {message}")


# --- shanten ---------------------------------------------------------------------------------


def parse_shanten_line(line: str) -> tuple[tuple[int, ...], int]:
    """Read one input line of ``shanten``: notation or 34 counts. Returns (counts, called sets).

    >>> parse_shanten_line("1m [111p] [222p] [333p] [444p]")[1]
    4
    >>> parse_shanten_line(",".join(["1"] * 13 + ["0"] * 21))[1]
    0
    >>> parse_shanten_line("1,2,3")
    Traceback (most recent call last):
    ...
    tutor.engine.tiles.ImpossibleHandError: counts must have 34 entries, got 3
    """
    text = line.strip()
    if "," in text:
        try:
            values = [int(x) for x in text.split(",")]
        except ValueError:
            raise ValueError("counts must be 34 whole numbers separated by commas") from None
        counts = check_counts(values)
        n = sum(counts)
        if n < 1 or n > 14 or n % 3 == 0:
            raise ValueError(f"{n} tiles is not a hand size: 13 or 14, or 3 fewer per called set")
        return counts, (14 - n) // 3
    fast = _plain_counts(text)
    if fast is not None:
        return fast, 0
    hand = parse_hand(text)
    return hand.concealed, len(hand.melds)


_PLAIN = re.compile(r"(?:[1-9]+[mps]|[1-7]+z)+")
_GROUP = re.compile(r"([1-9]+)([mpsz])")
_SUIT_BASE = {"m": -1, "p": 8, "s": 17, "z": 26}


def _plain_counts(text: str) -> tuple[int, ...] | None:
    """The counts of a plain 13- or 14-tile closed hand (``123m456p789s1122z``), or None.

    Profiling showed the command spending 97% of its time in :func:`parse_hand` (building and
    validating a :class:`Hand` with its sets and red fives) and 1% in the batch shanten. Most
    lines are plain closed hands, read here with two regular expressions; anything else (called
    sets, red fives, spaces, a fifth copy, a wrong size) returns None and goes through
    :func:`parse_hand`, which gives the learner's error message.

    >>> _plain_counts("123m456p789s1122z")[27:29]
    (2, 2)
    >>> _plain_counts("11111m456p789s22z") is None, _plain_counts("0m23p") is None
    (True, True)
    """
    if _PLAIN.fullmatch(text) is None:
        return None
    counts = [0] * NUM_KINDS
    for digits, suit in _GROUP.findall(text):
        base = _SUIT_BASE[suit]
        for d in digits:
            counts[base + ord(d) - 48] += 1
    if max(counts) > 4 or sum(counts) not in (13, 14):
        return None
    return tuple(counts)


def _shanten_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    parser = _Parser(
        prog="python -m tutor.engine shanten",
        description="Read hands from standard input, one per line; print one shanten each.",
    )
    parser.parse_args(argv)
    counts: list[tuple[int, ...]] = []
    melds: list[int] = []
    status = 0
    for number, line in enumerate(stdin, start=1):
        if not line.strip():
            continue
        try:
            c, m = parse_shanten_line(line)
        except ValueError as exc:
            print(f"line {number}: {exc}", file=stderr)
            status = 1
            break
        counts.append(c)
        melds.append(m)
    if counts:
        arr = np.array(counts, dtype=np.int8)
        m_arr = np.array(melds)
        result = np.empty(len(counts), dtype=np.int8)
        for m in np.unique(m_arr):
            rows = np.flatnonzero(m_arr == m)
            result[rows] = shanten_batch(arr[rows], int(m), check=False)
        stdout.write("".join(f"{int(x)}\n" for x in result))
    return status


# --- analyze ---------------------------------------------------------------------------------


def analyze_json(hand: Hand, visible: Sequence[int] | None = None) -> dict[str, object]:
    """The ``analyze`` answer for a hand; ``visible`` counts other tiles in view.

    >>> out = analyze_json(parse_hand("23m456p789s11122z"))
    >>> out["shanten"], out["accepted"], out["waits"][0]["pattern"]
    (0, {'1m': 4, '4m': 4}, 'two_sided')
    """
    seen = list(hand.all_counts())
    if visible is not None:
        for t in range(NUM_KINDS):
            seen[t] += visible[t]
    seen_counts = check_counts(seen)
    held = hand.called_counts()  # copies in the hand's own called sets cannot be drawn
    melds = len(hand.melds)
    out: dict[str, object] = {"hand": hand_str(hand)}
    waits: list[dict[str, object]] = []
    if hand.tile_count == 14:
        rows = discard_analysis(hand.concealed, melds, seen_counts, held=held)
        out["shanten"] = shanten(hand.concealed, melds, held=held)
        out["discards"] = [r.as_json() for r in rows]
        for r in rows:
            if r.shanten == 0:
                after = list(hand.concealed)
                after[r.discard] -= 1
                info = tenpai_info(after, melds, seen_counts, held=held)
                if info is not None:
                    waits.append({"discard": tile_str(r.discard), **info.as_json()})
    else:
        u = ukeire(hand.concealed, melds, seen_counts, held=held)
        out["shanten"] = u.shanten
        out["discards"] = []
        out["accepted"] = u.accepted_str()
        out["count"] = u.count
        info = tenpai_info(hand.concealed, melds, seen_counts, held=held)
        if info is not None:
            waits.append({"discard": None, **info.as_json()})
    out["waits"] = waits
    return out


def _analyze_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    parser = _Parser(
        prog="python -m tutor.engine analyze",
        description="Shanten, the discard table with uke-ire and the 2-step figure, and waits.",
    )
    parser.add_argument("hand", help='hand notation, e.g. "123m456p789s1122z5m"')
    parser.add_argument(
        "--seen",
        default="",
        help="other tiles in view: discards, dora indicators, other players' sets",
    )
    args = parser.parse_args(argv)
    try:
        hand = parse_hand(args.hand)
        visible = check_counts(_count(parse_tiles(args.seen))) if args.seen else None
        result = analyze_json(hand, visible)
    except ValueError as exc:
        print(f"error: {exc}", file=stderr)
        return 1
    stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def _count(tiles: list[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


# --- other modules' commands -----------------------------------------------------------------


def _score_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .scoring.cli import score_command

    return score_command(argv, stdin=stdin, stdout=stdout, stderr=stderr)


def _rank_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .value import rank_command

    return rank_command(argv, stdin, stdout, stderr)


def _danger_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .defense import danger_command

    return danger_command(argv, stdin, stdout, stderr)


def _replay_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .gamelog.cli import replay_command

    return replay_command(argv, stdout=stdout, stderr=stderr)


def _wall_run(argv: list[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .wall import CLASSICAL, RIICHI, BreakConvention, WallRules, build_wall, deal, wall_picture

    parser = _Parser(
        prog="python -m tutor.engine wall",
        description="A text picture of the walls, the break, the dead wall and the dora indicator.",
    )
    parser.add_argument("--seed", type=int, required=True, help="the shuffle's seed")
    parser.add_argument("--dice", type=int, nargs=2, metavar=("A", "B"), help="rolled if absent")
    parser.add_argument("--classical", action="store_true", help="144 tiles with flowers")
    parser.add_argument("--red", type=int, choices=(0, 3, 4), default=3, help="red fives")
    parser.add_argument(
        "--break",
        dest="convention",
        choices=[c.value for c in BreakConvention],
        help="where the wall breaks: after the counted stacks (riichi_standard, the default "
        "with 136 tiles) or at the counted stack (classical, the default with --classical)",
    )
    parser.add_argument("--deal", action="store_true", help="show the wall after the deal")
    parser.add_argument("--hidden", action="store_true", help="show live tiles face down")
    args = parser.parse_args(argv)
    rules = CLASSICAL if args.classical else RIICHI
    try:
        if not args.classical and args.red != rules.red_fives:
            rules = WallRules(red_fives=args.red)
        if args.convention is not None:
            rules = replace(rules, convention=BreakConvention(args.convention))
        state = build_wall(args.seed, tuple(args.dice) if args.dice else None, rules)
        if args.deal:
            state = deal(state)
    except ValueError as exc:
        print(f"error: {exc}", file=stderr)
        return 1
    stdout.write(wall_picture(state, reveal=not args.hidden) + "\n")
    return 0


COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        Command("shanten", "shanten of hands read from standard input", _shanten_run),
        Command("analyze", "discard table, uke-ire, 2-step and waits of one hand", _analyze_run),
        Command("score", "score wins given as JSON lines (reference format)", _score_run),
        Command("wall", "picture of the wall from --seed N [--dice A B]", _wall_run),
        Command("replay", "one JSON line per discard decision of game logs", _replay_run),
        Command("rank", "expected-value ranking of decisions read as JSON lines", _rank_run),
        Command("danger", "danger of each candidate against one riichi (JSON lines)", _danger_run),
    )
}
"""The subcommands; a module adds one with ``COMMANDS[name] = Command(...)``."""


def _usage() -> str:
    lines = ["usage: python -m tutor.engine COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {c.name:<10} {c.help}" for c in COMMANDS.values()]
    return "\n".join(lines)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run a command and return the exit status.

    >>> import io
    >>> err = io.StringIO()
    >>> main(["fly"], stderr=err)
    2
    >>> err.getvalue().splitlines()[0]
    'unknown command "fly"'
    """
    args = list(sys.argv[1:] if argv is None else argv)
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    if not args or args[0] in ("-h", "--help"):
        print(_usage(), file=stdout if args else stderr)
        return 0 if args else 2
    command = COMMANDS.get(args[0])
    if command is None:
        print(f'unknown command "{args[0]}"\n{_usage()}', file=stderr)
        return 2
    try:
        return command.run(args[1:], stdin, stdout, stderr)
    except _ArgumentError as exc:
        print(exc, file=stderr)
        return 2
    except SystemExit as exc:  # argparse's --help
        return exc.code if isinstance(exc.code, int) else 0


if __name__ == "__main__":
    sys.exit(main())
