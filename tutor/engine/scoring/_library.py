"""The one place that imports the ``mahjong`` library.

Everything else in the project goes through :mod:`tutor.engine.scoring`. The library is
typed, but its objects (yaku, configs) are mutable and shared, so they stay inside this
package and only plain values leave it.

>>> divide((0, 1, 2) * 0 + (1,) * 9 + (0,) * 25, ())
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID
from mahjong.meld import Meld
from mahjong.utils import build_dora_count_map, classify_hand_suits, count_dora_for_hand

from .presets import RulePreset
from .situation import CalledSet, Situation

Blocks = list[list[int]]

_MELD_TYPE = {
    "chi": Meld.CHI,
    "pon": Meld.PON,
    "minkan": Meld.KAN,
    "ankan": Meld.KAN,
    "kakan": Meld.SHOUMINKAN,
}


def to_library_melds(melds: Sequence[CalledSet]) -> list[Any]:
    """The library's ``Meld`` objects for our called sets (typed ``Any`` at this boundary)."""
    return [
        Meld(
            meld_type=_MELD_TYPE[m.kind],
            tiles=sorted(m.tiles),
            opened=m.is_open,
            called_tile=m.called_tile,
        )
        for m in melds
    ]


def make_config(s: Situation, rules: RulePreset) -> Any:
    """A fresh library ``HandConfig`` (its yaku objects are mutated while scoring)."""
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.red_fives > 0,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=(
            HandConstants.KAZOE_LIMITED if rules.counted_yakuman else HandConstants.KAZOE_SANBAIMAN
        ),
        kiriage=rules.round_up_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )
    config = HandConfig(
        is_tsumo=s.tsumo,
        is_riichi=s.riichi,
        is_daburu_riichi=s.double_riichi,
        is_ippatsu=s.ippatsu,
        is_rinshan=s.rinshan,
        is_chankan=s.chankan,
        is_haitei=s.haitei,
        is_houtei=s.houtei,
        is_tenhou=s.tenhou,
        is_chiihou=s.chiihou,
        player_wind=s.seat_wind,
        round_wind=s.round_wind,
        kyoutaku_number=s.riichi_sticks,
        tsumi_number=s.honba,
        options=options,
    )
    if not rules.double_yakuman:
        y = config.yaku
        y.daburu_kokushi.han_closed = 13
        y.suuankou_tanki.han_closed = 13
        y.daburu_chuuren_poutou.han_closed = 13
        y.daisuushi.han_closed = 13
        y.daisuushi.han_open = 13
    return config


def divide(tiles_34: Sequence[int], melds: Sequence[Any]) -> list[Blocks]:
    """Every split of the hand into four sets and a pair, or seven pairs."""
    return HandDivider.divide_hand(list(tiles_34), list(melds))


def fu_details(
    blocks: Blocks,
    win_tile: int,
    win_group: list[int],
    config: Any,
    valued_tiles: list[int],
    melds: Sequence[Any],
) -> tuple[list[tuple[int, str]], int]:
    """The library's fu items ``(fu, reason code)`` and the rounded total."""
    details, total = FuCalculator.calculate_fu(
        blocks, win_tile, win_group, config, valued_tiles, list(melds)
    )
    return [(d["fu"], d["reason"]) for d in details], total


def scores(han: int, fu: int, config: Any, is_yakuman: bool) -> dict[str, Any]:
    """The library's payment table for ``han`` and ``fu``."""
    return dict(ScoresCalculator.calculate_scores(han, fu, config, is_yakuman))


def dora_count(tiles_34: Sequence[int], indicators: Sequence[int]) -> int:
    """Han of dora the indicators give to these tiles."""
    return count_dora_for_hand(list(tiles_34), build_dora_count_map(list(indicators)))


def suit_mask(blocks: Blocks) -> tuple[int, int]:
    """The library's (suit bit mask, honor count) of a split."""
    return classify_hand_suits(blocks)


def tenhou_id(yaku: Any) -> int:
    """Tenhou's id of a library yaku."""
    return YAKU_ID_TO_TENHOU_ID[yaku.yaku_id]


FU_REASONS = FuCalculator


def library_value(s: Situation, rules: RulePreset) -> tuple[int, int, int, frozenset[int]] | str:
    """The library's own answer for a whole hand: (han, fu, points, Tenhou yaku ids) or its
    error code. Used to check that scoring split by split agrees with ``HandCalculator``."""
    from mahjong.hand_calculating.hand import HandCalculator

    config = make_config(s, rules)
    response = HandCalculator.estimate_hand_value(
        list(s.all_tiles),
        s.win_tile,
        melds=to_library_melds(s.melds),
        dora_indicators=list(s.dora_indicators),
        ura_dora_indicators=list(s.ura_indicators),
        config=config,
    )
    if response.error:
        return str(response.error)
    cost = response.cost
    assert cost is not None and response.han is not None and response.fu is not None
    points = int(cost["main"]) + 2 * int(cost["additional"])
    ids = frozenset(tenhou_id(y) for y in response.yaku or ())
    return response.han, response.fu, points, ids
