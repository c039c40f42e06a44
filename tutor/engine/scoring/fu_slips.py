"""The usual slips behind a wrong fu total, recognised from the engine's own fu lines.

A learner who counts fu by hand tends to make a few slips again and again: adding up and not
rounding, rounding down, giving an open hand the 10 fu of a closed ron, adding 2 fu for a
pinfu tsumo, counting a ron-completed triplet as concealed, paying a guest-wind pair, leaving
out the wait. :func:`fu_slip` names the slip a total shows (a code a renderer words) and the
fu line it miscounted, when there is one to mark on the hand.

>>> from tutor.engine.scoring import score, situation_from_hand
>>> from tutor.engine.hand import parse_hand
>>> won = parse_hand("111m456p789s23455s")
>>> ron = score(situation_from_hand(won, 0, riichi=True))  # the 1m triplet completed by ron
>>> ron.fu, [str(fu_slip(ron, n, open_hand=False).code) for n in (34, 30)]
(40, ['not_rounded', 'rounded_down'])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .score import FuLine, ScoreResult

__all__ = ["FuSlip", "FuSlipCode", "fu_culprit", "fu_slip"]


class FuSlipCode(StrEnum):
    """The slips :func:`fu_slip` recognises."""

    SEVEN_PAIRS = "seven_pairs"
    """Seven pairs counted like sets (they are 25 fu, never rounded)."""
    NOT_ROUNDED = "not_rounded"
    """The fu added up and not rounded up to the next ten."""
    ROUNDED_DOWN = "rounded_down"
    """The fu rounded down instead of up."""
    CLOSED_RON_OPEN = "closed_ron_open"
    """The 10 fu of a closed ron given to an open hand."""
    PINFU_TSUMO = "pinfu_tsumo"
    """The 2 fu of tsumo added to a pinfu tsumo (20 fu flat)."""
    RON_SET_CONCEALED = "ron_set_concealed"
    """A triplet completed by the ron counted as concealed (the miscounted line: ``set``)."""
    GUEST_WIND_PAIR = "guest_wind_pair"
    """2 fu for a pair of a wind that is neither the seat nor the round wind (``pair``)."""
    WAIT_LEFT_OUT = "wait_left_out"
    """The 2 fu of the wait left out (``wait``)."""


@dataclass(frozen=True)
class FuSlip:
    """A slip :func:`fu_slip` recognised: its ``code``, the fu before rounding (``raw``) and
    the fu line it miscounted (``None`` for the slips of adding and rounding)."""

    code: FuSlipCode
    raw: int
    line: FuLine | None = None


def _rounded(n: int) -> int:
    return -(-n // 10) * 10


def _raw(result: ScoreResult) -> int:
    return sum(line.fu for line in result.fu_lines if line.code != "rounding")


def fu_culprit(result: ScoreResult, typed: int) -> FuLine | None:
    """The fu line that a wrong total ``typed`` miscounted: a ron-completed triplet counted
    concealed, a guest-wind pair given 2 fu, a wait left out; ``None`` when no single line
    explains it."""
    raw = _raw(result)
    for line in result.fu_lines:
        p = line.params
        tile = str(p.get("tile", ""))
        if line.code == "set" and p.get("state") == "ron_open" and typed == _rounded(raw + line.fu):
            return line
        guest_wind = line.code == "pair" and not p.get("role") and tile.endswith("z")
        if guest_wind and typed == _rounded(raw + 2):
            return line
        if line.code == "wait" and line.fu and typed == _rounded(raw - line.fu):
            return line
    return None


_LINE_SLIPS = {
    "set": FuSlipCode.RON_SET_CONCEALED,
    "pair": FuSlipCode.GUEST_WIND_PAIR,
    "wait": FuSlipCode.WAIT_LEFT_OUT,
}


def fu_slip(result: ScoreResult, typed: int, open_hand: bool) -> FuSlip | None:
    """The slip behind the wrong total ``typed`` for ``result``, or ``None`` when the total
    shows none of the usual ones (thirteen orphans never does: it has no fu to count).

    >>> from tutor.engine.scoring import score, situation_from_hand
    >>> from tutor.engine.hand import parse_hand
    >>> west = score(situation_from_hand(parse_hand("123m456p789s234s33z"), 0, riichi=True))
    >>> slip = fu_slip(west, 40, open_hand=False)  # 2 fu for the pair of West, an East seat's
    >>> west.fu, str(slip.code), slip.line.params["tile"], fu_slip(west, 70, open_hand=False)
    (30, 'guest_wind_pair', '3z', None)
    """
    codes = {line.code for line in result.fu_lines}
    raw = _raw(result)
    if "chiitoitsu" in codes:
        return FuSlip(FuSlipCode.SEVEN_PAIRS, raw)
    if "kokushi" in codes:
        return None
    if typed == raw and raw != result.fu:
        return FuSlip(FuSlipCode.NOT_ROUNDED, raw)
    if typed == raw // 10 * 10 and raw % 10:
        return FuSlip(FuSlipCode.ROUNDED_DOWN, raw)
    if open_hand and "closed_ron" not in codes and typed == _rounded(raw + 10):
        return FuSlip(FuSlipCode.CLOSED_RON_OPEN, raw)
    if "pinfu_tsumo" in codes and typed == 30:
        return FuSlip(FuSlipCode.PINFU_TSUMO, raw)
    line = fu_culprit(result, typed)
    if line is None:
        return None
    return FuSlip(_LINE_SLIPS[line.code], raw, line)
