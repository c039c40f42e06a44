"""Scoring with reasons: yaku, dora, fu line by line, limits, payments, presets, settlement.

The ``mahjong`` library is imported only inside this package (in ``_library``).

>>> from tutor.engine.scoring import Situation, physical_tiles, score
>>> tiles = physical_tiles("234567m23455p678s")
>>> score(Situation(closed=tiles, win_tile=tiles[8], riichi=True)).points
3900
"""

from .classical import (
    CLASSICAL,
    ClassicalResult,
    ClassicalRules,
    PointLine,
    UnknownScoringError,
    score_classical,
)
from .hongkong import (
    HONG_KONG,
    FaanLine,
    HongKongResult,
    HongKongRules,
    NotEnoughFaanError,
    score_hong_kong,
)
from .near_miss import NearMiss
from .payments import LoserPayments, Payment, Payments, base_points_for, hand_payments
from .presets import EMA, MAHJONG_SOUL, PRESETS, TENHOU, RulePreset, UnknownPresetError, preset
from .score import (
    TENHOU_NAMES,
    FuLine,
    ScoreResult,
    Split,
    YakuScore,
    has_yaku,
    score,
    tile_name,
)
from .situation import (
    CalledSet,
    ImpossibleSituationError,
    InvalidTilesError,
    NotAWinningHandError,
    NoYakuError,
    ScoringError,
    Situation,
    physical_tiles,
    situation_from_hand,
)

__all__ = [
    "CLASSICAL",
    "ClassicalResult",
    "ClassicalRules",
    "PointLine",
    "UnknownScoringError",
    "score_classical",
    "HONG_KONG",
    "FaanLine",
    "HongKongResult",
    "HongKongRules",
    "NotEnoughFaanError",
    "score_hong_kong",
    "EMA",
    "MAHJONG_SOUL",
    "PRESETS",
    "TENHOU",
    "TENHOU_NAMES",
    "CalledSet",
    "FuLine",
    "ImpossibleSituationError",
    "InvalidTilesError",
    "LoserPayments",
    "NearMiss",
    "NoYakuError",
    "NotAWinningHandError",
    "Payment",
    "Payments",
    "RulePreset",
    "ScoreResult",
    "ScoringError",
    "Situation",
    "Split",
    "UnknownPresetError",
    "YakuScore",
    "base_points_for",
    "hand_payments",
    "has_yaku",
    "physical_tiles",
    "preset",
    "score",
    "situation_from_hand",
    "tile_name",
]
