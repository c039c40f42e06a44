"""Solving a push-or-fold puzzle in Chromium: an opponent is in riichi, choose push or fold (the
page names the tile each throws), read both options in points and why, in English and in
Spanish, on a wide screen and a phone."""

from __future__ import annotations

import pytest

from puzzles import services_mining
from puzzles.management.commands.mine_push_fold import FIXTURE
from puzzles.models import Puzzle, PuzzleKind
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _puzzle(answer: str) -> Puzzle:
    services_mining.load_fixture(FIXTURE)
    return next(
        p
        for p in Puzzle.objects.filter(kind=PuzzleKind.PUSH_FOLD).order_by("id")
        if p.analysis["answer"] == answer and p.analysis["played"]
    )


def _solve(page, puzzle: Puzzle, label: str, question: str = "") -> str:
    page.goto(f"/puzzles/{puzzle.pk}/")
    page.get_by_test_id("riichi-badge").wait_for()
    if question:
        screenshot(page, question)
    page.get_by_test_id("push-fold-choices").get_by_text(label).click()
    page.locator("#feedback form button[type=submit]").click()
    verdict = page.get_by_test_id("verdict")
    verdict.wait_for()
    return verdict.inner_text()


def test_solve_a_push_puzzle_and_read_why(page) -> None:
    puzzle = _puzzle("push")
    text = _solve(page, puzzle, "Push: discard", question="puzzle-push-fold-question-en-1280")
    assert "Correct!" in text and "Pushing is worth about" in text
    assert "Dealing in to" in text and "Folding with" in text
    table = page.get_by_test_id("push-fold-table")
    assert table.is_visible() and "Push" in page.get_by_test_id("option-push").inner_text()
    assert page.get_by_test_id("danger-reasons").count() == 2
    assert "The Phoenix player" in page.get_by_test_id("phoenix-choice").inner_text()
    screenshot(page, "puzzle-push-fold-en-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-push-fold-en-375")


def test_a_wrong_fold_in_spanish(page, live_server) -> None:
    puzzle = _puzzle("fold")
    page.context.add_cookies([{"name": "django_language", "value": "es", "url": live_server.url}])
    page.set_viewport_size({"width": 375, "height": 800})
    text = _solve(page, puzzle, "Atacar: descartar", question="puzzle-push-fold-question-es-375")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert "No es la mejor respuesta." in text and "Atacar vale aquí unos" in text
    # the mistake named first: the shape the push leaves and what its tile risks
    shanten = puzzle.analysis["push_fold"]["push"]["shanten"]
    assert f"deja tu mano a {shanten}-shanten" in text and "da ron un" in text
    assert "Retirarte vale unos" in text
    assert "El jugador Fénix" in page.get_by_test_id("phoenix-choice").inner_text()
    screenshot(page, "puzzle-push-fold-es-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzle-push-fold-es-375")


def test_folding_a_push_puzzle_is_told_what_the_hand_gave_up(page) -> None:
    puzzle = _puzzle("push")
    page.set_viewport_size({"width": 375, "height": 800})
    text = _solve(page, puzzle, "Fold: discard")
    assert "Not the best answer." in text
    # the fold tile keeps a weaker hand here, or gives the hand up
    keeps = puzzle.analysis["push_fold"]["fold"]["win_rate"] >= 0.005
    assert ("keeps a hand that wins only" if keeps else "gives up a hand that wins") in text
    assert "deals in only about" in text
    screenshot(page, "puzzle-push-fold-wrong-fold-en-375")
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "puzzle-push-fold-wrong-fold-en-1280")
