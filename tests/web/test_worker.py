"""A real Celery worker, on Redis, runs the site's tasks and reports to /healthz."""

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
    assert response.json()["broker"]["detail"] == "redis"


def test_calling_a_task_directly_needs_no_worker() -> None:
    assert add(20, 22) == 42
