"""Lessons on a phone (item 15 of curriculum v2): at 375 px every wall stack and every tile to
pick is a target of at least 24 px, radio buttons show, and no tooltip answers a "pick every …"
question. Screenshots at 1280 and 375 px in English and Spanish."""

from __future__ import annotations

import pytest

from lessons.models import Step
from tests.conftest import screenshot
from tutor.exercises import exercise

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}


def go(page, slug: str, key: str, language: str = "en") -> None:
    step = Step.objects.get(stage__slug=slug, key=key)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": page.url or "http://127.0.0.1"}]
    )
    page.goto(f"/learn/{slug}/{step.number}/")


def smallest(page, selector: str) -> tuple[float, float]:
    boxes = [b for b in (el.bounding_box() for el in page.locator(selector).all()) if b]
    assert boxes, f"nothing matches {selector}"
    return min(b["width"] for b in boxes), min(b["height"] for b in boxes)


@pytest.fixture
def phone(page, curriculum):
    page.goto("/")
    page.set_viewport_size(PHONE)
    return page


@pytest.mark.parametrize("language", ["en", "es"])
def test_wall_stacks_are_finger_sized_on_a_phone(phone, language):
    go(phone, "the-wall", "find-the-first-stack", language)
    width, height = smallest(phone, "#lesson label.wall-stack")
    assert width >= 24 and height >= 24, (width, height)
    # The wall scrolls inside its frame; the page itself does not scroll sideways.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, f"lessons-wall-exercise-{language}-375")
    phone.set_viewport_size(DESKTOP)
    screenshot(phone, f"lessons-wall-exercise-{language}-1280")


@pytest.mark.parametrize("language", ["en", "es"])
def test_hand_tiles_to_pick_are_at_least_24_px_wide(phone, language):
    go(phone, "riichi", "ready-to-declare", language)
    width, height = smallest(phone, "#lesson label.tile-option img")
    assert width >= 24 and height >= 32, (width, height)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, f"lessons-hand-tiles-{language}-375")
    phone.set_viewport_size(DESKTOP)
    screenshot(phone, f"lessons-hand-tiles-{language}-1280")


def first_step_with_radios() -> Step:
    for step in Step.objects.exclude(exercise={}).order_by("stage__number", "number"):
        widget = exercise(step.exercise).widget()
        if widget.kind == "choices" and widget.select == "one":
            return step
    raise AssertionError("no exercise asks for one choice")


def test_radio_buttons_are_visible(phone):
    step = first_step_with_radios()
    phone.goto(f"/learn/{step.stage.slug}/{step.number}/")
    inputs = phone.locator('#lesson .choices input[type="radio"]')
    assert inputs.count() >= 2
    for i in range(inputs.count()):
        field = inputs.nth(i)
        assert field.is_visible()
        assert field.evaluate("e => getComputedStyle(e).opacity") == "1"
        box = field.bounding_box()
        assert box["width"] >= 16 and box["height"] >= 16
    screenshot(phone, "lessons-choices-375")


@pytest.mark.parametrize("key", ["spot-the-circles", "spot-the-honors", "spot-the-terminals"])
def test_no_tooltip_answers_a_spot_question(phone, key):
    go(phone, "tiles-and-suits", key)
    tiles = phone.locator("#lesson .answer-tiles img.tile")
    assert tiles.count() >= 3
    assert phone.locator("#lesson .answer-tiles img.tile[title]").count() == 0
    # A screen reader still hears each tile's name.
    assert all(tiles.nth(i).get_attribute("alt") for i in range(tiles.count()))


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_chart_fits_a_phone(phone, language):
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": phone.url}])
    phone.goto("/learn/chart/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, f"lessons-chart-{language}-375")
    phone.set_viewport_size(DESKTOP)
    screenshot(phone, f"lessons-chart-{language}-1280")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_scoring_drill_is_answered_on_a_phone(phone, language):
    from tests.lessons.test_drill import right

    phone.context.add_cookies([{"name": "django_language", "value": language, "url": phone.url}])
    phone.goto("/learn/drill/?seed=3")
    for name, value in right(3).items():
        if name != "seed":
            phone.locator(f'input[name="{name}"]').fill(value)
    phone.locator('form.exercise button[type="submit"]').click()
    phone.locator("#feedback-payment.feedback-correct").wait_for()
    assert phone.locator(".feedback-wrong").count() == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, f"lessons-drill-{language}-375")
    phone.set_viewport_size(DESKTOP)
    screenshot(phone, f"lessons-drill-{language}-1280")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_phone_zooms_in_on_one_side_of_the_wall_and_answers_there(phone, language):
    from tests.browser.test_lessons import page_form

    go(phone, "the-wall", "find-the-first-stack", language)
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    (answer,) = page_form(phone, step)["stack"]
    side = answer.split("-")[0]
    lesson = phone.locator("#lesson")
    lesson.locator(f'.wall-zoom input[value="{side}"]').check()
    shown = lesson.locator("label.wall-stack:visible")
    assert shown.count() == 17  # one side of the riichi wall, nothing else
    assert all(shown.nth(i).get_attribute("data-wall") == side for i in range(shown.count()))
    width, height = smallest(phone, "#lesson label.wall-stack:visible")
    assert width >= 36 and height >= 36, (width, height)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    # Stack 1 is at the right end, as the wall's owner counts.
    first = lesson.locator(f'label.wall-stack:has(input[value="{side}-0"])').bounding_box()
    second = lesson.locator(f'label.wall-stack:has(input[value="{side}-1"])').bounding_box()
    assert first["x"] > second["x"]
    screenshot(phone, f"lessons-wall-zoom-{language}-375")
    # The zoom is a way of looking, not part of the answer: the form never sends it.
    form = "#lesson form"
    assert not phone.evaluate(f"new FormData(document.querySelector('{form}')).has('wall-zoom')")
    lesson.locator(f'label.wall-stack:has(input[value="{answer}"])').click()
    lesson.locator('button[type="submit"]').first.click()
    phone.locator("#feedback.feedback-correct").wait_for()
    # A wider screen shows the whole square and no zoom controls.
    phone.set_viewport_size(DESKTOP)
    go(phone, "the-wall", "click-the-dead-wall", language)
    assert not phone.locator("#lesson .wall-zoom").is_visible()
    assert phone.locator("#lesson label.wall-stack:visible").count() == 68
    screenshot(phone, f"lessons-wall-zoom-{language}-1280")


def test_the_arrow_keys_stay_on_the_zoomed_side_of_the_wall(phone):
    from tests.browser.test_lessons import page_form

    go(phone, "the-wall", "find-the-first-stack")
    step = Step.objects.get(stage__slug="the-wall", key="find-the-first-stack")
    (answer,) = page_form(phone, step)["stack"]
    side = answer.split("-")[0]
    lesson = phone.locator("#lesson")
    lesson.locator(f'.wall-zoom input[value="{side}"]').check()
    lesson.locator(f'label.wall-stack:has(input[value="{side}-16"])').click()
    visited = set()
    for key in ["ArrowRight"] * 20 + ["ArrowLeft"] * 40 + ["ArrowDown", "End", "Home"]:
        phone.keyboard.press(key)
        focused = phone.evaluate("document.activeElement.value")
        checked = phone.evaluate(
            "document.querySelector('#lesson input[name=stack]:checked').value"
        )
        assert focused == checked and focused.split("-")[0] == side, (key, focused)
        visited.add(focused)
    assert len(visited) == 17  # every stack of the side, and none of the hidden ones
    # The whole square again: the arrows go on round the table as radio buttons do.
    lesson.locator('.wall-zoom input[value="all"]').check()
    lesson.locator(f'label.wall-stack:has(input[value="{side}-16"])').click()
    phone.keyboard.press("ArrowRight")
    assert phone.evaluate("document.activeElement.value").split("-")[0] != side
