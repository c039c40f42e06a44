"""Attempts, ratings, streaks, reviews, the next puzzle and the dashboard (puzzles.play)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from puzzles import dashboard, play
from puzzles.models import DailyPuzzle, PlayerRating, Puzzle, PuzzleAttempt, PuzzleKind
from puzzles.signals import puzzle_attempted
from tests.puzzles.play_factories import (
    DISCARD_BEST,
    IMPROVE_HAND,
    SHANTEN_HAND,
    WAITS_HAND,
    make_puzzle,
)
from tutor.exercises import AnswerError

pytestmark = pytest.mark.django_db


# --- answers ---------------------------------------------------------------------------------


def test_a_red_five_answers_for_the_five():
    puzzle = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    assert play.grade(puzzle, ["0m", "2m", "8m"]).answer == ["2m", "5m", "8m"]
    assert play.grade(puzzle, ["8m", "0m", "2m"]).correct


def test_the_best_discard_is_correct_and_another_is_not():
    puzzle = make_puzzle()
    assert play.grade(puzzle, [DISCARD_BEST]).correct
    assert not play.grade(puzzle, ["1p"]).correct


def test_a_discard_must_be_a_tile_of_the_hand():
    with pytest.raises(AnswerError, match="from the hand"):
        play.grade(make_puzzle(), ["9p"])


def test_a_discard_is_exactly_one_tile():
    with pytest.raises(AnswerError, match="exactly one"):
        play.grade(make_puzzle(), ["1z", "1p"])


@pytest.mark.parametrize("raw", [[], [""], ["12"], ["x"], ["1", "2"], ["-1"]])
def test_a_shanten_answer_is_one_number_from_0_to_6(raw):
    with pytest.raises(AnswerError):
        play.grade(make_puzzle(PuzzleKind.SHANTEN, SHANTEN_HAND), raw)


def test_a_tile_answer_rejects_text_that_is_not_a_tile():
    with pytest.raises(AnswerError, match="not a tile"):
        play.grade(make_puzzle(PuzzleKind.IMPROVE, IMPROVE_HAND), ["8z"])


def test_select_all_needs_every_improving_tile_and_no_other():
    puzzle = make_puzzle(PuzzleKind.IMPROVE, IMPROVE_HAND)
    right = play.solution(puzzle)
    assert play.grade(puzzle, right).correct
    assert not play.grade(puzzle, right[:-1]).correct
    assert not play.grade(puzzle, [*right, "9p"]).correct


def test_the_shanten_answer_is_the_stored_number():
    puzzle = make_puzzle(PuzzleKind.SHANTEN, SHANTEN_HAND)
    number = puzzle.analysis["answer"]
    assert play.grade(puzzle, [str(number)]).correct
    assert not play.grade(puzzle, [str(number + 1)]).correct


# --- attempts and ratings --------------------------------------------------------------------


def test_a_first_attempt_rates_player_and_puzzle(make_user):
    user = make_user()
    puzzle = make_puzzle(rating=1500)
    result = play.record_attempt(user, puzzle.pk, [DISCARD_BEST], seconds=12.5)
    assert result.correct and result.first and result.rated
    assert result.rating_after > result.rating_before == 1500
    puzzle.refresh_from_db()
    assert puzzle.rating < 1500 and puzzle.attempts == 1 and puzzle.solved == 1
    rating = PlayerRating.objects.get(user=user)
    assert rating.rating == pytest.approx(result.rating_after)
    assert [round(h["rating"]) for h in rating.history] == [1500, round(result.rating_after)]
    attempt = PuzzleAttempt.objects.get(user=user)
    assert attempt.first_attempt and attempt.seconds == 12.5 and attempt.answer == ["1z"]


def test_a_wrong_first_attempt_lowers_the_rating(make_user):
    user = make_user()
    result = play.record_attempt(user, make_puzzle().pk, ["1p"])
    assert not result.correct and result.rating_after < 1500


def test_only_the_first_attempt_is_rated(make_user):
    user = make_user()
    puzzle = make_puzzle()
    play.record_attempt(user, puzzle.pk, ["1p"])
    rating_after_first = PlayerRating.objects.get(user=user).rating
    second = play.record_attempt(user, puzzle.pk, [DISCARD_BEST])
    assert second.correct and not second.first and not second.rated
    assert PlayerRating.objects.get(user=user).rating == rating_after_first
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1 and puzzle.solved == 0
    assert PuzzleAttempt.objects.filter(user=user).count() == 2


def test_a_bad_answer_writes_nothing(make_user):
    user = make_user()
    puzzle = make_puzzle()
    with pytest.raises(AnswerError):
        play.record_attempt(user, puzzle.pk, ["9p"])
    assert not PuzzleAttempt.objects.exists()
    puzzle.refresh_from_db()
    assert puzzle.rating == 1500 and puzzle.attempts == 0


def test_an_unknown_puzzle_raises_does_not_exist(make_user):
    with pytest.raises(Puzzle.DoesNotExist):
        play.record_attempt(make_user(), 999_999, ["1z"])


def test_the_signal_tells_whether_it_was_the_first_attempt(
    make_user, django_capture_on_commit_callbacks
):
    user = make_user()
    puzzle = make_puzzle()
    heard = []

    def listener(sender, **kwargs):
        heard.append(kwargs)

    puzzle_attempted.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            play.record_attempt(user, puzzle.pk, ["1p"], seconds=3.0)
        with django_capture_on_commit_callbacks(execute=True):
            play.record_attempt(user, puzzle.pk, [DISCARD_BEST])
    finally:
        puzzle_attempted.disconnect(listener)
    assert [(h["puzzle_id"], h["correct"], h["first"], h["seconds"]) for h in heard] == [
        (puzzle.pk, False, True, 3.0),
        (puzzle.pk, True, False, None),
    ]
    assert heard[0]["user"] == user


# --- the daily streak ------------------------------------------------------------------------


def _daily(date, hand="123456789m12p35s1z"):
    return DailyPuzzle.objects.create(date=date, puzzle=make_puzzle(hand=hand))


def test_solving_daily_puzzles_on_consecutive_days_grows_the_streak(make_user):
    user = make_user()
    day = dt.date(2026, 3, 1)
    for offset in range(3):
        date = day + dt.timedelta(days=offset)
        result = play.record_attempt(user, _daily(date).puzzle_id, [DISCARD_BEST], today=date)
        assert result.streak == offset + 1
    rating = PlayerRating.objects.get(user=user)
    assert rating.daily_streak == 3 and rating.best_daily_streak == 3
    assert play.current_streak(rating, day + dt.timedelta(days=3)) == 3  # alive until today ends
    assert play.current_streak(rating, day + dt.timedelta(days=4)) == 0  # a day was missed


def test_a_missed_day_starts_the_streak_again(make_user):
    user = make_user()
    first, later = dt.date(2026, 3, 1), dt.date(2026, 3, 3)
    play.record_attempt(user, _daily(first).puzzle_id, [DISCARD_BEST], today=first)
    result = play.record_attempt(user, _daily(later).puzzle_id, [DISCARD_BEST], today=later)
    assert result.streak == 1
    assert PlayerRating.objects.get(user=user).best_daily_streak == 1


def test_a_wrong_answer_then_the_right_one_does_not_count_as_solved(make_user):
    user = make_user()
    day = timezone.localdate()
    puzzle_id = _daily(day).puzzle_id
    play.record_attempt(user, puzzle_id, ["1p"], today=day)
    play.record_attempt(user, puzzle_id, [DISCARD_BEST], today=day)
    assert PlayerRating.objects.get(user=user).daily_streak == 0


def test_solving_another_puzzle_does_not_count_for_the_streak(make_user):
    user = make_user()
    play.record_attempt(user, make_puzzle().pk, [DISCARD_BEST])
    assert PlayerRating.objects.get(user=user).daily_streak == 0


# --- spaced repetition -----------------------------------------------------------------------

T0 = dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)
DAY = dt.timedelta(days=1)


def test_a_miss_comes_back_a_day_later():
    review = play.review_schedule([(False, T0)])
    assert review is not None and review.due == T0 + DAY and review.step == 0


def test_a_retry_right_after_the_miss_does_not_count_as_a_review():
    review = play.review_schedule([(False, T0), (True, T0 + dt.timedelta(minutes=1))])
    assert review is not None and review.step == 0 and review.due == T0 + DAY


def test_each_successful_review_pushes_the_next_further_until_it_is_learnt():
    attempts = [(False, T0), (True, T0 + DAY)]
    assert play.review_schedule(attempts).due == T0 + DAY + 3 * DAY
    attempts.append((True, T0 + 4 * DAY))
    assert play.review_schedule(attempts).due == T0 + 4 * DAY + 7 * DAY
    attempts.append((True, T0 + 11 * DAY))
    assert play.review_schedule(attempts) is None


def test_missing_a_review_starts_the_intervals_again():
    attempts = [(False, T0), (True, T0 + DAY), (False, T0 + 4 * DAY)]
    review = play.review_schedule(attempts)
    assert review.step == 0 and review.due == T0 + 5 * DAY


def test_a_missed_puzzle_is_offered_again_when_due(make_user):
    user = make_user()
    missed = make_puzzle()
    make_puzzle(hand="123456789m12p35s2z")
    play.record_attempt(user, missed.pk, ["1p"])
    assert play.due_reviews(user) == []
    later = timezone.now() + 2 * DAY
    assert [r.puzzle_id for r in play.due_reviews(user, now=later)] == [missed.pk]
    PuzzleAttempt.objects.filter(user=user).update(created=timezone.now() - 2 * DAY)
    chosen = play.pick_next(user)
    assert chosen.puzzle.pk == missed.pk and chosen.review is not None
    # Asking for a harder puzzle skips the review (the miss left the player below 1500).
    assert play.pick_next(user, "harder").puzzle.pk != missed.pk


# --- choosing the next puzzle ----------------------------------------------------------------


def _ladder():
    hands = ["123456789m12p35s1z", "123456789m12p35s2z", "123456789m12p35s3z", "123456789m12p35s4z"]
    return [
        make_puzzle(hand=h, rating=r) for h, r in zip(hands, (1100, 1500, 1900, 2300), strict=True)
    ]


class FirstChoice:
    def choice(self, items):
        return items[0]


def test_the_next_puzzle_is_near_the_player_rating(make_user):
    user = make_user()
    easy, middle, hard, _ = _ladder()
    PlayerRating.objects.create(user=user, rating=1480)
    assert play.pick_next(user, rng=FirstChoice()).puzzle == middle
    assert play.pick_next(user, "easier", rng=FirstChoice()).puzzle == easy  # aims at 1230
    PlayerRating.objects.filter(user=user).update(rating=1350)
    assert play.pick_next(user, "easier", rng=FirstChoice()).puzzle == easy
    assert play.pick_next(user, "harder", rng=FirstChoice()).puzzle == middle  # 1600
    PlayerRating.objects.filter(user=user).update(rating=1700)
    assert play.pick_next(user, "harder", rng=FirstChoice()).puzzle == hard


def test_puzzles_already_tried_are_not_offered_while_fresh_ones_remain(make_user):
    user = make_user()
    _easy, middle, hard, _ = _ladder()
    play.record_attempt(user, middle.pk, play.solution(middle))
    PlayerRating.objects.filter(user=user).update(rating=1500)
    assert play.pick_next(user, rng=FirstChoice()).puzzle != middle


def test_anonymous_visitors_get_puzzles_near_1500_skipping_the_ones_they_saw():
    _easy, middle, hard, _ = _ladder()
    assert play.pick_next(None, rng=FirstChoice()).puzzle == middle
    assert play.pick_next(None, exclude_ids=[middle.pk], rng=FirstChoice()).puzzle in {_easy, hard}


def test_a_kind_filter_keeps_to_that_kind():
    _ladder()
    waits = make_puzzle(PuzzleKind.WAITS, WAITS_HAND, rating=2500)
    assert play.pick_next(None, kind=PuzzleKind.WAITS).puzzle == waits


def test_there_is_no_next_puzzle_without_puzzles():
    assert play.pick_next(None) is None


def test_pick_puzzles_filters_by_theme_and_rating():
    a = make_puzzle(hand="123456789m12p35s1z", rating=1200, themes=("one-suit",))
    b = make_puzzle(hand="123456789m12p35s2z", rating=1600, themes=("one-suit", "tenpai"))
    make_puzzle(hand="123456789m12p35s3z", rating=1400, themes=("tenpai",))
    assert play.pick_puzzles(theme="one-suit") == [a, b]
    assert play.pick_puzzles(theme="one-suit", rating_min=1300) == [b]
    assert play.pick_puzzles(rating_max=1450, count=10) == [a, Puzzle.objects.get(rating=1400)]
    assert len(play.pick_puzzles(count=2)) == 2


# --- the dashboard ---------------------------------------------------------------------------


def test_the_dashboard_counts_accuracy_per_theme_and_finds_the_weakest(make_user):
    user = make_user()
    hands = [f"123456789m12p35s{n}z" for n in range(1, 8)]
    for i, hand in enumerate(hands):
        theme = "one-suit" if i < 4 else "tenpai"
        puzzle = make_puzzle(hand=hand, themes=(theme,))
        right = i in (0, 4, 5, 6)  # one-suit 1/4, tenpai 3/3
        play.record_attempt(user, puzzle.pk, play.solution(puzzle) if right else ["1p"])
    board = dashboard.dashboard(user)
    by_slug = {t.slug: (t.right, t.total) for t in board.themes}
    assert by_slug == {"one-suit": (1, 4), "tenpai": (3, 3)}
    assert [t.slug for t in board.weakest] == ["one-suit"]
    assert board.rated == 7 and board.solved == 4
    assert len(board.recent_misses) == 3
    assert board.chart.games == 7
    assert board.kinds[0].total == 7


def test_the_rating_chart_scales_the_history_into_the_box():
    history = [
        {"rating": 1500, "deviation": 350},
        {"rating": 1650, "deviation": 200},
        {"rating": 1580, "deviation": 150},
    ]
    chart = dashboard.rating_chart(history, width=600, height=200)
    points = [tuple(map(float, p.split(","))) for p in chart.points.split()]
    assert len(points) == 3
    assert all(48 <= x <= 600 and 0 <= y <= 200 for x, y in points)
    assert points[1][1] < points[2][1] < points[0][1]  # higher rating, higher on the chart
    assert chart.lowest == 1500 and chart.highest == 1650


# --- the explanation -------------------------------------------------------------------------


def test_the_explanation_names_the_best_discard_and_its_tiles():
    text = play.exercise_of(make_puzzle()).explanation()
    assert (
        "Discarding East wind (1z)" in text
        and "20 tiles" in text
        and "one of circles (1p), accepts only 10" in text
    )


def test_the_explanation_of_a_wait_names_the_waits():
    text = play.exercise_of(make_puzzle(PuzzleKind.WAITS, WAITS_HAND)).explanation()
    assert "2m, 5m, 8m" in text and "9 tiles" in text and "multi-sided" in text


def test_a_due_review_of_the_chosen_type_comes_first(make_user):
    user = make_user()
    discard = make_puzzle()
    waits = make_puzzle(PuzzleKind.WAITS, WAITS_HAND)
    make_puzzle(PuzzleKind.WAITS, "3456789m456p789s")
    play.record_attempt(user, discard.pk, ["1p"])
    play.record_attempt(user, waits.pk, ["1m"])
    PuzzleAttempt.objects.filter(user=user, puzzle=discard).update(created=timezone.now() - 3 * DAY)
    PuzzleAttempt.objects.filter(user=user, puzzle=waits).update(created=timezone.now() - 2 * DAY)
    chosen = play.pick_next(user, kind=PuzzleKind.WAITS)
    assert chosen.puzzle.pk == waits.pk and chosen.review is not None
    assert play.pick_next(user).puzzle.pk == discard.pk  # the soonest due of any type
