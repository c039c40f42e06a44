"""A lesson's what-to-discard answer folds the whole discard table under its feedback, drawn by
the same partial as the puzzles and the analyzer."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from lessons.models import Step
from tests.lessons.answers import right_form
from tests.lessons.test_fresh_positions import page, position_of
from tutor.exercises import exercise

LONER = {"type": "best_discard", "hand": "567m 13345p 34666s 2z"}


def test_the_verdict_carries_every_discard_with_the_best_and_the_answer_marked():
    ex = exercise(LONER)
    (best,) = ex.solutions()
    wrong = next(t for t in ex.hand.concealed_tiles() if t != best)
    for answer in (best, wrong):
        table = ex.check(answer).table
        assert len(table) == len(set(ex.hand.concealed_tiles()))
        assert [r.discard for r in table if r.best] == ["2z"]
        assert [r.chosen for r in table].count(True) == 1
        assert next(r for r in table if r.chosen).discard == ex.widget(answer).checked[0]
        assert all(r.count == sum(a.count for a in r.accepted) for r in table)


def test_before_efficiency_is_taught_there_is_no_table():
    ex = exercise({**LONER, "vocabulary": "tenpai"})
    assert ex.check(next(iter(ex.solutions()))).table == []


@pytest.mark.django_db
@pytest.mark.usefixtures("curriculum")
def test_the_lesson_page_folds_the_one_discard_table(client):
    step = Step.objects.get(stage__slug="efficiency", key="throw-the-loner")
    seed = int(position_of(page(client, step)))  # the loner the page drew
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    form = {"step": step.key, **right_form(step.exercise, seed)}
    response = client.post(url, form, HTTP_HX_REQUEST="true")
    assert "web/_discard_table.html" in [t.name for t in response.templates]
    html = unescape(response.content.decode())
    folded = html.split('data-testid="discard-details"', 1)[1].split("</details>", 1)[0]
    assert "Every discard" in folded and 'data-testid="analysis-table"' in folded
    assert folded.count('class="table-success"') == 1  # the best discard, the loner
