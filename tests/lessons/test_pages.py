"""Lesson pages as a learner sees them: called sets drawn as on the table, stars kept."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from lessons.exercises import exercise
from lessons.models import Step

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def curriculum(db):
    call_command("load_lessons", stdout=io.StringIO())


def page(client, step: Step) -> str:
    response = client.get(reverse("lessons:step", args=[step.stage.slug, step.number]))
    assert response.status_code == 200
    return response.content.decode()


def test_exercises_pass_the_engines_set_notation_to_the_tiles_tag():
    kan = exercise({"type": "shanten", "hand": "234m 567m 345s 8m (9999p)"})
    assert kan.widget().shown[0][1].endswith("(9999p)")
    chi = exercise({"type": "kuikae", "hand": "6m 234p 678p 1199s", "meld": "[6*45p]L"})
    assert chi.widget().notation.endswith("[456*p]L")


def test_a_closed_kan_shows_its_end_tiles_face_down(client):
    step = Step.objects.get(stage__slug="fu", key="kans")
    html = page(client, step)
    assert 'aria-label="closed kan"' in html
    assert html.count('alt="nine of circles, face down"') >= 2


def test_a_called_tile_lies_sideways_and_says_who_it_came_from(client):
    step = Step.objects.get(stage__slug="calls", key="kuikae")
    html = page(client, step)
    assert 'aria-label="chi (called set)"' in html
    assert 'class="tile-turned"' in html
    assert "six of circles, called from the player on the left" in html
