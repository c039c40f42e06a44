"""``manage.py rejudge_reviews`` judges finished reviews again with today's engine: a review
stored by an engine that judged differently gets today's decisions and counts back."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from reviews.models import GameReview, ReviewedDecision, ReviewStatus
from tests.factories import user
from tests.reviews.test_views import reviewed

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("rejudge_reviews", *args, stdout=out)
    return out.getvalue()


def test_a_review_judged_by_an_older_engine_gets_today_s_judgment() -> None:
    review = reviewed(user("learner"), seat=1)
    assert review.total > review.big_mistakes
    today = list(review.decisions.order_by("index").values_list("index", "big_mistake", "data"))
    # As an engine that called every decision a big mistake would have stored it.
    ReviewedDecision.objects.filter(review=review).update(big_mistake=True)
    GameReview.objects.filter(pk=review.pk).update(big_mistakes=review.total, loss=99999.0)

    assert run("--dry-run") == "1 finished reviews would be judged again\n"
    assert GameReview.objects.get(pk=review.pk).big_mistakes == review.total

    said = run()
    assert said == (
        f"1 reviews judged again: {review.total} big mistakes before, {review.big_mistakes} now\n"
    )
    again = GameReview.objects.get(pk=review.pk)
    assert again.status == ReviewStatus.DONE
    assert (again.big_mistakes, again.loss, again.agreed) == (
        review.big_mistakes,
        review.loss,
        review.agreed,
    )
    assert (
        list(again.decisions.order_by("index").values_list("index", "big_mistake", "data")) == today
    )


def test_a_review_not_finished_is_left_to_its_worker() -> None:
    review = reviewed(user("learner"), seat=0)
    GameReview.objects.filter(pk=review.pk).update(status=ReviewStatus.QUEUED)
    assert run() == "0 reviews judged again: 0 big mistakes before, 0 now\n"
    assert GameReview.objects.get(pk=review.pk).status == ReviewStatus.QUEUED
