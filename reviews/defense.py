"""The defense facts of a reviewed decision, in words: every tile's danger against the riichi
(against each and all of them when there are two), the pick marked, pushing against folding,
and the message of a deal-in-prone pick. The figures
come from :func:`reviews.judge.judge_defense`; this module only writes them for the page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from puzzles.defense import against_lines, riichi_names, worded
from tutor.engine.tiles import parse_tile
from tutor.exercises.tables import kind_text
from tutor.web.defense_text import names as tile_names
from tutor.web.defense_text import percent_text
from tutor.web.engine_text import tile_text
from tutor.web.push_fold_text import points_text, shanten_text

from .judge import JudgedDecision


def _why_safe(row: dict[str, Any]) -> str:
    codes = [r["code"] for r in row.get("reasons") or []]
    if "genbutsu" in codes:
        return _("genbutsu")
    if "passed_after_riichi" in codes:
        return _("passed after the riichi")
    if "no_copy_left" in codes:
        return _("a tile with every copy in view")
    return _("safer (%(percent)s danger)") % {"percent": percent_text(row["danger"])}


def mistake_text(defense: dict[str, Any], played: str) -> str:
    """The message of a deal-in-prone pick: "You pushed 5m (12.0% danger) with a 3-shanten
    hand worth about 1,000 points; 2p was genbutsu." (empty when the pick was not prone)."""
    mine = defense.get("played")
    tiles = defense.get("tiles") or []
    if not defense.get("deal_in_prone") or not mine or not tiles:
        return ""
    safest = tiles[0]
    values = {
        "tile": tile_text(kind_text(played)),
        "danger": percent_text(mine["danger"]),
        "shape": shanten_text(int(mine["shanten"])),
        "safe": tile_text(safest["tile"]),
        "why": _why_safe(safest),
    }
    if mine["win_rate"] <= 0:
        text = _(
            "You pushed %(tile)s (%(danger)s danger) with a %(shape)s hand that could not win "
            "before the round ended; %(safe)s was %(why)s."
        )
    else:
        values["value"] = points_text(round(mine["ev"] / mine["win_rate"], -2))
        text = _(
            "You pushed %(tile)s (%(danger)s danger) with a %(shape)s hand worth about "
            "%(value)s points; %(safe)s was %(why)s."
        )
    return text % values


def several_context(defense: dict[str, Any], played: str) -> dict[str, Any]:
    """What the review page shows of a decision facing two or more riichi: each tile's chance
    of dealing in to any of them, and its danger and reasons against each riichi (named by
    its seat wind); after the fact, what each was waiting on."""
    riichi = defense.get("riichi") or []
    names = riichi_names(riichi)
    waits = set(defense.get("waits") or [])
    rows = [
        {
            "tile": row["tile"],
            "percent": percent_text(row["danger"]),
            "against": against_lines(row, names),
            "chosen": row["tile"] == played,
            "best": i == 0,
            "wait": row["tile"] in waits,
        }
        for i, row in enumerate(defense.get("tiles") or [])
    ]
    outcomes = []
    for name, r in zip(names, riichi, strict=True):
        if not r.get("waits"):
            continue
        tiles = tile_names(parse_tile(t) for t in sorted(r["waits"], key=parse_tile))
        text = (
            _("Your discard dealt in to the %(riichi)s riichi, waiting on %(tiles)s.")
            if r.get("dealt_in")
            else _("The %(riichi)s riichi was waiting on %(tiles)s.")
        )
        outcomes.append(text % {"riichi": name, "tiles": tiles})
    return {
        "several": len(riichi),
        "rows": rows,
        "mistake": several_mistake_text(defense),
        "outcome": " ".join(outcomes),
    }


def several_mistake_text(defense: dict[str, Any]) -> str:
    """The message of a deal-in-prone pick against two riichi: "You pushed 3p (28.8% to deal in
    to one of the riichi) with a 1-shanten hand: ... 3s deals in only about 0.2% of the time
    (East wind riichi: passed after the riichi; South wind riichi: genbutsu)." (empty when the
    pick was not prone)."""
    mine = defense.get("played")
    tiles = defense.get("tiles") or []
    if not defense.get("deal_in_prone") or not mine or not tiles:
        return ""
    safest = tiles[0]
    names = riichi_names(defense.get("riichi") or [])
    against = zip(names, safest.get("against") or [], strict=False)
    why = "; ".join(
        _("%(riichi)s riichi: %(why)s") % {"riichi": name, "why": _why_safe(one)}
        for name, one in against
    )
    return _(
        "You pushed %(tile)s (%(danger)s to deal in to one of the riichi) with a %(shape)s hand: "
        "against two riichi a hand short of tenpai folds. %(safe)s deals in only about %(low)s of "
        "the time (%(why)s)."
    ) % {
        "tile": tile_text(str(mine["tile"])),
        "danger": percent_text(mine["danger"]),
        "shape": shanten_text(int(mine["shanten"])),
        "safe": tile_text(str(safest["tile"])).capitalize(),
        "low": percent_text(safest["danger"]),
        "why": why,
    }


def defense_context(judged: JudgedDecision) -> dict[str, Any] | None:
    """What the review page shows of a decision facing a riichi (``None`` otherwise)."""
    defense = judged.defense
    if not defense:
        return None
    if "riichi" in defense:
        return several_context(defense, kind_text(judged.played))
    played = kind_text(judged.played)
    waits = set(defense.get("waits") or [])
    tiles = defense.get("tiles") or []
    rows = [
        {
            **worded(row),
            "chosen": row["tile"] == played,
            "best": i == 0,
            "wait": row["tile"] in waits,
        }
        for i, row in enumerate(tiles)
    ]
    pf = defense.get("push_fold") or {}
    mine = defense.get("played")
    figures = ""
    if pf and mine:
        figures = _(
            "Pushing with %(tile)s was worth %(push)s points, folding with %(safe)s %(fold)s "
            "(a deal-in costs about %(cost)s)."
        ) % {
            "tile": tile_text(played),
            "push": points_text(mine["value"]),
            "safe": tile_text(pf["fold"]["tile"]),
            "fold": points_text(pf["fold"]["value"]),
            "cost": points_text(round(pf["deal_in_value"], -2)),
        }
    outcome = ""
    if waits:
        names = tile_names(parse_tile(t) for t in sorted(waits, key=parse_tile))
        if defense.get("dealt_in"):
            outcome = _("Your discard dealt in: the riichi was waiting on %(tiles)s.")
        else:
            outcome = _("The riichi was waiting on %(tiles)s.")
        outcome %= {"tiles": names}
    return {
        "rows": rows,
        "mistake": mistake_text(defense, judged.played),
        "figures": figures,
        "outcome": outcome,
    }
