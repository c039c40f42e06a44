"""Concurrent first attempts: the puzzle's row lock serialises them (run on PostgreSQL too:
``DATABASE_URL=postgres://... pytest --db-only tests/puzzles``)."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection

from puzzles import play
from puzzles.models import PlayerRating, Puzzle, PuzzleAttempt
from tests.puzzles.play_factories import DISCARD_BEST, make_puzzle

pytestmark = pytest.mark.django_db(transaction=True)


def race(calls, slow_rating, monkeypatch):
    """Run the calls in threads started together; the rating step sleeps inside the
    transaction so that, without a lock, both would read "no first attempt yet"."""
    original = play._rate

    def slow(*args, **kwargs):
        time.sleep(slow_rating)
        return original(*args, **kwargs)

    monkeypatch.setattr(play, "_rate", slow)
    barrier = threading.Barrier(len(calls))
    results, errors = [], []

    def run(call):
        try:
            barrier.wait()
            results.append(call())
        except Exception as exc:  # noqa: BLE001 - reported by the assertion below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results


def test_two_concurrent_first_attempts_by_one_player_rate_once(make_user, monkeypatch):
    user = make_user()
    PlayerRating.objects.create(user=user)  # an existing player: no row creation to queue on
    puzzle = make_puzzle()
    results = race(
        [lambda: play.record_attempt(user, puzzle.pk, [DISCARD_BEST])] * 2, 0.3, monkeypatch
    )
    assert sorted(r.first for r in results) == [False, True]
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1 and puzzle.solved == 1
    rating = PlayerRating.objects.get(user=user)
    assert len(rating.history) == 2  # the start and one rated game
    rated = next(r for r in results if r.rated)
    assert rating.rating == pytest.approx(rated.rating_after)
    assert PuzzleAttempt.objects.filter(user=user, first_attempt=True).count() == 1
    assert PuzzleAttempt.objects.filter(user=user).count() == 2


def test_two_players_at_once_both_rate_the_puzzle_in_turn(make_user, monkeypatch):
    one, two = make_user("one"), make_user("two")
    puzzle = make_puzzle()
    results = race(
        [
            lambda: play.record_attempt(one, puzzle.pk, [DISCARD_BEST]),
            lambda: play.record_attempt(two, puzzle.pk, [DISCARD_BEST]),
        ],
        0.3,
        monkeypatch,
    )
    assert all(r.rated for r in results)
    puzzle.refresh_from_db()
    assert puzzle.attempts == 2 and puzzle.solved == 2
    # Serialised: the second game started from the puzzle rating the first one left.
    first, second = sorted(results, key=lambda r: -r.puzzle_rating_before)
    assert second.puzzle_rating_before == pytest.approx(first.puzzle_rating_after)
    assert puzzle.rating == pytest.approx(second.puzzle_rating_after)
    assert Puzzle.objects.get(pk=puzzle.pk).rating < 1500


@pytest.mark.postgres  # row locks: SQLite locks the whole database
def test_a_retry_does_not_wait_for_the_puzzle_lock(make_user):
    assert connection.vendor == "postgresql"
    user = make_user()
    puzzle = make_puzzle()
    play.record_attempt(user, puzzle.pk, ["1p"])  # the rated first attempt
    locked, release = threading.Event(), threading.Event()

    def hold_the_puzzle_row():
        from django.db import transaction

        try:
            with transaction.atomic():
                Puzzle.objects.select_for_update(no_key=True).get(pk=puzzle.pk)
                locked.set()
                release.wait(timeout=30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_puzzle_row)
    holder.start()
    try:
        assert locked.wait(timeout=10)
        start = time.monotonic()
        retry = play.record_attempt(user, puzzle.pk, [DISCARD_BEST])
        assert time.monotonic() - start < 5
        assert retry.correct and not retry.rated
    finally:
        release.set()
        holder.join(timeout=30)
