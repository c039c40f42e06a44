"""The rated stream: random near the rating, types and themes balanced, "harder" and "easier"
that say when nothing is left, starting ratings spread by each puzzle's own features."""

from __future__ import annotations

import doctest
import random
from collections import Counter

import pytest

import puzzles.starting
from puzzles import generation, play, starting
from puzzles.models import PlayerRating, PuzzleKind, PuzzleReport
from tests.puzzles.play_factories import (
    IMPROVE_HAND,
    SHANTEN_HAND,
    WAITS_HAND,
    analysis_for,
    make_puzzle,
)

pytestmark = pytest.mark.django_db

DISCARDS = [f"123456789m12p35s{n}z" for n in range(1, 8)]


def test_the_docstring_examples_hold():
    result = doctest.testmod(puzzles.starting)
    assert result.attempted > 0 and result.failed == 0


def test_the_stream_is_not_in_id_order():
    puzzles = [make_puzzle(hand=h, rating=1500 + i) for i, h in enumerate(DISCARDS)]
    picked = {play.pick_next(None, rng=random.Random(seed)).puzzle.pk for seed in range(40)}
    # Every puzzle within the window comes up, not the lowest id (or rating) every time.
    assert picked == {p.pk for p in puzzles}


def test_the_stream_keeps_near_the_rating_when_puzzles_are_near():
    near = make_puzzle(hand=DISCARDS[0], rating=1540)
    make_puzzle(hand=DISCARDS[1], rating=1950)
    make_puzzle(hand=DISCARDS[2], rating=1050)
    assert {play.pick_next(None, rng=random.Random(s)).puzzle for s in range(20)} == {near}


def test_all_types_serves_the_type_met_least_lately():
    discards = [make_puzzle(hand=h, rating=1500) for h in DISCARDS[:4]]
    waits = make_puzzle(PuzzleKind.WAITS, WAITS_HAND, rating=1500)
    improve = make_puzzle(PuzzleKind.IMPROVE, IMPROVE_HAND, rating=1500)
    shanten = make_puzzle(PuzzleKind.SHANTEN, SHANTEN_HAND, rating=1500)
    seen: list[int] = []
    kinds = []
    for seed in range(4):
        chosen = play.pick_next(None, exclude_ids=seen, rng=random.Random(seed)).puzzle
        seen.append(chosen.pk)
        kinds.append(chosen.kind)
    # Four puzzles, four types: a new player meets every type before a second discard.
    assert sorted(kinds) == sorted({PuzzleKind.DISCARD, waits.kind, improve.kind, shanten.kind})
    assert {waits.pk, improve.pk, shanten.pk} <= set(seen)
    assert len(set(seen) & {p.pk for p in discards}) == 1


def test_a_logged_in_player_gets_the_types_in_turn(make_user):
    user = make_user()
    for i, h in enumerate(DISCARDS):
        make_puzzle(hand=h, rating=1500 + i)
    make_puzzle(PuzzleKind.WAITS, WAITS_HAND, rating=1500)
    first = play.pick_next(user, rng=random.Random(1)).puzzle
    play.record_attempt(user, first.pk, play.solution(first))
    PlayerRating.objects.filter(user=user).update(rating=1500)
    second = play.pick_next(user, rng=random.Random(1)).puzzle
    assert {first.kind, second.kind} == {PuzzleKind.DISCARD, PuzzleKind.WAITS}


def test_themes_are_balanced_within_a_type():
    one_suit = make_puzzle(hand=DISCARDS[0], themes=("one-suit",))
    make_puzzle(hand=DISCARDS[1], themes=("one-suit",))
    tenpai = make_puzzle(hand=DISCARDS[2], themes=("tenpai",))
    chosen = {
        play.pick_next(None, PuzzleKind.DISCARD, exclude_ids=[one_suit.pk], rng=random.Random(s))
        for s in range(10)
    }
    # The visitor has just met "one-suit": the puzzle of another theme comes next.
    assert {c.puzzle.pk for c in chosen} == {tenpai.pk}


def test_harder_says_so_when_nothing_harder_is_left(make_user):
    user = make_user()
    PlayerRating.objects.create(user=user, rating=1800)
    easy = make_puzzle(hand=DISCARDS[0], rating=1500)
    assert play.pick_next(user, "harder") is None
    assert play.pick_next(user, "easier").puzzle == easy
    hard = make_puzzle(hand=DISCARDS[1], rating=1900)
    assert play.pick_next(user, "harder").puzzle == hard
    play.record_attempt(user, hard.pk, ["1p"])
    PlayerRating.objects.filter(user=user).update(rating=1800)
    # The only harder puzzle was tried: it is not served again as "harder".
    assert play.pick_next(user, "harder") is None


def test_easier_says_so_when_nothing_easier_is_left():
    make_puzzle(hand=DISCARDS[0], rating=1600)
    assert play.pick_next(None, "easier") is None
    assert play.pick_next(None, "same") is not None


def test_a_reported_puzzle_leaves_the_stream_until_staff_dismiss_it(make_user):
    reporter = make_user("reporter")
    puzzle = make_puzzle(hand=DISCARDS[0])
    report = PuzzleReport.objects.create(user=reporter, puzzle=puzzle, reason="wrong-answer")
    assert play.pick_next(None) is None
    report.status = "upheld"
    report.save()
    assert play.pick_next(None) is None
    report.status = "dismissed"
    report.save()
    assert play.pick_next(None).puzzle == puzzle


def test_starting_ratings_spread_over_many_values():
    ratings = []
    for kind in generation.KINDS:
        outcome = generation.generate(kind, 20261201, 12)
        ratings += [g.rating for g in outcome.puzzles]
        assert all(starting.LOWEST <= g.rating <= starting.HIGHEST for g in outcome.puzzles)
    assert len(set(ratings)) > 20, Counter(ratings)


@pytest.mark.parametrize(
    "kind,easier,harder",
    [
        (PuzzleKind.WAITS, "2345678m456p789s", "1112345678999m"),
        (PuzzleKind.SHANTEN, "123456789m1p35s1z", "1469m2589p17s257z"),
        (PuzzleKind.IMPROVE, "123456789m1p357s", "13579m1357p1357s"),
    ],
)
def test_a_hand_that_asks_more_starts_higher(kind, easier, harder):
    low = starting.starting_rating(kind, analysis_for(kind, easier))
    high = starting.starting_rating(kind, analysis_for(kind, harder))
    assert low < high


def test_the_data_migration_spreads_only_puzzles_nobody_has_rated():
    import importlib

    from django.apps import apps

    migration = importlib.import_module("puzzles.migrations.0004_spread_starting_ratings")
    fresh = make_puzzle(PuzzleKind.WAITS, "1112345678999m", rating=1500, themes=("one-suit",))
    played = make_puzzle(hand=DISCARDS[0], rating=1500)
    played.attempts = 3
    played.rating = 1432.0
    played.save()
    migration.spread(apps, None)
    fresh.refresh_from_db()
    played.refresh_from_db()
    expected = starting.starting_rating("waits", fresh.analysis, ["one-suit"])
    assert fresh.rating == expected != 1500
    assert played.rating == 1432.0
