from datetime import timedelta

import pytest
from django.utils import timezone

from tutor.web.models import WorkerHeartbeat
from tutor.web.tasks import record_heartbeat

pytestmark = pytest.mark.django_db


def test_healthz_is_503_until_a_worker_has_reported(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "degraded"
    assert body["database"]["up"] is True
    assert body["worker"] == {"up": False, "detail": "no worker has reported yet"}


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
    assert "old@test" in body["worker"]["detail"]


def test_an_unreachable_broker_makes_healthz_503(client, settings) -> None:
    from tests.conftest import point_app_at
    from tutor.config.celery import app

    record_heartbeat("worker@test")
    old = (app.conf.broker_url, app.conf.result_backend, app.conf.broker_transport_options)
    point_app_at(app, "redis://127.0.0.1:1/0", None, {})
    try:
        response = client.get("/healthz")
    finally:
        point_app_at(app, *old)
    assert response.status_code == 503
    assert response.json()["broker"]["up"] is False


def test_healthz_only_answers_get(client) -> None:
    assert client.post("/healthz").status_code == 405
