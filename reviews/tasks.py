"""The Celery task of game reviews: judge one uploaded game (see :mod:`reviews.services`).

It takes the review's id, is idempotent (a review done does nothing; decisions are unique by
review and index), so ``acks_late`` is safe, and has time limits: a game that runs out of
time is marked failed with a message rather than left running.
"""

from __future__ import annotations

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from puzzles.tasks import RETRIED_TASK
from tutor.engine import judgment

from . import services


@shared_task(time_limit=600, soft_time_limit=540, **RETRIED_TASK)
def judge_review(review_id: int) -> dict[str, int] | None:
    """Judge and store every decision of one review (:func:`reviews.services.run_review`)."""
    try:
        review = services.run_review(review_id)
    except SoftTimeLimitExceeded:
        services.fail_review(review_id, "")
        return None
    if review is None:
        return None
    return {"decisions": review.total, "big_mistakes": review.big_mistakes}


@shared_task(acks_late=True, time_limit=900, soft_time_limit=840)
def rejudge_stale_reviews(limit: int = 10) -> int:
    """Judge again up to ``limit`` finished reviews judged with an older judgment version
    (:func:`reviews.services.stale_reviews`); returns how many. Beat runs it every hour, so an
    engine upgrade reaches every stored review a few at a time; a review stays done and
    readable while it is judged, so running out of time loses nothing."""
    judged = 0
    for pk in services.stale_reviews().values_list("pk", flat=True):
        if judged >= limit:
            break
        try:
            review = services.rejudge_review(pk)
        except SoftTimeLimitExceeded:
            break
        if review is not None and review.judged_with == judgment.VERSION:
            judged += 1
    return judged
