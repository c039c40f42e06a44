"""Exercises on a winning situation: name the yaku, count the fu, who pays how much."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .base import (
    _WIND,
    SEATS,
    Answer,
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _many,
    _number,
    _parse_hand,
    _parse_tiles,
    _seat_names,
    display,
    register,
)

# --- the winning situation: yaku, fu, payment ---------------------------------------------

_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


class _Winning(Exercise):
    """Shared parsing of a winning situation (see docs/lessons-format.md)."""

    base_fields: ClassVar[tuple[str, ...]] = (
        "hand",
        "win_tile",
        "win",
        "seat",
        "round",
        *_FLAGS,
        "dora",
        "ura",
        "honba",
        "sticks",
        "discarder",
    )

    def parse(self) -> None:
        from tutor.engine.scoring import ScoringError
        from tutor.engine.scoring.situation import situation_from_hand

        d = self.data
        self.hand = _parse_hand(d["hand"], "hand", sizes=(14,))
        win = _parse_tiles(d["win_tile"], "win_tile")[0]
        if len(win) != 1:
            raise ContentError("win_tile: exactly one tile")
        if d["win"] not in ("ron", "tsumo"):
            raise ContentError("win: ron or tsumo")
        for key in ("seat", "round", "discarder"):
            if key in d and d[key] not in _WIND:
                raise ContentError(f"{key}: one of east, south, west, north")
        for key in _FLAGS:
            if not isinstance(d.get(key, False), bool):
                raise ContentError(f"{key}: true or false")
        seat = d.get("seat", "south")
        if "discarder" in d and (d["win"] != "ron" or d["discarder"] == seat):
            raise ContentError("discarder: only for a ron, and not the winner's own seat")
        indicators = _parse_tiles(d["dora"], "dora")[0] if d.get("dora") else []
        ura = _parse_tiles(d["ura"], "ura")[0] if d.get("ura") else []
        win_red = str(d["win_tile"]).strip().startswith("0")
        self.seat = seat
        try:
            situation = situation_from_hand(
                self.hand,
                win[0],
                win_red=win_red,
                tsumo=d["win"] == "tsumo",
                seat_wind=_WIND[seat],
                round_wind=_WIND[d.get("round", "east")],
                honba=int(d.get("honba", 0)),
                riichi_sticks=int(d.get("sticks", 0)),
                **{k: bool(d.get(k, False)) for k in _FLAGS},
            )
            used = set(situation.all_tiles)
            physical = []
            for k in [*indicators, *ura]:
                copy = next(t for t in range(4 * k + 3, 4 * k - 1, -1) if t not in used)
                used.add(copy)
                physical.append(copy)
            from dataclasses import replace

            self.situation = replace(
                situation,
                dora_indicators=tuple(physical[: len(indicators)]),
                ura_indicators=tuple(physical[len(indicators) :]),
            )
        except (ScoringError, ValueError, StopIteration) as exc:
            raise ContentError(f"situation: {exc}") from exc

    def result(self) -> Any:
        from tutor.engine.scoring import score

        return score(self.situation)

    def solutions(self) -> set[Answer]:
        from tutor.engine.scoring import ScoringError

        try:
            return {self._answer(self.result())}
        except ScoringError as exc:
            raise ContentError(f"the engine cannot score this hand: {exc}") from exc

    def _answer(self, result: Any) -> Answer:
        raise NotImplementedError

    def facts(self) -> list[str]:
        d = self.data
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        out = [
            _("Round wind: %(round)s. Your seat: %(seat)s%(dealer)s.")
            % {
                "round": seats[d.get("round", "east")],
                "seat": seats[self.seat],
                "dealer": _(" (the dealer)") if self.seat == "east" else "",
            },
            _("You win by tsumo (you drew the tile).")
            if d["win"] == "tsumo"
            else (
                _("You win by ron on %(seat)s's discard.") % {"seat": seats[d["discarder"]]}
                if "discarder" in d
                else _("You win by ron (on another player's discard).")
            ),
        ]
        flags = {
            "riichi": _("riichi"),
            "double_riichi": _("double riichi"),
            "ippatsu": _("ippatsu"),
            "rinshan": _("after a kan (rinshan)"),
            "chankan": _("robbing a kan (chankan)"),
            "haitei": _("on the last draw (haitei)"),
            "houtei": _("on the last discard (houtei)"),
        }
        on = [str(flags[k]) for k in _FLAGS if d.get(k)]
        if on:
            out.append(_("Also: %(flags)s.") % {"flags": ", ".join(on)})
        if d.get("honba") or d.get("sticks"):
            out.append(
                ngettext(
                    "Counters on the table: %(honba)s honba, %(sticks)s riichi stick.",
                    "Counters on the table: %(honba)s honba, %(sticks)s riichi sticks.",
                    int(d.get("sticks", 0)),
                )
                % {"honba": d.get("honba", 0), "sticks": d.get("sticks", 0)}
            )
        return out

    def shown(self) -> list[tuple[str, str]]:
        out = [
            (_("The hand"), display(self.hand)),
            (_("Winning tile"), str(self.data["win_tile"]).strip()),
        ]
        if self.data.get("dora"):
            out.append((_("Dora indicators"), str(self.data["dora"])))
        if self.data.get("ura"):
            out.append((_("Ura-dora indicators"), str(self.data["ura"])))
        return out


NO_YAKU = "no_yaku"  # the answer for a complete hand that has no yaku, so cannot win

# Keys of the yaku a near miss about "yakuhai" speaks for.
_VALUE_KEYS = frozenset(
    {"haku", "hatsu", "chun"}
    | {f"{kind}_wind_{wind}" for kind in ("seat", "round") for wind in _WIND}
)


def _inline_tile(notation: str) -> str:
    """A tile (or group) in feedback, drawn inline by the lesson text renderer."""
    return f"`tiles:{notation}`"


@register
class YakuExercise(_Winning):
    """Tick every yaku of a winning hand. Content files name the choices as the engine does
    (``Sanshoku Doujun``, ``Haku``); forms and answers use the yaku's stable keys
    (``sanshoku_doujun``, ``haku``), which is also how near misses name them."""

    type = "yaku"
    fields = (*_Winning.base_fields, "choices")
    required = ("hand", "win_tile", "win", "choices")

    def parse(self) -> None:
        super().parse()
        choices = self.data["choices"]
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ContentError("choices: a list of yaku names")
        from tutor.engine.scoring import TENHOU_NAMES
        from tutor.engine.scoring.score import YAKU_KEYS

        by_name = {name: YAKU_KEYS[i] for i, name in TENHOU_NAMES.items() if i < 52}
        bad = [c for c in choices if c not in by_name]
        if bad:
            raise ContentError(f"choices: not engine yaku names: {', '.join(bad)}")
        self.choices = list(dict.fromkeys(by_name[c] for c in choices))

    def _outcome(self) -> tuple[Any, Any]:
        """``(result, None)`` for a hand that can win, ``(None, NoYakuError)`` for one that
        cannot (complete, but without a yaku)."""
        from tutor.engine.scoring import NoYakuError

        try:
            return self.result(), None
        except NoYakuError as exc:
            return None, exc

    def solutions(self) -> set[Answer]:
        from tutor.engine.scoring import NoYakuError

        try:
            self.result()
        except NoYakuError:
            return {frozenset({NO_YAKU})}
        return super().solutions()

    def _answer(self, result: Any) -> Answer:
        present = frozenset(y.key for y in result.yaku if y.tenhou_id < 52)
        missing = present - set(self.choices)
        if missing:
            from tutor.engine.scoring import TENHOU_NAMES
            from tutor.engine.scoring.score import YAKU_KEYS

            names_ = {YAKU_KEYS[i]: n for i, n in TENHOU_NAMES.items()}
            raise ContentError(
                f"choices: add {', '.join(sorted(names_[k] for k in missing))} (the hand has it)"
            )
        return present

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _many(post, "choice", [*self.choices, NO_YAKU])
        if not picked:
            raise EmptyAnswer(_("Tick at least one yaku, or “No yaku”."))
        if NO_YAKU in picked and len(picked) > 1:
            raise EmptyAnswer(_("“No yaku” cannot go with a yaku: tick one or the other."))
        return picked

    def _why_not(self, key: str, misses: Any) -> str:
        """The engine's near miss for a yaku the hand lacks, in the learner's language."""
        from tutor.web.engine_text import near_miss_reason

        for miss in misses:
            if miss.key == key or (miss.key == "yakuhai" and key in _VALUE_KEYS):
                return near_miss_reason(miss, tile=_inline_tile, group=_inline_tile)
        return ""

    def check(self, answer: Answer) -> Verdict:
        from tutor.web.engine_text import near_miss_text, no_yaku_text, yaku_name

        assert isinstance(answer, frozenset)
        result, no_yaku = self._outcome()
        right = self.solution()
        assert isinstance(right, frozenset)
        if answer == right and no_yaku is not None:
            # The headline, then one line per near miss: a long list reads better as items.
            lines = [no_yaku_text({"misses": ()})]
            lines += [
                near_miss_text(m, tile=_inline_tile, group=_inline_tile) for m in no_yaku.misses
            ]
            return Verdict(True, lines)
        misses = no_yaku.misses if no_yaku is not None else result.near_misses
        reasons = []
        if NO_YAKU in answer:
            reasons.append(_("This hand has a yaku, so it can win."))
        for key in sorted(answer - right - {NO_YAKU}, key=self.choices.index):
            why = self._why_not(key, misses)
            if why:
                reasons.append(
                    _("%(yaku)s is not in this hand: %(why)s.")
                    % {"yaku": yaku_name(key), "why": why}
                )
            else:
                reasons.append(_("%(yaku)s is not in this hand.") % {"yaku": yaku_name(key)})
        if right - answer and no_yaku is None:
            reasons.append(
                ngettext(
                    "The hand has one more yaku.",
                    "The hand has %(n)s more yaku.",
                    len(right - answer),
                )
                % {"n": len(right - answer)}
            )
        if answer != right:
            return Verdict(False, reasons)
        lines = ", ".join(f"{yaku_name(y.key)} {y.han}" for y in result.yaku)
        reasons.append(_("The engine counts: %(lines)s (han).") % {"lines": lines})
        return Verdict(True, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        from tutor.web.engine_text import yaku_name

        return Widget(
            "choices",
            select="many",
            name="choice",
            choices=[
                *(Choice(key, yaku_name(key)) for key in self.choices),
                Choice(NO_YAKU, _("No yaku: this hand cannot win")),
            ],
            checked=sorted(answer) if isinstance(answer, frozenset) else [],
            shown=self.shown(),
            facts=self.facts(),
        )


def _points(n: int) -> str:
    """Points as the learner's language writes them: 3,900 / 3900."""
    from django.utils.formats import number_format

    return number_format(n, force_grouping=True)


def fu_line_text(line: Any) -> str:
    """One of the engine's fu lines in the learner's language, its tiles drawn inline.

    The shared renderer reads the line's code and params (:mod:`tutor.web.engine_text`).
    """
    from tutor.web.engine_text import fu_text

    return fu_text(line, tile=_inline_tile, group=_inline_tile)


@register
class Fu(_Winning):
    type = "fu"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def _answer(self, result: Any) -> Answer:
        return int(result.fu)

    def read(self, post: Mapping[str, Any]) -> Answer:
        return _number(post, "number", 0, 200)

    def check(self, answer: Answer) -> Verdict:
        result = self.result()
        ok = answer == result.fu
        reasons = [fu_line_text(line) for line in result.fu_lines]
        if any(line.code == "chiitoitsu" for line in result.fu_lines):
            reasons.append(
                _("Total: %(fu)s fu. Seven pairs are always 25 fu, never rounded.")
                % {"fu": result.fu}
            )
        else:
            reasons.append(_("Total: %(fu)s fu (rounded up to the next ten).") % {"fu": result.fu})
        return Verdict(ok, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        return Widget(
            "number",
            number=str(answer) if isinstance(answer, int) else "",
            shown=self.shown(),
            facts=self.facts(),
            label=_("Fu"),
        )


@register
class Payment(_Winning):
    type = "payment"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def parse(self) -> None:
        super().parse()
        if self.data["win"] == "ron" and "discarder" not in self.data:
            raise ContentError("discarder: required for a ron")

    def payers(self) -> list[str]:
        if self.data["win"] == "ron":
            return [self.data["discarder"]]
        return [s for s in SEATS if s != self.seat]

    def _answer(self, result: Any) -> Answer:
        winner = SEATS.index(self.seat)
        discarder = SEATS.index(self.data["discarder"]) if "discarder" in self.data else None
        delta = result.payments.by_seat(winner, discarder, 0)
        return tuple((s, -delta[SEATS.index(s)]) for s in self.payers())

    def read(self, post: Mapping[str, Any]) -> Answer:
        return tuple((s, _number(post, f"pay_{s}", 0, 200_000)) for s in self.payers())

    def check(self, answer: Answer) -> Verdict:
        result = self.result()
        right = self._answer(result)
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        reasons = [
            _("%(han)s han %(fu)s fu: %(points)s points.")
            % {"han": result.han, "fu": result.fu, "points": _points(result.points)}
        ]
        reasons += self._breakdown(result.payments)
        ok = answer == right
        if ok:
            for seat, amount in right:  # type: ignore[misc]
                reasons.append(
                    _("%(seat)s pays %(amount)s.")
                    % {"seat": seats[seat], "amount": _points(amount)}
                )
        return Verdict(ok, reasons)

    def _breakdown(self, payments: Any) -> list[str]:
        """How the engine splits the hand's value, then what honba and riichi sticks add."""
        out = []
        for item in payments.items:
            amount = _points(item.amount)
            if item.payer == "discarder":
                out.append(_("The discarder pays the hand: %(amount)s.") % {"amount": amount})
            elif item.payer == "dealer":
                out.append(_("The dealer pays %(amount)s for the hand.") % {"amount": amount})
            elif self.seat == "east":
                out.append(
                    _("Each of the three others pays %(amount)s for the hand.") % {"amount": amount}
                )
            else:
                out.append(
                    _("Each of the two other non-dealers pays %(amount)s for the hand.")
                    % {"amount": amount}
                )
        honba = int(self.data.get("honba", 0))
        if honba:
            each = payments.items[0].honba
            if payments.tsumo:
                text = ngettext(
                    "%(n)s honba adds %(total)s: %(each)s from each payer.",
                    "%(n)s honba add %(total)s: %(each)s from each payer.",
                    honba,
                )
            else:
                text = ngettext(
                    "%(n)s honba adds %(total)s, paid by the discarder.",
                    "%(n)s honba add %(total)s, paid by the discarder.",
                    honba,
                )
            total = sum(p.honba * p.count for p in payments.items)
            out.append(text % {"n": honba, "total": _points(total), "each": _points(each)})
        sticks = int(self.data.get("sticks", 0))
        if sticks:
            out.append(
                ngettext(
                    "The riichi stick on the table goes to the winner (%(points)s more); "
                    "nobody pays it now.",
                    "The %(n)s riichi sticks on the table go to the winner (%(points)s more); "
                    "nobody pays them now.",
                    sticks,
                )
                % {"n": sticks, "points": _points(payments.sticks)}
            )
        return out

    def widget(self, answer: Answer | None = None) -> Widget:
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        given = dict(answer) if isinstance(answer, tuple) else {}  # type: ignore[arg-type]
        return Widget(
            "numbers",
            inputs=[
                (f"pay_{s}", _("%(seat)s pays") % {"seat": seats[s]}, str(given.get(s, "")))
                for s in self.payers()
            ],
            shown=self.shown(),
            facts=self.facts(),
        )
