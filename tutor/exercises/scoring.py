"""Exercises on a winning situation: name the yaku, count the fu, who pays how much."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tutor.engine.scoring import (
    TENHOU_NAMES,
    FuLine,
    NearMiss,
    NoYakuError,
    Payments,
    ScoreResult,
    ScoringError,
    score,
)
from tutor.engine.scoring.fu_slips import FuSlipCode, fu_culprit, fu_slip
from tutor.engine.scoring.score import YAKU_KEYS
from tutor.engine.scoring.situation import situation_from_hand
from tutor.web.engine_text import (
    fu_text,
    limit_name,
    near_miss_reason,
    near_miss_text,
    no_yaku_text,
    yaku_name,
)

from .base import (
    _WIND,
    SEATS,
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _choices,
    _many,
    _number,
    _one_tile,
    _parse_hand,
    _per_seat_inputs,
    _seat_names,
    _tiles_field,
    display,
    join_and,
    points_text,
    register,
)

# --- the winning situation: yaku, fu, payment ---------------------------------------------

_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


class _Winning[A: Hashable](Exercise[A]):
    """Shared parsing of a winning situation (see docs/lessons-format.md)."""

    base_fields: ClassVar[tuple[str, ...]] = (
        *("hand", "win_tile", "win", "seat", "round", *_FLAGS),
        *("dora", "ura", "honba", "sticks", "discarder"),
    )

    def parse(self) -> None:
        d = self.data
        self.hand = _parse_hand(d["hand"], "hand", sizes=(14,))
        win = _one_tile(d, "win_tile")
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
            raise ContentError(
                "discarder: only for a ron, and not the winner's own seat",
                field="discarder",
                text=_("Only a ron has a player who dealt in, and it is not the winner."),
            )
        indicators, ura = _tiles_field(d, "dora"), _tiles_field(d, "ura")
        win_red = str(d["win_tile"]).strip().startswith("0")
        self.seat = seat
        try:
            situation = situation_from_hand(
                self.hand,
                win,
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
            self.situation = replace(
                situation,
                dora_indicators=tuple(physical[: len(indicators)]),
                ura_indicators=tuple(physical[len(indicators) :]),
            )
        except (ScoringError, ValueError, StopIteration) as exc:
            raise ContentError(f"situation: {exc}") from exc

    def result(self) -> ScoreResult:
        return score(self.situation)

    def solutions(self) -> set[A]:
        try:
            return {self._answer(self.result())}
        except ScoringError as exc:
            raise ContentError(f"the engine cannot score this hand: {exc}") from exc

    def _answer(self, result: ScoreResult) -> A:
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
            out.append(_("Also: %(flags)s.") % {"flags": join_and(on)})
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
        indicators = [(_("Dora indicators"), "dora"), (_("Ura-dora indicators"), "ura")]
        return [
            (_("The hand"), display(self.hand)),
            (_("Winning tile"), str(self.data["win_tile"]).strip()),
            *((caption, str(self.data[k])) for caption, k in indicators if self.data.get(k)),
        ]


# A yaku and the stronger form of it that replaces it when both fit the hand.
_STRONGER = {"chanta": "junchan", "honitsu": "chinitsu", "iipeikou": "ryanpeikou"}

NO_YAKU = "no_yaku"  # the answer for a complete hand that has no yaku, so cannot win

# Keys of the yaku a near miss about "yakuhai" speaks for.
_VALUE_KEYS = frozenset(
    {"haku", "hatsu", "chun"}
    | {f"{kind}_wind_{wind}" for kind in ("seat", "round") for wind in _WIND}
)


def _inline_tile(notation: str) -> str:
    """A tile (or group) in feedback, drawn inline by the lesson text renderer."""
    return f"`tiles:{notation}`"


def _missed_yaku_pointers() -> dict[str, str]:
    """A sentence pointing where a missed yaku hides, by yaku key."""
    way = _("Look at how the hand was won.")
    value = _("Look at the sets of dragons and winds against your seat and the round.")
    sequences = _("Compare the sequences with each other, across the suits.")
    suits = _("Look at which suits the hand uses.")
    edges = _("Look at the terminals and honors in every set and the pair.")
    return {
        "riichi": _("Look at what you declared before winning."),
        "menzen_tsumo": way,
        "pinfu": _("Look at the sets, the pair and the wait together."),
        "tanyao": _("Check whether any tile is a terminal or an honor."),
        "iipeikou": sequences,
        "sanshoku_doujun": sequences,
        "ittsu": sequences,
        "ryanpeikou": sequences,
        "honitsu": suits,
        "chinitsu": suits,
        "chanta": edges,
        "junchan": edges,
        "toitoi": _("Look at the kinds of sets the hand is made of."),
        "chiitoitsu": _("Look at the shape of the whole hand."),
        "sanankou": _("Look at which triplets were made without calling."),
        "shousangen": value,
        "honroutou": edges,
        **dict.fromkeys(
            ("ippatsu", "double_riichi", "haitei_raoyue", "houtei_raoyui", "rinshan_kaihou"), way
        ),
        "chankan": way,
        **dict.fromkeys(_VALUE_KEYS, value),
    }


@register
class YakuExercise(_Winning[frozenset[str]]):
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

        by_name = {name: YAKU_KEYS[i] for i, name in TENHOU_NAMES.items() if i < 52}
        bad = [c for c in choices if c not in by_name]
        if bad:
            raise ContentError(f"choices: not engine yaku names: {', '.join(bad)}")
        self.choices = list(dict.fromkeys(by_name[c] for c in choices))
        # "Yakuhai: seat wind, North" offered to a South player would state a falsehood.
        seat, round_ = self.data.get("seat", "south"), self.data.get("round", "east")
        false = [
            c
            for c in self.choices
            if (c.startswith("seat_wind_") and c != f"seat_wind_{seat}")
            or (c.startswith("round_wind_") and c != f"round_wind_{round_}")
        ]
        if false:
            raise ContentError(
                f"choices: {', '.join(false)} names a wind that is not the seat or round wind",
                field="choices",
                text=_("Offer only the wind yakuhai of this seat and this round."),
            )

    def _outcome(self) -> tuple[Any, Any]:
        """``(result, None)`` for a hand that can win, ``(None, NoYakuError)`` for one that
        cannot (complete, but without a yaku)."""
        try:
            return self.result(), None
        except NoYakuError as exc:
            return None, exc

    def solutions(self) -> set[frozenset[str]]:
        try:
            self.result()
        except NoYakuError:
            return {frozenset({NO_YAKU})}
        return super().solutions()

    def _answer(self, result: ScoreResult) -> frozenset[str]:
        present = frozenset(y.key for y in result.yaku if y.tenhou_id < 52)
        missing = present - set(self.choices)
        if missing:
            names_ = {YAKU_KEYS[i]: n for i, n in TENHOU_NAMES.items()}
            added = sorted(names_[k] for k in missing)
            raise ContentError(
                f"choices: add {', '.join(added)} (the hand has it)",
                field="choices",
                text=_("Offer %(yaku)s too: the hand has it.")
                % {"yaku": join_and([yaku_name(k) for k in sorted(missing)])},
            )
        return present

    def read(self, post: Mapping[str, Any]) -> frozenset[str]:
        empty = _("Tick at least one yaku, or “No yaku”.")
        picked = _many(post, "choice", [*self.choices, NO_YAKU], empty=empty)
        if NO_YAKU in picked and len(picked) > 1:
            raise EmptyAnswer(_("“No yaku” cannot go with a yaku: tick one or the other."))
        return picked

    def _why_not(self, key: str, misses: Iterable[NearMiss]) -> str:
        """The engine's near miss for a yaku the hand lacks, in the learner's language."""
        for miss in misses:
            if miss.key == key or (miss.key == "yakuhai" and key in _VALUE_KEYS):
                return near_miss_reason(miss, tile=_inline_tile, group=_inline_tile)
        return ""

    def _offered(self, key: str) -> bool:
        """Whether a near miss is about a yaku among the choices (yakuhai: any value honor)."""
        if key == "yakuhai":
            return any(c in _VALUE_KEYS for c in self.choices)
        return key in self.choices

    def check(self, answer: frozenset[str]) -> Verdict:
        result, no_yaku = self._outcome()
        right = self.solution()
        if answer == right and no_yaku is not None:
            # The headline, then one line per near miss: a long list reads better as items.
            lines = [no_yaku_text({"misses": ()})]
            # Only the yaku the exercise offers: the others may not be taught yet.
            lines += [
                near_miss_text(m, tile=_inline_tile, group=_inline_tile)
                for m in no_yaku.misses
                if self._offered(m.key)
            ]
            return Verdict(True, lines)
        misses = no_yaku.misses if no_yaku is not None else result.near_misses
        reasons = []
        if NO_YAKU in answer:
            reasons.append(_("This hand has a yaku, so it can win."))
        yakuman = [y for y in result.yaku if y.is_yakuman] if result is not None else []
        for key in sorted(answer - right - {NO_YAKU}, key=self.choices.index):
            why = self._why_not(key, misses)
            if yakuman:
                # A yakuman supersedes the ordinary yaku: they may well be in the hand.
                text = _(
                    "%(yaku)s does not count here: a yakuman (%(yakuman)s) takes the place "
                    "of every ordinary yaku and of the dora."
                )
            elif _STRONGER.get(key) in right:
                text = _(
                    "%(yaku)s does not count here: the hand has %(stronger)s, its stronger "
                    "form, which replaces it."
                )
            elif why:
                text = _("%(yaku)s is not in this hand: %(why)s.")
            else:
                text = _("%(yaku)s is not in this hand.")
            reasons.append(
                text
                % {
                    "yaku": yaku_name(key),
                    "yakuman": join_and([yaku_name(y.key) for y in yakuman]),
                    "stronger": yaku_name(_STRONGER[key]) if key in _STRONGER else "",
                    "why": why,
                }
            )
        if right - answer and no_yaku is None:
            # Where to look for each missed yaku, without naming it.
            pointers = _missed_yaku_pointers()
            yakuman_keys = {y.key for y in result.yaku if y.is_yakuman}
            looks = list(
                dict.fromkeys(
                    _("Look at the whole hand: it is a limit hand.")
                    if k in yakuman_keys
                    else pointers[k]
                    for k in right - answer
                    if k in pointers or k in yakuman_keys
                )
            )
            reasons.append(
                ngettext(
                    "The hand has one more yaku.",
                    "The hand has %(n)s more yaku.",
                    len(right - answer),
                )
                % {"n": len(right - answer)}
                + (" " + " ".join(looks) if looks else "")
            )
        if answer != right:
            return Verdict(False, reasons)
        if any(y.is_yakuman for y in result.yaku):
            text = _("The engine counts %(yakuman)s: a yakuman, worth the limit on its own.")
        else:
            text = _("The engine counts: %(lines)s (han).")
        counted = {
            "yakuman": join_and([yaku_name(y.key) for y in result.yaku]),
            "lines": ", ".join(f"{yaku_name(y.key)} {y.han}" for y in result.yaku),
        }
        return Verdict(True, [*reasons, text % counted])

    def widget(self, answer: frozenset[str] | None = None) -> Widget:
        return _choices(
            [
                *(Choice(key, yaku_name(key)) for key in self.choices),
                Choice(NO_YAKU, _("No yaku: this hand cannot win")),
            ],
            answer,
            "many",
            shown=self.shown(),
            facts=self.facts(),
        )


def _round_up(n: int) -> int:
    """Round a payment up to the next hundred, as every payment is."""
    return -(-n // 100) * 100


def _figures(result: ScoreResult) -> dict[str, object]:
    return {
        "han": result.han,
        "fu": result.fu,
        "points": points_text(result.points),
        "base": points_text(result.base_points),
        "limit": limit_name(result.limit) if result.limit else "",
    }


def value_line(result: ScoreResult) -> str:
    """What the hand is worth: han and fu below the limits, the limit's name above them."""
    figures = _figures(result)
    if result.is_yakuman:
        limit = capfirst(limit_name(result.limit))
        return _("%(limit)s: %(points)s points.") % {**figures, "limit": limit}
    if result.limit:
        return _("%(han)s han: %(limit)s, %(points)s points.") % figures
    return _("%(han)s han %(fu)s fu: %(points)s points.") % figures


def base_line(result: ScoreResult) -> str:
    """Where the base points come from: fu × 2^(han + 2), or the limit's fixed base."""
    if result.limit:
        return _("Base points: %(base)s, fixed by the %(limit)s limit.") % _figures(result)
    return _("Base points: %(fu)s × 2^(%(han)s + 2) = %(base)s.") % _figures(result)


_FU_SLIPS = {
    FuSlipCode.SEVEN_PAIRS: gettext_lazy(
        "Seven pairs are always 25 fu: the hand has no sets or wait to count, and the 25 "
        "is never rounded."
    ),
    FuSlipCode.NOT_ROUNDED: gettext_lazy(
        "You added the fu up to %(raw)s but did not round: fu are rounded up to the next "
        "ten, so %(raw)s becomes %(fu)s."
    ),
    FuSlipCode.ROUNDED_DOWN: gettext_lazy(
        "You rounded %(raw)s down. Fu are always rounded up to the next ten: %(fu)s."
    ),
    FuSlipCode.CLOSED_RON_OPEN: gettext_lazy(
        "You added the 10 fu for a closed ron, but this hand is open: an open hand never gets them."
    ),
    FuSlipCode.PINFU_TSUMO: gettext_lazy(
        "A pinfu hand won by tsumo is 20 fu flat: it does not add the 2 fu for tsumo."
    ),
    FuSlipCode.RON_SET_CONCEALED: gettext_lazy(
        "You counted %(tiles)s as concealed, but it was completed by the ron: it is "
        "scored as an open set."
    ),
    FuSlipCode.GUEST_WIND_PAIR: gettext_lazy(
        "You counted 2 fu for the pair of %(tile)s, but that wind is neither your seat "
        "wind nor the round wind: the pair is worth nothing."
    ),
    FuSlipCode.WAIT_LEFT_OUT: gettext_lazy("You left out the 2 fu for the wait: %(line)s."),
}
"""The wording of each slip :func:`tutor.engine.scoring.fu_slips.fu_slip` recognises."""


def fu_mistake(result: ScoreResult, typed: int, open_hand: bool) -> str:
    """The slip behind a wrong fu total, in the learner's language, or ``""``."""
    slip = fu_slip(result, typed, open_hand)
    if slip is None:
        return ""
    params: dict[str, object] = {"raw": slip.raw, "fu": result.fu}
    if slip.line is not None:
        tile = str(slip.line.params.get("tile", ""))
        params["tile"] = _inline_tile(tile)
        params["tiles"] = _inline_tile(tile[:1] * 3 + tile[1:]) if tile else ""
        params["line"] = fu_line_text(slip.line)
    return str(_FU_SLIPS[slip.code]) % params


def fu_line_text(line: FuLine) -> str:
    """One of the engine's fu lines in the learner's language, its tiles drawn inline.

    The shared renderer reads the line's code and params (:mod:`tutor.web.engine_text`).
    """
    return fu_text(line, tile=_inline_tile, group=_inline_tile)


@register
class Fu(_Winning[int]):
    type = "fu"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def _answer(self, result: ScoreResult) -> int:
        return int(result.fu)

    def read(self, post: Mapping[str, Any]) -> int:
        return _number(post, "number", 0, 200)

    def check(self, answer: int) -> Verdict:
        result = self.result()
        ok = answer == result.fu
        working = [fu_line_text(line) for line in result.fu_lines]
        codes = {line.code for line in result.fu_lines}
        if "chiitoitsu" in codes:
            total = _("Total: %(fu)s fu. Seven pairs are always 25 fu, never rounded.")
        elif "rounding" in codes:
            total = _("Total: %(fu)s fu, after rounding up to the next ten.")
        else:
            total = _("Total: %(fu)s fu, already a multiple of ten.")
        working.append(total % {"fu": result.fu})
        if ok:
            return Verdict(True, working)
        mistake = fu_mistake(result, answer, open_hand=not self.hand.is_closed)
        culprit = fu_culprit(result, answer) if mistake else None
        if not mistake:
            if answer > result.fu:
                text = _(
                    "%(typed)s fu is too many. Count again from the base of 20: each set, the "
                    "pair, the wait and the way the hand was won, then round up to the next ten."
                )
            else:
                text = _(
                    "%(typed)s fu is too few. Count again from the base of 20: each set, the "
                    "pair, the wait and the way the hand was won, then round up to the next ten."
                )
            mistake = text % {"typed": answer}
        # The tile of the miscounted set, pair or wait is marked on the hand above.
        mark = str(culprit.params.get("tile", "")) if culprit else ""
        return Verdict(False, [mistake], details=working, mark=mark)

    def widget(self, answer: int | None = None) -> Widget:
        return Widget(
            "number",
            number=str(answer) if isinstance(answer, int) else "",
            shown=self.shown(),
            facts=self.facts(),
            label=_("Fu"),
        )


@register
class Payment(_Winning[tuple[tuple[str, int], ...]]):
    type = "payment"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def parse(self) -> None:
        super().parse()
        if self.data["win"] == "ron" and "discarder" not in self.data:
            raise ContentError(
                "discarder: required for a ron",
                field="discarder",
                text=_("Say who dealt in: a ron is paid by the player who discarded the tile."),
            )

    def payers(self) -> list[str]:
        if self.data["win"] == "ron":
            return [self.data["discarder"]]
        return [s for s in SEATS if s != self.seat]

    def _answer(self, result: ScoreResult) -> tuple[tuple[str, int], ...]:
        winner = SEATS.index(self.seat)
        discarder = SEATS.index(self.data["discarder"]) if "discarder" in self.data else None
        delta = result.payments.by_seat(winner, discarder, 0)
        return tuple((s, -delta[SEATS.index(s)]) for s in self.payers())

    def read(self, post: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
        return tuple((s, _number(post, f"pay_{s}", 0, 200_000)) for s in self.payers())

    def check(self, answer: tuple[tuple[str, int], ...]) -> Verdict:
        result = self.result()
        right = self._answer(result)
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        working = [
            value_line(result),
            base_line(result),
            *self._multiplied(result),
            *self._breakdown(result.payments),
        ]
        if answer == right:
            pays = _("%(seat)s pays %(amount)s.")
            working += [pays % {"seat": seats[s], "amount": points_text(n)} for s, n in right]
            return Verdict(True, working)
        mistakes = self._mistakes(result, answer)
        if not mistakes:
            given = dict(answer)
            for seat, amount in right:
                if given[seat] != amount:
                    text = (
                        _("%(seat)s: %(typed)s is too much.")
                        if given[seat] > amount
                        else _("%(seat)s: %(typed)s is too little.")
                    )
                    mistakes.append(text % {"seat": seats[seat], "typed": points_text(given[seat])})
            mistakes.append(
                _(
                    "Find the han and fu, then the base points, multiply the base for each payer "
                    "and round each payment up to the next hundred."
                )
            )
        return Verdict(False, mistakes, details=working)

    def _multiplied(self, result: ScoreResult) -> list[str]:
        """Base × factor for each kind of payer, and the rounding up when there is one."""
        dealer_wins = self.seat == "east"
        if self.data["win"] == "ron":
            factors = [6 if dealer_wins else 4]
        else:
            factors = [2] if dealer_wins else [2, 1]
        out = []
        for factor in factors:
            exact = result.base_points * factor
            values = {
                "factor": factor,
                "base": points_text(result.base_points),
                "exact": points_text(exact),
                "paid": points_text(_round_up(exact)),
            }
            if exact % 100:
                out.append(_("%(factor)s × %(base)s = %(exact)s, rounded up to %(paid)s.") % values)
            else:
                out.append(_("%(factor)s × %(base)s = %(exact)s.") % values)
        return out

    def _mistakes(self, result: ScoreResult, answer: tuple[tuple[str, int], ...]) -> list[str]:
        """What each wrong amount the learner typed most likely comes from."""
        right = dict(self._answer(result))
        dealer_wins = self.seat == "east"
        base = result.base_points
        out = []
        for seat, typed in answer:
            want = right[seat]
            if typed == want:
                continue
            if self.data["win"] == "ron":
                factor = 6 if dealer_wins else 4
            else:
                factor = 2 if dealer_wins or seat == "east" else 1
            honba_etc = want - _round_up(base * factor)
            exact = base * factor + honba_etc
            # A ron paid with the other kind of winner's factor (4 for 6, 6 for 4).
            other = _round_up(base * (4 if dealer_wins else 6)) + honba_etc
            swapped = self.data["win"] == "ron" and typed == other
            if honba_etc and typed == want - honba_etc:
                text = _(
                    "%(seat)s: the hand itself is right, but you left out the honba: "
                    "%(honba)s more, so %(want)s."
                )
            elif typed == exact and exact != want:
                text = _(
                    "%(seat)s: %(typed)s is the exact amount; payments are rounded up to "
                    "the next hundred, so it becomes %(want)s."
                )
            elif typed == exact // 100 * 100 and exact % 100:
                text = _(
                    "%(seat)s: you rounded %(exact)s down. Payments are always rounded up "
                    "to the next hundred: %(want)s."
                )
            elif swapped and dealer_wins:
                text = _(
                    "%(seat)s: you multiplied the base by 4, but the winner is the dealer, "
                    "so the discarder pays 6 × base."
                )
            elif swapped:
                text = _(
                    "%(seat)s: you multiplied the base by 6, but the winner is not the "
                    "dealer, so the discarder pays 4 × base."
                )
            elif (
                self.data["win"] == "tsumo"
                and not dealer_wins
                and typed in {_round_up(base * f) + honba_etc for f in (1, 2) if f != factor}
            ):
                text = _(
                    "%(seat)s: in a non-dealer's tsumo the dealer pays 2 × base and each "
                    "other player 1 × base; check who is the dealer."
                )
            else:
                continue
            values = {"honba": honba_etc, "want": want, "typed": typed, "exact": exact}
            seat_name = _seat_names()[SEATS.index(seat)]
            out.append(text % {"seat": seat_name, **{k: points_text(v) for k, v in values.items()}})
        return out

    def _breakdown(self, payments: Payments) -> list[str]:
        """How the engine splits the hand's value, then what honba and riichi sticks add."""
        out = []
        for item in payments.items:
            if item.payer == "discarder":
                text = _("The discarder pays the hand: %(amount)s.")
            elif item.payer == "dealer":
                text = _("The dealer pays %(amount)s for the hand.")
            elif self.seat == "east":
                text = _("Each of the three others pays %(amount)s for the hand.")
            else:
                text = _("Each of the two other non-dealers pays %(amount)s for the hand.")
            out.append(text % {"amount": points_text(item.amount)})
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
            out.append(text % {"n": honba, "total": points_text(total), "each": points_text(each)})
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
                % {"n": sticks, "points": points_text(payments.sticks)}
            )
        return out

    def widget(self, answer: tuple[tuple[str, int], ...] | None = None) -> Widget:
        return Widget(
            "numbers",
            inputs=_per_seat_inputs(answer, _("%(seat)s pays"), self.payers(), prefix="pay"),
            shown=self.shown(),
            facts=self.facts(),
        )
