"""The scoring drill: a winning hand drawn by the engine from a seed, whose han, fu and payment
the learner works out; each is graded on its own, by the same exercise types as the lessons.

The seed is the whole position: the page carries it in its URL and its form, so a position can
be shown again, shared, or graded from it. A learner's first answer to each position is kept
(:func:`record_attempt`: a :class:`~lessons.models.DrillAttempt` for a signed-in learner, the
session for a visitor), and the page shows their record (:func:`drill_record`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine.positions import draw_winning
from tutor.exercises import AnswerError, Verdict
from tutor.exercises.base import SEATS, _number, _seat_names, display, join_and
from tutor.exercises.scoring import Fu, Payment
from tutor.web.engine_text import yaku_name

from .models import DrillAttempt
from .services import _is_member

SEED_LIMIT = 10**9
SESSION_KEY = "lessons_drill"
SESSION_KEEP = 200
"""A visitor's session keeps their latest attempts only."""
RECENT = 5


def new_seed() -> int:
    """A seed for a fresh position (not a secret: only variety matters)."""
    return random.randrange(SEED_LIMIT)  # noqa: S311


@dataclass
class Drill:
    seed: int
    data: dict[str, Any]

    @classmethod
    def of(cls, seed: int) -> Drill:
        p = draw_winning(seed)
        data: dict[str, Any] = {
            "hand": p.hand,
            "win_tile": p.win_tile,
            "win": "tsumo" if p.tsumo else "ron",
            "seat": p.seat,
            "riichi": p.riichi,
        }
        if p.discarder:
            data["discarder"] = p.discarder
        return cls(seed, data)

    def fu(self) -> Fu:
        return Fu({"type": "fu", **self.data})

    def payment(self) -> Payment:
        return Payment({"type": "payment", **self.data})

    def facts(self) -> list[str]:
        """The situation in sentences, as a lesson's question gives it."""
        seats = _seat_names()
        seat = seats[SEATS.index(self.data["seat"])]
        out = [_("You sit %(seat)s; the round wind is East.") % {"seat": seat}]
        if self.data["win"] == "tsumo":
            out.append(_("You win by tsumo, drawing the last tile yourself."))
        else:
            who = seats[SEATS.index(self.data["discarder"])]
            out.append(_("You win by ron on %(seat)s's discard.") % {"seat": who})
        out.append(_("You declared riichi.") if self.data["riichi"] else _("No riichi."))
        out.append(_("No dora, no honba, no riichi sticks on the table."))
        return out

    def notation(self) -> str:
        return display(self.fu().hand)

    def win_tile(self) -> str:
        return str(self.data["win_tile"])

    def payers(self) -> list[tuple[str, str]]:
        """``(input name, label)`` of each payment to type."""
        seats = _seat_names()
        return [
            (f"pay_{s}", _("%(seat)s pays") % {"seat": seats[SEATS.index(s)]})
            for s in self.payment().payers()
        ]

    def grade(self, post: Mapping[str, Any]) -> dict[str, Verdict]:
        """Han, fu and payment graded apart. Raises ``AnswerError`` for a malformed form."""
        han = _number(post, "han", 1, 13)
        fu_ex = self.fu()
        result = fu_ex.result()
        lines = join_and(f"{yaku_name(y.key)} {y.han}" for y in result.yaku)
        n = abs(han - result.han)
        if han == result.han:
            han_verdict = Verdict(
                True, [_("%(lines)s: %(han)s han.") % {"lines": lines, "han": han}]
            )
        else:
            if han > result.han:
                slip = ngettext(
                    "You counted %(mine)s han, %(n)s too many.",
                    "You counted %(mine)s han, %(n)s too many.",
                    n,
                )
            else:
                slip = ngettext(
                    "You counted %(mine)s han, %(n)s too few.",
                    "You counted %(mine)s han, %(n)s too few.",
                    n,
                )
            the_yaku = _("The yaku: %(lines)s (%(han)s han).") % {"lines": lines, "han": result.han}
            han_verdict = Verdict(False, [slip % {"mine": han, "n": n}, the_yaku])
        fu_post = QueryDict(mutable=True)
        fu_post["number"] = str(post.get("fu", ""))
        fu_verdict = fu_ex.check(fu_ex.read(fu_post))
        pay_ex = self.payment()
        pay_verdict = pay_ex.check(pay_ex.read(post))
        return {"han": han_verdict, "fu": fu_verdict, "payment": pay_verdict}


def read_seed(value: Any) -> int:
    """The seed of a URL or form, or ``AnswerError``."""
    try:
        seed = int(str(value))
    except (TypeError, ValueError):
        seed = -1
    if not 0 <= seed < SEED_LIMIT:
        raise AnswerError(_("This drill position does not exist. Start a new one."))
    return seed


@dataclass
class DrillRecord:
    """A learner's drill so far: hands answered, each part's right answers, the latest hands."""

    hands: int
    han: int
    fu: int
    payment: int
    all_three: int
    recent: list[DrillAttempt]
    """The latest attempts; a visitor's are unsaved rows built from the session."""


def record_attempt(
    request: HttpRequest, drill: Drill, post: Mapping[str, Any], verdicts: Mapping[str, Verdict]
) -> bool:
    """Keep the learner's first answer to ``drill``'s position; returns whether it was kept
    (False for a position answered before: answering again is practice)."""
    answered = {
        "seed": drill.seed,
        "han": int(str(post.get("han"))),
        "fu": int(str(post.get("fu"))),
        "payments": [
            [name.removeprefix("pay_"), int(str(post.get(name)))] for name, _l in drill.payers()
        ],
        "han_right": verdicts["han"].correct,
        "fu_right": verdicts["fu"].correct,
        "payment_right": verdicts["payment"].correct,
    }
    user = getattr(request, "user", None)
    if _is_member(user):
        try:
            with transaction.atomic():
                _row, made = DrillAttempt.objects.get_or_create(
                    user=user, seed=drill.seed, defaults=answered
                )
        except IntegrityError:  # the same answer sent twice at once: one is kept
            return False
        return made
    kept = request.session.get(SESSION_KEY, [])
    if any(a["seed"] == drill.seed for a in kept):
        return False
    request.session[SESSION_KEY] = [*kept, answered][-SESSION_KEEP:]
    return True


def drill_record(request: HttpRequest) -> DrillRecord:
    """The record of whoever is asking: a member's stored attempts, a visitor's session."""
    user = getattr(request, "user", None)
    if _is_member(user):
        mine = DrillAttempt.objects.filter(user=user)
        totals = mine.aggregate(
            hands=Count("id"),
            han=Count("id", filter=Q(han_right=True)),
            fu=Count("id", filter=Q(fu_right=True)),
            payment=Count("id", filter=Q(payment_right=True)),
            all_three=Count("id", filter=Q(han_right=True, fu_right=True, payment_right=True)),
        )
        return DrillRecord(**totals, recent=list(mine[:RECENT]))
    parts = ("han_right", "fu_right", "payment_right")
    rows = [
        DrillAttempt(seed=int(a["seed"]), **{part: a[part] for part in parts})
        for a in reversed(request.session.get(SESSION_KEY, []))
    ]
    han, fu, payment, all_three = (
        sum(getattr(r, part) for r in rows) for part in (*parts, "all_right")
    )
    return DrillRecord(len(rows), han, fu, payment, all_three, rows[:RECENT])
