"""Push or fold against one riichi (:mod:`tutor.engine.push_fold`) and the defense positions
of a recorded game (:func:`tutor.engine.defense_puzzle.defense_positions`)."""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.conftest import missing
from tests.engine.test_gamelog import LOGS
from tutor.engine.defense import EXAMPLE, DefenseState
from tutor.engine.defense_puzzle import defense_positions
from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.mjlog import load_mjlog
from tutor.engine.hand import parse_hand
from tutor.engine.push_fold import (
    DEALER_RIICHI_RON_VALUE,
    MIN_TILES_LEFT,
    REASON_CODES,
    RIICHI_RON_VALUE,
    ROUND_GOES_ON_COST,
    ClearRule,
    PushFold,
    better_for_hand,
    clear_answer,
    deal_in_value,
    facing_positions,
    first_positions,
    is_clear,
    is_dilemma,
    judge_position,
    push_or_fold,
    reasons,
    round_goes_on_cost,
    what_they_did,
    won_round,
)
from tutor.engine.tiles import parse_tiles, tile_str
from tutor.engine.value import TableContext

DEFENSE = LOGS.parent / "defense_decisions.jsonl.gz"
TABLE = TableContext(draws_left=12, dora_indicators=(parse_tiles("3p")[0],), seat_wind=29)
"""The value ranking's view of the example table: the dora indicator 3p, the player West."""


def _state(hand: str, **changes: Any) -> DefenseState:
    """The example's table (a riichi with 1z 9m 3p 6p 2z in its river, 5s declared) with
    ``hand`` as the player's hand: the visible counts follow the hand."""
    data = {**EXAMPLE, **changes}
    counts = [0] * 34
    for t in parse_tiles(hand):
        counts[t] += 1
    data["visible"] = [
        v - h + c for v, h, c in zip(EXAMPLE["visible"], EXAMPLE["hand"], counts, strict=True)
    ]
    data["hand"] = counts
    return DefenseState.from_json(data)


def test_a_far_cheap_hand_folds_to_a_genbutsu() -> None:
    hand = "147m258p369s4567z6p"  # no two tiles connect: nowhere near a win
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    assert choice.answer == "fold"
    assert tile_str(choice.fold.tile) in {"6p", "7z"}  # genbutsu: in the riichi river
    assert choice.fold.risk < 0.01
    riskier = [o for o in choice.options if o.danger > choice.fold.danger + 0.01]
    assert riskier and all(o.value < choice.fold.value for o in riskier)


def test_a_valuable_tenpai_pushes_a_dangerous_tile() -> None:
    # tenpai on 1-4m with three dora (4p), holding a 5m that is neither suji nor genbutsu
    hand = "23m444p567p678s55s5m"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    assert choice.answer == "push"
    assert choice.push.shanten == 0 and choice.push.win_rate > 0.2
    assert choice.push.value > choice.fold.value
    assert tile_str(choice.push.tile) == "5m" and tile_str(choice.fold.tile) != "5m"
    assert is_clear(choice)


def test_a_hand_that_cannot_win_does_not_step_back_to_avoid_tenpai() -> None:
    # Open with 789m and no honour pair, tanyao out of reach: whatever comes, no yaku, no win.
    # Such a hand folds once tenpai like any other, so the best "push" is no slower discard
    # than the safe 9m (the model once pushed 3p, back to 2-shanten, to stay away from tenpai).
    concealed = "123p456s78s2z9m6p"
    choice = push_or_fold(_state(concealed), parse_hand(concealed + " [789m]"), TABLE)
    assert max(o.win_rate for o in choice.options) < 0.01
    assert choice.push.shanten == min(o.shanten for o in choice.options) == 1
    assert choice.answer == "fold" and clear_answer(choice) is None


def test_a_slow_hand_folds_rather_than_throw_its_dangerous_best_tile() -> None:
    # 2-shanten, the isolated 4m its best discard (neither suji nor genbutsu), the genbutsu 5s
    # 6p 1z all inside its shapes: the push is the 4m, and four draws are too few to make it pay
    hand = "478m3466p55789s11z"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    assert tile_str(choice.push.tile) == "4m" and choice.push.shanten == 2
    assert choice.push.danger > 0.10 and choice.push.win_rate < 0.01
    assert better_for_hand(choice.push, choice.fold) and is_dilemma(choice)
    assert choice.answer == "fold" and tile_str(choice.fold.tile) in {"5s", "6p", "1z"}
    assert clear_answer(choice) == "fold"


def test_a_nearly_safe_tile_that_keeps_the_hand_is_no_dilemma() -> None:
    # 9p (1 %) is as good for the hand as the dangerous 4m: the push throws it, nothing to weigh
    hand = "478m346689p55789s"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    assert tile_str(choice.push.tile) == "9p" and choice.push.danger < 0.02
    assert not is_dilemma(choice)


def test_a_dealer_riichi_costs_more_to_deal_into() -> None:
    assert deal_in_value(_state("147m258p369s4567z6p")) == RIICHI_RON_VALUE
    dealer = _state("147m258p369s4567z6p", riichi_seat_wind="1z", decider_seat_wind="2z")
    assert deal_in_value(dealer) == DEALER_RIICHI_RON_VALUE > RIICHI_RON_VALUE


def test_the_same_tile_for_both_options_is_no_puzzle() -> None:
    hand = "147m258p369s4567z6p"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    same = type(choice)(choice.fold, choice.fold, 5926.0, 0.05, 4)
    assert not is_clear(same, margin=0)


def test_every_discard_is_valued_as_a_push() -> None:
    hand = "23m444p567p678s55s5m"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    kinds = {tile_str(o.tile) for o in choice.options}
    assert kinds == {tile_str(t) for t in set(parse_tiles(hand))}
    assert choice.options[0] == choice.push
    assert choice.option(parse_tiles("1m")[0]) is None


def test_the_replay_finds_the_shared_defense_decisions_of_five_games() -> None:
    if not DEFENSE.exists():
        missing(f"the defense decisions are not in {DEFENSE}")
    files = sorted(LOGS.glob("*.xml"))[:5]
    games = [load_mjlog(f) for f in files]
    ids = {g.log_id for g in games}
    with gzip.open(DEFENSE, "rt") as f:
        expected = [r for line in f if (r := json.loads(line))["log_id"] in ids]
    rebuilt = [r for g in games for _d, r in defense_positions(g)]

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return (r["log_id"], r["round_seq"], r["decider"], r["tiles_left"])

    assert len(rebuilt) > 100
    assert sorted(rebuilt, key=key) == sorted(expected, key=key)


@pytest.mark.parametrize("seat", [0, 3])
def test_positions_of_one_seat_are_that_seats_decisions(seat: int) -> None:
    files = sorted(LOGS.glob("*.xml"))[:2]
    if not files:
        missing(f"the shared Phoenix logs are not in {LOGS}")
    for f in files:
        found = defense_positions(load_mjlog(f), seat)
        assert found and all(d.seat == r["decider"] == seat for d, r in found)


def _valuable_tenpai() -> PushFold:
    hand = "23m444p567p678s55s5m"
    return push_or_fold(_state(hand), parse_hand(hand), TABLE)


def test_a_choice_survives_its_json() -> None:
    choice = _valuable_tenpai()
    doc = choice.as_json(options=True)
    back = PushFold.from_json(json.loads(json.dumps(doc)))
    assert back.answer == choice.answer and back.push.tile == choice.push.tile
    assert len(back.options) == len(choice.options) and "options" not in choice.as_json()


def test_the_clear_rule_weighs_the_lead_the_shape_and_the_scores() -> None:
    choice = _valuable_tenpai()
    loose = ClearRule(push_margin=0, push_when_leading=False)
    assert clear_answer(choice, loose) == "push"
    assert clear_answer(choice, loose, is_leading=True) is None  # a leader need not push
    assert clear_answer(choice, ClearRule(push_margin=choice.gap + 1)) is None
    assert clear_answer(choice, ClearRule(push_margin=0, push_win_rate=0.99)) is None
    far = push_or_fold(_state("147m258p369s4567z6p"), parse_hand("147m258p369s4567z6p"), TABLE)
    assert clear_answer(far, ClearRule(fold_margin=0, fold_shanten=9)) is None


def test_the_reasons_are_codes_with_the_params_they_promise() -> None:
    for hand in ("23m444p567p678s55s5m", "147m258p369s4567z6p"):
        choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
        found = reasons(choice)
        assert found[-1].code == "lead" and found[-1].params["answer"] == choice.answer
        for r in found:
            assert set(r.params) == set(REASON_CODES[r.code])
        assert json.loads(json.dumps([r.as_json() for r in found]))


def test_what_a_recorded_discard_did() -> None:
    choice = _valuable_tenpai()
    assert what_they_did(choice, choice.push.tile_str) == "push"
    assert what_they_did(choice, choice.fold.tile_str) == "fold"


def _two_shared_games() -> list[Game]:
    files = sorted(LOGS.glob("*.xml"))[:2]
    if not files:
        missing(f"the shared Phoenix logs are not in {LOGS}")
    return [load_mjlog(f) for f in files]


def _key(record: dict[str, Any]) -> tuple[int, int, int]:
    return (record["round_seq"], record["decider"], record["riichi_seat"])


def test_a_player_faces_a_riichi_again_after_the_first_position() -> None:
    for game in _two_shared_games():
        facing = facing_positions(game)
        firsts = [(d, r) for d, r, first in facing if first]
        assert [r for _d, r in firsts] == [r for _d, r in first_positions(game)]
        later = [r for _d, r, first in facing if not first]
        assert later and all(r["tiles_left"] >= MIN_TILES_LEFT for r in later)
        keys = {_key(r) for _d, r in firsts}
        assert all(_key(r) in keys for r in later)


def test_the_first_positions_of_a_game_face_a_riichi_early_enough() -> None:
    for game in _two_shared_games():
        found = first_positions(game)
        keys = [_key(r) for _d, r in found]
        assert found and len(keys) == len(set(keys))
        assert all(
            r["tiles_left"] >= MIN_TILES_LEFT and not r["declaring_riichi"] for _d, r in found
        )
        d, record = found[0]
        assert judge_position(d, record).push.tile in set(parse_tiles(d.hand.replace("0", "5")))
        assert isinstance(won_round(game, record), bool)


def test_a_cheap_ready_hand_pushes_an_ordinary_tile_and_folds_a_very_dangerous_one() -> None:
    # ready on a closed wait for 3m, riichi alone (about 2,300 points on average): the 6m it
    # must throw deals in 6 % of the time, the 7m 12 %; folding breaks the hand either way
    ordinary = push_or_fold(
        _state("24m567p789p345s99s6m"), parse_hand("24m567p789p345s99s6m"), TABLE
    )
    dangerous = push_or_fold(
        _state("24m567p789p345s99s7m"), parse_hand("24m567p789p345s99s7m"), TABLE
    )
    for choice in (ordinary, dangerous):
        assert choice.push.shanten == 0 and choice.hand_value < 2600
        assert is_dilemma(choice)
    assert ordinary.push.danger < 0.07 and ordinary.answer == "push"
    assert dangerous.push.danger > 0.12 and dangerous.answer == "fold"


def test_folding_still_pays_for_the_round_going_on() -> None:
    # a hopeless hand folds, and its fold is worth less than nothing: the riichi player's
    # self-draw, another win or the noten payment cost it even without a deal-in
    hand = "147m258p369s4567z6p"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    cost = ROUND_GOES_ON_COST[(False, False)]
    assert choice.round_cost == cost
    assert choice.fold.value == pytest.approx(
        -choice.fold.risk * choice.deal_in_value - (1 - choice.fold.risk) * cost
    )
    assert "round_goes_on" in [r.code for r in reasons(choice)]


def test_a_dealer_pays_more_for_the_round_going_on() -> None:
    child = _state("147m258p369s4567z6p")
    dealer = _state("147m258p369s4567z6p", riichi_seat_wind="2z", decider_seat_wind="1z")
    riichi_dealer = _state("147m258p369s4567z6p", riichi_seat_wind="1z", decider_seat_wind="2z")
    assert round_goes_on_cost(dealer) > round_goes_on_cost(child)
    assert round_goes_on_cost(riichi_dealer) > round_goes_on_cost(child)


def test_a_tenpai_that_plays_on_folds_later_when_a_draw_is_too_dangerous() -> None:
    # the push's chance of dealing in is below pushing every later draw at the wall's danger:
    # some draws are thrown back as folds
    hand = "23m567p789p345s99s5m"
    choice = push_or_fold(_state(hand), parse_hand(hand), TABLE)
    push = choice.push
    every_draw = 1 - (1 - push.danger) * (1 - choice.wall_danger) ** (choice.discards - 1)
    assert push.shanten == 0 and choice.answer == "push"
    assert push.danger < push.risk < every_draw
