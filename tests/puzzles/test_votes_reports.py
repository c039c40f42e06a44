"""Votes and reports on puzzles, as an anonymous visitor, a learner and staff; the stream's
"harder" and "easier" pages when nothing is left."""

from __future__ import annotations

import pytest
from django.urls import reverse

from puzzles import play
from puzzles.models import PlayerRating, PuzzleAttempt, PuzzleReport, PuzzleVote
from tests.puzzles.play_factories import DISCARD_BEST, make_puzzle

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def learner(client, make_user):
    user = make_user("learner")
    client.force_login(user)
    return user


@pytest.fixture
def puzzle():
    return make_puzzle()


def vote(client, puzzle, value, **extra):
    return client.post(reverse("puzzles:vote", args=[puzzle.pk]), {"vote": value}, **extra)


def report(client, puzzle, reason="wrong-answer", note="", **extra):
    url = reverse("puzzles:report", args=[puzzle.pk])
    return client.post(url, {"reason": reason, "note": note}, **extra)


# --- anonymous visitors -------------------------------------------------------------------------


def test_a_visitor_is_sent_to_log_in_to_vote_and_nothing_is_stored(client, puzzle):
    response = vote(client, puzzle, "up")
    assert response.status_code == 302 and reverse("login") in response["Location"]
    response = report(client, puzzle)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not PuzzleVote.objects.exists() and not PuzzleReport.objects.exists()


def test_a_visitor_sees_why_to_log_in_after_answering(client, puzzle):
    html = client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": DISCARD_BEST})
    assert "to vote on puzzles or report a flawed one." in html.content.decode()


# --- learners -----------------------------------------------------------------------------------


def test_a_learner_votes_once_and_can_change_their_mind(client, learner, puzzle):
    assert vote(client, puzzle, "up", **HTMX).status_code == 200
    response = vote(client, puzzle, "up", **HTMX)  # the same vote again
    assert PuzzleVote.objects.get().value == PuzzleVote.UP
    html = response.content.decode()
    assert 'data-testid="votes-up">1<' in html and 'aria-pressed="true"' in html
    vote(client, puzzle, "down", **HTMX)
    assert list(PuzzleVote.objects.values_list("value", flat=True)) == [PuzzleVote.DOWN]
    assert play.opinion(learner, puzzle.pk) == play.Opinion(up=0, down=1, vote="down")


def test_a_vote_without_javascript_goes_back_to_the_puzzle_with_a_note(client, learner, puzzle):
    response = vote(client, puzzle, "up", follow=True)
    assert response.redirect_chain[-1][0] == reverse("puzzles:detail", args=[puzzle.pk])
    assert "Thank you: your vote counts." in response.content.decode()


@pytest.mark.parametrize("value", ["", "sideways", "1", "up\x00", "UP"])
def test_it_rejects_a_tampered_vote(client, learner, puzzle, value):
    response = vote(client, puzzle, value, **HTMX)
    assert response.status_code == 400
    assert "A vote is up or down." in response.content.decode()
    assert not PuzzleVote.objects.exists()


@pytest.mark.parametrize("puzzle_id", [999999, 2**62])
def test_voting_or_reporting_on_a_puzzle_that_does_not_exist_is_a_404(client, learner, puzzle_id):
    assert client.post(f"/puzzles/{puzzle_id}/vote/", {"vote": "up"}).status_code == 404
    assert client.post(f"/puzzles/{puzzle_id}/report/", {"reason": "other"}).status_code == 404


def test_vote_and_report_only_take_posts(client, learner, puzzle):
    assert client.get(reverse("puzzles:vote", args=[puzzle.pk])).status_code == 405
    assert client.get(reverse("puzzles:report", args=[puzzle.pk])).status_code == 405


def test_a_report_takes_the_puzzle_out_of_the_rated_pool(client, learner, make_user, puzzle):
    response = report(client, puzzle, "several-answers", "7p is as good", **HTMX)
    assert response.status_code == 200
    assert "out of the rated pool until staff have looked at it" in response.content.decode()
    stored = PuzzleReport.objects.get()
    assert (stored.user, stored.reason, stored.note, stored.status) == (
        learner,
        "several-answers",
        "7p is as good",
        "open",
    )
    assert play.pick_next(learner) is None
    # Another learner's first attempt meanwhile is stored but not rated.
    other = make_user("other")
    result = play.record_attempt(other, puzzle.pk, [DISCARD_BEST])
    assert result.held_out and not result.rated and result.rating_after is None
    assert PlayerRating.objects.get(user=other).rating == 1500
    assert not PuzzleAttempt.objects.get(user=other).first_attempt
    puzzle.refresh_from_db()
    assert puzzle.attempts == 0 and puzzle.rating == 1500


def test_the_answer_page_says_a_held_out_puzzle_is_unrated(client, learner, make_user, puzzle):
    PuzzleReport.objects.create(user=make_user("someone"), puzzle=puzzle, reason="other")
    html = client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": DISCARD_BEST})
    assert 'data-testid="held-out"' in html.content.decode()


def test_a_report_without_javascript_goes_back_to_the_puzzle_with_a_note(client, learner, puzzle):
    response = report(client, puzzle, "other", "the hand has five 3m", follow=True)
    assert response.redirect_chain[-1][0] == reverse("puzzles:detail", args=[puzzle.pk])
    assert "the puzzle is out of the rated pool" in response.content.decode()
    response = report(client, puzzle, "nonsense", follow=True)
    assert "Choose one of the reasons in the list." in response.content.decode()
    assert PuzzleReport.objects.get().note == "the hand has five 3m"


def test_reporting_twice_files_one_report(client, learner, puzzle):
    report(client, puzzle, **HTMX)
    response = report(client, puzzle, "other", **HTMX)
    assert "You have already reported this puzzle" in response.content.decode()
    assert PuzzleReport.objects.count() == 1


@pytest.mark.parametrize(
    "reason,note,message",
    [
        ("", "", "Choose one of the reasons in the list."),
        ("made-up", "", "Choose one of the reasons in the list."),
        ("other", "x" * 1001, "Keep the note under 1000 characters."),
        ("other", "a\x00b", "Remove the invisible or control characters (U+0000)"),
    ],
)
def test_it_rejects_a_tampered_report(client, learner, puzzle, reason, note, message):
    response = report(client, puzzle, reason, note, **HTMX)
    assert response.status_code == 400 and message in response.content.decode()
    assert not PuzzleReport.objects.exists()


# --- staff --------------------------------------------------------------------------------------


def _admin_action(client, action, reports):
    url = reverse("admin:puzzles_puzzlereport_changelist")
    data = {"action": action, "_selected_action": [r.pk for r in reports]}
    return client.post(url, data, follow=True)


def test_staff_dismiss_a_report_and_the_puzzle_returns_to_the_pool(client, make_user, puzzle):
    learner = make_user("learner")
    filed, _new = play.report_puzzle(learner, puzzle, "wrong-answer")
    staff = make_user("staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    assert client.get(reverse("admin:puzzles_puzzlereport_changelist")).status_code == 200
    _admin_action(client, "dismiss_reports", [filed])
    filed.refresh_from_db()
    assert filed.status == "dismissed" and filed.reviewed_by == staff
    assert play.pick_next(learner).puzzle == puzzle
    # The learner may report it again later: the closed report no longer blocks a new one.
    assert play.report_puzzle(learner, puzzle, "other")[1] is True


def test_staff_uphold_a_report_and_the_puzzle_stays_out(client, make_user, puzzle):
    filed, _new = play.report_puzzle(make_user("learner"), puzzle, "bad-context")
    client.force_login(make_user("staff", is_staff=True, is_superuser=True))
    _admin_action(client, "uphold_reports", [filed])
    assert PuzzleReport.objects.get().status == "upheld"
    assert play.pick_next(None) is None


def test_a_learner_cannot_reach_the_reports_in_the_admin(client, learner, puzzle):
    play.report_puzzle(learner, puzzle, "other")
    response = client.get(reverse("admin:puzzles_puzzlereport_changelist"))
    assert response.status_code == 302 and "/login/" in response["Location"]


# --- harder and easier --------------------------------------------------------------------------


def test_harder_with_nothing_harder_left_says_so(client, learner):
    PlayerRating.objects.create(user=learner, rating=2100)
    easy = make_puzzle(rating=1200)
    response = client.get(reverse("puzzles:index"), {"difficulty": "harder", "after": easy.pk})
    html = response.content.decode()
    assert response.status_code == 200
    assert "No harder puzzle is left for you" in html
    assert f'href="/puzzles/?after={easy.pk}"' in html
    response = client.get(reverse("puzzles:index"), {"difficulty": "easier"})
    assert response.status_code == 302


def test_easier_of_a_type_with_nothing_left_names_the_type(client):
    make_puzzle(rating=1700)
    html = client.get(reverse("puzzles:index"), {"difficulty": "easier", "kind": "discard"})
    assert "No easier puzzle of the type “What to discard” is left" in html.content.decode()


def test_staff_see_a_puzzles_reports_on_its_admin_page(client, make_user, puzzle):
    play.report_puzzle(make_user("learner"), puzzle, "bad-context", "the dora is a 5m twice")
    client.force_login(make_user("staff", is_staff=True, is_superuser=True))
    response = client.get(reverse("admin:puzzles_puzzle_change", args=[puzzle.pk]))
    assert response.status_code == 200
    assert "the dora is a 5m twice" in response.content.decode()


def test_a_reported_puzzle_is_not_picked_as_the_daily_puzzle(make_user):
    import datetime as dt

    from puzzles import services

    reported, kept = make_puzzle(), make_puzzle(hand="123456789m12p35s2z")
    play.report_puzzle(make_user("learner"), reported, "wrong-answer")
    days = [dt.date(2026, 5, 4) + dt.timedelta(days=n) for n in range(3)]
    assert services.pick_daily(days[0]).puzzle == kept
    # Once every other puzzle has been a daily puzzle, one is used again: not the reported one.
    assert services.pick_daily(days[1]).puzzle == kept
