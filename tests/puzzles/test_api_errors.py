"""The JSON API answers programs in JSON: stable codes, a 405 for other methods, and the
engine's rule that a copy in the hand's own called set cannot be a wait (issue 10, item 19)."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def csrf_client() -> Client:
    # Django's test client skips CSRF checks by default; a real program's POST does not.
    return Client(enforce_csrf_checks=True)


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_other_methods_get_a_json_405_not_an_html_403(csrf_client, method):
    response = getattr(csrf_client, method)("/api/analyze?hand=123m")
    assert response.status_code == 405
    assert response["Content-Type"] == "application/json"
    assert response["Allow"] == "GET, HEAD"
    assert response.json()["code"] == "method_not_allowed"


def test_the_openapi_document_says_post_is_refused(client):
    doc = client.get("/api/openapi.json").json()
    path = doc["paths"]["/api/analyze"]
    assert set(path["post"]["responses"]) == {"405"}
    assert (
        "method_not_allowed" in doc["components"]["schemas"]["Error"]["properties"]["code"]["enum"]
    )


@pytest.mark.parametrize(
    ("hand", "code"),
    [
        ("123m8z", "bad_notation"),
        ("1234m", "incomplete_hand"),
        ("x" * 200, "hand_too_long"),
        ("11111m23456789p", "impossible_hand"),
        ("1m234p567s789s [124m]", "invalid_called_set"),
    ],
)
def test_every_refusal_carries_a_stable_code_and_a_message(client, hand, code):
    response = client.get("/api/analyze", {"hand": hand}, HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == code
    assert body["error"]


def test_a_wait_on_a_copy_held_in_its_own_pon_is_no_wait(client):
    body = client.get("/api/analyze", {"hand": "1m234p567s789s [111m]"}).json()
    assert body["shanten"] == 1
    assert body["waits"] == []
    concealed = client.get("/api/analyze", {"hand": "1111m234p567s789s"}).json()
    assert concealed["shanten"] == body["shanten"]


def test_the_analyzer_page_agrees(client):
    response = client.get("/puzzles/analyzer/", {"hand": "1m234p567s789s [111m]"})
    assert response.status_code == 200
    assert "1-shanten" in response.content.decode() or "1 shanten" in response.content.decode()
