"""Worksheets: a teacher writes positions of any exercise type (each checked by building it
with the exercise layer), students answer them with the lessons' widgets and feedback, and the
teacher prints the sheet with its answer key and reviews each student's answers drawn."""

from __future__ import annotations

import importlib
import re
from html import unescape

import pytest
from django.http import QueryDict
from django.urls import reverse

from classes import worksheets
from classes.models import Assignment, AssignmentKind
from tutor.exercises import exercise

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
WINNING = {"hand": "234567m23455p678s", "win_tile": "4p", "win": "ron", "riichi": "on"}
WINDS = {"seat": "south", "round": "east"}

# One position a teacher may type for each type the form offers, as the form posts it.
POSITIONS = {
    "best_discard": {"hand": "23467m456p789s11z1s"},
    "waits": {"hand": "23m456p789s11z111m"},
    "shanten": {"hand": "123m456p789s1357z"},
    "improve": {"hand": "123m456p789s1357z"},
    "furiten": {"hand": "34m234p678p345s88s", "discards": "9p1z2m7z", "tile": "5m", "win": "ron"},
    "dora": {"indicators": "6m", "ura": "8s", "hand": "123m789m456p789s55z"},
    "yaku": {**WINNING, **WINDS, "choices": ["Riichi", "Menzen Tsumo", "Pinfu", "Tanyao"]},
    "fu": {**WINNING, **WINDS},
    "payment": {**WINNING, **WINDS, "discarder": "west"},
    "safest_tile": {"river": "1z9m2z1m8p7m", "hand": "234m4m66p789p4s56s77z", "dora": "3s"},
    "push_fold": {"river": "1z9m3p6p2z5s", "hand": "478m3466p55789s11z", "dora": "3p"},
}


def _new_url(world, **query):
    url = reverse("classes:assignment_new", args=[world.classroom.pk])
    return url + "?" + "&".join(f"{k}={v}" for k, v in {"kind": "exercise", **query}.items())


def _sheet(world, *items):
    return Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Sheet",
        worksheet=list(items),
    )


def _answer(client, world, sheet, item, **data):
    url = reverse("classes:answer", args=[world.classroom.pk, sheet.pk])
    return client.post(url, {"item": item, **data}, **HTMX)


def test_the_form_shows_only_the_fields_of_the_chosen_type(login, world):
    client = login(world.teacher)
    waits = client.get(_new_url(world, type="waits")).content.decode()
    assert 'name="hand"' in waits and 'name="win_tile"' not in waits
    payment = client.get(_new_url(world, type="payment")).content.decode()
    for name in ("hand", "win_tile", "win", "seat", "round", "riichi", "dora", "discarder"):
        assert f'name="{name}"' in payment, name
    assert 'name="river"' not in payment
    # An unknown type falls back to the discard question instead of failing.
    assert 'name="hand"' in client.get(_new_url(world, type="<b>")).content.decode()


@pytest.mark.parametrize("kind", list(POSITIONS))
def test_every_offered_type_is_saved_as_the_exercise_layer_reads_it(login, world, kind):
    assert set(POSITIONS) == set(worksheets.TYPES)
    response = login(world.teacher).post(
        _new_url(world), {"kind": "exercise", "type": kind, "title": kind, **POSITIONS[kind]}
    )
    assert response.status_code == 302, unescape(response.content.decode())[-3000:]
    item = Assignment.objects.get(title=kind).worksheet[0]
    assert item["type"] == kind
    assert len(exercise(item).solutions()) == 1


@pytest.mark.parametrize(
    ("kind", "data", "field", "message"),
    [
        ("best_discard", {"hand": "123m456p789s1122z"}, "hand", "14"),
        ("best_discard", {"hand": "123q456p789s11345z"}, "hand", ""),
        ("waits", {"hand": "123m456p789s1357z"}, None, "0 right answers"),
        ("best_discard", {"hand": "123m456p789s11345z"}, None, "3 right answers"),
        ("fu", {**WINNING, **WINDS, "win_tile": "45p"}, "win_tile", "exactly one tile"),
        ("payment", {**WINNING, **WINDS}, "discarder", "Say who dealt in"),
        ("furiten", {"hand": "34m234p678p345s88s", "tile": "5m", "win": "nope"}, "win", "valid"),
        ("yaku", {**WINNING, **WINDS, "choices": ["Riichi"]}, None, "Pinfu"),
        ("safest_tile", {"river": "", "hand": "234m4m66p789p4s56s77z"}, "river", "required"),
        (
            "push_fold",
            {"river": "1z9m3p6p2z5s", "hand": "147m258p369s4567z6p"},
            None,
            "there is nothing to weigh",
        ),
    ],
)
def test_a_position_the_engine_cannot_use_is_refused_and_nothing_typed_is_lost(
    login, world, kind, data, field, message
):
    response = login(world.teacher).post(
        _new_url(world), {"kind": "exercise", "type": kind, "title": "Mine", **data}
    )
    assert response.status_code == 400
    body = unescape(response.content.decode())
    assert message in body
    assert 'value="Mine"' in body
    if data.get("hand"):
        assert f'value="{data["hand"]}"' in body
    if field is None:
        assert "item-error" in body
    assert Assignment.objects.count() == 1  # the fixture's only


def test_a_teacher_adds_hands_and_the_score_is_over_all_of_them(login, world):
    sheet = _sheet(world, {"type": "waits", "hand": "23m456p789s11z111m"})
    client = login(world.teacher)
    url = reverse("classes:item_new", args=[world.classroom.pk, sheet.pk])
    assert 'name="hand"' in client.get(url + "?type=shanten").content.decode()
    response = client.post(url, {"type": "shanten", "hand": "123m456p789s1357z"})
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert [i["type"] for i in sheet.worksheet] == ["waits", "shanten"]
    assert sheet.items == ["1", "2"] and sheet.display_title == "Sheet"
    student = login(world.student)
    assert _answer(student, world, sheet, "1", tile=["1m", "4m", "1z"]).status_code == 200
    progress = sheet.progress.get(student=world.student)
    assert (progress.score, progress.completed_at) == (50, None)
    # The widget the lessons draw, and the feedback they give.
    body = _answer(student, world, sheet, "2", choice="1").content.decode()
    assert "Not quite." in body
    progress.refresh_from_db()
    assert progress.score == 50


def test_a_worksheet_holds_at_most_its_limit(login, world):
    sheet = _sheet(world, *[{"type": "waits", "hand": "23m456p789s11z111m"}] * worksheets.MAX_ITEMS)
    url = reverse("classes:item_new", args=[world.classroom.pk, sheet.pk])
    response = login(world.teacher).post(url, {"type": "waits", "hand": "23m456p789s11z111m"})
    assert response.status_code == 400
    sheet.refresh_from_db()
    assert len(sheet.worksheet) == worksheets.MAX_ITEMS


POSITIONS_ITEM = {"type": "best_discard", "hand": "23467m456p789s11z1s"}


def test_the_review_draws_each_answer_with_the_right_one_marked(login, world):
    sheet = _sheet(world, POSITIONS_ITEM, {"type": "shanten", "hand": "123m456p789s1357z"})
    student = login(world.student)
    _answer(student, world, sheet, "1", tile="7m")
    _answer(student, world, sheet, "1", tile="1s")
    _answer(student, world, sheet, "2", choice="1")
    url = reverse("classes:review", args=[world.classroom.pk, sheet.pk, world.student.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    first, second = body.split('data-item="2"')
    # Hand 1: the wrong 7m drawn picked, then the right 1s; 1s outlined as the answer.
    assert first.count('data-correct="no"') == 1 and first.count('data-correct="yes"') == 1
    wrong = first.split('data-correct="no"')[1].split('data-correct="yes"')[0]
    assert re.search(r'value="7m"[^>]*checked', wrong)
    assert not re.search(r'value="1s"[^>]*checked', wrong)
    assert re.search(r'value="1s"[^>]*><img class="tile tile-mark"', wrong)
    assert "Discarding seven of characters" in wrong  # the verdict's reason
    # Hand 2: a choice answer, with the right one in words.
    assert re.search(r'value="1"[^>]*checked', second) and "Right answer:</strong> 2 away" in second


def test_another_students_answers_are_not_in_the_review(login, world, make_user):
    from classes.models import Membership

    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    sheet = _sheet(world, POSITIONS_ITEM)
    _answer(login(classmate), world, sheet, "1", tile="7m")
    url = reverse("classes:review", args=[world.classroom.pk, sheet.pk, world.student.pk])
    body = login(world.teacher).get(url).content.decode()
    assert "Not answered yet." in body and "checked" not in body.split("drawn")[-1]


def test_the_printable_page_has_the_positions_then_the_answer_key(login, world):
    sheet = _sheet(world, POSITIONS_ITEM, {"type": "waits", "hand": "23m456p789s11z111m"})
    url = reverse("classes:print", args=[world.classroom.pk, sheet.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    assert "classes/print.css" in body
    positions, key = body.split("Answer key")
    assert "tile-mark" not in positions and " checked" not in positions
    assert positions.count("print-item") == 2
    assert "tile-mark" in key and "This hand waits on 3 tiles" in key


def test_a_push_or_fold_hand_prints_its_choices_and_the_key_says_why(login, world):
    sheet = _sheet(world, {"type": "push_fold", **POSITIONS["push_fold"]})
    url = reverse("classes:print", args=[world.classroom.pk, sheet.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    positions, key = body.split("Answer key")
    assert "Push: discard four of characters (4m)" in positions
    assert "Fold: discard five of bamboo (5s)" in positions
    assert "Pushing four of characters leaves your hand 2-shanten." in key


def test_a_puzzle_set_has_no_printable_worksheet(login, world):
    puzzles = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=[1]
    )
    url = reverse("classes:print", args=[world.classroom.pk, puzzles.pk])
    assert login(world.teacher).get(url).status_code == 404


def test_the_student_moves_between_the_hands(login, world):
    sheet = _sheet(world, POSITIONS_ITEM, {"type": "waits", "hand": "23m456p789s11z111m"})
    client = login(world.student)
    _answer(client, world, sheet, "1", tile="1s")
    url = reverse("classes:assignment", args=[world.classroom.pk, sheet.pk])
    body = client.get(url + "?item=2").content.decode()
    assert 'name="item" value="2"' in body and "1 ✓" in body
    assert 'name="item" value="1"' in client.get(url + "?item=99").content.decode()


# --- the data migration ------------------------------------------------------------------------

migration = importlib.import_module("classes.migrations.0006_worksheets")


@pytest.mark.parametrize(
    ("kind", "hand", "situation", "old_answer", "right"),
    [
        ("discard", "23467m456p789s11z1s", {}, "1s", True),
        ("discard", "23467m456p789s11z1s", {}, "7m", False),
        ("waits", "23m456p789s11z111m", {}, "1m 4m 1z", True),
        ("waits", "23m456p789s11z111m", {}, "1m", False),
    ],
)
def test_an_old_exercise_and_its_answers_read_as_a_worksheet(
    kind, hand, situation, old_answer, right
):
    ex = exercise(migration.item_of(kind, hand, situation))
    post = QueryDict(mutable=True)
    for name, values in migration.given_of(kind, old_answer).items():
        post.setlist(name, values)
    assert ex.check(ex.read(post)).correct is right


@pytest.mark.parametrize(
    ("situation", "payers"),
    [
        ({"win_tile": "5p", "riichi": True, "seat_wind": "S", "round_wind": "E"}, [2600]),
        # riichi, tsumo and tanyao for the dealer: 2,000 from each
        ({"win_tile": "5p", "riichi": True, "tsumo": True, "seat_wind": "E"}, [2000] * 3),
    ],
)
def test_an_old_score_exercise_becomes_who_pays_the_same_points(situation, payers):
    item = migration.item_of("score", "234567m23455p678s", situation)
    (solution,) = exercise(item).solutions()
    assert [amount for _seat, amount in solution] == payers


# --- a puzzle set's answers, read through the puzzles app --------------------------------------


def test_the_review_of_a_puzzle_set_draws_each_first_answer(login, world):
    from puzzles.models import PuzzleKind
    from tests.puzzles.play_factories import DISCARD_BEST, WAITS_HAND, make_puzzle

    discard, waits, unanswered = (
        make_puzzle(),
        make_puzzle(PuzzleKind.WAITS, WAITS_HAND),
        make_puzzle(PuzzleKind.SHANTEN, "123456789m1p35s1z"),
    )
    ids = [discard.pk, waits.pk, unanswered.pk]
    puzzles = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=ids
    )
    student = login(world.student)
    student.post(reverse("puzzles:answer", args=[discard.pk]), {"answer": "9m"})
    student.post(reverse("puzzles:answer", args=[discard.pk]), {"answer": DISCARD_BEST})
    student.post(reverse("puzzles:answer", args=[waits.pk]), {"answer": ["2m", "5m", "8m"]})
    url = reverse("classes:review", args=[world.classroom.pk, puzzles.pk, world.student.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    first, second, third = body.split('data-puzzle="')[1:]
    # The first, rated, answer is the one drawn: 9m picked, 1z outlined.
    assert 'data-correct="no"' in first and re.search(r'value="9m"[^>]*checked', first)
    assert re.search(r'value="1z"[^>]*><img class="tile tile-mark"', first)
    assert re.search(r'value="2m"[^>]*checked', second)
    assert "Not answered yet." in third
    # Another class's teacher, and a student, cannot read it.
    assert login(world.other_teacher).get(url).status_code == 404
    assert login(world.student).get(url).status_code == 403


def test_the_review_of_a_push_or_fold_puzzle_says_push_or_fold(login, world):
    from puzzles import services_mining
    from puzzles.management.commands.mine_push_fold import FIXTURE
    from puzzles.models import Puzzle, PuzzleKind

    services_mining.load_fixture(FIXTURE)
    puzzle = Puzzle.objects.filter(kind=PuzzleKind.PUSH_FOLD, analysis__answer="fold").first()
    assert puzzle is not None
    puzzles = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=[puzzle.pk]
    )
    login(world.student).post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": "push"})
    url = reverse("classes:review", args=[world.classroom.pk, puzzles.pk, world.student.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    # drawn by the exercise type: the two choices, each naming its tile, the push ticked
    assert 'data-correct="no"' in body and "Fold: discard" in body
    assert re.search(r'value="push"[^>]*checked', body)
    assert "Pushing is worth about" in body


@pytest.mark.django_db(transaction=True)
def test_the_migration_turns_each_old_exercise_into_a_one_hand_worksheet():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("classes", "0005_assignment_review_kind")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    student = old.get_model("auth", "User").objects.create(username="kaede")
    room = old.get_model("classes", "Classroom").objects.create(name="Dojo", join_code="c0de")
    made = old.get_model("classes", "Assignment").objects.create(
        classroom=room, kind="exercise", exercise_kind="discard", hand="23467m456p789s11z1s"
    )
    old.get_model("classes", "Attempt").objects.create(
        assignment=made, student=student, item="exercise", correct=False, answer="7m",
        themes=["exercise:discard"],
    )  # fmt: skip
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    sheet = Assignment.objects.get(pk=made.pk)
    assert sheet.worksheet == [{"type": "best_discard", "hand": "23467m456p789s11z1s"}]
    (attempt,) = sheet.attempts.all()
    assert (attempt.item, attempt.given, attempt.themes) == (
        "1", {"tile": ["7m"]}, ["exercise:best_discard"]
    )  # fmt: skip
    (item,) = worksheets.items(sheet, [attempt])
    assert item.answers[0].verdict is not None and not item.answers[0].verdict.correct
