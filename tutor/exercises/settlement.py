"""Exercises on the end of a hand and of a game: noten payments and the final settlement."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine.scoring.presets import TENHOU
from tutor.engine.scoring.settlement import final_scores, noten_payments, placements

from .base import (
    SEATS,
    ContentError,
    Exercise,
    Verdict,
    Widget,
    _number,
    _per_seat_inputs,
    _seat_names,
    join_and,
    points_text,
    register,
)


def _signed(n: int, grouped: bool = False) -> str:
    """A signed amount: +9, −17 (a true minus sign), 0."""
    text = points_text(abs(n)) if grouped else str(abs(n))
    return f"+{text}" if n > 0 else (f"−{text}" if n < 0 else "0")


def _seat_list(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or any(s not in SEATS for s in value):
        raise ContentError(f"{what}: a list of seats (east, south, west, north)")
    if len(set(value)) != len(value):
        raise ContentError(f"{what}: a seat is listed twice")
    return list(value)


def _wrong_seats(answer: Sequence[tuple[str, int]], right: Sequence[tuple[str, int]]) -> list[str]:
    seats = dict(zip(SEATS, _seat_names(), strict=True))
    given = dict(answer)
    return [
        _("%(seat)s: not %(value)s.") % {"seat": seats[s], "value": _signed(given[s], True)}
        for s, v in right
        if given[s] != v
    ]


@register
class Noten(Exercise[tuple[tuple[str, int], ...]]):
    """An exhaustive draw: who gets and who pays the noten payments."""

    type = "noten"
    fields = ("tenpai",)

    def parse(self) -> None:
        self.tenpai = _seat_list(self.data["tenpai"], "tenpai")

    def _changes(self) -> tuple[int, ...]:
        return noten_payments(tuple(s in self.tenpai for s in SEATS), TENHOU.noten_payments)

    def solutions(self) -> set[tuple[tuple[str, int], ...]]:
        return {tuple(zip(SEATS, self._changes(), strict=True))}

    def read(self, post: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
        return tuple((s, _number(post, f"score_{s}", -10_000, 10_000)) for s in SEATS)

    def check(self, answer: tuple[tuple[str, int], ...]) -> Verdict:
        right = self.solution()
        rule = _(
            "At an exhaustive draw the players who are not tenpai pay %(total)s in all, shared "
            "equally, to those who are; when all four or nobody are tenpai, nobody pays."
        ) % {"total": points_text(TENHOU.noten_payments)}
        if answer != right:
            mistakes = self._mistakes(answer, right, TENHOU.noten_payments)
            return Verdict(False, mistakes or [rule, *_wrong_seats(answer, right)])
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        n = len(self.tenpai)
        reasons = [ngettext("%(n)s player is tenpai.", "%(n)s players are tenpai.", n) % {"n": n}]
        for seat, change in right:
            if change > 0:
                text = _("%(seat)s is tenpai and receives %(amount)s.")
            elif change < 0:
                text = _("%(seat)s is not tenpai and pays %(amount)s.")
            else:
                text = _("%(seat)s neither pays nor receives anything.")
            reasons.append(text % {"seat": seats[seat], "amount": points_text(abs(change))})
        return Verdict(True, reasons)

    def _mistakes(self, answer: tuple[tuple[str, int], ...], right: Any, total: int) -> list[str]:
        """The slips behind wrong draw payments: signs, the shared total, a sum that is not 0."""
        given, want = dict(answer), dict(right)
        if all(v == 0 for v in want.values()):
            return [
                _(
                    "Nobody pays: when all four players or nobody are tenpai, the draw costs "
                    "nothing."
                )
            ]
        if all(given[s] == -want[s] for s in SEATS):
            return [
                _(
                    "The signs are swapped: the players who are not tenpai pay (a minus), the "
                    "tenpai players receive (a plus)."
                )
            ]
        out = []
        noten = [s for s in SEATS if want[s] < 0]
        tenpai = [s for s in SEATS if want[s] > 0]
        if len(noten) > 1 and any(given[s] == -total for s in noten):
            out.append(
                _(
                    "%(total)s is what the players who are not tenpai pay together: shared "
                    "equally, each of them pays %(each)s."
                )
                % {"total": points_text(total), "each": points_text(-want[noten[0]])}
            )
        if len(tenpai) > 1 and any(given[s] == total for s in tenpai):
            out.append(
                _("The tenpai players share the %(total)s: each receives %(each)s.")
                % {"total": points_text(total), "each": points_text(want[tenpai[0]])}
            )
        if not out and sum(given.values()) != 0:
            out.append(
                _(
                    "The amounts must add up to zero: what the players who are not tenpai pay, "
                    "the tenpai players receive."
                )
            )
        return out

    def widget(self, answer: tuple[tuple[str, int], ...] | None = None) -> Widget:
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        tenpai = join_and(seats[s] for s in SEATS if s in self.tenpai)
        fact = (
            _("Tenpai at the draw: %(seats)s.") % {"seats": tenpai}
            if tenpai
            else _("Nobody is tenpai at the draw.")
        )
        return Widget(
            "numbers",
            inputs=_per_seat_inputs(answer, _("%(seat)s gets (+) or pays (−)")),
            facts=[fact],
            low="",
        )


@register
class FinalScores(Exercise[tuple[tuple[str, int], ...]]):
    """The end of a game: each player's result with return points, rounding and uma."""

    type = "final_scores"
    fields = ("points",)

    def parse(self) -> None:
        points = self.data["points"]
        if (
            not isinstance(points, list)
            or len(points) != 4
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in points)
        ):
            raise ContentError("points: the four final scores, East first, e.g. [41200, ...]")
        if sum(points) != 4 * TENHOU.start_points:
            raise ContentError(f"points: they must add up to {4 * TENHOU.start_points}")
        if any(p % 100 for p in points):
            raise ContentError("points: scores are whole hundreds")
        self.points = list(points)

    def _results(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """(places, results before uma, final results), seat by seat, from the engine."""
        return (
            placements(self.points),
            final_scores(self.points, uma=(0, 0, 0, 0)),
            final_scores(self.points),
        )

    def solutions(self) -> set[tuple[tuple[str, int], ...]]:
        return {tuple(zip(SEATS, self._results()[2], strict=True))}

    def read(self, post: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
        return tuple((s, _number(post, f"score_{s}", -500, 500)) for s in SEATS)

    def check(self, answer: tuple[tuple[str, int], ...]) -> Verdict:
        right = self.solution()
        rule = _(
            "Every player but the first compares their points with the %(target)s return "
            "points and rounds the difference to the nearest thousand; the first takes what "
            "the three others give up. Then each adds the uma of their place: %(uma)s."
        ) % {
            "target": points_text(TENHOU.return_points),
            "uma": " / ".join(_signed(u) for u in TENHOU.uma),
        }
        if answer != right:
            mistakes = self._mistakes(answer, right)
            return Verdict(False, mistakes or [rule, *_wrong_seats(answer, right)])
        places, before, final = self._results()
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        reasons = [rule]
        for place in range(1, 5):
            i = places.index(place)
            values = {
                "seat": seats[SEATS[i]],
                "place": place,
                "points": points_text(self.points[i]),
                "before": _signed(before[i]),
                "uma": _signed(TENHOU.uma[place - 1]),
                "result": _signed(final[i]),
            }
            if place == 1:
                text = _(
                    "%(seat)s, place %(place)s, %(points)s points: takes %(before)s, what the "
                    "others give up; uma %(uma)s; result %(result)s."
                )
            else:
                text = _(
                    "%(seat)s, place %(place)s, %(points)s points: %(before)s; uma %(uma)s; "
                    "result %(result)s."
                )
            reasons.append(text % values)
        return Verdict(True, reasons)

    def _mistakes(self, answer: tuple[tuple[str, int], ...], right: Any) -> list[str]:
        """Each seat's slip: the uma left out, another place's uma, or the starting points
        used instead of the return points."""
        places, before, _final = self._results()
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        given, want = dict(answer), dict(right)
        out = []
        for i, seat in enumerate(SEATS):
            typed = given[seat]
            if typed == want[seat]:
                continue
            place = places[i]
            uma = TENHOU.uma[place - 1]
            values = {"seat": seats[seat], "place": place, "uma": _signed(uma)}
            from_start = round((self.points[i] - TENHOU.start_points) / 1000) + uma
            others = {p + 1: before[i] + u for p, u in enumerate(TENHOU.uma) if p + 1 != place}
            if typed == before[i] and uma:
                text = _("%(seat)s: you left out the uma; place %(place)s adds %(uma)s.")
            elif place > 1 and typed == from_start:
                text = _(
                    "%(seat)s: compare the points with the %(target)s return points, not with "
                    "the %(start)s each player started with."
                )
            elif typed in others.values():
                text = _(
                    "%(seat)s: that is the uma of place %(other)s, but %(seat)s finished in "
                    "place %(place)s (%(uma)s)."
                )
            else:
                continue
            out.append(
                text
                % {
                    **values,
                    "target": points_text(TENHOU.return_points),
                    "start": points_text(TENHOU.start_points),
                    "other": next((p for p, v in others.items() if v == typed), ""),
                }
            )
        return out

    def widget(self, answer: tuple[tuple[str, int], ...] | None = None) -> Widget:
        seats = _seat_names()
        scores = ", ".join(f"{seats[i]} {points_text(p)}" for i, p in enumerate(self.points))
        return Widget(
            "numbers",
            inputs=_per_seat_inputs(answer, _("%(seat)s's result (thousands)")),
            facts=[_("Final points: %(scores)s.") % {"scores": scores}],
            low="",
        )
