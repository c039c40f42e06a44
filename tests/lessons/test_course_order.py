"""Item 11 of curriculum v2: the course teaches a concept before it asks about it or names it.

A win needs a yaku right after winning hands; dora come before riichi (so ura dora follow
dora); no choice, hint or feedback uses a word the learner has not met yet.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from tests.conftest import curriculum_files
from tests.lessons.test_exercises import post
from tutor.exercises import exercise, with_position
from tutor.exercises.scoring import NO_YAKU

STAGES = curriculum_files()
BY_SLUG = {s.slug: s for s in STAGES}


def step_of(slug: str, key: str):
    return next(s for s in BY_SLUG[slug].steps if s.key == key)


def keys(slug: str) -> list[str]:
    return [s.key for s in BY_SLUG[slug].steps]


def check(data: dict, lang: str = "en", **fields: object):
    ex = exercise(data)
    with translation.override(lang):
        return ex.check(ex.read(post(**fields)))


def test_a_win_needs_a_yaku_is_taught_right_after_winning_hands():
    assert keys("winning-hands")[-1] == "needs-a-yaku"
    step = step_of("winning-hands", "needs-a-yaku").exercise
    # The first yaku are riichi, menzen tsumo and tanyao, and nothing else is offered.
    assert step["choices"] == ["Riichi", "Menzen Tsumo", "Tanyao"]
    both = 0
    for seed in range(1, 41):
        data = with_position(step, seed)
        (right,) = exercise(data).solutions()
        assert "menzen_tsumo" in right and right <= {"menzen_tsumo", "tanyao"}
        both += right == {"menzen_tsumo", "tanyao"}
        assert check(data, choice=sorted(right)).correct
        assert not check(data, choice=[NO_YAKU]).correct
    assert 0 < both < 40  # with and without tanyao: the learner has to look


def test_dora_come_before_riichi_so_ura_dora_follow_dora():
    assert BY_SLUG["dora"].number < BY_SLUG["riichi"].number
    assert BY_SLUG["riichi"].number < BY_SLUG["first-yaku"].number


def test_the_riichi_stage_offers_ippatsu_only_once_it_is_taught():
    steps = keys("riichi")
    taught = steps.index("ippatsu")
    for step in BY_SLUG["riichi"].steps[:taught]:
        assert "Ippatsu" not in step.exercise.get("choices", []), step.key
        assert "ippatsu" not in step.hint.get("en", "").lower(), step.key


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_riichi_discard_feedback_says_tenpai_not_shanten(seed, lang):
    from tutor.engine.tiles import tile_str

    data = with_position(step_of("riichi", "ready-to-declare").exercise, seed)
    kinds = {k for k, n in enumerate(exercise(data).hand.concealed) if n}
    for kind in kinds:
        v = check(data, lang, tile=tile_str(kind))
        words = " ".join(v.reasons + v.details).lower()
        assert not re.search(r"\baway\b|improve|pasos?\b|mejora", words), words
        assert "tenpai" in words


@pytest.mark.parametrize("lang", ["en", "es"])
def test_stage_one_feedback_does_not_use_terminal_or_simple_before_teaching_them(lang):
    stage = BY_SLUG["tiles-and-suits"]
    taught = keys("tiles-and-suits").index("terminals-and-simples")
    asked = 0
    for step in stage.steps[:taught]:
        if step.exercise.get("type") != "pick_tiles":
            continue
        ex = exercise(step.exercise)
        wrong = sorted(set(range(len(ex.kinds))) - set(ex.solution()))
        v = check(step.exercise, lang, tile=wrong)
        words = " ".join(v.reasons).lower()
        assert not re.search(r"terminal|simple", words), (step.key, words)
        asked += 1
    assert asked >= 2


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_yaku_lists_only_the_yaku_the_exercise_offers(lang):
    data = step_of("first-yaku", "no-yaku").exercise
    v = check(data, lang, choice=[NO_YAKU])
    assert v.correct
    text = " ".join(v.reasons)
    for untaught in ("Sanshoku", "Ittsu", "Chiitoitsu", "Iipeikou", "Toitoi", "Honitsu"):
        assert untaught not in text
    assert "Tanyao" in text and "Pinfu" in text
