"""Judge every stored puzzle again with today's engine (:mod:`puzzles.recheck`).

``python manage.py recheck_puzzles`` keeps the puzzles whose answer stands (refreshing their
figures) and retires those with no clear answer any more, or another one. Run it after a change
to how the engine judges; ``--dry-run`` only counts; ``--stale`` judges only the puzzles judged
with an older :data:`tutor.engine.judgment.VERSION` (what ``ensure_puzzles`` does on every
start). A mined puzzle's game is read from the logs
the site holds, else from ``--logs`` (files named after the Tenhou id; by default the shared
Phoenix games when they are there). About 5 s of CPU per game, a few ms per generated puzzle.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles import recheck
from puzzles.models import PuzzleKind

from .mine_push_fold import LOGS


class Command(BaseCommand):
    help = "Judge stored puzzles again with today's engine: refresh them or retire them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--logs", type=Path, default=LOGS if LOGS.is_dir() else None)
        parser.add_argument(
            "--kind", action="append", default=[], choices=PuzzleKind.values, help="only these"
        )
        parser.add_argument("--dry-run", action="store_true", help="count, change nothing")
        parser.add_argument(
            "--stale",
            action="store_true",
            help="only those judged with an older judgment version than today's",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        logs: Path | None = options["logs"]
        if logs is not None and not logs.is_dir():
            raise CommandError(f"{logs}: not a folder of game logs")
        verbose = options["verbosity"] > 1
        chosen = recheck.stale_puzzles if options["stale"] else recheck.live_puzzles
        done = recheck.recheck(
            chosen(options["kind"]),
            logs,
            dry_run=options["dry_run"],
            progress=self.stdout.write if verbose else lambda _line: None,
        )
        for line in done.errors:
            self.stderr.write(line)
        retired = ", ".join(f"{n} {why}" for why, n in sorted(done.retired.items())) or "none"
        would = "would be " if options["dry_run"] else ""
        self.stdout.write(
            f"{done.checked} puzzles judged again: {done.unchanged} unchanged, "
            f"{done.refreshed} {would}refreshed, {would}retired: {retired}; "
            f"{done.no_log} mined from a game not found (left as they are)"
        )
