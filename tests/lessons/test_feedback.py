"""Feedback polish: what the engine knows about an answer is said, in good sentences."""

from __future__ import annotations

from django.http import QueryDict
from django.utils import translation

from tutor.exercises import exercise


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
    assert "Four of bamboo: a closed wait (kanchan)." in v.reasons
    assert "Five of bamboo: a pair wait (tanki)." in v.reasons
    assert "As a whole, this is a multi-sided wait." in v.reasons


def test_a_right_wait_in_a_wrong_answer_is_named_with_its_shape_but_a_missed_one_is_not():
    v = verdict(KANCHAN_OR_TANKI, tile=["4s"])
    assert not v.correct
    assert "Four of bamboo: a closed wait (kanchan)." in v.reasons
    assert not any("Five of bamboo" in r for r in v.reasons)


def test_a_nobetan_is_named_as_a_whole():
    v = verdict({"type": "waits", "hand": "123456789m 1234p"}, tile=["1p", "4p"])
    assert v.correct
    # The name the analyzer and the puzzles give it too.
    assert "As a whole, this is a pair wait at either end of a run of four (nobetan)." in v.reasons


def test_wait_shapes_are_translated():
    with translation.override("es"):
        v = verdict(KANCHAN_OR_TANKI, tile=["4s", "5s"])
    assert "Cuatro de bambú: espera cerrada (kanchan)." in v.reasons
    assert "En conjunto, es una espera múltiple." in v.reasons


# --- shanten and accepted tiles -------------------------------------------------------------

ONE_AWAY = "234m 678p 55s 79m 34p 1z"  # 8m fills 79m, 2p or 5p finish 34p


def test_shanten_feedback_lists_the_accepted_tiles_with_their_copies():
    v = verdict({"type": "shanten", "hand": ONE_AWAY}, choice=1)
    assert v.correct
    assert (
        "12 copies left bring it one step closer: `tiles:8m` ×4, `tiles:2p` ×4, `tiles:5p` ×4."
        in v.reasons
    )


def test_the_accepted_tiles_of_a_tenpai_hand_complete_it():
    v = verdict({"type": "shanten", "hand": "123m 456p 789s 11z 34s"}, choice=0)
    assert "8 copies left complete it: `tiles:2s` ×4, `tiles:5s` ×4." in v.reasons


IMPROVE = {"type": "improve", "hand": ONE_AWAY}


def test_every_tile_that_lowers_the_shanten_improves_the_hand():
    assert exercise(IMPROVE).solution() == frozenset({7, 10, 13})  # 8m, 2p, 5p
    assert verdict(IMPROVE, tile=["8m", "2p", "5p"]).correct


def test_a_tile_that_changes_nothing_is_named_and_a_missed_one_only_counted():
    v = verdict(IMPROVE, tile=["8m", "1z"])
    assert not v.correct
    assert "Eight of characters helps: 4 copies left." in v.reasons
    assert "East wind does not bring this hand closer: the hand stays 1 step from tenpai." in (
        v.reasons
    )
    assert "2 more tiles help this hand." in v.reasons


def test_copies_in_a_called_set_are_not_left_to_draw():
    # 6p would finish 45p, but all four are in the kan: it can never be drawn.
    data = {"type": "improve", "hand": "45p 234m 678s 11z (6666p)"}
    assert exercise(data).solution() == frozenset({11})  # only 3p


def test_an_improve_answer_outside_the_palette_is_tampering():
    import pytest

    from tutor.exercises import AnswerError, EmptyAnswer

    with pytest.raises(AnswerError) as info:
        exercise(IMPROVE).read(post(tile=["8x"]))
    assert not isinstance(info.value, EmptyAnswer)
    with pytest.raises(EmptyAnswer):
        exercise(IMPROVE).read(post())


# --- yaku ---------------------------------------------------------------------------------

NO_SANSHOKU = {
    "type": "yaku",
    "hand": "234m 234p 345s 678s 55p",
    "win_tile": "4m",
    "win": "ron",
    "riichi": True,
    "choices": ["Riichi", "Pinfu", "Sanshoku Doujun", "Haku", "Tanyao"],
}


def test_choices_are_offered_by_stable_key_with_the_yakus_name():
    choices = exercise(NO_SANSHOKU).widget().choices
    assert [c.value for c in choices][:5] == [
        "riichi",
        "pinfu",
        "sanshoku_doujun",
        "haku",
        "tanyao",
    ]
    assert "Yakuhai: white dragon (haku)" in [c.label for c in choices]


def test_a_near_miss_names_the_reason_for_a_multiword_yaku_and_a_value_tile():
    v = verdict(NO_SANSHOKU, choice=["riichi", "sanshoku_doujun", "haku"])
    assert not v.correct
    assert "Sanshoku doujun is not in this hand: missing `tiles:234s`." in v.reasons
    assert (
        "Yakuhai: white dragon (haku) is not in this hand: no set of dragons, seat wind or "
        "round wind." in v.reasons
    )


def test_near_misses_are_given_in_spanish_too():
    with translation.override("es"):
        v = verdict(NO_SANSHOKU, choice=["sanshoku_doujun"])
    assert "Esta mano no tiene Sanshoku doujun: falta `tiles:234s`." in v.reasons


def test_a_yaku_name_is_not_a_form_value():
    import pytest

    from tutor.exercises import AnswerError

    with pytest.raises(AnswerError):
        exercise(NO_SANSHOKU).read(post(choice=["Sanshoku Doujun"]))


OPEN_NO_YAKU = {
    "type": "yaku",
    "hand": "123m 789m 456s 11s [5*55p]",
    "win_tile": "6s",
    "win": "ron",
    "choices": ["Menzen Tsumo", "Pinfu", "Tanyao", "Haku"],
}


def test_a_complete_hand_without_yaku_cannot_win():
    assert exercise(OPEN_NO_YAKU).solution() == frozenset({"no_yaku"})
    assert exercise(OPEN_NO_YAKU).widget().choices[-1].value == "no_yaku"
    v = verdict(OPEN_NO_YAKU, choice=["no_yaku"])
    assert v.correct
    assert v.reasons[0].startswith("No yaku: this hand cannot win.")
    assert "Pinfu: the hand is open" in v.reasons


def test_a_yaku_ticked_on_a_hand_without_any_says_why_it_is_missing():
    v = verdict(OPEN_NO_YAKU, choice=["tanyao"])
    assert not v.correct
    assert v.reasons == [
        "Tanyao is not in this hand: it holds terminals or honors: `tiles:1m`, `tiles:9m`, "
        "`tiles:1s`."
    ]


def test_no_yaku_on_a_hand_that_has_one_is_wrong():
    v = verdict(NO_SANSHOKU, choice=["no_yaku"])
    assert not v.correct
    assert "This hand has a yaku, so it can win." in v.reasons


def test_no_yaku_cannot_go_with_a_yaku():
    import pytest

    from tutor.exercises import EmptyAnswer

    with pytest.raises(EmptyAnswer):
        exercise(OPEN_NO_YAKU).read(post(choice=["no_yaku", "tanyao"]))


# --- the end of a hand and of a game --------------------------------------------------------


def seats(east: int, south: int, west: int, north: int) -> dict[str, int]:
    return {"score_east": east, "score_south": south, "score_west": west, "score_north": north}


NOTEN = {"type": "noten", "tenpai": ["east", "south", "north"]}


def test_the_one_noten_player_pays_three_thousand():
    v = verdict(NOTEN, **seats(1000, 1000, -3000, 1000))
    assert v.correct
    assert "West is not tenpai and pays 3,000." in v.reasons
    assert "East is tenpai and receives 1,000." in v.reasons


def test_nobody_pays_when_nobody_is_tenpai():
    assert verdict({"type": "noten", "tenpai": []}, **seats(0, 0, 0, 0)).correct


def test_a_wrong_noten_figure_is_named_with_the_rule():
    v = verdict(NOTEN, **seats(1000, 2000, -3000, 0))  # adds up, but no slip it can name
    assert not v.correct
    assert v.reasons[0].startswith("At an exhaustive draw the players who are not tenpai pay 3,000")
    assert v.reasons[1:] == ["South: not +2,000.", "North: not 0."]


FINAL = {"type": "final_scores", "points": [18300, 35800, 31600, 14300]}


def test_the_final_result_rounds_subtracts_the_return_points_and_adds_the_uma():
    v = verdict(FINAL, **seats(-22, 46, 12, -36))
    assert v.correct
    assert "West, place 2, 31,600 points: +2; uma +10; result +12." in v.reasons
    assert (
        "South, place 1, 35,800 points: takes +26, what the others give up; uma +20; "
        "result +46." in v.reasons
    )


def test_a_wrong_final_result_names_the_seat_without_the_answer():
    v = verdict(FINAL, **seats(-22, 46, 12, -35))
    assert not v.correct
    assert v.reasons[-1] == "North: not −35."
    assert not any("−36" in r for r in v.reasons)


def test_a_final_result_is_a_signed_whole_number_and_scores_must_add_up():
    import pytest

    from tutor.exercises import AnswerError, ContentError

    with pytest.raises(AnswerError):
        exercise(FINAL).read(post(**{**seats(-22, 46, 12, -36), "score_east": "-2x"}))
    with pytest.raises(ContentError, match="add up"):
        exercise({"type": "final_scores", "points": [25000, 25000, 25000, 24000]})


def test_settlement_inputs_take_negative_numbers():
    widget = exercise(FINAL).widget()
    assert widget.low == "" and widget.step == "1"
    assert [name for name, _label, _value in widget.inputs] == list(seats(0, 0, 0, 0))


# --- dora -----------------------------------------------------------------------------------

URA = {"type": "dora", "indicators": "6m", "ura": "8s", "hand": "123m 789m 456p 789s 55z"}


def test_ura_indicators_are_shown_under_their_own_label_and_counted():
    ex = exercise(URA)
    assert ex.widget().shown[:2] == [("Dora indicator", "6m"), ("Ura-dora indicator", "8s")]
    assert ex.solution() == 2  # a 7m and a 9s
    v = verdict(URA, number=2)
    assert "The ura indicator eight of bamboo makes nine of bamboo an ura dora." in v.reasons
    assert "It holds 1 ura dora." in v.reasons


def test_one_red_five_is_singular():
    v = verdict({"type": "dora", "indicators": "6m", "hand": "123m 789m 406p 789s 55z"}, number=2)
    assert "It holds 1 red five." in v.reasons


def test_more_ura_indicators_than_dora_indicators_is_a_content_error():
    import pytest

    from tutor.exercises import ContentError

    with pytest.raises(ContentError, match="ura"):
        exercise({**URA, "ura": "8s 1z"})


# --- calls and claims -----------------------------------------------------------------------

IN_RIICHI = {
    "type": "calls",
    "hand": "123m 789m 456p 99s 55z",
    "discard": "5z",
    "from": "across",
    "riichi": True,
}


def test_in_riichi_only_ron_is_allowed():
    assert exercise(IN_RIICHI).solution() == frozenset({"ron"})
    v = verdict(IN_RIICHI, choice=["ron"])
    assert v.correct
    assert any(r.startswith("Pon: not allowed, ") and "riichi" in r for r in v.reasons)


def test_the_same_hand_out_of_riichi_may_pon_or_ron_on_a_dragon():
    assert exercise({**IN_RIICHI, "riichi": False}).solution() == frozenset({"pon", "ron"})


def test_ron_without_a_yaku_is_not_offered_as_legal():
    data = {"type": "calls", "hand": "123m 456p 789s 55p 66s", "discard": "6s", "from": "across"}
    assert exercise(data).solution() == frozenset({"pon"})
    v = verdict(data, choice=["pon", "ron"])
    assert not v.correct
    assert "Ron (win on it): not allowed, the win would have no yaku." in v.reasons


def test_a_wind_is_a_yaku_for_a_ron_only_as_seat_or_round_wind():
    data = {"type": "calls", "hand": "123m 456p 789s 22z 66s", "discard": "2z", "from": "left"}
    assert exercise(data).solution() == frozenset({"pon", "ron"})  # South is your seat wind
    west = {**data, "seat": "west"}
    assert exercise(west).solution() == frozenset({"pon"})
    assert exercise({**west, "round": "south"}).solution() == frozenset({"pon", "ron"})


RON_CLAIM = {
    "type": "claim",
    "discarder": "east",
    "discard": "3z",
    "claims": {
        "south": {"call": "ron", "hand": "123m 456p 789s 11m 33z"},
        "north": {"call": "pon", "hand": "33z 234m 789m 456s 55p"},
    },
    "ask": "taker",
}


def test_a_claimed_ron_sees_the_round_wind():
    import pytest

    from tutor.exercises import ContentError

    # West is nobody's seat wind here: the ron has no yaku in an East round...
    with pytest.raises(ContentError, match="not a legal call"):
        exercise(RON_CLAIM)
    # ...but West is the round wind in a West round.
    assert exercise({**RON_CLAIM, "round": "west"}).solution() == frozenset({"south"})


def test_a_claimed_ron_sees_the_claimants_riichi():
    claims = {**RON_CLAIM["claims"], "south": {**RON_CLAIM["claims"]["south"], "riichi": True}}
    ex = exercise({**RON_CLAIM, "claims": claims})
    assert ex.solution() == frozenset({"south"})
    assert ex.widget().shown[1][0] == "South, in riichi, calls ron with"


# --- grammar --------------------------------------------------------------------------------


def test_a_sentence_that_starts_with_a_tile_name_starts_with_a_capital():
    kuikae = {"type": "kuikae", "hand": "6m 234p 678p 1199s", "meld": "[3*45m]L"}
    v = verdict(kuikae, tile=["6m", "2p"])
    assert "Two of circles may be discarded." in v.reasons
    with translation.override("es"):
        v = verdict(kuikae, tile=["6m", "2p"])
    assert all(r[0].isupper() for r in v.reasons)


def test_a_right_answer_is_not_announced_twice():
    v = verdict(
        {"type": "pick_tiles", "tiles": "3m 1z 9p 6z 5s 4z", "find": "honors"}, tile=[1, 3, 5]
    )
    assert v.correct
    assert not any(r.startswith("Right") for r in v.reasons)
    v = verdict({"type": "pick_tiles", "tiles": "7z 5z 6z 1z 6z", "find": "6z"}, tile=[2, 4])
    assert v.reasons == ["Each of the 2 tiles you picked is the green dragon."]


SEVEN_PAIRS = {"type": "fu", "hand": "1133m 5577p 2299s 44z", "win_tile": "4z", "win": "ron"}


def test_seven_pairs_fu_are_never_rounded():
    v = verdict(SEVEN_PAIRS, number=25)
    assert v.correct
    assert v.reasons[-1] == "Total: 25 fu. Seven pairs are always 25 fu, never rounded."
    assert not any("rounded up" in r for r in v.reasons)


HONBA_AND_STICKS = {
    "type": "payment",
    "hand": "234m 567m 23455p 678s",
    "win_tile": "4p",
    "win": "ron",
    "riichi": True,
    "discarder": "west",
    "honba": 1,
    "sticks": 1,
}


def test_a_wrong_payment_shows_the_breakdown_with_honba_and_sticks():
    v = verdict(HONBA_AND_STICKS, pay_west=3900)
    assert not v.correct
    assert v.reasons == [
        "West: the hand itself is right, but you left out the honba: 300 more, so 4,200."
    ]
    assert v.details == [
        "3 han 30 fu: 3,900 points.",
        "Base points: 30 × 2^(3 + 2) = 960.",
        "4 × 960 = 3,840, rounded up to 3,900.",
        "The discarder pays the hand: 3,900.",
        "1 honba adds 300, paid by the discarder.",
        "The riichi stick on the table goes to the winner (1,000 more); nobody pays it now.",
    ]
    assert verdict(HONBA_AND_STICKS, pay_west=4200).correct


def test_a_tsumo_splits_the_honba_between_the_payers():
    data = {**HONBA_AND_STICKS, "win": "tsumo", "honba": 2, "sticks": 0}
    del data["discarder"]
    v = verdict(data, pay_east=2800, pay_west=1500, pay_north=1500)
    assert v.correct
    assert "2 honba add 600: 200 from each payer." in v.reasons
    assert "The dealer pays 2,600 for the hand." in v.reasons


def test_one_riichi_stick_is_singular_in_the_facts():
    facts = exercise({**HONBA_AND_STICKS, "type": "fu"}).facts()
    assert "Counters on the table: 1 honba, 1 riichi stick." in facts
