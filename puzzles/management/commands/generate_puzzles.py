"""Request a batch of generated puzzles and show its progress until it is done."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles import generation, services, tasks
from puzzles.models import GenerationBatch


class Command(BaseCommand):
    help = (
        "Generate puzzles: queue a batch for the Celery workers (or run it here with --here) "
        "and show a progress bar until it is done."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--kind", choices=generation.KINDS, default="discard")
        parser.add_argument("--count", type=int, default=50)
        parser.add_argument("--seed", type=int, help="the same seed gives the same puzzles")
        parser.add_argument("--theme", default="", help="a theme slug, e.g. one-suit or tenpai")
        parser.add_argument("--difficulty", type=int, choices=range(1, 6))
        parser.add_argument(
            "--here", action="store_true", help="generate in this process, without a worker"
        )
        parser.add_argument("--no-wait", action="store_true", help="queue and return at once")
        parser.add_argument("--resume", type=int, metavar="BATCH", help="queue a batch again")
        parser.add_argument(
            "--timeout", type=float, default=600, help="seconds to wait for the workers"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["resume"] is not None:
            batch = GenerationBatch.objects.filter(pk=options["resume"]).first()
            if batch is None:
                raise CommandError(f"there is no batch {options['resume']}")
        else:
            try:
                batch = services.request_batch(
                    options["kind"],
                    options["count"],
                    seed=options["seed"],
                    theme=options["theme"],
                    difficulty=options["difficulty"],
                )
            except services.BatchRequestError as exc:
                raise CommandError(str(exc)) from exc
            self.stdout.write(
                f"Batch {batch.pk}: {batch.count} {batch.kind} puzzles, seed {batch.seed}, "
                f"{batch.chunks_total} chunks"
            )
        if options["here"]:
            self._run_here(batch.pk)
            return
        # A command runs in autocommit: the batch is saved, queue it now.
        if not tasks.dispatch_batch(batch.pk):
            error = GenerationBatch.objects.get(pk=batch.pk).error
            raise CommandError(
                f"The task queue is unavailable ({error}). Batch {batch.pk} is saved: queue it "
                f"again with --resume {batch.pk}, or run it here with --resume {batch.pk} --here."
            )
        if options["no_wait"]:
            self.stdout.write("Queued.")
            return
        self._wait(batch.pk, options["timeout"])

    def _bar(self, batch: GenerationBatch) -> str:
        filled = batch.percent * 30 // 100
        return (
            f"[{'#' * filled}{'.' * (30 - filled)}] {batch.percent:3d}%  "
            f"{batch.chunks_done}/{batch.chunks_total} chunks, {batch.created_count} new, "
            f"{batch.duplicates} already stored, {batch.rejected} rejected"
        )

    def _run_here(self, batch_id: int) -> None:
        started = time.monotonic()
        for chunk_id in services.pending_chunk_ids(batch_id):
            services.run_chunk(chunk_id)
            self.stdout.write(self._bar(GenerationBatch.objects.get(pk=batch_id)))
        self._summary(GenerationBatch.objects.get(pk=batch_id), time.monotonic() - started)

    def _wait(self, batch_id: int, timeout: float) -> None:
        started = time.monotonic()
        last = ""
        while True:
            batch = GenerationBatch.objects.get(pk=batch_id)
            line = self._bar(batch)
            if line != last:
                self.stdout.write(line)
                last = line
            if batch.is_finished:
                self._summary(batch, time.monotonic() - started)
                return
            if time.monotonic() - started > timeout:
                raise CommandError(
                    f"Batch {batch_id} is not done after {timeout:.0f} s "
                    f"({services.status_label(batch)}). Is a worker running? Start one with "
                    f"`make worker`, or run the batch here with --resume {batch_id} --here."
                )
            time.sleep(1)

    def _summary(self, batch: GenerationBatch, seconds: float) -> None:
        self.stdout.write(
            self.style.SUCCESS(
                f"Batch {batch.pk} {services.status_label(batch).lower()} in {seconds:.1f} s: "
                f"{batch.created_count} new puzzles, {batch.duplicates} already stored, "
                f"acceptance rate {batch.acceptance_rate:.0%}."
            )
        )
