"""Exercises on a hand: dora, waits, shanten, furiten and the best discard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine import dora, furiten
from tutor.engine import tiles as et
from tutor.engine.analysis import DiscardOption, Ukeire, clear_margin, discard_analysis, ukeire
from tutor.engine.furiten import FuritenStatus
from tutor.engine.hand import Hand
from tutor.engine.near_tiles import other_end, run_it_lengthens, touches, wraps_around
from tutor.engine.shanten import shanten, shanten_chiitoitsu, shanten_kokushi, shanten_standard
from tutor.engine.waits import WaitShape, wait_pattern, wait_shapes
from tutor.web.engine_text import furiten_text, wait_shape_phrase
from tutor.web.tile_names import tile_name

from .base import (
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _choices,
    _kinds,
    _number,
    _one,
    _one_tile,
    _parse_hand,
    _parse_tiles,
    _tiles_field,
    display,
    join_and,
    names,
    palette,
    register,
    tile_picker,
)
from .facts import discard_row
from .tables import DiscardRow, discard_table

# --- dora ---------------------------------------------------------------------------------


@register
class Dora(Exercise[frozenset[int] | int]):
    """Dora from indicators: pick the dora tiles, or count the dora of a hand. With ``ura``
    (the indicators under them, turned over after a riichi win) both kinds are counted."""

    type = "dora"
    fields = ("indicators", "ura", "hand")
    required = ("indicators",)

    def parse(self) -> None:
        self.indicators, _red = _parse_tiles(self.data["indicators"], "indicators")
        if not 1 <= len(self.indicators) <= 5:
            raise ContentError(
                "indicators: 1 to 5 tiles",
                field="indicators",
                text=_("Give from 1 to 5 dora indicators."),
            )
        self.ura = _tiles_field(self.data, "ura")
        if len(self.ura) > len(self.indicators):
            raise ContentError(
                "ura: at most one ura indicator under each dora indicator",
                field="ura",
                text=_("Give at most one ura-dora indicator for each dora indicator."),
            )
        self.hand = _parse_hand(self.data["hand"], "hand") if "hand" in self.data else None

    def solutions(self) -> set[frozenset[int] | int]:
        both = [*self.indicators, *self.ura]
        if self.hand is None:
            return {frozenset(dora.dora_tiles(both))}
        return {dora.count_all_dora(self.hand, both)}

    def read(self, post: Mapping[str, Any]) -> frozenset[int] | int:
        if self.hand is None:
            return _kinds(post, "tile", range(et.NUM_KINDS), empty=_("Pick a tile first."))
        return _number(post, "number", 0, 40)

    def _mistakes(self, answer: frozenset[int] | int) -> list[str]:
        """The slips behind a wrong answer, each named; empty when none is recognised."""
        indicators = [*self.indicators, *self.ura]
        out: list[str] = []
        if self.hand is None:
            assert isinstance(answer, frozenset)
            right = self.solution()
            assert isinstance(right, frozenset)
            for k in sorted(answer - right):
                pointed = [i for i in indicators if dora.dora_from_indicator(k) == i]
                at = pointed[0] if pointed and k not in indicators else k  # the indicator named
                if k in indicators:
                    text = _(
                        "%(tile)s is the indicator itself. The dora is the tile after it: %(dora)s."
                    )
                elif pointed:
                    text = _(
                        "%(tile)s comes before the indicator %(indicator)s. Count forwards: "
                        "the dora is the next tile, %(dora)s."
                    )
                elif any(et.is_honor(i) and et.is_honor(k) for i in indicators):
                    text = _(
                        "%(tile)s is not a dora here. Honors follow their own order: East → "
                        "South → West → North → East, and white → green → red → white."
                    )
                else:
                    text = _("%(tile)s is not a dora here.")
                named = {"tile": tile_name(k), "indicator": tile_name(at)}
                out.append(text % {**named, "dora": tile_name(dora.dora_from_indicator(at))})
            if right - answer:
                out.append(
                    ngettext(
                        "One more dora is missing.",
                        "%(n)s more dora are missing.",
                        len(right - answer),
                    )
                    % {"n": len(right - answer)}
                )
            return out
        hand = self.hand
        right_n = self.solution()
        assert isinstance(right_n, int)  # the count question: the tile question returned above
        red = dora.count_red_fives(hand)
        plain = dora.count_dora(hand, self.indicators)
        ura = dora.count_dora(hand, self.ura) if self.ura else 0
        held = hand.all_counts()
        as_indicator = sum(held[i] for i in self.indicators)  # the indicator's own tile, counted
        if red and answer == right_n - red:
            text = ngettext(
                "You left out the red five: each one is a dora of its own.",
                "You left out the %(n)s red fives: each one is a dora of its own.",
                red,
            )
        elif ura and answer == right_n - ura:
            text = _(
                "You left out the ura dora: after a riichi win the tiles under the "
                "indicators count as well."
            )
        elif as_indicator and answer != plain and answer == as_indicator + red + ura:
            text = _(
                "You counted the tiles that match the indicator. The indicator only points: "
                "count the tile after it."
            )
        else:
            return []
        return [text % {"n": red}]

    def check(self, answer: frozenset[int] | int) -> Verdict:
        if answer != self.solution():
            reasons = self._mistakes(answer)
            if not reasons:
                if self.hand is not None and isinstance(answer, int):
                    right_n = self.solution()
                    assert isinstance(right_n, int)
                    reasons.append(
                        (
                            _("%(n)s dora is too many.")
                            if answer > right_n
                            else _("%(n)s dora is too few.")
                        )
                        % {"n": answer}
                    )
                reasons.append(
                    _(
                        "The dora is the tile after the indicator: the next number of its suit "
                        "(after 9 comes 1), East → South → West → North → East for winds, and "
                        "white → green → red → white for dragons."
                    )
                )
            return Verdict(False, reasons)
        dora_text = _("The indicator %(indicator)s makes %(dora)s the dora.")
        ura_text = _("The ura indicator %(indicator)s makes %(dora)s an ura dora.")
        reasons = [
            text % {"indicator": tile_name(i), "dora": tile_name(dora.dora_from_indicator(i))}
            for text, tiles in ((dora_text, self.indicators), (ura_text, self.ura))
            for i in tiles
        ]
        if self.hand is not None:
            plain = dora.count_dora(self.hand, self.indicators)
            reasons.append(
                ngettext(
                    "This hand holds %(n)s dora from the indicators.",
                    "This hand holds %(n)s dora from the indicators.",
                    plain,
                )
                % {"n": plain}
            )
            if self.ura:
                ura = dora.count_dora(self.hand, self.ura)
                reasons.append(
                    ngettext("It holds %(n)s ura dora.", "It holds %(n)s ura dora.", ura)
                    % {"n": ura}
                )
            red = dora.count_red_fives(self.hand)
            if red:
                reasons.append(
                    ngettext("It holds %(n)s red five.", "It holds %(n)s red fives.", red)
                    % {"n": red}
                )
        return Verdict(True, reasons)

    def _shown(self) -> list[tuple[str, str]]:
        rows = [
            (ngettext("Dora indicator", "Dora indicators", len(self.indicators)), self.indicators),
            (ngettext("Ura-dora indicator", "Ura-dora indicators", len(self.ura)), self.ura),
        ]
        return [(caption, "".join(map(et.tile_str, tiles))) for caption, tiles in rows if tiles]

    def widget(self, answer: frozenset[int] | int | None = None) -> Widget:
        if self.hand is None:
            return palette(answer, self._shown())
        return Widget(
            "number",
            shown=[*self._shown(), (_("The hand"), display(self.hand))],
            number=str(answer) if isinstance(answer, int) else "",
            label=_("Number of dora"),
        )


# --- waits --------------------------------------------------------------------------------


class _KindsForAHand(Exercise[frozenset[int]]):
    """Pick every tile kind that does something for a 13-tile hand, from the whole palette."""

    fields = ("hand",)

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))

    def read(self, post: Mapping[str, Any]) -> frozenset[int]:
        return _kinds(post, "tile", range(et.NUM_KINDS), empty=_("Pick at least one tile."))

    def widget(self, answer: frozenset[int] | None = None) -> Widget:
        return palette(answer, [(_("The hand"), display(self.hand))])


@register
class Waits(_KindsForAHand):
    type = "waits"

    def solutions(self) -> set[frozenset[int]]:
        waits = frozenset(furiten.winning_tiles(self.hand))
        return {waits} if waits else set()

    def check(self, answer: frozenset[int]) -> Verdict:
        right = self.solution()
        shape_names = _wait_shape_names()
        shapes = {  # each wait with the shape(s) it completes, in words
            tile: _(" or ").join(sorted(shape_names[s.value] for s in found))
            for tile, found in wait_shapes(self.hand.concealed, self.hand.melds).items()
        }
        reasons = []
        for k in sorted(answer):
            if k in right:
                text = _("%(tile)s: %(shapes)s.")
            elif self.hand.concealed[k] == 4:
                text = _(
                    "You hold all four copies of %(tile)s: there is no fifth to wait on, so it "
                    "is not a wait."
                )
            elif wraps_around(self.hand.concealed, k):
                text = _(
                    "%(tile)s does not complete this hand: numbers do not wrap around, so "
                    "nothing joins 8-9 to 1 or 1-2 to 9."
                )
            else:
                text = _("%(tile)s does not complete this hand.")
            reasons.append(text % {"tile": tile_name(k), "shapes": shapes.get(k)})
        missed = right - answer
        if missed:
            # Name the kind of wait that was overlooked, not the tile.
            kinds = join_and(sorted({shapes[k] for k in missed}))
            reasons.append(
                ngettext(
                    "One more tile completes this hand, as %(shapes)s.",
                    "%(n)s more tiles complete this hand, as %(shapes)s.",
                    len(missed),
                )
                % {"n": len(missed), "shapes": kinds}
            )
        if answer != right:
            return Verdict(False, reasons)
        reasons.insert(
            0,
            ngettext(
                "This hand waits on one tile: %(tiles)s.",
                "This hand waits on %(n)s tiles: %(tiles)s.",
                len(right),
            )
            % {"n": len(right), "tiles": names(sorted(right))},
        )
        if len(right) > 1:
            pattern = wait_pattern(self.hand.concealed, self.hand.melds)
            # Name the whole wait only when it is more than its tiles' shapes.
            if pattern is not None and pattern.value in ("nobetan", "multi_sided"):
                reasons.append(
                    _("As a whole, this is %(shape)s.") % {"shape": shape_names[pattern.value]}
                )
        return Verdict(True, reasons)


def _wait_shape_names() -> dict[str, str]:
    # The one wording of each shape, shared with every other page.
    return {shape.value: wait_shape_phrase(shape) for shape in WaitShape}


# --- shanten ------------------------------------------------------------------------------


@register
class Shanten(Exercise[int]):
    type = "shanten"
    fields = ("hand",)

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand")

    def _value(self) -> int:
        return shanten(self.hand.concealed, len(self.hand.melds), held=self.hand.called_counts())

    def solutions(self) -> set[int]:
        return {self._value()}

    def _mistake(self, answer: int, value: int) -> str:
        """Why a shanten answer is off, when the slip is a known one."""
        counts, melds = self.hand.concealed, len(self.hand.melds)
        special = ""
        if not melds and answer == shanten_standard(counts, melds) != value:
            special = (
                _("seven pairs")
                if shanten_chiitoitsu(counts) == value
                else _("thirteen orphans")
                if shanten_kokushi(counts) == value
                else ""
            )
        if special:
            text = _(
                "Read as four sets and a pair it is %(n)s away, but read as %(special)s it "
                "is closer: the nearer reading counts."
            )
        elif value >= 0 and answer == value + 1:
            text = _(
                "One step too many: shanten counts the steps to tenpai, not to a complete hand. "
                "A hand one tile from winning is 0 away."
            )
        elif answer == value - 1:
            text = _(
                "One step too few: a hand uses at most four sets and a pair, so extra partial "
                "sets beyond that do not bring it closer."
            )
        else:
            text = _(
                "Not %(n)s. Count the complete sets, the pairs and the partial sets (two tiles "
                "that need one more) again."
            )
        return text % {"n": answer, "special": special}

    def _choices(self) -> list[Choice]:
        out = [Choice("-1", _("Complete"))] if self.hand.tile_count == 14 else []
        out.append(Choice("0", _("Tenpai (ready)")))
        for n in range(1, 7):
            out.append(Choice(str(n), ngettext("%(n)s away", "%(n)s away", n) % {"n": n}))
        return out

    def read(self, post: Mapping[str, Any]) -> int:
        return int(_one(post, "choice", [c.value for c in self._choices()]))

    def check(self, answer: int) -> Verdict:
        value = self._value()
        if value == -1:
            text = _("The engine finds this hand complete.")
        elif value == 0:
            text = _("The engine finds this hand tenpai: one tile from complete.")
        else:
            text = ngettext(
                "The engine finds this hand %(n)s step from tenpai (shanten %(n)s).",
                "The engine finds this hand %(n)s steps from tenpai (shanten %(n)s).",
                value,
            ) % {"n": value}
        if answer != value:
            return Verdict(False, [self._mistake(answer, value)])
        reasons = [text]
        if value >= 0 and self.hand.tile_count == 13:
            reasons.append(_accepted_text(_ukeire(self.hand)))
        return Verdict(True, reasons)

    def widget(self, answer: int | None = None) -> Widget:
        return _choices(self._choices(), answer, shown=[(_("The hand"), display(self.hand))])


def _ukeire(hand: Hand) -> Ukeire:
    """The engine's accepted tiles of a 13-tile hand, counting the copies in sight in it."""
    return ukeire(
        hand.concealed, len(hand.melds), seen=hand.all_counts(), held=hand.called_counts()
    )


def _counted(accepted: Mapping[int, int]) -> str:
    """Tiles drawn inline, each with its copies left: "`tiles:8m` ×4, `tiles:2p` ×3"."""
    return ", ".join(f"`tiles:{et.tile_str(k)}` ×{n}" for k, n in sorted(accepted.items()) if n)


def _accepted_text(u: Ukeire) -> str:
    """What the accepted tiles do for the hand, with their copies left."""
    if u.shanten == 0:
        return ngettext(
            "%(n)s copy left completes it: %(tiles)s.",
            "%(n)s copies left complete it: %(tiles)s.",
            u.count,
        ) % {"n": u.count, "tiles": _counted(u.accepted)}
    return ngettext(
        "%(n)s copy left brings it one step closer: %(tiles)s.",
        "%(n)s copies left bring it one step closer: %(tiles)s.",
        u.count,
    ) % {"n": u.count, "tiles": _counted(u.accepted)}


# --- accepted tiles -----------------------------------------------------------------------


@register
class Improve(_KindsForAHand):
    """Pick every tile kind whose draw lowers the hand's shanten (its accepted tiles)."""

    type = "improve"

    def solutions(self) -> set[frozenset[int]]:
        right = frozenset(k for k, n in _ukeire(self.hand).accepted.items() if n)
        return {right} if right else set()

    def check(self, answer: frozenset[int]) -> Verdict:
        u = _ukeire(self.hand)
        right = self.solution()
        # The slips first (a wrong tile, a two-sided shape seen from one end), then what helps.
        slips, helps = [], []
        for k in sorted(answer):
            if k in right:
                helps.append(
                    ngettext(
                        "%(tile)s helps: %(n)s copy left.",
                        "%(tile)s helps: %(n)s copies left.",
                        u.accepted[k],
                    )
                    % {"tile": tile_name(k), "n": u.accepted[k]}
                )
            elif self.hand.all_counts()[k] == 4:
                slips.append(
                    _("You hold all four copies of %(tile)s: there is none left to draw.")
                    % {"tile": tile_name(k)}
                )
            else:
                slips.append(self._useless(k, u.shanten))
        missed = right - answer
        for k in sorted(missed):
            other = other_end(self.hand.concealed, k, answer & right)
            if other is not None:
                low = min(k, other) + 1
                slips.append(
                    _(
                        "You picked %(picked)s but not %(missed)s: %(shape)s is open at both "
                        "ends, so either tile completes it."
                    )
                    % {
                        "picked": tile_name(other),
                        "missed": tile_name(k),
                        "shape": f"`tiles:{et.tiles_str([low, low + 1])}`",
                    }
                )
                missed = missed - {k}
        if missed:
            helps.append(
                ngettext(
                    "One more tile helps this hand.",
                    "%(n)s more tiles help this hand.",
                    len(missed),
                )
                % {"n": len(missed)}
            )
        reasons = slips + helps
        if answer != right:
            return Verdict(False, reasons)
        if u.shanten == 0:
            where = _("The hand is tenpai.")
        else:
            where = ngettext(
                "The hand is %(n)s step from tenpai.",
                "The hand is %(n)s steps from tenpai.",
                u.shanten,
            ) % {"n": u.shanten}
        return Verdict(True, [where, _accepted_text(u)])

    def _useless(self, k: int, shanten: int) -> str:
        """Why drawing ``k`` does not help, naming the usual slip when the hand shows it."""
        counts = self.hand.concealed
        steps = ngettext(
            "the hand stays %(n)s step from tenpai",
            "the hand stays %(n)s steps from tenpai",
            shanten,
        ) % {"n": shanten}
        if shanten == 0:
            steps = _("the hand stays tenpai without winning")
        run = run_it_lengthens(counts, k)
        if not touches(counts, k):
            text = _(
                "%(tile)s touches none of your tiles (no copy, no neighbour within two): drawn, "
                "it is one more loose tile, and %(steps)s."
            )
        elif run is not None:
            text = _(
                "%(tile)s only lengthens %(run)s, a set that is already complete: it makes no new "
                "partial set, and %(steps)s."
            )
        else:
            text = _("%(tile)s does not bring this hand closer: %(steps)s.")
        run_text = f"`tiles:{et.tiles_str(run)}`" if run else ""
        return text % {"tile": tile_name(k), "run": run_text, "steps": steps}


# --- furiten ------------------------------------------------------------------------------

FURITEN_CHOICES = ("win", "no_wait", "permanent", "temporary", "riichi")


def _furiten_labels() -> dict[str, str]:
    return {
        "win": _("Yes, you can win on it"),
        "no_wait": _("No: it does not complete the hand"),
        "permanent": _("No: furiten, it is among your own discards"),
        "temporary": _("No: temporary furiten, a winning tile went by"),
        "riichi": _("No: riichi furiten, a winning tile went by after riichi"),
    }


@register
class Furiten(Exercise[str]):
    type = "furiten"
    fields = ("hand", "discards", "tile", "win", "passed", "riichi")
    required = ("hand", "discards", "tile")

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))
        self.discards = _tiles_field(self.data, "discards")
        self.tile = _one_tile(self.data, "tile")
        self.passed = _tiles_field(self.data, "passed")
        self.riichi = bool(self.data.get("riichi", False))
        self.win = self.data.get("win", "ron")
        if self.win not in ("ron", "tsumo"):
            raise ContentError("win: ron or tsumo")

    def _status(self) -> FuritenStatus:
        # After riichi every passed tile counts since the riichi: that is riichi furiten,
        # which outlasts (and so replaces) the temporary kind.
        if self.riichi:
            return furiten.furiten(self.hand, self.discards, (), self.passed)
        return furiten.furiten(self.hand, self.discards, self.passed, None)

    def solutions(self) -> set[str]:
        if not furiten.is_winning_tile(self.hand, self.tile):
            return {"no_wait"}
        status = self._status()
        if self.win == "tsumo" or not status.is_furiten:
            return {"win"}
        return {k.value for k in status.kinds}

    def read(self, post: Mapping[str, Any]) -> str:
        return _one(post, "choice", FURITEN_CHOICES)

    def check(self, answer: str) -> Verdict:
        status = self._status()
        reasons = [_("This hand waits on %(tiles)s.") % {"tiles": names(status.waits)}]
        tile = {"tile": tile_name(self.tile)}
        if not furiten.is_winning_tile(self.hand, self.tile):
            reasons.append(_("%(tile)s is not one of them.") % tile)
        elif self.win == "tsumo":
            reasons.append(
                _("You drew %(tile)s yourself: furiten never stops a win by tsumo.") % tile
            )
        else:
            reasons += [furiten_text(r) + "." for r in status.reasons]
            if not status.is_furiten:
                reasons.append(
                    _("None of your waits is among your discards or went by: no furiten.")
                )
        right = answer in self.solutions()
        if not right:
            reasons = self._mistake(answer, status) + reasons
        return Verdict(right, reasons)

    def _mistake(self, answer: str, status: FuritenStatus) -> list[str]:
        """The confusion behind a wrong furiten answer, when it is a known one."""
        kinds = {r.kind.value for r in status.reasons}
        if answer == "no_wait" and furiten.is_winning_tile(self.hand, self.tile):
            text = _("%(tile)s does complete your hand: furiten is about whether you may take it.")
        elif answer == "temporary" and "permanent" in kinds and "temporary" not in kinds:
            text = _(
                "A wait among your own discards is own-discard furiten: it does not end with "
                "your next discard, only when that tile stops being a wait."
            )
        elif answer == "permanent" and "permanent" not in kinds and kinds:
            text = _(
                "None of your waits is among your own discards: the winning tile went by instead."
            )
        else:
            return []
        return [text % {"tile": tile_name(self.tile)}]

    def widget(self, answer: str | None = None) -> Widget:
        labels = _furiten_labels()
        choices = [Choice(c, labels[c]) for c in FURITEN_CHOICES if c != "riichi" or self.riichi]
        shown = [(_("Your hand"), display(self.hand))]
        if self.discards:
            shown.append((_("Your discards"), "".join(et.tile_str(k) for k in self.discards)))
        if self.passed:
            shown.append((_("Tiles that went by"), "".join(et.tile_str(k) for k in self.passed)))
        caption = _("The tile you drew") if self.win == "tsumo" else _("The tile just discarded")
        shown.append((caption, et.tile_str(self.tile)))
        facts = [_("You declared riichi.")] if self.riichi else []
        return _choices(choices, answer, shown=shown, facts=facts)


# --- best discard -------------------------------------------------------------------------


@register
class BestDiscard(Exercise[int]):
    """Pick the discard that leaves the hand closest to winning and widest.

    ``vocabulary: tenpai`` (for stages before efficiency is taught) words the feedback in
    tenpai or not tenpai only, without steps away or tiles that improve the hand."""

    type = "best_discard"
    fields = ("hand", "vocabulary")
    required = ("hand",)

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(14,))
        self.vocabulary = self.data.get("vocabulary", "efficiency")
        if self.vocabulary not in ("tenpai", "efficiency"):
            raise ContentError("best_discard: vocabulary is tenpai or efficiency")

    def _rows(self) -> list[DiscardOption]:
        return discard_analysis(
            self.hand.concealed,
            len(self.hand.melds),
            seen=self.hand.all_counts(),
            held=self.hand.called_counts(),
        )

    def solutions(self) -> set[int]:
        """The best discard when it stands out by the engine's clear-best rule (the rule of a
        what-to-discard puzzle); otherwise every discard the best one does not clearly beat,
        so the content check refuses the position."""
        rows = self._rows()
        best = rows[0]
        if len(rows) == 1 or clear_margin(rows) is not None:
            return {best.discard}
        return {r.discard for r in rows if r is best or clear_margin([best, r]) is None}

    def read(self, post: Mapping[str, Any]) -> int:
        picked = _kinds(post, "tile", set(self.hand.concealed_tiles()))
        if len(picked) != 1:
            raise EmptyAnswer(_("Pick one tile to discard."))
        return next(iter(picked))

    def _row_text(self, row: DiscardOption) -> str:
        if row.shanten == 0:
            return ngettext(
                "Discard %(tile)s: tenpai, %(count)s tile wins (%(kinds)s).",
                "Discard %(tile)s: tenpai, %(count)s tiles win (%(kinds)s).",
                row.count,
            ) % {"tile": tile_name(row.discard), "count": row.count, "kinds": names(row.accepted)}
        if self.vocabulary == "tenpai":
            return _("Discard %(tile)s: the hand is not tenpai.") % {"tile": tile_name(row.discard)}
        # Two plurals: the steps follow the shanten, the tiles follow their count.
        away = ngettext("%(shanten)s step away", "%(shanten)s steps away", row.shanten) % {
            "shanten": row.shanten
        }
        improve = ngettext(
            "%(count)s tile improves it", "%(count)s tiles improve it", row.count
        ) % {"count": row.count}
        return _("Discard %(tile)s: %(away)s, %(improve)s.") % {
            "tile": tile_name(row.discard),
            "away": away,
            "improve": improve,
        }

    def check(self, answer: int) -> Verdict:
        rows = self._rows()
        ok = answer in self.solutions()
        mine = next(r for r in rows if r.discard == answer)
        if not ok:
            best = rows[0]
            figures: tuple[object, object] = (mine.shanten, best.shanten)
            if mine.shanten > best.shanten and best.shanten == 0:
                why = _(
                    "Discarding %(tile)s breaks up a set, a pair or a partial set the hand needs: "
                    "it is no longer tenpai, while another discard keeps it ready."
                )
            elif mine.shanten > best.shanten:
                why = _(
                    "Discarding %(tile)s breaks up a set, a pair or a partial set the hand needs: "
                    "it moves from %(best)s to %(mine)s steps away."
                )
            elif mine.count < best.count:
                figures = (mine.count, best.count)
                why = _(
                    "Discarding %(tile)s keeps the hand as close, but only %(mine)s tiles help "
                    "afterwards; another discard keeps a wider shape, with %(best)s."
                )
            else:
                # As many tiles help: the clear-best rule then looks one draw further.
                figures = (
                    number_format(mine.two_step_average, 1),
                    number_format(best.two_step_average, 1),
                )
                why = _(
                    "Discarding %(tile)s keeps as many tiles that help, but after one of them "
                    "arrives fewer help next: %(mine)s on average, against %(best)s after "
                    "another discard."
                )
            why %= {"tile": tile_name(mine.discard), "mine": figures[0], "best": figures[1]}
            return Verdict(False, [why], details=[self._row_text(mine)], table=self._table(answer))
        shown = [r for r in rows if r.shanten == 0] if self.vocabulary == "tenpai" else rows[:3]
        return Verdict(True, [self._row_text(r) for r in shown], table=self._table(answer))

    def _table(self, answer: int) -> list[DiscardRow]:
        """Every discard as the puzzles and the analyzer draw it (none before the lessons speak
        of steps and accepted tiles)."""
        if self.vocabulary == "tenpai":
            return []
        return discard_table(
            [discard_row(o) for o in self._rows()],
            best=[et.tile_str(t) for t in self.solutions()],
            answer=[et.tile_str(answer)],
        )

    def widget(self, answer: int | None = None) -> Widget:
        return tile_picker(display(self.hand), answer)
