"""Worker-level tasks of the site itself."""

from celery import shared_task
from celery.signals import worker_ready
from django.db import transaction
from django.utils import timezone


@shared_task(bind=True, ignore_result=True, time_limit=30, soft_time_limit=20)
def heartbeat(self) -> None:  # type: ignore[no-untyped-def]
    """Record that the worker running this task is alive; /healthz reads the newest record."""
    record_heartbeat(self.request.hostname or "unknown")


def record_heartbeat(hostname: str) -> None:
    from .models import WorkerHeartbeat

    with transaction.atomic():
        WorkerHeartbeat.objects.update_or_create(
            hostname=hostname, defaults={"seen": timezone.now()}
        )


@shared_task(time_limit=30, soft_time_limit=20)
def add(x: int, y: int) -> int:
    """A trivial task used by the health page and the worker smoke test."""
    return x + y


@worker_ready.connect
def _heartbeat_on_start(sender=None, **kwargs) -> None:  # type: ignore[no-untyped-def]
    # A fresh worker should show as up at once, not after the first beat interval.
    heartbeat.delay()
