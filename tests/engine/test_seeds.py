"""Examples from the rule seeds (``shared/seeds/*.txt``, in Spanish), as tests."""

from __future__ import annotations

import pytest

from tutor.engine.analysis import discard_analysis
from tutor.engine.dora import count_dora, count_red_fives, dora_from_indicator
from tutor.engine.hand import LEFT, MeldKind, parse_hand
from tutor.engine.shanten import shanten
from tutor.engine.shapes import HandForm, decompositions
from tutor.engine.tiles import ImpossibleHandError, parse_tile, parse_tiles, tile_str, to_counts


def test_between_turns_13_tiles_and_14_just_after_drawing() -> None:
    # "Entre turno y turno tu mano tiene 13 fichas, y 14 justo después de robar."
    assert parse_hand("123m456p789s1122z").tile_count == 13
    assert parse_hand("123m456p789s11223z").tile_count == 14
    with pytest.raises(ImpossibleHandError):
        parse_hand("123m456p789s11223z4z")


def test_a_kan_is_one_group_and_the_replacement_makes_up_the_tile() -> None:
    # "Un kan usa cuatro fichas para un solo grupo ... Por eso robas una ficha de reemplazo"
    hand = parse_hand("123m456p78s11z (2222z) 9s")
    assert hand.tile_count == 14
    assert shanten(hand.concealed, len(hand.melds)) == -1


def test_winning_forms_are_four_groups_and_a_pair_seven_pairs_or_thirteen_orphans() -> None:
    # "cuatro grupos y un par, chiitoitsu o kokushi musou"
    forms = {
        "123m456p789s11222z": HandForm.STANDARD,
        "1122m3344p5566s77z": HandForm.SEVEN_PAIRS,
        # "Una de cada terminal y honor más una copia de cualquiera de ellas."
        "19m19p19s12345677z": HandForm.THIRTEEN_ORPHANS,
    }
    for text, form in forms.items():
        assert [d.form for d in decompositions(to_counts(parse_tiles(text)))] == [form]


def test_after_chi_on_6p_with_45p_the_isolated_red_dragon_is_the_discard() -> None:
    # "En esta mano llamaste chii a un 6p con tu 45p. El dragón rojo es una ficha suelta
    # (aislada) que no entra en ningún grupo, así que es tu descarte."
    hand = parse_hand("234m678m22s34s7z [456*p]L")
    chi = hand.melds[0]
    assert (chi.kind, chi.called, chi.source) == (MeldKind.CHI, parse_tile("6p"), LEFT)
    best = discard_analysis(hand.concealed, len(hand.melds), seen=hand.all_counts())[0]
    assert tile_str(best.discard) == "7z"
    assert best.shanten == 0


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [("6s", "7s"), ("9p", "1p"), ("7z", "5z"), ("5z", "6z"), ("6z", "7z"), ("4z", "1z")],
)
def test_the_indicator_points_at_the_next_tile(indicator: str, dora: str) -> None:
    # "si hay un 6 de bambús como indicador el Dora será el 7 de bambús. Si hay un 9 de
    # círculos el Dora será el 1 de círculos. En los dragones el orden es rojo-blanco-verde-rojo
    # y en los vientos E-S-O-N-E."
    assert dora_from_indicator(parse_tile(indicator)) == parse_tile(dora)


def test_two_copies_of_the_dora_give_two_extra_han() -> None:
    # "el dora sería el 5 de carácteres, si la mano tiene dos de esa ficha entonces tiene 2 han"
    hand = parse_hand("55m234p456s789s11z")
    assert count_dora(hand, [parse_tile("4m")]) == 2


def test_four_red_fives_two_of_circles() -> None:
    # "Akadora: 4 fichas bonus opcionales de número cinco en rojo, 2 de círculos y una de los
    # otros dos palos."
    hand = parse_hand("0m00p0s123m789s111z")
    assert count_red_fives(hand) == 4
    with pytest.raises(ImpossibleHandError):
        parse_hand("00m0p0s123p789s111z")
