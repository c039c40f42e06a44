"""The puzzle page and the analyzer draw their discard table and their waits with the one pair
of partials (templates/web/_discard_table.html, _wait_table.html), fed by the facts codec."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from puzzles.models import PuzzleKind
from tests.puzzles.play_factories import DISCARD_HAND, WAITS_HAND, make_puzzle

pytestmark = pytest.mark.django_db
TABLE, WAITS = "web/_discard_table.html", "web/_wait_table.html"


def used(response) -> list[str]:
    return [t.name for t in response.templates if t.name]


def test_the_puzzle_feedback_draws_the_one_discard_table(client) -> None:
    puzzle = make_puzzle(PuzzleKind.DISCARD, DISCARD_HAND)
    response = client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": ["1z"]})
    assert response.status_code == 200
    assert used(response).count(TABLE) == 1
    html = response.content.decode()
    assert html.count('data-testid="analysis-table"') == 1


def test_the_puzzle_feedback_draws_the_one_wait_table(client) -> None:
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    response = client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": ["2m"]})
    assert used(response).count(WAITS) == 1 and TABLE not in used(response)
    assert response.content.decode().count('data-testid="wait-table"') == 1


def test_the_analyzer_draws_the_same_partials(client) -> None:
    fourteen = client.get(reverse("puzzles:analyzer"), {"hand": "123456789m12p35s1z"})
    assert used(fourteen).count(TABLE) == 1
    assert fourteen.content.decode().count("<table") == 1  # no second copy of the rows
    thirteen = client.get(reverse("puzzles:analyzer"), {"hand": "1112345678999m"})
    assert used(thirteen).count(WAITS) == 1
    html = thirteen.content.decode()
    assert html.count("<tr>") == 1 + 9  # the nine gates wait on every character


def test_a_nobetan_has_the_same_name_on_the_analyzer_as_in_the_lessons(client) -> None:
    html = client.get(reverse("puzzles:analyzer"), {"hand": "123456789m1234p"}).content.decode()
    assert "pair wait at either end of a run of four (nobetan)" in html
    with translation.override("es"):
        html = client.get(
            reverse("puzzles:analyzer"),
            {"hand": "123456789m1234p"},
            headers={"cookie": "django_language=es"},
        ).content.decode()
    assert "espera de pareja en cualquier extremo de una escalera de cuatro (nobetan)" in html
