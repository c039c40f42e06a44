"""Sentences for the danger model's reasons (:mod:`tutor.engine.defense`), in the reader's
language: shared by the lessons, the defense puzzles and the analyzer."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine import tiles as et
from tutor.engine.defense import DangerReason

from .tile_names import tile_name


def names(kinds: Iterable[int]) -> str:
    """Tile names joined for a sentence."""
    from django.utils.text import get_text_list

    return str(get_text_list([str(tile_name(k)) for k in kinds], _("and")))


def percent_text(p: float) -> str:
    """A probability as a percentage with one decimal, the reader's way."""
    return _("%(percent)s%%") % {"percent": f"{100 * p:.1f}"}


def reason_text(reason: DangerReason) -> str:
    """One reason from the engine as a sentence part a learner can read."""
    p = reason.params
    code = reason.code

    def named(key: str) -> str:
        return tile_name(et.parse_tile(p[key]))

    if code == "genbutsu":
        return _(
            "genbutsu: the riichi player threw it (discard %(position)s), so a ron on it is furiten"
        ) % {"position": p["position"]}
    if code == "passed_after_riichi":
        return _(
            "it went by after the riichi (tile %(position)s since) and the riichi player did not "
            "win on it"
        ) % {"position": p["position"]}
    if code == "no_copy_left":
        return _("all four copies are in view")
    if code == "honor_visible":
        return _("an honor with %(visible)s of its four copies in view") % {"visible": p["visible"]}
    if code in ("suji", "half_suji"):
        by = {"tiles": names(et.parse_tile(t) for t in p["by"])}
        if code == "suji":
            return _("suji of %(tiles)s: a two-sided wait on it would be furiten") % by
        return _("half suji: %(tiles)s in the river rules out one of its two-sided waits") % by
    if code == "no_chance":
        return _("no chance: all four %(wall)s are in view, so no sequence through it") % {
            "wall": named("wall")
        }
    if code == "one_chance":
        return _("one chance: three %(wall)s are in view") % {"wall": named("wall")}
    if code == "only_pair_waits":
        return ngettext(
            "only a shanpon or a tanki can wait on it (%(unseen)s copy unseen)",
            "only a shanpon or a tanki can wait on it (%(unseen)s copies unseen)",
            int(p["unseen"]),
        ) % {"unseen": p["unseen"]}
    if code == "early_outside":
        return _("the riichi player threw %(tile)s early (discard %(position)s)") % {
            "tile": named("by"),
            "position": p["position"],
        }
    if code == "riichi_tile_neighbour":
        return _("close to the declaration tile, %(tile)s") % {"tile": named("riichi_tile")}
    if code == "dora":
        return _("it is a dora: a win on it is worth more")
    if code == "dora_neighbour":
        return _("next to the dora, %(tile)s") % {"tile": named("dora")}
    return code
