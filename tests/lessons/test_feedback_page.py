"""The answer page of curriculum v2: a wrong answer names its slip and folds the whole working,
and payment inputs let any whole number through."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from lessons.models import Step

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]
HTMX = {"HTTP_HX_REQUEST": "true"}


def answer(client, step: Step, form: dict) -> str:
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    return unescape(client.post(url, {"step": step.key, **form}, **HTMX).content.decode())


def test_an_unrounded_payment_is_named_and_the_working_is_folded(client):
    step = Step.objects.get(stage__slug="points-and-payments", key="non-dealer-ron")
    html = answer(client, step, {"pay_west": "3840"})  # 4 × 960, not rounded up
    assert "3,840 is the exact amount; payments are rounded up to the next hundred" in html
    folded = html.split('<details class="mb-1 verdict-details">', 1)[1].split("</details>", 1)[0]
    assert "Show the whole count" in folded and "3 han 30 fu: 3,900 points." in folded


def test_a_spanish_learner_reads_the_slip_in_spanish(client):
    client.cookies["django_language"] = "es"
    step = Step.objects.get(stage__slug="points-and-payments", key="non-dealer-ron")
    html = answer(client, step, {"pay_west": "3800"})
    assert "redondeaste 3.840 hacia abajo" in html
    assert "Ver la cuenta completa" in html


def test_payment_inputs_do_not_round_for_the_learner(client):
    step = Step.objects.get(stage__slug="points-and-payments", key="non-dealer-ron")
    html = client.get(reverse("lessons:step", args=[step.stage.slug, step.number])).content
    assert b'step="100"' not in html and b'step="1"' in html


def test_the_wall_stage_accepts_the_riichi_break(client):
    from tutor.engine.wall import broken_wall
    from tutor.exercises import with_position

    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    page = client.get(reverse("lessons:step", args=[step.stage.slug, step.number]))
    seed = re.search(r'name="position" value="(\d+)"', page.content.decode()).group(1)
    # The counted stacks 1 to the dice total start the dead wall, and the dealer takes the
    # next one (0-based: the total itself).
    total = sum(with_position(step.exercise, int(seed))["dice"])
    wall = broken_wall(total)
    html = answer(client, step, {"stack": f"{wall}-{total - 1}", "position": seed})
    assert "as classical Chinese rules do" in html
    html = answer(client, step, {"stack": f"{wall}-{total}", "position": seed})
    assert "Correct!" in html
