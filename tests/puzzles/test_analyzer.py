"""The hand analyzer page and the JSON API."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def analyze(client, **params):
    return client.get(reverse("puzzles:analyzer"), params)


def test_a_typed_14_tile_hand_shows_shanten_and_every_discard(client):
    response = analyze(client, hand="123456789m12p35s1z")
    html = response.content.decode()
    assert response.status_code == 200
    assert "1-shanten" in html and 'data-testid="discard-table"' in html
    table = html.split('data-testid="discard-table"')[1].split("</table>")[0]
    assert table.count("<tr") == 1 + 14  # a row for each of the 14 different tiles


def test_a_tenpai_hand_shows_its_waits_and_shape(client):
    html = analyze(client, hand="23m456p789s11122z").content.decode()
    assert "Tenpai" in html and 'data-testid="waits"' in html and "two-sided" in html


def test_a_13_tile_hand_shows_the_tiles_that_improve_it(client):
    html = analyze(client, hand="123456789m1p357s").content.decode()
    assert 'data-testid="accepted"' in html and "Tiles that improve the hand (17)" in html


def test_a_bad_hand_is_a_400_with_the_parse_error(client):
    response = analyze(client, hand="123m8z")
    assert response.status_code == 400
    assert "is not a tile" in response.content.decode()


def test_an_impossible_hand_is_a_400(client):
    response = analyze(client, hand="11111m23456p789s1z")
    assert response.status_code == 400 and "only four" in response.content.decode()


def test_clicking_a_tile_adds_it_to_the_hand(client):
    html = analyze(client, hand="123m", add="4m").content.decode()
    assert 'value="1234m"' in html and "4 tiles so far" in html


def test_undo_and_clear(client):
    assert 'value="12m"' in analyze(client, hand="123m", undo="1").content.decode()
    assert 'value=""' in analyze(client, hand="123m", clear="1").content.decode()


def test_a_hand_stops_growing_at_14_tiles(client):
    html = analyze(client, hand="123456789m12p35s1z", add="5z").content.decode()
    assert 'value="123456789m12p35s1z"' in html


def test_htmx_gets_only_the_analyzer_region(client):
    html = client.get(
        reverse("puzzles:analyzer"), {"hand": "23m456p789s11122z"}, **HTMX
    ).content.decode()
    assert "<html" not in html and 'id="analyzer"' in html


def test_the_empty_analyzer_page_shows_the_palette(client):
    html = analyze(client).content.decode()
    assert html.count('name="add"') == 37


# --- the API ---------------------------------------------------------------------------------


def test_the_api_returns_the_analysis_as_json(client):
    response = client.get("/api/analyze", {"hand": "123456789m12p35s1z"})
    data = response.json()
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert data["shanten"] == 1 and data["tiles"] == 14
    best = data["discards"][0]
    assert best["discard"] == "1z" and best["count"] == 20 and best["shanten"] == 1
    assert sum(best["accepted"].values()) == 20


def test_the_api_gives_waits_for_a_tenpai_hand(client):
    data = client.get("/api/analyze", {"hand": "23m456p789s11122z"}).json()
    assert [(w["tile"], w["count"]) for w in data["waits"]] == [("1m", 4), ("4m", 4)]
    assert data["wait_pattern"] == "two_sided"


@pytest.mark.parametrize("hand", ["123m8z", "", "12345", "1234m", "x" * 200])
def test_the_api_answers_a_bad_hand_with_400_and_the_error(client, hand):
    response = client.get("/api/analyze", {"hand": hand})
    assert response.status_code == 400
    assert response.json()["error"]


def test_the_api_says_where_the_notation_is_wrong(client):
    body = client.get("/api/analyze", {"hand": "123m8z"}).json()
    assert body["position"] == 4 and "honors are 1z" in body["reason"]


def test_the_openapi_description_documents_analyze(client):
    doc = client.get("/api/openapi.json").json()
    assert doc["openapi"].startswith("3.1")
    operation = doc["paths"]["/api/analyze"]["get"]
    assert operation["parameters"][0]["name"] == "hand"
    assert set(operation["responses"]) == {"200", "400"}
    data = client.get("/api/analyze", {"hand": "23m456p789s11122z"}).json()
    assert set(doc["components"]["schemas"]["Analysis"]["required"]) <= set(data)


def test_a_bad_hand_is_explained_in_spanish_with_its_position(client):
    client.cookies.load({"django_language": "es"})
    response = client.get(reverse("puzzles:analyzer"), {"hand": "123m8z"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "no es válida en el carácter 5" in html and "is not a tile" not in html
