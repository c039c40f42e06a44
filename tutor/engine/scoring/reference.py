"""Read records in the format of the Tenhou reference file and write scored JSON lines.

The format is described in ``shared/reference/README.md``: one JSON object per win, with
``closed136``, ``melds``, ``win_tile136``, the indicators, ``context`` flags and ``rules``.

>>> rec = {"id": "x", "closed136": [0, 4, 8, 36, 40, 44, 72, 76, 80, 96, 100, 104, 124, 125],
...        "melds": [], "win_tile136": 125, "tsumo": True, "seat_wind": "S", "round_wind": "E",
...        "dora_indicators136": [], "ura_indicators136": [], "honba": 0, "riichi_sticks": 0,
...        "context": {"riichi": True}, "rules": {"aka": True, "kuitan": True}}
>>> out = score_record(rec)
>>> out["han"], out["fu"], out["points"], [y["name"] for y in out["yaku"]]
(6, 30, 12000, ['Menzen Tsumo', 'Riichi', 'Chanta', 'Sanshoku Doujun'])
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from .presets import TENHOU, RulePreset
from .score import ScoreResult, score
from .situation import CalledSet, ScoringError, Situation

_WIND = {"E": 27, "S": 28, "W": 29, "N": 30}


class RecordError(ScoringError):
    """A record misses a field or has one of the wrong type."""


def situation_from_record(record: dict[str, Any]) -> Situation:
    """The :class:`Situation` of one reference record.

    >>> s = situation_from_record({"closed136": [1, 2], "win_tile136": 2, "seat_wind": "E"})
    >>> s.is_dealer, s.tsumo
    (True, False)
    """
    try:
        context = record.get("context") or {}
        melds = tuple(
            CalledSet(
                kind=m["type"],
                tiles=tuple(int(t) for t in m["tiles136"]),
                called_tile=m.get("called_tile136"),
            )
            for m in record.get("melds") or ()
        )
        return Situation(
            closed=tuple(int(t) for t in record["closed136"]),
            win_tile=int(record["win_tile136"]),
            melds=melds,
            tsumo=bool(record.get("tsumo", False)),
            seat_wind=_WIND[record.get("seat_wind", "S")],
            round_wind=_WIND[record.get("round_wind", "E")],
            dora_indicators=tuple(int(t) for t in record.get("dora_indicators136") or ()),
            ura_indicators=tuple(int(t) for t in record.get("ura_indicators136") or ()),
            honba=int(record.get("honba", 0)),
            riichi_sticks=int(record.get("riichi_sticks", 0)),
            riichi=bool(context.get("riichi", False)),
            double_riichi=bool(context.get("double_riichi", False)),
            ippatsu=bool(context.get("ippatsu", False)),
            rinshan=bool(context.get("rinshan", False)),
            chankan=bool(context.get("chankan", False)),
            haitei=bool(context.get("haitei", False)),
            houtei=bool(context.get("houtei", False)),
            tenhou=bool(context.get("tenhou", False)),
            chiihou=bool(context.get("chiihou", False)),
        )
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, ScoringError):
            raise
        raise RecordError(f"bad record: {type(exc).__name__} {exc}") from exc


def rules_from_record(record: dict[str, Any], base: RulePreset = TENHOU) -> RulePreset:
    """``base`` with the record's red fives and open tanyao switches applied.

    >>> rules_from_record({"rules": {"aka": False, "kuitan": True}}).red_fives
    0
    """
    rules = record.get("rules") or {}
    return replace(
        base,
        red_fives=base.red_fives if rules.get("aka", True) else 0,
        open_tanyao=bool(rules.get("kuitan", base.open_tanyao)),
    )


def result_json(record_id: Any, r: ScoreResult) -> dict[str, Any]:
    """The JSON object the ``score`` command writes for one scored record.

    >>> from tutor.engine.scoring.situation import Situation, physical_tiles
    >>> tiles = physical_tiles("234567m23455p678s")
    >>> out = result_json("a", score(Situation(closed=tiles, win_tile=tiles[8], tsumo=True)))
    >>> out["points"], out["payments"], out["fu_lines"][-1]
    (2700, {'dealer': 1300, 'non_dealer': 700, 'honba': 0, 'sticks': 0, 'total': 2700}, 'Tsumo with pinfu: no tsumo fu: 0')
    """
    return {
        "id": record_id,
        "han": r.han,
        "fu": r.fu,
        "points": r.points,
        "limit": r.limit,
        "base_points": r.base_points,
        "yaku": [{"id": y.tenhou_id, "name": y.name, "han": y.han} for y in r.yaku],
        "fu_lines": [str(line) for line in r.fu_lines],
        "payments": r.payments.as_dict(),
        "split": str(r.split),
        "other_splits": [str(s) for s in r.other_splits],
    }


def score_record(record: dict[str, Any], base: RulePreset = TENHOU) -> dict[str, Any]:
    """Score one record; a record that cannot be scored gives ``{"id": ..., "error": ...}``.

    >>> score_record({"id": 7, "closed136": [0]})["error"]
    "bad record: KeyError 'win_tile136'"
    """
    record_id = record.get("id")
    try:
        result = score(situation_from_record(record), rules_from_record(record, base))
    except ScoringError as exc:
        return {"id": record_id, "error": str(exc)}
    return result_json(record_id, result)


def score_lines(lines: Iterable[str], base: RulePreset = TENHOU) -> Iterator[str]:
    """Score JSON lines one by one; bad JSON gives an error line and the run goes on.

    >>> list(score_lines(["not json", ""]))
    ['{"id": null, "error": "line 1 is not JSON: Expecting value"}']
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield json.dumps({"id": None, "error": f"line {number} is not JSON: {exc.msg}"})
            continue
        if not isinstance(record, dict):
            yield json.dumps({"id": None, "error": f"line {number} is not a JSON object"})
            continue
        yield json.dumps(score_record(record, base), ensure_ascii=False)
