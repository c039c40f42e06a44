"""Celery tasks of the puzzles app (generation chunks, mined games, the daily puzzle) and the
functions that queue them.

Tasks take ids and plain values, call :mod:`puzzles.services` or :mod:`puzzles.services_mining`
and write in one transaction. They are idempotent (a chunk already done does nothing; a
position already stored is skipped by its unique canonical key; the daily puzzle's date is
unique), so ``acks_late`` is safe: a task whose worker dies is delivered again and simply does
its work again.

Queueing lives here, not in the services: a caller that creates a batch or a mining job
registers :func:`dispatch_batch` or :func:`dispatch_mining` with ``transaction.on_commit``, so
no task is published for rows that are not committed (and the services never import this
module).
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

import kombu.exceptions
import redis.exceptions
from celery import group, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from . import recheck, services, services_mining

log = logging.getLogger(__name__)

BROKER_ERRORS: tuple[type[BaseException], ...] = (
    kombu.exceptions.OperationalError,
    OSError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
)
"""The exceptions that mean "the broker cannot be reached" when publishing."""

# Only these are worth retrying: the database or the broker hiccuped. A bug is not transient.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    *BROKER_ERRORS,
)

# A task that writes in one transaction and may run again: acknowledged after it ran (a lost
# worker's task is delivered again), retried with backoff on a transient error only.
RETRIED_TASK = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "ignore_result": True,
    "autoretry_for": TRANSIENT_ERRORS,
    "retry_backoff": 2,
    "retry_backoff_max": 60,
    "retry_jitter": True,
    "max_retries": 5,
}

_PUBLISH_RETRY = {"max_retries": 1, "interval_start": 0, "interval_step": 0.5}


@shared_task(bind=True, time_limit=150, soft_time_limit=120, **RETRIED_TASK)
def generate_chunk(self: Any, chunk_id: int) -> dict[str, int] | None:  # self: Celery's Task
    """Generate and store one chunk of a batch (see :func:`puzzles.services.run_chunk`)."""
    try:
        result = services.run_chunk(chunk_id, seconds=services.CHUNK_SECONDS)
    except SoftTimeLimitExceeded:
        services.fail_chunk(chunk_id, f"chunk {chunk_id} ran out of time")
        return None
    if result is None:
        return None
    return {"created": result.created, "duplicates": result.duplicates, "rejected": result.rejected}


@shared_task(
    acks_late=True,
    ignore_result=True,
    time_limit=60,
    soft_time_limit=45,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    max_retries=5,
)
def pick_daily_puzzle(date: str | None = None) -> int | None:
    """Pick the daily puzzle of ``date`` (ISO, default today) and of tomorrow; idempotent.

    Beat runs it every hour, so a server started at any time has today's puzzle soon and the
    next day's is ready before midnight. Returns today's puzzle id (None without puzzles).
    """
    day = dt.date.fromisoformat(date) if date else timezone.localdate()
    daily = services.pick_daily(day)
    services.pick_daily(day + dt.timedelta(days=1))
    return daily.puzzle_id if daily is not None else None


@shared_task(acks_late=True, ignore_result=True, time_limit=60, soft_time_limit=45)
def requeue_stalled_batches(minutes: int = 15) -> int:
    """Queue again the chunks of batches that made no progress for ``minutes`` (a lost message,
    a broker that was down); returns how many batches were queued. Chunks are idempotent, so a
    chunk queued twice is harmless."""
    stalled = services.stalled_batches(dt.timedelta(minutes=minutes))
    return sum(1 for batch_id in stalled if dispatch_batch(batch_id))


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840)
def recheck_stale_puzzles(max_games: int = 20) -> int:
    """Judge again the live puzzles judged with an older judgment version
    (:func:`puzzles.recheck.stale_puzzles`): every generated one, and the mined ones of up to
    ``max_games`` games; returns how many were judged. Beat runs it every hour, so an engine
    upgrade reaches every stored puzzle; each puzzle is stored as it is judged, so running out
    of time loses nothing."""
    try:
        logs = services_mining.SHARED_LOGS
        done = recheck.recheck(
            recheck.stale_puzzles(), logs if logs.is_dir() else None, max_games=max_games
        )
    except SoftTimeLimitExceeded:
        return 0
    return done.checked


@shared_task(time_limit=900, soft_time_limit=840, **RETRIED_TASK)
def mine_game_log(game_log_id: int) -> dict[str, int] | None:
    """Mine one game of a mining job (see :func:`puzzles.services_mining.run_game_log`)."""
    try:
        result = services_mining.run_game_log(game_log_id)
    except SoftTimeLimitExceeded:
        services_mining.fail_game_log(game_log_id, f"game {game_log_id} ran out of time")
        return None
    if result is None:
        return None
    return {"created": result.created, "duplicates": result.duplicates, "agreed": result.agreed}


# --- queueing ------------------------------------------------------------------------------------


def dispatch_batch(batch_id: int) -> bool:
    """Queue every chunk of the batch that is not done as one Celery group.

    Returns False (and records why on the batch) when the broker is unreachable; the pages keep
    working and the batch can be queued again later. Chunks already done are never redone.
    Register it with ``transaction.on_commit`` when the batch was created in a transaction.
    """
    chunk_ids = services.chunks_to_queue(batch_id)
    if not chunk_ids:
        return True
    signature = group(generate_chunk.s(pk) for pk in chunk_ids)
    try:
        result = signature.apply_async(retry=True, retry_policy=_PUBLISH_RETRY)
    except BROKER_ERRORS as exc:
        log.warning("batch %s not queued: the broker is unavailable (%s)", batch_id, exc)
        services.mark_unavailable(batch_id, f"{type(exc).__name__}: {exc}")
        return False
    ids = [child.id for child in result.results]
    services.mark_queued(batch_id, result.id, dict(zip(chunk_ids, ids, strict=True)))
    return True


def dispatch_mining(job_id: int) -> bool:
    """Queue every game of the mining job not yet done; False (the job says why) without a
    broker. Register it with ``transaction.on_commit`` like :func:`dispatch_batch`."""
    ids = services_mining.games_to_queue(job_id)
    if not ids:
        return True
    try:
        group(mine_game_log.s(pk) for pk in ids).apply_async(
            retry=True, retry_policy=_PUBLISH_RETRY
        )
    except BROKER_ERRORS as exc:
        log.warning("mining job %s not queued: the broker is unavailable (%s)", job_id, exc)
        services_mining.mark_job_queued(job_id, False)
        return False
    services_mining.mark_job_queued(job_id, True)
    return True
