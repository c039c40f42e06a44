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


def test_a_finished_review_carries_today_s_judgment_version() -> None:
    from reviews.services import stale_reviews
    from tutor.engine import judgment

    review = reviewed(user("learner"), seat=0)
    assert review.judged_with == judgment.VERSION and not stale_reviews().exists()


def test_only_reviews_an_older_engine_judged_are_judged_again_with_stale() -> None:
    from reviews.services import stale_reviews
    from tutor.engine import judgment

    old, current = reviewed(user("learner"), seat=0), reviewed(user("other"), seat=1)
    GameReview.objects.filter(pk=old.pk).update(judged_with=0, big_mistakes=99)
    assert list(stale_reviews()) == [GameReview.objects.get(pk=old.pk)]
    assert (
        run("--stale")
        == f"1 reviews judged again: 99 big mistakes before, {old.big_mistakes} now\n"
    )
    assert GameReview.objects.get(pk=old.pk).judged_with == judgment.VERSION
    assert not stale_reviews().exists()
    assert GameReview.objects.get(pk=current.pk).finished == current.finished


def test_a_review_whose_log_no_longer_reads_is_left_as_it_was() -> None:
    from reviews.services import rejudge_review

    review = reviewed(user("learner"), seat=0)
    GameReview.objects.filter(pk=review.pk).update(text="<mjloggm ver=", judged_with=0)
    again = rejudge_review(review.pk)
    assert again is not None and again.status == ReviewStatus.DONE
    kept = GameReview.objects.get(pk=review.pk)
    assert (kept.status, kept.big_mistakes, kept.judged_with) == (
        ReviewStatus.DONE,
        review.big_mistakes,
        0,
    )
    assert kept.decisions.count() == review.total


def test_the_periodic_task_judges_a_bounded_number_of_stale_reviews() -> None:
    from reviews.services import stale_reviews
    from reviews.tasks import rejudge_stale_reviews

    first, second = reviewed(user("learner"), seat=0), reviewed(user("other"), seat=1)
    GameReview.objects.filter(pk__in=[first.pk, second.pk]).update(judged_with=0)
    assert rejudge_stale_reviews(limit=1) == 1
    assert list(stale_reviews()) == [GameReview.objects.get(pk=second.pk)]
    assert rejudge_stale_reviews(limit=1) == 1
    assert rejudge_stale_reviews() == 0
