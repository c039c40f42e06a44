"""Score a winning hand and say why: yaku, dora, fu line by line, limit, payments, splits.

The tables and the search over splits come from the ``mahjong`` library (its divider, yaku
conditions, fu calculator and score table); this module evaluates *every* split, keeps the
highest-scoring one as the library and Tenhou do, and lists the others.

>>> from tutor.engine.scoring.situation import Situation, physical_tiles
>>> # 234m 567m 23455p 678s, ron on 4p (waiting on 1p-4p) with riichi
>>> tiles = physical_tiles("234567m23455p678s")
>>> r = score(Situation(closed=tiles, win_tile=tiles[8], riichi=True))
>>> r.han, r.fu, r.points, r.limit
(3, 30, 3900, '')
>>> [y.name for y in r.yaku]
['Riichi', 'Pinfu', 'Tanyao']
>>> for line in r.fu_lines: print(line)
Base: 20
Closed ron: +10
Two-sided wait (ryanmen) on 4p: 0
Pair of 5p: 0
Sequence 234m, closed: 0
Sequence 567m, closed: 0
Sequence 234p, closed: 0
Sequence 678s, closed: 0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from ..hand import Hand
from ..tiles import Tile, is_red_136, tile_name, tile_str
from . import _library as lib
from .classical import ClassicalResult, ClassicalRules, score_classical
from .hongkong import HongKongResult, HongKongRules, score_hong_kong
from .near_miss import NearMiss, SplitShape, find_near_misses
from .payments import Payments, base_points_for, hand_payments
from .presets import TENHOU, RulePreset
from .situation import (
    EAST,
    NORTH,
    SOUTH,
    WEST,
    NotAWinningHandError,
    NoYakuError,
    Situation,
    situation_from_hand,
)

TENHOU_NAMES: dict[int, str] = {
    0: "Menzen Tsumo", 1: "Riichi", 2: "Ippatsu", 3: "Chankan", 4: "Rinshan Kaihou",
    5: "Haitei Raoyue", 6: "Houtei Raoyui", 7: "Pinfu", 8: "Tanyao", 9: "Iipeikou",
    10: "Seat Wind East", 11: "Seat Wind South", 12: "Seat Wind West", 13: "Seat Wind North",
    14: "Round Wind East", 15: "Round Wind South", 16: "Round Wind West", 17: "Round Wind North",
    18: "Haku", 19: "Hatsu", 20: "Chun", 21: "Double Riichi", 22: "Chiitoitsu", 23: "Chanta",
    24: "Ittsu", 25: "Sanshoku Doujun", 26: "Sanshoku Doukou", 27: "Sankantsu", 28: "Toitoi",
    29: "Sanankou", 30: "Shousangen", 31: "Honroutou", 32: "Ryanpeikou", 33: "Junchan",
    34: "Honitsu", 35: "Chinitsu", 36: "Renhou", 37: "Tenhou", 38: "Chiihou", 39: "Daisangen",
    40: "Suuankou", 41: "Suuankou Tanki", 42: "Tsuuiisou", 43: "Ryuuiisou", 44: "Chinroutou",
    45: "Chuuren Poutou", 46: "Junsei Chuuren Poutou", 47: "Kokushi Musou",
    48: "Kokushi Musou 13-sided", 49: "Daisuushii", 50: "Shousuushii", 51: "Suukantsu",
    52: "Dora", 53: "Ura Dora", 54: "Aka Dora",
}  # fmt: skip
"""English names of the yaku, keyed by Tenhou's ids (the ids of the reference file)."""

YAKU_KEYS: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan_kaihou",
    5: "haitei_raoyue", 6: "houtei_raoyui", 7: "pinfu", 8: "tanyao", 9: "iipeikou",
    10: "seat_wind_east", 11: "seat_wind_south", 12: "seat_wind_west", 13: "seat_wind_north",
    14: "round_wind_east", 15: "round_wind_south", 16: "round_wind_west",
    17: "round_wind_north", 18: "haku", 19: "hatsu", 20: "chun", 21: "double_riichi",
    22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku_doujun", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou",
    32: "ryanpeikou", 33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou",
    38: "chiihou", 39: "daisangen", 40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou",
    43: "ryuuiisou", 44: "chinroutou", 45: "chuuren_poutou", 46: "junsei_chuuren_poutou",
    47: "kokushi_musou", 48: "kokushi_musou_13_sided", 49: "daisuushii", 50: "shousuushii",
    51: "suukantsu", 52: "dora", 53: "ura_dora", 54: "aka_dora",
}  # fmt: skip
"""A stable machine key per yaku (lower-case, ``_`` between words), keyed by Tenhou's ids.

Renderers translate these keys; they never change once published.
"""

FU_CODES: dict[str, frozenset[str]] = {
    "base": frozenset(),
    "closed_ron": frozenset(),
    "wait": frozenset({"shape", "tile", "also_two_sided"}),
    "pair": frozenset({"tile", "role"}),
    "sequence": frozenset({"tiles", "state"}),
    "set": frozenset({"tile", "kind", "state", "grade"}),
    "tsumo": frozenset(),
    "pinfu_tsumo": frozenset(),
    "open_pinfu": frozenset(),
    "rounding": frozenset({"from", "to"}),
    "chiitoitsu": frozenset(),
    "kokushi": frozenset(),
}
"""Every :attr:`FuLine.code` the scorer emits, with the :attr:`FuLine.params` each one carries.

Param values: ``tile`` is one tile in notation (``4p``, ``1z``); ``tiles`` a group
(``234m``); ``shape`` a :class:`~tutor.engine.waits.WaitShape` value (``two_sided``,
``closed``, ``edge``, ``single``, ``dual_pon``); ``also_two_sided`` 1 when the sequence can also
be read as two-sided, else 0; ``role`` of a pair: ``""``, ``dragon``, ``seat``, ``round`` or
``seat_round``; ``kind`` of a set: ``pon`` or ``kan``; ``state`` of a sequence: ``closed`` or
``called``, of a set: ``open``, ``closed`` or ``ron_open`` (closed but completed by ron);
``grade``: ``simple``, ``terminal`` or ``honor``; ``from`` / ``to``: fu before and after rounding.
"""

DORA_ID, URA_ID, AKA_ID = 52, 53, 54
Wait = Literal["two-sided", "closed", "edge", "pair", "set", "thirteen orphans"]


def _code(kinds: list[int]) -> str:
    suit = "mpsz"[kinds[0] // 9]
    return "".join(str(k % 9 + 1) for k in kinds) + suit


@dataclass(frozen=True, slots=True)
class YakuScore:
    """One yaku (or the dora, ura dora, red fives) with its han.

    >>> YakuScore(1, "Riichi", 1)
    YakuScore(tenhou_id=1, name='Riichi', han=1, is_yakuman=False)
    """

    tenhou_id: int
    name: str
    han: int
    is_yakuman: bool = False

    @property
    def key(self) -> str:
        """The yaku's stable machine key (see :data:`YAKU_KEYS`).

        >>> YakuScore(25, "Sanshoku Doujun", 2).key
        'sanshoku_doujun'
        """
        return YAKU_KEYS[self.tenhou_id]


@dataclass(frozen=True, slots=True)
class FuLine:
    """One line of the fu count: ``str(line)`` reads as a lesson would say it.

    ``code`` and ``params`` say the same thing as data, for a renderer that writes it in
    another language (the codes and their params are listed in :data:`FU_CODES`).

    >>> str(FuLine(10, "Closed ron", "+"))
    'Closed ron: +10'
    >>> line = FuLine(4, "Called triplet of 9p, terminal", "", "set",
    ...               {"tile": "9p", "kind": "pon", "state": "open", "grade": "terminal"})
    >>> str(line), line.code, line.params["grade"]
    ('Called triplet of 9p, terminal: 4', 'set', 'terminal')
    """

    fu: int
    reason: str
    sign: str = ""
    code: str = ""
    params: Mapping[str, str | int] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"{self.reason}: {self.sign}{self.fu}"


@dataclass(frozen=True, slots=True)
class Split:
    """One way of reading the hand as sets, with the value it would have.

    ``groups`` use the engine notation: ``345m`` closed, ``[777p]`` called, ``(1111z)`` closed
    kan; ``winning_group`` is the group the winning tile completed.
    """

    groups: tuple[str, ...]
    winning_group: str
    wait: Wait
    han: int
    fu: int
    points: int
    yaku: tuple[str, ...]

    def __str__(self) -> str:
        yaku = ", ".join(self.yaku) if self.yaku else "no yaku"
        value = f"{self.han} han {self.fu} fu, {self.points}" if self.yaku else "cannot win"
        return f"{' '.join(self.groups)} (wins on {self.winning_group}, {self.wait} wait): {yaku}; {value}"


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The value of a win and every reason for it.

    ``points`` is the hand's value without honba or riichi sticks (as Tenhou reports it);
    ``payments`` adds them and says who pays what.
    """

    han: int
    fu: int
    limit: str
    counted_yakuman: bool
    base_points: int
    points: int
    yaku: tuple[YakuScore, ...]
    dora: int
    ura: int
    red: int
    fu_lines: tuple[FuLine, ...]
    payments: Payments
    split: Split
    other_splits: tuple[Split, ...]
    near_misses: tuple[NearMiss, ...]
    rules: str

    @property
    def is_yakuman(self) -> bool:
        """Whether the hand is paid as a yakuman (a real one or a counted one)."""
        return self.limit.endswith("yakuman")


@dataclass(slots=True)
class _Candidate:
    blocks: list[list[int]]
    win_group: list[int]
    group_open: list[bool]
    group_kind: list[str]
    wait: Wait
    yaku: list[Any]
    han: int
    fu: int
    fu_items: list[tuple[int, str]]
    cost: dict[str, Any] | None
    yakuman_count: int
    dora: int = 0
    ura: int = 0
    red: int = 0

    def priority(self) -> tuple[int, bool, int, int, int]:
        total = self.cost["total"] if self.cost else -1
        has_yakuman = any(y.is_yakuman for y in self.yaku)
        return (total, has_yakuman, self.han, self.fu, sum(f for f, _ in self.fu_items))


@overload
def score(situation: Situation, rules: RulePreset = TENHOU) -> ScoreResult: ...


@overload
def score(situation: Situation, rules: HongKongRules) -> HongKongResult: ...


@overload
def score(situation: Situation, rules: ClassicalRules) -> ClassicalResult: ...


def score(
    situation: Situation, rules: RulePreset | HongKongRules | ClassicalRules = TENHOU
) -> ScoreResult | HongKongResult | ClassicalResult:
    """Score ``situation`` under ``rules``: a riichi preset, Hong Kong rules (faan) or classical
    rules (simple, bonus or exponential points).

    Raises :class:`~tutor.engine.scoring.situation.InvalidTilesError` or
    :class:`~tutor.engine.scoring.situation.ImpossibleSituationError` for impossible input,
    :class:`~tutor.engine.scoring.situation.NotAWinningHandError` when the tiles are not a
    complete hand, and :class:`~tutor.engine.scoring.situation.NoYakuError` (with the near
    misses) when the hand is complete but has no yaku.

    >>> from tutor.engine.scoring.situation import Situation, physical_tiles
    >>> # 123m 456p 789s 222s 99p, ron on 9p: complete, but no yaku
    >>> tiles = physical_tiles("123m456p789s222s99p")
    >>> score(Situation(closed=tiles, win_tile=tiles[-1]))
    Traceback (most recent call last):
    ...
    tutor.engine.scoring.situation.NoYakuError: No yaku: this hand cannot win. A complete shape is not enough, a winning hand needs at least one yaku. Near misses: pinfu: it holds a set of 2s, pinfu needs four sequences; tanyao: holds 1m, 9p, 9s; menzen tsumo: won by ron, not by tsumo; ...
    """
    if isinstance(rules, HongKongRules):
        return score_hong_kong(situation, rules)
    if isinstance(rules, ClassicalRules):
        return score_classical(situation, rules)
    situation.validate()
    config = lib.make_config(situation, rules)
    lib_melds = lib.to_library_melds(situation.melds)
    all_tiles = situation.all_tiles
    tiles_34 = [0] * 34
    for t in all_tiles:
        tiles_34[t // 4] += 1

    candidates = _regular_candidates(situation, rules, config, lib_melds, tiles_34)
    kokushi = _kokushi_candidate(situation, config, tiles_34)
    if kokushi is not None:
        candidates.append(kokushi)
    if not candidates:
        raise NotAWinningHandError(
            "these tiles are not a winning hand: they need four sets and a pair, seven pairs "
            "or thirteen orphans"
        )

    candidates.sort(key=lambda c: c.priority(), reverse=True)
    best = candidates[0]
    shape = _shape(best, situation)
    present = {lib.tenhou_id(y) for y in best.yaku}
    misses = find_near_misses(shape, situation, rules, present)
    if best.cost is None:
        listed = "; ".join(f"{m.yaku}: {m.reason}" for m in misses[:3])
        more = "; ..." if len(misses) > 3 else ""
        raise NoYakuError(
            "No yaku: this hand cannot win. A complete shape is not enough, a winning hand "
            f"needs at least one yaku. Near misses: {listed}{more}",
            tuple((m.yaku, m.reason) for m in misses),
            misses,
        )
    return _result(best, candidates[1:], situation, rules, misses)


def has_yaku(hand: Hand, tile: Tile, rules: RulePreset = TENHOU, **flags: Any) -> bool:
    """Whether winning on ``tile`` (by ron unless ``tsumo=True``) gives ``hand`` a yaku.

    ``hand`` is the 13 tiles before the win (called sets included); ``flags`` are the other
    fields of :class:`~tutor.engine.scoring.situation.Situation` (``riichi=True``,
    ``seat_wind=SOUTH``, ``round_wind=EAST`` ...). False when ``tile`` does not complete the
    hand or the complete hand has no yaku: the test a ron must pass, the ``has_yaku`` that
    :func:`~tutor.engine.calls.call_options` takes. Impossible tiles or flags still raise.

    >>> from tutor.engine.hand import parse_hand
    >>> closed = parse_hand("123m456p789s222s9p")  # waits on 9p, no yaku of its own
    >>> has_yaku(closed, 17), has_yaku(closed, 17, riichi=True), has_yaku(closed, 17, tsumo=True)
    (False, True, True)
    >>> has_yaku(closed, 0, riichi=True)  # 1m does not complete it
    False
    """
    counts = list(hand.concealed)
    counts[tile] += 1
    won = Hand.from_counts(counts, melds=hand.melds, red=hand.red, sizes=(14,))
    try:
        score(situation_from_hand(won, tile, **flags), rules)
    except (NotAWinningHandError, NoYakuError):
        return False
    return True


def _regular_candidates(
    s: Situation, rules: RulePreset, config: Any, lib_melds: list[Any], tiles_34: list[int]
) -> list[_Candidate]:
    y = config.yaku
    is_open = s.is_open
    win_34 = s.win_tile // 4
    dora = lib.dora_count(tiles_34, s.dora_indicators)
    red = sum(1 for t in s.all_tiles if is_red_136(t, rules.red_fives))
    ura = lib.dora_count(tiles_34, s.ura_indicators) if (s.riichi or s.double_riichi) else 0
    valued = [31, 32, 33, s.seat_wind, s.round_wind]
    if s.seat_wind == s.round_wind and rules.double_wind_pair_fu == 2:
        valued = [31, 32, 33, s.seat_wind]
    seat_winds = (y.seat_wind_east, y.seat_wind_south, y.seat_wind_west, y.seat_wind_north)
    round_winds = (y.round_wind_east, y.round_wind_south, y.round_wind_west, y.round_wind_north)

    out: list[_Candidate] = []
    for blocks in lib.divide(tiles_34, lib_melds):
        group_open, group_kind = _mark_groups(blocks, s)
        chi = any(len(b) == 3 and b[0] != b[1] for b in blocks)
        pon_or_kan = any(len(b) >= 3 and b[0] == b[1] for b in blocks)
        is_chiitoitsu = y.chiitoitsu.is_condition_met(blocks)
        is_tanyao = y.tanyao.is_condition_met(blocks)
        mask, honor_count = lib.suit_mask(blocks)
        has_honors = honor_count > 0
        seen: set[tuple[int, ...]] = set()
        for i, group in enumerate(blocks):
            if group_open[i] or win_34 not in group or tuple(group) in seen:
                continue
            seen.add(tuple(group))
            fu_items, fu = lib.fu_details(blocks, s.win_tile, group, config, valued, lib_melds)
            hand_yaku: list[Any] = []
            if s.tsumo and not is_open:
                hand_yaku.append(y.tsumo)
            if len(fu_items) == 1 and not is_chiitoitsu and not is_open:
                hand_yaku.append(y.pinfu)
            if is_chiitoitsu:
                hand_yaku.append(y.chiitoitsu)
            if is_tanyao and (not is_open or rules.open_tanyao):
                hand_yaku.append(y.tanyao)
            if s.riichi and not s.double_riichi:
                hand_yaku.append(y.riichi)
            if s.double_riichi:
                hand_yaku.append(y.daburu_riichi)
            for flag, yk in (
                (s.ippatsu, y.ippatsu),
                (s.rinshan, y.rinshan),
                (s.chankan, y.chankan),
                (s.haitei, y.haitei),
                (s.houtei, y.houtei),
                (s.tenhou, y.tenhou),
                (s.chiihou, y.chiihou),
            ):
                if flag:
                    hand_yaku.append(yk)
            if y.chinitsu.is_condition_met(blocks):
                hand_yaku.append(y.chinitsu)
            elif y.honitsu.is_condition_met(blocks):
                hand_yaku.append(y.honitsu)
            if not chi:
                if has_honors and y.tsuisou.is_condition_met(blocks):
                    hand_yaku.append(y.tsuisou)
                if not is_tanyao:
                    if y.honroto.is_condition_met(blocks):
                        hand_yaku.append(y.honroto)
                    if not has_honors and y.chinroto.is_condition_met(blocks):
                        hand_yaku.append(y.chinroto)
            if y.ryuisou.is_condition_met(blocks):
                hand_yaku.append(y.ryuisou)
            if chi:
                if not is_tanyao:
                    for yk in (y.chantai, y.junchan, y.ittsu):
                        if yk.is_condition_met(blocks):
                            hand_yaku.append(yk)
                if not is_open:
                    if y.ryanpeiko.is_condition_met(blocks):
                        hand_yaku.append(y.ryanpeiko)
                    elif y.iipeiko.is_condition_met(blocks):
                        hand_yaku.append(y.iipeiko)
                if mask == 7 and y.sanshoku.is_condition_met(blocks):
                    hand_yaku.append(y.sanshoku)
            if pon_or_kan:
                if y.toitoi.is_condition_met(blocks):
                    hand_yaku.append(y.toitoi)
                if y.sanankou.is_condition_met(blocks, s.win_tile, lib_melds, s.tsumo):
                    hand_yaku.append(y.sanankou)
                if mask == 7 and y.sanshoku_douko.is_condition_met(blocks):
                    hand_yaku.append(y.sanshoku_douko)
                if has_honors:
                    for yk in (y.shosangen, y.haku, y.hatsu, y.chun):
                        if yk.is_condition_met(blocks):
                            hand_yaku.append(yk)
                    for yk in seat_winds:
                        if yk.is_condition_met(blocks, s.seat_wind):
                            hand_yaku.append(yk)
                    for yk in round_winds:
                        if yk.is_condition_met(blocks, s.round_wind):
                            hand_yaku.append(yk)
                    for yk in (y.daisangen, y.shosuushi, y.daisuushi):
                        if yk.is_condition_met(blocks):
                            hand_yaku.append(yk)
                if not s.melds and not is_tanyao and y.chuuren_poutou.is_condition_met(blocks):
                    if tiles_34[win_34] in (2, 4):
                        hand_yaku.append(y.daburu_chuuren_poutou)
                    else:
                        hand_yaku.append(y.chuuren_poutou)
                if not is_open and y.suuankou.is_condition_met(blocks, s.win_tile, s.tsumo):
                    if tiles_34[win_34] == 2:
                        hand_yaku.append(y.suuankou_tanki)
                    else:
                        hand_yaku.append(y.suuankou)
                if y.sankantsu.is_condition_met(blocks, lib_melds):
                    hand_yaku.append(y.sankantsu)
                if y.suukantsu.is_condition_met(blocks, lib_melds):
                    hand_yaku.append(y.suukantsu)

            yakuman = [yk for yk in hand_yaku if yk.is_yakuman]
            if yakuman:
                hand_yaku = yakuman
            han = sum(
                yk.han_open if (is_open and yk.han_open) else yk.han_closed for yk in hand_yaku
            )
            cand = _Candidate(
                blocks=blocks,
                win_group=group,
                group_open=group_open,
                group_kind=group_kind,
                wait=_wait_of(group, win_34),
                yaku=hand_yaku,
                han=han,
                fu=fu,
                fu_items=fu_items,
                cost=None,
                yakuman_count=len(yakuman),
            )
            if han > 0:
                if not yakuman:
                    cand.dora, cand.red, cand.ura = dora, red, ura
                    cand.han += dora + red + ura
                elif not rules.stacked_yakuman:
                    cand.han = min(cand.han, 13)
                cand.cost = lib.scores(cand.han, fu, config, bool(yakuman))
            out.append(cand)
    return out


def _kokushi_candidate(s: Situation, config: Any, tiles_34: list[int]) -> _Candidate | None:
    y = config.yaku
    if s.melds or not y.kokushi.is_condition_met(None, tiles_34):
        return None
    win_34 = s.win_tile // 4
    hand_yaku: list[Any] = [y.daburu_kokushi if tiles_34[win_34] == 2 else y.kokushi]
    if s.tenhou:
        hand_yaku.append(y.tenhou)
    if s.chiihou:
        hand_yaku.append(y.chiihou)
    han = sum(yk.han_closed for yk in hand_yaku)
    cand = _Candidate(
        blocks=[],
        win_group=[win_34],
        group_open=[],
        group_kind=[],
        wait="thirteen orphans",
        yaku=hand_yaku,
        han=han,
        fu=0,
        fu_items=[],
        cost=None,
        yakuman_count=len(hand_yaku),
    )
    cand.cost = lib.scores(han, 0, config, True)
    return cand


def _mark_groups(blocks: list[list[int]], s: Situation) -> tuple[list[bool], list[str]]:
    """For each group: whether it is a declared set shown open, and its notation kind."""
    unused = list(s.melds)
    opened: list[bool] = []
    kinds: list[str] = []
    for b in blocks:
        match = next((m for m in unused if list(m.kinds) == b), None)
        if match is None:
            opened.append(False)
            kinds.append("closed")
        else:
            unused.remove(match)
            opened.append(match.is_open)
            kinds.append("called" if match.is_open else "closed kan")
    return opened, kinds


def _wait_of(group: list[int], win_34: int) -> Wait:
    if len(group) == 2:
        return "pair"
    if group[0] == group[1]:
        return "set"
    if win_34 == group[1]:
        return "closed"
    rank = group[0] % 9
    if (rank == 0 and win_34 == group[2]) or (rank == 6 and win_34 == group[0]):
        return "edge"
    return "two-sided"


def _group_text(block: list[int], kind: str) -> str:
    code = _code(block)
    if kind == "called":
        return f"[{code}]"
    if kind == "closed kan":
        return f"({code})"
    return code


def _shape(c: _Candidate, s: Situation) -> SplitShape:
    return SplitShape(
        groups=tuple(tuple(b) for b in c.blocks),
        called=tuple(c.group_open),
        win_group=tuple(c.win_group),
        wait=c.wait,
        tiles=tuple(sorted(t // 4 for t in s.all_tiles)),
    )


def _split(c: _Candidate) -> Split:
    if not c.blocks:
        groups: tuple[str, ...] = ("13 orphans",)
        winning = tile_name(c.win_group[0])
    else:
        groups = tuple(_group_text(b, k) for b, k in zip(c.blocks, c.group_kind, strict=True))
        winning = _code(c.win_group)
    return Split(
        groups=groups,
        winning_group=winning,
        wait=c.wait,
        han=c.han,
        fu=c.fu,
        points=_points(c.cost),
        yaku=tuple(TENHOU_NAMES[lib.tenhou_id(y)] for y in c.yaku),
    )


def _points(cost: dict[str, Any] | None) -> int:
    if cost is None:
        return 0
    return int(cost["main"]) + 2 * int(cost["additional"])


_LIMITS = {
    "": "",
    "mangan": "mangan",
    "kiriage mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "kazoe sanbaiman": "sanbaiman",
    "yakuman": "yakuman",
    "kazoe yakuman": "yakuman",
    "2x yakuman": "double yakuman",
    "3x yakuman": "triple yakuman",
    "4x yakuman": "quadruple yakuman",
    "5x yakuman": "quintuple yakuman",
    "6x yakuman": "sextuple yakuman",
}


def _result(
    best: _Candidate,
    others: list[_Candidate],
    s: Situation,
    rules: RulePreset,
    misses: tuple[NearMiss, ...],
) -> ScoreResult:
    assert best.cost is not None
    level = str(best.cost["yaku_level"])
    limit = _LIMITS[level]
    # the library reports a counted yakuman as plain "yakuman": it has no yakuman yaku
    counted = limit == "yakuman" and best.yakuman_count == 0
    yaku = [
        YakuScore(
            lib.tenhou_id(y),
            TENHOU_NAMES[lib.tenhou_id(y)],
            13 * (2 if y.han_closed >= 26 else 1)
            if y.is_yakuman
            else (y.han_open if (s.is_open and y.han_open) else y.han_closed),
            y.is_yakuman,
        )
        for y in best.yaku
    ]
    yaku.sort(key=lambda v: v.tenhou_id)
    for tid, n in ((DORA_ID, best.dora), (AKA_ID, best.red), (URA_ID, best.ura)):
        if n:
            yaku.append(YakuScore(tid, TENHOU_NAMES[tid], n))
    base = base_points_for(best.han, best.fu, limit, rules.round_up_mangan)
    payments = hand_payments(
        base,
        dealer=s.is_dealer,
        tsumo=s.tsumo,
        honba=s.honba,
        riichi_sticks=s.riichi_sticks,
        honba_value=rules.honba_value,
    )
    return ScoreResult(
        han=best.han,
        fu=best.fu,
        limit=limit,
        counted_yakuman=counted,
        base_points=base,
        points=_points(best.cost),
        yaku=tuple(yaku),
        dora=best.dora,
        ura=best.ura,
        red=best.red,
        fu_lines=_fu_lines(best, s),
        payments=payments,
        split=_split(best),
        other_splits=tuple(_split(c) for c in others),
        near_misses=misses,
        rules=rules.name,
    )


def _wind_role(kind: int, s: Situation) -> str:
    roles = []
    if kind == s.seat_wind:
        roles.append("seat")
    if kind == s.round_wind:
        roles.append("round")
    return " and ".join(roles)


_WAIT_SHAPE = {
    "two-sided": "two_sided",
    "closed": "closed",
    "edge": "edge",
    "pair": "single",
    "set": "dual_pon",
    "thirteen orphans": "single",
}


def _fu_lines(c: _Candidate, s: Situation) -> tuple[FuLine, ...]:
    """The fu of a candidate split line by line, in the order a lesson explains them."""
    if not c.blocks:
        return (FuLine(0, "Thirteen orphans is a yakuman: no fu are counted", "", "kokushi"),)
    if len(c.blocks) == 7:
        return (FuLine(25, "Seven pairs (chiitoitsu), always, never rounded", "", "chiitoitsu"),)
    items = c.fu_items
    codes = [r for _, r in items]
    by_code = {r: f for f, r in items}
    lines: list[FuLine] = [FuLine(20, "Base", "", "base")]
    if by_code.get("base") == 30:
        lines.append(FuLine(10, "Closed ron", "+", "closed_ron"))

    win = s.win_tile // 4
    name = tile_name(win)
    wait_fu = by_code.get("penchan", 0) + by_code.get("kanchan", 0) + by_code.get("pair_wait", 0)
    wait_text = {
        "two-sided": f"Two-sided wait (ryanmen) on {name}",
        "closed": f"Closed wait (kanchan) on {name}",
        "edge": f"Edge wait (penchan) on {name}",
        "pair": f"Pair wait (tanki) on {name}",
        "set": f"Wait on two pairs (shanpon), {name} makes the set",
        "thirteen orphans": "Thirteen orphans",
    }[c.wait]
    also = c.wait in ("closed", "edge") and wait_fu == 0
    if also:
        wait_text += " (the sequence can also be read as two-sided)"
    wait_params: dict[str, str | int] = {
        "shape": _WAIT_SHAPE[c.wait],
        "tile": tile_str(win),
        "also_two_sided": int(also),
    }
    lines.append(FuLine(wait_fu, wait_text, "+" if wait_fu else "", "wait", wait_params))

    pair = next(b for b in c.blocks if len(b) == 2)
    pair_fu = by_code.get("valued_pair", 0) + by_code.get("double_valued_pair", 0)
    pk = pair[0]
    role = ""
    if pk >= 31:
        pair_text = f"Pair of {tile_name(pk)} (a dragon)"
        role = "dragon"
    elif pk >= 27 and pair_fu:
        wind_role = _wind_role(pk, s)
        pair_text = f"Pair of {tile_name(pk)} ({wind_role} wind)"
        role = wind_role.replace(" and ", "_")
    else:
        pair_text = f"Pair of {tile_name(pk)}"
    pair_params: dict[str, str | int] = {"tile": tile_str(pk), "role": role}
    lines.append(FuLine(pair_fu, pair_text, "+" if pair_fu else "", "pair", pair_params))

    set_items = [
        (f, r) for f, r in items if r.endswith("_pon") or r.endswith("_kan")
    ]  # library order = order of the triplets in the split
    k = 0
    params: dict[str, str | int]
    for b, opened, kind in zip(c.blocks, c.group_open, c.group_kind, strict=True):
        if len(b) == 2:
            continue
        if b[0] != b[1]:
            state = "called" if opened else "closed"
            params = {"tiles": _code(b), "state": state}
            lines.append(FuLine(0, f"Sequence {_code(b)}, {state}", "", "sequence", params))
            continue
        fu, reason = set_items[k]
        k += 1
        is_kan = len(b) == 4
        # Sets are named as sets (triplet, quad); chi, pon and kan name only the calls.
        noun = "quad" if is_kan else "triplet"
        t = b[0]
        grade = "honor" if t >= 27 else ("terminal" if t % 9 in (0, 8) else "simple")
        counted_open = reason.startswith("open")
        if counted_open and not opened and kind != "closed kan":
            text = f"Triplet of {tile_name(t)} completed by ron, counted as called, {grade}"
            state_code = "ron_open"
        else:
            state_code = "open" if opened else "closed"
            how = "Called" if opened else "Concealed"
            text = f"{how} {noun} of {tile_name(t)}, {grade}"
        params = {
            "tile": tile_str(t),
            "kind": "kan" if is_kan else "pon",
            "state": state_code,
            "grade": grade,
        }
        lines.append(FuLine(fu, text, "", "set", params))

    if "tsumo" in codes:
        lines.append(FuLine(2, "Tsumo", "+", "tsumo"))
    elif s.tsumo and not s.is_open:
        lines.append(FuLine(0, "Tsumo with pinfu: no tsumo fu", "", "pinfu_tsumo"))
    if "hand_without_fu" in codes:
        lines.append(FuLine(2, "Open hand with no fu, won by ron", "+", "open_pinfu"))
    raw = sum(f for f, _ in items)
    if c.fu != raw:
        params = {"from": raw, "to": c.fu}
        lines.append(FuLine(c.fu - raw, f"Rounding {raw} up to {c.fu}", "+", "rounding", params))
    return tuple(lines)


__all__ = [
    "EAST",
    "NORTH",
    "SOUTH",
    "WEST",
    "FU_CODES",
    "FuLine",
    "ScoreResult",
    "Split",
    "TENHOU_NAMES",
    "YAKU_KEYS",
    "YakuScore",
    "has_yaku",
    "score",
    "tile_name",
]
