"""Solving a defense puzzle in Chromium: an opponent is in riichi, click the safest tile, read
why each tile was safe or not, in English and in Spanish, on a wide screen and a phone."""

from __future__ import annotations

import pytest

from puzzles import services_mining
from puzzles.management.commands.ensure_puzzles import DEFENSE_FIXTURE
from puzzles.models import Puzzle, PuzzleKind
from tests.conftest import in_language, screenshot
from tutor.engine.tiles import parse_tile
from tutor.web.tile_names import tile_name

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _suji_puzzle() -> Puzzle:
    services_mining.load_fixture(DEFENSE_FIXTURE)
    return next(
        p
        for p in Puzzle.objects.filter(kind=PuzzleKind.DEFENSE, rating__gte=1600).order_by("id")
        if any(r["code"] == "suji" for r in p.analysis["danger"][0]["reasons"])
    )


def _solve(page, puzzle: Puzzle, name: str) -> str:
    page.goto(f"/puzzles/{puzzle.pk}/")
    page.get_by_test_id("riichi-badge").first.wait_for()
    # a tile of the hand (a label around a choice), not the same tile in someone's river
    page.locator("#feedback form label.tile-option").get_by_role("img", name=name).first.click()
    page.locator("#feedback form button[type=submit]").click()
    verdict = page.get_by_test_id("verdict")
    verdict.wait_for()
    return verdict.inner_text()


def test_solve_a_defense_puzzle_and_read_why(page) -> None:
    puzzle = _suji_puzzle()
    answer = parse_tile(puzzle.analysis["answer"])
    text = _solve(page, puzzle, str(tile_name(answer)))
    assert "Correct!" in text and "is the safest tile" in text
    table = page.get_by_test_id("danger-table")
    assert table.is_visible()
    reasons = page.get_by_test_id("danger-reasons").first.inner_text()
    assert "suji of" in reasons and "a two-sided wait on it would be furiten" in reasons
    assert "The Phoenix player" in page.get_by_test_id("phoenix-choice").inner_text()
    screenshot(page, "puzzle-defense-en-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-defense-en-375")


def test_the_defense_puzzle_in_spanish(page, live_server) -> None:
    puzzle = _suji_puzzle()
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": live_server.url}])
    from django.utils import translation

    with translation.override("es"):
        name = str(tile_name(parse_tile(puzzle.analysis["answer"])))
    text = _solve(page, puzzle, name)
    assert "¡Correcto!" in text and "es la ficha más segura" in text
    reasons = page.get_by_test_id("danger-reasons").first.inner_text()
    assert "suji de" in reasons
    screenshot(page, "puzzle-defense-es-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-defense-es-375")


@pytest.mark.parametrize(
    ("language", "width"), [("en", 1280), ("en", 375), ("es", 1280), ("es", 375)]
)
def test_a_tile_safe_against_one_of_two_riichi_is_named_as_the_trap(
    page, live_server, language, width
) -> None:
    from tests.puzzles.test_defense_puzzles import _trap

    services_mining.load_fixture(DEFENSE_FIXTURE)
    puzzle = next(
        p for p in Puzzle.objects.filter(themes__slug="two-riichi").order_by("pk") if _trap(p)
    )
    in_language(page, live_server.url, language, width)
    from django.utils import translation

    with translation.override(language):
        name = str(tile_name(parse_tile(str(_trap(puzzle)))))
    text = _solve(page, puzzle, name)
    assert page.get_by_test_id("riichi-badge").count() == 2
    if language == "en":
        assert "is safe against the" in text and "but not against the" in text
    else:
        assert "es segura contra el riichi de" in text and "pero no contra el riichi de" in text
    rows = page.get_by_test_id("danger-table").locator("tbody tr")
    assert rows.first.locator(".danger-against").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"puzzle-defense-two-riichi-{language}-{width}")


@pytest.mark.parametrize("slug", ["safe-tiles", "push-or-fold"])
def test_a_visitor_finishes_a_defense_stage_by_clicking(page, curriculum, slug) -> None:
    from tests.browser.test_lessons import finish_by_clicking

    page.goto(f"/learn/{slug}/")
    finish_by_clicking(page, slug)
    assert page.get_by_role("img", name="3 stars").is_visible()


def test_a_tile_taken_for_safe_is_named_on_the_lesson_page(page, curriculum) -> None:
    from lessons.models import Step
    from tutor.engine import defense as ed
    from tutor.exercises import exercise, with_position

    step = Step.objects.get(stage__slug="safe-tiles", key="genbutsu")
    page.goto(f"/learn/safe-tiles/{step.number}/")
    seed = int(page.locator('#lesson input[name="position"]').get_attribute("value"))
    ex = exercise(with_position(step.exercise, seed))  # the position the page drew
    wrong = [t for t in sorted(set(ex.hand)) if t != ex.solution()]
    # a suji tile when the hand holds one: the trap learners fall into most
    suji = [t for t in wrong if any(r.code == "suji" for r in ed.reasons(ex.state, t))]
    tile = (suji or wrong)[0]
    # a tile of the hand (a label around a choice): the same tile may lie in a river above it
    hand = page.locator("#lesson form label.tile-option")
    hand.get_by_role("img", name=tile_name(tile)).first.click()
    page.locator("#lesson").get_by_role("button", name="Check").click()
    feedback = page.locator("#feedback")
    feedback.wait_for()
    text = feedback.inner_text()
    named = ex.check(tile).reasons
    assert named[0] in text  # what made the tile look safe, and why it is not
    assert named[1].lower().startswith(tile_name(ex.solution()).lower()) and named[1] in text
    if suji:
        assert f"{tile_name(tile).lower()} is suji of" in text.lower()
    screenshot(page, "lessons-safe-tiles-suji-1280")


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("es", 375)])
def test_a_tile_one_riichi_threw_is_named_in_the_two_riichi_lesson(
    page, curriculum, live_server, language, width
) -> None:
    from lessons.models import Step
    from tutor.exercises import exercise, with_position

    step = Step.objects.get(stage__slug="safe-tiles", key="two-riichi")
    in_language(page, live_server.url, language, width)
    page.goto(f"/learn/safe-tiles/{step.number}/")
    seed = int(page.locator('#lesson input[name="position"]').get_attribute("value"))
    ex = exercise(with_position(step.exercise, seed))  # the position the page drew
    # the tile only the first riichi threw: the trap
    trap = next(t for t in sorted(set(ex.hand)) if t in ex.river and t not in ex.river2)
    from django.utils import translation

    with translation.override(language):
        name = str(tile_name(trap))
    page.locator("#lesson form label.tile-option").get_by_role("img", name=name).first.click()
    check = "Check" if language == "en" else "Comprobar"
    page.locator("#lesson").get_by_role("button", name=check).click()
    feedback = page.locator("#feedback")
    feedback.wait_for()
    text = feedback.inner_text()
    if language == "en":
        assert "is safe against the first riichi, but the second never threw it" in text
    else:
        assert "es segura contra el primer riichi, pero el segundo nunca la tiró" in text
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"lessons-two-riichi-{language}-{width}")


def _open_push_or_fold_step(page, live_server, key: str, language: str, width: int) -> None:
    from lessons.models import Step

    step = Step.objects.get(stage__slug="push-or-fold", key=key)
    in_language(page, live_server.url, language, width)
    page.goto(f"/learn/push-or-fold/{step.number}/")


CHOICES = {
    ("push", "en"): "Push: discard",
    ("push", "es"): "Atacar: descartar",
    ("fold", "en"): "Fold: discard",
    ("fold", "es"): "Retirarse: descartar",
}


def _answer_push_or_fold(
    page, live_server, key: str, answer: str, language: str, width: int
) -> str:
    """Open a push-or-fold step, answer it and return the feedback's text."""
    _open_push_or_fold_step(page, live_server, key, language, width)
    page.locator("#lesson form").get_by_text(CHOICES[(answer, language)]).click()
    check = "Check" if language == "en" else "Comprobar"
    page.locator("#lesson").get_by_role("button", name=check).click()
    feedback = page.locator("#feedback")
    feedback.wait_for()
    return str(feedback.inner_text())


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("es", 375)])
def test_pushing_a_slow_hand_in_the_lesson_is_told_why_not(
    page, curriculum, live_server, language, width
) -> None:
    text = _answer_push_or_fold(page, live_server, "decide-slow-hand", "push", language, width)
    if language == "en":
        assert "leaves your hand 2-shanten" in text and "deals in about 14." in text
    else:
        assert "deja tu mano a 2-shanten" in text and "da ron un 14." in text
    screenshot(page, f"lessons-push-or-fold-wrong-push-{language}-{width}")


@pytest.mark.parametrize(("language", "width"), [("en", 375), ("es", 1280)])
def test_folding_a_cheap_ready_hand_in_the_lesson_is_told_what_it_gave_up(
    page, curriculum, live_server, language, width
) -> None:
    key = "decide-cheap-ready-hand"
    text = _answer_push_or_fold(page, live_server, key, "fold", language, width)
    # the hand's win chance and worth against the push tile's small danger
    if language == "en":
        assert "pushing six of characters (6m) wins about 45.7% of the time" in text
        assert "deals in only about 7.7% of the time" in text
    else:
        assert "atacar con seis de caracteres (6m) gana un 45.7 % de las veces" in text
        assert "solo da ron un 7.7 % de las veces" in text
    screenshot(page, f"lessons-push-or-fold-wrong-fold-{language}-{width}")


@pytest.mark.parametrize(("language", "width"), [("en", 1280), ("es", 375)])
def test_the_table_of_what_strong_players_do_fits_the_screen(
    page, curriculum, live_server, language, width
) -> None:
    _open_push_or_fold_step(page, live_server, "what-phoenix-players-do", language, width)
    table = page.locator("#lesson table").first
    assert table.is_visible()
    assert ("74%" if language == "en" else "74 %") in table.inner_text()
    # the page itself never scrolls sideways: a wide table scrolls in its own box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    screenshot(page, f"lessons-push-or-fold-phoenix-{language}-{width}")
