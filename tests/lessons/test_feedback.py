"""Feedback polish: what the engine knows about an answer is said, in good sentences."""

from __future__ import annotations

from django.http import QueryDict
from django.utils import translation

from lessons.exercises import exercise


def post(**fields: object) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in fields.items():
        q.setlist(key, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    return q


def verdict(data: dict, **fields: object):
    ex = exercise(data)
    return ex.check(ex.read(post(**fields)))


# --- waits --------------------------------------------------------------------------------

KANCHAN_OR_TANKI = {"type": "waits", "hand": "123m 456p 789s 3335s"}


def test_each_wait_is_named_with_the_shape_it_completes():
    v = verdict(KANCHAN_OR_TANKI, tile=["4s", "5s"])
    assert v.correct
    assert "Four of bamboo: a closed wait in the middle (kanchan)." in v.reasons
    assert "Five of bamboo: a single-tile wait on the pair (tanki)." in v.reasons
    assert "As a whole, this is a wait with several shapes." in v.reasons


def test_a_right_wait_in_a_wrong_answer_is_named_with_its_shape_but_a_missed_one_is_not():
    v = verdict(KANCHAN_OR_TANKI, tile=["4s"])
    assert not v.correct
    assert "Four of bamboo: a closed wait in the middle (kanchan)." in v.reasons
    assert not any("Five of bamboo" in r for r in v.reasons)


def test_a_nobetan_is_named_as_a_whole():
    v = verdict({"type": "waits", "hand": "123456789m 1234p"}, tile=["1p", "4p"])
    assert v.correct
    assert any("(nobetan)" in r for r in v.reasons)


def test_wait_shapes_are_translated():
    with translation.override("es"):
        v = verdict(KANCHAN_OR_TANKI, tile=["4s", "5s"])
    assert "Cuatro de bambú: espera cerrada en el medio (kanchan)." in v.reasons
    assert "En conjunto, es una espera con varias formas." in v.reasons
