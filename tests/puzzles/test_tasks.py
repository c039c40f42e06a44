"""Generation batches: chunks stored in one transaction, idempotent re-runs, the broker down,
and the tasks called directly and through a real Celery worker."""

from __future__ import annotations

import time
from functools import partial

import pytest
from django.db import OperationalError, transaction

from puzzles import generation, services, starting, tasks
from puzzles.models import (
    BatchStatus,
    ChunkStatus,
    GenerationBatch,
    GenerationChunk,
    Puzzle,
)
from puzzles.tasks import TRANSIENT_ERRORS, dispatch_batch, generate_chunk


def run_all(batch: GenerationBatch) -> GenerationBatch:
    return services.run_batch_here(batch.pk)


@pytest.mark.django_db
def test_a_batch_is_split_into_seeded_chunks() -> None:
    batch = services.request_batch("shanten", 25, seed=7)
    chunks = list(batch.chunks.order_by("index"))
    assert [c.target for c in chunks] == [10, 10, 5]
    assert [c.seed for c in chunks] == [generation.chunk_seed(7, i) for i in range(3)]
    assert batch.status == BatchStatus.PENDING and batch.chunks_total == 3


@pytest.mark.django_db
def test_running_a_batch_stores_puzzles_with_analysis_themes_and_rating() -> None:
    batch = run_all(services.request_batch("discard", 12, seed=3))
    assert batch.status == BatchStatus.DONE and batch.finished is not None
    assert batch.created_count == 12 == Puzzle.objects.filter(batch=batch).count()
    assert batch.accepted == 12 and batch.rejected > 0
    for puzzle in Puzzle.objects.filter(batch=batch):
        assert puzzle.analysis["answer"] == puzzle.analysis["discards"][0]["discard"]
        assert puzzle.themes.exists()
        themes = puzzle.themes.values_list("slug", flat=True)
        assert puzzle.rating == starting.starting_rating(puzzle.kind, puzzle.analysis, themes)
        assert puzzle.context["dora_indicator"]
        again = generation.evaluate(generation.deal_candidate("discard", "", puzzle.seed))
        assert isinstance(again, generation.Generated)
        assert again.canonical_key == puzzle.canonical_key


@pytest.mark.django_db
def test_running_a_chunk_twice_creates_nothing_the_second_time() -> None:
    batch = services.request_batch("waits", 10, seed=5)
    chunk = batch.chunks.get()
    first = services.run_chunk(chunk.pk)
    second = services.run_chunk(chunk.pk)
    assert first is not None and first.created == 10
    assert second is not None and second.already_done
    assert Puzzle.objects.count() == 10
    batch.refresh_from_db()
    assert batch.chunks_done == 1 and batch.created_count == 10


@pytest.mark.django_db
def test_the_same_seed_again_creates_nothing_new() -> None:
    run_all(services.request_batch("improve", 15, seed=11))
    before = set(Puzzle.objects.values_list("canonical_key", flat=True))
    again = run_all(services.request_batch("improve", 15, seed=11))
    assert set(Puzzle.objects.values_list("canonical_key", flat=True)) == before
    assert again.status == BatchStatus.DONE
    assert again.created_count == 0 and again.duplicates == 15 and again.accepted == 15


@pytest.mark.django_db
def test_a_position_already_stored_is_skipped_as_a_duplicate() -> None:
    out = generation.generate("shanten", generation.chunk_seed(2, 0), 10)
    first = out.puzzles[0]
    Puzzle.objects.create(kind="shanten", hand=first.hand, canonical_key=first.canonical_key)
    batch = run_all(services.request_batch("shanten", 10, seed=2))
    assert batch.created_count == 9 and batch.duplicates == 1
    assert Puzzle.objects.count() == 10


@pytest.mark.django_db
def test_bad_batch_requests_are_refused_with_a_reason() -> None:
    with pytest.raises(services.BatchRequestError, match="kind"):
        services.request_batch("riddle", 10)
    with pytest.raises(services.BatchRequestError, match="1 to"):
        services.request_batch("discard", 0)
    with pytest.raises(services.BatchRequestError, match="never carry"):
        services.request_batch("shanten", 5, theme="wait-edge")
    with pytest.raises(services.BatchRequestError, match="difficulty"):
        services.request_batch("discard", 5, difficulty=9)
    assert not GenerationBatch.objects.exists()


@pytest.mark.django_db
def test_a_chunk_out_of_time_keeps_what_it_had_and_the_batch_finishes() -> None:
    batch = services.request_batch("discard", 10, seed=4)
    result = services.run_chunk(batch.chunks.get().pk, seconds=0)
    assert result is not None and result.created == 0
    batch.refresh_from_db()
    assert batch.status == BatchStatus.DONE and batch.chunks_done == 1


@pytest.mark.django_db
def test_a_failed_chunk_counts_as_finished_and_says_why() -> None:
    batch = services.request_batch("discard", 10, seed=4)
    services.fail_chunk(batch.chunks.get().pk, "ran out of time")
    progress = GenerationBatch.objects.get(pk=batch.pk)
    assert progress.is_finished and progress.status == BatchStatus.FAILED
    assert "out of time" in progress.error


@pytest.mark.django_db
def test_progress_reports_chunks_and_counts() -> None:
    batch = services.request_batch("shanten", 20, seed=9)
    services.run_chunk(batch.chunks.get(index=0).pk)
    progress = GenerationBatch.objects.get(pk=batch.pk)
    assert (progress.chunks_done, progress.chunks_total, progress.percent) == (1, 2, 50)
    assert progress.status == BatchStatus.RUNNING and not progress.is_finished
    assert progress.created_count == 10


# --- the task --------------------------------------------------------------------------------


def test_the_chunk_task_is_safe_to_deliver_twice() -> None:
    assert generate_chunk.acks_late is True
    assert generate_chunk.reject_on_worker_lost is True
    assert 0 < generate_chunk.soft_time_limit < generate_chunk.time_limit
    assert generate_chunk.soft_time_limit > services.CHUNK_SECONDS


def test_only_transient_errors_are_retried() -> None:
    assert OperationalError in generate_chunk.autoretry_for
    assert set(generate_chunk.autoretry_for) == set(TRANSIENT_ERRORS)
    assert not any(issubclass(ValueError, e) for e in generate_chunk.autoretry_for)
    assert generate_chunk.retry_backoff and generate_chunk.max_retries


@pytest.mark.django_db
def test_the_chunk_task_called_directly_stores_the_chunk() -> None:
    batch = services.request_batch("waits", 5, seed=1)
    chunk = batch.chunks.get()
    assert generate_chunk(chunk.pk) == {"created": 5, "duplicates": 0, "rejected": 0}
    chunk.refresh_from_db()
    assert chunk.status == ChunkStatus.DONE and chunk.runs == 1
    assert generate_chunk(10**9) is None  # a chunk deleted with its batch: nothing to do


# --- the broker down -------------------------------------------------------------------------


def use_broker(url: str, options: dict[str, object]) -> None:
    """Point this process's Celery app at another broker, with fresh connection pools (a pool
    closed by ``force_close_all`` stays cached on the app and fails every later publish)."""
    from kombu import pools

    from tutor.config.celery import app

    app.conf.broker_url = url
    app.conf.broker_transport_options = options
    pools.reset()
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def unreachable_broker():
    from tutor.config.celery import app

    old = app.conf.broker_url, app.conf.broker_transport_options
    use_broker("redis://127.0.0.1:9/0", {})  # the discard port: nothing listens
    yield
    use_broker(*old)


@pytest.mark.django_db
def test_with_the_broker_down_a_batch_is_kept_and_marked_unavailable(
    unreachable_broker, django_capture_on_commit_callbacks
) -> None:
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        batch = services.request_batch("discard", 20, seed=1)
        transaction.on_commit(partial(dispatch_batch, batch.pk))
    assert len(callbacks) == 1
    assert time.monotonic() - started < 15
    batch.refresh_from_db()
    assert batch.status == BatchStatus.UNAVAILABLE
    assert batch.error
    assert batch.chunks.filter(status=ChunkStatus.PENDING).count() == 2
    assert not dispatch_batch(batch.pk)


# --- through a real worker -------------------------------------------------------------------


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_generates_a_whole_batch(celery_worker_process, redis_url) -> None:
    use_broker(redis_url, {"visibility_timeout": 3600})
    batch = services.request_batch("discard", 30, seed=77)
    assert dispatch_batch(batch.pk)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        progress = GenerationBatch.objects.get(pk=batch.pk)
        if progress.is_finished:
            break
        time.sleep(0.5)
    else:
        pytest.fail(f"batch not finished: {progress}\n{celery_worker_process.output()[-3000:]}")
    assert progress.status == BatchStatus.DONE
    assert progress.created_count == 30 == Puzzle.objects.filter(batch_id=batch.pk).count()
    batch.refresh_from_db()
    assert len(batch.celery_ids) == 1 + 3
    assert set(GenerationChunk.objects.values_list("runs", flat=True)) == {1}


# --- requeueing stalled batches ------------------------------------------------------------------


def backdate(batch: GenerationBatch, minutes: int) -> None:
    from datetime import timedelta

    from django.utils import timezone

    GenerationBatch.objects.filter(pk=batch.pk).update(
        created=timezone.now() - timedelta(minutes=minutes)
    )


@pytest.mark.django_db
def test_only_batches_quiet_for_a_while_are_queued_again(monkeypatch) -> None:
    from puzzles.tasks import requeue_stalled_batches

    queued: list[int] = []
    monkeypatch.setattr(tasks, "dispatch_batch", lambda pk: queued.append(pk) or True)
    stalled = services.request_batch("waits", 20, seed=1)
    backdate(stalled, 30)
    fresh = services.request_batch("waits", 20, seed=2)
    done = run_all(services.request_batch("waits", 5, seed=3))
    backdate(done, 30)
    busy = services.request_batch("waits", 20, seed=4)
    services.run_chunk(busy.chunks.get(index=0).pk)  # a chunk finished just now
    backdate(busy, 30)
    assert requeue_stalled_batches(15) == 1
    assert queued == [stalled.pk]
    assert fresh.pk not in queued and done.pk not in queued


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_requeues_a_lost_batch_and_finishes_it(
    celery_worker_process, redis_url
) -> None:
    from puzzles.tasks import requeue_stalled_batches

    use_broker(redis_url, {"visibility_timeout": 3600})
    # A batch whose messages never reached a worker (a broker that lost them).
    batch = services.request_batch("shanten", 20, seed=8)
    backdate(batch, 30)
    requeue_stalled_batches.delay(15)
    deadline = time.monotonic() + 90
    while not GenerationBatch.objects.get(pk=batch.pk).is_finished:
        assert time.monotonic() < deadline, celery_worker_process.output()[-3000:]
        time.sleep(0.3)
    assert GenerationBatch.objects.get(pk=batch.pk).created_count == 20


@pytest.mark.django_db(transaction=True)
def test_two_workers_running_the_same_seed_at_once_store_each_puzzle_once() -> None:
    import threading

    from django.db import connection

    a = services.request_batch("waits", 10, seed=31)
    b = services.request_batch("waits", 10, seed=31)
    chunks = [a.chunks.get().pk, b.chunks.get().pk]
    barrier = threading.Barrier(2)
    results: list[services.ChunkResult | None] = []
    errors: list[BaseException] = []

    def work(chunk_id: int) -> None:
        try:
            barrier.wait()
            results.append(services.run_chunk(chunk_id))
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(pk,)) for pk in chunks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert Puzzle.objects.count() == 10
    assert sorted(r.created for r in results if r) == [0, 10]
    assert sum(r.duplicates for r in results if r) == 10
