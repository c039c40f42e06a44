"""Curriculum v2 (issue 12): the rules the course states, and feedback that names the mistake.

Each test reads as the rule it guards; text is checked in English and Spanish.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from lessons.content import CONTENT_DIR
from tests.conftest import curriculum_files
from tests.lessons.drawn import position
from tests.lessons.test_exercises import post
from tutor.engine.hand import parse_hand
from tutor.engine.shapes import is_complete
from tutor.engine.tiles import parse_tiles
from tutor.exercises import ContentError, exercise, with_position

STAGES = curriculum_files()


def verdict(data: dict, lang: str = "en", **fields: object):
    ex = exercise(data)
    with translation.override(lang):
        return ex.check(ex.read(post(**fields)))


def exercises_of(kind: str):
    for stage in STAGES:
        for step in stage.steps:
            if step.exercise.get("type") == kind:
                yield stage, step


# --- item 2: a yakuman supersedes the ordinary yaku -----------------------------------------

DAISANGEN = {
    "type": "yaku",
    "hand": "555z 666z 777z 123m 99p",
    "win_tile": "3m",
    "win": "tsumo",
    "choices": ["Menzen Tsumo", "Haku", "Daisangen", "Toitoi"],
}


@pytest.mark.parametrize(
    ("lang", "words", "never"),
    [
        ("en", "a yakuman (Daisangen) takes the place of every ordinary yaku", "not in this hand"),
        ("es", "un yakuman (Daisangen) ocupa el lugar de todos los yaku normales", "no está"),
    ],
)
def test_a_yakuman_supersedes_the_ordinary_yaku_it_does_not_deny_them(lang, words, never):
    v = verdict(DAISANGEN, lang, choice=["menzen_tsumo", "haku", "daisangen"])
    assert not v.correct
    assert len(v.reasons) == 2 and all(words in r for r in v.reasons)
    assert not any(never in r for r in v.reasons)


def test_a_yakuman_hand_is_named_by_its_limit_not_by_han_and_fu():
    v = verdict(DAISANGEN, choice=["daisangen"])
    assert v.correct and "a yakuman, worth the limit on its own" in v.reasons[-1]
    pay = {**DAISANGEN, "type": "payment", "win": "ron", "discarder": "west"}
    del pay["choices"]
    v = verdict(pay, pay_west=32000)
    assert v.correct and v.reasons[0] == "Yakuman: 32,000 points."
    assert not any(" han " in r or " fu" in r for r in v.reasons)


def test_a_limit_below_yakuman_names_the_limit():
    hand = {
        "type": "payment",
        "hand": "123456789m 11z 555z",
        "win_tile": "9m",
        "win": "ron",
        "discarder": "west",
    }
    v = verdict(hand, pay_west=12000)
    assert v.reasons[:2] == [
        "6 han: haneman, 12,000 points.",
        "Base points: 3,000, fixed by the haneman limit.",
    ]
    v = verdict(hand, "es", pay_west=12000)
    assert v.reasons[0] == "6 han: haneman, 12.000 puntos."


# --- item 3: "rounded up" only when something was rounded ------------------------------------

PINFU_RON = {
    "type": "fu",
    "hand": "123m 456p 789s 234s 44z",
    "win_tile": "2s",
    "win": "ron",
    "riichi": True,
}
TANKI_TSUMO = {
    "type": "fu",
    "hand": "234567m 234p 55s 678s",
    "win_tile": "5s",
    "win": "tsumo",
    "riichi": True,
}


def test_a_total_that_needs_no_rounding_does_not_say_rounded():
    v = verdict(PINFU_RON, number=30)
    assert v.correct and v.reasons[-1] == "Total: 30 fu, already a multiple of ten."
    assert not any("rounded" in r for r in v.reasons)
    v = verdict(TANKI_TSUMO, number=30)
    assert v.reasons[-2:] == [
        "Rounding 24 up to 30: +6",
        "Total: 30 fu, after rounding up to the next ten.",
    ]


# --- item 7: fu mistakes, each named, the full count folded away ----------------------------

OPEN_HAND = {"type": "fu", "hand": "999m 456p 77p [2*22s] [5*55z]", "win_tile": "7p", "win": "ron"}
RON_TRIPLET = {
    "type": "fu",
    "hand": "123m 222m 456p 999s 55p",
    "win_tile": "9s",
    "win": "ron",
    "riichi": True,
}


@pytest.mark.parametrize(
    ("data", "typed", "en", "es"),
    [
        (TANKI_TSUMO, 24, "did not round: fu are rounded up", "no redondeaste"),
        (TANKI_TSUMO, 20, "You rounded 24 down", "Redondeaste 24 hacia abajo"),
        (
            OPEN_HAND,
            50,
            "10 fu for a closed ron, but this hand is open",
            "pero esta mano está abierta",
        ),
        (PINFU_RON, 40, "neither your seat wind nor the round wind", "ni tu viento de asiento"),
        (
            RON_TRIPLET,
            50,
            "completed by the ron: it is scored as an open set",
            "completó con el ron",
        ),
        ({**PINFU_RON, "win": "tsumo"}, 30, "20 fu flat", "20 fu justos"),
    ],
    ids=[
        "no-rounding",
        "rounded-down",
        "closed-ron-open-hand",
        "wind-pair",
        "ron-triplet",
        "pinfu-tsumo",
    ],
)
def test_a_typical_fu_mistake_is_named_and_the_count_is_folded(data, typed, en, es):
    v = verdict(data, number=typed)
    assert not v.correct
    assert len(v.reasons) == 1 and en in v.reasons[0]
    assert v.details and v.details[0] == "Base: 20"  # the whole count, on request
    assert es in verdict(data, "es", number=typed).reasons[0]


def test_an_unrecognised_fu_total_is_told_how_to_count_without_the_answer():
    v = verdict(PINFU_RON, number=70)
    assert v.reasons == [
        "70 fu is too many. Count again from the base of 20: each set, the pair, the wait and "
        "the way the hand was won, then round up to the next ten."
    ]
    assert not any("30" in r for r in v.reasons)
    assert verdict(PINFU_RON, "es", number=10).reasons[0].startswith("10 fu son muy pocos.")


def test_an_unrecognised_payment_says_which_way_it_is_off():
    v = verdict(RIICHI_PINFU_TANYAO, pay_west=8000)
    assert v.reasons[0] == "West: 8,000 is too much."
    assert v.reasons[1].startswith("Find the han and fu, then the base points")
    es = verdict(RIICHI_PINFU_TANYAO, "es", pay_west=1000).reasons
    assert es[0] == "Oeste: 1.000 es demasiado poco."


# --- items 4 and 8: payments round up, and the site sees every amount ------------------------

RIICHI_PINFU_TANYAO = {
    "type": "payment",
    "hand": "234m 567m 234p 678s 55s",
    "win_tile": "4p",
    "win": "ron",
    "riichi": True,
    "seat": "south",
    "discarder": "west",
}


@pytest.mark.parametrize(
    ("typed", "en", "es"),
    [
        (3840, "3,840 is the exact amount; payments are rounded up", "3.840 es la cantidad exacta"),
        (3800, "you rounded 3,840 down", "redondeaste 3.840 hacia abajo"),
        (
            5800,
            "you multiplied the base by 6, but the winner is not the dealer",
            "multiplicaste la base por 6",
        ),
    ],
    ids=["unrounded", "rounded-down", "dealer-factor"],
)
def test_a_typical_payment_mistake_is_named(typed, en, es):
    v = verdict(RIICHI_PINFU_TANYAO, pay_west=typed)
    assert not v.correct and len(v.reasons) == 1 and en in v.reasons[0]
    assert v.details[:2] == ["3 han 30 fu: 3,900 points.", "Base points: 30 × 2^(3 + 2) = 960."]
    assert es in verdict(RIICHI_PINFU_TANYAO, "es", pay_west=typed).reasons[0]


def test_a_swapped_tsumo_split_is_named():
    data = {**RIICHI_PINFU_TANYAO, "win": "tsumo"}
    del data["discarder"]
    v = verdict(data, pay_east=1300, pay_west=2600, pay_north=1300)
    assert not v.correct
    assert [r.split(":")[0] for r in v.reasons] == ["East", "West"]
    assert "the dealer pays 2 × base" in v.reasons[0]


def test_payment_inputs_take_any_whole_number():
    widget = exercise(RIICHI_PINFU_TANYAO).widget()
    assert widget.step == "1"
    assert exercise(RIICHI_PINFU_TANYAO).read(post(pay_west=3840)) == (("west", 3840),)


def test_every_spanish_rounding_hint_says_round_up():
    text = (CONTENT_DIR / "es" / "16-points-and-payments.yaml").read_text()
    rounding = re.findall(r"redonde\w+[^.\n]*", text)
    assert rounding and all("hacia arriba" in r for r in rounding), rounding


# --- items 5 and 6: what the stages state -----------------------------------------------------


def text_of(slug: str, key: str, lang: str = "en") -> str:
    stage = next(s for s in STAGES if s.slug == slug)
    return " ".join(next(step for step in stage.steps if step.key == key).text[lang].split())


def test_four_copies_of_a_tile_are_a_kan_only_when_declared():
    assert "count as one kan" not in text_of("winning-hands", "seven-pairs")
    assert "unless the player declares one" in text_of("winning-hands", "seven-pairs")
    assert "salvo que el jugador lo declare" in text_of("winning-hands", "seven-pairs", "es")


def test_the_classical_column_has_144_tiles_double_self_draw_and_a_faan_table():
    table = text_of("other-rules", "one-family")
    assert "| tiles | 136 | 144, with flowers and seasons | 144, with flowers" in table
    assert "all three losers pay **double**" in table and "6 faan are worth 16 points" in table
    assert "On a win by **self-draw** all three pay **double**" in text_of(
        "other-rules", "who-pays"
    )
    assert "los tres pagan **el doble**" in text_of("other-rules", "who-pays", "es")


def test_no_yaku_choice_names_a_wind_that_is_not_the_seat_or_round_wind():
    with pytest.raises(ContentError, match="seat_wind_north"):
        exercise({**DAISANGEN, "seat": "south", "choices": ["Seat Wind North", "Daisangen"]})
    with pytest.raises(ContentError, match="round_wind_south"):
        exercise({**DAISANGEN, "choices": ["Round Wind South", "Daisangen"]})


def test_only_a_ron_claimant_completes_a_hand_with_the_claimed_discard():
    # Otherwise the exercise is ambiguous: the other claimant could ron too (stage 5).
    checked = 0
    for _stage, step in exercises_of("claim"):
        for seed in range(1, 51) if "family" in step.exercise else [None]:
            data = with_position(step.exercise) if seed is None else position(step.exercise, seed)
            tile = parse_tiles(data["discard"])[0]
            for claim in data["claims"].values():
                hand = parse_hand(claim["hand"], sizes=(13,))
                counts = list(hand.concealed)
                counts[tile] += 1
                assert is_complete(counts, hand.melds) == (claim["call"] == "ron"), step.key
                checked += 1
    assert checked >= 6


# --- item 13: rules the course did not state --------------------------------------------------


@pytest.mark.parametrize(
    ("slug", "key", "en", "es"),
    [
        (
            "calls",
            "open-and-closed",
            "it still needs at least one *yaku* to win",
            "necesita al menos un *yaku*",
        ),
        ("riichi", "declaring", "at least **1,000 points**", "al menos **1000 puntos**"),
        ("riichi", "declaring", "**four tiles** are left to draw", "**cuatro fichas** por robar"),
        ("calls", "kan-from-anyone", "an **added kan**", "un **kan añadido**"),
        ("calls", "kan-from-anyone", "**chankan**, robbing the kan", "**chankan**, robar el kan"),
        (
            "furiten",
            "own-discard",
            "even if winning on it would give the hand no yaku",
            "no diera ningún yaku",
        ),
        ("fu", "pons", "completes counts as called, even in a closed hand", "cuenta como cantado"),
        ("fu", "waits", "scored the way that pays most", "la forma que más paga"),
        (
            "fu",
            "kans",
            "an open (called) kan of simples is 8",
            "un kan abierto (cantado) de simples vale 8",
        ),
        ("fu", "value-pair", "both your seat and the round wind adds 4", "suma 4"),
    ],
    ids=[
        "open-hand-yaku",
        "riichi-points",
        "riichi-tiles",
        "added-kan",
        "chankan",
        "furiten-no-yaku",
        "ron-triplet",
        "best-reading",
        "open-kan",
        "double-wind",
    ],
)
def test_the_course_states_the_rule(slug, key, en, es):
    assert en in text_of(slug, key)
    assert es in text_of(slug, key, "es")


def test_the_highest_reading_example_is_what_the_engine_scores():
    data = {"type": "fu", "hand": "5677m 234p 345s 888s 7m", "win_tile": "7m", "win": "tsumo"}
    lines = exercise({**data, "riichi": True}).result().fu_lines
    wait = next(line for line in lines if line.code == "wait")
    assert (wait.params["shape"], wait.fu) == ("single", 2)  # not the two-sided reading's 0


# --- item 12: sets are sequences, triplets and quads; chi, pon and kan are calls --------------


def test_sets_are_named_as_shapes_and_calls_as_calls():
    en, es = (
        text_of("sets-and-pairs", "building-blocks"),
        text_of("sets-and-pairs", "building-blocks", "es"),
    )
    assert "Sequences, triplets and quads are the **sets**" in en
    assert "**Chi**, **pon** and **kan** are the *calls*" in en
    assert "Escaleras, tríos y cuartetos son los **grupos**" in es
    for slug in ("fu", "shape-yaku", "yakuman"):
        stage = next(s for s in STAGES if s.slug == slug)
        titles = " ".join(step.title["en"] for step in stage.steps)
        assert not re.search(r"\b(pons?|kans)\b", titles, re.IGNORECASE), titles


# --- item 14: generated lists end with "and" / "y" --------------------------------------------


def test_generated_lists_are_joined_with_and():
    step = next(step for _stage, step in exercises_of("claim") if step.key == "who-is-skipped")
    ex = exercise(step.exercise)
    right = ex.solution()
    v = ex.check(right)
    assert v.correct and any("East and South lose their turn" in r for r in v.reasons)
    with translation.override("es"):
        assert any("Este y Sur" in r for r in ex.check(right).reasons)


# --- item 7: dora and yaku mistakes, each named -----------------------------------------------


@pytest.mark.parametrize(
    ("data", "form", "en", "es"),
    [
        (
            {"type": "dora", "indicators": "4m"},
            {"tile": ["4m"]},
            "is the indicator itself",
            "es el propio indicador",
        ),
        (
            {"type": "dora", "indicators": "4m"},
            {"tile": ["3m"]},
            "comes before the indicator",
            "va antes del indicador",
        ),
        (
            {"type": "dora", "indicators": "5z"},
            {"tile": ["1z"]},
            "Honors follow their own order",
            "Los honores siguen su propio orden",
        ),
        (
            {"type": "dora", "indicators": "4m", "hand": "0m55m 456p 789s 11z 23s"},
            {"number": 3},
            "You left out the red five",
            "Te dejaste el cinco rojo",
        ),
        (
            {"type": "dora", "indicators": "6m", "ura": "8s", "hand": "123m 789m 456p 789s 55z"},
            {"number": 1},
            "You left out the ura dora",
            "Te dejaste la ura dora",
        ),
    ],
    ids=["indicator-itself", "counted-backwards", "honor-order", "red-five", "ura"],
)
def test_a_typical_dora_mistake_is_named(data, form, en, es):
    v = verdict(data, **form)
    assert not v.correct and en in v.reasons[0]
    assert not any(
        "The dora is the tile after the indicator: the next number" in r for r in v.reasons
    )
    assert es in verdict(data, "es", **form).reasons[0]


JUNCHAN = {
    "type": "yaku",
    "hand": "123m 789m 123p 789s 99s",
    "win_tile": "3m",
    "win": "ron",
    "riichi": True,
    "choices": ["Riichi", "Chanta", "Junchan", "Pinfu"],
}


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "its stronger form"), ("es", "su forma más fuerte")]
)
def test_a_weaker_yaku_is_said_to_be_replaced_not_absent(lang, words):
    v = verdict(JUNCHAN, lang, choice=["riichi", "chanta"])
    assert not v.correct and words in v.reasons[0]
    assert "not in this hand" not in v.reasons[0]


# --- item 7: complete-hand mistakes ------------------------------------------------------------

THREE_WAYS = {"type": "complete", "hand": "111222333m 456p 77s"}


@pytest.mark.parametrize(
    ("data", "form", "en", "es"),
    [
        (
            THREE_WAYS,
            {"shape": "not_complete"},
            "Start from the pair of seven of bamboo",
            "Empieza por la pareja de siete de bambú",
        ),
        (
            THREE_WAYS,
            {"shape": "standard", "pair": "4p"},
            "only one four of circles",
            "Solo hay un cuatro de círculos",
        ),
        (
            THREE_WAYS,
            {"shape": "standard", "pair": "1m"},
            "leaves tiles that do not split into sets",
            "deja fichas que no se reparten en grupos",
        ),
        (
            {"type": "complete", "hand": "1111m 2277p 99s 1155z"},
            {"shape": "seven_pairs"},
            "four copies of one of characters are not two pairs",
            "cuatro copias de uno de caracteres no son dos parejas",
        ),
        (
            {"type": "complete", "hand": "1133m 2277p 99s 1155z"},
            {"shape": "not_complete"},
            "Count its pairs",
            "Cuenta sus parejas",
        ),
    ],
    ids=[
        "missed-split",
        "single-tile-pair",
        "wrong-pair",
        "four-alike-pairs",
        "missed-seven-pairs",
    ],
)
def test_a_typical_complete_hand_mistake_is_named(data, form, en, es):
    v = verdict(data, **form)
    assert not v.correct and len(v.reasons) == 1 and en in v.reasons[0]
    assert es in verdict(data, "es", **form).reasons[0]


# --- item 7: waits and shanten mistakes ---------------------------------------------------------


def test_a_fifth_copy_is_never_a_wait():
    data = {"type": "waits", "hand": "1111m 2m 567s 789s 55z"}
    v = verdict(data, tile=["1m"])
    assert not v.correct
    assert "You hold all four copies of one of characters" in v.reasons[0]
    assert "as an edge wait (penchan)" in v.reasons[1]  # the missed wait's shape, not its tile
    es = verdict(data, "es", tile=["1m"]).reasons
    assert "Tienes las cuatro copias de uno de caracteres" in es[0]


@pytest.mark.parametrize(
    ("hand", "typed", "en", "es"),
    [
        (
            "1133m 2277p 99s 115z",
            3,
            "read as seven pairs it is closer",
            "como siete parejas está más cerca",
        ),
        ("123m 456p 789s 11z 34s", 1, "One step too many", "Un paso de más"),
        ("12m 45m 78m 12p 45p 78p 1s", 3, "One step too few", "Un paso de menos"),
    ],
    ids=["seven-pairs-reading", "counted-to-complete", "too-many-partial-sets"],
)
def test_a_typical_shanten_mistake_is_named(hand, typed, en, es):
    data = {"type": "shanten", "hand": hand}
    v = verdict(data, choice=typed)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", choice=typed).reasons[0]


# --- item 7: calls and discard mistakes ---------------------------------------------------------

KAN_OR_PON = {"type": "calls", "hand": "777p 13m 56s 99s 234s 6z", "discard": "7p", "from": "right"}
CHI_ONLY = {"type": "calls", "hand": "45p 123m 789m 456s 1z 2z", "discard": "6p", "from": "left"}


@pytest.mark.parametrize(
    ("data", "form", "en", "es"),
    [
        (
            KAN_OR_PON,
            ["pon"],
            "Count your copies of seven of circles again.",
            "Vuelve a contar tus copias",
        ),
        (CHI_ONLY, ["none"], "at who discarded it", "quién la descartó"),
        (KAN_OR_PON, ["none"], "You can call this tile.", "Puedes cantar esta ficha."),
    ],
    ids=["missed-kan", "missed-chi", "said-no-call"],
)
def test_a_missed_call_points_at_what_was_overlooked(data, form, en, es):
    v = verdict(data, choice=form)
    assert not v.correct and any(en in r for r in v.reasons)
    assert "more answers are right" not in " ".join(v.reasons)
    assert v.details  # the calls themselves, on request
    assert any(es in r for r in verdict(data, "es", choice=form).reasons)


@pytest.mark.parametrize(
    ("hand", "tile", "en", "es"),
    [
        ("123m 789m 456p 79s 55z 1p", "7s", "it is no longer tenpai", "deja de estar en tenpai"),
        (
            "234m 567p 46s 77s 9p 4m 23s",
            "4m",
            "only 34 tiles help afterwards",
            "solo ayudan 34 fichas",
        ),
        (
            "234m 567p 46s 77s 9p 4m 23s",
            "2m",
            "it moves from 1 to 2 steps away",
            "pasa de estar a 1 a estar a 2",
        ),
    ],
    ids=["breaks-tenpai", "narrower-shape", "breaks-a-set"],
)
def test_a_weaker_discard_says_what_it_costs(hand, tile, en, es):
    data = {"type": "best_discard", "hand": hand}
    v = verdict(data, tile=[tile])
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", tile=[tile]).reasons[0]


# --- item 7: draw payments and final scores -----------------------------------------------------

ONE_TENPAI = {"type": "noten", "tenpai": ["east"]}
THREE_TENPAI = {"type": "noten", "tenpai": ["east", "south", "north"]}


def scores(east, south, west, north):
    return {"score_east": east, "score_south": south, "score_west": west, "score_north": north}


@pytest.mark.parametrize(
    ("data", "form", "en", "es"),
    [
        (
            ONE_TENPAI,
            scores(-3000, 1000, 1000, 1000),
            "The signs are swapped",
            "Los signos están al revés",
        ),
        (
            ONE_TENPAI,
            scores(3000, -3000, -3000, -3000),
            "shared equally, each of them pays 1,000",
            "cada uno paga 1.000",
        ),
        (
            THREE_TENPAI,
            scores(3000, 3000, -3000, 3000),
            "The tenpai players share the 3,000",
            "se reparten los 3.000",
        ),
        (
            THREE_TENPAI,
            scores(1000, 1000, -1000, 1000),
            "must add up to zero",
            "tienen que sumar cero",
        ),
    ],
    ids=["signs", "total-per-player", "unshared", "sum"],
)
def test_a_typical_draw_payment_mistake_is_named(data, form, en, es):
    v = verdict(data, **form)
    assert not v.correct and len(v.reasons) == 1 and en in v.reasons[0]
    assert es in verdict(data, "es", **form).reasons[0]


FINAL = {"type": "final_scores", "points": [18300, 35800, 31600, 14300]}  # West is second: +12


@pytest.mark.parametrize(
    ("west", "en", "es"),
    [
        (2, "West: you left out the uma; place 2 adds +10.", "Oeste: te dejaste el uma"),
        (17, "not with the 25,000 each player started with", "no con los 25.000"),
        (22, "West: that is the uma of place 1", "Oeste: ese es el uma del puesto 1"),
    ],
    ids=["no-uma", "start-points", "other-place"],
)
def test_a_typical_final_score_mistake_is_named(west, en, es):
    form = scores(-22, 46, west, -36)
    v = verdict(FINAL, **form)
    assert not v.correct and v.reasons == [v.reasons[0]] and en in v.reasons[0]
    assert es in verdict(FINAL, "es", **form).reasons[0]


def test_a_tile_held_four_times_cannot_be_drawn():
    data = {"type": "improve", "hand": "2222m 3456p 789s 15z"}
    v = verdict(data, tile=["2m"])
    assert not v.correct and "You hold all four copies of two of characters" in v.reasons[0]
    assert (
        "Tienes las cuatro copias de dos de caracteres"
        in verdict(data, "es", tile=["2m"]).reasons[0]
    )


ONE_AWAY = {"type": "improve", "hand": "234m 678p 55s 79m 34p 1z"}  # 8m, 2p and 5p help


@pytest.mark.parametrize(
    ("form", "en", "es"),
    [
        (
            ["8m", "2p"],
            "You picked two of circles but not five of circles: `tiles:34p` is open at both ends",
            "Elegiste dos de círculos pero no cinco de círculos: `tiles:34p` es un grupo a medias",
        ),
        (
            ["8m", "2p", "5p", "1m"],
            "One of characters only lengthens `tiles:234m`, a set that is already complete",
            "Uno de caracteres solo alarga `tiles:234m`, un grupo que ya está completo",
        ),
        (
            ["8m", "2p", "5p", "9s"],
            "Nine of bamboo touches none of your tiles",
            "Nueve de bambú no toca ninguna de tus fichas",
        ),
        (
            ["8m", "2p", "5p", "1z"],
            "East wind does not bring this hand closer: the hand stays 1 step from tenpai.",
            "Viento Este no acerca esta mano: la mano sigue a 1 paso del tenpai.",
        ),
    ],
    ids=["one-end-of-two-sided", "lengthens-a-set", "touches-nothing", "no-change"],
)
def test_a_typical_accepted_tile_mistake_is_named(form, en, es):
    v = verdict(ONE_AWAY, tile=form)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(ONE_AWAY, "es", tile=form).reasons[0]


def test_a_missed_wait_is_named_by_its_shape_in_both_languages():
    data = {"type": "waits", "hand": "123m 456p 789s 3335s"}  # 4s closed, 5s pair wait
    v = verdict(data, tile=["4s"])
    assert not v.correct and "One more tile completes this hand, as a pair wait (tanki)." in (
        v.reasons
    )
    es = verdict(data, "es", tile=["4s"]).reasons
    assert "Otra ficha más completa esta mano, como espera de pareja (tanki)." in es


RIICHI_PINFU_KANCHAN = {
    "type": "yaku",
    "hand": "234m 567m 35p 4p 678s 55s",
    "win_tile": "4p",
    "win": "ron",
    "riichi": True,
    "choices": ["Riichi", "Tanyao", "Pinfu", "Menzen Tsumo"],
}


@pytest.mark.parametrize(
    ("form", "en", "es"),
    [
        (
            ["riichi", "tanyao", "pinfu"],
            "the wait is closed (kanchan)",
            "la espera es cerrada (kanchan)",
        ),
        (
            ["riichi"],
            "The hand has one more yaku. Check whether any tile is a terminal",
            "comprueba si alguna ficha",
        ),
        (["riichi", "tanyao", "menzen_tsumo"], "won by ron, not by tsumo", "por ron, no por tsumo"),
    ],
    ids=["pinfu-kanchan", "missed-tanyao", "tsumo-on-ron"],
)
def test_a_typical_yaku_mistake_is_named(form, en, es):
    v = verdict(RIICHI_PINFU_KANCHAN, choice=form)
    assert not v.correct and any(en in r for r in v.reasons)
    assert any(
        es.lower() in r.lower() for r in verdict(RIICHI_PINFU_KANCHAN, "es", choice=form).reasons
    )


# --- item 7: who loses a turn --------------------------------------------------------------------

SOUTH_PONS = {
    "type": "claim",
    "discarder": "north",
    "discard": "7m",
    "claims": {"south": {"call": "pon", "hand": "77m 123s 456p 789p 1z 2z"}},
    "ask": "skipped",
}


@pytest.mark.parametrize(
    ("form", "en", "es"),
    [
        (["east", "south"], "South takes the tile and plays next", "Sur se lleva la ficha"),
        (
            ["east", "west"],
            "West does not sit between the discarder and the caller",
            "Oeste no se sienta entre",
        ),
        (["nobody"], "Somebody does lose a turn", "Alguien sí pierde el turno"),
    ],
    ids=["the-caller", "after-the-caller", "nobody"],
)
def test_a_wrong_skipped_seat_is_told_why(form, en, es):
    v = verdict(SOUTH_PONS, choice=form)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(SOUTH_PONS, "es", choice=form).reasons[0]


# --- item 7: kuikae ------------------------------------------------------------------------------

KUIKAE = {"type": "kuikae", "hand": "3p 4p 6p 78p 234m 99s 5s", "meld": "[6*45p]L"}


@pytest.mark.parametrize(
    ("form", "en", "es"),
    [
        (["6p"], "makes the same two tiles a run from the other side", "desde el otro lado"),
        (
            ["3p"],
            "Another copy of the tile you called is forbidden too",
            "Otra copia de la ficha que cantaste",
        ),
        (
            ["3p", "6p", "4p"],
            "one of the tiles the chi was made with",
            "una de las fichas con que se hizo el chi",
        ),
    ],
    ids=["missed-swap", "missed-called-copy", "a-tile-of-the-chi"],
)
def test_a_typical_kuikae_mistake_is_named(form, en, es):
    v = verdict(KUIKAE, tile=form)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(KUIKAE, "es", tile=form).reasons[0]


# --- item 7: furiten -----------------------------------------------------------------------------

OWN_DISCARD = {
    "type": "furiten",
    "hand": "34m 234p 678p 345s 88s",
    "discards": "9p 1z 2m 7z",
    "tile": "5m",
}
WENT_BY = {
    "type": "furiten",
    "hand": "67s 234m 456m 345p 22p",
    "discards": "1m 9s 4z",
    "passed": "5s 3z",
    "tile": "8s",
}


@pytest.mark.parametrize(
    ("data", "choice", "en", "es"),
    [
        (
            OWN_DISCARD,
            "temporary",
            "does not end with your next discard",
            "no se acaba con tu siguiente descarte",
        ),
        (OWN_DISCARD, "no_wait", "does complete your hand", "sí completa tu mano"),
        (
            WENT_BY,
            "permanent",
            "None of your waits is among your own discards",
            "Ninguna de tus esperas",
        ),
    ],
    ids=["own-discard-as-temporary", "wait-as-no-wait", "went-by-as-own-discard"],
)
def test_a_furiten_confusion_is_named(data, choice, en, es):
    v = verdict(data, choice=choice)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", choice=choice).reasons[0]


# --- item 7 and 14: tile categories, each sentence starting with a capital ----------------------

ROW = "1m 1z 9p 6z 5s 0p"


@pytest.mark.parametrize(
    ("find", "picked", "en", "es"),
    [
        (
            "honors",
            [0, 1, 3],
            # Stage 1 asks for honors before it teaches terminals: no "terminal" here (item 11).
            "One of characters is not an honor: it is a tile of characters.",
            "Uno de caracteres no es un honor: es una ficha de caracteres.",
        ),
        (
            "terminals",
            [0, 1, 2],
            "East wind is not a terminal (a 1 or a 9 of a suit). East wind is an honor: a wind.",
            "Viento Este no es una terminal (un 1 o un 9 de un palo). Viento Este es un honor",
        ),
        (
            "simples",
            [4, 5, 2],
            "Nine of circles is not a simple (2 to 8 of a suit). Nine of circles is a terminal",
            "Nueve de círculos no es una simple (del 2 al 8 de un palo). Nueve de círculos es",
        ),
    ],
    ids=["terminal-as-honor", "honor-as-terminal", "nine-as-simple"],
)
def test_a_tile_in_the_wrong_category_is_told_what_it_is(find, picked, en, es):
    data = {"type": "pick_tiles", "tiles": ROW, "find": find}
    v = verdict(data, tile=picked)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", tile=picked).reasons[0]


def test_numbers_do_not_wrap_around_into_a_wait():
    data = {"type": "waits", "hand": "89m 234p 567p 345s 11z"}
    v = verdict(data, tile=["1m"])
    assert not v.correct and "numbers do not wrap around" in v.reasons[0]
    assert "los números no dan la vuelta" in verdict(data, "es", tile=["1m"]).reasons[0]


def test_the_spanish_lessons_use_one_glossary():
    for stage in STAGES:
        for step in stage.steps:
            text = " ".join(
                [step.title.get("es", ""), step.text.get("es", ""), step.question.get("es", "")]
            )
            assert "dealer" not in text.lower(), (stage.slug, step.key)
            assert not re.search(r"\bpalos? de riichi\b", text), (stage.slug, step.key)
            assert "cuádruple" not in text.replace("cuádruple yakuman", ""), (stage.slug, step.key)


def test_the_payment_working_goes_base_times_factor_then_rounds_up():
    v = verdict(RIICHI_PINFU_TANYAO, pay_west=3800)
    assert "4 × 960 = 3,840, rounded up to 3,900." in v.details
    es = verdict(RIICHI_PINFU_TANYAO, "es", pay_west=3800).details
    assert "4 × 960 = 3.840, redondeado hacia arriba a 3.900." in es


def test_spanish_lists_use_e_before_an_i_sound():
    from tutor.exercises.base import join_and

    with translation.override("es"):
        assert join_and(["Pinfu", "Iipeikou"]) == "Pinfu e Iipeikou"
        assert join_and(["Este", "Sur", "Oeste"]) == "Este, Sur y Oeste"
        assert join_and(["cobre", "hierro"]) == "cobre y hierro"  # "hie" sounds like "ye"
    assert join_and(["East", "South", "West"]) == "East, South and West"


def test_a_missed_yakuman_is_pointed_at_and_seven_pairs_fu_are_named():
    v = verdict(DAISANGEN, choice=["toitoi"])
    assert any("it is a limit hand" in r for r in v.reasons)
    assert any(
        "es una mano límite" in r for r in verdict(DAISANGEN, "es", choice=["toitoi"]).reasons
    )
    pairs = {"type": "fu", "hand": "1133m 2277p 99s 1155z", "win_tile": "1z", "win": "ron"}
    assert "Seven pairs are always 25 fu" in verdict(pairs, number=35).reasons[0]


def test_an_unrecognised_dora_count_says_which_way_it_is_off():
    data = {"type": "dora", "indicators": "4m", "hand": "0m55m 456p 789s 11z 23s"}  # 4 dora
    assert verdict(data, number=9).reasons[0] == "9 dora is too many."
    assert verdict(data, "es", number=2).reasons[0] == "2 dora son muy pocas."


def test_counting_the_indicators_own_tile_is_named():
    data = {"type": "dora", "indicators": "4m", "hand": "444m 5m 678p 234s 55z 9s"}  # 1 dora
    v = verdict(data, number=3)
    assert not v.correct and "You counted the tiles that match the indicator" in v.reasons[0]
    assert "Contaste las fichas iguales al indicador" in verdict(data, "es", number=3).reasons[0]


def test_the_miscounted_set_is_marked_on_the_hand():
    from django.template.loader import render_to_string

    ex = exercise(RON_TRIPLET)
    v = ex.check(50)
    assert v.mark == "9s"
    html = render_to_string("lessons/_widget.html", {"widget": ex.widget(50), "verdict": v})
    assert html.count("tile-mark") == 4  # the three 9s of the triplet, and the winning 9s
    right = ex.check(40)
    html = render_to_string("lessons/_widget.html", {"widget": ex.widget(40), "verdict": right})
    assert "tile-mark" not in html


# --- item 7: defense (stage 20) — a wrong order or a missed wait names the mistake ----------

TABLE = {"river": "1z9m2z1m8p7m", "hand": "234m4m66p789p4s56s77z", "dora": "3s"}
RANK = {**TABLE, "type": "rank_tiles", "tiles": "4m 7z 6s"}  # red dragon, 4m (suji), 6s
GENBUTSU = {**RANK, "hand": "234m4m66p789p4s56s9m7z", "tiles": "9m 4m 6s"}
PASSED = {**RANK, "passed": "5p", "hand": "234m4m66p789p4s56s5p7z", "tiles": "5p 4m 6s"}


@pytest.mark.parametrize(
    ("data", "choice", "en", "es"),
    [
        (
            GENBUTSU,
            "4m,9m,6s",
            "Nine of characters is in the riichi player's own river (discard 2): it can never "
            "deal in, so it is safer than four of characters and goes first.",
            "Nueve de caracteres está en el propio río del jugador en riichi (descarte 2): nunca "
            "puede darle ron, así que es más segura que cuatro de caracteres y va primero.",
        ),
        (
            PASSED,
            "4m,5p,6s",
            "Five of circles went by after the riichi and the riichi player did not win on it",
            "Cinco de círculos pasó después del riichi y el jugador en riichi no ganó con ella",
        ),
        (
            RANK,
            "6s,7z,4m",
            "Red dragon is an honor with 2 copies in view: only a pair wait can still win on it, "
            "so it is safer than six of bamboo.",
            "Dragón rojo es un honor con 2 copias a la vista: solo una espera de pareja puede "
            "ganar todavía con ella, así que es más segura que seis de bambú.",
        ),
        (
            RANK,
            "6s,4m,7z",
            "Four of characters is suji of one of characters and seven of characters, so no "
            "two-sided wait can win on it, and nothing protects six of bamboo",
            "Cuatro de caracteres es suji de uno de caracteres y siete de caracteres, así que "
            "ninguna espera por los dos lados puede ganar con ella, y nada protege seis de bambú",
        ),
    ],
    ids=["genbutsu-not-first", "passed-after-riichi", "honor-with-copies-seen", "suji-below-bare"],
)
def test_a_typical_ranking_mistake_is_named(data, choice, en, es):
    v = verdict(data, choice=choice)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", choice=choice).reasons[0]


# The safest tile is 8p (genbutsu); each other pick is a trap a learner falls into.
SAFEST = {**TABLE, "type": "safest_tile", "hand": "234m4m56p789p4s56s77z"}


@pytest.mark.parametrize(
    ("tile", "en", "es"),
    [
        (
            "4m",
            "Four of characters is suji of one of characters and seven of characters, so a "
            "two-sided wait on it would be furiten, but the riichi could still be waiting on it "
            "with a closed wait (kanchan)",
            "Cuatro de caracteres es suji de uno de caracteres y siete de caracteres, así que una "
            "espera por los dos lados con ella",
        ),
        (
            "5p",
            "Five of circles is only half suji: the other two-sided wait on it is still open.",
            "Cinco de círculos solo es medio suji: la otra espera por los dos lados con ella "
            "sigue abierta.",
        ),
        (
            "7z",
            "Red dragon is an honor, but only 2 copies are in view: the riichi can still wait on "
            "it with a pair.",
            "Dragón rojo es un honor, pero solo hay 2 copias a la vista: el riichi",
        ),
        ("6s", "Nothing in the river protects six of bamboo.", "Nada en el río protege seis de"),
        (
            "9p",
            "Nine of circles has some protection (the riichi player threw eight of circles early "
            "(discard 5)), but less than the safest tile has.",
            "Nueve de círculos tiene algo de protección (",
        ),
    ],
    ids=[
        "suji-is-not-genbutsu",
        "half-suji",
        "honor-with-few-copies-seen",
        "bare-tile",
        "weaker-protection-is-not-none",
    ],
)
def test_a_typical_safest_tile_mistake_is_named(tile, en, es):
    v = verdict(SAFEST, tile=tile)
    assert not v.correct and en in v.reasons[0]
    assert "Eight of circles" in v.reasons[1]  # then the safest tile, with why
    assert es in verdict(SAFEST, "es", tile=tile).reasons[0]


SUJI = {**TABLE, "type": "suji_waits", "tile": "4m"}  # closed, shanpon and tanki still win
EDGE = {**SUJI, "river": "1z9m2z6m8p7m", "tile": "3m"}  # 3m: closed 24m, edge 12m, shanpon, tanki


@pytest.mark.parametrize(
    ("data", "choice", "en", "es"),
    [
        (
            SUJI,
            ["two_sided", "closed", "shanpon", "tanki"],
            "which the riichi player threw: it would be furiten, so it cannot deal in.",
            "que el jugador en riichi tiró: estaría en furiten, así que no puede darle ron.",
        ),
        (
            SUJI,
            ["shanpon", "tanki"],
            "You left out the closed wait: holding three of characters and five of characters "
            "(kanchan), the riichi wins only on four of characters",
            "Te dejaste la espera cerrada: con tres de caracteres y cinco de caracteres "
            "(kanchan), el riichi gana solo con cuatro de caracteres",
        ),
        (
            SUJI,
            ["closed", "tanki"],
            "You left out the wait on two pairs: a pair of four of characters beside another "
            "pair (shanpon) wins on four of characters whatever was thrown",
            "Te dejaste la espera a dos parejas: una pareja de cuatro de caracteres junto a otra "
            "pareja (shanpon) gana con cuatro de caracteres",
        ),
        (
            SUJI,
            ["closed", "shanpon"],
            "You left out the pair wait: a single four of characters waiting for its pair "
            "(tanki) wins on four of characters whatever was thrown",
            "Te dejaste la espera de pareja: un cuatro de caracteres suelto que espera su pareja "
            "(tanki) gana con cuatro de caracteres",
        ),
        (
            EDGE,
            ["closed", "shanpon", "tanki"],
            "You left out the edge wait: holding one of characters and two of characters "
            "(penchan), the riichi wins only on three of characters",
            "Te dejaste la espera de borde: con uno de caracteres y dos de caracteres "
            "(penchan), el riichi gana solo con tres de caracteres",
        ),
    ],
    ids=["two-sided-is-furiten", "missed-kanchan", "missed-shanpon", "missed-tanki", "missed-edge"],
)
def test_a_typical_suji_wait_mistake_is_named(data, choice, en, es):
    v = verdict(data, choice=choice)
    assert not v.correct and en in v.reasons[0]
    assert es in verdict(data, "es", choice=choice).reasons[0]
