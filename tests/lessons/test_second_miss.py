"""Item 7 of curriculum v2: the first miss names the slip and folds the whole working; the
second miss in a row shows the working unfolded; a right answer starts the count again."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from lessons.models import Step

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]
HTMX = {"HTTP_HX_REQUEST": "true"}
FOLDED = '<details class="mb-1 verdict-details">'
OPEN = '<details class="mb-1 verdict-details" open>'


def answer(client, step: Step, form: dict, **headers) -> str:
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    response = client.post(url, {"step": step.key, **form}, **headers, follow=True)
    return unescape(response.content.decode())


@pytest.fixture
def step() -> Step:
    return Step.objects.get(stage__slug="points-and-payments", key="non-dealer-ron")


def test_the_first_miss_folds_the_working(client, step):
    html = answer(client, step, {"pay_west": "3840"}, **HTMX)
    assert FOLDED in html and OPEN not in html


def test_the_second_miss_in_a_row_unfolds_the_working(client, step):
    answer(client, step, {"pay_west": "3840"}, **HTMX)
    html = answer(client, step, {"pay_west": "3800"}, **HTMX)
    assert OPEN in html
    assert "3 han 30 fu: 3,900 points." in html.split(OPEN, 1)[1].split("</details>", 1)[0]


def test_a_right_answer_starts_the_count_again(client, step):
    answer(client, step, {"pay_west": "3840"}, **HTMX)
    answer(client, step, {"pay_west": "3800"}, **HTMX)
    assert "Correct!" in answer(client, step, {"pay_west": "3900"}, **HTMX)
    html = answer(client, step, {"pay_west": "3840"}, **HTMX)
    assert FOLDED in html and OPEN not in html


def test_without_javascript_the_second_miss_unfolds_too(client, step):
    answer(client, step, {"pay_west": "3840"})
    html = answer(client, step, {"pay_west": "3800"})
    assert "Not quite." in html and OPEN in html
