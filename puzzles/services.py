"""Writes that span several models: generation batches and the daily puzzle.

(The player's side, attempts, ratings and streaks, lives in :mod:`puzzles.play`; queueing the
tasks, in :mod:`puzzles.tasks`, which the callers register with ``transaction.on_commit``.)

A batch is split into chunks (:class:`~puzzles.models.GenerationChunk`), one Celery task each,
fanned out as a ``group`` by :func:`puzzles.tasks.dispatch_batch`. A chunk computes its puzzles outside any transaction, then stores
them and marks itself done in one transaction: a chunk whose worker dies half-way leaves
nothing behind and, delivered again (``acks_late``), does the same work again. The unique
``canonical_key`` keeps any position from being stored twice.
"""

from __future__ import annotations

import datetime as dt
import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tutor.exercises import facts
from tutor.exercises.kinds import Kind

from . import generation
from .models import (
    BatchStatus,
    ChunkStatus,
    DailyPuzzle,
    GenerationBatch,
    GenerationChunk,
    Puzzle,
    PuzzleReport,
    Theme,
)

CHUNK_SIZE = 10
"""Puzzles per chunk task: small enough for a progress bar that moves, large enough to be cheap."""
MAX_BATCH = 5000
CHUNK_SECONDS = 60.0
"""A chunk stops dealing after this long (below the task's soft time limit) and keeps what it has."""


NOT_STARTED = (BatchStatus.PENDING, BatchStatus.QUEUED, BatchStatus.UNAVAILABLE)
"""The statuses of a batch or a mining job that no task has started on yet."""


class BatchRequestError(ValueError):
    """A generation request with bad parameters."""


# --- requesting a batch ------------------------------------------------------------------------


def request_batch(
    kind: str,
    count: int,
    *,
    seed: int | None = None,
    theme: str = "",
    difficulty: int | None = None,
    user: User | AnonymousUser | None = None,
) -> GenerationBatch:
    """Create a batch and its chunks; nothing is queued.

    The caller queues the chunks once its transaction commits
    (``transaction.on_commit(partial(tasks.dispatch_batch, batch.pk))``) or runs them here
    (:func:`run_chunk`). When the broker cannot be reached the batch is kept with the status
    ``unavailable`` and an error message, and can be queued later.
    """
    if kind not in generation.KINDS:
        raise BatchRequestError(f"unknown puzzle kind {kind!r}")
    if not generation.theme_fits(kind, theme):
        raise BatchRequestError(f"{kind} puzzles never carry the theme {theme!r}")
    if not 1 <= count <= MAX_BATCH:
        raise BatchRequestError(f"a batch holds 1 to {MAX_BATCH} puzzles")
    if difficulty is not None and not 1 <= difficulty <= generation.MAX_DIFFICULTY:
        raise BatchRequestError(f"the difficulty goes from 1 to {generation.MAX_DIFFICULTY}")
    seed = secrets.randbits(48) if seed is None else seed
    targets = generation.split_count(count, CHUNK_SIZE)
    with transaction.atomic():
        batch = GenerationBatch.objects.create(
            kind=kind,
            theme=theme,
            target_difficulty=difficulty,
            count=count,
            seed=seed,
            chunks_total=len(targets),
            requested_by=user if isinstance(user, User) else None,
        )
        GenerationChunk.objects.bulk_create(
            GenerationChunk(
                batch=batch, index=i, seed=generation.chunk_seed(seed, i), target=target
            )
            for i, target in enumerate(targets)
        )
    batch.refresh_from_db()
    return batch


def chunks_to_queue(batch_id: int) -> list[int]:
    """The chunks of a batch that are not done (chunks already done are never redone)."""
    chunks = GenerationChunk.objects.filter(batch_id=batch_id).exclude(status=ChunkStatus.DONE)
    return list(chunks.values_list("pk", flat=True))


def mark_queued(batch_id: int, group_id: str, tasks: dict[int, str]) -> None:
    """Record that the chunks of a batch were queued: each chunk's task id (``tasks`` maps
    chunk ids to them), the group's id first in ``celery_ids``, and the status ``queued``."""
    # Queuing counts as progress: a batch queued again is not called stalled straight away.
    cache.set(_queued_key(batch_id), time.time(), 2 * STALL_AFTER.total_seconds())
    for pk, task_id in tasks.items():
        GenerationChunk.objects.filter(pk=pk).update(celery_id=task_id)
    GenerationBatch.objects.filter(pk=batch_id).update(
        celery_ids=[group_id, *tasks.values()], error=""
    )
    GenerationBatch.objects.filter(
        pk=batch_id, status__in=[BatchStatus.PENDING, BatchStatus.UNAVAILABLE]
    ).update(status=BatchStatus.QUEUED)


def mark_unavailable(batch_id: int, error: str) -> None:
    """Record that the batch could not be queued (the broker is unreachable) and why."""
    batches = GenerationBatch.objects.filter(pk=batch_id).exclude(status=BatchStatus.DONE)
    batches.update(status=BatchStatus.UNAVAILABLE, error=error)


# --- running a chunk -----------------------------------------------------------------------------


def _themes(slugs: set[str]) -> dict[str, Theme]:
    themes = {t.slug: t for t in Theme.objects.filter(slug__in=slugs)}
    for slug in slugs - themes.keys():
        # A new theme's stored English name: ``two-step-tiebreak`` → ``Two step tiebreak``.
        name = slug.replace("-", " ").capitalize()
        themes[slug], _created = Theme.objects.get_or_create(slug=slug, defaults={"name": name})
    return themes


def store_new(
    puzzles: Sequence[Puzzle], themes: Mapping[str, Iterable[str]], scope: Q | None = None
) -> dict[str, int]:
    """Store the puzzles whose canonical key is not stored yet, link each one stored to its
    theme slugs (``themes`` maps keys to slugs) and return their ids by canonical key.

    A concurrent writer may store the same position meanwhile: the unique key makes the
    database skip it (ON CONFLICT DO NOTHING). ``scope`` (``Q(chunk=chunk)``) then keeps to the
    rows this writer stored; without it a row stored by the other writer counts too and gets
    the themes it lacks (links are never doubled). Runs inside the caller's transaction.
    """
    keys = [p.canonical_key for p in puzzles]
    existing = set(
        Puzzle.objects.filter(canonical_key__in=keys).values_list("canonical_key", flat=True)
    )
    fresh = [p for p in puzzles if p.canonical_key not in existing]
    Puzzle.objects.bulk_create(fresh, ignore_conflicts=True)
    rows = Puzzle.objects.filter(canonical_key__in=[p.canonical_key for p in fresh])
    stored = dict(rows.filter(scope or Q()).values_list("canonical_key", "pk"))
    slugs = {key: list(themes.get(key, ())) for key in stored}
    by_slug = _themes({slug for wanted in slugs.values() for slug in wanted})
    through = Puzzle.themes.through
    through.objects.bulk_create(
        (
            through(puzzle_id=pk, theme_id=by_slug[slug].pk)
            for key, pk in stored.items()
            for slug in slugs[key]
        ),
        ignore_conflicts=True,
    )
    return stored


def store_rows(
    rows: Iterable[Mapping[str, Any]], scope: Q | None = None, **fields: Any
) -> dict[str, int]:
    """:func:`store_new` for puzzles given as rows of their fields (a fixture's lines, mined
    positions), ``themes`` among them as a list of slugs, each stored with ``fields`` besides
    (``mining_job_id=...``). An analysis of an older facts version is stored upgraded."""
    values = [{**r, "analysis": facts.upgrade(r["analysis"]), **fields} for r in rows]
    themes = {v["canonical_key"]: v.pop("themes") for v in values}
    return store_new([Puzzle(**v) for v in values], themes, scope)


@dataclass(frozen=True)
class ChunkResult:
    created: int
    duplicates: int
    rejected: int
    already_done: bool = False


def run_chunk(chunk_id: int, *, seconds: float = CHUNK_SECONDS) -> ChunkResult | None:
    """Generate and store one chunk's puzzles; idempotent (a chunk already done does nothing).

    Returns None when the chunk no longer exists (its batch was deleted).
    """
    chunk = GenerationChunk.objects.select_related("batch").filter(pk=chunk_id).first()
    if chunk is None:
        return None
    if chunk.status == ChunkStatus.DONE:
        return ChunkResult(chunk.created_count, chunk.duplicates, chunk.rejected, True)
    batch = chunk.batch
    GenerationBatch.objects.filter(pk=batch.pk, status__in=NOT_STARTED).update(
        status=BatchStatus.RUNNING
    )
    outcome = generation.generate(
        batch.kind,
        chunk.seed,
        chunk.target,
        theme=batch.theme,
        difficulty=batch.target_difficulty,
        deadline=time.monotonic() + seconds,
    )
    with transaction.atomic():
        chunk = GenerationChunk.objects.select_for_update().get(pk=chunk_id)
        if chunk.status == ChunkStatus.DONE:
            # Another delivery of the same task finished first.
            return ChunkResult(chunk.created_count, chunk.duplicates, chunk.rejected, True)
        stored = store_rows(
            [{**g.fields(), "seed": g.seed} for g in outcome.puzzles],
            Q(chunk=chunk),
            batch=batch,
            chunk=chunk,
        )
        created = len(stored)
        duplicates = len(outcome.puzzles) - created
        chunk.status = ChunkStatus.DONE
        chunk.accepted = len(outcome.puzzles)
        chunk.created_count = created
        chunk.duplicates = duplicates
        chunk.rejected = outcome.rejected
        chunk.runs = F("runs") + 1
        chunk.finished = timezone.now()
        chunk.save()
        _count_finished_chunk(batch.pk, len(outcome.puzzles), created, duplicates, outcome.rejected)
    return ChunkResult(created, duplicates, outcome.rejected)


def fail_chunk(chunk_id: int, reason: str) -> None:
    """Give up on a chunk (it ran out of time or retries): it counts as finished, with nothing."""
    with transaction.atomic():
        chunk = GenerationChunk.objects.select_for_update().filter(pk=chunk_id).first()
        if chunk is None or chunk.status != ChunkStatus.PENDING:
            return
        chunk.status = ChunkStatus.FAILED
        chunk.runs = F("runs") + 1
        chunk.finished = timezone.now()
        chunk.save()
        GenerationBatch.objects.filter(pk=chunk.batch_id).update(error=reason[:500])
        _count_finished_chunk(chunk.batch_id, 0, 0, 0, 0)


def _count_finished_chunk(
    batch_id: int, accepted: int, created: int, duplicates: int, rejected: int
) -> None:
    """Add a finished chunk's figures to its batch; the last one closes the batch."""
    GenerationBatch.objects.filter(pk=batch_id).update(
        accepted=F("accepted") + accepted,
        created_count=F("created_count") + created,
        duplicates=F("duplicates") + duplicates,
        rejected=F("rejected") + rejected,
        chunks_done=F("chunks_done") + 1,
    )
    finished = GenerationBatch.objects.filter(pk=batch_id, chunks_done__gte=F("chunks_total"))
    finished.exclude(status__in=[BatchStatus.DONE, BatchStatus.FAILED]).update(
        status=BatchStatus.DONE, finished=timezone.now()
    )
    finished.filter(accepted=0, created_count=0).exclude(error="").update(status=BatchStatus.FAILED)


def pending_chunk_ids(batch_id: int) -> list[int]:
    """The chunks of a batch still to run, in order."""
    chunks = GenerationChunk.objects.filter(batch_id=batch_id, status=ChunkStatus.PENDING)
    return list(chunks.order_by("index").values_list("pk", flat=True))


def run_batch_here(batch_id: int) -> GenerationBatch:
    """Run every pending chunk of a batch in this process (no worker needed)."""
    for pk in pending_chunk_ids(batch_id):
        run_chunk(pk)
    return GenerationBatch.objects.get(pk=batch_id)


def stalled_batches(quiet_for: dt.timedelta) -> list[int]:
    """The unfinished batches with no chunk finished for ``quiet_for`` (a message lost with a
    worker, a broker that was down), oldest first: the ones to queue again."""
    since = timezone.now() - quiet_for
    open_batches = (
        GenerationBatch.objects.filter(created__lt=since)
        .exclude(status__in=[BatchStatus.DONE, BatchStatus.FAILED])
        .order_by("pk")
    )
    return [b.pk for b in open_batches if not b.chunks.filter(finished__gte=since).exists()]


# --- progress ------------------------------------------------------------------------------------

STALL_AFTER = dt.timedelta(seconds=110)
"""A working worker finishes a chunk at least every ``CHUNK_SECONDS`` (60 s, its deadline):
an unfinished batch with no chunk of any batch finished for this long has stalled (a worker
killed mid-chunk, a lost message), and staff see it well within two minutes."""


def _queued_key(batch_id: int) -> str:
    return f"puzzles:batch-queued:{batch_id}"


def is_stalled(batch: GenerationBatch, now: dt.datetime | None = None) -> bool:
    """Whether the batch stopped moving: unfinished, neither created nor queued again within
    :data:`STALL_AFTER`, and no chunk finished meanwhile. Chunks of other batches count as
    progress too, since a batch queued behind another is waiting its turn, not stalled."""
    if batch.is_finished or batch.status == BatchStatus.UNAVAILABLE:
        return False
    since = (now or timezone.now()) - STALL_AFTER
    if batch.created >= since:
        return False
    queued = cache.get(_queued_key(batch.pk))
    if queued is not None and float(queued) >= since.timestamp():
        return False
    return not GenerationChunk.objects.filter(finished__gte=since).exists()


def status_label(batch: GenerationBatch) -> str:
    """The batch's status in words for staff: "Stalled" when :func:`is_stalled`."""
    return _("Stalled") if is_stalled(batch) else str(batch.get_status_display())


# --- the daily puzzle ------------------------------------------------------------------------------

DAILY_KINDS = (
    Kind.DISCARD,
    Kind.WAITS,
    Kind.EFFICIENCY,
    Kind.IMPROVE,
    Kind.DISCARD,
    Kind.SHANTEN,
    Kind.DISCARD,
)
"""The kind of the day cycles through this list (what to discard most days)."""


def pick_daily(date: dt.date) -> DailyPuzzle | None:
    """The daily puzzle of ``date``, chosen once and stored (the same for everyone).

    The choice is a function of the date over the puzzles never used as a daily puzzle, of
    the day's kind and a middling difficulty when there are some; two concurrent callers
    get the same row (the date is unique). None when there are no puzzles at all. A puzzle
    retired on its own day or before it (the engine no longer stands by its answer) gives way
    to another; past days keep theirs.
    """
    if existing := DailyPuzzle.objects.select_related("puzzle").filter(date=date).first():
        if existing.puzzle.retired is None or date < timezone.localdate():
            return existing
        DailyPuzzle.objects.filter(pk=existing.pk, puzzle_id=existing.puzzle_id).delete()
    used = DailyPuzzle.objects.values("puzzle_id")
    kind = DAILY_KINDS[date.toordinal() % len(DAILY_KINDS)]
    # A reported puzzle waits for staff before it can be everybody's puzzle of the day.
    held_out = PuzzleReport.objects.keeping_out().values("puzzle_id")
    live = Puzzle.objects.filter(retired=None)  # a retired puzzle is nobody's puzzle of the day
    fresh = live.exclude(pk__in=used).exclude(pk__in=held_out)
    pools = [
        fresh.filter(kind=kind, difficulty__in=(2, 3, 4)),
        fresh.filter(kind=kind),
        fresh,
        live.exclude(pk__in=held_out),
        live,
    ]
    for pool in pools:
        ids = list(pool.order_by("pk").values_list("pk", flat=True))
        if ids:
            break
    else:
        return None
    pick = ids[generation.derive_seed(date.toordinal(), "daily") % len(ids)]
    try:
        with transaction.atomic():
            DailyPuzzle.objects.create(date=date, puzzle_id=pick)
    except IntegrityError:
        pass  # another process picked it first: theirs stands
    return DailyPuzzle.objects.select_related("puzzle").get(date=date)


def daily_puzzle(date: dt.date | None = None) -> DailyPuzzle | None:
    """Today's (or ``date``'s) daily puzzle, picked on demand if beat has not picked it yet."""
    return pick_daily(date or timezone.localdate())
