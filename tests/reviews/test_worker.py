"""A review judged by a real Celery worker on Redis, queued by an upload's commit."""

from __future__ import annotations

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from reviews.models import GameReview, ReviewStatus
from tests.factories import user
from tests.puzzles.test_mining import XML


@pytest.mark.redis
def test_a_real_worker_judges_an_uploaded_game(celery_worker_process, redis_url) -> None:
    learner = user("learner")
    client = Client()
    client.force_login(learner)
    response = client.post(
        reverse("reviews:index"),
        {"log": SimpleUploadedFile(XML.name, XML.read_bytes()), "seat": "1"},
    )
    assert response.status_code == 302
    review = GameReview.objects.get(owner=learner)
    deadline = time.monotonic() + 240
    while not GameReview.objects.get(pk=review.pk).is_finished:
        assert time.monotonic() < deadline, celery_worker_process.output()[-3000:]
        time.sleep(0.2)
    review.refresh_from_db()
    assert review.status == ReviewStatus.DONE, review.error
    assert review.total == review.decisions.count() > 0
    assert review.done == review.total and review.percent == 100
    assert review.agreed <= review.choices <= review.total
    page = client.get(response["Location"]).content.decode()
    assert 'data-testid="review-summary"' in page

    # an engine upgrade later: the periodic task, run by the worker, judges it again
    from reviews.tasks import rejudge_stale_reviews
    from tutor.engine import judgment

    GameReview.objects.filter(pk=review.pk).update(judged_with=0)
    assert rejudge_stale_reviews.delay().get(timeout=240) == 1
    again = GameReview.objects.get(pk=review.pk)
    assert (again.judged_with, again.status, again.total) == (
        judgment.VERSION,
        ReviewStatus.DONE,
        review.total,
    )
