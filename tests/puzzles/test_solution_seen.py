"""A visitor who saw a puzzle's solution does not then get a rated first attempt at it by
logging in (issue 10, item 13): the session remembers the puzzles answered as a visitor and is
carried across log-in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from puzzles.models import PlayerRating, PuzzleAttempt
from tests.puzzles.play_factories import DISCARD_BEST, make_puzzle

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-phrase-9"


def _answer(client, puzzle, tile):
    return client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": tile})


def _log_in(client, username):
    response = client.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302


def test_a_solution_seen_as_a_visitor_is_not_rated_after_log_in(client, make_user):
    make_user("sly", PASSWORD)
    puzzle = make_puzzle()
    # the visitor answers and is shown the analysis: the best discard, and why
    assert "Unrated" in _answer(client, puzzle, DISCARD_BEST).content.decode()
    _log_in(client, "sly")
    page = _answer(client, puzzle, DISCARD_BEST).content.decode()
    assert 'data-testid="solution-seen"' in page
    assert 'data-testid="rating-change"' not in page
    attempt = PuzzleAttempt.objects.get(user__username="sly", puzzle=puzzle)
    assert attempt.correct and not attempt.first_attempt
    assert PlayerRating.objects.get(user__username="sly").rating == pytest.approx(
        PlayerRating._meta.get_field("rating").default
    )


def test_another_puzzle_is_still_rated_after_log_in(client, make_user):
    make_user("fair", PASSWORD)
    seen, fresh = make_puzzle(), make_puzzle()
    _answer(client, seen, DISCARD_BEST)
    _log_in(client, "fair")
    page = _answer(client, fresh, DISCARD_BEST).content.decode()
    assert 'data-testid="rating-change"' in page
    assert PuzzleAttempt.objects.get(user__username="fair", puzzle=fresh).first_attempt
