"""Item 9 of curriculum v2 on the yaku stages (10 and 11 so far): each exercise draws a fresh
winning hand from a family, and every hand it can draw still teaches the step's point. The hand is
scored as the step states it (ron or tsumo, riichi, seat), so a family that drew for another
table would fail here: the step's yaku is always in the answer, the yaku the step rules out
never is."""

from __future__ import annotations

import pytest

from tests.conftest import curriculum_files
from tutor.exercises import exercise, with_position
from tutor.exercises.scoring import NO_YAKU

SEEDS = range(1, 201)
STEPS = {(stage.slug, step.key): step for stage in curriculum_files() for step in stage.steps}
DRAGONS = {"haku", "hatsu", "chun"}


def answers(slug: str, key: str) -> list[frozenset[str]]:
    data = STEPS[slug, key].exercise
    assert "family" in data, (slug, key)
    return [exercise(with_position(data, seed)).solution() for seed in SEEDS]


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
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_every_drawn_hand_has_the_yaku_its_step_teaches(slug, key, always, never):
    for right in answers(slug, key):
        assert always <= right and not never & right, (key, right)


def test_three_little_dragons_always_counts_two_dragon_sets():
    for right in answers("value-honors", "three-little-dragons"):
        assert len(right & DRAGONS) == 2, right


def test_no_step_of_stages_10_and_11_is_left_on_a_fixed_hand():
    fixed = [
        (slug, key)
        for (slug, key), step in STEPS.items()
        if slug in ("first-yaku", "value-honors")
        and step.exercise
        and "family" not in step.exercise
    ]
    assert fixed == []
