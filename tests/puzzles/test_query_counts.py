"""The database work behind the busiest requests stays small (the load test's puzzle page and
answer): a query sneaking into every request shows up here before it shows up in production.

The counts are exact on purpose; when a change really needs one more query, update the number
and say why in the commit.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.puzzles.play_factories import DISCARD_BEST, make_puzzle

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def player(client, make_user):
    user = make_user("player")
    client.force_login(user)
    return user


def test_an_anonymous_visitor_costs_the_puzzle_page_one_query(client, django_assert_num_queries):
    puzzle = make_puzzle()
    url = reverse("puzzles:detail", args=[puzzle.pk])
    client.get(url)  # fills the fragment cache
    # The puzzle; no session is read or written for a visitor who has none.
    with django_assert_num_queries(1):
        response = client.get(url)
    assert response.status_code == 200
    assert "sessionid" not in response.cookies


def test_a_player_costs_the_puzzle_page_four_queries(client, player, django_assert_num_queries):
    puzzle = make_puzzle()
    url = reverse("puzzles:detail", args=[puzzle.pk])
    client.get(url)
    # The puzzle, the session, the user and the player's rating; nothing is written.
    with django_assert_num_queries(4):
        response = client.get(url)
    assert response.status_code == 200
    assert b'data-testid="player-rating"' in response.content


def test_a_repeated_answer_writes_only_the_attempt(
    client, player, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    from django.core.cache import cache

    cache.clear()  # the classes app remembers who is in no class: start from nothing known
    puzzle = make_puzzle()
    url = reverse("puzzles:answer", args=[puzzle.pk])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"answer": DISCARD_BEST}, **HTMX)  # the rated first attempt
    with (
        django_assert_max_num_queries(20) as ctx,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = client.post(url, {"answer": DISCARD_BEST}, **HTMX)
    assert response.status_code == 200
    sql = [q["sql"] for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]]
    # Session, user, "rated before?", then in one transaction: the puzzle (not locked: its
    # rating is settled), the player's row, earlier attempts, the new attempt; after the
    # commit, the classes app would look for assignments that ask for the puzzle, but it
    # remembers from the first attempt that this player is in no class. Then the votes on the
    # puzzle with the player's own vote and report, for the feedback's opinion box.
    assert len(sql) == 8, sql
    assert not any("classes_" in s for s in sql)
    assert not any(s.startswith("UPDATE") for s in sql)
    assert sum(s.startswith("INSERT") for s in sql) == 1


def test_an_out_of_range_puzzle_id_is_refused_without_a_query(client, django_assert_num_queries):
    url = reverse("puzzles:answer", args=[2**70])
    with django_assert_num_queries(0):
        response = client.post(url, {"answer": DISCARD_BEST})
    assert response.status_code == 404
