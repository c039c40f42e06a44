"""Lesson pages: answering, feedback, stars, resuming, htmx partials, bad input, signals."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from lessons import signals
from lessons.models import Stage, Step, StepProgress
from lessons.services import SESSION_KEY, stage_status
from tests.lessons.answers import right_form, wrong_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("curriculum")]

HTMX = {"HTTP_HX_REQUEST": "true"}


def answer_url(step: Step) -> str:
    return reverse("lessons:answer", args=[step.stage.slug, step.number])


def right_answer(step: Step) -> dict:
    return right_form(step.exercise)


def wrong_answer(step: Step) -> dict:
    return wrong_form(step.exercise)


def step_url(step: Step) -> str:
    return reverse("lessons:step", args=[step.stage.slug, step.number])


def send(client, step: Step, data: dict, **extra):
    """Post an answer; a plain answer redirects to its step, which shows the verdict, so
    follow that redirect to read what the learner sees."""
    response = client.post(answer_url(step), {"step": step.key, **data}, **extra)
    if response.status_code == 303 and response["Location"] == step_url(step):
        return client.get(response["Location"])
    return response


def finish(client, stage: Stage, mistakes_at: set[str] = frozenset()) -> None:
    for step in stage.steps.all():
        if not step.has_exercise:
            assert send(client, step, {"op": "continue"}).status_code == 303
            continue
        if step.key in mistakes_at:
            assert send(client, step, wrong_answer(step)).status_code == 200
        response = send(client, step, right_answer(step))
        assert response.status_code == 200
        assert "feedback-correct" in response.content.decode()


def test_the_map_lists_every_stage_in_order(client):
    html = client.get(reverse("lessons:index")).content.decode()
    assert html.index("Tiles and suits") < html.index("The wall")


def test_a_stage_starts_at_its_first_step(client):
    response = client.get(reverse("lessons:stage", args=["the-wall"]))
    assert response.status_code == 302
    assert response["Location"] == reverse("lessons:step", args=["the-wall", 1])


def test_a_stage_resumes_where_the_learner_left_off(client):
    stage = Stage.objects.get(slug="the-wall")
    first, second = stage.steps.all()[:2]
    send(client, first, {"op": "continue"})
    send(client, second, {"op": "continue"})
    response = client.get(reverse("lessons:stage", args=["the-wall"]))
    assert response["Location"] == reverse("lessons:step", args=["the-wall", 3])


def test_a_right_answer_shows_why_and_the_next_step(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    html = send(client, step, right_answer(step)).content.decode()
    assert "feedback-correct" in html
    assert re.search(r"\d+ lands on (East|South|West|North)", html)
    assert reverse("lessons:step", args=["the-wall", step.number + 1]) in html


def test_a_wrong_answer_explains_and_can_be_retried(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    html = send(client, step, wrong_answer(step)).content.decode()
    assert "feedback-wrong" in html
    assert "check again" in html
    assert "Next step" not in html
    assert "feedback-correct" in send(client, step, right_answer(step)).content.decode()


def test_a_hint_is_on_the_page(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    html = client.get(reverse("lessons:step", args=["the-wall", step.number])).content.decode()
    assert "<details" in html
    assert "Then count as many stacks from the right end" in html


def test_a_stage_without_mistakes_earns_three_stars(client):
    stage = Stage.objects.get(slug="the-wall")
    finish(client, stage)
    html = client.get(reverse("lessons:complete", args=["the-wall"])).content.decode()
    assert "3 stars" in html
    assert "★★★" in html


def test_mistakes_cost_stars(client, make_user):
    user = make_user()
    client.force_login(user)
    stage = Stage.objects.get(slug="the-wall")
    keys = [s.key for s in stage.steps.all() if s.has_exercise]
    finish(client, stage, mistakes_at=set(keys[:3]))
    status = stage_status(user, "the-wall")
    assert status["done"] and status["mistakes"] == 3 and status["stars"] == 1
    assert status["steps_done"] == status["steps_total"] == stage.steps.count()
    assert status["last_activity"] is not None


def test_answering_a_done_step_again_is_practice(client, make_user):
    user = make_user()
    client.force_login(user)
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    send(client, step, right_answer(step))
    send(client, step, wrong_answer(step))
    assert StepProgress.objects.get(user=user, step=step).mistakes == 0


def test_the_map_shows_the_stars(client):
    finish(client, Stage.objects.get(slug="the-wall"))
    html = client.get(reverse("lessons:index")).content.decode()
    assert 'aria-label="3 stars"' in html


def test_a_visitors_progress_moves_to_the_account_at_log_in(client, make_user):
    user = make_user(username="newcomer", password="a-long-pass-phrase-9")
    stage = Stage.objects.get(slug="the-wall")
    step = stage.steps.get(key="find-the-first-stack")
    send(client, step, wrong_answer(step))
    send(client, step, right_answer(step))
    assert client.session[SESSION_KEY]["the-wall"]["find-the-first-stack"]["done"]
    response = client.post(
        reverse("login"), {"username": "newcomer", "password": "a-long-pass-phrase-9"}
    )
    assert response.status_code == 302
    row = StepProgress.objects.get(user=user, step=step)
    assert row.done and row.mistakes == 1
    assert SESSION_KEY not in client.session


def test_a_stage_finished_as_a_visitor_counts_as_completed_at_log_in(client, make_user):
    make_user(username="late", password="a-long-pass-phrase-9")
    completed = []

    def on_complete(sender, **kw):
        completed.append(kw)

    signals.stage_completed.connect(on_complete)
    try:
        finish(client, Stage.objects.get(slug="the-wall"))
        assert completed == []  # a visitor has no account to credit yet
        client.post(reverse("login"), {"username": "late", "password": "a-long-pass-phrase-9"})
    finally:
        signals.stage_completed.disconnect(on_complete)
    assert [(c["stage_slug"], c["stars"]) for c in completed] == [("the-wall", 3)]


def test_signals_tell_the_classes_app_about_answers_and_stages(client, make_user):
    user = make_user()
    client.force_login(user)
    answered, completed = [], []

    def on_answer(sender, **kw):
        answered.append(kw)

    def on_complete(sender, **kw):
        completed.append(kw)

    signals.step_answered.connect(on_answer)
    signals.stage_completed.connect(on_complete)
    try:
        stage = Stage.objects.get(slug="the-wall")
        first_exercise = next(s for s in stage.steps.all() if s.has_exercise)
        client.get(reverse("lessons:step", args=["the-wall", first_exercise.number]))
        send(client, first_exercise, wrong_answer(first_exercise))
        assert answered[-1]["correct"] is False
        assert answered[-1]["stage_slug"] == "the-wall"
        assert answered[-1]["step_key"] == first_exercise.key
        assert isinstance(answered[-1]["seconds"], float)
        finish(client, stage)
    finally:
        signals.step_answered.disconnect(on_answer)
        signals.stage_completed.disconnect(on_complete)
    assert len(completed) == 1
    assert completed[0]["stars"] == 2 and completed[0]["user"] == user


def test_htmx_gets_the_lesson_partial_only(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    response = send(client, step, right_answer(step), **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="lesson"')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_a_plain_answer_redirects_to_its_step_which_shows_the_verdict_once(client, make_user):
    user = make_user("plain")
    client.force_login(user)
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    response = client.post(answer_url(step), {"step": step.key, **wrong_answer(step)})
    assert response.status_code == 303
    assert response["Location"] == step_url(step)
    shown = client.get(step_url(step)).content.decode()
    assert "feedback-wrong" in shown
    # Reloading the step shows it fresh and records nothing more.
    again = client.get(step_url(step)).content.decode()
    assert "feedback-wrong" not in again and "feedback-correct" not in again
    assert StepProgress.objects.get(user=user, step=step).mistakes == 1


def test_a_kept_verdict_shows_only_on_its_own_step(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    client.post(answer_url(step), {"step": step.key, **right_answer(step)})
    other = Step.objects.get(stage__slug="the-wall", number=step.number + 1)
    assert "feedback-correct" not in client.get(step_url(other)).content.decode()
    assert "feedback-correct" in client.get(step_url(step)).content.decode()


def test_an_htmx_answer_swaps_the_verdict_in_without_a_redirect(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    response = send(client, step, right_answer(step), **HTMX)
    assert response.status_code == 200
    assert "feedback-correct" in response.content.decode()
    # Nothing is kept for a later page load.
    assert "feedback-correct" not in client.get(step_url(step)).content.decode()


def test_continue_under_htmx_swaps_in_the_next_step_and_pushes_its_url(client):
    step = Step.objects.get(stage__slug="the-wall", number=1)
    response = send(client, step, {"op": "continue"}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == reverse("lessons:step", args=["the-wall", 2])
    assert "The dice choose where to break" in response.content.decode()


def test_a_history_restore_gets_the_whole_page(client):
    url = reverse("lessons:step", args=["the-wall", 2])
    html = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in html.content.decode()


def test_the_page_follows_the_language(client):
    client.cookies["django_language"] = "es"
    html = client.get(reverse("lessons:step", args=["the-wall", 1])).content.decode()
    assert "Cuatro muros de pilas" in html
    assert "Continuar" in html


# --- bad input ----------------------------------------------------------------------------


def test_an_answer_for_another_step_is_a_400_with_a_message(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    response = client.post(answer_url(step), {"step": "four-walls", "stack": "2-6"})
    assert response.status_code == 400
    assert "another step" in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"stack": "99-1"},
        {"stack": "<script>"},
        {"stack": ["2-6", "2-5"]},
        {"tile": "3"},
    ],
    ids=["outside", "garbage", "two", "wrong-field"],
)
def test_a_tampered_answer_is_a_400_and_records_nothing(client, make_user, data):
    user = make_user()
    client.force_login(user)
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    response = send(client, step, data)
    if "tile" in data:
        # No stack at all: an honest empty form gets a reminder, not an error.
        assert response.status_code == 200
        assert "Click a stack first" in response.content.decode()
    else:
        assert response.status_code == 400
        assert "stack" in response.content.decode()
    assert not StepProgress.objects.filter(user=user).exists()


def test_a_tampered_answer_keeps_what_was_saved(client, make_user):
    user = make_user()
    client.force_login(user)
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    send(client, step, right_answer(step))
    assert send(client, step, {"stack": "9-9"}).status_code == 400
    assert StepProgress.objects.get(user=user, step=step).done


def test_a_step_that_does_not_exist_is_a_404(client):
    assert client.get(reverse("lessons:step", args=["the-wall", 99])).status_code == 404
    assert client.post(reverse("lessons:answer", args=["the-wall", 99])).status_code == 404
    assert client.get(reverse("lessons:stage", args=["no-such-stage"])).status_code == 404


def test_answering_needs_a_post(client):
    step = Step.objects.get(stage__slug="the-wall", number=3)
    assert client.get(answer_url(step)).status_code == 405


def test_a_stage_can_be_played_again_for_more_stars(client):
    stage = Stage.objects.get(slug="the-wall")
    finish(client, stage)
    first = stage.steps.first()
    response = send(client, first, {"op": "reset"})
    assert response.status_code == 302
    html = client.get(reverse("lessons:complete", args=["the-wall"])).content.decode()
    assert "You have done 0 of" in html


@pytest.mark.slow  # answers every step of the 21 stages over HTTP
def test_every_stage_can_be_finished_with_three_stars(client):
    stages = list(Stage.objects.all())
    assert len(stages) >= 4
    for stage in stages:
        finish(client, stage)
        html = client.get(reverse("lessons:complete", args=[stage.slug])).content.decode()
        assert "3 stars" in html, stage.slug


@pytest.mark.slow  # a wrong answer to every step of the 21 stages over HTTP
def test_every_exercise_says_why_a_wrong_answer_is_wrong(client):
    for step in Step.objects.exclude(exercise={}):
        response = send(client, step, wrong_answer(step))
        assert response.status_code == 200, step
        html = response.content.decode()
        assert "feedback-wrong" in html, step
        assert html.count("<li>") >= 1, step


def test_staff_can_browse_the_curriculum_in_the_admin(client, make_user):
    client.force_login(make_user(username="staff", is_staff=True, is_superuser=True))
    stage = Stage.objects.get(slug="the-wall")
    assert client.get(reverse("admin:lessons_stage_changelist")).status_code == 200
    assert client.get(reverse("admin:lessons_stage_change", args=[stage.pk])).status_code == 200
    assert client.get(reverse("admin:lessons_stepprogress_changelist")).status_code == 200


def test_an_exercise_broken_since_loading_shows_a_message_not_a_500(client):
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    Step.objects.filter(pk=step.pk).update(exercise={**step.exercise, "dice": [9, 9]})
    response = client.get(reverse("lessons:step", args=["the-wall", step.number]))
    assert response.status_code == 200
    assert "cannot be shown" in response.content.decode()
    assert send(client, step, {"stack": "2-6"}).status_code == 400


def test_an_explanation_can_show_the_wall_with_marked_stacks(client):
    step = Step.objects.get(stage__slug="the-wall", key="the-dora-indicator")
    html = client.get(reverse("lessons:step", args=["the-wall", step.number])).content.decode()
    assert html.count("mark-dead_wall") >= 6
    assert html.count("mark-dora_indicator") == 2  # the stack and its key in the legend
    assert "West&#x27;s wall, stack 5 from the right: dora indicator" in html
    assert html.count("mark-break") == 3  # both stacks beside the break, and the legend's key
    assert '<span class="wall-number" aria-hidden="true">7</span>' in html


def test_the_map_offers_to_go_on_with_the_first_unfinished_stage(client):
    html = client.get(reverse("lessons:index")).content.decode()
    assert "Start: stage 1, Tiles and suits" in html
    finish(client, Stage.objects.get(slug="tiles-and-suits"))
    step = Step.objects.get(stage__slug="sets-and-pairs", number=1)
    send(client, step, {"op": "continue"})
    html = client.get(reverse("lessons:index")).content.decode()
    assert "Continue: stage 2, Sets and pairs" in html


def test_a_visitors_progress_moves_to_the_new_account_at_sign_up(client):
    from django.contrib.auth.models import User

    stage = Stage.objects.get(slug="the-wall")
    finish(client, stage)
    response = client.post(
        reverse("signup"),
        {
            "username": "fresh",
            "email": "",
            "password1": "riichi-ippatsu-tsumo-8",
            "password2": "riichi-ippatsu-tsumo-8",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="fresh")
    status = stage_status(user, "the-wall")
    assert status["done"] and status["stars"] == 3


def test_the_palette_names_each_suit_for_screen_readers(client):
    step = Step.objects.filter(exercise__type="waits").first()
    assert step is not None, "no lesson uses the waits exercise"
    html = client.get(reverse("lessons:step", args=[step.stage.slug, step.number])).content
    for name in ("Characters", "Circles", "Bamboo", "Honors"):
        assert f">{name}</legend>".encode() in html
