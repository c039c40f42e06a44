"""A visitor who only reads writes no session; expired sessions are cleared every day."""

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from lessons.models import Step
from tutor.web.tasks import clear_expired_sessions

pytestmark = pytest.mark.django_db


def test_reading_lessons_writes_no_session(client, curriculum) -> None:
    steps = Step.objects.select_related("stage").order_by("stage__number", "number")[:5]
    urls = ["/", "/tiles/", reverse("lessons:index")] + [
        reverse("lessons:step", args=[step.stage.slug, step.number]) for step in steps
    ]
    for url in urls:
        assert client.get(url).status_code == 200, url
    assert Session.objects.count() == 0
    assert "sessionid" not in client.cookies


def test_a_visitor_who_answers_gets_a_session_and_the_timing_from_then_on(
    client, curriculum
) -> None:
    step = next(
        step
        for step in Step.objects.select_related("stage").filter(exercise={})
        if Step.objects.filter(stage=step.stage, number=step.number + 1).exists()
    )
    client.post(
        reverse("lessons:answer", args=[step.stage.slug, step.number]),
        {"step": step.key, "op": "continue"},
    )
    assert Session.objects.count() == 1
    following = Step.objects.get(stage=step.stage, number=step.number + 1)
    client.get(reverse("lessons:step", args=[following.stage.slug, following.number]))
    data = Session.objects.get().get_decoded()
    assert any(f"{following.stage.slug}/{following.key}" in str(value) for value in data.values())


def test_expired_sessions_are_cleared_by_a_daily_task(settings) -> None:
    for expires in (timedelta(days=-1), timedelta(days=14)):
        store = SessionStore()
        store["lessons"] = {"x": 1}
        store.set_expiry(timezone.now() + expires)
        store.save()
    clear_expired_sessions()
    assert Session.objects.count() == 1
    assert Session.objects.get().expire_date > timezone.now()
    entry = settings.CELERY_BEAT_SCHEDULE["clear-expired-sessions"]
    assert entry["task"] == clear_expired_sessions.name
    assert entry["schedule"] <= 24 * 3600
