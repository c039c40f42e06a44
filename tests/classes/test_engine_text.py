"""The engine's reasons on the classes pages follow the reader's language."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from classes import services
from classes.models import Assignment, AssignmentKind

HTMX = {"HTTP_HX_REQUEST": "true"}
SCORE = {
    "exercise_kind": "score",
    "hand": "234567m23455p678s",
    "win_tile": "4p",
    "riichi": "on",
    "seat_wind": "S",
    "round_wind": "E",
}


@pytest.fixture(autouse=True)
def _english_afterwards():
    # A request with the Spanish cookie leaves Spanish active in this thread; later tests in
    # the same process expect the default language.
    yield
    translation.activate("en")


def _preview(client, world, **data):
    url = reverse("classes:exercise_preview", args=[world.classroom.pk])
    return unescape(client.post(url, data, **HTMX).content.decode())


@pytest.mark.django_db
def test_a_spanish_teacher_reads_the_fu_lines_and_yaku_in_spanish(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _preview(client, world, **SCORE)
    assert "Ron con la mano cerrada: +10" in body
    assert "Espera a dos lados (ryanmen) a cuatro de círculos: 0" in body
    assert "Escalera 234m, cerrada: 0" in body
    assert "Tanyao: 1" in body
    assert "Closed ron" not in body


@pytest.mark.django_db
def test_an_english_teacher_reads_them_in_english(login, world):
    body = _preview(login(world.teacher), world, **SCORE)
    assert "Closed ron: +10" in body
    assert "Sequence 234m, closed: 0" in body


@pytest.mark.django_db
def test_a_hand_without_yaku_is_refused_with_spanish_near_misses(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _preview(
        client, world, **{**SCORE, "hand": "123m456p789s222s99p", "win_tile": "9p", "riichi": ""}
    )
    assert "Sin yaku: esta mano no puede ganar." in body
    assert "Menzen tsumo: ganada por ron, no por tsumo" in body
    assert "won by ron" not in body


@pytest.mark.django_db
def test_an_exercise_saved_in_one_language_reads_in_the_other(login, world):
    facts = services.exercise_facts(
        "score", SCORE["hand"], {"win_tile": "4p", "riichi": True, "seat_wind": "S"}
    )
    assert facts["fu_details"][1] == {"fu": 10, "sign": "+", "code": "closed_ron", "params": {}}
    assert [y["key"] for y in facts["yaku"]] == ["riichi", "pinfu", "tanyao"]
    a = Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Score",
        exercise_kind="score",
        hand=SCORE["hand"],
        situation={"win_tile": "4p", "riichi": True, "seat_wind": "S", "round_wind": "E"},
        analysis=facts,
    )
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    url = reverse("classes:assignment", args=[world.classroom.pk, a.pk])
    body = unescape(client.get(url).content.decode())
    assert "Pareja de cinco de círculos: 0" in body


@pytest.mark.django_db
def test_an_exercise_saved_before_the_codes_still_shows_its_lines(login, world):
    world.exercise.analysis = {
        "points": 2600, "han": 2, "fu": 40,
        "yaku": [{"name": "Riichi", "han": 1}], "fu_lines": ["Closed ron: +10"],
    }  # fmt: skip
    world.exercise.save()
    url = reverse("classes:assignment", args=[world.classroom.pk, world.exercise.pk])
    body = unescape(login(world.teacher).get(url).content.decode())
    assert "Closed ron: +10" in body and "Riichi: 1" in body


@pytest.mark.django_db
def test_an_incomplete_hand_is_refused_in_spanish(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _preview(client, world, **{**SCORE, "hand": "123m456p789s11z259s", "win_tile": "9s"})
    assert "Estas fichas no son una mano ganadora" in body
