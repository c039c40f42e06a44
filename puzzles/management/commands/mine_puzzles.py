"""Mine what-to-discard puzzles from recorded games (mjlog XML or tenhou.net/6 JSON files)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles import services_mining, tasks
from puzzles.models import GameLog, MiningJob


class Command(BaseCommand):
    help = (
        "Replay game logs, judge every decision by expected value and store the clear ones as "
        "puzzles with the real table. Runs the mining job in this process, or with --queue on "
        "the Celery workers. Mining a game again stores nothing new."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", help="mjlog XML (gzipped or not) or JSON logs")
        parser.add_argument(
            "--queue", action="store_true", help="queue the games for the workers and wait"
        )
        parser.add_argument(
            "--fixture", metavar="PATH", help="also write the job's puzzles to a JSON-lines file"
        )
        parser.add_argument(
            "--fixture-size",
            type=int,
            metavar="N",
            help="write only N what-to-discard puzzles to the fixture, spread over the games",
        )
        parser.add_argument(
            "--timeout", type=float, default=3600, help="seconds to wait for the workers"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        size = options["fixture_size"]
        if size is not None and (size < 1 or not options["fixture"]):
            # checked first: a bad option must not cost a mining run
            raise CommandError("--fixture-size needs --fixture and a number of at least 1")
        files, errors = services_mining.read_paths(options["files"])
        for message in errors:
            self.stderr.write(message)
        if not files:
            raise CommandError("no game log could be read")
        started = time.monotonic()
        job = services_mining.request_mining(files)
        self.stdout.write(f"Mining job {job.pk}: {len(files)} games")
        if options["queue"]:
            # A command runs in autocommit: the job is saved, queue it now.
            tasks.dispatch_mining(job.pk)
            job = self._wait(job.pk, options["timeout"])
        else:
            pending = GameLog.objects.filter(job=job).values_list("pk", "name")
            for i, (pk, name) in enumerate(pending, start=1):
                result = services_mining.run_game_log(pk)
                if result is not None and result.error:
                    self.stderr.write(result.error)
                elif result is not None and options["verbosity"] > 1:
                    self.stdout.write(f"[{i}/{len(files)}] {name}: {result.created} puzzles")
            job.refresh_from_db()
        for game in GameLog.objects.filter(job=job, status="failed"):
            if options["queue"]:
                self.stderr.write(game.error)
        share = f", the player chose the answer in {job.agreed}" if job.created_count else ""
        self.stdout.write(
            f"{job.decisions} decisions, {job.duplicates} already stored{share} "
            f"({time.monotonic() - started:.0f} s)"
        )
        if options["fixture"]:
            puzzles = list(job.puzzles.order_by("pk").prefetch_related("themes"))
            if size is not None:
                puzzles = services_mining.spread(puzzles, size)
            written = services_mining.write_fixture(puzzles, Path(options["fixture"]))
            self.stdout.write(f"wrote {written} puzzles to {options['fixture']}")
        self.stdout.write(f"mined {job.created_count} puzzles from {job.games_done} games")

    def _wait(self, job_id: int, timeout: float) -> MiningJob:
        deadline = time.monotonic() + timeout
        last = -1
        while True:
            job = MiningJob.objects.get(pk=job_id)
            done = job.games_done + job.games_failed
            if done != last:
                self.stdout.write(f"{job.percent:3d}% {done}/{job.games_total} games")
                last = done
            if job.is_finished:
                return job
            if time.monotonic() > deadline:
                raise CommandError(f"mining job {job_id} is not done after {timeout:.0f} s")
            time.sleep(1.0)
