"""Push-or-fold puzzles from real Phoenix positions: an opponent declared riichi, do you push or
fold? Mined where the engine's rule finds the verdict clear; answered push or fold; after the
answer both options in points with the reasons, each tile's danger, what the Phoenix player did
and how the hand went for them."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from puzzles import defense_mining, play, push_fold, services_mining
from puzzles.management.commands.mine_push_fold import FIXTURE
from puzzles.models import Puzzle, PuzzleKind
from puzzles.views_staff import BatchForm
from tests.conftest import missing
from tests.engine.test_gamelog import LOGS
from tutor.engine import push_fold as pf
from tutor.engine.gamelog.mjlog import load_mjlog
from tutor.exercises import ContentError
from tutor.exercises.puzzles import puzzle_exercise
from tutor.web.defense_text import percent_text
from tutor.web.push_fold_text import points_text

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def puzzles(db) -> list[Puzzle]:
    Puzzle.objects.all().delete()
    # the clear verdicts of the 363 shared games (bench/bench_push_fold.py), as many folds as
    # pushes: 63 of each
    assert services_mining.load_fixture(FIXTURE) >= 80
    return list(Puzzle.objects.filter(kind=PuzzleKind.PUSH_FOLD).order_by("id"))


@pytest.fixture
def puzzle(puzzles) -> Puzzle:
    return next(p for p in puzzles if p.analysis["answer"] == "push" and not p.analysis["dealt_in"])


def answered(client, puzzle: Puzzle, *values: str):
    return client.post(
        reverse("puzzles:answer", args=[puzzle.pk]), {"answer": list(values)}, **HTMX
    )


def test_the_fixture_holds_both_answers_as_often_each_clear_by_the_engine_s_rule(puzzles):
    answers = [p.analysis["answer"] for p in puzzles]
    assert answers.count("push") == answers.count("fold") >= 40
    for p in puzzles:
        choice = pf.PushFold.from_json(p.analysis["push_fold"])
        leading = bool(p.analysis["push_fold"]["leading"])
        assert pf.clear_answer(choice, is_leading=leading) == p.analysis["answer"]
        assert p.context["push_tile"] == choice.push.tile_str != choice.fold.tile_str
        codes = [r["code"] for r in p.analysis["push_fold"]["reasons"]]
        assert set(codes) <= set(pf.REASON_CODES) and codes[-1] == "lead"


def test_a_mined_game_gives_the_same_puzzles_as_the_fixture(db):
    path = LOGS / "2022010103gm-00a9-0000-8beb2987.xml"
    if not path.exists():
        missing(f"{path} (a shared Phoenix game) is not here")
    rows = [r for r in defense_mining.defense_rows(load_mjlog(path)) if r["kind"] == "push_fold"]
    assert rows, "the uploaded game's mining gives its push-or-fold puzzles"
    stored = {
        line.split('"canonical_key": "')[1].split('"')[0]
        for line in FIXTURE.read_text().splitlines()
        if f'"push_fold:{path.stem}:' in line
    }
    # the fixture keeps as many folds as pushes (push_fold.balanced), so it may hold fewer of
    # a game's puzzles than mining it gives, never others
    assert stored and stored <= {r["canonical_key"] for r in rows[:2]}


def test_in_the_rated_stream_and_its_theme(puzzle):
    assert {"push-fold", "riichi-table", "real-game"} <= set(
        puzzle.themes.values_list("slug", flat=True)
    )
    assert play.in_rated_pool(Puzzle.objects.filter(pk=puzzle.pk)).exists()
    picked = play.pick_puzzles(theme="push-fold", count=5)
    assert len(picked) == 5 and all(p.kind == PuzzleKind.PUSH_FOLD for p in picked)


def test_staff_cannot_generate_them_at_random():
    assert "push_fold" not in dict(BatchForm().fields["kind"].choices)


def test_the_right_answer_and_the_wrong_one(puzzle):
    assert play.grade(puzzle, ["push"]).correct
    wrong = play.grade(puzzle, ["fold"])
    assert not wrong.correct
    assert wrong.verdict is not None
    # what folding gives up, in the hand's own figures, then the points
    push = puzzle.analysis["push_fold"]["push"]
    assert wrong.verdict.reasons[0].startswith("Folding with")
    assert f"deals in only about {percent_text(push['danger'])}" in wrong.verdict.reasons[0]
    assert "Folding is worth about" in wrong.verdict.reasons[1]


def test_pushing_a_slow_hand_says_how_little_it_wins_for_what_it_risks(puzzles):
    puzzle = next(
        p
        for p in puzzles
        if p.analysis["answer"] == "fold" and p.analysis["push_fold"]["push"]["shanten"] >= 2
    )
    push = puzzle.analysis["push_fold"]["push"]
    with translation.override("en"):
        wrong = play.grade(puzzle, ["push"])
    assert not wrong.correct and wrong.verdict is not None
    first = wrong.verdict.reasons[0]
    assert first.startswith("Pushing") and f"{push['shanten']}-shanten" in first
    assert f"deals in about {percent_text(push['danger'])}" in first
    assert "Pushing is worth about" in wrong.verdict.reasons[1]


@pytest.mark.parametrize("values", [("1m",), ("maybe",), ("push", "fold"), ("PUSH ",)])
def test_bad_answers_are_refused_with_a_message(client, puzzle, values):
    response = answered(client, puzzle, *values)
    assert response.status_code == 400
    assert "Answer push or fold." in response.content.decode()


def test_an_empty_answer_is_refused(client, puzzle):
    response = answered(client, puzzle, "")
    assert response.status_code == 400


def test_a_stored_answer_that_is_neither_is_content_error(puzzle):
    with pytest.raises(ContentError):
        puzzle_exercise("push_fold", puzzle.hand, {**puzzle.analysis, "answer": "1m"})


def test_the_page_before_the_answer_names_the_tile_of_each_choice(client, puzzle):
    html = client.get(reverse("puzzles:detail", args=[puzzle.pk])).content.decode()
    assert 'data-testid="riichi-badge"' in html and 'data-testid="defense-table"' in html
    assert 'data-testid="push-fold-choices"' in html and "Push: discard" in html
    assert "Do you push" in html
    assert 'data-testid="push-fold-table"' not in html and 'data-testid="danger-table"' not in html


def test_after_the_answer_both_options_their_reasons_and_the_phoenix_player(client, puzzle):
    html = answered(client, puzzle, "push").content.decode()
    assert "Correct!" in html and 'data-testid="push-fold-table"' in html
    assert html.count('data-testid="danger-reasons"') == 2
    assert "Pushing is worth about" in html and "Dealing in to" in html
    assert "The Phoenix player" in html
    assert "the riichi was waiting on" in html


def test_after_the_answer_in_spanish(client, puzzle):
    client.cookies.load({"django_language": "es"})
    html = answered(client, puzzle, "fold").content.decode()
    assert "No es la mejor respuesta." in html
    assert "Atacar vale unos" in html
    assert "El jugador Fénix" in html
    # points grouped as the Spanish lessons write them (8.489), not Django's no-break space
    assert not re.search(r"\d[\xa0\u202f]\d{3}", html)


def test_spanish_points_are_grouped_with_a_point():
    with translation.override("es"):
        assert points_text(8489.4) == "8.489"
    with translation.override("en"):
        assert points_text(-1646) == "-1,646"


def test_the_choices_come_only_with_a_push_fold_puzzle(puzzle):
    assert [c[0] for c in push_fold.choices(puzzle)] == ["push", "fold"]
    puzzle.kind = PuzzleKind.DEFENSE
    assert push_fold.choices(puzzle) == []


def test_a_hand_after_a_call_shows_its_called_sets(client, puzzles):
    called = next(p for p in puzzles if p.context.get("own_melds"))
    assert len(play.exercise_of(called).hand.concealed_tiles()) < 14
    html = client.get(reverse("puzzles:detail", args=[called.pk])).content.decode()
    assert "Your called sets:" in html
    html = answered(client, called, called.analysis["answer"]).content.decode()
    assert "Correct!" in html


def test_the_stream_of_this_kind_serves_one(client, puzzles):
    response = client.get(reverse("puzzles:index"), {"kind": "push_fold"})
    assert response.status_code == 302
    served = int(response.url.split("/puzzles/")[1].split("/")[0])
    assert Puzzle.objects.get(pk=served).kind == PuzzleKind.PUSH_FOLD
