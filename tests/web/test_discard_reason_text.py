"""The reasons of the expected-value discard ranking read in English and in Spanish."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tile
from tutor.engine.value import REASON_CODES, Reason, TableContext, rank_discards
from tutor.web.engine_text import discard_reason_text

PARAMS = {"tile": "7z", "tiles": "1m,4m", "live": 3, "players": 2}


@pytest.mark.parametrize("code", sorted(REASON_CODES))
def test_every_ranking_reason_has_an_english_and_a_spanish_sentence(code: str) -> None:
    reason = Reason(code, PARAMS)
    with translation.override("en"):
        english = discard_reason_text(reason)
    with translation.override("es"):
        spanish = discard_reason_text(reason)
    assert english and spanish and english != spanish
    assert "{" not in english and "%(" not in spanish


def test_a_furiten_reason_names_the_tile_in_the_readers_language() -> None:
    with translation.override("es"):
        text = discard_reason_text({"code": "furiten", "params": {"tiles": "3m"}})
    assert text.startswith("furiten: tres de caracteres")


def test_the_reasons_of_a_real_ranking_render() -> None:
    ranking = rank_discards(
        parse_hand("123m456p789s23m55p7z"),
        TableContext(own_discards=(parse_tile("4m"),), draws_left=10),
    )
    with translation.override("es"):
        texts = [discard_reason_text(r) for r in ranking.rows[0].reasons]
    assert any("furiten" in t for t in texts)
    assert any("esperando" in t for t in texts)
