import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.utils import timezone

from tutor.web.models import WorkerHeartbeat
from tutor.web.tasks import record_heartbeat

pytestmark = pytest.mark.django_db


@contextmanager
def broker_at(url: str) -> Iterator[None]:
    from tests.conftest import point_app_at
    from tutor.config.celery import app

    old = (app.conf.broker_url, app.conf.result_backend, app.conf.broker_transport_options)
    point_app_at(app, url, None, {})
    try:
        yield
    finally:
        point_app_at(app, *old)


def test_healthz_is_503_until_a_worker_has_reported(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"]["up"] is True
    assert body["worker"] == {"up": False, "heartbeat_age": None}


def test_healthz_is_200_when_database_broker_and_worker_are_up(client) -> None:
    record_heartbeat("worker@test")
    response = client.get("/healthz")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "ok"
    assert {body[name]["up"] for name in ("database", "broker", "worker")} == {True}


def test_a_stale_heartbeat_means_the_worker_is_down(client) -> None:
    WorkerHeartbeat.objects.create(hostname="old@test", seen=timezone.now() - timedelta(hours=1))
    body = client.get("/healthz").json()
    assert body["worker"]["up"] is False
    assert body["worker"]["heartbeat_age"] >= 3600


def test_an_unreachable_broker_makes_healthz_503_and_names_no_host(client) -> None:
    record_heartbeat("worker-7.internal.example")
    with broker_at("redis://broker.internal.example:1/0"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"] == {"up": False}
    body = response.content.decode()
    for secret in ("internal.example", "Error", "refused", "worker-7"):
        assert secret not in body


def test_a_stalled_broker_does_not_hold_healthz(client) -> None:
    # A server that accepts the connection and never answers: before, each call waited 2-3 s.
    with socket.socket() as stalled:
        stalled.bind(("127.0.0.1", 0))
        stalled.listen(8)
        port = stalled.getsockname()[1]
        with broker_at(f"redis://127.0.0.1:{port}/0"):
            start = time.monotonic()
            response = client.get("/healthz")
            elapsed = time.monotonic() - start
    assert response.json()["broker"]["up"] is False
    assert elapsed < 1.5, f"/healthz took {elapsed:.2f} s"


def test_healthz_only_answers_get(client) -> None:
    assert client.post("/healthz").status_code == 405


def test_the_heartbeat_has_a_queue_of_its_own(settings) -> None:
    from tutor.config.celery import app

    route = app.amqp.router.route({}, "tutor.web.tasks.heartbeat")
    assert route["queue"].name == "heartbeat"
    assert app.amqp.router.route({}, "puzzles.tasks.generate_chunk")["queue"].name == "celery"
    # A worker started with no -Q consumes both.
    assert set(app.amqp.queues) == {"celery", "heartbeat"}
    # A heartbeat no worker took within a minute is dropped rather than piling up.
    assert settings.CELERY_BEAT_SCHEDULE["worker-heartbeat"]["options"] == {"expires": 60}
