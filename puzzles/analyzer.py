"""The hand analyzer (like Tenhou's 牌理): one hand in, the engine's facts out as plain data.

Shared by the analyzer page and ``/api/analyze``. Every fact comes from :mod:`tutor.engine`;
this module only parses the request, calls the engine and lays the answer out as JSON-ready
dictionaries, every tile in mpsz notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from django.utils.translation import gettext as _

from tutor.engine import push_fold as pf
from tutor.engine.analysis import discard_analysis, tenpai_info, ukeire
from tutor.engine.defense import DefenseState
from tutor.engine.hand import Hand, InvalidMeldError, parse_hand
from tutor.engine.shanten import shanten
from tutor.engine.tiles import ImpossibleHandError, TileParseError, parse_tiles_red, tile_str
from tutor.engine.value import TableContext, rank_discards
from tutor.exercises.facts import DiscardRowJSON, accepted_json, discard_row, waits_json
from tutor.exercises.tables import DiscardRow, discard_table, kind_text
from tutor.web.engine_text import discard_reason_text

from .defense import RiverError, danger_rows, river_states, several_rows

MAX_HAND_TEXT = 80
#: Clicking tiles builds the hand up to this many tiles.
MAX_TILES = 14


class IncompleteHand(ValueError):
    """A hand still being entered: too few tiles to analyze (not an error to report as 400)."""


def edited_hand(params: Mapping[str, str]) -> str:
    """The hand text after a palette click: ``add`` appends a tile, ``undo`` drops the last
    one, ``clear`` empties it. Clicks that cannot apply (a bad tile, a full hand, a hand with
    called sets) leave the text as it is; the typed text is otherwise kept as typed.

    >>> edited_hand({"hand": "123m", "add": "0p"}), edited_hand({"hand": "123m4p", "undo": "1"})
    ('123m0p', '123m')
    """
    text = (params.get("hand") or "").strip()[:MAX_HAND_TEXT]
    if "clear" in params:
        return ""
    add = (params.get("add") or "").strip()
    if not ("undo" in params or add) or any(bracket in text for bracket in "[({"):
        return text
    try:
        kinds, reds = parse_tiles_red(text, max_red=(4, 4, 4))
        tiles = [tile_str(k, red=r) for k, r in zip(kinds, reds, strict=True)]
        if "undo" in params:
            tiles = tiles[:-1]
        elif len(tiles) < MAX_TILES:
            new, red = parse_tiles_red(add, max_red=(4, 4, 4))
            if len(new) != 1:
                return text
            tiles.append(tile_str(new[0], red=red[0]))
    except ValueError:
        return text
    # the tiles in the order given, suits merged: ["1m", "2m", "0p"] → "12m0p"
    out = ""
    for tile in tiles:
        out = out[:-1] + tile if out and out[-1] == tile[1] else out + tile
    return out


RANKING_MAX_SHANTEN = 3
"""The expected-value ranking is shown up to this shanten (further away it is a fallback)."""


def _ranking(hand: Hand) -> tuple[list[dict[str, Any]], bool]:
    """The engine's expected-value ranking of a 14-tile hand, with its reasons in words.

    The analyzer knows no table: East round, South seat, no dora, twelve draws left."""
    ranking = rank_discards(hand, TableContext(draws_left=12))
    rows = [
        {
            **row.as_json(),
            "reason_texts": [discard_reason_text(r) for r in row.reasons],
            "tenpai_percent": round(100 * row.tenpai_rate),
            "win_percent": round(100 * row.win_rate),
        }
        for row in ranking.rows
    ]
    return rows, ranking.clear


def analyze(text: str, river: str = "", second_river: str = "") -> dict[str, Any]:
    """Analyze a hand written in notation.

    Returns ``{"hand", "tiles", "called_sets", "shanten", "discards", "accepted",
    "accepted_total", "waits", "wait_pattern", "karaten"}``: for 14 tiles the discard table best
    first (each discard with the shanten after it, the accepted tiles with their unseen copies,
    their total and the 2-step figure), and up to :data:`RANKING_MAX_SHANTEN` the expected-value
    ``ranking`` (:func:`tutor.engine.value.rank_discards`, best first, with ``ranking_clear``); for 13 tiles the accepted tiles and, when tenpai, the
    waits with their live copies and shapes. Unseen copies count the hand and its called sets
    as seen. Raises :class:`IncompleteHand` for fewer than 13 tiles, and another ``ValueError``
    (a :class:`~tutor.engine.tiles.TileParseError` with a position, an impossible hand) with a
    message a learner can read.

    With ``river`` (a riichi player's discards, the declaration tile last) a 14-tile hand also
    gets ``danger``: each kind's chance of dealing in, safest first, with its reasons
    (:mod:`puzzles.defense`), and ``push_fold``; a river that cannot be used gives
    ``river_error`` instead. With ``second_river`` too (a second riichi), ``danger`` is the
    chance of dealing in to either, each row with its rows ``against`` each riichi
    (:func:`tutor.engine.defense.assess_several`), and there is no ``push_fold``.
    """
    text = text.strip()
    if not text:
        raise IncompleteHand(_("Type a hand or click tiles."))
    if len(text) > MAX_HAND_TEXT:
        raise HandTooLong(_("That is too long for a hand."))
    hand = parse_hand(text, sizes=tuple(range(1, 15)))
    melds = len(hand.melds)
    size = hand.tile_count
    if size not in (13, 14):
        raise IncompleteHand(
            _("%(n)d tiles so far: a hand has 13 tiles, or 14 just after a draw.") % {"n": size}
        )
    counts = hand.concealed
    seen = hand.all_counts()
    # The copies in the hand's own called sets cannot be drawn: the engine must know them.
    held = hand.called_counts()
    report: dict[str, Any] = {
        "hand": text,
        "tiles": size,
        "called_sets": melds,
        "shanten": shanten(counts, melds, held=held),
        "discards": [],
        "accepted": [],
        "accepted_total": 0,
        "waits": [],
        "wait_pattern": None,
        "karaten": False,
    }
    if size == 14:
        report["discards"] = [
            discard_row(option) for option in discard_analysis(counts, melds, seen=seen, held=held)
        ]
        if report["shanten"] <= RANKING_MAX_SHANTEN:
            report["ranking"], report["ranking_clear"] = _ranking(hand)
        rivers = [r.strip() for r in (river, second_river) if r.strip()]
        if rivers:
            try:
                states = river_states(tuple(counts), list(seen), rivers)
            except RiverError as exc:
                report["river_error"] = str(exc)
            else:
                if len(states) > 1:
                    report["danger"] = several_rows(states)
                else:
                    report["danger"] = danger_rows(states[0])
                    report["push_fold"] = push_fold_facts(states[0], hand)
        return report
    if river.strip() or second_river.strip():
        report["river_error"] = _("The danger of each tile is shown for a hand of 14 tiles.")
    accepted = ukeire(counts, melds, seen=seen, held=held)
    report["accepted"] = accepted_json(accepted.accepted)
    report["accepted_total"] = accepted.count
    info = tenpai_info(counts, melds, seen=seen, held=held)
    if info is not None:
        report["waits"] = waits_json(info)
        report["wait_pattern"] = info.pattern.value
        report["karaten"] = info.karaten
    return report


def table(report: Mapping[str, Any]) -> list[DiscardRow]:
    """The report's discards as the one discard table draws them, best first: in the
    expected-value order with the value columns when the hand was ranked by value, else in
    the order of the most accepted tiles.

    >>> rows = table(analyze("123m456p789s23m55p7z"))
    >>> rows[0].discard, rows[0].best, rows[0].ev is not None, len(rows[0].accepted)
    ('7z', True, True, 2)
    >>> [r.discard for r in table(analyze("19m19p19s1234567z5m")) if r.best]
    ['5m']
    """
    rows = {kind_text(r["discard"]): r for r in report.get("discards") or []}
    ranking = report.get("ranking") or []
    if ranking:
        value = ("red", "tenpai_rate", "win_rate", "ev", "reasons")
        merged = [
            {**rows[kind_text(r["discard"])], **{k: r[k] for k in value if k in r}} for r in ranking
        ]
    else:
        merged = list(rows.values())
    # discard_row's rows, with the ranking's value columns (the row type's optional keys)
    typed = cast("list[DiscardRowJSON]", merged)
    return discard_table(typed, best=[merged[0]["discard"]] if merged else [])


def push_fold_facts(state: DefenseState, hand: Hand) -> dict[str, Any]:
    """Push against fold for a hand facing the riichi of ``state``
    (:func:`tutor.engine.push_fold.push_or_fold`, the analyzer's table: the riichi player
    South, the hand West, no dora), as JSON: both options, the reasons and the
    :func:`~tutor.engine.push_fold.verdict` (``push``, ``fold``, ``close``, ``keep`` or
    ``nothing``)."""
    choice = pf.push_or_fold(state, hand, pf.state_context(state))
    return {
        **choice.as_json(),
        "verdict": pf.verdict(choice),
        "reasons": [r.as_json() for r in pf.reasons(choice)],
    }


class HandTooLong(ValueError):
    """More text than any hand needs."""


ERROR_CODES: dict[type[ValueError], str] = {
    TileParseError: "bad_notation",
    IncompleteHand: "incomplete_hand",
    HandTooLong: "hand_too_long",
    InvalidMeldError: "invalid_called_set",
    ImpossibleHandError: "impossible_hand",
}
"""The code of each kind of refused hand; any other ``ValueError`` is ``invalid_hand``."""


def error_details(exc: ValueError) -> dict[str, Any]:
    """The JSON body of a 400 for a bad hand: a stable, language-independent ``code`` for
    programs, the message and, for notation, where it is.

    >>> error_details(IncompleteHand("x"))["code"], error_details(ValueError("x"))["code"]
    ('incomplete_hand', 'invalid_hand')
    """
    code = next((c for kind, c in ERROR_CODES.items() if isinstance(exc, kind)), "invalid_hand")
    body: dict[str, Any] = {"code": code, "error": str(exc)}
    if isinstance(exc, TileParseError):
        body["position"] = exc.position
        body["reason"] = exc.reason
    return body
