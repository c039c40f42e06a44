"""Lessons in Chromium: a visitor finishes the wall stage by clicking (switching to Spanish
midway), and every exercise type with content is answered with the keyboard alone."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from lessons.exercises import exercise
from lessons.models import Step
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def lessons(db):
    call_command("load_lessons", stdout=io.StringIO())


def solution(slug: str, key: str):
    step = Step.objects.get(stage__slug=slug, key=key)
    return exercise(step.exercise).solution()


def click_button(page, *names: str) -> None:
    """Click the first visible button or link in the lesson with one of these names."""
    lesson = page.locator("#lesson")
    for name in names:
        target = lesson.get_by_role("button", name=name).or_(lesson.get_by_role("link", name=name))
        if target.count():
            target.first.click()
            return
    raise AssertionError(f"none of {names} on the page")


def test_a_new_visitor_finishes_the_wall_stage_and_sees_the_stars(page, lessons) -> None:
    page.goto("/learn/")
    page.get_by_role("link", name="4. The wall").click()
    steps = list(Step.objects.filter(stage__slug="the-wall").order_by("number"))
    spanish = False
    for step in steps:
        page.wait_for_selector(f'#lesson input[name="step"][value="{step.key}"]', state="attached")
        if step.number == 5 and not spanish:
            # Midway, the learner switches to Spanish and goes on from the same step.
            page.get_by_role("button", name="Español").click()
            page.wait_for_load_state()
            assert page.locator("html").get_attribute("lang") == "es"
            spanish = True
        if not step.has_exercise:
            click_button(
                page, "Continuar →", "Continue →", "Terminar la etapa →", "Finish the stage →"
            )
            continue
        for wall, stack in sorted(solution("the-wall", step.key)):
            page.locator(f'label.wall-stack:has(input[value="{wall}-{stack}"])').click()
        if step.key == "find-the-first-stack":
            screenshot(page, "lessons-wall-exercise-1280")
        click_button(page, "Comprobar", "Check")
        feedback = page.locator("#feedback")
        feedback.wait_for()
        assert "feedback-correct" in feedback.get_attribute("class")
        if step.key == "click-the-dead-wall":
            screenshot(page, "lessons-wall-feedback-es-1280")
            page.set_viewport_size({"width": 375, "height": 800})
            screenshot(page, "lessons-wall-feedback-es-375")
            page.set_viewport_size({"width": 1280, "height": 900})
        click_button(page, "Siguiente paso →", "Next step →", "Terminar la etapa →")
    page.wait_for_url("**/learn/the-wall/complete/")
    assert page.get_by_role("img", name="3 estrellas").is_visible()
    screenshot(page, "lessons-stage-complete-es-1280")
    page.get_by_role("link", name="Todas las etapas").click()
    card = page.get_by_role("link", name="4. El muro")
    assert "★★★" in card.inner_text()
    screenshot(page, "lessons-map-es-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "lessons-map-es-375")


def test_a_wrong_click_explains_and_the_back_button_works(page, lessons) -> None:
    page.goto("/learn/the-wall/3/")
    page.locator('label.wall-stack:has(input[value="0-0"])').click()
    page.get_by_role("button", name="Check").click()
    feedback = page.locator("#feedback")
    feedback.wait_for()
    assert "feedback-wrong" in feedback.get_attribute("class")
    assert "lands on West" in feedback.inner_text()
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "lessons-wall-wrong-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("link", name="← Previous step").click()
    page.wait_for_url("**/learn/the-wall/2/")
    page.go_back()
    page.wait_for_url("**/learn/the-wall/3/")
    assert page.locator('#lesson input[name="step"][value="find-the-first-stack"]').count() == 1


# --- keyboard only ------------------------------------------------------------------------


def start(page, slug: str, key: str) -> Step:
    step = Step.objects.get(stage__slug=slug, key=key)
    page.goto(f"/learn/{slug}/{step.number}/")
    # Where the page puts the focus (the step's heading); from here on only keys.
    page.locator("#step-title").focus()
    return step


def check_with_keyboard_and_go_on(page) -> None:
    # From the answer, Tab to the Check button and press Enter; then the Next button has the
    # focus, and Enter moves on.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent.trim()") in ("Check", "Comprobar"):
            break
    page.keyboard.press("Enter")
    page.locator("#feedback").wait_for()
    assert "feedback-correct" in page.locator("#feedback").get_attribute("class")
    # htmx moves the focus to the swapped-in Next button once the swap settles.
    page.wait_for_function("document.activeElement && document.activeElement.id === 'next'")


def test_keyboard_wall(page, lessons) -> None:
    start(page, "the-wall", "find-the-first-stack")
    ((wall, stack),) = solution("the-wall", "find-the-first-stack")
    order = [f"{w}-{s}" for w in (0, 3, 2, 1) for s in range(17)]
    page.keyboard.press("Tab")  # into the wall: the first stack
    for _ in range(order.index(f"{wall}-{stack}")):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.value") == f"{wall}-{stack}"
    check_with_keyboard_and_go_on(page)
    page.keyboard.press("Enter")
    page.wait_for_url("**/learn/the-wall/4/")


def test_keyboard_pick_tiles(page, lessons) -> None:
    start(page, "tiles-and-suits", "spot-the-honors")
    wanted = solution("tiles-and-suits", "spot-the-honors")
    page.keyboard.press("Tab")  # into the row: the first tile
    for i in range(7):
        if i in wanted:
            page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    check_with_keyboard_and_go_on(page)


def test_keyboard_pick_group(page, lessons) -> None:
    start(page, "sets-and-pairs", "find-the-pair")
    step = Step.objects.get(stage__slug="sets-and-pairs", key="find-the-pair")
    kinds = exercise(step.exercise).kinds
    want = solution("sets-and-pairs", "find-the-pair")
    page.keyboard.press("Tab")
    for kind in kinds:
        if kind in want:
            page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    check_with_keyboard_and_go_on(page)


def test_keyboard_complete(page, lessons) -> None:
    start(page, "winning-hands", "is-it-complete")
    form, pair = solution("winning-hands", "is-it-complete")
    step = Step.objects.get(stage__slug="winning-hands", key="is-it-complete")
    ex = exercise(step.exercise)
    page.keyboard.press("Tab")  # the first form choice, "Not complete"
    page.keyboard.press("ArrowDown")  # "Four sets and a pair"
    assert page.evaluate("document.activeElement.value") == "standard"
    page.keyboard.press("Tab")  # into the hand, to pick the pair
    tiles = ex.hand.concealed_tiles()
    first = page.evaluate("document.activeElement.dataset.tile")
    from tutor.engine.tiles import tile_str

    position = [tile_str(t) for t in tiles].index(first)
    target = [tile_str(t) for t in tiles].index(tile_str(pair))
    # Radio groups select as the arrows move; the first press selects the focused one.
    page.keyboard.press("Space")
    for _ in range(target - position):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.tile") == tile_str(pair)
    screenshot(page, "lessons-complete-keyboard-1280")
    check_with_keyboard_and_go_on(page)
