"""The daily puzzle: one per date, the same for everyone, picked by beat or on demand."""

from __future__ import annotations

import datetime as dt
import threading
import time

import pytest
from django.conf import settings
from django.db import connection

from puzzles import services
from puzzles.models import DailyPuzzle, Puzzle
from puzzles.tasks import pick_daily_puzzle

DAY = dt.date(2026, 5, 4)


def make_puzzles(kind: str = "shanten", count: int = 10, seed: int = 1) -> None:
    batch = services.request_batch(kind, count, seed=seed)
    services.run_batch_here(batch.pk)


@pytest.mark.django_db
def test_the_daily_puzzle_is_picked_once_and_is_the_same_for_everyone() -> None:
    make_puzzles()
    first = services.daily_puzzle(DAY)
    again = services.daily_puzzle(DAY)
    assert first is not None and again is not None
    assert first.puzzle_id == again.puzzle_id
    assert DailyPuzzle.objects.filter(date=DAY).count() == 1


@pytest.mark.django_db
def test_each_day_gets_a_puzzle_not_used_before_while_there_are_some() -> None:
    make_puzzles(count=5)
    picks = [services.pick_daily(DAY + dt.timedelta(days=i)) for i in range(5)]
    assert len({p.puzzle_id for p in picks if p}) == 5
    # Then puzzles come round again rather than leaving a day empty.
    assert services.pick_daily(DAY + dt.timedelta(days=5)) is not None


@pytest.mark.django_db
def test_the_day_prefers_its_kind() -> None:
    make_puzzles("shanten", 10)
    make_puzzles("waits", 10)
    for offset in range(7):
        day = DAY + dt.timedelta(days=offset)
        kind = services.DAILY_KINDS[day.toordinal() % len(services.DAILY_KINDS)]
        daily = services.pick_daily(day)
        assert daily is not None
        if kind in {"shanten", "waits"}:
            assert daily.puzzle.kind == kind


@pytest.mark.django_db
def test_without_puzzles_there_is_no_daily_puzzle_and_no_error() -> None:
    assert services.daily_puzzle(DAY) is None
    assert not DailyPuzzle.objects.exists()


@pytest.mark.django_db
def test_the_choice_depends_on_the_date_not_on_who_asks_first() -> None:
    make_puzzles(count=10)
    chosen = services.pick_daily(DAY)
    assert chosen is not None
    DailyPuzzle.objects.all().delete()
    assert services.pick_daily(DAY).puzzle_id == chosen.puzzle_id


@pytest.mark.django_db
def test_daily_puzzle_defaults_to_today() -> None:
    from django.utils import timezone

    make_puzzles(count=3)
    daily = services.daily_puzzle()
    assert daily is not None and daily.date == timezone.localdate()


@pytest.mark.django_db(transaction=True)
def test_concurrent_first_visitors_all_get_the_same_daily_puzzle() -> None:
    make_puzzles(count=10)
    results: list[int] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def visit() -> None:
        try:
            barrier.wait()
            daily = services.pick_daily(DAY)
            assert daily is not None
            results.append(daily.puzzle_id)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=visit) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(results) == 4 and len(set(results)) == 1
    assert DailyPuzzle.objects.filter(date=DAY).count() == 1


# --- the beat task ----------------------------------------------------------------------------


def test_beat_runs_the_daily_pick_every_hour() -> None:
    from tutor.config.celery import app

    entry = settings.CELERY_BEAT_SCHEDULE["puzzles-daily"]
    assert entry["task"] == pick_daily_puzzle.name
    assert entry["task"] in app.tasks
    assert float(entry["schedule"]) <= 3600


@pytest.mark.django_db
def test_the_daily_task_called_directly_picks_today_and_tomorrow() -> None:
    make_puzzles(count=5)
    puzzle_id = pick_daily_puzzle(DAY.isoformat())
    assert DailyPuzzle.objects.get(date=DAY).puzzle_id == puzzle_id
    assert DailyPuzzle.objects.filter(date=DAY + dt.timedelta(days=1)).exists()
    assert pick_daily_puzzle(DAY.isoformat()) == puzzle_id  # idempotent


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_picks_the_daily_puzzle(celery_worker_process, redis_url) -> None:
    from tests.puzzles.test_tasks import use_broker

    use_broker(redis_url, {"visibility_timeout": 3600})
    make_puzzles(count=5)
    pick_daily_puzzle.delay(DAY.isoformat())
    deadline = time.monotonic() + 60
    while not DailyPuzzle.objects.filter(date=DAY).exists():
        assert time.monotonic() < deadline, celery_worker_process.output()[-3000:]
        time.sleep(0.3)
    assert Puzzle.objects.filter(pk=DailyPuzzle.objects.get(date=DAY).puzzle_id).exists()
