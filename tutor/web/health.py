"""Checks behind /healthz: each returns whether its service is up and never raises.

The public answer says only up or down (and the heartbeat's age): what went wrong, with host
names and exception text, goes to the log, not to whoever asks.
"""

import logging

from django.conf import settings
from django.db import connection
from django.utils import timezone

log = logging.getLogger(__name__)


def check_database() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any failure means "down"; the log says which
        log.warning("health: the database is down", exc_info=True)
        return False
    return True


def check_broker() -> bool:
    """Connect to the broker within ``HEALTH_BROKER_TIMEOUT`` seconds, with no retry.

    A broker that is down or stalled must not hold a /healthz call (or the web worker that
    answers it) for seconds.
    """
    from tutor.config.celery import app

    timeout = settings.HEALTH_BROKER_TIMEOUT
    options = dict(app.conf.broker_transport_options or {})
    redis = str(app.conf.broker_url).startswith(("redis", "rediss"))
    if redis:
        options.update(socket_timeout=timeout, socket_connect_timeout=timeout)
    conn = app.connection_for_write(connect_timeout=timeout, transport_options=options)
    try:
        conn.ensure_connection(max_retries=0, timeout=timeout)
        channel = conn.default_channel
        if redis:
            channel.client.ping()
    except Exception:
        log.warning("health: the broker is down", exc_info=True)
        return False
    finally:
        conn.release()
    return True


def heartbeat_age() -> int | None:
    """Seconds since the newest worker heartbeat, or None when no worker ever reported."""
    from .models import WorkerHeartbeat

    try:
        newest = WorkerHeartbeat.objects.order_by("-seen").first()
    except Exception:
        log.warning("health: cannot read the worker heartbeats", exc_info=True)
        return None
    return None if newest is None else max(0, int((timezone.now() - newest.seen).total_seconds()))


def check_worker() -> tuple[bool, int | None]:
    """Whether a worker reported within ``WORKER_HEARTBEAT_MAX_AGE``, and how long ago."""
    age = heartbeat_age()
    up = age is not None and age <= settings.WORKER_HEARTBEAT_MAX_AGE
    if not up:
        log.warning("health: no worker heartbeat for %s s", age)
    return up, age
