"""Celery tasks of the puzzles app: generation chunks and the daily puzzle.

Tasks take ids and plain values, call :mod:`puzzles.services` and write in one transaction.
They are idempotent (a chunk already done does nothing; a position already stored is skipped
by its unique canonical key; the daily puzzle's date is unique), so ``acks_late`` is safe: a
task whose worker dies is delivered again and simply does its work again.
"""

from __future__ import annotations

import datetime as dt

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from . import services

# Only these are worth retrying: the database or the broker hiccuped. A bug is not transient.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    *services.broker_errors(),
)


@shared_task(
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    time_limit=150,
    soft_time_limit=120,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=5,
)
def generate_chunk(self, chunk_id: int) -> dict[str, int] | None:  # type: ignore[no-untyped-def]
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
    a broker that was down). Chunks are idempotent, so a chunk queued twice is harmless."""
    return services.requeue_stalled(dt.timedelta(minutes=minutes))


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
    time_limit=900,
    soft_time_limit=840,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=5,
)
def mine_game_log(game_log_id: int) -> dict[str, int] | None:
    """Mine one game of a mining job (see :func:`puzzles.services_mining.run_game_log`)."""
    from . import services_mining

    try:
        result = services_mining.run_game_log(game_log_id)
    except SoftTimeLimitExceeded:
        services_mining.fail_game_log(game_log_id, f"game {game_log_id} ran out of time")
        return None
    if result is None:
        return None
    return {"created": result.created, "duplicates": result.duplicates, "agreed": result.agreed}
