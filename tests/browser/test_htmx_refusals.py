"""With DEBUG on (as in `make run`), a refusal answered through htmx lands in its region and
the page stays; the Answer button waits for a choice."""

from __future__ import annotations

import pytest

from tests.puzzles.play_factories import DISCARD_HAND, make_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def debug(settings):
    # django-htmx adds its debug error handler only when DEBUG is on: that handler replaced the
    # whole page with the bare 400 fragment.
    settings.DEBUG = True


def csp_errors(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda msg: (
            errors.append(msg.text)
            if msg.type == "error" and "Content Security Policy" in msg.text
            else None
        ),
    )
    return errors


def test_answer_waits_for_a_choice_and_a_tampered_answer_keeps_the_page(page, debug) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND)
    blocked = csp_errors(page)
    page.goto(f"/puzzles/{puzzle.pk}/")
    answer = page.get_by_role("button", name="Answer")
    assert answer.is_disabled()
    page.locator("#feedback form").get_by_role("img", name="East wind").first.click()
    assert answer.is_enabled()
    # A tile that is not in the hand (a tampered or stale form): the server refuses with 400.
    page.locator('#feedback form input[name="answer"]:checked').evaluate("i => { i.value = '5z' }")
    answer.click()
    page.get_by_test_id("answer-error").wait_for()
    assert page.get_by_role("navigation", name="Main").is_visible()
    assert page.get_by_role("heading", name="What to discard").is_visible()
    assert page.url.endswith(f"/puzzles/{puzzle.pk}/")
    assert blocked == []


def test_a_bad_hand_in_the_analyzer_keeps_the_page(page, debug) -> None:
    blocked = csp_errors(page)
    page.goto("/puzzles/analyzer/")
    page.locator("#id_hand").fill("123m456p789s11z99x")
    page.get_by_role("button", name="Analyze").click()
    page.get_by_test_id("analyzer-error").wait_for()
    assert page.get_by_role("navigation", name="Main").is_visible()
    assert page.get_by_role("heading", name="Hand analyzer").is_visible()
    assert page.locator("#id_hand").input_value() == "123m456p789s11z99x"
    assert blocked == []


def test_without_javascript_answer_is_enabled_and_the_page_still_works(
    browser_instance, live_server
) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND)
    context = browser_instance.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(f"/puzzles/{puzzle.pk}/")
        answer = tab.get_by_role("button", name="Answer")
        assert answer.is_enabled()
        tab.locator("#feedback form").get_by_role("img", name="East wind").first.click()
        answer.click()
        tab.get_by_test_id("verdict").wait_for()
    finally:
        context.close()


def test_sizes_and_positions_come_from_the_stylesheet_under_the_policy(page, curriculum) -> None:
    # The wall grid and the tile heights used to be inline styles, which the CSP now forbids.
    from lessons.models import Step

    blocked = csp_errors(page)
    step = Step.objects.get(stage__slug="the-wall", key="the-dora-indicator")
    page.goto(f"/learn/the-wall/{step.number}/")
    stacks = page.locator(".wall-grid .wall-stack")
    assert stacks.count() > 10
    placed = stacks.evaluate_all(
        "els => els.map(e => [e.dataset.row, e.dataset.col,"
        " getComputedStyle(e).gridRowStart, getComputedStyle(e).gridColumnStart])"
    )
    assert all(row == row_start and col == col_start for row, col, row_start, col_start in placed)
    page.goto("/tiles/")
    sized = page.locator("span.tiles[data-tile-h]").first
    height = sized.locator("img").first.evaluate("e => e.getBoundingClientRect().height")
    assert abs(height - int(sized.get_attribute("data-tile-h"))) < 1
    assert blocked == []
