"""Item 9 of curriculum v2 on the yaku stages (10 to 14): each exercise draws a fresh winning
hand from a family, and every hand it can draw still teaches the step's point. The hand is
scored as the step states it (ron or tsumo, riichi, seat), so a family that drew for another
table would fail here: the step's yaku is always in the answer, the yaku the step rules out
never is, and a yakuman is always alone."""

from __future__ import annotations

import pytest
from django.utils import translation

from tests.conftest import curriculum_files
from tests.lessons.drawn import position, solutions
from tutor.exercises import exercise
from tutor.exercises.scoring import NO_YAKU

# The inner loop (`make check`) draws the first 50 seeds of each step, `make test` all 200.
SEEDS = [
    pytest.param(range(1, 51), id="seeds-1-50"),
    pytest.param(range(51, 201), id="seeds-51-200", marks=pytest.mark.slow),
]
FIRST_SEEDS = range(1, 51)
STEPS = {(stage.slug, step.key): step for stage in curriculum_files() for step in stage.steps}
DRAGONS = {"haku", "hatsu", "chun"}


def answers(slug: str, key: str, seeds: range = FIRST_SEEDS) -> list[frozenset[str]]:
    data = STEPS[slug, key].exercise
    assert "family" in data, (slug, key)
    found = [solutions(data, seed) for seed in seeds]
    assert all(len(right) == 1 for right in found), (key, found)
    return [next(iter(right)) for right in found]


@pytest.mark.parametrize(
    ("slug", "key", "always", "never"),
    [
        ("first-yaku", "tanyao", {"tanyao"}, {"riichi", "menzen_tsumo", "pinfu"}),
        ("first-yaku", "pinfu", {"pinfu"}, {"riichi", "menzen_tsumo"}),
        ("first-yaku", "not-pinfu", {"riichi"}, {"pinfu"}),
        ("first-yaku", "no-yaku", {NO_YAKU}, set()),
        ("value-honors", "seat-wind", {"seat_wind_west"}, {"round_wind_east", "tanyao"}),
        ("value-honors", "round-wind", {"round_wind_east"}, {"seat_wind_south", "tanyao"}),
        ("value-honors", "a-wind-with-no-value", {"riichi"}, {"round_wind_east", "pinfu"}),
        ("value-honors", "double-wind", {"seat_wind_east", "round_wind_east"}, {"tanyao"}),
        ("value-honors", "a-pair-is-not-a-set", {"riichi"}, {"pinfu", *DRAGONS}),
        ("value-honors", "three-little-dragons", {"shousangen"}, {"daisangen"}),
        ("shape-yaku", "iipeikou", {"riichi", "iipeikou"}, {"chiitoitsu"}),
        ("shape-yaku", "sanshoku", {"sanshoku_doujun"}, set()),
        ("shape-yaku", "open-costs-a-han", {"sanshoku_doujun"}, set()),
        ("shape-yaku", "ittsu", {"ittsu", "menzen_tsumo"}, set()),
        ("shape-yaku", "toitoi", {"toitoi"}, set()),
        ("shape-yaku", "sanankou", {"sanankou", "menzen_tsumo"}, {"toitoi"}),
        ("shape-yaku", "chiitoitsu", {"chiitoitsu", "menzen_tsumo"}, {"iipeikou", "toitoi"}),
        ("shape-yaku", "chanta", {"chanta"}, {"junchan"}),
        ("shape-yaku", "junchan", {"riichi", "junchan"}, {"chanta"}),
        ("suit-yaku", "honitsu-closed", {"honitsu", "menzen_tsumo"}, {"chinitsu"}),
        ("suit-yaku", "honitsu-open", {"honitsu"}, {"chinitsu"}),
        ("suit-yaku", "chinitsu-closed", {"riichi", "chinitsu"}, {"honitsu"}),
        ("suit-yaku", "chinitsu-open", {"chinitsu"}, {"honitsu"}),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
@pytest.mark.parametrize("seeds", SEEDS)
def test_every_drawn_hand_has_the_yaku_its_step_teaches(slug, key, always, never, seeds):
    for right in answers(slug, key, seeds):
        assert always <= right and not never & right, (key, right)


@pytest.mark.parametrize(
    ("key", "yakuman"),
    [
        ("daisangen", "daisangen"),
        ("suuankou", "suuankou"),
        ("kokushi", "kokushi_musou"),
        ("tsuuiisou", "tsuuiisou"),
        ("ryuuiisou", "ryuuiisou"),
        ("chuuren", "chuuren_poutou"),
    ],
)
@pytest.mark.parametrize("seeds", SEEDS)
def test_a_yakuman_step_always_draws_that_yakuman_alone(key, yakuman, seeds):
    assert set(answers("yakuman", key, seeds)) == {frozenset({yakuman})}


@pytest.mark.parametrize("seeds", SEEDS)
def test_the_same_shape_by_ron_is_toitoi_and_sanankou_only(seeds):
    got = set(answers("yakuman", "suuankou-by-ron", seeds))
    assert got == {frozenset({"toitoi", "sanankou"})}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("key", ["daisangen", "suuankou", "tsuuiisou", "ryuuiisou", "chuuren"])
def test_an_ordinary_yaku_ticked_beside_a_yakuman_is_superseded_not_denied(key, lang):
    data = STEPS["yakuman", key].exercise
    says = {"en": "takes the place of every ordinary yaku", "es": "ocupa el lugar de todos"}
    for seed in range(1, 21):
        ex = exercise(position(data, seed))
        (yakuman,) = ex.solution()
        ordinary = next(c for c in ex.choices if c != yakuman)
        with translation.override(lang):
            v = ex.check(frozenset({yakuman, ordinary}))
        assert not v.correct and any(says[lang] in r for r in v.reasons), (seed, v.reasons)


@pytest.mark.parametrize("seeds", SEEDS)
def test_the_open_sanshoku_is_worth_one_han(seeds):
    data = STEPS["shape-yaku", "open-costs-a-han"].exercise
    for seed in seeds:
        result = exercise(position(data, seed)).result()
        assert {y.han for y in result.yaku if y.key == "sanshoku_doujun"} == {1}, seed


@pytest.mark.parametrize("seeds", SEEDS)
def test_three_little_dragons_always_counts_two_dragon_sets(seeds):
    for right in answers("value-honors", "three-little-dragons", seeds):
        assert len(right & DRAGONS) == 2, right


def test_some_toitoi_hands_also_have_three_concealed_triplets():
    found = answers("shape-yaku", "toitoi")
    assert any("sanankou" in r for r in found) and any("sanankou" not in r for r in found)


@pytest.mark.parametrize("seeds", SEEDS)
def test_a_flush_waits_in_many_places_of_its_one_suit(seeds):
    data = STEPS["suit-yaku", "many-waits"].exercise
    for seed in seeds:
        (waits,) = solutions(data, seed)
        assert len(waits) >= 4 and len({k // 9 for k in waits}) == 1, (seed, waits)


@pytest.mark.parametrize("seeds", SEEDS)
def test_a_yakuman_by_tsumo_is_paid_half_by_the_dealer_and_a_quarter_by_each_other(seeds):
    data = STEPS["yakuman", "paying-a-yakuman"].exercise
    for seed in seeds:
        assert solutions(data, seed) == {
            (
                ("east", 16000),
                ("west", 8000),
                ("north", 8000),
            )
        }, seed


def test_no_yaku_step_of_stages_10_to_14_is_left_on_a_fixed_hand():
    fixed = [
        (slug, key)
        for (slug, key), step in STEPS.items()
        if slug in ("first-yaku", "value-honors", "shape-yaku", "suit-yaku", "yakuman")
        and step.exercise
        and "family" not in step.exercise
    ]
    assert fixed == []
