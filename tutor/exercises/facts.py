"""The one codec of the engine's facts as they are stored (``Puzzle.analysis``).

Every writer builds its rows here from the engine's own objects (:func:`discard_row`,
:func:`accepted_json`, :func:`waits_json`) and stores the document through :func:`to_json`;
every reader takes it back through :func:`from_json`, which refuses a document of another
version or of the wrong shape with :class:`FactsError`. One shape for a discard table
everywhere, the engine's own (``DiscardOption.as_json``)::

    {"version": 3,
     "shanten": 1, "answer": "9p", "forms": {"standard": 1, ...}, "difficulty": 3,
     "discards": [{"discard": "9p", "shanten": 1, "accepted": {"3m": 4, "6m": 2},
                   "count": 6, "two_step": 80, "two_step_average": 13.33,
                   # judged by value only:
                   "red": false, "tenpai_rate": 0.9, "win_rate": 0.41, "ev": 822.5,
                   "reasons": [{"code": "keeps_dora", "params": {"tile": "6m"}}]}, ...],
     "accepted": {"3m": 4, ...}, "count": 20,
     "waits": [{"tile": "1m", "count": 3, "shapes": ["two_sided"]}, ...], ...}

``accepted`` is an object (tile → unseen copies): its order carries nothing, the readers sort
by tile. Version 3 renamed a row's ``tile`` to ``discard`` and turned ``accepted`` lists into
objects; :func:`upgrade` turns an older document (versions 1 and 2, and the unversioned
defense facts) into this one, for the data migration and for the fixtures of mined puzzles.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

from tutor.engine.analysis import DiscardOption, TenpaiInfo
from tutor.engine.tiles import TileParseError, parse_tile, tile_str
from tutor.engine.value import RankedDiscard

FACTS_VERSION = 3


class FactsError(ValueError):
    """A stored document that is not the engine's facts in the current version."""


class ReasonJSON(TypedDict):
    code: str
    params: dict[str, Any]


class DiscardRowJSON(TypedDict):
    """One discard of the table: the shanten after it, the tiles it accepts with their unseen
    copies and their total, the 2-step figure; the value columns when judged by value."""

    discard: str
    shanten: int
    accepted: dict[str, int]
    count: int
    two_step: int
    two_step_average: NotRequired[float]
    red: NotRequired[bool]
    tenpai_rate: NotRequired[float]
    win_rate: NotRequired[float]
    ev: NotRequired[float]
    reasons: NotRequired[list[ReasonJSON]]


class WaitJSON(TypedDict):
    tile: str
    count: int
    shapes: list[str]


class Analysis(TypedDict, total=False):
    """A puzzle's stored facts; which keys are there depends on the kind of puzzle."""

    version: int
    judge: str
    shanten: int
    answer: Any
    forms: dict[str, int]
    difficulty: int
    margin: Any
    discards: list[DiscardRowJSON]
    accepted: dict[str, int]
    count: int
    waits: list[WaitJSON]
    wait_pattern: str
    wait_shapes: list[str]
    live: int
    # Mined from a recorded game: what the player did.
    played: str
    riichi_declared: bool
    agrees: bool
    # Defense puzzles: every kind's danger against the riichi (against two or more: the
    # chance of dealing in to any, each row with its rows ``against`` each riichi, and
    # ``riichi``, each one's seat wind and waits).
    danger: list[dict[str, Any]]
    dealt_in: bool
    riichi_waits: list[str]
    riichi: list[dict[str, Any]]
    # Push-or-fold puzzles: both options, the reasons, what the player did and whether they won.
    push_fold: dict[str, Any]
    did: str
    won: bool


# --- writing ----------------------------------------------------------------------------------


def accepted_json(accepted: Mapping[int, int]) -> dict[str, int]:
    """Tile kinds with their unseen copies, as stored: ``{"3m": 4, ...}`` in tile order.

    >>> accepted_json({9: 2, 0: 4})
    {'1m': 4, '1p': 2}
    """
    return {tile_str(t): int(n) for t, n in sorted(accepted.items())}


def _plain(value: Any) -> Any:
    """A numpy scalar as the Python value JSON can store, anything else as it is."""
    return value.item() if hasattr(value, "item") else value


def discard_row(option: DiscardOption, ranked: RankedDiscard | None = None) -> DiscardRowJSON:
    """One stored row of the discard table, from the engine's option and, when the table is
    judged by value, the same discard's ranked row.

    >>> row = discard_row(DiscardOption(0, 1, {1: 4, 3: 2}, 6, two_step=40))
    >>> row["discard"], row["accepted"], row["count"], row["two_step_average"]
    ('1m', {'2m': 4, '4m': 2}, 6, 6.67)
    """
    row: DiscardRowJSON = {
        "discard": tile_str(option.discard),
        "shanten": int(option.shanten),
        "accepted": accepted_json(option.accepted),
        "count": int(option.count),
        "two_step": int(option.two_step),
        "two_step_average": round(float(option.two_step_average), 2),
    }
    if ranked is not None:
        row["red"] = bool(ranked.red)
        row["tenpai_rate"] = round(float(ranked.tenpai_rate), 4)
        row["win_rate"] = round(float(ranked.win_rate), 4)
        row["ev"] = round(float(ranked.ev), 1)
        row["reasons"] = [
            {"code": r.code, "params": {k: _plain(v) for k, v in r.params.items()}}
            for r in ranked.reasons
        ]
    return row


def waits_json(info: TenpaiInfo) -> list[WaitJSON]:
    """Each wait of a tenpai hand with its live copies and its shapes, in tile order.

    >>> from tutor.engine.analysis import tenpai_info
    >>> from tutor.engine.tiles import parse_tiles, to_counts
    >>> waits_json(tenpai_info(to_counts(parse_tiles("23m456p789s11122z"))))[0]
    {'tile': '1m', 'count': 4, 'shapes': ['two_sided']}
    """
    return [
        {"tile": tile_str(t), "count": int(n), "shapes": sorted(s.value for s in info.shapes[t])}
        for t, n in sorted(info.waits.items())
    ]


def to_json(analysis: Analysis) -> dict[str, Any]:
    """The document to store: the facts stamped with the current version, checked.

    >>> to_json({"shanten": 2, "answer": 2})["version"]
    3
    >>> to_json({"accepted": [{"tile": "3m", "count": 4}]})
    Traceback (most recent call last):
    ...
    tutor.exercises.facts.FactsError: accepted must map tiles to counts
    """
    doc: dict[str, Any] = {**analysis, "version": FACTS_VERSION}
    from_json(doc)
    return doc


# --- reading ----------------------------------------------------------------------------------


def _tile(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise FactsError(f"{what} must be a tile")
    try:
        parse_tile(value)
    except (TileParseError, ValueError) as exc:
        raise FactsError(f"{what}: {value!r} is not a tile") from exc
    return value


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FactsError(f"{what} must be a whole number")
    return value


def _accepted(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise FactsError(f"{what} must map tiles to counts")
    for tile, n in value.items():
        _tile(tile, what)
        _int(n, what)
    return dict(value)


def _row(value: Any) -> DiscardRowJSON:
    if not isinstance(value, Mapping):
        raise FactsError("a discard row must be an object")
    for key in ("discard", "shanten", "accepted", "count", "two_step"):
        if key not in value:
            raise FactsError(f"a discard row lacks {key!r}")
    _tile(value["discard"], "discard")
    _int(value["shanten"], "shanten")
    _int(value["count"], "count")
    _accepted(value["accepted"], "accepted")
    for key in ("tenpai_rate", "win_rate", "ev"):
        if key in value and not isinstance(value[key], int | float):
            raise FactsError(f"{key} must be a number")
    reasons = value.get("reasons", [])
    if not isinstance(reasons, list) or not all(
        isinstance(r, Mapping)
        and isinstance(r.get("code"), str)
        and isinstance(r.get("params"), Mapping)
        for r in reasons
    ):
        raise FactsError("reasons must be a list of codes with their params")
    return value  # type: ignore[return-value]  # a DiscardRowJSON: its fields checked above


def _wait(value: Any) -> WaitJSON:
    if not isinstance(value, Mapping) or not {"tile", "count"} <= value.keys():
        raise FactsError("a wait must be an object with its tile and count")
    _tile(value["tile"], "wait")
    _int(value["count"], "count")
    shapes = value.get("shapes", [])
    if not isinstance(shapes, list) or not all(isinstance(s, str) for s in shapes):
        raise FactsError("a wait's shapes must be a list of shape names")
    return value  # type: ignore[return-value]  # a WaitJSON: its fields checked above


def from_json(doc: Any) -> Analysis:
    """Read stored facts back; :class:`FactsError` for another version or a malformed shape.

    >>> from_json({"version": 3, "waits": [{"tile": "1m", "count": 3, "shapes": []}]})["waits"]
    [{'tile': '1m', 'count': 3, 'shapes': []}]
    >>> from_json({"version": 2, "discards": []})
    Traceback (most recent call last):
    ...
    tutor.exercises.facts.FactsError: stored facts of version 2, not 3
    """
    if not isinstance(doc, Mapping):
        raise FactsError("stored facts must be an object")
    version = doc.get("version")
    if version != FACTS_VERSION:
        raise FactsError(f"stored facts of version {version}, not {FACTS_VERSION}")
    for key, check in (("discards", _row), ("waits", _wait)):
        rows = doc.get(key, [])
        if not isinstance(rows, list):
            raise FactsError(f"{key} must be a list")
        for row in rows:
            check(row)
    if "accepted" in doc:
        _accepted(doc["accepted"], "accepted")
    return doc  # type: ignore[return-value]  # an Analysis: its version and rows checked above


# --- older documents --------------------------------------------------------------------------


def _accepted_from_list(value: Any) -> dict[str, int]:
    if isinstance(value, Mapping):
        return dict(value)
    return {str(a["tile"]): int(a["count"]) for a in value or []}


def upgrade(doc: Mapping[str, Any]) -> dict[str, Any]:
    """An older stored document (versions 1 and 2, or the unversioned facts of a defense
    puzzle) in the current version; a current one is returned as it is.

    >>> upgrade({"version": 2, "discards": [{"tile": "9p", "shanten": 1, "count": 4,
    ...     "two_step": 0, "total": 4, "accepted": [{"tile": "3m", "count": 4}]}]})
    {'version': 3, 'discards': [{'discard': '9p', 'shanten': 1, 'count': 4, 'two_step': 0, \
'accepted': {'3m': 4}}]}
    """
    if doc.get("version") == FACTS_VERSION:
        return dict(doc)
    if doc.get("version", 1) not in (1, 2) and "version" in doc:
        raise FactsError(f"stored facts of version {doc.get('version')}: nothing reads them")
    out: dict[str, Any] = {**doc, "version": FACTS_VERSION}
    if "discards" in doc:
        rows = []
        for row in doc["discards"]:
            new = {("discard" if k == "tile" else k): v for k, v in row.items() if k != "total"}
            new.setdefault("count", row.get("total", 0))
            new["accepted"] = _accepted_from_list(row.get("accepted"))
            rows.append(new)
        out["discards"] = rows
    if "accepted" in doc:
        out["accepted"] = _accepted_from_list(doc["accepted"])
    return out
