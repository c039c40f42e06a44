"""Sentences for the push-or-fold reasons (:func:`tutor.engine.push_fold.reasons`), in the
reader's language: shared by the push-or-fold puzzles and anything else that shows the verdict."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.exercises.base import points_text as grouped_points

from .defense_text import percent_text
from .engine_text import named_tile, tile_text


def points_text(value: float) -> str:
    """Points rounded and grouped as the course writes them (1,646 or 1.646, never Django's
    Spanish no-break space)."""
    return grouped_points(round(value))


def shanten_text(n: int) -> str:
    """``tenpai`` or ``2-shanten``, in the reader's language."""
    if n <= 0:
        return _("tenpai")
    return _("%(n)d-shanten") % {"n": n}


def reason_text(code: str, params: Mapping[str, Any]) -> str:
    """One reason of the verdict as a sentence (an unknown code comes back as it is)."""
    p = params
    if code == "push_shape":
        values = {"tile": tile_text(p["tile"]), "shanten": shanten_text(int(p["shanten"]))}
        if int(p["shanten"]) <= 0:
            return _("Pushing %(tile)s keeps your hand tenpai.") % values
        return _("Pushing %(tile)s leaves your hand %(shanten)s.") % values
    if code == "push_wins":
        if not p["hand_value"]:
            return _("Playing on, the hand has next to no chance of winning before the riichi.")
        return _(
            "Playing on, you win this hand about %(percent)s of the time, for about %(points)s "
            "points (and the riichi stick)."
        ) % {"percent": percent_text(float(p["win_rate"])), "points": points_text(p["hand_value"])}
    if code == "push_deals_in":
        return _(
            "%(tile)s deals in about %(danger)s of the time now; with the tiles you would draw "
            "and throw later (folding when one is too dangerous), pushing deals in about "
            "%(risk)s."
        ) % {
            "tile": tile_text(p["tile"]).capitalize(),
            "danger": percent_text(float(p["danger"])),
            "risk": percent_text(float(p["risk"])),
        }
    if code == "deal_in_cost":
        points = {"points": points_text(p["points"])}
        if p["dealer"]:
            return _("Dealing in to the dealer's riichi costs about %(points)s points.") % points
        return _("Dealing in to this riichi costs about %(points)s points.") % points
    if code == "round_goes_on":
        return _(
            "Folding is not free: a round that ends without your win or your deal-in (the "
            "riichi's self-draw, another player's win, the noten payment) costs you about "
            "%(points)s points on average. Winning ends it first."
        ) % {"points": points_text(p["points"])}
    if code == "fold_deals_in":
        values = {
            "tile": tile_text(p["tile"]),
            "danger": percent_text(float(p["danger"])),
            "risk": percent_text(float(p["risk"])),
        }
        if p.get("plays_on"):
            # the safe tile keeps a hand worth playing on: the risk is that of playing on
            text = _(
                "Folding with %(tile)s deals in about %(danger)s of the time now; playing "
                "on with the hand it keeps, about %(risk)s over the rest of the hand."
            )
        else:
            text = _(
                "Folding with %(tile)s deals in about %(danger)s of the time, about %(risk)s "
                "over the rest of the hand."
            )
        return text % values
    if code == "fold_keeps_hand":
        return _("%(tile)s is safe and still keeps your hand %(shanten)s.") % {
            "tile": tile_text(p["tile"]).capitalize(),
            "shanten": shanten_text(int(p["shanten"])),
        }
    if code == "no_tenpai_discard":
        return _("No discard makes your hand tenpai: the best one leaves it %(shanten)s.") % {
            "shanten": shanten_text(int(p["shanten"]))
        }
    if code == "lead":
        values = {
            "points": points_text(p["points"]),
            "push": points_text(p["push_value"]),
            "fold": points_text(p["fold_value"]),
        }
        if p["answer"] == "push":
            text = _(
                "Pushing is worth about %(push)s points against %(fold)s for folding: "
                "%(points)s points better."
            )
        else:
            text = _(
                "Folding is worth about %(fold)s points against %(push)s for pushing: "
                "%(points)s points better."
            )
        return text % values
    return code


def reason_texts(reasons: list[Mapping[str, Any]]) -> list[str]:
    """Every stored reason (``{"code", "params"}``) as a sentence, in order."""
    return [reason_text(str(r["code"]), r.get("params") or {}) for r in reasons]


def mistake_texts(doc: Mapping[str, Any], answer: str) -> list[str]:
    """Why ``answer`` (``push`` or ``fold``) was the wrong choice, from the verdict as
    :meth:`tutor.engine.push_fold.PushFold.as_json` writes it: what the hand would win against
    what the push tile risks (or what folding gave up against how little it risked), then both
    options in points."""
    push, fold = doc["push"], doc["fold"]
    values = {"push": points_text(float(push["value"])), "fold": points_text(float(fold["value"]))}
    if answer == "fold":
        return [
            _gave_up(doc),
            _("Folding is worth about %(fold)s points here, against %(push)s for pushing.")
            % values,
        ]
    return [
        _risked(doc),
        _("Pushing is worth about %(push)s points here, against %(fold)s for folding.") % values,
    ]


def _risked(doc: Mapping[str, Any]) -> str:
    push = doc["push"]
    win_rate = float(push["win_rate"])
    shanten = int(push["shanten"])
    values = {
        "tile": named_tile(str(push["tile"])),
        "shanten": shanten_text(shanten),
        "percent": percent_text(win_rate),
        "danger": percent_text(float(push["danger"])),
    }
    if shanten > 0 and win_rate < 0.005:
        text = _(
            "Pushing %(tile)s leaves your hand %(shanten)s, with next to no chance of "
            "winning before the round ends, and %(tile)s deals in about %(danger)s of "
            "the time."
        )
        return text % values
    if shanten > 0:
        text = _(
            "Pushing %(tile)s leaves your hand %(shanten)s: it wins only about "
            "%(percent)s of the time before the round ends, and %(tile)s deals in about "
            "%(danger)s of the time."
        )
        return text % values
    return _(
        "Your tenpai wins only about %(percent)s of the time, for about %(points)s points, "
        "while pushing deals in about %(risk)s of the time over the round, and a deal-in "
        "costs about %(cost)s points."
    ) % {
        "percent": percent_text(win_rate),
        "points": points_text(float(doc.get("hand_value", 0))),
        "risk": percent_text(float(push["risk"])),
        "cost": points_text(float(doc.get("deal_in_value", 0))),
    }


def _gave_up(doc: Mapping[str, Any]) -> str:
    push, fold = doc["push"], doc["fold"]
    values = {
        "fold": named_tile(str(fold["tile"])),
        "push": named_tile(str(push["tile"])),
        "fold_percent": percent_text(float(fold["win_rate"])),
        "percent": percent_text(float(push["win_rate"])),
        "points": points_text(float(doc.get("hand_value", 0))),
        "danger": percent_text(float(push["danger"])),
    }
    if float(fold["win_rate"]) >= 0.005:
        # the safe tile keeps a hand too, only a weaker one
        text = _(
            "Folding with %(fold)s keeps a hand that wins only about %(fold_percent)s of "
            "the time; pushing %(push)s wins about %(percent)s of the time, for about "
            "%(points)s points, and %(push)s deals in only about %(danger)s of the time."
        )
    else:
        text = _(
            "Folding with %(fold)s gives up a hand that wins about %(percent)s of the time, "
            "for about %(points)s points, while %(push)s deals in only about %(danger)s of the "
            "time."
        )
    return text % values


def verdict_text(doc: Mapping[str, Any]) -> str:
    """The analyzer's one-line verdict on push against fold, from the facts of
    :func:`puzzles.analyzer.push_fold_facts` (its ``verdict``: ``push``, ``fold``, ``close``,
    ``keep`` or ``nothing``)."""
    push, fold = doc["push"], doc["fold"]
    values = {
        "push": named_tile(str(push["tile"])),
        "fold": named_tile(str(fold["tile"])),
        "points": points_text(float(doc["gap"])),
    }
    verdict = doc.get("verdict")
    if verdict == "push":
        return _("Push: throwing %(push)s is clearly better, by about %(points)s points.") % values
    if verdict == "fold":
        return _("Fold: %(fold)s is clearly better, by about %(points)s points.") % values
    if verdict == "keep":
        return _(
            "Keep your hand: %(push)s is better for it and deals in about %(danger)s, hardly "
            "more than the safest tile, %(fold)s."
        ) % {**values, "danger": percent_text(float(push["danger"]))}
    if verdict == "nothing":
        text = _("Nothing to weigh: the safest tile, %(fold)s, is as good for your hand as any.")
        return text % values
    if doc.get("answer") == "push":
        text = _(
            "A close call: the figures favour pushing %(push)s by about %(points)s points, "
            "not by the margin the engine calls clear."
        )
    else:
        text = _(
            "A close call: the figures favour folding with %(fold)s by about %(points)s points, "
            "not by the margin the engine calls clear."
        )
    return text % values
