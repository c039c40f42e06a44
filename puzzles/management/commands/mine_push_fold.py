"""Mine "push or fold?" puzzles from the shared Phoenix games.

``python manage.py mine_push_fold`` replays every shared game, judges the first decision of each
player facing each riichi (:func:`tutor.engine.push_fold.judge_position`) and writes the clear
ones (:func:`puzzles.push_fold.puzzle_fields`), as many folds as pushes
(:func:`puzzles.push_fold.balanced`), to ``puzzles/fixtures/push_fold_puzzles.jsonl``
(loaded by ``ensure_puzzles``, so by ``load_demo``); ``--store`` also stores them in the
database now. About 0.1 s of CPU per position: the 363 games take several minutes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles import push_fold, services_mining
from tutor.engine.gamelog.mjlog import load_mjlog

LOGS = services_mining.SHARED_LOGS
FIXTURE = Path(services_mining.FIXTURE).with_name("push_fold_puzzles.jsonl")


class Command(BaseCommand):
    help = "Mine push-or-fold puzzles from the shared Phoenix games and write their fixture."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--logs", type=Path, default=LOGS)
        parser.add_argument("--out", type=Path, default=FIXTURE)
        parser.add_argument("--per-game", type=int, default=2)
        parser.add_argument("--games", type=int, default=0, help="only the first N games")
        parser.add_argument("--store", action="store_true", help="store them in the database too")

    def handle(self, *args: Any, **options: Any) -> None:
        logs: Path = options["logs"]
        files = sorted(logs.glob("*.xml"))
        if not files:
            raise CommandError(f"{logs}: no game logs (the shared Phoenix games)")
        if options["games"]:
            files = files[: options["games"]]
        rows: list[dict[str, Any]] = []
        for path in files:
            rows.extend(push_fold.push_fold_rows(load_mjlog(str(path)), options["per_game"]))
        mined = len(rows)
        rows = push_fold.balanced(rows)
        out: Path = options["out"]
        services_mining.write_rows(rows, out)
        answers = sum(1 for r in rows if r["analysis"]["answer"] == "push")
        self.stdout.write(
            f"{len(rows)} push-or-fold puzzles ({answers} push) from {len(files)} games → {out}"
            f" ({mined} clear, the commoner answer cut to as many as the rarer)"
        )
        if options["store"]:
            self.stdout.write(f"{services_mining.load_fixture(out)} new in the database")
