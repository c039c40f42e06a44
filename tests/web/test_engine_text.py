"""The engine's reasons read in English and in Spanish, through one renderer.

Each code the engine can emit (fu lines, near misses, furiten, blocked calls, wait shapes,
yaku keys) has a sentence in both languages; a Spanish page never falls back to the engine's
English text.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template
from django.utils import translation

from tests.reference import reference_results
from tutor.engine.calls import Reason
from tutor.engine.furiten import FuritenKind, FuritenReason, furiten
from tutor.engine.hand import parse_hand
from tutor.engine.scoring import FuLine, NearMiss, NoYakuError, score, situation_from_hand
from tutor.engine.scoring.near_miss import NEAR_MISS_CODES
from tutor.engine.scoring.score import FU_CODES, YAKU_KEYS
from tutor.engine.tiles import parse_tile
from tutor.engine.waits import WaitShape
from tutor.web import engine_text as et


def both(render: Any, *args: Any) -> tuple[str, str]:
    with translation.override("en"):
        english = render(*args)
    with translation.override("es"):
        spanish = render(*args)
    return english, spanish


def fu(code: str, fu_: int = 0, sign: str = "", **params: Any) -> FuLine:
    return FuLine(fu_, f"engine text for {code}", sign, code, params)


FU_CASES = [
    (fu("base", 20), "Base: 20", "Base: 20"),
    (fu("closed_ron", 10, "+"), "Closed ron: +10", "Ron con la mano cerrada: +10"),
    (fu("tsumo", 2, "+"), "Tsumo: +2", "Tsumo: +2"),
    (
        fu("pinfu_tsumo"),
        "Tsumo with pinfu: no tsumo fu: 0",
        "Tsumo con pinfu: sin fu por tsumo: 0",
    ),
    (
        fu("open_pinfu", 2, "+"),
        "Open hand with no fu, won by ron: +2",
        "Mano abierta sin fu, ganada por ron: +2",
    ),
    (
        fu("chiitoitsu", 25),
        "Seven pairs (chiitoitsu), always, never rounded: 25",
        "Siete parejas (chiitoitsu), siempre, sin redondear: 25",
    ),
    (
        fu("kokushi"),
        "Thirteen orphans is a yakuman: no fu are counted: 0",
        "Los trece huérfanos son yakuman: no se cuentan fu: 0",
    ),
    (
        fu("wait", shape="two_sided", tile="4p", also_two_sided=0),
        "Two-sided wait (ryanmen) on four of circles: 0",
        "Espera a dos lados (ryanmen) a cuatro de círculos: 0",
    ),
    (
        fu("wait", 2, "+", shape="closed", tile="3m", also_two_sided=0),
        "Closed wait (kanchan) on three of characters: +2",
        "Espera cerrada (kanchan) a tres de caracteres: +2",
    ),
    (
        fu("wait", shape="edge", tile="7s", also_two_sided=1),
        "Edge wait (penchan) on seven of bamboo (the sequence can also be read as two-sided): 0",
        "Espera de borde (penchan) a siete de bambú (la escalera también se puede leer como "
        "espera a dos lados): 0",
    ),
    (
        fu("wait", 2, "+", shape="single", tile="7z", also_two_sided=0),
        "Pair wait (tanki) on red dragon: +2",
        "Espera de pareja (tanki) a dragón rojo: +2",
    ),
    (
        fu("wait", shape="dual_pon", tile="9p", also_two_sided=0),
        "Wait on two pairs (shanpon), nine of circles makes the set: 0",
        "Espera a dos parejas (shanpon), nueve de círculos forma el trío: 0",
    ),
    (
        fu("pair", tile="5p", role=""),
        "Pair of five of circles: 0",
        "Pareja de cinco de círculos: 0",
    ),
    (
        fu("pair", 2, "+", tile="6z", role="dragon"),
        "Pair of green dragon (a dragon): +2",
        "Pareja de dragón verde (un dragón): +2",
    ),
    (
        fu("pair", 2, "+", tile="2z", role="seat"),
        "Pair of South wind (your seat wind): +2",
        "Pareja de viento Sur (tu viento de asiento): +2",
    ),
    (
        fu("pair", 2, "+", tile="1z", role="round"),
        "Pair of East wind (the round wind): +2",
        "Pareja de viento Este (el viento de la ronda): +2",
    ),
    (
        fu("pair", 4, "+", tile="1z", role="seat_round"),
        "Pair of East wind (your seat wind and the round wind): +4",
        "Pareja de viento Este (tu viento de asiento y el de la ronda): +4",
    ),
    (
        fu("sequence", tiles="234m", state="closed"),
        "Sequence 234m, closed: 0",
        "Escalera 234m, cerrada: 0",
    ),
    (
        fu("sequence", tiles="789s", state="called"),
        "Sequence 789s, called: 0",
        "Escalera 789s, cantada: 0",
    ),
    (
        fu("set", 4, tile="9p", kind="pon", state="open", grade="terminal"),
        "Called triplet of nine of circles, terminal: 4",
        "Trío cantado de nueve de círculos, terminal: 4",
    ),
    (
        fu("set", 4, tile="5s", kind="pon", state="closed", grade="simple"),
        "Concealed triplet of five of bamboo, simple: 4",
        "Trío oculto de cinco de bambú, simple: 4",
    ),
    (
        fu("set", 16, tile="7z", kind="kan", state="open", grade="honor"),
        "Called quad of red dragon, honor: 16",
        "Cuarteto cantado de dragón rojo, honor: 16",
    ),
    (
        fu("set", 32, tile="1m", kind="kan", state="closed", grade="terminal"),
        "Concealed quad of one of characters, terminal: 32",
        "Cuarteto oculto de uno de caracteres, terminal: 32",
    ),
    (
        fu("set", 2, tile="5s", kind="pon", state="ron_open", grade="simple"),
        "Triplet of five of bamboo completed by ron, counted as called, simple: 2",
        "Trío de cinco de bambú completado por ron, cuenta como cantado, simple: 2",
    ),
    (
        fu("rounding", 4, "+", **{"from": 36, "to": 40}),
        "Rounding 36 up to 40: +4",
        "Redondeo de 36 a 40: +4",
    ),
]


@pytest.mark.parametrize(("line", "english", "spanish"), FU_CASES)
def test_a_fu_line_reads_in_both_languages(line: FuLine, english: str, spanish: str) -> None:
    assert both(et.fu_text, line) == (english, spanish)


def test_every_fu_code_has_a_case() -> None:
    assert {line.code for line, _, _ in FU_CASES} == set(FU_CODES)


def test_a_fu_line_stored_as_json_reads_like_the_engine_object() -> None:
    line = fu("pair", 2, "+", tile="6z", role="dragon")
    stored = {"fu": 2, "sign": "+", "code": "pair", "params": {"tile": "6z", "role": "dragon"}}
    assert both(et.fu_text, stored) == both(et.fu_text, line)


@translation.override("en")
def test_an_unknown_fu_code_falls_back_to_the_engine_text() -> None:
    assert et.fu_text(FuLine(2, "Something new", "+", "brand_new")) == "Something new: +2"
    assert et.fu_text(FuLine(10, "Closed ron", "+")) == "Closed ron: +10"  # no code at all


def test_a_caller_can_draw_the_tiles_itself() -> None:
    line = fu("sequence", tiles="234m", state="closed")
    with translation.override("en"):
        drawn = et.fu_text(line, group=lambda t: f"[{t}]")
    assert drawn == "Sequence [234m], closed: 0"


def miss(yaku: str, code: str, **params: Any) -> NearMiss:
    return NearMiss(yaku, f"engine text for {code}", code, params)


NEAR_MISS_CASES = [
    (miss("pinfu", "open_hand"), "Pinfu: the hand is open", "Pinfu: la mano está abierta"),
    (
        miss("pinfu", "seven_pairs_no_sequences"),
        "Pinfu: seven pairs has no sequences",
        "Pinfu: siete parejas no tiene escaleras",
    ),
    (
        miss("pinfu", "orphans_no_sequences"),
        "Pinfu: thirteen orphans has no sequences",
        "Pinfu: trece huérfanos no tiene escaleras",
    ),
    (
        miss("pinfu", "holds_set", tile="2s"),
        "Pinfu: it holds a set of two of bamboo, pinfu needs four sequences",
        "Pinfu: tiene un trío de dos de bambú y el pinfu necesita cuatro escaleras",
    ),
    (
        miss("pinfu", "value_pair", tile="5z"),
        "Pinfu: the pair of white dragon is a value tile",
        "Pinfu: la pareja de dragón blanco es de una ficha con valor",
    ),
    (
        miss("pinfu", "wait_not_two_sided", shape="closed"),
        "Pinfu: the wait is closed (kanchan)",
        "Pinfu: la espera es cerrada (kanchan)",
    ),
    (
        miss("tanyao", "holds_outside_tiles", tiles="9p", count=1),
        "Tanyao: it holds a terminal or honor: nine of circles",
        "Tanyao: tiene una terminal o un honor: nueve de círculos",
    ),
    (
        miss("tanyao", "holds_outside_tiles", tiles="1m,9p,1z", count=5),
        "Tanyao: it holds terminals or honors: one of characters, nine of circles, East wind "
        "and more",
        "Tanyao: tiene terminales u honores: uno de caracteres, nueve de círculos, viento Este "
        "y más",
    ),
    (
        miss("tanyao", "open_tanyao_not_allowed", rules="EMA"),
        "Tanyao: open tanyao does not count under EMA rules",
        "Tanyao: el tanyao abierto no cuenta con las reglas de EMA",
    ),
    (
        miss("menzen tsumo", "won_by_ron"),
        "Menzen tsumo: won by ron, not by tsumo",
        "Menzen tsumo: ganada por ron, no por tsumo",
    ),
    (
        miss("sanshoku", "no_sequences"),
        "Sanshoku doujun: the hand has no sequences",
        "Sanshoku doujun: la mano no tiene escaleras",
    ),
    (
        miss("sanshoku", "missing_sequence", tiles="234s"),
        "Sanshoku doujun: missing 234s",
        "Sanshoku doujun: falta 234s",
    ),
    (
        miss("sanshoku", "no_sequence_in_two_suits"),
        "Sanshoku doujun: no sequence appears in two suits",
        "Sanshoku doujun: ninguna escalera aparece en dos palos",
    ),
    (
        miss("ittsu", "no_two_of_straight"),
        "Ittsu: no suit has two of 123, 456 and 789",
        "Ittsu: ningún palo tiene dos de 123, 456 y 789",
    ),
    (
        miss("yakuhai", "pair_not_set", tile="7z"),
        "Yakuhai: a pair of red dragon, not a set",
        "Yakuhai: una pareja de dragón rojo, no un trío",
    ),
    (
        miss("yakuhai", "no_value_set"),
        "Yakuhai: no set of dragons, seat wind or round wind",
        "Yakuhai: ningún trío de dragones, de tu viento de asiento ni del viento de la ronda",
    ),
    (
        miss("chiitoitsu", "has_calls"),
        "Chiitoitsu: the hand has called or declared sets",
        "Chiitoitsu: la mano tiene grupos cantados o declarados",
    ),
    (
        miss("chiitoitsu", "too_few_pairs", count=1),
        "Chiitoitsu: only 1 pair, seven pairs needs 7",
        "Chiitoitsu: solo 1 pareja, siete parejas necesita 7",
    ),
    (
        miss("chiitoitsu", "too_few_pairs", count=3),
        "Chiitoitsu: only 3 pairs, seven pairs needs 7",
        "Chiitoitsu: solo 3 parejas, siete parejas necesita 7",
    ),
    (
        miss("chiitoitsu", "worth_more_as_sets"),
        "Chiitoitsu: the hand is worth more read as four sets and a pair",
        "Chiitoitsu: la mano vale más leída como cuatro grupos y una pareja",
    ),
    (
        miss("iipeikou", "no_identical_sequences"),
        "Iipeikou: no two identical sequences",
        "Iipeikou: no hay dos escaleras idénticas",
    ),
    (
        miss("toitoi", "seven_pairs_are_pairs"),
        "Toitoi: seven pairs are pairs, not sets",
        "Toitoi: siete parejas son parejas, no tríos",
    ),
    (
        miss("toitoi", "holds_sequence", tiles="567p"),
        "Toitoi: it holds the sequence 567p",
        "Toitoi: tiene la escalera 567p",
    ),
    (
        miss("honitsu", "two_suits", suits="m,p"),
        "Honitsu: it uses two suits (characters and circles)",
        "Honitsu: usa dos palos (caracteres y círculos)",
    ),
    (miss("honitsu", "three_suits"), "Honitsu: it uses three suits", "Honitsu: usa los tres palos"),
]


@pytest.mark.parametrize(("near", "english", "spanish"), NEAR_MISS_CASES)
def test_a_near_miss_reads_in_both_languages(near: NearMiss, english: str, spanish: str) -> None:
    assert both(et.near_miss_text, near) == (english, spanish)


def test_every_near_miss_code_has_a_case() -> None:
    assert {m.code for m, _, _ in NEAR_MISS_CASES} == set(NEAR_MISS_CODES)


@pytest.mark.parametrize("shape", ["closed", "edge", "single", "dual_pon"])
def test_every_wait_that_breaks_pinfu_is_named(shape: str) -> None:
    english, spanish = both(et.near_miss_reason, miss("pinfu", "wait_not_two_sided", shape=shape))
    assert english != spanish
    assert "engine text" not in english


def test_the_no_yaku_error_lists_its_near_misses_in_spanish() -> None:
    hand = parse_hand("123m456p789s222s99p")
    with pytest.raises(NoYakuError) as caught:
        score(situation_from_hand(hand, parse_tile("9p")))
    english, spanish = both(et.no_yaku_text, caught.value)
    assert english.startswith("No yaku: this hand cannot win.")
    assert "Pinfu: it holds a set of two of bamboo, pinfu needs four sequences" in english
    assert spanish.startswith("Sin yaku: esta mano no puede ganar.")
    assert "Pinfu: tiene un trío de dos de bambú y el pinfu necesita cuatro escaleras" in spanish
    assert "Menzen tsumo: ganada por ron, no por tsumo" in spanish


@pytest.mark.parametrize(
    ("key", "english", "spanish"),
    [
        ("riichi", "Riichi", "Riichi"),
        ("tanyao", "Tanyao", "Tanyao"),
        ("chun", "Yakuhai: red dragon (chun)", "Yakuhai: dragón rojo (chun)"),
        ("seat_wind_south", "Yakuhai: seat wind, South", "Yakuhai: viento de asiento, Sur"),
        ("round_wind_east", "Yakuhai: round wind, East", "Yakuhai: viento de la ronda, Este"),
        ("double_riichi", "Double riichi", "Doble riichi"),
        ("aka_dora", "Aka dora (red fives)", "Aka dora (cincos rojos)"),
    ],
)
def test_yaku_keep_their_japanese_names(key: str, english: str, spanish: str) -> None:
    assert both(et.yaku_name, key) == (english, spanish)


def test_every_yaku_key_has_a_name() -> None:
    for key in YAKU_KEYS.values():
        assert key in et.YAKU_NAMES, key


def test_a_yaku_of_a_score_is_named_by_its_key() -> None:
    hand = parse_hand("234567m23455p678s")
    result = score(situation_from_hand(hand, parse_tile("4p"), riichi=True))
    with translation.override("es"):
        assert [et.yaku_name(y) for y in result.yaku] == ["Riichi", "Pinfu", "Tanyao"]
        assert et.yaku_name({"tenhou_id": 20, "name": "Chun"}) == "Yakuhai: dragón rojo (chun)"
        assert et.yaku_name({"name": "Mystery"}) == "Mystery"


@pytest.mark.parametrize(
    ("shape", "english", "spanish"),
    [
        (WaitShape.TWO_SIDED, "two-sided wait (ryanmen)", "espera a dos lados (ryanmen)"),
        (WaitShape.CLOSED, "closed wait (kanchan)", "espera cerrada (kanchan)"),
        (WaitShape.EDGE, "edge wait (penchan)", "espera de borde (penchan)"),
        (WaitShape.DUAL_PON, "wait on two pairs (shanpon)", "espera a dos parejas (shanpon)"),
        (WaitShape.SINGLE, "pair wait (tanki)", "espera de pareja (tanki)"),
        (
            WaitShape.NOBETAN,
            "pair wait at either end of a run of four (nobetan)",
            "espera de pareja en cualquier extremo de una escalera de cuatro (nobetan)",
        ),
        (WaitShape.MULTI_SIDED, "multi-sided wait", "espera múltiple"),
    ],
)
def test_every_wait_shape_has_a_name(shape: WaitShape, english: str, spanish: str) -> None:
    assert both(et.wait_shape_name, shape) == (english, spanish)
    assert both(et.wait_shape_name, shape.value) == (english, spanish)
    # Inside a sentence: the same words, with the English article (Spanish sentences carry it).
    phrase_en, phrase_es = both(et.wait_shape_phrase, shape)
    assert phrase_en.split(" ", 1) in (["a", english], ["an", english])
    assert phrase_es == spanish


def test_one_name_per_shape_on_every_page() -> None:
    """The lessons, the defense drill and the puzzle themes use the engine-text names."""
    from puzzles.models import THEME_LABELS
    from tutor.exercises import defense, hands

    names = {str(et.wait_shape_name(s)) for s in WaitShape}
    assert {str(v) for v in hands._wait_shape_names().values()} == {
        str(et.wait_shape_phrase(s)) for s in WaitShape
    }
    assert {str(v).split(" ", 1)[1] for v in defense._shape_labels().values()} <= names
    themes = {str(v).lower() for k, v in THEME_LABELS.items() if k.startswith("wait-")}
    assert themes == {n.lower() for n in names}


@pytest.mark.parametrize(
    ("kind", "spanish"),
    [
        (
            FuritenKind.PERMANENT,
            "furiten por descarte propio: cuatro de caracteres, una ficha ganadora, es tu "
            "descarte número 2; dura mientras esa ficha sea una de tus esperas",
        ),
        (
            FuritenKind.TEMPORARY,
            "furiten temporal: cuatro de caracteres, una ficha ganadora, pasó después de tu "
            "último descarte (ficha pasada número 2)",
        ),
        (
            FuritenKind.RIICHI,
            "furiten de riichi: cuatro de caracteres, una ficha ganadora, pasó después de tu "
            "riichi (ficha pasada número 2); dura hasta el final de la mano",
        ),
    ],
)
def test_every_furiten_reason_reads_in_spanish(kind: FuritenKind, spanish: str) -> None:
    reason = FuritenReason(kind, parse_tile("4m"), 1)
    english, translated = both(et.furiten_text, reason)
    assert english == str(reason).replace("4m", "four of characters")
    assert translated == spanish


def test_a_real_furiten_status_reads_in_spanish() -> None:
    status = furiten(parse_hand("23m456p789s11z123p"), discards=[27, 3])
    with translation.override("es"):
        (text,) = [et.furiten_text(r) for r in status.reasons]
    assert text.startswith("furiten por descarte propio: cuatro de caracteres")


@pytest.mark.parametrize("reason", list(Reason))
def test_every_call_reason_is_translated(reason: Reason) -> None:
    english, spanish = both(et.call_reason_text, reason)
    assert english != spanish
    assert "_" not in english
    assert both(et.call_reason_text, reason.value) == (english, spanish)


def test_the_template_filters_render_in_the_readers_language() -> None:
    template = Template(
        "{% load engine_text %}{{ ev|points }} | {{ none|points }} | {{ reason|furiten_text }}"
    )
    status = furiten(parse_hand("23m456p789s11z123p"), discards=[27, 3])
    context = Context({"ev": 24999.6, "none": None, "reason": status.reasons[0]})
    with translation.override("es"):
        html = template.render(context)
    assert html.startswith("25.000 | — | furiten por descarte propio: cuatro de caracteres")
    with translation.override("en"):
        assert template.render(Context({"ev": "1234", "none": ""})).startswith("1,234 | — | ")


@translation.override("en")
def test_filters_escape_what_they_show() -> None:
    template = Template("{% load engine_text %}{{ reason|furiten_text }}")
    # An unknown code falls back to the reason as given.
    html = template.render(Context({"reason": {"code": "brand_new", "why": "<b>odd</b>"}}))
    assert "&lt;b&gt;odd&lt;/b&gt;" in html and "<b>" not in html


@pytest.mark.slow  # renders the reasons of all 3,408 wins: 9 s of CPU
def test_no_reason_of_the_reference_wins_falls_back_to_english() -> None:
    """Over all 3,408 reference wins, every fu line and near miss has its own Spanish text."""
    rendered = 0
    with translation.override("es"):
        for result in reference_results():
            for line in result.fu_lines:
                reason = et.fu_reason_text(line)
                assert reason != line.reason or line.code in ("base", "tsumo"), line
                assert "%(" not in reason
                rendered += 1
            for near in result.near_misses:
                reason = et.near_miss_reason(near)
                assert reason != near.reason, near
                assert "%(" not in reason
                rendered += 1
            for yaku in result.yaku:
                assert et.yaku_name(yaku) in {str(v) for v in et.YAKU_NAMES.values()}
    assert rendered > 50_000


def test_a_hand_that_is_not_complete_is_explained_in_spanish() -> None:
    hand = parse_hand("123m456p789s11z259s")
    with pytest.raises(ValueError) as caught:
        score(situation_from_hand(hand, parse_tile("9s")))
    english, spanish = both(et.error_text, caught.value)
    assert english.startswith("These tiles are not a winning hand")
    assert spanish.startswith("Estas fichas no son una mano ganadora")


@translation.override("en")
def test_other_errors_keep_their_message() -> None:
    assert et.error_text(ValueError("a fifth 1m")) == "a fifth 1m"


@pytest.mark.parametrize(
    ("limit", "spanish"),
    [("", ""), ("mangan", "mangan"), ("double yakuman", "doble yakuman"), ("odd", "odd")],
)
def test_limits_keep_their_japanese_names(limit: str, spanish: str) -> None:
    assert both(et.limit_name, limit)[1] == spanish
