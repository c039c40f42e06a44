"""The engine's reasons on the classes pages follow the reader's language: the answer key of a
worksheet and the engine's refusal of a teacher's position."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from classes.models import Assignment, AssignmentKind

pytestmark = pytest.mark.django_db
FU = {"type": "fu", "hand": "234567m23455p678s", "win_tile": "4p", "win": "ron", "riichi": True}


@pytest.fixture(autouse=True)
def _english_afterwards():
    # A request with the Spanish cookie leaves Spanish active in this thread; later tests in
    # the same process expect the default language.
    yield
    translation.activate("en")


def _new_fu(client, world, **changes):
    url = reverse("classes:assignment_new", args=[world.classroom.pk]) + "?kind=exercise"
    data = {"kind": "exercise", "seat": "south", "round": "east", **FU, **changes}
    return unescape(client.post(url, data).content.decode())


def _key(client, world) -> str:
    sheet = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.EXERCISE, worksheet=[FU]
    )
    url = reverse("classes:print", args=[world.classroom.pk, sheet.pk])
    return unescape(client.get(url).content.decode())


def test_a_spanish_teacher_reads_the_answer_keys_fu_lines_in_spanish(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _key(client, world)
    assert "Ron con la mano cerrada" in body and "Closed ron" not in body


def test_an_english_teacher_reads_them_in_english(login, world):
    body = _key(login(world.teacher), world)
    assert "Closed ron" in body


def test_a_hand_without_yaku_is_refused_with_spanish_near_misses(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _new_fu(client, world, hand="123m456p789s222s99p", win_tile="9p", riichi="")
    assert "Sin yaku: esta mano no puede ganar." in body
    assert "won by ron" not in body
    assert Assignment.objects.count() == 1  # the fixture's only


def test_an_incomplete_hand_is_refused_in_spanish(login, world):
    client = login(world.teacher)
    client.cookies["django_language"] = "es"
    body = _new_fu(client, world, hand="123m456p789s11z259s", win_tile="9s")
    assert "Estas fichas no son una mano ganadora" in body
