"""Checks behind /healthz: each returns (ok, detail) and never raises."""

from datetime import timedelta

from django.conf import settings
from django.db import connection
from django.utils import timezone


def check_database() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure means "down"; the detail says which
        return False, f"{type(exc).__name__}: {exc}"
    return True, connection.vendor


def check_broker() -> tuple[bool, str]:
    from tutor.config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
            transport = conn.transport_cls
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"
    return True, str(transport)


def check_worker() -> tuple[bool, str]:
    from .models import WorkerHeartbeat

    try:
        newest = WorkerHeartbeat.objects.order_by("-seen").first()
    except Exception as exc:
        return False, f"{type(exc).__name__}: {exc}"
    if newest is None:
        return False, "no worker has reported yet"
    age = timezone.now() - newest.seen
    if age > timedelta(seconds=settings.WORKER_HEARTBEAT_MAX_AGE):
        return False, f"last heartbeat from {newest.hostname} {int(age.total_seconds())} s ago"
    return True, f"{newest.hostname}, {int(age.total_seconds())} s ago"
