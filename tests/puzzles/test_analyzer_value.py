"""The analyzer's expected-value ranking: tenpai and win chances, expected points and reasons."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_a_14_tile_hand_shows_the_ranking_by_expected_value(client):
    html = client.get(reverse("puzzles:analyzer"), {"hand": "123m456p789s23m55p7z"}).content
    # One table: the value columns beside the accepted tiles, best by expected points first.
    assert html.decode().count("<table") == 1
    table = html.decode().split('data-testid="discard-table"')[1].split("</table>")[0]
    assert table.count("<tr") == 1 + 10  # a row for each different tile
    assert "Expected points" in html.decode() and "After a useful draw" not in table
    assert "backs_off" not in table  # reasons are rendered sentences
    assert "goes back a shanten for a better shape or value" in table
    first = table.split("<tr")[2]
    assert "7z" in first and "table-success" in first and "3,206" in first


def test_the_ranking_reads_in_spanish(client):
    with translation.override("es"):
        response = client.get(
            reverse("puzzles:analyzer"),
            {"hand": "123m456p789s23m55p7z"},
            HTTP_ACCEPT_LANGUAGE="es",
            headers={"cookie": "django_language=es"},
        )
    html = response.content.decode()
    assert "Por valor esperado" in html
    assert "retrocede un shanten para lograr mejor forma o más valor" in html
    assert "3.206" in html  # the expected points grouped the Spanish way


def test_the_api_gives_the_ranking_best_first(client):
    data = client.get(reverse("api:analyze"), {"hand": "123m456p789s23m55p7z"}).json()
    first = data["ranking"][0]
    assert first["discard"] == "7z"
    assert first["shanten"] == 0 and 0 < first["win_rate"] <= 1 and first["ev"] > 0
    assert [r["code"] for r in first["reasons"]][0] == "tenpai"
    evs = [r["ev"] for r in data["ranking"] if r["shanten"] == 1]
    assert max(evs) < first["ev"]


def test_a_far_hand_has_no_ranking(client):
    data = client.get(reverse("api:analyze"), {"hand": "147m258p369s12345z"}).json()
    assert "ranking" not in data
