"""The one codec of stored engine facts: what is written reads back the same, another version or
a malformed document is refused, and older stored documents are brought to the current shape."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.analysis import discard_analysis, tenpai_info
from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tiles, to_counts
from tutor.engine.value import TableContext, rank_discards
from tutor.exercises import facts
from tutor.exercises.facts import FACTS_VERSION, FactsError, from_json, to_json, upgrade

WALL = [k for k in range(34) for _ in range(4)]


def _json_round_trip(doc: dict) -> dict:
    # What PostgreSQL's jsonb gives back: plain JSON, object keys in any order.
    return json.loads(json.dumps(doc, sort_keys=True))


@settings(max_examples=40, deadline=None)
@given(st.permutations(WALL))
def test_a_discard_table_reads_back_as_it_was_written(wall: list[int]) -> None:
    counts = to_counts(wall[:14])
    rows = [facts.discard_row(o) for o in discard_analysis(counts)]
    doc = to_json({"shanten": rows[0]["shanten"], "answer": rows[0]["discard"], "discards": rows})
    back = from_json(_json_round_trip(doc))
    assert back == doc and back["version"] == FACTS_VERSION
    for row, option in zip(back["discards"], discard_analysis(counts), strict=True):
        assert row["count"] == sum(row["accepted"].values()) == option.count
        assert len(row["accepted"]) == len(option.accepted)


def test_a_table_judged_by_value_keeps_its_rates_points_and_reasons() -> None:
    hand = parse_hand("123m456p789s23m55p7z")
    options = {o.discard: o for o in discard_analysis(hand.concealed)}
    ranking = rank_discards(hand, TableContext(draws_left=10))
    rows = [facts.discard_row(options[r.discard], r) for r in ranking.rows]
    back = from_json(_json_round_trip(to_json({"discards": rows})))
    best = back["discards"][0]
    assert best["discard"] == "7z" and best["ev"] == round(ranking.rows[0].ev, 1)
    assert [r["code"] for r in best["reasons"]] == [r.code for r in ranking.rows[0].reasons]


def test_waits_read_back_with_their_shapes() -> None:
    info = tenpai_info(to_counts(parse_tiles("1112345678999m")))
    assert info is not None
    doc = to_json({"waits": facts.waits_json(info)})
    back = from_json(_json_round_trip(doc))
    assert [w["tile"] for w in back["waits"]] == [f"{n}m" for n in range(1, 10)]
    assert sum(w["count"] for w in back["waits"]) == info.live


@pytest.mark.parametrize("version", [None, 1, 2, 4, "3"])
def test_another_version_is_refused(version) -> None:
    with pytest.raises(FactsError, match="version"):
        from_json({"version": version, "discards": []})


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "must be an object"),
        ({"version": 3, "discards": {}}, "discards must be a list"),
        ({"version": 3, "discards": [{"tile": "1z"}]}, "lacks 'discard'"),
        (
            {
                "version": 3,
                "discards": [
                    {"discard": "1z", "shanten": 0, "count": 4, "two_step": 0, "accepted": []}
                ],
            },
            "accepted must map tiles to counts",
        ),
        (
            {
                "version": 3,
                "discards": [
                    {"discard": "1x", "shanten": 0, "count": 4, "two_step": 0, "accepted": {}}
                ],
            },
            "is not a tile",
        ),
        ({"version": 3, "waits": [{"tile": "1m"}]}, "a wait must be an object"),
        ({"version": 3, "waits": [{"tile": "1m", "count": 2, "shapes": "single"}]}, "shapes"),
        (
            {
                "version": 3,
                "discards": [
                    {
                        "discard": "1z",
                        "shanten": 0,
                        "count": 4,
                        "two_step": 0,
                        "accepted": {},
                        "ev": 100.0,
                        "reasons": [{"params": {}}],
                    }
                ],
            },
            "reasons must be a list of codes",
        ),
        ({"version": 3, "accepted": {"3m": "four"}}, "whole number"),
    ],
)
def test_a_malformed_document_is_refused_with_a_reason(doc, message) -> None:
    with pytest.raises(FactsError, match=message):
        from_json(doc)


def test_an_error_is_a_value_error() -> None:
    assert issubclass(FactsError, ValueError)


def test_a_version_2_document_is_upgraded_to_the_engine_shape() -> None:
    old = {
        "version": 2,
        "judge": "efficiency",
        "answer": "1z",
        "discards": [
            {
                "tile": "1z",
                "shanten": 1,
                "count": 7,
                "two_step": 80,
                "accepted": [{"tile": "3m", "count": 4}, {"tile": "6m", "count": 3}],
            }
        ],
        "accepted": [{"tile": "3m", "count": 4}],
    }
    new = from_json(upgrade(old))
    assert new["discards"][0]["discard"] == "1z" and "tile" not in new["discards"][0]
    assert new["discards"][0]["accepted"] == {"3m": 4, "6m": 3}
    assert new["accepted"] == {"3m": 4}
    assert upgrade(new) == new  # already current: unchanged


def test_an_unknown_newer_version_is_not_upgraded() -> None:
    with pytest.raises(FactsError):
        upgrade({"version": 9})
