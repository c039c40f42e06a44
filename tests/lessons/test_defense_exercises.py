"""The defense exercises: the danger model picks the safest tile and the order of three tiles,
the engine's wait shapes say how a suji tile can still deal in, and a wrong answer names the
trap, in English and in Spanish."""

from __future__ import annotations

import pytest
from django.utils import translation

from tutor.exercises import AnswerError, ContentError, EmptyAnswer, exercise

from .test_exercises import verdict

# The riichi player threw East, 9m, South, 1m, 8p and declared with 7m: 8p is genbutsu, 4m is
# suji of 1m and 7m, the two red dragons are an honor with two copies in view.
TABLE = {"river": "1z9m2z1m8p7m", "hand": "234m4m66p789p4s56s77z", "dora": "3s"}
SAFEST = {"type": "safest_tile", **TABLE}
RANK = {"type": "rank_tiles", **TABLE, "tiles": "4m 7z 6s"}
SUJI = {"type": "suji_waits", **TABLE, "tile": "4m"}


def test_genbutsu_is_the_safest_tile():
    v = verdict(SAFEST, tile="8p")
    assert v.correct
    assert "genbutsu" in v.reasons[0] and "furiten" in v.reasons[0]


def test_a_suji_tile_taken_for_safest_names_the_closed_wait():
    v = verdict(SAFEST, tile="4m")
    assert not v.correct
    assert v.reasons[0].startswith("Four of characters is suji of one of characters and seven")
    assert "a closed wait (kanchan)" in v.reasons[0]
    assert "Eight of circles" in v.reasons[1]


def test_the_feedback_is_in_spanish():
    with translation.override("es"):
        v = verdict(SAFEST, tile="4m")
    assert "es suji de" in v.reasons[0]
    assert "espera cerrada (kanchan)" in v.reasons[0]


def test_every_candidate_shows_its_danger_in_the_details():
    v = verdict(SAFEST, tile="8p")
    assert len(v.details) == 11  # one line per kind in hand
    assert all("%" in line for line in v.details)


def test_a_tile_outside_the_hand_is_refused():
    with pytest.raises(AnswerError):
        verdict(SAFEST, tile="1z")


def test_no_tile_picked_is_a_reminder():
    with pytest.raises(EmptyAnswer):
        verdict(SAFEST)


def test_the_honor_comes_before_the_suji_tile_and_the_unprotected_one():
    assert exercise(RANK).solution() == "7z,4m,6s"
    assert verdict(RANK, choice="7z,4m,6s").correct


def test_a_wrong_order_names_the_pair_put_the_wrong_way_round_and_why():
    v = verdict(RANK, choice="4m,7z,6s")
    assert not v.correct
    assert v.reasons[0] == (
        "Red dragon is an honor with 2 copies in view: only a pair wait can still win on it, "
        "so it is safer than four of characters."
    )
    # and the suji tile put first is told how it can still deal in
    assert v.reasons[1].startswith("Four of characters is suji of one of characters and seven")


def test_a_wrong_order_no_single_fact_explains_names_the_pair():
    # six of bamboo (two from the dora) before six of circles: nothing protects either
    data = {**RANK, "tiles": "6p 6s 9p"}
    v = verdict(data, choice="9p,6s,6p")
    assert not v.correct
    assert v.reasons[0] == (
        "You put six of bamboo before six of circles, but six of bamboo is the more dangerous "
        "of the two."
    )


def test_a_rank_choice_that_is_no_permutation_is_refused():
    with pytest.raises(AnswerError):
        verdict(RANK, choice="7z,7z,6s")


def test_two_equally_dangerous_tiles_cannot_be_ranked():
    with pytest.raises(ContentError):
        exercise({**RANK, "tiles": "8p 4m 7z", "river": "1z9m2z1m8p7m4m7z"}).solutions()


def test_a_suji_tile_still_loses_to_closed_shanpon_and_tanki_waits():
    assert exercise(SUJI).solution() == frozenset({"closed", "shanpon", "tanki"})
    assert verdict(SUJI, choice=["closed", "shanpon", "tanki"]).correct


def test_ticking_the_two_sided_wait_explains_the_furiten():
    v = verdict(SUJI, choice=["two_sided", "closed", "shanpon", "tanki"])
    assert not v.correct
    assert "which the riichi player threw: it would be furiten" in v.reasons[0]


def test_forgetting_the_closed_wait_is_named():
    v = verdict(SUJI, choice=["shanpon", "tanki"])
    assert v.reasons == [
        "You left out the closed wait: holding three of characters and five of characters "
        "(kanchan), the riichi wins only on four of characters, so the suji in the river does "
        "not rule it out."
    ]
    with translation.override("es"):
        v = verdict(SUJI, choice=["shanpon", "tanki"])
    assert "Te dejaste la espera cerrada" in v.reasons[0]


def test_a_tile_that_is_not_suji_is_rejected_as_content():
    with pytest.raises(ContentError):
        exercise({**SUJI, "tile": "6p"})


def test_a_hand_of_thirteen_is_rejected_as_content():
    with pytest.raises(ContentError):
        exercise({**SAFEST, "hand": "234m4m66p789p4s56s7z"})


# The push-or-fold stage's table: the riichi player (South) threw East, 9m, 3p, 6p, South and
# declared with 5s; North and 8m went by after it; the dora indicator is 3p (4p is dora).
PUSH_FOLD_TABLE = {"type": "push_fold", "river": "1z9m3p6p2z5s", "passed": "7z8m", "dora": "3p"}
SLOW = {**PUSH_FOLD_TABLE, "hand": "478m3466p55789s11z"}  # 2-shanten, its best tile a bare 4m
READY = {**PUSH_FOLD_TABLE, "hand": "23m444p567p678s55s5m"}  # tenpai on 1-4m with three dora


def test_a_slow_hand_folds_and_pushing_is_told_how_little_it_wins_for_its_risk():
    assert exercise(SLOW).solution() == "fold"
    assert verdict(SLOW, choice="fold").correct
    wrong = verdict(SLOW, choice="push")
    assert not wrong.correct
    assert wrong.reasons[0].startswith("Pushing four of characters (4m) leaves your hand 2-shanten")
    assert "deals in about 14." in wrong.reasons[0]
    assert "Pushing is worth about" in wrong.reasons[1]


def test_a_ready_hand_with_dora_pushes_and_folding_is_told_what_it_gave_up():
    assert exercise(READY).solution() == "push"
    wrong = verdict(READY, choice="fold")
    assert not wrong.correct
    assert wrong.reasons[0].startswith("Folding with five of bamboo (5s) keeps a hand")
    assert "pushing five of characters (5m) wins about 45." in wrong.reasons[0]


def test_push_or_fold_in_spanish():
    with translation.override("es"):
        wrong = verdict(SLOW, choice="push")
    assert wrong.reasons[0].startswith(
        "Atacar con cuatro de caracteres (4m) deja tu mano a 2-shanten"
    )


def test_each_choice_names_its_tile():
    labels = [c.label for c in exercise(SLOW).widget().choices]
    assert labels == ["Push: discard four of characters (4m)", "Fold: discard five of bamboo (5s)"]


@pytest.mark.parametrize("sent", [{"choice": "maybe"}, {"choice": ["push", "fold"]}])
def test_an_answer_that_is_neither_push_nor_fold_is_refused(sent):
    with pytest.raises(AnswerError):
        verdict(SLOW, **sent)


def test_a_position_the_engine_does_not_find_clear_is_rejected_as_content():
    # far from anything and the safe tile as good for the hand: nothing to weigh
    with pytest.raises(ContentError, match="no clear answer"):
        exercise({**PUSH_FOLD_TABLE, "hand": "147m258p369s4567z6p"})


# A second riichi threw 9s, East, 4p, West and declared with 2s: it never threw 8p, so 8p is
# safe against the first riichi only.
AGAINST_TWO = {"type": "safest_against_two", **TABLE, "river2": "9s1z4p3z2s"}


def test_against_two_riichi_genbutsu_of_one_is_named_as_safe_against_that_one_only():
    right = exercise(AGAINST_TWO).solution()
    assert right != 8 + 9  # not the 8 of circles, genbutsu against the first riichi only
    v = verdict(AGAINST_TWO, tile="8p")
    assert not v.correct
    assert v.reasons[0].startswith(
        "Eight of circles is safe against the first riichi, but the second never threw it"
    )
    assert "to deal in to either" in v.reasons[1]
    assert len(v.details) == len(set(exercise(AGAINST_TWO).hand))


def test_against_two_riichi_the_feedback_is_in_spanish():
    with translation.override("es"):
        v = verdict(AGAINST_TWO, tile="8p")
    assert "es segura contra el primer riichi, pero el segundo nunca la tiró" in v.reasons[0]


def test_a_second_river_is_required_and_checked_for_copies():
    with pytest.raises(ContentError, match="river2"):
        exercise({**AGAINST_TWO, "river2": ""})
    with pytest.raises(ContentError, match="more than four copies"):
        exercise({**AGAINST_TWO, "river2": "7z7z7z"})
