"""Lesson pages as a learner sees them: called sets drawn as on the table, stars kept."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lessons.models import Step
from tutor.exercises import exercise

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]


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
    assert "called from the player on the left" in html


# --- playing a stage again ------------------------------------------------------------------


def _finish(client, stage, mistakes_at=frozenset()):
    from tests.lessons.answers import right_form, wrong_form

    for step in stage.steps.all():
        url = reverse("lessons:answer", args=[stage.slug, step.number])
        if not step.has_exercise:
            client.post(url, {"step": step.key, "op": "continue"})
            continue
        if step.key in mistakes_at:
            client.post(url, {"step": step.key, **wrong_form(step.exercise)})
        assert (
            "feedback-correct"
            in client.post(
                url, {"step": step.key, **right_form(step.exercise)}, follow=True
            ).content.decode()
        )


def _play_again(client, stage):
    first = stage.steps.first()
    url = reverse("lessons:answer", args=[stage.slug, 1])
    assert client.post(url, {"step": first.key, "op": "reset"}).status_code == 302


def _stars_on_the_map(client, stage) -> str:
    html = client.get(reverse("lessons:index")).content.decode()
    card = html[html.index(reverse("lessons:stage", args=[stage.slug])) :]
    return card[card.index('class="stars"') :].split("</span>")[0]


def test_playing_a_stage_again_keeps_its_best_stars(client):
    from lessons.models import Stage

    stage = Stage.objects.get(slug="the-wall")
    _finish(client, stage)
    _play_again(client, stage)
    assert 'aria-label="3 stars"' in _stars_on_the_map(client, stage)
    html = client.get(reverse("lessons:complete", args=[stage.slug])).content.decode()
    assert "You have done 0 of" in html
    assert "Your best: 3 stars" in html


def test_a_worse_second_run_does_not_lower_the_stars(client, make_user):
    from lessons.models import Stage
    from lessons.services import stage_status

    user = make_user("replayer")
    client.force_login(user)
    stage = Stage.objects.get(slug="the-wall")
    _finish(client, stage)
    _play_again(client, stage)
    exercises = [s.key for s in stage.steps.all() if s.has_exercise]
    _finish(client, stage, mistakes_at=set(exercises[:3]))
    status = stage_status(user, "the-wall")
    assert status["done"] and status["stars"] == 3 and status["run_stars"] == 1
    html = client.get(reverse("lessons:complete", args=[stage.slug])).content.decode()
    assert "This time you earned 1 star; your best is kept." in html


def test_a_better_second_run_raises_the_stars(client, make_user):
    from lessons.models import Stage, StageBest
    from lessons.services import stage_status

    user = make_user("improver")
    client.force_login(user)
    stage = Stage.objects.get(slug="the-wall")
    exercises = [s.key for s in stage.steps.all() if s.has_exercise]
    _finish(client, stage, mistakes_at=set(exercises[:3]))
    _play_again(client, stage)
    assert StageBest.objects.get(user=user, stage=stage).stars == 1
    assert stage_status(user, "the-wall")["stars"] == 1
    _finish(client, stage)
    assert stage_status(user, "the-wall")["stars"] == 3


def test_a_visitors_best_stars_move_to_the_account_at_log_in(client, make_user):
    from lessons.models import Stage, StageBest

    stage = Stage.objects.get(slug="the-wall")
    _finish(client, stage)
    _play_again(client, stage)
    user = make_user("later")
    client.post(reverse("login"), {"username": "later", "password": "a-long-pass-phrase-9"})
    assert StageBest.objects.get(user=user, stage=stage).stars == 3
