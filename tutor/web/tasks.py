"""Worker-level tasks of the site itself."""

from smtplib import SMTPException
from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone


@shared_task(bind=True, ignore_result=True, time_limit=30, soft_time_limit=20)
def heartbeat(self: Any) -> None:  # self: Celery's Task, which ships no types
    """Record that the worker running this task is alive; /healthz reads the newest record."""
    record_heartbeat(self.request.hostname or "unknown")


def record_heartbeat(hostname: str) -> None:
    from .models import WorkerHeartbeat

    # update_or_create runs in its own transaction.
    WorkerHeartbeat.objects.update_or_create(hostname=hostname, defaults={"seen": timezone.now()})


@shared_task(time_limit=30, soft_time_limit=20)
def add(x: int, y: int) -> int:
    """A trivial task used by the health page and the worker smoke test."""
    return x + y


@shared_task(ignore_result=True, time_limit=600, soft_time_limit=540)
def clear_expired_sessions() -> None:
    """Delete expired sessions with Django's ``clearsessions``; beat runs it once a day."""
    from django.core.management import call_command

    call_command("clearsessions")


# A mail server that is briefly away is retried with backoff; acks_late makes a lost worker's
# mail go out again, which at worst sends a link twice.
MAIL_TASK = {
    "time_limit": 60,
    "soft_time_limit": 45,
    "autoretry_for": (OSError, SMTPException),
    "retry_backoff": True,
    "max_retries": 3,
}


@shared_task(**MAIL_TASK)
def send_password_reset(email: str, base_url: str, language: str) -> int:
    """Mail the reset links of the accounts confirmed at ``email``; the number of links."""
    from .mail import send_password_reset_mail

    return send_password_reset_mail(email, base_url, language)


@shared_task(**MAIL_TASK)
def send_email_confirmation(user_id: int, email: str, base_url: str, language: str) -> bool:
    """Mail ``email`` the link that confirms it for user ``user_id``."""
    from .mail import send_confirmation_mail

    return send_confirmation_mail(user_id, email, base_url, language)


@worker_ready.connect
def _heartbeat_on_start(sender: object = None, **kwargs: object) -> None:
    # A fresh worker should show as up at once, not after the first beat interval.
    heartbeat.delay()
