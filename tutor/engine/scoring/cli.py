"""The ``score`` command: JSON lines in the reference format in, one scored JSON line out each.

``python -m tutor.engine score [FILE] [--rules NAME]`` (also ``python -m tutor.engine.scoring``)
reads FILE or standard input. A record that cannot be scored gives ``{"id": ..., "error": ...}``
and the run goes on.

>>> import io
>>> out = io.StringIO()
>>> score_command(["--rules", "ema"], stdin=io.StringIO('{"id": 1}\\n'), stdout=out)
0
>>> out.getvalue()
'{"id": 1, "error": "bad record: KeyError \\'closed136\\'"}\\n'
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from .presets import PRESETS, preset
from .reference import score_lines


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """Add the ``score`` arguments to ``parser`` (a new one when None).

    >>> build_parser().parse_args(["wins.jsonl", "--rules", "EMA"])
    Namespace(file='wins.jsonl', rules='ema')
    """
    parser = parser or argparse.ArgumentParser(
        prog="python -m tutor.engine score",
        description="Score wins given as JSON lines in the Tenhou reference format.",
    )
    parser.add_argument("file", nargs="?", help="JSON lines file (default: standard input)")
    parser.add_argument(
        "--rules",
        default="tenhou",
        choices=sorted(PRESETS),
        type=str.lower,
        help="rule preset; the records' own aka/kuitan switches still apply (default: tenhou)",
    )
    return parser


def score_command(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``score`` command and return its exit status (0, or 2 for a missing file)."""
    args = build_parser().parse_args(argv)
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    rules = preset(args.rules)
    if args.file:
        try:
            handle: TextIO = open(args.file, encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            print(f"cannot read {args.file}: {exc.strerror}", file=err)
            return 2
    else:
        handle = stdin or sys.stdin
    try:
        for line in score_lines(handle, rules):
            out.write(line + "\n")
    finally:
        if args.file:
            handle.close()
    return 0
