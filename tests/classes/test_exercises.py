"""Custom exercises: the engine checks the teacher's position and then the students' answers."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from classes import services
from classes.models import Assignment, AssignmentKind

CLEAR_DISCARD = "23467m456p789s11z1s"  # tenpai after discarding 1s; anything else is 1-shanten
NARROW_DISCARD = "123m456p789s11345z"  # 3z, 4z and 5z are all the same


def test_a_discard_exercise_records_the_engines_table_and_best_answer():
    facts = services.exercise_facts("discard", CLEAR_DISCARD)
    assert facts["best"] == "1s"
    best = facts["discards"][0]
    assert (best["discard"], best["shanten"]) == ("1s", 0)
    assert best["count"] == sum(best["accepted"].values())
    assert {row["discard"] for row in facts["discards"]} == {
        "2m", "3m", "4m", "6m", "7m", "4p", "5p", "6p", "7s", "8s", "9s", "1s", "1z",
    }  # fmt: skip


def test_a_discard_exercise_does_not_count_the_tiles_of_its_own_called_sets():
    # After discarding 1s the hand waits on 1m and 4m; the chi already holds one 1m.
    facts = services.exercise_facts("discard", "23m456p789s11z1s [123m]")
    best = facts["discards"][0]
    assert (best["discard"], best["shanten"]) == ("1s", 0)
    assert best["accepted"] == {"1m": 3, "4m": 4}
    assert best["count"] == 7


def test_a_discard_exercise_without_a_clear_best_answer_says_why():
    with pytest.raises(services.ExerciseError, match="no clear best answer: discarding 3z"):
        services.exercise_facts("discard", NARROW_DISCARD)


@pytest.mark.parametrize(
    ("kind", "hand", "message"),
    [
        ("discard", "", "Enter a hand"),
        ("discard", "123m456p789s1122z", "14 tiles"),
        ("discard", "123m456p789s11228z", "not a tile"),
        ("discard", "11111m456p789s122z", "four"),
        ("waits", "123m456p789s1357z", "not tenpai"),
        ("waits", "123m456p789s11345z", "13"),
        ("score", "234567m23455p678s", "which tile completed"),
        ("bogus", "234567m23455p678s", "kind of exercise"),
    ],
)
def test_a_bad_position_is_refused_with_a_reason(kind, hand, message):
    with pytest.raises(services.ExerciseError, match=message):
        services.exercise_facts(kind, hand)


def test_a_waits_exercise_lists_every_wait():
    facts = services.exercise_facts("waits", "23m456p789s11z111m")
    assert facts["waits"] == ["1m", "4m", "1z"]


def test_a_score_exercise_keeps_the_points_yaku_and_fu_lines():
    facts = services.exercise_facts(
        "score",
        "234567m23455p678s",
        {"win_tile": "4p", "riichi": True, "seat_wind": "S", "round_wind": "E"},
    )
    assert facts["points"] == 3900
    assert [y["name"] for y in facts["yaku"]] == ["Riichi", "Pinfu", "Tanyao"]
    assert "Closed ron: +10" in facts["fu_lines"]


def test_a_hand_without_yaku_cannot_be_a_score_exercise():
    with pytest.raises(services.ExerciseError, match="yaku"):
        services.exercise_facts(
            "score", "123m456p789s11z234s", {"win_tile": "4s", "seat_wind": "S"}
        )


def test_dora_indicators_add_han():
    plain = services.exercise_facts(
        "score", "234567m23455p678s", {"win_tile": "4p", "riichi": True}
    )
    with_dora = services.exercise_facts(
        "score", "234567m23455p678s", {"win_tile": "4p", "riichi": True, "dora": "4p"}
    )
    assert with_dora["han"] == plain["han"] + 2  # two 5p


def _exercise(kind: str, hand: str, situation=None) -> Assignment:
    return Assignment(
        kind=AssignmentKind.EXERCISE,
        exercise_kind=kind,
        hand=hand,
        situation=situation or {},
        analysis=services.exercise_facts(kind, hand, situation),
    )


def _post(**data) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            q.setlist(key, value)
        else:
            q[key] = value
    return q


def test_the_best_discard_is_right_and_another_is_wrong():
    a = _exercise("discard", CLEAR_DISCARD)
    assert services.check_exercise_answer(a, _post(discard="1s")).correct
    verdict = services.check_exercise_answer(a, _post(discard="7m"))
    assert not verdict.correct
    assert verdict.answer == "7m"


@pytest.mark.parametrize("bad", ["", "9z", "5z", "<script>", "1" * 500])
def test_a_tampered_discard_is_refused(bad):
    a = _exercise("discard", CLEAR_DISCARD)
    with pytest.raises(services.AnswerError):
        services.check_exercise_answer(a, _post(discard=bad))


def test_waits_must_all_be_found_and_nothing_else():
    a = _exercise("waits", "23m456p789s11z111m")
    assert services.check_exercise_answer(a, _post(waits=["1m", "4m", "1z"])).correct
    assert not services.check_exercise_answer(a, _post(waits=["1m", "4m"])).correct
    assert not services.check_exercise_answer(a, _post(waits=["1m", "4m", "1z", "7m"])).correct
    with pytest.raises(services.AnswerError):
        services.check_exercise_answer(a, _post(waits=["1q"]))
    with pytest.raises(services.AnswerError):
        services.check_exercise_answer(a, _post())


def test_points_are_checked_against_the_engines_score():
    a = _exercise("score", "234567m23455p678s", {"win_tile": "4p", "riichi": True})
    assert services.check_exercise_answer(a, _post(points="3900")).correct
    assert services.check_exercise_answer(a, _post(points="3,900")).correct
    assert not services.check_exercise_answer(a, _post(points="2600")).correct
    for bad in ("", "lots", "-5", "99999999999"):
        with pytest.raises(services.AnswerError):
            services.check_exercise_answer(a, _post(points=bad))


def test_a_fifth_copy_among_the_dora_indicators_is_refused():
    with pytest.raises(services.ExerciseError, match="only four 5p"):
        services.exercise_facts(
            "score", "234567m23455p678s", {"win_tile": "4p", "riichi": True, "dora": "555p"}
        )
