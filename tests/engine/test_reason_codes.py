"""Every reason the engine gives has a stable code and the params a renderer needs.

The scorer runs over the whole Tenhou reference file and a few crafted hands; every fu line,
near miss, furiten reason and blocked call it produces must carry a listed code with exactly
the listed params, so that a translation can be written for each without reading English.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from typing import Any

import pytest

from tests.reference import reference_results
from tutor.engine.calls import Blocked, CallKind, Reason
from tutor.engine.furiten import FuritenKind, furiten
from tutor.engine.hand import parse_hand
from tutor.engine.scoring import (
    TENHOU,
    TENHOU_NAMES,
    NoYakuError,
    score,
    situation_from_hand,
)
from tutor.engine.scoring.near_miss import NEAR_MISS_CODES, YAKU_KEY
from tutor.engine.scoring.score import FU_CODES, YAKU_KEYS
from tutor.engine.tiles import parse_tile
from tutor.engine.waits import WaitShape

TILE_PARAMS = {"tile"}


def _crafted_no_yaku_misses() -> list[Any]:
    """Near misses of complete hands without a yaku (they come with the error)."""
    out = []
    for notation, win, flags in [
        ("123m456p789s222s99p", "9p", {}),
        ("123m456p789s22z [555p]", "2z", {}),  # open, value-less pair
    ]:
        hand = parse_hand(notation)
        with pytest.raises(NoYakuError) as caught:
            score(situation_from_hand(hand, parse_tile(win), **flags))
        assert caught.value.code == "no_yaku"
        assert [(m.yaku, m.reason) for m in caught.value.misses] == list(caught.value.near_misses)
        out.extend(caught.value.misses)
    return out


@pytest.fixture(scope="module")
def emitted() -> dict[str, dict[str, set[frozenset[str]]]]:
    """For each kind of reason, each code seen with the sets of param names it came with."""
    seen: dict[str, dict[str, set[frozenset[str]]]] = defaultdict(lambda: defaultdict(set))
    results = reference_results()
    # open tanyao under rules without kuitan
    no_kuitan = dataclasses.replace(TENHOU, open_tanyao=False)
    hand = parse_hand("234m456p678s55m [345s]")
    with pytest.raises(NoYakuError) as caught:
        score(situation_from_hand(hand, parse_tile("5m")), no_kuitan)
    for m in caught.value.misses:
        seen["near_miss"][m.code].add(frozenset(m.params))
    for r in results:
        for line in r.fu_lines:
            seen["fu"][line.code].add(frozenset(line.params))
        for m in r.near_misses:
            seen["near_miss"][m.code].add(frozenset(m.params))
    for m in _crafted_no_yaku_misses():
        seen["near_miss"][m.code].add(frozenset(m.params))
    return seen


def test_every_fu_line_code_is_emitted_with_its_listed_params(
    emitted: dict[str, dict[str, set[frozenset[str]]]],
) -> None:
    assert set(emitted["fu"]) == set(FU_CODES)
    for code, shapes in emitted["fu"].items():
        assert shapes == {FU_CODES[code]}, code


def test_every_near_miss_code_is_emitted_with_its_listed_params(
    emitted: dict[str, dict[str, set[frozenset[str]]]],
) -> None:
    assert set(emitted["near_miss"]) == set(NEAR_MISS_CODES)
    for code, shapes in emitted["near_miss"].items():
        assert shapes == {NEAR_MISS_CODES[code]}, code


def test_fu_line_params_use_tile_notation_and_wait_shape_names() -> None:
    hand = parse_hand("234567m23455p678s")
    result = score(situation_from_hand(hand, parse_tile("4p"), riichi=True))
    wait = next(line for line in result.fu_lines if line.code == "wait")
    assert dict(wait.params) == {"shape": "two_sided", "tile": "4p", "also_two_sided": 0}
    assert WaitShape(wait.params["shape"]) is WaitShape.TWO_SIDED
    pair = next(line for line in result.fu_lines if line.code == "pair")
    assert dict(pair.params) == {"tile": "5p", "role": ""}


def test_a_set_closed_but_completed_by_ron_is_coded_ron_open() -> None:
    hand = parse_hand("123m456p789s11z555s")
    result = score(
        situation_from_hand(hand, parse_tile("5s"), seat_wind=27, round_wind=27, riichi=True)
    )
    sets = [line for line in result.fu_lines if line.code == "set"]
    assert [dict(s.params) for s in sets] == [
        {"tile": "5s", "kind": "pon", "state": "ron_open", "grade": "simple"}
    ]
    pair = next(line for line in result.fu_lines if line.code == "pair")
    assert dict(pair.params) == {"tile": "1z", "role": "seat_round"}


def test_the_rounding_line_says_from_and_to() -> None:
    hand = parse_hand("123m456p789s11z555s")
    result = score(
        situation_from_hand(hand, parse_tile("5s"), seat_wind=27, round_wind=27, riichi=True)
    )
    rounding = next(line for line in result.fu_lines if line.code == "rounding")
    assert dict(rounding.params) == {"from": 36, "to": 40}
    assert rounding.fu == 4


def test_every_yaku_has_a_distinct_stable_key() -> None:
    assert set(YAKU_KEYS) == set(TENHOU_NAMES)
    assert len(set(YAKU_KEYS.values())) == len(YAKU_KEYS)
    assert all(key.replace("_", "").isalnum() and key.islower() for key in YAKU_KEYS.values())


def test_every_near_miss_names_a_known_yaku_key() -> None:
    known = set(YAKU_KEYS.values()) | {"yakuhai"}
    assert set(YAKU_KEY.values()) <= known


@pytest.mark.parametrize("kind", list(FuritenKind))
def test_every_furiten_reason_has_a_code_and_tile(kind: FuritenKind) -> None:
    hand = parse_hand("23m456p789s11z123p")  # waits on 1m and 4m
    if kind is FuritenKind.PERMANENT:
        status = furiten(hand, discards=[27, 3])
    elif kind is FuritenKind.TEMPORARY:
        status = furiten(hand, passed_since_discard=[9, 0])
    else:
        status = furiten(hand, passed_since_riichi=[0])
    (reason,) = [r for r in status.reasons if r.kind is kind]
    assert reason.code == kind.value
    assert set(reason.params) == {"tile", "position"}
    assert reason.params["tile"] in ("1m", "4m")
    assert reason.params["position"] == reason.index + 1


@pytest.mark.parametrize("reason", list(Reason))
def test_every_call_reason_has_a_code_and_params(reason: Reason) -> None:
    blocked = Blocked(
        seat=1, kind=CallKind.PON, tile=parse_tile("7z"), reason=reason, uses=(33, 33)
    )
    assert blocked.code == reason.value
    assert dict(blocked.params) == {"call": "pon", "tile": "7z", "seat": 1, "uses": "7z,7z"}
