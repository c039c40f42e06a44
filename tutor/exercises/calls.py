"""Exercises on calls: which calls are possible, who takes the tile, kuikae."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from typing import Any

from django.utils.translation import gettext as _

from tutor.engine import tiles as et
from tutor.engine.calls import (
    Call,
    Caller,
    CallKind,
    CallOptions,
    Resolution,
    call_options,
    forbidden_discards,
    resolve_calls,
)
from tutor.engine.hand import Hand
from tutor.engine.scoring import has_yaku
from tutor.web.engine_text import call_reason_text
from tutor.web.tile_names import tile_name

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
    _kinds,
    _many,
    _one,
    _one_tile,
    _parse_hand,
    _seat_names,
    display,
    join_and,
    names,
    register,
    tile_picker,
)

# --- calls, claim, kuikae -----------------------------------------------------------------

RELATIVE = {"left": 1, "across": 2, "right": 3}  # my seat when the discarder is seat 0


def _call_value(kind: str, uses: tuple[int, ...]) -> str:
    return f"chi:{et.tiles_str(uses)}" if kind == "chi" else kind


@register
class Calls(Exercise[frozenset[str]]):
    type = "calls"
    fields = ("hand", "discard", "from", "riichi", "seat", "round")
    required = ("hand", "discard", "from")

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))
        self.tile = _one_tile(self.data, "discard")
        if self.data["from"] not in RELATIVE:
            raise ContentError("from: left, across or right")
        self.seat = RELATIVE[self.data["from"]]
        self.riichi = self.data.get("riichi", False)
        if not isinstance(self.riichi, bool):
            raise ContentError("riichi: true or false")
        for key in ("seat", "round"):
            if key in self.data and self.data[key] not in _WIND:
                raise ContentError(f"{key}: one of east, south, west, north")
        self.ron_check = ron_check(
            {self.seat: self.data.get("seat", "south")},
            self.data.get("round", "east"),
            {self.seat} if self.riichi else set(),
        )

    def _options(self) -> CallOptions:
        players: list[Any] = [None, None, None, None]
        players[self.seat] = Caller(self.hand, riichi=self.riichi)
        try:
            return call_options(self.tile, 0, players, has_yaku=self.ron_check)
        except ValueError as exc:
            raise ContentError(f"calls: {exc}") from exc

    def _choices(self) -> list[Choice]:
        n = self.tile % 9
        chis = [
            (self.tile + a, self.tile + b)
            for a, b in ((-2, -1), (-1, 1), (1, 2))
            if self.tile < 27 and n + a >= 0 and n + b <= 8
        ]
        return [
            *(
                Choice(_call_value("chi", u), _("Chi with %(tiles)s") % {"tiles": names(u)})
                for u in chis
            ),
            Choice("pon", _("Pon")),
            Choice("open_kan", _("Kan")),
            Choice("ron", _("Ron (win on it)")),
            Choice("none", _("No call")),
        ]

    def _legal(self) -> frozenset[str]:
        legal = {_call_value(c.kind.value, tuple(sorted(c.uses))) for c in self._options().calls}
        return frozenset(legal) if legal else frozenset({"none"})

    def solutions(self) -> set[frozenset[str]]:
        return {self._legal()}

    def read(self, post: Mapping[str, Any]) -> frozenset[str]:
        values = [c.value for c in self._choices()]
        picked = _many(post, "choice", values, empty=_("Tick at least one answer (or “No call”)."))
        if "none" in picked and len(picked) > 1:
            raise EmptyAnswer(_("“No call” cannot go with a call: tick one or the other."))
        return picked

    def check(self, answer: frozenset[str]) -> Verdict:
        right = self._legal()
        labels = {c.value: c.label for c in self._choices()}
        blocked = {
            _call_value(b.kind.value, tuple(sorted(b.uses))): b.reason
            for b in self._options().blocked
        }
        reasons = []
        for value in sorted(answer - right):
            if value == "none":
                text = _("You can call this tile.")
            elif value in blocked:
                text = _("%(call)s: not allowed, %(why)s.")
            elif value == "ron":
                text = _("%(call)s: %(tile)s does not complete your hand.")
            else:
                text = _("%(call)s: your hand does not hold the tiles for it.")
            why = call_reason_text(blocked[value]) if value in blocked else ""
            reasons.append(text % {"call": labels[value], "why": why, "tile": tile_name(self.tile)})
        details = []
        for value in sorted(right - answer):
            # A pointer to what was overlooked in the reasons; the call itself on request.
            if value.startswith("chi"):
                pointer = _(
                    "Look again at the tiles next to %(tile)s in your hand, and at who discarded it."
                )
                call = _("%(call)s is possible: the tile comes from the player on your left.")
            elif value in ("pon", "open_kan"):
                pointer = _("Count your copies of %(tile)s again.")
                call = _(
                    "%(call)s is possible: you hold %(n)s copies, and it may be called from anyone."
                )
            elif value == "ron":
                pointer = _("Check whether %(tile)s completes your hand.")
                call = _("Ron is possible: %(tile)s completes your hand, which has a yaku.")
            else:
                continue
            values = {"tile": tile_name(self.tile), "call": labels[value]}
            reasons.append(pointer % values)
            details.append(call % {**values, "n": self.hand.concealed[self.tile]})
        if answer != right:
            return Verdict(False, list(dict.fromkeys(reasons)), details=details)
        reasons = [
            _("%(call)s is allowed.") % {"call": labels[v]} for v in sorted(right - {"none"})
        ]
        reasons += [
            _("%(call)s: not allowed, %(why)s.")
            % {"call": labels.get(value, value), "why": call_reason_text(why)}
            for value, why in blocked.items()
        ]
        if right == {"none"}:
            reasons.append(_("No call is possible on this tile."))
        return Verdict(True, reasons)

    def widget(self, answer: frozenset[str] | None = None) -> Widget:
        where = {"left": _("on your left"), "across": _("across"), "right": _("on your right")}
        facts = [_("You declared riichi.")] if self.riichi else []
        if "seat" in self.data or "round" in self.data:
            seats = dict(zip(SEATS, _seat_names(), strict=True))
            facts.append(
                _("Round wind: %(round)s. Your seat: %(seat)s.")
                % {
                    "round": seats[self.data.get("round", "east")],
                    "seat": seats[self.data.get("seat", "south")],
                }
            )
        return _choices(
            self._choices(),
            answer,
            "many",
            facts=facts,
            shown=[
                (_("Your hand"), display(self.hand)),
                (
                    _("Discarded by the player %(where)s") % {"where": where[self.data["from"]]},
                    et.tile_str(self.tile),
                ),
            ],
        )


def ron_check(
    seat_winds: Mapping[int, str], round_wind: str, riichi: Set[int]
) -> Callable[[int, Hand, int], bool]:
    """The engine's :func:`~tutor.engine.scoring.has_yaku` for a ron, seeing each caller's seat
    wind (by engine seat), the round wind and who declared riichi."""

    def ron_has_yaku(seat: int, hand: Hand, tile: int) -> bool:
        return has_yaku(
            hand,
            tile,
            seat_wind=_WIND[seat_winds.get(seat, SEATS[seat])],
            round_wind=_WIND[round_wind],
            riichi=seat in riichi,
        )

    return ron_has_yaku


@register
class Claim(Exercise[frozenset[str]]):
    type = "claim"
    fields = ("discarder", "discard", "claims", "ask", "round")
    required = ("discarder", "discard", "claims", "ask")

    def parse(self) -> None:
        if self.data["discarder"] not in SEATS:
            raise ContentError("discarder: east, south, west or north")
        self.discarder = SEATS.index(self.data["discarder"])
        self.tile = _one_tile(self.data, "discard")
        if self.data["ask"] not in ("taker", "skipped"):
            raise ContentError("ask: taker or skipped")
        claims = self.data["claims"]
        if not isinstance(claims, dict) or not claims:
            raise ContentError("claims: a map of seat to {call, hand}")
        if self.data.get("round", "east") not in _WIND:
            raise ContentError("round: one of east, south, west, north")
        players: list[Any] = [None, None, None, None]
        self.wanted: dict[int, str] = {}
        self.hands: dict[int, Hand] = {}
        self.riichi: set[int] = set()
        for seat_name, claim in claims.items():
            if seat_name not in SEATS or seat_name == self.data["discarder"]:
                raise ContentError(f"claims: {seat_name!r} is not another seat")
            if (
                not isinstance(claim, dict)
                or not {"call", "hand"} <= set(claim) <= {"call", "hand", "riichi"}
                or not isinstance(claim.get("riichi", False), bool)
            ):
                raise ContentError(f"claims.{seat_name}: give call and hand (and riichi: true)")
            if claim["call"] not in ("chi", "pon", "kan", "ron"):
                raise ContentError(f"claims.{seat_name}.call: chi, pon, kan or ron")
            seat = SEATS.index(seat_name)
            hand = _parse_hand(claim["hand"], f"claims.{seat_name}.hand", sizes=(13,))
            self.hands[seat] = hand
            if claim.get("riichi"):
                self.riichi.add(seat)
            players[seat] = Caller(hand, riichi=bool(claim.get("riichi")))
            self.wanted[seat] = "open_kan" if claim["call"] == "kan" else claim["call"]
        try:
            self.legal = call_options(
                self.tile,
                self.discarder,
                players,
                has_yaku=ron_check({}, self.data.get("round", "east"), self.riichi),
            )
        except ValueError as exc:
            raise ContentError(f"claims: {exc}") from exc
        self.declared = []
        for seat, kind in self.wanted.items():
            match = [c for c in self.legal.for_seat(seat) if c.kind == CallKind(kind)]
            if not match:
                raise ContentError(
                    f"claims.{SEATS[seat]}: {kind} is not a legal call for this hand"
                )
            self.declared.append(match[0])

    def _resolution(self) -> Resolution:
        return resolve_calls(self.declared, self.discarder, legal=self.legal)

    def _answer(self) -> frozenset[str]:
        res = self._resolution()
        if self.data["ask"] == "taker":
            return frozenset(SEATS[c.seat] for c in res.winners)
        return frozenset(SEATS[s] for s in res.skipped) or frozenset({"nobody"})

    def solutions(self) -> set[frozenset[str]]:
        answer = self._answer()
        if self.data["ask"] == "taker" and len(answer) != 1:
            return set()  # a double ron has no single taker: not a good question
        return {answer}

    def _choices(self) -> list[Choice]:
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        out = [Choice(s, names_[s]) for s in SEATS if s != self.data["discarder"]]
        if self.data["ask"] == "skipped":
            out.append(Choice("nobody", _("Nobody")))
        return out

    def read(self, post: Mapping[str, Any]) -> frozenset[str]:
        values = [c.value for c in self._choices()]
        if self.data["ask"] == "taker":
            return frozenset({_one(post, "choice", values)})
        picked = _many(post, "choice", values, empty=_("Tick at least one answer (or “Nobody”)."))
        if "nobody" in picked and len(picked) > 1:
            raise EmptyAnswer(_("“Nobody” cannot go with a seat: tick one or the other."))
        return picked

    def check(self, answer: frozenset[str]) -> Verdict:
        res = self._resolution()
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        call_names = {"chi": _("chi"), "pon": _("pon"), "open_kan": _("kan"), "ron": _("ron")}
        ok = answer == self._answer()
        reasons = []
        if ok or self.data["ask"] == "skipped":
            for c in res.winners:
                reasons.append(
                    _("%(seat)s takes the tile with a %(call)s.")
                    % {"seat": names_[SEATS[c.seat]], "call": call_names[c.kind.value]}
                )
        for c, why in res.overridden:
            reasons.append(
                _("%(seat)s's %(call)s loses: %(why)s.")
                % {
                    "seat": names_[SEATS[c.seat]],
                    "call": call_names[c.kind.value],
                    "why": call_reason_text(why),
                }
            )
        if not ok and self.data["ask"] == "skipped":
            reasons = self._skipped_mistakes(answer, res, names_) + reasons
        if ok:
            if res.skipped:
                reasons.append(
                    _("The turn jumps to the caller: %(seats)s lose their turn.")
                    % {"seats": join_and(names_[SEATS[s]] for s in res.skipped)}
                )
            elif res.next_seat is not None:
                reasons.append(_("Nobody between the discarder and the caller loses a turn."))
        return Verdict(ok, reasons)

    def _skipped_mistakes(
        self, answer: frozenset[str], res: Any, names_: dict[str, str]
    ) -> list[str]:
        """Why a seat ticked as losing its turn does not, or why "nobody" is wrong."""
        takers = {SEATS[c.seat] for c in res.winners}
        skipped = {SEATS[s] for s in res.skipped}
        out = []
        for seat in sorted(answer - skipped - {"nobody"}, key=SEATS.index):
            text = (
                _("%(seat)s takes the tile and plays next: the caller never loses a turn.")
                if seat in takers
                else _(
                    "%(seat)s does not sit between the discarder and the caller, so their "
                    "turn still comes."
                )
            )
            out.append(text % {"seat": names_[seat]})
        if "nobody" in answer and skipped:
            out.append(
                _(
                    "Somebody does lose a turn: walk in turn order from the discarder to the "
                    "caller and count who is jumped."
                )
            )
        return out

    def widget(self, answer: frozenset[str] | None = None) -> Widget:
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        call_names = {"chi": _("chi"), "pon": _("pon"), "open_kan": _("kan"), "ron": _("ron")}
        shown = [
            (
                _("Discarded by %(seat)s") % {"seat": names_[self.data["discarder"]]},
                et.tile_str(self.tile),
            )
        ]
        for seat, hand in sorted(self.hands.items()):
            caption = (
                _("%(seat)s, in riichi, calls %(call)s with")
                if seat in self.riichi
                else _("%(seat)s calls %(call)s with")
            )
            named = {"seat": names_[SEATS[seat]], "call": call_names[self.wanted[seat]]}
            shown.append((caption % named, display(hand)))
        round_ = names_.get(self.data.get("round", ""))
        facts = [_("Round wind: %(round)s.") % {"round": round_}] if round_ else []
        select = "one" if self.data["ask"] == "taker" else "many"
        return _choices(self._choices(), answer, select, facts=facts, shown=shown)


@register
class Kuikae(Exercise[frozenset[int]]):
    type = "kuikae"
    fields = ("hand", "meld")

    def parse(self) -> None:
        self.hand = _parse_hand(f"{self.data['hand']} {self.data['meld']}", "hand", sizes=(14,))
        meld = self.hand.melds[-1]
        if meld.kind.value not in ("chi", "pon") or meld.called is None:
            raise ContentError("meld: a chi or pon with the called tile marked, e.g. [3*45m]L")
        uses = list(meld.tiles)
        uses.remove(meld.called)
        self.call = Call(
            seat=1,
            kind=CallKind.CHI if meld.kind.value == "chi" else CallKind.PON,
            tile=meld.called,
            uses=tuple(uses),
            discarder=0,
        )

    def _answer(self) -> frozenset[int]:
        return frozenset(forbidden_discards(self.call) & set(self.hand.concealed_tiles()))

    def solutions(self) -> set[frozenset[int]]:
        answer = self._answer()
        return {answer} if answer else set()

    def read(self, post: Mapping[str, Any]) -> frozenset[int]:
        return _kinds(
            post, "tile", set(self.hand.concealed_tiles()), empty=_("Pick at least one tile.")
        )

    def check(self, answer: frozenset[int]) -> Verdict:
        right = self._answer()
        reasons = []
        chi = self.call.kind.value == "chi"
        for k in sorted(answer - right):
            text = (
                _(
                    "%(tile)s may be discarded: it is one of the tiles the chi was made "
                    "with, not the called tile or the other end of the run."
                )
                if chi and k in self.call.uses
                else _("%(tile)s may be discarded.")
            )
            reasons.append(text % {"tile": tile_name(k)})
        for k in sorted(right - answer):
            reasons.append(
                _("Another copy of the tile you called is forbidden too: you cannot swap it.")
                if k == self.call.tile
                else _(
                    "After a chi on the end of a run, the tile that makes the same two tiles "
                    "a run from the other side is forbidden too (swap calling)."
                )
            )
        if answer != right:
            return Verdict(False, reasons)
        rule = _(
            "Right after a call you may not discard the tile you called, nor, after a "
            "chi, the tile at the other end of the run: here %(tiles)s."
        )
        return Verdict(True, [rule % {"tiles": names(sorted(forbidden_discards(self.call)))}])

    def widget(self, answer: frozenset[int] | None = None) -> Widget:
        return tile_picker(display(self.hand), answer, "many")
