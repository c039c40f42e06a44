"""Each answer a signed-in learner gives to a lesson step is kept as its form sent it, with the
seed of the position answered, so a teacher can see it drawn again (issue 11, item 4): the
first and the latest ones per step, never a visitor's; the data download holds them and
deleting the account erases them."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.http import QueryDict
from django.urls import reverse

from lessons import services
from lessons.models import Step, StepAnswer, StepProgress
from tests import factories
from tests.lessons.answers import right_form, wrong_form
from tutor.exercises import exercise, with_position
from tutor.exercises.base import DEFAULT_SEED

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def step(curriculum) -> Step:
    return Step.objects.get(stage__slug="tenpai-and-waits", key="two-sided")


def answer(client, step: Step, form: dict) -> tuple[int, str]:
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    response = client.post(url, {"step": step.key, **form}, **HTMX)
    return response.status_code, unescape(response.content.decode())


def test_a_members_wrong_answer_is_kept_with_its_position_and_drawn_again(client, step):
    ana = factories.user("ana")
    client.force_login(ana)
    form = wrong_form(step.exercise)  # at DEFAULT_SEED, sent as the page's position
    status, html = answer(client, step, form)
    assert status == 200 and "Correct!" not in html
    kept = StepAnswer.objects.get(user=ana, step=step)
    assert (kept.seed, kept.correct) == (DEFAULT_SEED, False)
    assert kept.given == {"tile": form["tile"]}  # only the widget's fields: no step, no csrf
    assert StepProgress.objects.get(user=ana, step=step).seed == kept.seed
    # The exercise rebuilt at that seed reads the answer back, and finds it wrong.
    post = QueryDict(mutable=True)
    for name, values in kept.given.items():
        post.setlist(name, values)
    ex = exercise(with_position(step.exercise, kept.seed))
    assert ex.check(ex.read(post)).correct is False


def test_a_visitors_answers_are_never_stored(client, step):
    status, _html = answer(client, step, right_form(step.exercise, DEFAULT_SEED))
    assert status == 200
    assert not StepAnswer.objects.exists()


def test_a_malformed_answer_is_not_kept(client, step):
    client.force_login(factories.user("ana"))
    status, _html = answer(client, step, {"position": "-5", "tile": ["1m"]})
    assert status == 400
    assert not StepAnswer.objects.exists()


def test_an_explanation_step_keeps_no_answer(client, curriculum):
    client.force_login(factories.user("ana"))
    first = Step.objects.get(stage__slug="tenpai-and-waits", key="ready")
    url = reverse("lessons:answer", args=[first.stage.slug, first.number])
    assert client.post(url, {"step": first.key}).status_code == 303
    assert not StepAnswer.objects.exists()


def test_only_the_first_and_the_latest_answers_are_kept(client, step):
    ana = factories.user("ana")
    client.force_login(ana)
    first, latest = services.KEEP_ANSWERS
    wrong = wrong_form(step.exercise)
    right = right_form(step.exercise, DEFAULT_SEED)
    answer(client, step, wrong)
    for _ in range(first + latest + 4):
        answer(client, step, right)
    kept = list(StepAnswer.objects.filter(user=ana, step=step).order_by("created", "id"))
    assert len(kept) == first + latest
    assert kept[0].correct is False  # the first answer, the one a teacher reviews, stays
    assert all(k.correct for k in kept[1:])
    assert services.first_answers(ana, step.stage)[step.key].pk == kept[0].pk


def test_the_data_download_holds_the_answers_and_deleting_erases_them(client, step):
    ana = factories.user("ana", password="a-long-pass-phrase-9")
    client.force_login(ana)
    form = wrong_form(step.exercise)
    answer(client, step, form)
    data = json.loads(client.get(reverse("data_download")).content)
    (row,) = data["records"]["lessons.stepanswer"]
    assert row["given"] == {"tile": form["tile"]} and row["seed"] == DEFAULT_SEED
    assert row["correct"] is False
    response = client.post(reverse("account_delete"), {"password": "a-long-pass-phrase-9"})
    assert response.status_code in (302, 303)
    assert not StepAnswer.objects.filter(user=ana).exists()
