"""Item 9 of curriculum v2: a family exercise draws a fresh position per learner and attempt,
from a seed stored with the attempt, never the example the prose just showed, and every
position it can draw has exactly one answer."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from lessons.models import Step, StepProgress
from tests.conftest import curriculum_files
from tests.lessons.answers import right_form
from tests.lessons.drawn import position, solutions
from tutor.engine.hand import parse_hand
from tutor.engine.positions import draw_position
from tutor.engine.tiles import parse_tiles_red
from tutor.exercises import with_position

FAMILY_STEPS = [
    (stage.slug, step)
    for stage in curriculum_files()
    for step in stage.steps
    if "family" in step.exercise
]
HTMX = {"HTTP_HX_REQUEST": "true"}


def drawn(data: dict) -> tuple:
    """The fields a family filled in, as one comparable value."""
    return tuple(sorted((k, str(v)) for k, v in data.items()))


def test_the_waits_stage_draws_its_two_tile_waits_from_families():
    keys = [step.key for slug, step in FAMILY_STEPS if slug == "tenpai-and-waits"]
    assert keys == [
        "two-sided",
        "two-sided-again",
        "closed",
        "edge",
        "dual-pon",
        "single",
        "nobetan",
        "multi-sided",
        "hidden-waits",
    ]


@pytest.mark.parametrize(
    ("slug", "least"),
    [
        ("tiles-and-suits", 5),
        ("sets-and-pairs", 7),
        ("winning-hands", 8),
        ("the-wall", 5),
        ("calls", 7),
        ("tenpai-and-waits", 9),
        ("furiten", 7),
        ("dora", 8),
        ("riichi", 6),
        ("first-yaku", 9),
        ("value-honors", 6),
        ("shape-yaku", 9),
        ("suit-yaku", 5),
        ("yakuman", 8),
        ("fu", 8),
        ("points-and-payments", 7),
        ("efficiency", 6),
        ("a-whole-hand", 7),
        ("other-rules", 4),
        ("safe-tiles", 3),
        ("push-or-fold", 2),
    ],
)
def test_the_beginner_stages_draw_their_exercises_from_families(slug, least):
    assert len([s for s, step in FAMILY_STEPS if s == slug]) >= least


# Families with few members: every member must turn up, not 190 different ones.
SMALL = {"number_indicator": 21 - 2, "nine_indicator": 3 - 1, "wind_indicator": 4 - 2}
SMALL |= {"dragon_indicator": 3 - 1, "thirteen_orphans": 13}
SMALL |= {"seven_in_a_row": 150}  # seven in a row leaves room for two sets only
# Thirteen orphans won on a single wait: 13 x 12 hands; nine gates: 3 suits x 9 x 8; all green:
# few tiles to build from.
SMALL |= {"kokushi_ron": 100, "chuuren_ron": 110, "ryuuiisou_ron": 175}
SMALL |= {"tenpai_seats": 14}  # one, two or three of four seats tenpai


# The inner loop (`make check`) draws the first 20 seeds of every family step; `make test` also
# the rest, and judges freshness over all 200 (in one test process the first 20 are drawn once
# for both). That every one of seeds 0-49 has exactly one answer is also part of the content
# check (lessons.content.check_stage) that test_content runs on every stage.
FIRST_SEEDS = pytest.param(range(1, 21), id="seeds-1-20")
ALL_SEEDS = pytest.param(range(1, 201), id="seeds-1-200", marks=pytest.mark.slow)


@pytest.mark.parametrize("seeds", [FIRST_SEEDS, ALL_SEEDS])
@pytest.mark.parametrize(("slug", "step"), FAMILY_STEPS, ids=lambda v: getattr(v, "key", v))
def test_every_drawn_position_has_exactly_one_answer(slug, step, seeds):
    positions = set()
    for seed in seeds:
        data = position(step.exercise, seed)
        assert len(solutions(step.exercise, seed)) == 1, (slug, seed, data)
        positions.add(drawn(data))
    # Fresh positions, not a handful repeated (a small family shows each of its members); the
    # bar is set for 200 seeds and scaled to the seeds drawn.
    least = SMALL.get(step.exercise["family"], 190)
    assert len(positions) >= least * len(seeds) // 200


def examples(step) -> list[str]:
    avoid = step.exercise["avoid"]
    return avoid if isinstance(avoid, list) else [avoid]


def same(field: str, a: str, b: str) -> bool:
    if field == "hand":
        return parse_hand(a).concealed == parse_hand(b).concealed
    return sorted(parse_tiles_red(a)[0]) == sorted(parse_tiles_red(b)[0])


@pytest.mark.parametrize(
    ("slug", "step"),
    [(slug, step) for slug, step in FAMILY_STEPS if "avoid" in step.exercise],
    ids=lambda v: getattr(v, "key", v),
)
@pytest.mark.parametrize(
    "seeds",
    [FIRST_SEEDS, pytest.param(range(21, 501), id="seeds-21-500", marks=pytest.mark.slow)],
)
def test_a_drawn_position_is_never_the_example_just_shown(slug, step, seeds):
    field = next(iter(draw_position(step.exercise["family"], 1)))
    for seed in seeds:
        shown = position(step.exercise, seed)[field]
        assert not any(same(field, shown, example) for example in examples(step)), seed


def position_of(html: str) -> str:
    return re.search(r'name="position" value="(\d+)"', html).group(1)


def page(client, step: Step) -> str:
    url = reverse("lessons:step", args=[step.stage.slug, step.number])
    return unescape(client.get(url).content.decode())


def answer(client, step: Step, form: dict) -> tuple[int, str]:
    url = reverse("lessons:answer", args=[step.stage.slug, step.number])
    response = client.post(url, {"step": step.key, **form}, **HTMX)
    return response.status_code, unescape(response.content.decode())


@pytest.fixture
def step(curriculum) -> Step:
    return Step.objects.get(stage__slug="tenpai-and-waits", key="two-sided")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("slug", "key"),
    [
        ("tiles-and-suits", "spot-the-circles"),
        ("sets-and-pairs", "find-the-chi"),
        ("calls", "chi-from-the-left"),
        ("tenpai-and-waits", "two-sided"),
        ("furiten", "own-discard"),
        ("first-yaku", "which-yaku"),
        ("first-yaku", "no-yaku"),
        ("value-honors", "three-little-dragons"),
        ("shape-yaku", "iipeikou"),
        ("suit-yaku", "many-waits"),
        ("yakuman", "daisangen"),
        ("yakuman", "paying-a-yakuman"),
        ("points-and-payments", "non-dealer-ron"),
        ("fu", "kans"),
        ("a-whole-hand", "settle-a-game"),
        ("efficiency", "throw-the-loner"),
        ("safe-tiles", "rank"),
    ],
)
def test_two_learners_see_different_positions_in_the_same_exercise(curriculum, slug, key):
    from django.test import Client

    step = Step.objects.get(stage__slug=slug, key=key)
    seeds = {position_of(page(Client(), step)) for _ in range(6)}
    hands = {drawn(with_position(step.exercise, int(s))) for s in seeds}
    assert len(hands) >= 5


@pytest.mark.django_db
def test_the_seed_is_stored_with_the_attempt_and_the_position_shown_again(client, step):
    user = get_user_model().objects.create_user("ana", "ana@example.org", "pw-123456789")
    client.force_login(user)
    seed = int(position_of(page(client, step)))
    status, html = answer(client, step, right_form(step.exercise, seed))
    assert status == 200 and "Correct!" in html
    assert StepProgress.objects.get(user=user, step=step).seed == seed
    # Reloading shows the same position: the one answered.
    assert position_of(page(client, step)) == str(seed)
    # Another seed sent with a later answer does not replace the stored one.
    answer(client, step, right_form(step.exercise, seed + 1))
    assert StepProgress.objects.get(user=user, step=step).seed == seed


@pytest.mark.django_db
def test_playing_the_stage_again_draws_a_fresh_position(client, step):
    seed = int(position_of(page(client, step)))
    answer(client, step, right_form(step.exercise, seed))
    assert position_of(page(client, step)) == str(seed)
    url = reverse("lessons:answer", args=[step.stage.slug, 1])
    first = step.stage.steps.get(number=1)
    client.post(url, {"step": first.key, "op": "reset"})
    fresh = {position_of(page(client, step)) for _ in range(3)}
    assert fresh != {str(seed)}


@pytest.mark.django_db
def test_a_tampered_position_is_refused_clearly(client, step):
    status, html = answer(client, step, {"position": "-5", "tile": ["1m"]})
    assert status == 400
    assert "This position was not drawn for you" in html
