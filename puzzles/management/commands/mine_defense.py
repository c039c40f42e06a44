"""Mine "which tile is safest?" puzzles from the shared defense decisions of the Phoenix games.

``python manage.py mine_defense`` writes ``puzzles/fixtures/defense_puzzles.jsonl`` (loaded by
``ensure_puzzles``, so by ``load_demo``); ``--store`` also stores them in the database now. The
shared decisions face one riichi; ``--several N`` adds N puzzles against two riichi, replayed
from the shared games.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles import defense, defense_mining, services_mining
from tutor.engine.gamelog.mjlog import load_mjlog

DECISIONS = Path(settings.BASE_DIR).parent / "shared" / "reference" / "defense_decisions.jsonl.gz"
FIXTURE = Path(services_mining.FIXTURE).with_name("defense_puzzles.jsonl")


class Command(BaseCommand):
    help = "Mine defense puzzles from the shared defense decisions and write their fixture."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--decisions", type=Path, default=DECISIONS)
        parser.add_argument("--out", type=Path, default=FIXTURE)
        parser.add_argument("--per-game", type=int, default=2)
        parser.add_argument("--limit", type=int, default=120)
        parser.add_argument(
            "--several",
            type=int,
            default=30,
            help="also this many puzzles against two riichi, one a game, replayed from --logs",
        )
        parser.add_argument("--logs", type=Path, default=services_mining.SHARED_LOGS)
        parser.add_argument("--store", action="store_true", help="store them in the database too")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["decisions"]
        if not path.exists():
            raise CommandError(f"{path}: no such file (the shared defense decisions)")
        with gzip.open(path, "rt", encoding="utf-8") as lines:
            records = [json.loads(line) for line in lines]
        rows = defense.mine(records, per_game=options["per_game"], limit=options["limit"])
        rows += self.several(options["logs"], options["several"])
        out: Path = options["out"]
        services_mining.write_rows(rows, out)
        self.stdout.write(f"{len(rows)} defense puzzles from {len(records)} decisions → {out}")
        if options["store"]:
            self.stdout.write(f"{services_mining.load_fixture(out)} new in the database")

    def several(self, logs: Path, wanted: int) -> list[dict[str, Any]]:
        """Up to ``wanted`` puzzles against two riichi, one a game, from the logs in order (the
        shared defense decisions leave such positions out)."""
        rows: list[dict[str, Any]] = []
        if wanted <= 0:
            return rows
        if not logs.is_dir():
            raise CommandError(f"{logs}: not a folder of game logs")
        for path in sorted(logs.glob("*.xml")):
            found = defense_mining.readable_riichi_positions(load_mjlog(path))
            rows += defense.mine_several([r for _d, r in found if len(r) > 1], per_game=1)
            if len(rows) >= wanted:
                break
        return rows[:wanted]
