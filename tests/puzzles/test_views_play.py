"""The puzzle pages, as an anonymous visitor and as a logged-in player, by htmx and plain POST."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from puzzles import play
from puzzles.models import DailyPuzzle, PlayerRating, PuzzleAttempt, PuzzleKind
from tests.puzzles.play_factories import (
    DISCARD_BEST,
    IMPROVE_HAND,
    SHANTEN_HAND,
    WAITS_HAND,
    make_puzzle,
)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def player(client, make_user):
    user = make_user("player")
    client.force_login(user)
    return user


def answer_url(puzzle):
    return reverse("puzzles:answer", args=[puzzle.pk])


def test_the_puzzle_page_shows_the_hand_as_tiles_to_click(client):
    puzzle = make_puzzle()
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert 'type="radio" name="answer" value="1z"' in html
    assert f'action="{answer_url(puzzle)}"' in html and f'hx-post="{answer_url(puzzle)}"' in html


@pytest.mark.parametrize(
    "kind,hand",
    [
        (PuzzleKind.DISCARD, "123456789m12p35s1z"),
        (PuzzleKind.IMPROVE, IMPROVE_HAND),
        (PuzzleKind.WAITS, WAITS_HAND),
        (PuzzleKind.SHANTEN, SHANTEN_HAND),
    ],
)
def test_the_answer_is_not_in_the_page_before_the_attempt(client, kind, hand):
    puzzle = make_puzzle(kind, hand)
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert "analysis-table" not in html and "tile-mark" not in html and "verdict" not in html
    assert "Correct" not in html and " checked" not in html
    assert play.exercise_of(puzzle).explanation() not in html
    assert "two_step" not in html and "accepted" not in html


def test_a_wrong_answer_by_htmx_swaps_in_the_table_only(client):
    puzzle = make_puzzle()
    response = client.post(answer_url(puzzle), {"answer": "1p"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'id="feedback"' in html
    assert "feedback-wrong" in html and 'data-testid="analysis-table"' in html
    assert html.count("<tr") == 1 + len(puzzle.analysis["discards"])
    assert "Discarding East wind (1z)" in html  # the explanation
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_a_plain_post_renders_the_whole_page_with_the_feedback(client):
    puzzle = make_puzzle()
    response = client.post(answer_url(puzzle), {"answer": DISCARD_BEST})
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    assert "feedback-correct" in html and "table-success" in html
    assert "hx-swap-oob" not in html


def test_an_anonymous_visitor_solves_unrated(client):
    puzzle = make_puzzle()
    html = client.post(answer_url(puzzle), {"answer": DISCARD_BEST}, **HTMX).content.decode()
    assert "Unrated" in html
    assert not PuzzleAttempt.objects.exists()
    puzzle.refresh_from_db()
    assert puzzle.rating == 1500 and puzzle.attempts == 0


def test_a_player_answer_is_rated_and_shows_the_change(client, player):
    puzzle = make_puzzle()
    html = client.post(answer_url(puzzle), {"answer": DISCARD_BEST}, **HTMX).content.decode()
    rating = PlayerRating.objects.get(user=player)
    assert rating.rating > 1500
    assert 'data-testid="rating-change"' in html and f"+{round(rating.rating - 1500)}" in html
    # The sidebar's rating is refreshed out of band.
    oob = html.split('id="rating-card" hx-swap-oob="true"')[1]
    assert f"{round(rating.rating)} <small" in oob


def test_the_time_to_answer_comes_from_the_signed_token(client, player):
    puzzle = make_puzzle()
    page = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    token = page.split('name="started" value="')[1].split('"')[0]
    client.post(answer_url(puzzle), {"answer": DISCARD_BEST, "started": token})
    assert PuzzleAttempt.objects.get().seconds is not None


def test_a_tampered_time_token_is_ignored(client, player):
    puzzle = make_puzzle()
    client.post(answer_url(puzzle), {"answer": DISCARD_BEST, "started": "forged:token"})
    assert PuzzleAttempt.objects.get().seconds is None


def test_it_rejects_a_tampered_answer_with_400_and_saves_nothing(client, player):
    puzzle = make_puzzle()
    response = client.post(answer_url(puzzle), {"answer": "9p"}, **HTMX)
    assert response.status_code == 400
    assert "You can only discard a tile from the hand." in response.content.decode()
    assert 'type="radio" name="answer"' in response.content.decode()  # the form comes back
    assert not PuzzleAttempt.objects.exists()


def test_an_empty_answer_asks_for_one(client):
    response = client.post(answer_url(make_puzzle()), {})
    assert response.status_code == 400 and "Choose an answer first." in response.content.decode()


def test_an_unknown_puzzle_is_404(client):
    assert client.get(reverse("puzzles:detail", args=[987654])).status_code == 404
    assert (
        client.post(reverse("puzzles:answer", args=[987654]), {"answer": "1z"}).status_code == 404
    )


def test_an_id_too_big_for_the_database_is_404_not_a_crash(client, player):
    today = timezone.localdate().isoformat()
    huge = reverse("puzzles:answer", args=[2**70])
    assert client.post(huge, {"answer": "1z"}).status_code == 404
    assert client.post(huge, {"answer": "1z", "daily": today}).status_code == 404
    assert not PuzzleAttempt.objects.exists()


def test_answers_are_posted_not_fetched(client):
    assert client.get(answer_url(make_puzzle())).status_code == 405


def test_the_select_all_page_offers_every_tile(client):
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert html.count('type="checkbox" name="answer"') == 34
    response = client.post(answer_url(puzzle), {"answer": ["2m", "5m", "8m"]}, **HTMX)
    assert "feedback-correct" in response.content.decode()


def test_the_shanten_page_offers_numbers(client):
    puzzle = make_puzzle(PuzzleKind.SHANTEN, SHANTEN_HAND)
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert 'name="answer" value="0"' in html and 'name="answer" value="6"' in html
    response = client.post(answer_url(puzzle), {"answer": str(puzzle.analysis["answer"])}, **HTMX)
    html = response.content.decode()
    assert "feedback-correct" in html
    forms = puzzle.analysis["forms"]
    assert f"Seven pairs: <strong>{forms['seven_pairs']}</strong>" in html


# --- the stream ------------------------------------------------------------------------------


def test_the_index_sends_the_player_to_a_puzzle(client):
    puzzle = make_puzzle()
    response = client.get(reverse("puzzles:index"))
    assert response.status_code == 302 and response["Location"] == reverse(
        "puzzles:detail", args=[puzzle.pk]
    )


def test_the_index_without_puzzles_says_so(client):
    response = client.get(reverse("puzzles:index"))
    assert response.status_code == 200 and 'data-testid="no-puzzles"' in response.content.decode()


def test_the_next_links_offer_easier_and_harder(client):
    puzzle = make_puzzle()
    html = client.post(answer_url(puzzle), {"answer": "1p"}, **HTMX).content.decode()
    assert f"?difficulty=easier&amp;after={puzzle.pk}" in html
    assert f"?difficulty=harder&amp;after={puzzle.pk}" in html


def test_an_anonymous_visitor_moves_on_to_a_puzzle_not_yet_answered(client):
    first = make_puzzle(hand="123456789m12p35s1z")
    second = make_puzzle(hand="123456789m12p35s2z")
    client.post(answer_url(first), {"answer": "1z"})
    response = client.get(reverse("puzzles:index"))
    assert response["Location"] == reverse("puzzles:detail", args=[second.pk])


def test_an_unknown_difficulty_or_kind_is_ignored(client):
    make_puzzle()
    assert client.get(reverse("puzzles:index") + "?difficulty=absurd&kind=nope").status_code == 302


# --- the daily puzzle ------------------------------------------------------------------------


def test_the_daily_page_shows_todays_puzzle_and_its_shareable_url(client):
    today = timezone.localdate()
    daily = DailyPuzzle.objects.create(date=today, puzzle=make_puzzle())
    html = client.get(reverse("puzzles:daily")).content.decode()
    assert f'action="{answer_url(daily.puzzle)}"' in html
    assert reverse("puzzles:daily_on", args=[today.isoformat()]) in html
    assert client.get(reverse("puzzles:daily_on", args=[today.isoformat()])).status_code == 200


def test_solving_the_daily_puzzle_shows_the_streak(client, player):
    today = timezone.localdate()
    daily = DailyPuzzle.objects.create(date=today, puzzle=make_puzzle())
    html = client.post(
        answer_url(daily.puzzle), {"answer": DISCARD_BEST, "daily": today.isoformat()}, **HTMX
    ).content.decode()
    assert "Daily streak: 1 day" in html
    assert 'id="daily-card" hx-swap-oob="true"' in html and "Solved. Come back tomorrow!" in html
    page = client.get(reverse("puzzles:daily")).content.decode()
    assert "Streak: 1 day" in page and "Solved. Come back tomorrow!" in page


@pytest.mark.parametrize("date", ["2999-01-01", "not-a-date", "2026-02-30"])
def test_a_daily_puzzle_of_a_future_or_impossible_date_is_404(client, date):
    assert client.get(reverse("puzzles:daily_on", args=[date])).status_code == 404


def test_a_past_date_without_a_daily_puzzle_is_404(client):
    past = timezone.localdate() - dt.timedelta(days=400)
    assert client.get(reverse("puzzles:daily_on", args=[past.isoformat()])).status_code == 404


def test_a_past_daily_puzzle_stays_at_its_url(client):
    past = timezone.localdate() - dt.timedelta(days=3)
    daily = DailyPuzzle.objects.create(date=past, puzzle=make_puzzle())
    html = client.get(reverse("puzzles:daily_on", args=[past.isoformat()])).content.decode()
    assert f'action="{answer_url(daily.puzzle)}"' in html


# --- the dashboard ---------------------------------------------------------------------------


def test_the_dashboard_needs_a_login(client):
    response = client.get(reverse("puzzles:dashboard"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_dashboard_draws_the_rating_history_as_inline_svg(client, player):
    for n in range(1, 4):
        puzzle = make_puzzle(hand=f"123456789m12p35s{n}z", themes=("one-suit",))
        client.post(answer_url(puzzle), {"answer": "1p" if n == 2 else f"{n}z"})
    html = client.get(reverse("puzzles:dashboard")).content.decode()
    assert '<svg viewBox="0 0 640 220"' in html and "<polyline" in html
    assert "over 3 rated puzzles" in html
    assert 'data-testid="theme-accuracy"' in html and "2 / 3" in html
    assert 'data-testid="recent-misses"' in html
    assert "cdn" not in html.lower()


def test_the_dashboard_of_a_new_player_invites_a_first_puzzle(client, player):
    html = client.get(reverse("puzzles:dashboard")).content.decode()
    assert "Solve a puzzle to start your rating history." in html


def test_the_pages_speak_spanish_and_the_cached_drawing_follows_the_language(client):
    puzzle = make_puzzle(context={"seat": 0, "seat_wind": "1z", "round_wind": "1z", "turn": 3})
    url = reverse("puzzles:detail", args=[puzzle.pk])
    english = client.get(url).content.decode()
    assert "Dora indicator" in english or "Round" in english
    client.cookies["django_language"] = "es"
    spanish = client.get(url).content.decode()
    assert "Qué descartar" in spanish and "Ronda" in spanish and "Round" not in spanish
    html = client.post(answer_url(puzzle), {"answer": "1p"}, **HTMX).content.decode()
    assert "No es la mejor respuesta." in html and "Descartar viento Este (1z)" in html


def test_a_type_chosen_in_the_stream_carries_to_the_next_links(client):
    make_puzzle()
    waits = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    response = client.get(reverse("puzzles:index"), {"kind": "waits"})
    assert response["Location"] == reverse("puzzles:detail", args=[waits.pk]) + "?kind=waits"
    page = client.get(response["Location"]).content.decode()
    assert 'name="kind" value="waits"' in page
    html = client.post(answer_url(waits), {"answer": ["2m", "5m", "8m"], "kind": "waits"}, **HTMX)
    assert f"after={waits.pk}&amp;kind=waits" in html.content.decode()
