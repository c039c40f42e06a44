"""The mining task through a real Celery worker on Redis (its own module: the worker's test
flushes the database, which the module-wide mined game of ``test_mining`` must not see)."""

from __future__ import annotations

import time

import pytest

from puzzles import services_mining, tasks
from puzzles.models import BatchStatus, GameLog, MiningJob, Puzzle
from tests.puzzles.test_mining import XML


@pytest.mark.redis
def test_a_real_worker_mines_an_uploaded_game(celery_worker_process, redis_url) -> None:
    files, _errors = services_mining.read_paths([XML])
    job = services_mining.request_mining(files)
    assert tasks.dispatch_mining(job.pk)
    deadline = time.monotonic() + 120
    while not MiningJob.objects.get(pk=job.pk).is_finished:
        assert time.monotonic() < deadline, celery_worker_process.output()[-3000:]
        time.sleep(0.5)
    job.refresh_from_db()
    assert job.status == BatchStatus.DONE and job.games_done == 1
    assert job.created_count == Puzzle.objects.filter(mining_job=job).count() > 0
    assert GameLog.objects.get(job=job).status == "done"

    # an engine upgrade later: the periodic task, run by the worker, judges them again from the
    # log the site holds, and stamps them
    mined = Puzzle.objects.filter(mining_job=job)
    mined.update(judged_with=0)
    assert tasks.recheck_stale_puzzles.delay().get(timeout=240) == mined.count()
    assert not mined.filter(judged_with=0).exists()
