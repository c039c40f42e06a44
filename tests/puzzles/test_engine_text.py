"""Wait shapes on the puzzles pages use the shared engine-text renderer in both languages."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from puzzles import play
from puzzles.models import PuzzleKind
from tests.puzzles.play_factories import WAITS_HAND, make_puzzle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_afterwards():
    # A request with the Spanish cookie leaves Spanish active in this thread.
    yield
    translation.activate("en")


def test_the_analyzer_names_a_two_sided_wait_in_spanish(client):
    client.cookies["django_language"] = "es"
    url = reverse("puzzles:analyzer")
    html = unescape(client.get(url, {"hand": "23m456p789s11122z"}).content.decode())
    waits = html.split('data-testid="waits"')[1].split("</ul>")[0]
    assert "espera a dos lados (ryanmen)" in waits
    assert "two-sided" not in html


def test_the_analyzer_names_it_in_english_too(client):
    html = client.get(reverse("puzzles:analyzer"), {"hand": "23m456p789s11122z"}).content.decode()
    assert "two-sided wait (ryanmen)" in unescape(html)


def test_a_waits_puzzle_explains_its_shape_in_spanish():
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    with translation.override("es"):
        text = play.exercise_of(puzzle).explanation()
    assert "espera múltiple" in text or "espera a dos lados (ryanmen)" in text
    assert "multi-sided" not in text


def test_a_one_shanten_hand_needs_one_useful_tile_in_both_languages():
    puzzle = make_puzzle(PuzzleKind.SHANTEN, "123456789m1p35s1z")  # 1-shanten
    with translation.override("en"):
        assert (
            "it needs at least 1 useful tile to reach tenpai."
            in play.exercise_of(puzzle).explanation()
        )
    with translation.override("es"):
        assert (
            "necesita al menos 1 ficha útil para llegar a tenpai."
            in play.exercise_of(puzzle).explanation()
        )


def test_an_improve_explanation_counts_kinds_and_tiles_in_spanish():
    puzzle = make_puzzle(PuzzleKind.IMPROVE, "123456789m1p357s")
    with translation.override("es"):
        text = play.exercise_of(puzzle).explanation()
    assert "tipos (" in text and "fichas en total que no has visto." in text


@pytest.mark.parametrize(("days", "spanish"), [(1, "1 día"), (2, "2 días"), (5, "5 días")])
def test_a_spanish_streak_of_many_days_is_plural(days, spanish):
    from django.utils.translation import ngettext

    with translation.override("es"):
        text = ngettext("Daily streak: %(days)s day", "Daily streak: %(days)s days", days)
    assert text % {"days": days} == f"Racha diaria: {spanish}"
