"""Who pays what for a win: base points, ron and tsumo shares, honba and riichi sticks.

>>> p = hand_payments(base_points_for(3, 30, ""), dealer=False, tsumo=True, honba=1)
>>> [(x.payer, x.amount, x.honba) for x in p.items]
[('dealer', 2000, 100), ('non-dealer', 1000, 100)]
>>> p.hand_total, p.total
(4000, 4300)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Payer = Literal["discarder", "dealer", "non-dealer", "other"]
"""Who a payment comes from; ``other`` is any loser who neither discarded nor is told apart
as dealer (Hong Kong and classical rules, where the dealer pays like everyone else)."""

LIMIT_BASE_POINTS: dict[str, int] = {
    "mangan": 2000,
    "haneman": 3000,
    "baiman": 4000,
    "sanbaiman": 6000,
    "yakuman": 8000,
    "double yakuman": 16000,
    "triple yakuman": 24000,
    "quadruple yakuman": 32000,
    "quintuple yakuman": 40000,
    "sextuple yakuman": 48000,
}
"""Base points of each limit (seed 002: mangan 2,000 ... yakuman 8,000)."""


def base_points_for(han: int, fu: int, limit: str, round_up_mangan: bool = False) -> int:
    """Base points: ``fu × 2^(2 + han)`` below the limits, capped at mangan's 2,000.

    >>> base_points_for(1, 30, ""), base_points_for(4, 40, ""), base_points_for(6, 30, "haneman")
    (240, 2000, 3000)
    >>> base_points_for(4, 30, ""), base_points_for(4, 30, "", round_up_mangan=True)
    (1920, 2000)
    """
    if limit:
        return LIMIT_BASE_POINTS[limit]
    if round_up_mangan and (han, fu) in ((4, 30), (3, 60)):
        return 2000
    return min(fu * (1 << (2 + han)), 2000)


def round_up_100(points: int) -> int:
    """Round a payment up to the next 100.

    >>> round_up_100(960), round_up_100(1000)
    (1000, 1000)
    """
    return (points + 99) // 100 * 100


@dataclass(frozen=True, slots=True)
class Payment:
    """``count`` players of one kind each pay ``amount`` for the hand plus ``honba``."""

    payer: Payer
    amount: int
    honba: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class Payments:
    """All payments of one win. ``sticks`` are the riichi deposits the winner collects."""

    tsumo: bool
    items: tuple[Payment, ...]
    sticks: int

    @property
    def hand_total(self) -> int:
        """What the hand itself is worth, without honba or sticks."""
        return sum(p.amount * p.count for p in self.items)

    @property
    def total(self) -> int:
        """Everything the winner receives."""
        return sum((p.amount + p.honba) * p.count for p in self.items) + self.sticks

    def by_seat(self, winner: int, discarder: int | None, dealer: int) -> tuple[int, ...]:
        """Score changes of seats 0..3 (the ``score_delta`` of a Tenhou log).

        >>> hand_payments(2000, dealer=False, tsumo=False, riichi_sticks=1).by_seat(2, 0, 1)
        (-8000, 0, 9000, 0)
        """
        if not self.tsumo and discarder is None:
            raise ValueError("a ron needs the seat of the discarder")
        by_kind = {p.payer: p for p in self.items}
        delta = [0, 0, 0, 0]
        for seat in range(4):
            if seat == winner:
                continue
            if not self.tsumo and seat == discarder:
                kinds: tuple[Payer, ...] = ("discarder",)
            elif seat == dealer:
                kinds = ("dealer", "other")
            else:
                kinds = ("non-dealer", "other")
            p = next((by_kind[k] for k in kinds if k in by_kind), None)
            if p is not None:
                delta[seat] -= p.amount + p.honba
        delta[winner] = -sum(delta) + self.sticks
        return tuple(delta)

    def as_dict(self) -> dict[str, int]:
        """A flat summary for JSON: each payer's share with honba, and the totals.

        >>> hand_payments(2000, dealer=True, tsumo=True).as_dict()
        {'non_dealer': 4000, 'honba': 0, 'sticks': 0, 'total': 12000}
        """
        out: dict[str, int] = {}
        for p in self.items:
            out[p.payer.replace("-", "_")] = p.amount + p.honba
        out["honba"] = sum(p.honba * p.count for p in self.items)
        out["sticks"] = self.sticks
        out["total"] = self.total
        return out


def hand_payments(
    base_points: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    riichi_sticks: int = 0,
    honba_value: int = 300,
) -> Payments:
    """Split a hand's value between the payers (seed 002's payment table).

    Ron: the discarder pays 4 × base (6 × for the dealer). Tsumo: the dealer pays 2 × base
    and each other player 1 × base; a dealer's tsumo takes 2 × base from everyone. Each
    share is rounded up to 100. Honba add ``honba_value`` per counter, paid by the
    discarder or split between the three payers; each riichi stick is 1,000.

    >>> hand_payments(2000, dealer=True, tsumo=False, honba=2).items
    (Payment(payer='discarder', amount=12000, honba=600, count=1),)
    """
    if tsumo:
        share = honba * honba_value // 3
        if dealer:
            items: tuple[Payment, ...] = (
                Payment("non-dealer", round_up_100(2 * base_points), share, 3),
            )
        else:
            items = (
                Payment("dealer", round_up_100(2 * base_points), share),
                Payment("non-dealer", round_up_100(base_points), share, 2),
            )
    else:
        factor = 6 if dealer else 4
        items = (Payment("discarder", round_up_100(factor * base_points), honba * honba_value),)
    return Payments(tsumo=tsumo, items=items, sticks=1000 * riichi_sticks)


@dataclass(frozen=True, slots=True)
class LoserPayments:
    """How the three losers pay a win valued in points (Hong Kong and classical rules).

    The winner's points are first multiplied by ``dealer_win_factor`` when the winner is the
    dealer (East); then on a self-drawn win every loser pays ``self_drawn_factor`` times that,
    and on a win by discard the discarder pays ``discarder_factor`` times it and the two others
    pay it once. With ``discarder_pays_all`` the discarder also pays the two others' shares
    and they pay nothing.

    Seed 000 gives the defaults: the discarder pays double (its case 2), every loser pays
    double on a self-drawn win (case 1), and points are doubled after the faan are turned into
    points ("6 faan are 16 points; a player who pays double pays 32").

    >>> rules = LoserPayments()
    >>> [(p.payer, p.amount, p.count) for p in rules.pay(16, tsumo=False).items]
    [('discarder', 32, 1), ('other', 16, 2)]
    >>> [(p.payer, p.amount, p.count) for p in rules.pay(16, tsumo=True).items]
    [('other', 32, 3)]
    """

    self_drawn_factor: int = 2
    discarder_factor: int = 2
    discarder_pays_all: bool = False
    dealer_win_factor: int = 1

    def pay(self, points: int, *, tsumo: bool, winner_is_dealer: bool = False) -> Payments:
        """Who pays what for a win worth ``points``.

        >>> p = LoserPayments(discarder_pays_all=True).pay(8, tsumo=False)
        >>> [(x.payer, x.amount, x.count) for x in p.items], p.total
        ([('discarder', 32, 1)], 32)
        >>> LoserPayments(dealer_win_factor=2).pay(8, tsumo=False, winner_is_dealer=True).total
        64
        """
        if points < 0:
            raise ValueError("a hand cannot be worth negative points")
        value = points * (self.dealer_win_factor if winner_is_dealer else 1)
        if tsumo:
            items: tuple[Payment, ...] = (Payment("other", value * self.self_drawn_factor, 0, 3),)
        elif self.discarder_pays_all:
            items = (Payment("discarder", value * self.discarder_factor + 2 * value, 0),)
        else:
            items = (
                Payment("discarder", value * self.discarder_factor, 0),
                Payment("other", value, 0, 2),
            )
        return Payments(tsumo=tsumo, items=items, sticks=0)
