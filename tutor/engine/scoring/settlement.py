"""Between hands and at the end of a game: draws, several winners, dealer repeats, final score.

Seats are 0..3 in the order of the first dealer (East of the first hand).

>>> noten_payments((True, False, False, False))
(3000, -1000, -1000, -1000)
>>> final_scores((56800, 32400, 19100, -8300), uma=(0, 0, 0, 0))
(47, 2, -11, -38)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .presets import TENHOU, RulePreset


class SettlementError(ValueError):
    """Scores or seats that cannot be settled (wrong number of players, unknown seat...)."""


def noten_payments(tenpai: Sequence[bool], total: int = 3000) -> tuple[int, ...]:
    """Exhaustive draw: the players not in tenpai pay ``total`` to those in tenpai.

    Nobody pays when all four or none are in tenpai (seed 002, 3,000 split).

    >>> noten_payments((True, True, False, False))
    (1500, 1500, -1500, -1500)
    >>> noten_payments((True, True, True, False))
    (1000, 1000, 1000, -3000)
    >>> noten_payments((False,) * 4)
    (0, 0, 0, 0)
    """
    if len(tenpai) != 4:
        raise SettlementError("an exhaustive draw needs the tenpai state of four players")
    ready = sum(1 for t in tenpai if t)
    if ready in (0, 4):
        return (0, 0, 0, 0)
    gain, loss = total // ready, total // (4 - ready)
    return tuple(gain if t else -loss for t in tenpai)


def ron_winners(
    discarder: int, claimants: Iterable[int], rules: RulePreset = TENHOU
) -> tuple[int, ...]:
    """Who wins when several players call ron on one discard, in turn order after the discarder.

    With a head bump only the first of them wins; with double ron two may win and three
    callers abort the hand (an empty tuple), as on Tenhou; with triple ron all win. Honba and
    riichi sticks go to the first winner only (see :func:`multiple_ron_bonus`).

    >>> ron_winners(0, [3, 1])
    (1, 3)
    >>> ron_winners(0, [1, 2, 3])
    ()
    >>> from dataclasses import replace
    >>> ron_winners(0, [3, 1], replace(TENHOU, multiple_ron="head_bump"))
    (1,)
    """
    _check_seat(discarder)
    order = sorted(set(claimants), key=lambda seat: (seat - discarder) % 4)
    for seat in order:
        _check_seat(seat)
        if seat == discarder:
            raise SettlementError("a player cannot ron their own discard")
    if not order:
        return ()
    if rules.multiple_ron == "head_bump":
        return (order[0],)
    if len(order) == 3 and rules.multiple_ron == "double_ron":
        return ()
    return tuple(order)


def multiple_ron_bonus(
    winners: Sequence[int], honba: int, sticks: int
) -> dict[int, tuple[int, int]]:
    """Honba and riichi sticks of each winner of one discard: all to the first, none to others.

    >>> multiple_ron_bonus((1, 3), honba=2, sticks=1)
    {1: (2, 1), 3: (0, 0)}
    """
    return {seat: ((honba, sticks) if i == 0 else (0, 0)) for i, seat in enumerate(winners)}


@dataclass(frozen=True, slots=True)
class TableState:
    """Where the game stands: round wind (0 East, 1 South...), dealer seat, counters.

    >>> str(TableState(round_wind=0, dealer=2, honba=1))
    'E3, 1 honba, 0 riichi sticks'
    """

    round_wind: int = 0
    dealer: int = 0
    honba: int = 0
    riichi_sticks: int = 0

    def __str__(self) -> str:
        return (
            f"{'ESWN'[self.round_wind]}{self.dealer + 1}, {self.honba} honba, "
            f"{self.riichi_sticks} riichi sticks"
        )

    def rotated(self) -> TableState:
        """The next dealer; after the fourth dealer of a wind, the next round wind.

        >>> str(TableState(0, 3, 2, 1).rotated())
        'S1, 2 honba, 1 riichi sticks'
        """
        dealer = (self.dealer + 1) % 4
        wind = self.round_wind + (1 if dealer == 0 else 0)
        return TableState(wind, dealer, self.honba, self.riichi_sticks)


def after_win(state: TableState, winners: Sequence[int]) -> TableState:
    """The next hand after a win: the dealer repeats with one more honba if among the winners,
    otherwise the deal passes and honba go back to 0. The winner took the riichi sticks.

    >>> after_win(TableState(0, 0, 0, 2), [0])
    TableState(round_wind=0, dealer=0, honba=1, riichi_sticks=0)
    >>> after_win(TableState(0, 3, 4, 1), [1])
    TableState(round_wind=1, dealer=0, honba=0, riichi_sticks=0)
    """
    if not winners:
        raise SettlementError("a win needs at least one winner")
    if state.dealer in winners:
        return TableState(state.round_wind, state.dealer, state.honba + 1, 0)
    nxt = state.rotated()
    return TableState(nxt.round_wind, nxt.dealer, 0, 0)


def after_draw(state: TableState, dealer_tenpai: bool, new_riichi_sticks: int = 0) -> TableState:
    """The next hand after an exhaustive draw: one more honba, riichi sticks stay on the table;
    the dealer repeats when in tenpai, otherwise the deal passes.

    >>> after_draw(TableState(0, 1, 0, 1), dealer_tenpai=False, new_riichi_sticks=1)
    TableState(round_wind=0, dealer=2, honba=1, riichi_sticks=2)
    """
    sticks = state.riichi_sticks + new_riichi_sticks
    if dealer_tenpai:
        return TableState(state.round_wind, state.dealer, state.honba + 1, sticks)
    nxt = state.rotated()
    return TableState(nxt.round_wind, nxt.dealer, state.honba + 1, sticks)


def placements(points: Sequence[int]) -> tuple[int, ...]:
    """Place (1..4) of each seat; on equal points the seat nearer the first dealer ranks higher.

    >>> placements((25000, 30000, 25000, 20000))
    (2, 1, 3, 4)
    """
    if len(points) != 4:
        raise SettlementError("a game has four players")
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    places = [0] * 4
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return tuple(places)


def _round_thousands(diff: int) -> int:
    # Nearest thousand; an exact half rounds down (so 2,500 above the target counts +2).
    return (diff + 400) // 1000


def final_scores(
    points: Sequence[int],
    rules: RulePreset = TENHOU,
    *,
    uma: Sequence[int] | None = None,
    return_points: int | None = None,
) -> tuple[int, ...]:
    """Final result of each seat in thousands (seed 002's settlement).

    Each player but the top one rounds their score to the nearest thousand and subtracts the
    return points (30,000 on Tenhou); the top player takes the negated sum of the others, which
    also hands them the oka. Then the uma of each place is added.

    >>> final_scores((56800, 32400, 19100, -8300))
    (67, 12, -21, -58)
    >>> sum(final_scores((31000, 24000, 24000, 21000)))
    0
    """
    if len(points) != 4:
        raise SettlementError("a game has four players")
    target = rules.return_points if return_points is None else return_points
    bonus = tuple(rules.uma if uma is None else uma)
    if len(bonus) != 4:
        raise SettlementError("uma needs one value per place")
    places = placements(points)
    result = [0] * 4
    top = places.index(1)
    for seat in range(4):
        if seat != top:
            result[seat] = _round_thousands(points[seat] - target)
    result[top] = -sum(result)
    return tuple(result[seat] + bonus[places[seat] - 1] for seat in range(4))


def _check_seat(seat: int) -> None:
    if seat not in (0, 1, 2, 3):
        raise SettlementError(f"seats are 0..3, got {seat}")
