"""The ``replay`` command: one JSON line per own-turn decision of each game log given.

``python -m tutor.engine replay FILE...`` reads Tenhou mjlog XML (``.xml``, gzipped or not) or
tenhou.net/6 JSON (a file starting with ``{``) and prints, for every discard made after a draw
or after a chi or pon, the fields of :class:`~tutor.engine.gamelog.replay.Decision`. A file
that cannot be read or replayed prints one line on standard error (naming the file, the round
and the event) and the command ends with status 1 after the other files.

>>> import io
>>> err = io.StringIO()
>>> replay_command(["/nonexistent.xml"], stdout=io.StringIO(), stderr=err)
1
>>> err.getvalue()
'/nonexistent.xml: cannot read /nonexistent.xml: No such file or directory\\n'
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TextIO

from .events import Game, GameLogError, read_log_file

__all__ = ["replay_command", "load_game"]


def load_game(path: str | Path) -> Game:
    """Read a game log in either format (gzipped or not), chosen by its first character.

    The log id is the file name up to its first dot (a tenhou.net/6 ``ref`` wins over it).

    >>> load_game("/nonexistent.json")
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: cannot read /nonexistent.json: No such file or directory
    """
    from .read import read_text

    return read_text(*read_log_file(path))


def replay_command(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``replay`` on the files in ``argv``; return the exit status."""
    from .replay import replay_game

    parser = argparse.ArgumentParser(
        prog="python -m tutor.engine replay",
        description="Print one JSON line per own-turn decision (after a draw or a chi/pon).",
    )
    parser.add_argument("files", nargs="+", help="mjlog XML or tenhou.net/6 JSON game logs")
    args = parser.parse_args(argv)
    status = 0
    for name in args.files:
        try:
            game = load_game(name)
            decisions = replay_game(game).decisions
        except GameLogError as exc:
            print(f"{name}: {exc}", file=stderr)
            status = 1
            continue
        stdout.write("".join(json.dumps(d.as_json(), ensure_ascii=False) + "\n" for d in decisions))
    return status
