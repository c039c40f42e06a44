"""Rule presets as data: what differs between Tenhou, Mahjong Soul and the EMA rules.

Each preset is a frozen :class:`RulePreset`; the scorer, the payments and the settlement read
only these fields, so a new club rule is one more instance, not more code.

>>> TENHOU.open_tanyao, EMA.red_fives, MAHJONG_SOUL.double_yakuman
(True, 0, True)
>>> preset("mahjong soul") is MAHJONG_SOUL
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MultipleRon = Literal["head_bump", "double_ron", "triple_ron"]


class UnknownPresetError(ValueError):
    """No preset has that name."""


@dataclass(frozen=True, slots=True)
class RulePreset:
    """One rule set of riichi mahjong, as data.

    :ivar red_fives: red fives in the set (each counts one han of dora): 0, 3 (one per suit)
        or 4 (two red 5p).
    :ivar open_tanyao: tanyao also counts for an open hand (kuitan).
    :ivar double_yakuman: single-wait suuankou, 13-sided kokushi, pure nine gates and daisuushii
        count as two yakuman.
    :ivar stacked_yakuman: several yakuman in one hand add up (two yakuman pay twice).
    :ivar counted_yakuman: 13 han or more from ordinary yaku and dora is a yakuman (kazoe);
        otherwise it is capped at sanbaiman.
    :ivar round_up_mangan: 4 han 30 fu and 3 han 60 fu are paid as mangan (kiriage).
    :ivar double_wind_pair_fu: fu of a pair of the wind that is both seat and round wind.
    :ivar multiple_ron: when several players call ron on one discard: only the first in turn
        order after the discarder wins (``head_bump``), two may win and three abort the hand
        (``double_ron``), or all of them win (``triple_ron``).
    :ivar noten_payments: total paid by the players not in tenpai at an exhaustive draw.
    :ivar honba_value: points per honba counter added to a win (split over the payers).
    :ivar start_points / return_points: starting score and the score the final result is
        measured against; the difference times four goes to the top (oka).
    :ivar uma: points (in thousands) added to the final result by place, first to fourth.
    """

    name: str
    red_fives: int
    open_tanyao: bool
    double_yakuman: bool
    stacked_yakuman: bool
    counted_yakuman: bool
    round_up_mangan: bool
    double_wind_pair_fu: int
    multiple_ron: MultipleRon
    noten_payments: int
    honba_value: int
    start_points: int
    return_points: int
    uma: tuple[int, int, int, int]


TENHOU = RulePreset(
    name="Tenhou",
    red_fives=3,
    open_tanyao=True,
    double_yakuman=False,
    stacked_yakuman=True,
    counted_yakuman=True,
    round_up_mangan=False,
    double_wind_pair_fu=4,
    multiple_ron="double_ron",
    noten_payments=3000,
    honba_value=300,
    start_points=25000,
    return_points=30000,
    uma=(20, 10, -10, -20),
)
"""Tenhou's ranked rooms (the rules of the reference file)."""

MAHJONG_SOUL = RulePreset(
    name="Mahjong Soul",
    red_fives=3,
    open_tanyao=True,
    double_yakuman=True,
    stacked_yakuman=True,
    counted_yakuman=True,
    round_up_mangan=False,
    double_wind_pair_fu=4,
    multiple_ron="double_ron",
    noten_payments=3000,
    honba_value=300,
    start_points=25000,
    return_points=25000,
    uma=(15, 5, -5, -15),
)
"""Mahjong Soul's ranked 4-player rooms (double yakuman count twice)."""

# Each EMA value says whether the seeds back it ("seed") or it is an assumption taken from the
# EMA Riichi Competition Rules, 2016 edition, which are not among the seeds ("assumption").
EMA = RulePreset(
    name="EMA",
    # seed 002: red fives are optional ("4 fichas bonus opcionales"); none in the EMA set is an
    # assumption (the 2016 edition removed them).
    red_fives=0,
    # seed 002: "algunas reglas prohíben el Kuitan", so both are seed rules; EMA allowing open
    # tanyao since 2016 is an assumption.
    open_tanyao=True,
    # assumption: seed 002 makes single-wait suuankou and 13-sided kokushi double yakuman and
    # daisuushii "a veces"; EMA counting every yakuman once is not in the seeds.
    double_yakuman=False,
    # assumption: seed 002 counts each extra yakuman as one more limit ("Por cada Yakuman
    # adicional ... un múltiple más"); EMA not adding them up is not in the seeds.
    stacked_yakuman=False,
    # assumption: seed 002 makes 13 han or more a counted yakuman (kazoe, 8,000 base);
    # EMA capping it at sanbaiman is not in the seeds.
    counted_yakuman=False,
    # seed 002: mangan starts at "5 han, or 4 han 40 fu, or 3 han 70 fu", so 4 han 30 fu stays
    # 1,920 base points. Fixed: this preset rounded it up to mangan (that is the WRC rule, and
    # the EMA's 2016 notes list it as a difference from WRC).
    round_up_mangan=False,
    # seed 002: "Pareja de dragón o viento de ronda/asiento = +2", with no more for a wind
    # that is both; that EMA counts 2 fu, not 4, is an assumption.
    double_wind_pair_fu=2,
    # assumption: seed 000 makes a triple ron an abortive draw only as an option ("es posible
    # activar la regla de sanchahō"); EMA letting all three win is not in the seeds.
    multiple_ron="triple_ron",
    # assumption: the seeds name tenpai at an exhaustive draw (seed 000) but no amount; 3,000
    # split is the common rule and the EMA's.
    noten_payments=3000,
    # assumption: seed 000 says only that Japanese sets add a honba counter; 300 per counter
    # (100 from each payer) is the common value and the EMA's.
    honba_value=300,
    # assumption: seed 002 starts at 25,000 and measures the final score against 30,000;
    # EMA tournaments start at 30,000 (so there is no oka), which is not in the seeds.
    start_points=30000,
    # seed 002: the final score is measured against 30,000 ("Base de 30000 puntos").
    return_points=30000,
    # assumption: seed 002's final-score example has no uma; 15/5/-5/-15 is the EMA's.
    uma=(15, 5, -5, -15),
)
"""The European Mahjong Association's Riichi Competition Rules (2016 edition): no red fives,
a single yakuman at most, no counted yakuman, no rounding up to mangan, double and triple ron."""

PRESETS: dict[str, RulePreset] = {p.name.lower(): p for p in (TENHOU, MAHJONG_SOUL, EMA)}


def preset(name: str) -> RulePreset:
    """Return the preset called ``name`` (case and spaces or dashes do not matter).

    >>> preset("Tenhou").name
    'Tenhou'
    >>> preset("wrc")
    Traceback (most recent call last):
    ...
    tutor.engine.scoring.presets.UnknownPresetError: no rule preset 'wrc'; choose one of: tenhou, mahjong soul, ema
    """
    key = " ".join(name.lower().replace("-", " ").replace("_", " ").split())
    if key not in PRESETS:
        raise UnknownPresetError(f"no rule preset {name!r}; choose one of: {', '.join(PRESETS)}")
    return PRESETS[key]
