"""The push-or-fold reasons as sentences (:mod:`tutor.web.push_fold_text`): every code the engine
gives has one, in English and in Spanish."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tutor.engine.push_fold import REASON_CODES
from tutor.web.push_fold_text import reason_text

PARAMS: dict[str, Any] = {
    "tile": "5m",
    "shanten": 1,
    "win_rate": 0.3,
    "hand_value": 3900,
    "danger": 0.12,
    "risk": 0.2,
    "points": 1105,
    "dealer": False,
    "answer": "fold",
    "push_value": -1500,
    "fold_value": -1200,
    "plays_on": True,
}


@pytest.mark.parametrize("code", sorted(REASON_CODES))
def test_every_push_fold_reason_has_an_english_and_a_spanish_sentence(code: str) -> None:
    params = {name: PARAMS[name] for name in REASON_CODES[code]}
    with translation.override("en"):
        english = reason_text(code, params)
    with translation.override("es"):
        spanish = reason_text(code, params)
    assert english != code and "%(" not in english
    assert spanish != english and "%(" not in spanish


def test_folding_says_what_the_round_still_costs() -> None:
    with translation.override("en"):
        text = reason_text("round_goes_on", {"points": 1105})
    assert "1,105 points" in text and "self-draw" in text
    with translation.override("es"):
        assert "1.105 puntos" in reason_text("round_goes_on", {"points": 1105})


def test_a_fold_that_keeps_the_hand_says_its_risk_is_that_of_playing_on() -> None:
    params = {"tile": "8p", "danger": 0.001, "risk": 0.104}
    with translation.override("en"):
        plain = reason_text("fold_deals_in", {**params, "plays_on": False})
        playing_on = reason_text("fold_deals_in", {**params, "plays_on": True})
    assert "playing on" in playing_on and "playing on" not in plain
    # a reason stored before the param existed reads as a plain fold
    with translation.override("en"):
        assert reason_text("fold_deals_in", params) == plain
