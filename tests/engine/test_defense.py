"""Danger against one riichi: the model's promises, the reasons it gives, and the command.

The statistical properties are checked on the shared decisions from Phoenix games (every
fifth decision, to keep the test quick); the reasons on positions built by hand.
"""

from __future__ import annotations

import copy
import gzip
import io
import json
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import missing
from tutor.engine.__main__ import main
from tutor.engine.defense import (
    EXAMPLE,
    REASON_CODES,
    DefenseInputError,
    DefenseState,
    assess,
    danger,
    reasons,
)
from tutor.engine.tiles import parse_tile, parse_tiles, tile_str, to_counts

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT.parent / "shared" / "reference" / "defense_decisions.jsonl.gz"
LABELS = ("waits", "discard", "dealt_in", "log_id")


@cache
def _decisions() -> list[dict[str, Any]]:
    if not DECISIONS.exists():
        missing(f"the shared defense decisions are not in {DECISIONS}")
    with gzip.open(DECISIONS, "rt") as f:
        return [json.loads(line) for i, line in enumerate(f) if i % 5 == 0]


@cache
def _dangers(first: int | None = None) -> list[tuple[DefenseState, dict[int, float]]]:
    """The model's danger of every kind in each sampled decision (the ``first`` ones only)."""
    out = []
    for r in _decisions()[:first]:
        state = DefenseState.from_json(r)
        out.append((state, danger(state)))
    return out


def _state(
    river: str,
    hand: str,
    *,
    riichi_at: int = -1,
    tsumogiri: str = "",
    passed: str = "",
    others: str = "",
    dora_indicators: str = "",
) -> DefenseState:
    """A table state: the riichi player's river (declaration on ``riichi_at``, last by
    default), one's hand, tiles passed after riichi and other tiles in view."""
    tiles = parse_tiles(river)
    at = riichi_at % len(tiles)
    tsumo = set(parse_tiles(tsumogiri)) if tsumogiri else set()
    hand_counts = to_counts(parse_tiles(hand))
    seen = (
        tiles
        + parse_tiles(hand)
        + parse_tiles(passed)
        + parse_tiles(others)
        + parse_tiles(dora_indicators)
    )
    return DefenseState.from_json(
        {
            "river": [
                {"tile": tile_str(t), "riichi": i == at, "tsumogiri": t in tsumo}
                for i, t in enumerate(tiles)
            ],
            "visible": _capped_counts(seen),
            "hand": list(hand_counts),
            "discards_after_riichi": [tile_str(t) for t in parse_tiles(passed)],
            "dora_indicators": [tile_str(t) for t in parse_tiles(dora_indicators)],
            "turns_since_riichi": len(parse_tiles(passed)),
        }
    )


def _capped_counts(tiles: list[int]) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t] = min(4, out[t] + 1)
    return out


def _codes(state: DefenseState, tile: str) -> dict[str, dict[str, Any]]:
    return {r.code: r.params for r in reasons(state, parse_tile(tile))}


# --- the model's promises on real decisions --------------------------------------------------


# The model's promises over all 5,463 sampled decisions (15 s of CPU) run in `make test`; the inner
# loop checks genbutsu on the first 500.
@pytest.mark.parametrize(
    "first",
    [pytest.param(500, id="first-500"), pytest.param(None, id="all", marks=pytest.mark.slow)],
)
def test_genbutsu_is_below_half_a_percent_on_real_decisions(first: int | None) -> None:
    worst = 0.0
    count = 0
    for state, d in _dangers(first):
        safe = {r.tile for r in state.river} | set(state.discards_after_riichi)
        for t, p in d.items():
            if t in safe:
                worst = max(worst, p)
                count += 1
    assert count > (5000 if first is None else first)
    assert worst < 0.005


def test_a_kind_whose_four_copies_are_all_in_view_is_zero() -> None:
    # 5p: four copies in view outside the hand, so nobody can discard one to the riichi
    state = _state("1z9m2p3s7p", "123m456m789m11s999s", others="5555p")
    assert danger(state, [parse_tile("5p")])[parse_tile("5p")] == 0.0
    assert "no_copy_left" in _codes(state, "5p")
    zero = 0
    for state, _ in _dangers(500):
        unseen = [t for t in range(34) if state.visible[t] == 4 and not state.hand[t]]
        assert all(p == 0.0 for p in danger(state, unseen).values())
        zero += len(unseen)
    assert zero > 0


def test_holding_the_fourth_copy_is_not_safe_when_a_sequence_can_wait_on_it() -> None:
    # one 5p in hand, three more in view: the riichi player holds none, but 34p or 67p waits on it
    state = _state("1z9m2p3s7z", "123m456m789m1119s5p", others="555p")
    assert danger(state, [parse_tile("5p")])[parse_tile("5p")] > 0.005


@pytest.mark.slow
@pytest.mark.parametrize(
    ("numbers", "label"), [((1, 9), "1-9"), ((2, 8), "2-8"), ((3, 7), "3-7"), ((4, 5, 6), "4-6")]
)
def test_suji_is_safer_than_non_suji_of_the_same_number(
    numbers: tuple[int, ...], label: str
) -> None:
    suji: list[float] = []
    plain: list[float] = []
    for state, d in _dangers():
        safe = {r.tile for r in state.river} | set(state.discards_after_riichi)
        for t, p in d.items():
            if t >= 27 or t in safe or t % 9 + 1 not in numbers:
                continue
            n = t % 9 + 1
            partners = [t + 3] * (n <= 6) + [t - 3] * (n >= 4)
            closed = [x for x in partners if x in safe]
            if len(closed) == len(partners):
                suji.append(p)
            elif not closed:
                plain.append(p)
    assert len(suji) > 100 and len(plain) > 100, label
    assert sum(suji) / len(suji) < sum(plain) / len(plain), label


@pytest.mark.slow
def test_predicted_waits_add_up_to_the_observed_ones() -> None:
    predicted = observed = 0.0
    for r, (_, d) in zip(_decisions(), _dangers(), strict=True):
        waits = {parse_tile(w) for w in r["waits"]}
        predicted += sum(d.values())
        observed += sum(t in waits for t in d)
    assert abs(predicted - observed) / observed < 0.05


# --- reasons on positions built by hand ------------------------------------------------------


def test_genbutsu_and_passed_tiles_say_where_they_were_seen() -> None:
    state = _state("1z9m3p6p2z5s", "2m5m34469p346s1234z", passed="8m")
    assert _codes(state, "3p")["genbutsu"] == {"position": 3}
    assert _codes(state, "8m") == {"passed_after_riichi": {"position": 1}}


def test_suji_names_the_river_tiles_and_half_suji_the_one_side() -> None:
    state = _state("1z9m3p6p2z5s", "2m5m34469p346s1234z", passed="8m")
    assert _codes(state, "9p")["suji"] == {"by": ["6p"]}
    # 5m: 2m and 8m are its two suji; 8m passed after riichi covers one side only
    assert _codes(state, "5m")["half_suji"] == {"by": ["8m"]}
    both = _state("1z9m2m3p8m6p5s", "5m6p123456789s111z")
    assert _codes(both, "5m")["suji"] == {"by": ["2m", "8m"]}


def test_no_chance_and_one_chance_name_the_wall_and_its_visible_copies() -> None:
    # all four 8s in view: no 78s or 89s shape can wait on 9s (7s is not in the river)
    state = _state("1z9m3p6p2z5m", "12m3456p9s1234z8s55z", others="888s")
    assert _codes(state, "9s")["no_chance"] == {"wall": "8s", "visible": 4}
    assert _codes(state, "9s")["only_pair_waits"] == {"unseen": 3}
    one = _state("1z9m3p6p2z5m", "12m3456p9s1234z8s55z", others="88s")
    assert _codes(one, "9s")["one_chance"] == {"wall": "8s", "visible": 3}


def test_honors_count_their_visible_copies() -> None:
    state = _state("1z9m3p6p2z5s", "2m5m34469p346s11z77z", others="7z")
    assert _codes(state, "7z") == {"honor_visible": {"visible": 3}}


def test_early_outside_tiles_and_the_riichi_tile_neighbours() -> None:
    state = _state("3m1z9p2z6p5s", "12m5m34469p346s177z")
    assert _codes(state, "1m")["early_outside"] == {"by": "3m", "position": 1}
    assert _codes(state, "4s")["riichi_tile_neighbour"] == {"riichi_tile": "5s", "distance": 1}
    assert _codes(state, "3s")["riichi_tile_neighbour"] == {"riichi_tile": "5s", "distance": 2}
    tsumogiri = _state("3m1z9p2z6p5s", "12m5m34469p346s177z", tsumogiri="5s")
    assert "riichi_tile_neighbour" not in _codes(tsumogiri, "4s")


def test_dora_and_its_neighbours() -> None:
    state = _state("1z9m3p6p2z5s", "2m5m34469p346s1234z", dora_indicators="3p")
    assert "dora" in _codes(state, "4p")
    assert _codes(state, "5p")["dora_neighbour"] == {"dora": "4p", "distance": 1}


def test_every_reason_carries_exactly_its_listed_params() -> None:
    seen: set[str] = set()
    states = [DefenseState.from_json(EXAMPLE)] + [s for s, _ in _dangers(300)]
    for state in states:
        for row in assess(state, range(34)):
            for r in row.reasons:
                assert set(r.params) == set(REASON_CODES[r.code]), r
                seen.add(r.code)
    assert seen >= set(REASON_CODES) - {"no_copy_left"}


def test_the_safest_tile_comes_first() -> None:
    rows = assess(DefenseState.from_json(EXAMPLE))
    assert [r.danger for r in rows] == sorted(r.danger for r in rows)
    assert [r.reasons[0].code for r in rows[:4]] == ["genbutsu"] * 4
    assert all(r.reasons[:1] != rows[0].reasons[:1] for r in rows[4:])


# --- bad input -------------------------------------------------------------------------------


def _broken(**change: Any) -> dict[str, Any]:
    data = copy.deepcopy(EXAMPLE)
    data.update(change)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_broken(river=[{"tile": "5m"}]), "exactly one declaration tile, it has 0"),
        (_broken(river="1m"), "river must be a list"),
        (_broken(river=[{"tile": 5, "riichi": True}]), 'river[0].tile must be a tile such as "5m"'),
        (_broken(river=[{"tile": "5m", "riichi": "yes"}]), "river[0].riichi must be true or false"),
        (_broken(visible=[0] * 33), "visible must be 34 counts"),
        (_broken(hand=[5] + [0] * 33), "hand must be 34 counts from 0 to 4"),
        (_broken(hand=[1] * 14 + [0] * 20), "visible counts include one's own hand"),
        (_broken(round_wind="5z"), "round_wind must be a wind"),
        (_broken(riichi_turn=2), "riichi_turn is 2 but the declaration tile is discard 5"),
        (_broken(tiles_left=-1), "tiles_left must be a whole number"),
        (_broken(melds=[[{"type": "pair"}]]), "melds[0][0] must be an object with a type"),
        ({"visible": [0] * 34, "hand": [0] * 34}, "river is missing"),
    ],
)
def test_bad_states_are_refused_with_a_readable_message(data: Any, message: str) -> None:
    with pytest.raises(DefenseInputError, match=None) as caught:
        DefenseState.from_json(data)
    assert message in str(caught.value)


# --- the command -----------------------------------------------------------------------------


def _line(record: dict[str, Any], candidates: list[str] | None = None) -> str:
    data = {k: v for k, v in record.items() if k not in LABELS}
    if candidates is not None:
        data["candidates"] = candidates
    return json.dumps(data)


def test_the_command_answers_each_line_in_order_and_goes_on_after_a_bad_one() -> None:
    lines = [
        _line(EXAMPLE, ["1z", "9p", "5m"]),
        "{not json",
        _line(EXAMPLE, ["1x"]),
        _line(EXAMPLE, ["6s"]),
        "",
        _line(_broken(hand=[1] * 14 + [0] * 20)),
    ]
    out = io.StringIO()
    status = main(["danger"], stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert status == 0
    assert len(answers) == 5
    assert list(answers[0]["danger"]) == ["1z", "9p", "5m"]
    assert answers[0]["danger"]["1z"] < answers[0]["danger"]["9p"] < answers[0]["danger"]["5m"]
    assert answers[1]["error"].startswith("not JSON")
    assert "not part of tile notation" in answers[2]["error"]
    assert list(answers[3]["danger"]) == ["6s"]
    assert "own hand" in answers[4]["error"]


def test_the_command_gives_the_reasons_when_asked() -> None:
    out = io.StringIO()
    main(["danger", "--reasons"], stdin=io.StringIO(_line(EXAMPLE, ["9p"]) + "\n"), stdout=out)
    answer = json.loads(out.getvalue())
    assert answer["reasons"]["9p"][0] == {"code": "suji", "params": {"by": ["6p"]}}


def test_the_command_runs_as_a_program_on_real_decisions() -> None:
    records = _decisions()[:50]
    stdin = "".join(
        _line(r, [tile_str(t) for t in range(34) if r["hand"][t]]) + "\n" for r in records
    )
    result = subprocess.run(
        [sys.executable, "-m", "tutor.engine", "danger"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert len(answers) == len(records)
    for r, a in zip(records, answers, strict=True):
        assert set(a["danger"]) == {tile_str(t) for t in range(34) if r["hand"][t]}
        assert all(0.0 <= p <= 1.0 for p in a["danger"].values())
