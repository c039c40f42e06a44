"""Solving puzzles and analysing hands in Chromium: clicks, htmx swaps, ratings, screenshots."""

from __future__ import annotations

import pytest
from django.utils import timezone

from puzzles import play
from puzzles.models import DailyPuzzle, PlayerRating, PuzzleKind
from tests.conftest import in_language, screenshot
from tests.puzzles.play_factories import DISCARD_HAND, WAITS_HAND, make_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-9"
CONTEXT = {
    "seat": 1,
    "seat_wind": "2z",
    "round_wind": "1z",
    "turn": 6,
    "dora_indicator": "4p",
    "discards": ["19m7z", "9p3z", "1s8m", "4z2s"],
}


def log_in(page, user) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


def pick_tile(page, name: str) -> None:
    """Click a selectable tile by its accessible name (the image inside the label)."""
    page.locator("#feedback form").get_by_role("img", name=name).first.click()


def test_solve_the_daily_puzzle_by_clicking(page, make_user) -> None:
    user = make_user("kaede", PASSWORD)
    DailyPuzzle.objects.create(
        date=timezone.localdate(), puzzle=make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    )
    log_in(page, user)
    page.goto("/puzzles/daily/")
    assert page.get_by_role("heading", name="What to discard").is_visible()
    assert page.get_by_test_id("verdict").count() == 0
    screenshot(page, "puzzle-daily-1280")
    pick_tile(page, "East wind")
    page.get_by_role("button", name="Answer").click()
    verdict = page.get_by_test_id("verdict")
    verdict.wait_for()
    assert "Correct!" in verdict.inner_text()
    assert "Daily streak: 1 day" in verdict.inner_text()
    # The swap happened in place (htmx): still the daily URL, the table and the hand marked.
    assert page.url.endswith("/puzzles/daily/")
    assert "Streak: 1 day" in page.get_by_test_id("daily-streak").inner_text()
    assert page.get_by_test_id("analysis-table").is_visible()
    screenshot(page, "puzzle-daily-solved-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-daily-solved-375")
    page.reload()
    assert "Solved. Come back tomorrow!" in page.inner_text("main")
    assert "Streak: 1 day" in page.inner_text("main")


def test_a_wrong_answer_shows_the_analysis_table(page) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/puzzles/{puzzle.pk}/")
    screenshot(page, "puzzle-discard-375")
    pick_tile(page, "one of circles")
    page.get_by_role("button", name="Answer").click()
    page.get_by_test_id("verdict").wait_for()
    assert "Not the best answer." in page.get_by_test_id("verdict").inner_text()
    table = page.get_by_test_id("analysis-table")
    assert table.locator("tbody tr").count() == len(puzzle.analysis["discards"])
    best = table.locator("tr.table-success")
    assert best.get_by_role("img", name="East wind").count() == 1
    assert table.locator("tr.table-warning").get_by_role("img", name="one of circles").count() == 1
    assert "Discarding East wind (1z)" in page.inner_text("#feedback")
    screenshot(page, "puzzle-wrong-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "puzzle-wrong-1280")


def test_the_rating_changes_after_a_rated_answer(page, make_user) -> None:
    user = make_user("ren", PASSWORD)
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    log_in(page, user)
    page.goto(f"/puzzles/{puzzle.pk}/")
    assert page.get_by_test_id("player-rating").inner_text().startswith("1500")
    pick_tile(page, "East wind")
    page.get_by_role("button", name="Answer").click()
    change = page.get_by_test_id("rating-change")
    change.wait_for()
    new = round(PlayerRating.objects.get(user=user).rating)
    assert (
        new > 1500 and f"{new}" in change.inner_text() and f"+{new - 1500}" in change.inner_text()
    )
    # The sidebar follows without a reload (an out-of-band swap).
    assert page.get_by_test_id("player-rating").inner_text().startswith(str(new))
    page.get_by_role("link", name="Your progress").first.click()
    page.wait_for_load_state()
    assert page.get_by_test_id("dashboard-rating").inner_text().startswith(str(new))
    assert page.get_by_test_id("rating-chart").is_visible()


def test_the_dashboard_shows_history_themes_and_misses(page, make_user) -> None:
    user = make_user("aoi", PASSWORD)
    for n in range(1, 8):
        theme = ("one-suit", "tenpai", "iishanten")[n % 3]
        puzzle = make_puzzle(hand=f"123456789m12p35s{n}z", themes=(theme,), rating=1400 + 40 * n)
        play.record_attempt(user, puzzle.pk, [f"{n}z"] if n % 3 else ["1p"])
    log_in(page, user)
    page.goto("/puzzles/dashboard/")
    assert page.get_by_test_id("rating-chart").is_visible()
    assert page.get_by_test_id("recent-misses").locator("li").count() == 2
    assert "One suit" in page.get_by_test_id("theme-accuracy").inner_text()
    screenshot(page, "puzzle-dashboard-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-dashboard-375")


def test_select_the_waits_by_clicking_tiles(page) -> None:
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/puzzles/{puzzle.pk}/")
    for name in ("two of characters", "five of characters", "eight of characters"):
        pick_tile(page, name)
    screenshot(page, "puzzle-waits-375")
    page.get_by_role("button", name="Answer").click()
    page.get_by_test_id("verdict").wait_for()
    assert "Correct!" in page.get_by_test_id("verdict").inner_text()
    assert page.get_by_test_id("wait-table").locator("tbody tr").count() == 3
    page.set_viewport_size({"width": 1280, "height": 900})
    screenshot(page, "puzzle-waits-solved-1280")


def test_the_analyzer_with_a_typed_hand(page) -> None:
    page.goto("/puzzles/analyzer/")
    page.get_by_label("Hand", exact=True).fill("123456789m12p35s1z")
    page.get_by_role("button", name="Analyze").click()
    table = page.get_by_test_id("discard-table")
    table.wait_for()
    assert "1-shanten" in page.get_by_test_id("shanten").inner_text()
    assert table.locator("tbody tr").count() == 14
    assert "hand=123456789m12p35s1z" in page.url  # pushed: shareable and the back button works
    screenshot(page, "analyzer-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "analyzer-375")


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("es", 375)])
def test_the_analyzer_weighs_push_against_fold_against_a_riichi(
    page, live_server, language, width
) -> None:
    in_language(page, live_server.url, language, width)
    page.goto("/puzzles/analyzer/")
    page.locator("#id_hand").fill("478m3466p55789s11z")
    page.locator("#id_riichi").fill("1z9m3p6p2z5s")
    page.locator("#id_hand").press("Enter")
    verdict = page.get_by_test_id("push-fold-verdict")
    verdict.wait_for()
    text = verdict.inner_text()
    if language == "en":
        assert "Fold: five of bamboo (5s) is clearly better" in text and "2-shanten" in text
    else:
        assert "Retirarse: cinco de bambú (5s) es claramente mejor" in text
    screenshot(page, f"analyzer-push-fold-{language}-{width}")


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("es", 375)])
def test_the_analyzer_weighs_each_tile_against_two_riichi(page, live_server, language, width):
    in_language(page, live_server.url, language, width)
    page.goto("/puzzles/analyzer/")
    page.locator("#id_hand").fill("234m4m66p789p4s56s77z")
    page.locator("#id_riichi").fill("1z9m2z1m8p7m")
    page.locator("#id_riichi2").fill("9s1z4p3z2s")
    page.locator("#id_hand").press("Enter")
    table = page.get_by_test_id("danger-table")
    table.wait_for()
    assert table.locator("tbody tr").first.locator(".danger-against").count() == 2
    assert (
        "The first riichi: " if language == "en" else "El primer riichi: "
    ) in table.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"analyzer-two-riichi-{language}-{width}")


def test_the_analyzer_builds_a_hand_from_clicked_tiles(page) -> None:
    page.goto("/puzzles/analyzer/?hand=23m456p789s1112z")
    page.locator(".palette-tile").get_by_role("img", name="South wind").click()
    page.get_by_test_id("waits").wait_for()
    assert page.get_by_label("Hand", exact=True).input_value() == "23m456p789s11122z"
    assert "two-sided" in page.get_by_test_id("waits").inner_text()


def test_the_analyzer_explains_a_bad_hand(page) -> None:
    page.goto("/puzzles/analyzer/")
    page.get_by_label("Hand", exact=True).fill("123m8z")
    page.get_by_role("button", name="Analyze").click()
    error = page.get_by_test_id("analyzer-error")
    error.wait_for()
    assert "is not a tile" in error.inner_text()
    screenshot(page, "analyzer-error-1280")


def test_a_puzzle_can_be_answered_without_javascript(browser_instance, live_server) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    context = browser_instance.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        tab = context.new_page()
        tab.goto(f"/puzzles/{puzzle.pk}/")
        tab.locator("#feedback form").get_by_role("img", name="one of circles").first.click()
        tab.get_by_role("button", name="Answer").click()
        tab.wait_for_load_state()
        # A plain POST: the browser is on the answer URL with the whole page and the table.
        assert tab.url.endswith(f"/puzzles/{puzzle.pk}/answer/")
        assert "Not the best answer." in tab.get_by_test_id("verdict").inner_text()
        assert tab.get_by_test_id("analysis-table").locator("tbody tr").count() == 14
        assert tab.get_by_role("link", name="Next puzzle").is_visible()
    finally:
        context.close()


def test_a_puzzle_in_spanish_on_a_phone(page, live_server) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": live_server.url}])
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/puzzles/{puzzle.pk}/")
    assert page.get_by_role("heading", name="Qué descartar").is_visible()
    page.locator("#feedback form").get_by_role("img", name="viento Este").first.click()
    page.get_by_role("button", name="Responder").click()
    page.get_by_test_id("verdict").wait_for()
    assert "¡Correcto!" in page.get_by_test_id("verdict").inner_text()
    assert "Descartar viento Este (1z)" in page.get_by_test_id("verdict").inner_text()
    screenshot(page, "puzzle-solved-es-375")
