"""Each exercise type: the engine's answer is accepted, others are not, and forms that no honest
page can send are refused."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.utils import translation

from tutor.exercises import AnswerError, ContentError, EmptyAnswer, exercise


def post(**fields: object) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in fields.items():
        q.setlist(key, [str(v) for v in value] if isinstance(value, list) else [str(value)])
    return q


def verdict(data: dict, **fields: object):
    ex = exercise(data)
    return ex.check(ex.read(post(**fields)))


# --- pick_tiles ---------------------------------------------------------------------------

HONORS = {"type": "pick_tiles", "tiles": "3m 1z 9p 6z 5s 4z", "find": "honors"}


def test_picking_every_honor_is_right():
    v = verdict(HONORS, tile=[1, 3, 5])
    assert v.correct
    assert "East wind" in " ".join(v.reasons)


def test_a_number_tile_is_not_an_honor():
    v = verdict(HONORS, tile=[0, 1, 3, 5])
    assert not v.correct
    assert any("Three of characters is not an honor" in r for r in v.reasons)


def test_a_missing_honor_is_counted_but_not_named():
    v = verdict(HONORS, tile=[1, 3])
    assert not v.correct
    assert any("One more tile" in r for r in v.reasons)
    assert not any("North wind" in r for r in v.reasons)


def test_red_fives_are_found_by_their_red_flag():
    ex = exercise({"type": "pick_tiles", "tiles": "5m 0p 5s 0s", "find": "red_fives"})
    assert ex.solution() == frozenset({1, 3})


@pytest.mark.parametrize("bad", [["9"], ["-1"], ["x"], ["1", "1"]])
def test_a_tile_index_outside_the_row_is_tampering(bad):
    with pytest.raises(AnswerError) as info:
        exercise(HONORS).read(post(tile=bad))
    assert not isinstance(info.value, EmptyAnswer)


def test_an_unknown_category_is_a_content_error():
    with pytest.raises(ContentError, match="find"):
        exercise({"type": "pick_tiles", "tiles": "123m", "find": "flowers"})


# --- pick_group ---------------------------------------------------------------------------

CHI = {"type": "pick_group", "tiles": "8m 9m 1m 2p 3s 4s 5s 7z", "find": "chi"}


def test_the_run_of_one_suit_is_the_chi():
    assert verdict(CHI, tile=[4, 5, 6]).correct


def test_numbers_do_not_wrap_around_into_a_sequence():
    v = verdict(CHI, tile=[0, 1, 2])
    assert not v.correct
    assert "not a sequence: numbers do not wrap around, nothing follows the 9" in v.reasons[0]
    with translation.override("es"):
        v = verdict(CHI, tile=[0, 1, 2])
    assert "no son una escalera: los números no dan la vuelta" in v.reasons[0]


@pytest.mark.parametrize(
    ("tiles", "en", "es"),
    [
        ([3, 4, 5], "must all be of one suit", "de un mismo palo"),
        ([5, 6, 7], "honors have no numbers", "los honores no tienen número"),
    ],
    ids=["two-suits", "honor"],
)
def test_a_false_sequence_is_told_its_slip(tiles, en, es):
    assert en in verdict(CHI, tile=tiles).reasons[0]
    with translation.override("es"):
        assert es in verdict(CHI, tile=tiles).reasons[0]


def test_a_group_of_the_wrong_size_says_so():
    v = verdict(CHI, tile=[4, 5])
    assert not v.correct
    assert "3 tiles" in v.reasons[0]


def test_two_copies_make_a_pair():
    ex = exercise({"type": "pick_group", "tiles": "3m 4m 5m 7p 1z 7p 2z", "find": "pair"})
    assert ex.solution() == (15, 15)
    assert ex.check(ex.read(post(tile=[3, 5]))).correct
    assert not ex.check(ex.read(post(tile=[4, 6]))).correct


def test_a_kan_is_four_copies():
    ex = exercise({"type": "pick_group", "tiles": "1s 9s 1s 5z 1s 9s 1s 9s", "find": "kan"})
    assert ex.check(ex.read(post(tile=[0, 2, 4, 6]))).correct


# --- complete -----------------------------------------------------------------------------


def test_a_complete_hand_needs_the_right_pair():
    data = {"type": "complete", "hand": "123m 456p 789s 777z 55s"}
    assert verdict(data, shape="standard", pair="5s").correct
    v = verdict(data, shape="standard", pair="7z")
    assert not v.correct
    assert "A pair of red dragon leaves tiles that do not split into sets" in v.reasons[0]


def test_seven_pairs_is_its_own_form():
    data = {"type": "complete", "hand": "1133m 2277p 99s 1155z"}
    assert verdict(data, shape="seven_pairs").correct
    assert not verdict(data, shape="standard", pair="1m").correct


def test_a_hand_one_tile_off_is_not_complete():
    data = {"type": "complete", "hand": "123m 456p 789s 77z 556s"}
    assert verdict(data, shape="not_complete").correct
    v = verdict(data, shape="standard", pair="5s")
    assert not v.correct


def test_four_sets_and_a_pair_without_a_pair_tile_is_a_reminder():
    with pytest.raises(EmptyAnswer):
        exercise({"type": "complete", "hand": "123m 456p 789s 777z 55s"}).read(
            post(shape="standard")
        )


def test_an_unknown_form_is_tampering():
    with pytest.raises(AnswerError):
        exercise({"type": "complete", "hand": "123m 456p 789s 777z 55s"}).read(post(shape="x"))


# --- waits --------------------------------------------------------------------------------

WAITS = {"type": "waits", "hand": "123m 456p 789s 11z 34s"}


def test_both_sides_of_a_two_sided_wait():
    assert verdict(WAITS, tile=["2s", "5s"]).correct
    v = verdict(WAITS, tile=["2s"])
    assert not v.correct
    assert any("One more tile" in r for r in v.reasons)


def test_a_tile_that_does_not_complete_is_named():
    v = verdict(WAITS, tile=["2s", "5s", "6s"])
    assert not v.correct
    assert any("Six of bamboo does not complete" in r for r in v.reasons)


# --- wall ---------------------------------------------------------------------------------

WALL = {"type": "wall", "seed": 7, "dice": [3, 4], "find": "first_live"}


def test_a_seven_breaks_wests_wall_after_its_seventh_stack():
    v = verdict(WALL, stack="2-7")
    assert v.correct
    assert any("7 lands on West" in r for r in v.reasons)
    assert any("breaks it just after them" in r for r in v.reasons)


def test_a_wrong_stack_is_told_what_it_is_without_the_answer():
    v = verdict(WALL, stack="2-4")
    assert not v.correct
    assert "dora indicator" in v.reasons[0]
    assert not any("stack 8" in r for r in v.reasons)


def _wall_total(total: int, find: str) -> dict:
    return {"type": "wall", "seed": total, "dice": [total // 2, total - total // 2], "find": find}


@pytest.mark.parametrize("total", range(2, 13))
def test_the_riichi_answers_are_accepted_for_every_dice_total(total):
    from tutor.engine.wall import broken_wall

    wall = broken_wall(total)
    first = exercise(_wall_total(total, "first_live"))
    assert first.solution() == frozenset({(wall, total)})  # stack total + 1, counted from 1
    assert first.check(first.solution()).correct
    dead = exercise(_wall_total(total, "dead_wall")).solution()
    assert len(dead) == 7 and (wall, total) not in dead
    assert {(wall, st) for st in range(max(0, total - 7), total)} <= dead


@pytest.mark.parametrize(
    ("lang", "stack", "words"),
    [
        ("en", "2-6", "as classical Chinese rules do"),
        ("es", "2-6", "como hacen las reglas clásicas chinas"),
        ("en", "2-9", "from the left end"),
        ("es", "2-9", "desde el extremo izquierdo"),
        ("en", "3-7", "counted on North's wall"),
        ("es", "3-7", "en el muro de Norte"),
    ],
    ids=["classical-en", "classical-es", "left-en", "left-es", "wall-en", "wall-es"],
)
def test_a_typical_wall_slip_is_named(lang, stack, words):
    with translation.override(lang):
        v = verdict(WALL, stack=stack)
    assert not v.correct
    assert words in v.reasons[0]


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "far end of the dead wall"), ("es", "extremo lejano")]
)
def test_counting_the_indicator_from_the_far_end_is_named(lang, words):
    data = {**WALL, "find": "dora_indicator"}  # West's stacks 1-7 dead: indicator on stack 5
    with translation.override(lang):
        v = verdict(data, stack="2-2")
    assert not v.correct
    assert words in v.reasons[0]


def test_a_classical_wall_deals_from_the_counted_stack():
    data = {**WALL, "rules": "classical"}
    v = verdict(data, stack="2-6")
    assert v.correct
    assert any("classical rules" in r for r in v.reasons)
    v = verdict(data, stack="2-7")
    assert not v.correct and "as riichi does" in v.reasons[0]
    with pytest.raises(ContentError):
        exercise({**data, "find": "dora_indicator"})  # no dora in the classical set


def test_the_dead_wall_is_seven_stacks():
    ex = exercise({"type": "wall", "seed": 3, "dice": [2, 3], "find": "dead_wall"})
    right = ex.solution()
    assert len(right) == 7
    assert ex.check(frozenset(right)).correct


@pytest.mark.parametrize("bad", ["4-0", "0-17", "a-b", "7"])
def test_a_stack_outside_the_wall_is_tampering(bad):
    with pytest.raises(AnswerError):
        exercise(WALL).read(post(stack=bad))


def test_two_stacks_for_a_one_stack_question_is_tampering():
    with pytest.raises(AnswerError):
        exercise(WALL).read(post(stack=["2-6", "2-5"]))


def test_impossible_dice_are_a_content_error():
    with pytest.raises(ContentError):
        exercise({"type": "wall", "seed": 1, "dice": [0, 7], "find": "first_live"})


# --- dora ---------------------------------------------------------------------------------


def test_after_nine_comes_one():
    assert verdict({"type": "dora", "indicators": "9p"}, tile=["1p"]).correct
    assert not verdict({"type": "dora", "indicators": "9p"}, tile=["9p"]).correct


def test_dora_in_a_hand_include_red_fives():
    data = {"type": "dora", "indicators": "4m", "hand": "0m55m 456p 789s 11z 23s"}
    assert exercise(data).solution() == 4
    assert verdict(data, number=4).correct
    assert not verdict(data, number=3).correct


# --- calls, claim, kuikae -----------------------------------------------------------------

CALLS = {"type": "calls", "hand": "3456m 88p 234s 5799s", "discard": "5m", "from": "left"}


def test_every_chi_from_the_left():
    assert verdict(CALLS, choice=["chi:34m", "chi:46m"]).correct
    assert not verdict(CALLS, choice=["chi:34m"]).correct


def test_chi_only_from_the_left():
    data = {**CALLS, "from": "across"}
    assert exercise(data).solution() == frozenset({"none"})
    v = verdict(data, choice=["chi:34m"])
    assert not v.correct
    assert "player on your left" in v.reasons[0]


def test_no_call_cannot_go_with_a_call():
    with pytest.raises(EmptyAnswer):
        exercise(CALLS).read(post(choice=["none", "pon"]))


CLAIM = {
    "type": "claim",
    "discarder": "east",
    "discard": "6p",
    "claims": {
        "south": {"call": "chi", "hand": "45p 123m 789m 456s 11z"},
        "north": {"call": "pon", "hand": "66p 234m 567s 99s 123p"},
    },
    "ask": "taker",
}


def test_pon_beats_chi():
    v = verdict(CLAIM, choice="north")
    assert v.correct
    assert any("beats a chi" in r for r in v.reasons)


def test_a_pon_across_the_table_skips_the_players_between():
    data = {**CLAIM, "ask": "skipped"}
    assert exercise(data).solution() == frozenset({"south", "west"})


def test_a_claim_the_hand_cannot_make_is_a_content_error():
    bad = {**CLAIM, "claims": {"west": {"call": "chi", "hand": "45p 123m 789m 456s 11z"}}}
    with pytest.raises(ContentError, match="not a legal call"):
        exercise(bad)


def test_kuikae_forbids_the_called_tile_and_the_other_end():
    data = {"type": "kuikae", "hand": "36m 234p 678p 119s", "meld": "[3*45m]L"}
    assert exercise(data).solution() == frozenset({2, 5})
    assert verdict(data, tile=["3m", "6m"]).correct
    assert not verdict(data, tile=["3m"]).correct


# --- furiten ------------------------------------------------------------------------------

FURITEN = {
    "type": "furiten",
    "hand": "23m 456p 789p 123s 55z",
    "discards": "9s 1m 2z",
    "tile": "4m",
}


def test_a_wait_among_your_discards_is_permanent_furiten():
    assert verdict(FURITEN, choice="permanent").correct
    assert not verdict(FURITEN, choice="win").correct


def test_furiten_never_stops_a_tsumo():
    assert verdict({**FURITEN, "win": "tsumo"}, choice="win").correct


def test_a_passed_tile_after_riichi_is_riichi_furiten():
    data = {**FURITEN, "discards": "9s", "passed": "1m", "riichi": True}
    assert exercise(data).solution() == "riichi"


def test_a_passed_tile_without_riichi_is_temporary_furiten():
    data = {**FURITEN, "discards": "9s", "passed": "1m"}
    assert exercise(data).solution() == "temporary"


# --- scoring ------------------------------------------------------------------------------

WIN = {"hand": "234m 567m 23455p 678s", "win_tile": "4p", "win": "ron", "riichi": True}


def test_riichi_pinfu_tanyao():
    data = {**WIN, "type": "yaku", "choices": ["Riichi", "Pinfu", "Tanyao", "Iipeikou"]}
    assert verdict(data, choice=["riichi", "pinfu", "tanyao"]).correct
    v = verdict(data, choice=["riichi", "iipeikou"])
    assert not v.correct


def test_a_yaku_not_offered_as_a_choice_is_a_content_error():
    with pytest.raises(ContentError, match="Tanyao"):
        exercise({**WIN, "type": "yaku", "choices": ["Riichi", "Pinfu"]}).solution()


def test_fu_feedback_is_itemized():
    v = verdict({**WIN, "type": "fu"}, number=30)
    assert v.correct
    assert any(r.startswith("Base: 20") for r in v.reasons)
    assert any("Closed ron" in r for r in v.reasons)


def test_a_ron_is_paid_by_the_discarder_only():
    data = {**WIN, "type": "payment", "discarder": "west"}
    assert exercise(data).solution() == (("west", 3900),)
    assert verdict(data, pay_west=3900).correct
    assert not verdict(data, pay_west=3800).correct


def test_a_dealer_tsumo_is_split_evenly():
    data = {**WIN, "type": "payment", "win": "tsumo", "seat": "east"}
    ex = exercise(data)
    assert [seat for seat, _ in ex.solution()] == ["south", "west", "north"]
    assert len({amount for _, amount in ex.solution()}) == 1


def test_shanten_of_a_ready_hand_is_zero():
    data = {"type": "shanten", "hand": "123m 456p 789s 11z 34s"}
    assert verdict(data, choice=0).correct
    assert not verdict(data, choice=1).correct


# --- language -----------------------------------------------------------------------------


def test_feedback_is_in_the_learners_language():
    with translation.override("es"):
        v = verdict(WALL, stack="2-7")
    assert v.correct
    assert any("Oeste" in r for r in v.reasons)


def test_spanish_discard_feedback_counts_steps_and_tiles_apart():
    """One step from tenpai is "a 1 paso", even when many tiles improve the hand."""
    # Discarding 3m, 5p or 7s leaves 123m 456p 789s 7s 11z: one step away, 34 tiles help.
    data = {"type": "best_discard", "hand": "123m456p7789s11z3m5p"}
    ex = exercise(data)
    with translation.override("es"):
        v = ex.check(next(iter(ex.solutions())))
    assert v.correct
    assert all(": a 1 paso, 34 fichas la mejoran." in r for r in v.reasons), v.reasons
    assert not any("1 pasos" in r for r in v.reasons)
    assert "1 step away, 34 tiles improve it." in ex.check(next(iter(ex.solutions()))).reasons[0]


# --- figures ------------------------------------------------------------------------------


def test_a_wall_figure_marks_the_engines_stacks():
    from tutor.exercises import wall_figure

    figure = wall_figure({"type": "wall", "seed": 7, "dice": [3, 4], "mark": ["dead_wall"]})
    assert sum(1 for _r, _c, classes, *_rest in figure.cells if "mark-dead_wall" in classes) == 7
    assert figure.indicators == ""


def test_a_wall_figure_shows_the_break_and_numbers_the_broken_wall():
    from tutor.exercises import wall_figure

    figure = wall_figure(
        {"type": "wall", "seed": 7, "dice": [3, 4], "mark": ["dead_wall", "first_live"]}
    )
    ringed = [
        (label, number) for _r, _c, classes, label, number in figure.cells if "break" in classes
    ]
    assert [number for _label, number in ringed] == ["7", "8"]  # West's stacks, either side
    assert "first stack the dealer takes" in ringed[1][0]
    assert "break" in dict(figure.legend)
    assert sorted(int(n) for *_rest, n in figure.cells if n) == list(range(1, 18))


def test_a_classical_figure_has_eighteen_stacks_a_wall_and_no_indicator():
    from tutor.exercises import wall_figure

    figure = wall_figure(
        {"type": "wall", "seed": 7, "dice": [3, 4], "rules": "classical", "mark": ["dead_wall"]}
    )
    assert figure.size == 20 and len(figure.cells) == 72
    ringed = [number for _r, _c, classes, _label, number in figure.cells if "break" in classes]
    assert ringed == ["6", "7"]


@pytest.mark.parametrize(
    "data",
    [
        {"type": "hand", "seed": 1, "dice": [1, 1], "mark": ["dead_wall"]},
        {"type": "wall", "seed": 1, "dice": [1, 1], "mark": ["replacement"]},
        {"type": "wall", "seed": 1, "dice": [1, 9], "mark": ["dead_wall"]},
    ],
    ids=["type", "mark", "dice"],
)
def test_a_bad_figure_is_a_content_error(data):
    from tutor.exercises import wall_figure

    with pytest.raises(ContentError):
        wall_figure(data)


def test_fu_lines_are_translated_and_draw_their_tiles():
    with translation.override("es"):
        v = verdict({**WIN, "type": "fu"}, number=30)
    assert "Ron con la mano cerrada: +10" in v.reasons
    assert "Espera a dos lados (ryanmen) a `tiles:4p`: 0" in v.reasons


def test_one_tile_can_be_asked_for_by_name():
    data = {"type": "pick_tiles", "tiles": "7z 5z 6z 1z 6z", "find": "6z"}
    assert exercise(data).solution() == frozenset({2, 4})
    v = verdict(data, tile=[0, 2])
    assert not v.correct
    assert "That tile is the red dragon, not the green dragon." in v.reasons
    assert verdict(data, tile=[2, 4]).correct


def test_ron_beats_pon_and_needs_a_yaku():
    ron_hand = "234m 567m 234p 678s 5p"  # tanyao: 5p completes it with a yaku
    data = {
        "type": "claim",
        "discarder": "east",
        "discard": "5p",
        "claims": {
            "west": {"call": "ron", "hand": ron_hand},
            "north": {"call": "pon", "hand": "55p 123m 789m 123s 99s"},
        },
        "ask": "taker",
    }
    assert exercise(data).solution() == frozenset({"west"})
    no_yaku = {**data, "claims": {"west": {"call": "ron", "hand": "123m 567m 234p 789s 5p"}}}
    with pytest.raises(ContentError, match="not a legal call"):
        exercise(no_yaku)
