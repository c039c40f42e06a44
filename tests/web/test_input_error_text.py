"""A hand the engine refuses is explained in the reader's language (the engine's notation and
hand errors are English sentences without a code)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tiles
from tutor.web.engine_text import error_text


def refusal(text: str, **kwargs) -> ValueError:
    with pytest.raises(ValueError) as caught:
        parse_hand(text, **kwargs) if kwargs else parse_tiles(text)
    return caught.value


def test_an_english_reader_gets_the_engines_precise_sentence():
    with translation.override("en"):
        assert error_text(refusal("123m8z")) == str(refusal("123m8z"))


def test_a_spanish_reader_is_told_where_the_notation_breaks():
    with translation.override("es"):
        text = error_text(refusal("123m8z"))
    assert "carácter 5" in text and "«8z»" in text


def test_a_spanish_reader_is_told_why_tiles_cannot_be_a_hand():
    with translation.override("es"):
        too_many = error_text(refusal("11111m", sizes=(5,)))
        wrong_size = error_text(refusal("123m", sizes=(14,)))
    assert too_many == wrong_size
    assert "más de cuatro veces" in too_many


def test_a_spanish_reader_is_told_a_called_set_is_wrong():
    with translation.override("es"):
        text = error_text(refusal("123m [1*24m]L", sizes=(6,)))
    assert text.startswith("Un grupo cantado no es válido") or "notación" in text
