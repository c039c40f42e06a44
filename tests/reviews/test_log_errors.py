"""The log reader's refusals reach the upload page in the reader's language: the engine gives
a code and params (``GameLogError``), the web layer words them (``gamelog_error_text``)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from reviews.models import GameReview, ReviewedDecision
from tests.puzzles.test_mining import JSON, XML
from tests.reviews.test_views import login, reviewed, upload
from tutor.engine.gamelog.events import GAMELOG_CODES, GameLogError
from tutor.engine.gamelog.read import read_game
from tutor.engine.gamelog.replay import replay_game
from tutor.engine.gamelog.tenhou6 import read_tenhou6
from tutor.web.engine_text import GAMELOG_REASONS, gamelog_error_text


def _contradiction() -> bytes:
    text = XML.read_text()
    first_discard = text.index("<D")
    return (text[:first_discard] + "<D135/>" + text[first_discard:]).encode()


def _refusal(data: bytes) -> GameLogError:
    with pytest.raises(GameLogError) as caught:
        replay_game(read_game(data.decode(), "x"), decisions=False)
    return caught.value


def test_every_log_reader_code_is_worded_with_its_params_in_both_languages() -> None:
    assert set(GAMELOG_REASONS) == set(GAMELOG_CODES)
    for code, params in GAMELOG_CODES.items():
        error = GameLogError("English", code=code, params={p: "PARAM" for p in params})
        for language in ("en", "es"):
            with translation.override(language):
                text = gamelog_error_text(error)
            assert text and ("PARAM" in text) == bool(params), (code, language, text)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"hello", "not_mjlog"),
        (_contradiction(), "impossible"),
        (b'{"log": [[[0, 0, 0], [25000]]]}', "bad_round"),
        (b'{"log": [', "not_json"),
    ],
    ids=["not-a-log", "contradiction", "bad-round", "not-json"],
)
def test_a_refused_log_carries_its_code(data, code) -> None:
    error = _refusal(data)
    assert error.code == code
    assert set(error.params) == set(GAMELOG_CODES[code])


@pytest.mark.django_db
def test_the_upload_page_says_why_a_log_is_refused_in_english() -> None:
    client, _learner = login("learner")
    body = unescape(upload(client, _contradiction(), seat="0").content.decode())
    assert "round E1-0, event #3 (discard 1m by seat 0): the game cannot go on like this" in body
    assert not GameReview.objects.exists()


@pytest.mark.django_db
def test_the_upload_page_says_why_a_log_is_refused_in_spanish() -> None:
    client, _learner = login("learner")
    client.cookies.load({"django_language": "es"})
    response = upload(client, _contradiction(), seat="0")
    assert response.status_code == 400
    body = unescape(response.content.decode())
    assert "ronda E1-0, evento #3 (discard 1m by seat 0): la partida no puede seguir así" in body
    refused = unescape(upload(client, b"hello", name="notas.txt", seat="0").content.decode())
    assert "notas.txt: esto no es un registro de partida mjlog (el XML de Tenhou)" in refused
    assert "this is not an mjlog" not in refused
    assert not GameReview.objects.exists()


def test_a_pasted_tenhou6_log_with_a_bad_tile_is_worded_in_spanish() -> None:
    log = json.loads(JSON.read_text())
    log["log"][1][5][3] = 99
    with pytest.raises(GameLogError) as caught:
        read_tenhou6(json.dumps(log))
    with translation.override("es"):
        text = gamelog_error_text(caught.value)
    assert text.startswith("ronda E2-0, evento take 4 of seat 0 (99): no se puede leer una ronda")


@pytest.mark.django_db
def test_spanish_review_pages_group_thousands_as_the_glossary_does() -> None:
    """Scores, expected points and payments: 25.000 in Spanish, never 25000."""
    client, learner = login("learner")
    review = reviewed(learner)
    client.cookies.load({"django_language": "es"})
    grouped, ungrouped = set(), set()
    for index in ReviewedDecision.objects.filter(review=review).values_list("index", flat=True):
        page = client.get(reverse("reviews:detail", args=[review.pk]) + f"?d={index}")
        text = re.sub(r"<[^>]+>", " ", unescape(page.content.decode())).replace(review.name, "")
        grouped.update(re.findall(r"\b\d{1,3}\.\d{3}\b", text))
        ungrouped.update(re.findall(r"\b\d{4,}\b", text))
    assert {"25.000", "24.000"} <= grouped
    assert not ungrouped
