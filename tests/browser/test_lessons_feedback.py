"""The lessons' newer answers in Chromium: each is answered by clicking or typing, its feedback
is shown and screenshotted at 1280 and 375 px, and nothing sticks out sideways on a phone."""

from __future__ import annotations

import re

import pytest

from lessons.models import Step
from tests.browser.test_lessons import answer_by_clicking, click_button, page_form
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lessons(curriculum):
    """The whole curriculum (the tests name it ``lessons``)."""


def _answer(page, slug: str, key: str) -> None:
    step = Step.objects.get(stage__slug=slug, key=key)
    page.goto(f"/learn/{slug}/{step.number}/")
    answer_by_clicking(page, page_form(page, step))  # a family exercise: the page's position
    click_button(page, "Check")
    page.locator("#feedback.feedback-correct").wait_for()


def _both_widths(page, name: str) -> None:
    screenshot(page, f"{name}-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, f"{name}-375")
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize(
    ("slug", "key", "says"),
    [
        ("first-yaku", "no-yaku", "No yaku: this hand cannot win."),
        ("efficiency", "pick-the-accepted-tiles", "copies left bring it one step closer"),
        ("a-whole-hand", "noten-payments", "is tenpai and receives"),
        ("a-whole-hand", "settle-a-game", ", place 1, "),
        ("riichi", "only-ron", "Ron (win on it) is allowed."),
        ("riichi", "ura-dora", "an ura dora"),
    ],
    ids=["no-yaku", "improve", "noten", "final-scores", "only-ron", "ura-dora"],
)
def test_the_feedback_says_what_the_engine_found(page, lessons, slug, key, says) -> None:
    _answer(page, slug, key)
    assert says in page.locator("#feedback").inner_text()
    _both_widths(page, f"lessons-feedback-{key}")


def test_called_sets_are_drawn_as_on_the_table(page, lessons) -> None:
    step = Step.objects.get(stage__slug="fu", key="kans")
    page.goto(f"/learn/fu/{step.number}/")
    kan = page.get_by_role("group", name="closed kan").first
    # The step draws its kan: whichever tile it is, its two outer tiles lie face down.
    assert kan.get_by_role("img", name=re.compile(r", face down$")).count() == 2
    step = Step.objects.get(stage__slug="calls", key="kuikae")
    page.goto(f"/learn/calls/{step.number}/")
    chi = page.get_by_role("group", name="chi (called set)").first
    # The kuikae step draws its chi: whichever tile was called lies sideways, named as such.
    called = re.compile(r"^\w+ of \w+, called from the player on the left$")
    assert chi.get_by_role("img", name=called).count() == 1
    _both_widths(page, "lessons-called-set")


def test_playing_a_stage_again_shows_the_best_stars(page, lessons) -> None:
    from tests.browser.test_lessons import finish_by_clicking

    page.goto("/learn/winning-hands/")
    finish_by_clicking(page, "winning-hands")
    page.get_by_role("button", name="Play it again").click()
    page.goto("/learn/winning-hands/complete/")
    assert page.get_by_role("img", name="Your best: 3 stars").is_visible()
    _both_widths(page, "lessons-play-again")
