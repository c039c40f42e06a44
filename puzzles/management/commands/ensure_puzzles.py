"""Make sure a fresh site has puzzles of every kind and today's daily puzzle (idempotent), and
that no stored puzzle keeps a verdict an older engine made (:func:`puzzles.recheck.stale_puzzles`).

Called by ``manage.py load_demo`` (so by ``make run``) before any worker is running: the starter
set is generated here, in this process, from fixed seeds, so running it again creates nothing.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from puzzles import generation, recheck, services, services_mining
from puzzles.models import Puzzle
from tutor.engine import judgment

from .mine_defense import FIXTURE as DEFENSE_FIXTURE
from .mine_push_fold import FIXTURE as PUSH_FOLD_FIXTURE

STARTER = {"discard": 40, "efficiency": 60, "improve": 50, "waits": 50, "shanten": 50}
"""How many generated puzzles of each kind a site needs before it is worth playing (besides
the what-to-discard puzzles mined from real games, loaded from a fixture)."""
STARTER_SEED = 2026


class Command(BaseCommand):
    help = "Generate a starter set of puzzles of every kind if there are few, and pick today's."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--scale", type=float, default=1.0, help="multiply the starter counts (e.g. 0.2)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.monotonic()
        for kind, wanted in STARTER.items():
            wanted = max(1, round(wanted * options["scale"]))
            have = Puzzle.objects.filter(kind=kind, source_log="").count()
            if have >= wanted:
                self.stdout.write(f"{kind}: {have} puzzles, enough")
                continue
            batch = services.request_batch(
                kind, wanted, seed=generation.derive_seed(STARTER_SEED, kind)
            )
            batch = services.run_batch_here(batch.pk)
            self.stdout.write(
                f"{kind}: {batch.created_count} new puzzles "
                f"({Puzzle.objects.filter(kind=kind).count()} in all)"
            )
        if services_mining.FIXTURE.exists():
            new = services_mining.load_fixture()
            self.stdout.write(f"real games: {new} new puzzles from the fixture")
        # defense puzzles mined from the shared Phoenix games (``manage.py mine_defense``)
        if DEFENSE_FIXTURE.exists():
            new = services_mining.load_fixture(DEFENSE_FIXTURE)
            self.stdout.write(f"defense: {new} new puzzles from the fixture")
        # push-or-fold puzzles mined from the shared Phoenix games (``manage.py mine_push_fold``)
        if PUSH_FOLD_FIXTURE.exists():
            new = services_mining.load_fixture(PUSH_FOLD_FIXTURE)
            self.stdout.write(f"push or fold: {new} new puzzles from the fixture")
        # an engine upgrade that changed the judgment: judge again what older versions stored
        stale = recheck.stale_puzzles()
        if stale.exists():
            logs = services_mining.SHARED_LOGS
            done = recheck.recheck(stale, logs if logs.is_dir() else None)
            self.stdout.write(
                f"judged again for judgment version {judgment.VERSION}: {done.checked} puzzles, "
                f"{done.refreshed} refreshed, {done.retired.total()} retired, "
                f"{done.no_log} from games not found"
            )
        daily = services.daily_puzzle()
        if daily is None:
            self.stdout.write("No daily puzzle: there are no puzzles.")
        else:
            self.stdout.write(f"Daily puzzle of {daily.date}: #{daily.puzzle_id}")
        self.stdout.write(f"Done in {time.monotonic() - started:.1f} s.")
