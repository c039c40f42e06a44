"""The han × fu chart: what a win is worth for each han and fu, from the payment rules.

Every number comes from :func:`~tutor.engine.scoring.payments.base_points_for` and
:func:`~tutor.engine.scoring.payments.hand_payments`, so the chart a learner reads and the
payments the lessons grade cannot disagree.

>>> cell = chart_cell(3, 30, dealer=False)
>>> cell.ron, cell.tsumo, cell.limit
(3900, (2000, 1000), '')
>>> chart_cell(4, 40, dealer=True).limit
'mangan'
"""

from __future__ import annotations

from dataclasses import dataclass

from .payments import base_points_for, hand_payments

FU_ROWS: tuple[int, ...] = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The fu a hand can be worth once rounded (25 only for seven pairs)."""

HAN_COLUMNS: tuple[int, ...] = (1, 2, 3, 4)
"""The han below the limits; from 5 han every hand is at least a mangan."""

LIMITS: tuple[tuple[int, str], ...] = (
    (5, "mangan"),
    (6, "haneman"),
    (8, "baiman"),
    (11, "sanbaiman"),
    (13, "yakuman"),
)
"""The least han of each limit (seed 002), in order."""


def limit_for(han: int, fu: int) -> str:
    """The limit a hand of ``han`` and ``fu`` reaches, or ``""`` below the limits.

    A hand below 5 han is a mangan when its base points reach 2,000 (4 han 40 fu, 3 han 70 fu).

    >>> limit_for(4, 30), limit_for(4, 40), limit_for(3, 70), limit_for(7, 30), limit_for(13, 20)
    ('', 'mangan', 'mangan', 'haneman', 'yakuman')
    """
    if han < 1 or fu < 20:
        raise ValueError(f"a winning hand has at least 1 han and 20 fu, not {han} han {fu} fu")
    name = ""
    for least, limit in LIMITS:
        if han >= least:
            name = limit
    if not name and base_points_for(han, fu, "") >= 2000:
        name = "mangan"
    return name


def is_possible(han: int, fu: int, *, tsumo: bool) -> bool:
    """Whether a hand can score exactly ``han`` and ``fu`` won this way.

    20 fu is a closed pinfu won by tsumo (pinfu and menzen tsumo: 2 han at least); 25 fu is
    seven pairs (2 han, 3 with menzen tsumo). Every other row and column can happen.

    >>> is_possible(2, 20, tsumo=True), is_possible(2, 20, tsumo=False), is_possible(1, 20, tsumo=True)
    (True, False, False)
    >>> is_possible(2, 25, tsumo=False), is_possible(2, 25, tsumo=True), is_possible(1, 30, tsumo=False)
    (True, False, True)
    """
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return han >= 1


@dataclass(frozen=True, slots=True)
class ChartCell:
    """One cell of the chart. ``ron`` is what the discarder pays; ``tsumo`` what each loser
    pays on a self-draw: ``(dealer's share, each other's share)`` for a non-dealer winner,
    ``(everyone's share,)`` for the dealer. ``None`` where no hand scores that way."""

    han: int
    fu: int
    dealer: bool
    ron: int | None
    tsumo: tuple[int, ...] | None
    limit: str


def chart_cell(han: int, fu: int, *, dealer: bool) -> ChartCell:
    """The payments of a win with ``han`` and ``fu``, by ron and by tsumo.

    >>> chart_cell(1, 30, dealer=False)
    ChartCell(han=1, fu=30, dealer=False, ron=1000, tsumo=(500, 300), limit='')
    >>> chart_cell(2, 20, dealer=True)
    ChartCell(han=2, fu=20, dealer=True, ron=None, tsumo=(700,), limit='')
    """
    limit = limit_for(han, fu)
    base = base_points_for(han, fu, limit)
    ron = None
    if is_possible(han, fu, tsumo=False):
        ron = hand_payments(base, dealer=dealer, tsumo=False).hand_total
    tsumo = None
    if is_possible(han, fu, tsumo=True):
        items = hand_payments(base, dealer=dealer, tsumo=True).items
        tsumo = tuple(p.amount for p in items)
    return ChartCell(han, fu, dealer, ron, tsumo, limit)


def points_chart(*, dealer: bool) -> tuple[tuple[ChartCell, ...], ...]:
    """The chart's rows, one per fu of :data:`FU_ROWS`, each with a cell per han of
    :data:`HAN_COLUMNS`.

    >>> [c.ron for c in points_chart(dealer=False)[2]]
    [1000, 2000, 3900, 7700]
    """
    return tuple(tuple(chart_cell(han, fu, dealer=dealer) for han in HAN_COLUMNS) for fu in FU_ROWS)


def limit_cells(*, dealer: bool) -> tuple[ChartCell, ...]:
    """One cell per limit, at its least han (fu no longer matter there).

    >>> [(c.limit, c.ron) for c in limit_cells(dealer=True)][:2]
    [('mangan', 12000), ('haneman', 18000)]
    """
    return tuple(chart_cell(han, 30, dealer=dealer) for han, _ in LIMITS)
