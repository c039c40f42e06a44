"""Answers arriving at the same time never lose a count (select_for_update on the progress)."""

from __future__ import annotations

import threading

import pytest

from classes.models import Assignment, AssignmentKind, Progress
from classes.services import record_attempt


@pytest.mark.django_db(transaction=True)
def test_simultaneous_answers_are_all_counted(world):
    a = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=[1, 2, 3, 4]
    )
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def answer(item: str) -> None:
        from django.db import connection as thread_connection

        try:
            start.wait()
            for _ in range(5):
                record_attempt(a, world.student, item, True, seconds=1)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=answer, args=(str(i),)) for i in (1, 2, 3, 4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    progress = Progress.objects.get(assignment=a, student=world.student)
    assert (progress.attempts, progress.correct, progress.seconds) == (20, 20, 20)
    assert progress.score == 100 and progress.completed_at is not None
