"""Feedback that teaches: many-tile answers marked tile by tile with partial credit, each wait
with its own shape, the 2-step figure in words, the table open and the counts explained."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from puzzles import play
from puzzles.models import PuzzleKind
from tests.puzzles.play_factories import DISCARD_HAND, IMPROVE_HAND, WAITS_HAND, make_puzzle
from tutor.exercises import tables

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
CONTEXT = {
    "seat": 0,
    "seat_wind": "1z",
    "round_wind": "1z",
    "turn": 5,
    "dora_indicator": "4p",
    "discards": ["19m7z", "9p3z", "1s8m", "4z2s"],
}


def answer(client, puzzle, tiles, **extra):
    url = reverse("puzzles:answer", args=[puzzle.pk])
    return client.post(url, {"answer": tiles}, **extra).content.decode()


def marks(html):
    return re.findall(r'data-status="(\w+)"><img[^>]*alt="([^"]+)"', html)


def test_a_waits_answer_marks_found_missed_and_extra_tiles(client):
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    assert play.solution(puzzle) == ["2m", "5m", "8m"]
    html = answer(client, puzzle, ["2m", "4m", "5m"], **HTMX)
    assert [status for status, _name in marks(html)] == ["found", "extra", "found", "missed"]
    assert "You found 2 of 3, with 1 wrong tile chosen." in html
    assert "Partial credit: 50 %" in html  # 2 found over 3 + 1 extra


def test_a_complete_answer_gets_full_credit(client):
    puzzle = make_puzzle(PuzzleKind.IMPROVE, IMPROVE_HAND)
    html = answer(client, puzzle, play.solution(puzzle), **HTMX)
    assert "Partial credit: 100 %" in html and "Correct!" in html
    assert {status for status, _name in marks(html)} == {"found"}


def test_each_wait_is_listed_with_its_own_shape(client):
    puzzle = make_puzzle(PuzzleKind.WAITS, "1112345678999m")
    html = answer(client, puzzle, ["1m"], **HTMX)
    table = html[html.index('data-testid="wait-table"') :]
    rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S)
    assert len(rows) == 9  # the nine gates wait on every character
    shapes = [w.shapes for w in tables.wait_rows(puzzle.analysis)]
    assert len({tuple(s) for s in shapes}) > 1, "the waits have different shapes"
    for row, wait in zip(rows, tables.wait_rows(puzzle.analysis), strict=True):
        assert ", ".join(wait.shapes) in row


def test_the_discard_table_says_the_two_step_idea_in_words(client):
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    html = answer(client, puzzle, ["1z"], **HTMX)
    best = next(r for r in play.exercise_of(puzzle).rows() if r.best)
    assert best.after_draw is not None and best.after_draw > 0
    assert (
        f"after a useful draw (and the best discard that follows) you keep about "
        f"{round(best.after_draw)} tiles"
    ) in html
    assert "After a useful draw" in html and f"≈ {best.after_draw:.1f}" in html


def test_a_tenpai_discard_with_every_wait_in_sight_is_a_dead_wait():
    row = tables.DiscardRow("1z", 0, [], 0, 0.0, best=False, chosen=False)
    assert row.dead_wait
    assert not tables.DiscardRow("1z", 0, [], 4, 0.0, best=False, chosen=False).dead_wait


def test_the_table_is_open_and_the_prompt_says_visible_copies_are_subtracted(client):
    puzzle = make_puzzle(hand=DISCARD_HAND, context=CONTEXT)
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert re.search(r'<details class="mb-3 small" open data-testid="table-context">', html)
    assert "in the discards and under the dora indicator are subtracted" in html


def test_the_feedback_reads_in_spanish(client):
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    client.cookies["django_language"] = "es"
    with translation.override("es"):
        html = answer(client, puzzle, ["2m", "5p"], HTTP_ACCEPT_LANGUAGE="es", **HTMX)
    assert "Crédito parcial" in html and "Cada espera y su forma" in html
    assert "Partial credit" not in html
