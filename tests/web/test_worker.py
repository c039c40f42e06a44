"""A real Celery worker, on Redis, runs the site's tasks and reports to /healthz."""

import signal
import time

import pytest

from tutor.web.models import WorkerHeartbeat
from tutor.web.tasks import add, heartbeat

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def test_a_real_worker_runs_a_task_and_returns_its_result(celery_worker_process) -> None:
    assert add.delay(2, 3).get(timeout=30) == 5


def test_the_worker_heartbeat_reaches_the_database_and_healthz(
    celery_worker_process, client
) -> None:
    heartbeat.delay().forget()
    # worker_ready also queues a heartbeat; wait for any of them to land.
    add.delay(0, 0).get(timeout=30)
    for _ in range(50):
        if WorkerHeartbeat.objects.exists():
            break
        add.delay(0, 0).get(timeout=30)
    assert WorkerHeartbeat.objects.exists(), celery_worker_process.output()
    response = client.get("/healthz")
    assert response.json()["worker"]["up"] is True
    assert response.json()["broker"]["up"] is True


def test_the_heartbeat_does_not_wait_behind_a_backlog(celery_worker_process, redis_url) -> None:
    # Before, the heartbeat sat at the back of the one queue behind every generation chunk,
    # and /healthz called a busy, healthy worker down.
    import redis

    # Let the heartbeat the worker sends itself on start land first, then forget it.
    for _ in range(300):
        if WorkerHeartbeat.objects.exists():
            break
        add.delay(0, 0).get(timeout=30)
    WorkerHeartbeat.objects.all().delete()
    backlog = 3000
    # The worker is paused while the backlog and then the heartbeat are queued, as when a batch
    # of generation chunks is waiting: otherwise, on a loaded machine, it drains the backlog as
    # fast as this process can queue it and there is nothing for the heartbeat to wait behind.
    assert celery_worker_process.process is not None
    celery_worker_process.process.send_signal(signal.SIGSTOP)
    try:
        with add.app.producer_or_acquire() as producer:
            for n in range(backlog):
                add.apply_async((n, n), producer=producer, ignore_result=True)
        broker = redis.Redis.from_url(redis_url)
        ahead = broker.llen("celery")  # what a single queue would make the heartbeat wait behind
        assert ahead > backlog // 2, "the worker drained the backlog before the test could look"
        heartbeat.delay()
    finally:
        celery_worker_process.process.send_signal(signal.SIGCONT)
    for _ in range(300):
        if WorkerHeartbeat.objects.exists():
            break
        time.sleep(0.05)
    waiting = broker.llen("celery")
    assert WorkerHeartbeat.objects.exists(), celery_worker_process.output()
    assert ahead - waiting < ahead // 2, f"the heartbeat ran only after {ahead - waiting} tasks"


def test_calling_a_task_directly_needs_no_worker() -> None:
    assert add(20, 22) == 42
