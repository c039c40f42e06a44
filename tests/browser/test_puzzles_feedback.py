"""Feedback that teaches, in Chromium at 1280 and 375 px, in English and Spanish: the discard
table stacks on a phone, hand tiles are big enough to tap, many-tile answers are marked tile by
tile, and a learner votes on and reports a puzzle."""

from __future__ import annotations

import pytest
from django.utils import translation

from puzzles import services_mining
from puzzles.models import Puzzle, PuzzleKind, PuzzleReport, PuzzleVote
from tests.browser.test_puzzles_play import CONTEXT, PASSWORD, log_in, pick_tile
from tests.conftest import screenshot
from tests.puzzles.play_factories import DISCARD_HAND, WAITS_HAND, make_puzzle
from tutor.web.engine_text import tile_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 375, "height": 800}
DESKTOP = {"width": 1280, "height": 900}


def no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "() => [document.documentElement, ...document.querySelectorAll('.table-responsive')]"
        ".every(el => el.scrollWidth <= el.clientWidth + 1)"
    )


def test_the_discard_feedback_on_a_phone_and_a_desktop(page) -> None:
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    page.set_viewport_size(PHONE)
    page.goto(f"/puzzles/{puzzle.pk}/")
    # The table is open and the prompt says what the counts leave out.
    assert page.get_by_test_id("table-context").get_attribute("open") is not None
    assert "are subtracted" in page.get_by_test_id("visible-copies").inner_text()
    widths = page.locator("#feedback form .tile-option").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect())"
        ".map(r => [Math.round(r.width), Math.round(r.height)])"
    )
    assert len(widths) == 14 and all(w >= 24 and h >= 24 for w, h in widths), widths
    pick_tile(page, "one of circles")
    page.get_by_role("button", name="Answer").click()
    page.get_by_test_id("verdict").wait_for()
    assert no_sideways_scroll(page)
    row = page.get_by_test_id("analysis-table").locator("tbody tr").first
    figures = row.locator("th").bounding_box()
    accepted = row.locator(".accepted-cell").bounding_box()
    assert accepted["y"] >= figures["y"] + figures["height"] - 1, "accepted tiles go under"
    assert "you keep about" in page.get_by_test_id("two-step-words").inner_text()
    screenshot(page, "puzzle-feedback-discard-375")
    page.set_viewport_size(DESKTOP)
    figures = row.locator("th").bounding_box()
    accepted = row.locator(".accepted-cell").bounding_box()
    assert abs(accepted["y"] - figures["y"]) < figures["height"], "one line on a desktop"
    screenshot(page, "puzzle-feedback-discard-1280")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_partly_right_waits_answer_is_marked_and_voted_on(page, live_server, make_user, language):
    user = make_user("rin", PASSWORD)
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    log_in(page, user)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(DESKTOP)
    page.goto(f"/puzzles/{puzzle.pk}/")
    names = {
        "en": ("two of characters", "four of characters", "Answer"),
        "es": ("dos de caracteres", "cuatro de caracteres", "Responder"),
    }[language]
    pick_tile(page, names[0])
    pick_tile(page, names[1])
    page.get_by_role("button", name=names[2]).click()
    page.get_by_test_id("verdict").wait_for()
    statuses = (
        page.get_by_test_id("answer-marks")
        .locator("li")
        .evaluate_all("els => els.map(e => e.dataset.status)")
    )
    assert statuses == ["found", "extra", "missed", "missed"]
    credit = page.get_by_test_id("credit").inner_text()
    assert ("Partial credit: 25 %" if language == "en" else "Crédito parcial: 25 %") in credit
    assert page.get_by_test_id("wait-table").locator("tbody tr").count() == 3
    screenshot(page, f"puzzle-feedback-waits-{language}-1280")
    page.get_by_role("button", name="Good puzzle" if language == "en" else "Buen problema").click()
    page.get_by_test_id("opinion-notice").wait_for()
    assert page.get_by_test_id("votes-up").inner_text() == "1"
    page.get_by_text(
        "Report this puzzle" if language == "en" else "Denunciar este problema"
    ).click()
    page.get_by_label(
        "More than one answer is as good"
        if language == "en"
        else "Hay más de una respuesta igual de buena"
    ).check()
    page.get_by_role(
        "button", name="Send the report" if language == "en" else "Enviar la denuncia"
    ).click()
    page.get_by_test_id("reported").wait_for()
    assert PuzzleVote.objects.get().value == PuzzleVote.UP
    assert PuzzleReport.objects.get().reason == "several-answers"
    page.set_viewport_size(PHONE)
    assert no_sideways_scroll(page)
    screenshot(page, f"puzzle-feedback-waits-{language}-375")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_row_going_back_a_shanten_with_more_points_says_why_it_is_not_the_answer(
    page, live_server, language
) -> None:
    # A real mined puzzle (the committed fixture) whose table shows a discard going back a
    # shanten with a higher expected score than the answer: its row says that the figure of a
    # slower hand is an estimate Phoenix players rarely follow.
    services_mining.load_fixture()
    puzzle = next(
        p
        for p in Puzzle.objects.filter(kind=PuzzleKind.DISCARD).order_by("pk")
        if any(
            r["ev"] > p.analysis["discards"][0]["ev"]
            and "backs_off_estimate" in {x["code"] for x in r["reasons"]}
            for r in p.analysis["discards"][1:]
        )
    )
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"/puzzles/{puzzle.pk}/")
    answer = puzzle.analysis["answer"]
    with translation.override(language):
        pick_tile(page, tile_text(answer))
    page.get_by_role("button", name={"en": "Answer", "es": "Responder"}[language]).click()
    page.get_by_test_id("verdict").wait_for()
    assert no_sideways_scroll(page)
    table = page.get_by_test_id("analysis-table").inner_text()
    words = {
        "en": "the expected points of a slower hand are only an estimate",
        "es": "los puntos esperados de una mano más lenta son solo una estimación",
    }[language]
    assert words in table
    screenshot(page, f"puzzle-backs-off-estimate-375-{language}")
    page.set_viewport_size(DESKTOP)
    screenshot(page, f"puzzle-backs-off-estimate-1280-{language}")
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_wrong_answer_to_a_real_game_puzzle_says_what_it_gives_up(
    page, live_server, language
) -> None:
    # A real mined puzzle, judged by value, answered with the runner-up: the mistake compares
    # it with the answer (speed, the chance to win or what a win is worth), not only its figures.
    services_mining.load_fixture()
    puzzle = Puzzle.objects.filter(kind=PuzzleKind.DISCARD).order_by("pk").first()
    assert puzzle is not None and puzzle.analysis["judge"] == "value"
    answer, wrong = (r["discard"] for r in puzzle.analysis["discards"][:2])
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.set_viewport_size(PHONE)
    page.goto(f"/puzzles/{puzzle.pk}/")
    with translation.override(language):
        pick_tile(page, tile_text(wrong))
        name = tile_text(wrong)
    page.get_by_role("button", name={"en": "Answer", "es": "Responder"}[language]).click()
    page.get_by_test_id("verdict").wait_for()
    said = page.get_by_test_id("mistake").inner_text()
    opening = {"en": "Discarding ", "es": "Descartar "}[language]
    assert said.startswith(opening + name) and answer in said, said
    assert no_sideways_scroll(page)
    screenshot(page, f"puzzle-value-mistake-375-{language}")
    page.set_viewport_size(DESKTOP)
    screenshot(page, f"puzzle-value-mistake-1280-{language}")
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_retired_puzzle_says_so_and_its_answer_is_unrated(
    page, live_server, make_user, language
) -> None:
    user = make_user("kana", PASSWORD)
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    Puzzle.objects.filter(pk=puzzle.pk).update(
        retired="2026-12-05T12:00:00Z", retired_reason="not-clear"
    )
    log_in(page, user)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    words = {
        "en": ("no longer finds one clearly best answer", "one of circles", "Answer", "retired"),
        "es": (
            "ya no encuentra aquí una única respuesta",
            "uno de círculos",
            "Responder",
            "retirado",
        ),
    }[language]
    page.set_viewport_size(PHONE)
    page.goto(f"/puzzles/{puzzle.pk}/")
    assert words[0] in page.get_by_test_id("retired").inner_text()
    assert no_sideways_scroll(page)
    screenshot(page, f"puzzle-retired-{language}-375")
    pick_tile(page, words[1])
    page.get_by_role("button", name=words[2]).click()
    page.get_by_test_id("verdict").wait_for()
    assert words[3] in page.get_by_test_id("held-out").inner_text()
    page.set_viewport_size(DESKTOP)
    screenshot(page, f"puzzle-retired-{language}-1280")
    assert Puzzle.objects.get(pk=puzzle.pk).attempts == 0  # nobody rated against it
