"""A lesson's fu feedback reads in the learner's language through the shared renderer."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from lessons.models import Step
from tests.lessons.answers import right_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]
HTMX = {"HTTP_HX_REQUEST": "true"}


def _answer(client, step: Step) -> str:
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    data = {"step": step.key, **right_form(step.exercise)}
    return unescape(client.post(url, data, **HTMX).content.decode())


def test_a_spanish_learner_reads_the_fu_lines_in_spanish(client):
    client.cookies["django_language"] = "es"
    step = Step.objects.get(stage__slug="fu", key="closed-ron")
    html = _answer(client, step)
    assert "Ron con la mano cerrada: +10" in html
    assert "Espera a dos lados (ryanmen) a" in html
    assert "Closed ron" not in html


def test_an_english_learner_reads_them_in_english(client):
    step = Step.objects.get(stage__slug="fu", key="closed-ron")
    html = _answer(client, step)
    assert "Closed ron: +10" in html
    assert "Two-sided wait (ryanmen) on" in html


def _thrown_wait(step: Step, language: str) -> tuple[str, int]:
    """The name of the wait among the drawn position's discards, and its place (1-based)."""
    from django.utils import translation

    from tutor.engine import furiten
    from tutor.engine.hand import parse_hand
    from tutor.engine.tiles import parse_tiles
    from tutor.exercises import with_position
    from tutor.exercises.base import DEFAULT_SEED
    from tutor.web.tile_names import tile_name

    data = with_position(step.exercise, DEFAULT_SEED)
    waits = furiten.winning_tiles(parse_hand(data["hand"]))
    discards = parse_tiles(data["discards"])
    place = next(i for i, k in enumerate(discards) if k in waits)
    with translation.override(language):
        return str(tile_name(discards[place])), place + 1


def test_a_spanish_learner_reads_why_a_hand_is_furiten(client):
    client.cookies["django_language"] = "es"
    step = Step.objects.get(stage__slug="furiten", key="own-discard")
    html = _answer(client, step)
    name, place = _thrown_wait(step, "es")
    assert (
        f"Furiten por descarte propio: {name}, una ficha ganadora, es tu descarte "
        f"número {place}; dura mientras esa ficha sea una de tus esperas." in html
    )
    assert "own-discard furiten" not in html and "permanente" not in html


def test_an_english_learner_reads_it_in_english(client):
    step = Step.objects.get(stage__slug="furiten", key="own-discard")
    html = _answer(client, step)
    name, place = _thrown_wait(step, "en")
    assert (
        f"Own-discard furiten: {name}, a winning tile, is your discard number {place}; "
        "it lasts while that tile is one of your waits." in html
    )
