"""A worker killed with SIGKILL in the middle of a batch: after a restart the batch completes
with no puzzle lost and none duplicated (acks_late + one transaction per chunk + the unique
canonical key). A real Celery worker on Redis, the test database shared with it."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from puzzles import generation, services, tasks
from puzzles.models import BatchStatus, ChunkStatus, GenerationBatch, GenerationChunk, Puzzle
from tests.puzzles.test_tasks import use_broker

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The restarted worker takes back a message left unacknowledged by a dead worker once it is
# older than the visibility timeout; production waits an hour, the test five seconds.
WORKER_SETTINGS = """
from tutor.config.settings import *  # noqa: F403

CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 5,
    "unacked_restore_interval": 1,
    "unacked_restore_throttle": 1,
}
"""


def restart(worker, *extra: str, timeout: float = 60) -> None:
    ready_before = worker.output().count("ready.")
    worker.start(*extra)
    deadline = time.monotonic() + timeout
    while worker.output().count("ready.") <= ready_before:
        assert worker.process is not None and worker.process.poll() is None, worker.output()
        assert time.monotonic() < deadline, worker.output()[-3000:]
        time.sleep(0.2)


def wait_for(condition, timeout: float, what: str, worker) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}\n{worker.output()[-4000:]}")
        time.sleep(0.1)


def test_a_worker_killed_mid_batch_loses_and_duplicates_nothing(
    celery_worker_process, redis_url, tmp_path: Path
) -> None:
    import redis

    worker = celery_worker_process
    use_broker(redis_url, {"visibility_timeout": 3600})
    (tmp_path / "reliability_settings.py").write_text(WORKER_SETTINGS)
    worker.stop()
    worker.env["PYTHONPATH"] = f"{tmp_path}:{worker.env.get('PYTHONPATH', '')}".rstrip(":")
    worker.env["DJANGO_SETTINGS_MODULE"] = "reliability_settings"
    # One process, so SIGKILL takes down the very process running the task.
    restart(worker, "--pool=solo")

    # Five chunks: the kill lands after two are done and a third is in flight.
    kind, count, seed = "discard", 5 * services.CHUNK_SIZE, 4242
    batch = services.request_batch(kind, count, seed=seed)
    assert tasks.dispatch_batch(batch.pk)
    broker = redis.Redis.from_url(redis_url)

    def in_flight() -> int:
        return int(broker.hlen("unacked"))

    def chunks_done() -> int:
        return GenerationChunk.objects.filter(batch=batch, status=ChunkStatus.DONE).count()

    wait_for(lambda: chunks_done() >= 2 and in_flight() >= 1, 120, "two chunks done", worker)
    worker.stop(signal.SIGKILL)
    killed_at = time.monotonic()
    done_at_kill = chunks_done()
    unacked_at_kill = in_flight()
    assert 2 <= done_at_kill < batch.chunks_total, "the kill must land mid-batch"
    assert unacked_at_kill >= 1, "a chunk was being worked on when the worker died"
    assert GenerationBatch.objects.get(pk=batch.pk).status == BatchStatus.RUNNING

    restart(worker, "--pool=solo")
    wait_for(
        lambda: GenerationBatch.objects.get(pk=batch.pk).is_finished,
        180,
        "the batch to finish",
        worker,
    )
    recovered = time.monotonic() - killed_at

    progress = GenerationBatch.objects.get(pk=batch.pk)
    assert progress.status == BatchStatus.DONE
    assert progress.chunks_done == progress.chunks_total
    # Nothing lost: exactly the puzzles the seed gives when nothing goes wrong.
    expected: set[str] = set()
    for index, target in enumerate(generation.split_count(count, services.CHUNK_SIZE)):
        out = generation.generate(kind, generation.chunk_seed(seed, index), target)
        expected |= {p.canonical_key for p in out.puzzles}
    stored = list(Puzzle.objects.filter(batch=batch).values_list("canonical_key", flat=True))
    assert set(stored) == expected
    # Nothing duplicated: each position once, and the batch's figures agree with the table.
    assert len(stored) == len(set(stored)) == progress.created_count
    assert progress.created_count + progress.duplicates == progress.accepted
    assert not GenerationChunk.objects.filter(batch=batch, runs__gt=1).exists()
    assert in_flight() == 0
    print(
        f"\nkill-a-worker: batch of {count} {kind} puzzles in {progress.chunks_total} chunks; "
        f"SIGKILL after {done_at_kill} chunks with {unacked_at_kill} in flight; restarted; "
        f"finished {recovered:.1f} s after the kill with {len(stored)} puzzles stored, "
        f"{len(expected) - len(set(stored))} lost, {len(stored) - len(set(stored))} duplicated"
    )


def children_of(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc, Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: split after it.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def test_a_pool_process_killed_mid_chunk_is_replaced_and_the_chunk_runs_again(
    celery_worker_process, redis_url
) -> None:
    """The out-of-memory killer's way: the child running the task dies, the worker lives on.
    With ``reject_on_worker_lost`` the message goes back to the queue at once."""
    import redis

    worker = celery_worker_process
    use_broker(redis_url, {"visibility_timeout": 3600})
    # Four chunks: the kill lands in the second or a later one.
    kind, count, seed = "discard", 4 * services.CHUNK_SIZE, 99
    batch = services.request_batch(kind, count, seed=seed)
    assert tasks.dispatch_batch(batch.pk)
    broker = redis.Redis.from_url(redis_url)
    assert worker.process is not None
    main_pid = worker.process.pid

    def chunks_done() -> int:
        return GenerationChunk.objects.filter(batch=batch, status=ChunkStatus.DONE).count()

    wait_for(lambda: chunks_done() >= 1 and broker.hlen("unacked") >= 1, 120, "a chunk", worker)
    (child,) = children_of(main_pid)
    os.kill(child, signal.SIGKILL)
    done_at_kill = chunks_done()
    assert done_at_kill < batch.chunks_total
    wait_for(lambda: GenerationBatch.objects.get(pk=batch.pk).is_finished, 180, "the batch", worker)
    assert worker.process.poll() is None, "the worker itself survived"
    assert "WorkerLostError" in worker.output() or "exited with 'signal 9" in worker.output()
    progress = GenerationBatch.objects.get(pk=batch.pk)
    assert progress.status == BatchStatus.DONE
    expected: set[str] = set()
    for index, target in enumerate(generation.split_count(count, services.CHUNK_SIZE)):
        out = generation.generate(kind, generation.chunk_seed(seed, index), target)
        expected |= {p.canonical_key for p in out.puzzles}
    stored = list(Puzzle.objects.filter(batch=batch).values_list("canonical_key", flat=True))
    assert set(stored) == expected and len(stored) == len(set(stored))
