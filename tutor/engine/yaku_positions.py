"""Winning positions for the yaku stages, drawn per learner like every other family.

Each family builds a hand around the yaku its lesson step teaches: the sets that make the
yaku (twin sequences, the same sequence in three suits, three dragon triplets...), then random
sets, a pair, the called sets and a winning tile. The engine's own score then decides: a hand
is kept only when its yaku are what the step asks for (``must`` among them, nothing outside
``allowed``), so the question and the choices of the step stay true for every hand drawn.
The table (ron or tsumo, riichi, seat wind, East round) is each family's, and the lesson
step that names the family states the same.

>>> from tutor.engine.positions import draw_position
>>> p = draw_position("iipeikou_riichi", 3)
>>> sorted(p), p == draw_position("iipeikou_riichi", 3)
(['hand', 'win_tile'], True)
>>> _yaku_of(p, RIICHI_RON) >= {"riichi", "iipeikou"}
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .hand import LEFT, Hand, Meld, MeldKind, hand_str, parse_hand
from .tiles import NUM_KINDS, Tile, parse_tiles, tile_str

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
DRAGONS = (31, 32, 33)
GUEST_WINDS = (WEST, NORTH)  # winds with no value for a South player in the East round
NO_YAKU = "no_yaku"  # the answer of a complete hand that has no yaku (as the exercises say)

Group = tuple[Tile, ...]
Draft = tuple[Hand, Sequence[Tile]]
"""A built hand and the tiles it may have won on (empty: any of its concealed tiles)."""


@dataclass(frozen=True, slots=True)
class Table:
    """How a family's hands are won: by tsumo or ron, in riichi or not, from which seat (the
    round is East)."""

    tsumo: bool = False
    riichi: bool = False
    seat: Tile = SOUTH


def _run(start: Tile) -> Group:
    return (start, start + 1, start + 2)


def _set(
    rng: random.Random,
    *,
    suits: Sequence[int] = (0, 1, 2),
    numbers: Sequence[int] = range(9),
    honors: Sequence[Tile] = GUEST_WINDS,
    runs: float = 0.6,
) -> Group:
    """A sequence (``runs`` of the time) or a triplet, of ``numbers`` in ``suits`` or of
    ``honors``."""
    starts = [n for n in numbers if n + 2 in numbers]
    if starts and rng.random() < runs:
        return _run(rng.choice(suits) * 9 + rng.choice(starts))
    return (rng.choice([s * 9 + n for s in suits for n in numbers] + list(honors)),) * 3


def _outside_set(rng: random.Random, honors: Sequence[Tile], runs: float = 0.6) -> Group:
    """A set holding a terminal or an honor: 1-2-3, 7-8-9, or a triplet of a 1, a 9 or one of
    ``honors``."""
    if rng.random() < runs:
        return _run(rng.randrange(3) * 9 + rng.choice((0, 6)))
    return (rng.choice([s * 9 + n for s in range(3) for n in (0, 8)] + list(honors)),) * 3


def _tile(
    rng: random.Random,
    suits: Sequence[int] = (0, 1, 2),
    numbers: Sequence[int] = range(9),
    honors: Sequence[Tile] = GUEST_WINDS,
) -> Tile:
    return rng.choice([s * 9 + n for s in suits for n in numbers] + list(honors))


def _build(
    rng: random.Random, sets: Sequence[Group], pair: Tile, called: Sequence[int] = ()
) -> Hand | None:
    """The hand of ``sets`` and ``pair``, the sets at ``called`` called from another player
    (a sequence by chi from the left, a triplet by pon from anyone); ``None`` when a tile
    would need a fifth copy."""
    counts = [0] * NUM_KINDS
    for group in sets:
        for k in group:
            counts[k] += 1
    counts[pair] += 2
    if max(counts) > 4:
        return None
    melds = []
    for i in called:
        group = sets[i]
        for k in group:
            counts[k] -= 1
        if group[0] == group[1]:
            melds.append(Meld(MeldKind.PON, group, called=group[0], source=rng.choice((1, 2, 3))))
        else:
            melds.append(Meld(MeldKind.CHI, group, called=rng.choice(group), source=LEFT))
    return Hand.from_counts(counts, tuple(melds), sizes=(14,))


def _yaku(hand: Hand, win: Tile, table: Table) -> frozenset[str] | None:
    """The keys of the yaku the engine scores (dora aside), ``{"no_yaku"}`` for a complete
    hand without one, ``None`` for a hand the engine refuses."""
    from .scoring import NoYakuError, score, situation_from_hand

    try:
        result = score(
            situation_from_hand(
                hand, win, tsumo=table.tsumo, riichi=table.riichi, seat_wind=table.seat
            )
        )
    except NoYakuError:
        return frozenset({NO_YAKU})
    except ValueError:
        return None
    return frozenset(y.key for y in result.yaku if y.tenhou_id < 52)


def _yaku_of(position: Mapping[str, object], table: Table) -> frozenset[str] | None:
    """The yaku of a drawn position (its ``hand`` and ``win_tile``) at ``table``."""
    return _yaku(
        parse_hand(str(position["hand"])), parse_tiles(str(position["win_tile"]))[0], table
    )


Family = Callable[[random.Random], dict[str, str]]


def _family(
    build: Callable[[random.Random], Draft | None],
    table: Table,
    must: frozenset[str] | set[str],
    allowed: frozenset[str] | set[str] | None = None,
    also: Callable[[Hand, Tile], bool] | None = None,
    doc: str = "",
) -> Family:
    """A family drawing ``build``'s hands won at ``table`` whose yaku include ``must`` and lie
    within ``allowed`` (exactly ``must`` when not given), and pass ``also`` when given."""
    within = frozenset(allowed if allowed is not None else must)

    def make(rng: random.Random) -> dict[str, str]:
        while True:
            drawn = build(rng)
            if drawn is None:
                continue
            hand, wins = drawn
            win = rng.choice(list(wins) or [k for k in range(NUM_KINDS) if hand.concealed[k]])
            keys = _yaku(hand, win, table)
            if keys is None or not must <= keys <= within:
                continue
            if also is None or also(hand, win):
                return {"hand": hand_str(hand), "win_tile": tile_str(win)}

    make.__doc__ = doc
    return make


def _drafted(
    rng: random.Random,
    sets: Sequence[Group],
    pair: Tile,
    called: Sequence[int] = (),
    wins: Sequence[Tile] = (),
) -> Draft | None:
    hand = _build(rng, sets, pair, called)
    return None if hand is None else (hand, wins)


# --- stage 10: first yaku ------------------------------------------------------------------

RON, TSUMO = Table(), Table(tsumo=True)
RIICHI_RON = Table(riichi=True)


def _open_simples(rng: random.Random) -> Draft | None:
    simples = range(1, 8)
    sets = [_set(rng, numbers=simples, honors=()) for _ in range(4)]
    return _drafted(rng, sets, _tile(rng, numbers=simples, honors=()), [0])


def _four_runs(rng: random.Random, pair: Tile | None = None) -> Draft | None:
    sets = [_set(rng, honors=(), runs=1) for _ in range(4)]
    return _drafted(rng, sets, _tile(rng, honors=()) if pair is None else pair)


def _called_triplet(
    rng: random.Random, kind: Tile, others: Sequence[Tile] = GUEST_WINDS
) -> Draft | None:
    """A called triplet of ``kind``, three sets of numbers (or triplets of ``others``) and a
    pair of a number or a wind."""
    sets = [(kind,) * 3] + [_set(rng, honors=others) for _ in range(3)]
    return _drafted(rng, sets, rng.randrange(31), [0])


def _open_no_yaku(rng: random.Random) -> Draft | None:
    return _called_triplet(rng, _tile(rng))


# --- stage 11: value honors ------------------------------------------------------------------


def _guest_wind_closed(rng: random.Random) -> Draft | None:
    sets = [(rng.choice(GUEST_WINDS),) * 3] + [_set(rng, honors=()) for _ in range(3)]
    return _drafted(rng, sets, _tile(rng, honors=()))


def _dragon_pair(rng: random.Random) -> Draft | None:
    return _four_runs(rng, rng.choice(DRAGONS))


def _two_sided_but_for_the_pair(hand: Hand, win: Tile) -> bool:
    """Whether the hand would have pinfu with a plain pair instead of its honor pair: its
    wait was two-sided, and only the pair rules pinfu out."""
    counts = list(hand.concealed)
    honor = next(k for k in range(27, NUM_KINDS) if counts[k] == 2)
    counts[honor] = 0
    plain = next(k for k in range(27) if counts[k] == 0 and k != win)
    counts[plain] = 2
    keys = _yaku(Hand.from_counts(counts, sizes=(14,)), win, RIICHI_RON)
    return keys is not None and "pinfu" in keys


def _little_dragons(rng: random.Random) -> Draft | None:
    first, second, pair = rng.sample(DRAGONS, 3)
    sets = [(first,) * 3, (second,) * 3] + [_set(rng) for _ in range(2)]
    return _drafted(rng, sets, pair, [0])


# --- stage 12: shape yaku --------------------------------------------------------------------


def _twin_runs(rng: random.Random) -> Draft | None:
    twin = _run(rng.randrange(3) * 9 + rng.randrange(7))
    sets = [twin, twin] + [_set(rng, runs=0.8) for _ in range(2)]
    return _drafted(rng, sets, _tile(rng))


def _three_suits(rng: random.Random, called: Sequence[int] = ()) -> Draft | None:
    n = rng.randrange(7)
    sets = [_run(n), _run(9 + n), _run(18 + n), _set(rng)]
    return _drafted(rng, sets, _tile(rng), called)


def _three_suits_open(rng: random.Random) -> Draft | None:
    return _three_suits(rng, [rng.randrange(3)])


def _straight(rng: random.Random) -> Draft | None:
    suit = rng.randrange(3) * 9
    sets = [_run(suit), _run(suit + 3), _run(suit + 6), _set(rng)]
    return _drafted(rng, sets, _tile(rng))


def _triplets_on_the_pair(rng: random.Random) -> Draft | None:
    """Four triplets, one to three of them called, won on the pair's tile (a single wait)."""
    sets = [_set(rng, runs=0) for _ in range(4)]
    pair = _tile(rng)
    return _drafted(rng, sets, pair, sorted(rng.sample(range(4), rng.randint(1, 3))), [pair])


def _three_triplets(rng: random.Random) -> Draft | None:
    sets = [_set(rng, honors=(*GUEST_WINDS, DRAGONS[0]), runs=0) for _ in range(3)]
    sets.append(_set(rng, honors=(), runs=1))
    return _drafted(rng, sets, _tile(rng))


def _seven_pairs(rng: random.Random) -> Draft | None:
    """Seven different pairs, two times in five with three of them in a row of one suit (the
    shape of twin sequences)."""
    kinds: list[Tile] = []
    if rng.random() < 0.4:
        start = rng.randrange(3) * 9 + rng.randrange(7)
        kinds = [start, start + 1, start + 2]
    kinds += rng.sample([k for k in range(NUM_KINDS) if k not in kinds], 7 - len(kinds))
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] = 2
    return Hand.from_counts(counts, sizes=(14,)), ()


def _outside_open(rng: random.Random) -> Draft | None:
    """A called terminal sequence, three more sets and a pair that each hold a terminal or an
    honor."""
    honors = (*GUEST_WINDS, *DRAGONS)
    sets = [_run(rng.randrange(3) * 9 + rng.choice((0, 6)))]
    sets += [_outside_set(rng, honors) for _ in range(3)]
    pair = _tile(rng, numbers=(0, 8), honors=(EAST, SOUTH, *honors))
    return _drafted(rng, sets, pair, [0])


def _terminals_closed(rng: random.Random) -> Draft | None:
    sets = [_outside_set(rng, (), runs=1)] + [_outside_set(rng, (), runs=0.7) for _ in range(3)]
    return _drafted(rng, sets, _tile(rng, numbers=(0, 8), honors=()))


# --- stage 13: suit yaku ---------------------------------------------------------------------

FLUSH_HONORS = (*GUEST_WINDS, *DRAGONS)


def _half_flush(rng: random.Random, called: Sequence[int] = ()) -> Draft | None:
    """One suit and an honor triplet (the first set), three more sets of the suit or of
    honors, a pair of either."""
    suit = (rng.randrange(3),)
    sets: list[Group] = [(rng.choice(FLUSH_HONORS),) * 3]
    sets += [_set(rng, suits=suit, honors=FLUSH_HONORS, runs=0.7) for _ in range(3)]
    return _drafted(rng, sets, _tile(rng, suit, honors=FLUSH_HONORS), called)


def _half_flush_open(rng: random.Random) -> Draft | None:
    return _half_flush(rng, [0])


def _full_flush(rng: random.Random, called: Sequence[int] = ()) -> Draft | None:
    suit = (rng.randrange(3),)
    sets = [_set(rng, suits=suit, honors=(), runs=0.75) for _ in range(4)]
    return _drafted(rng, sets, _tile(rng, suit, honors=()), called)


def _full_flush_open(rng: random.Random) -> Draft | None:
    return _full_flush(rng, [0])


def _flush_many_waits(rng: random.Random) -> dict[str, str]:
    """Thirteen tiles of one suit, tenpai on four kinds or more (a flush waits in many places).

    >>> from tutor.engine.furiten import winning_tiles
    >>> len(winning_tiles(parse_hand(_flush_many_waits(random.Random(1))["hand"]))) >= 4
    True
    """
    from .furiten import winning_tiles

    while True:
        drawn = _full_flush(rng)
        if drawn is None:
            continue
        counts = list(drawn[0].concealed)
        counts[rng.choice([k for k in range(NUM_KINDS) if counts[k]])] -= 1
        hand = Hand.from_counts(counts)
        if len(winning_tiles(hand)) >= 4:
            return {"hand": hand_str(hand)}


# --- stage 14: yakuman -----------------------------------------------------------------------


def _three_dragons(rng: random.Random) -> Draft | None:
    """A triplet of each dragon, one to three of them called, another set and a pair."""
    sets = [(k,) * 3 for k in DRAGONS] + [_set(rng)]
    called = sorted(rng.sample(range(3), rng.randint(1, 3)))
    return _drafted(rng, sets, _tile(rng, honors=(EAST, SOUTH, *GUEST_WINDS)), called)


def _four_concealed(rng: random.Random, honors: Sequence[Tile]) -> Draft | None:
    """Four concealed triplets and a pair, won on a tile that makes one of the triplets (the
    hand waited on two pairs)."""
    sets = [_set(rng, honors=honors, runs=0) for _ in range(4)]
    return _drafted(rng, sets, _tile(rng, honors=honors), wins=[s[0] for s in sets])


def _four_concealed_any(rng: random.Random) -> Draft | None:
    return _four_concealed(rng, range(27, NUM_KINDS))


def _four_concealed_plain(rng: random.Random) -> Draft | None:
    return _four_concealed(rng, GUEST_WINDS)


ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, NUM_KINDS))


def _orphans(rng: random.Random) -> Draft | None:
    """One of each terminal and honor and a second of one of them, won on another of them
    (the hand waited on one tile, not on all thirteen)."""
    counts = [0] * NUM_KINDS
    for k in ORPHANS:
        counts[k] = 1
    double = rng.choice(ORPHANS)
    counts[double] = 2
    return Hand.from_counts(counts, sizes=(14,)), [k for k in ORPHANS if k != double]


def _all_honors(rng: random.Random) -> Draft | None:
    kinds = rng.sample(range(27, NUM_KINDS), 5)
    sets = [(k,) * 3 for k in kinds[:4]]
    return _drafted(rng, sets, kinds[4], sorted(rng.sample(range(4), rng.randint(1, 3))))


GREENS = (19, 20, 21, 23, 25, 32)  # 2, 3, 4, 6 and 8 of bamboo, green dragon


def _all_green(rng: random.Random) -> Draft | None:
    sets = [_run(19) if rng.random() < 0.4 else (rng.choice(GREENS),) * 3 for _ in range(4)]
    called = sorted(rng.sample(range(4), rng.choice((0, 0, 1, 2))))
    return _drafted(rng, sets, rng.choice(GREENS), called)


def _nine_gates(rng: random.Random) -> Draft | None:
    """1-1-1, 2 to 8, 9-9-9 of one suit and one more of the suit, won on a tile other than
    that extra one (so not the pure nine-sided wait)."""
    suit = rng.randrange(3) * 9
    counts = [0] * NUM_KINDS
    for n, copies in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        counts[suit + n] = copies
    extra = suit + rng.randrange(9)
    counts[extra] += 1
    return Hand.from_counts(counts, sizes=(14,)), [suit + n for n in range(9) if suit + n != extra]


def _allow(*keys: str) -> frozenset[str]:
    return frozenset(keys)


DRAGON_YAKU = _allow("haku", "hatsu", "chun")

YAKU_FAMILIES: dict[str, Family] = {
    # stage 10
    "open_tanyao": _family(
        _open_simples,
        RON,
        {"tanyao"},
        doc="An open hand of simples, a chi or pon among its sets, won by ron: tanyao only.",
    ),
    "pinfu_without_riichi": _family(
        _four_runs,
        RON,
        {"pinfu"},
        _allow("pinfu", "tanyao"),
        doc="Four sequences and a number pair, closed, won by ron without riichi: pinfu, and "
        "tanyao when every tile is a simple.",
    ),
    "no_pinfu_wait": _family(
        _four_runs,
        RIICHI_RON,
        {"riichi"},
        _allow("riichi", "tanyao"),
        doc="Four sequences and a number pair in riichi, won by ron on a closed, edge or single "
        "wait: no pinfu, the wait the one condition missing.",
    ),
    "dragon_pon": _family(
        lambda rng: _called_triplet(rng, rng.choice(DRAGONS)),
        RON,
        set(),
        DRAGON_YAKU,
        doc="A called pon of a dragon, three sets and a pair, won by ron: that dragon's yakuhai "
        "only.",
    ),
    "open_no_yaku": _family(
        _open_no_yaku,
        RON,
        {NO_YAKU},
        doc="A called pon of a number or of a wind with no value (South seat, East round), "
        "three sets and a pair, complete on a discard: no yaku at all.",
    ),
    # stage 11
    "seat_wind_pon": _family(
        lambda rng: _called_triplet(rng, WEST, ()),
        Table(seat=WEST),
        {"seat_wind_west"},
        doc="A called pon of West for the West player in the East round, won by ron: the seat "
        "wind only.",
    ),
    "round_wind_pon": _family(
        lambda rng: _called_triplet(rng, EAST, ()),
        RON,
        {"round_wind_east"},
        doc="A called pon of East for the South player in the East round, won by ron: the round "
        "wind only.",
    ),
    "double_wind_pon": _family(
        lambda rng: _called_triplet(rng, EAST, ()),
        Table(seat=EAST),
        {"seat_wind_east", "round_wind_east"},
        doc="A called pon of East for the dealer in the East round, won by ron: seat and round "
        "wind both.",
    ),
    "guest_wind_riichi": _family(
        _guest_wind_closed,
        RIICHI_RON,
        {"riichi"},
        doc="A closed triplet of West or North for the South player in the East round, in "
        "riichi, won by ron: riichi only.",
    ),
    "dragon_pair_riichi": _family(
        _dragon_pair,
        RIICHI_RON,
        {"riichi"},
        also=_two_sided_but_for_the_pair,
        doc="Four sequences and a pair of dragons in riichi, won by ron on a two-sided wait: "
        "riichi only, the pair ruling out pinfu.",
    ),
    "shousangen_ron": _family(
        _little_dragons,
        RON,
        {"shousangen"},
        _allow("shousangen", "toitoi", *DRAGON_YAKU),
        doc="Triplets of two dragons (one called) and a pair of the third, won by ron: "
        "shousangen and the two dragon yakuhai (toitoi at times).",
    ),
    # stage 12
    "iipeikou_riichi": _family(
        _twin_runs,
        RIICHI_RON,
        {"riichi", "iipeikou"},
        _allow("riichi", "iipeikou", "pinfu", "tanyao"),
        doc="Twin sequences in a closed hand in riichi, won by ron: iipeikou, with pinfu or "
        "tanyao at times.",
    ),
    "sanshoku_closed": _family(
        _three_suits,
        RON,
        {"sanshoku_doujun"},
        _allow("sanshoku_doujun", "pinfu", "tanyao", "iipeikou", "ittsu"),
        doc="One sequence in all three suits, closed, won by ron without riichi: sanshoku, with "
        "pinfu or tanyao at times.",
    ),
    "sanshoku_open": _family(
        _three_suits_open,
        RON,
        {"sanshoku_doujun"},
        _allow("sanshoku_doujun", "ittsu", "tanyao", "chanta"),
        doc="One sequence in all three suits, one of them called by chi, won by ron: the open "
        "sanshoku, with tanyao or chanta at times.",
    ),
    "ittsu_tsumo": _family(
        _straight,
        TSUMO,
        {"ittsu", "menzen_tsumo"},
        _allow("ittsu", "menzen_tsumo", "pinfu", "tanyao", "sanshoku_doujun"),
        doc="1-2-3, 4-5-6 and 7-8-9 of one suit, closed, won by tsumo: ittsu and menzen tsumo, "
        "with pinfu at times.",
    ),
    "toitoi_ron": _family(
        _triplets_on_the_pair,
        RON,
        {"toitoi"},
        _allow("toitoi", "sanankou", "tanyao", "chanta"),
        doc="Four triplets, one to three of them called, won by ron on the pair: toitoi, with "
        "sanankou when three were never called, tanyao at times.",
    ),
    "sanankou_tsumo": _family(
        _three_triplets,
        TSUMO,
        {"sanankou", "menzen_tsumo"},
        _allow("sanankou", "menzen_tsumo", "pinfu", "toitoi", "haku"),
        doc="Three concealed triplets and a sequence, closed, won by tsumo: sanankou and menzen "
        "tsumo (haku at times).",
    ),
    "seven_pairs_tsumo": _family(
        _seven_pairs,
        TSUMO,
        {"chiitoitsu", "menzen_tsumo"},
        _allow("chiitoitsu", "menzen_tsumo", "iipeikou", "toitoi"),
        doc="Seven different pairs, at times three of them in a row, won by tsumo: chiitoitsu "
        "and menzen tsumo, never iipeikou.",
    ),
    "chanta_open": _family(
        _outside_open,
        RON,
        {"chanta"},
        _allow("chanta", "junchan", "toitoi", "ittsu"),
        doc="A terminal or honor in every set and the pair, an honor among them, a terminal "
        "sequence called by chi, won by ron: the open chanta.",
    ),
    "junchan_riichi": _family(
        _terminals_closed,
        RIICHI_RON,
        {"riichi", "junchan"},
        _allow("riichi", "junchan", "pinfu", "chanta", "ittsu"),
        doc="A 1 or a 9 in every set and the pair, no honor, closed, in riichi, won by ron: "
        "junchan (pinfu at times).",
    ),
    # stage 13
    "honitsu_tsumo": _family(
        _half_flush,
        TSUMO,
        {"honitsu", "menzen_tsumo"},
        _allow("honitsu", "menzen_tsumo", "toitoi", *DRAGON_YAKU),
        doc="One suit and honors, an honor triplet among them, closed, won by tsumo by the "
        "South player: honitsu and menzen tsumo, a dragon yakuhai at times.",
    ),
    "honitsu_open": _family(
        _half_flush_open,
        RON,
        {"honitsu"},
        _allow("honitsu", "chanta", "ittsu", *DRAGON_YAKU),
        doc="One suit and honors, a called pon of an honor, won by ron by the South player: the "
        "open honitsu, a dragon yakuhai or chanta at times.",
    ),
    "chinitsu_riichi": _family(
        _full_flush,
        RIICHI_RON,
        {"riichi", "chinitsu"},
        _allow("riichi", "chinitsu", "pinfu", "tanyao", "iipeikou", "ittsu"),
        doc="One suit only, closed, in riichi, won by ron: chinitsu, with pinfu, tanyao, "
        "iipeikou or ittsu at times.",
    ),
    "chinitsu_open": _family(
        _full_flush_open,
        RON,
        {"chinitsu"},
        _allow("chinitsu", "tanyao", "toitoi", "ittsu"),
        doc="One suit only, one set called, won by ron: the open chinitsu.",
    ),
    "flush_many_waits": _flush_many_waits,
    # stage 14
    "daisangen_ron": _family(
        _three_dragons,
        RON,
        {"daisangen"},
        doc="A triplet of each dragon, at least one called, won by ron: daisangen only.",
    ),
    "daisangen_tsumo": _family(
        _three_dragons,
        TSUMO,
        {"daisangen"},
        doc="The same won by tsumo by the South player: daisangen only, 32,000 points.",
    ),
    "suuankou_tsumo": _family(
        _four_concealed_any,
        TSUMO,
        {"suuankou"},
        doc="Four concealed triplets and a pair, won by tsumo on a tile that makes a triplet: "
        "suuankou only.",
    ),
    "suuankou_ron": _family(
        _four_concealed_plain,
        RON,
        {"toitoi", "sanankou"},
        doc="The same shape won by ron on a tile that makes a triplet, which is then open: "
        "toitoi and sanankou only.",
    ),
    "kokushi_ron": _family(
        _orphans,
        RON,
        {"kokushi_musou"},
        doc="Thirteen orphans won by ron on a single wait: kokushi musou.",
    ),
    "tsuuiisou_ron": _family(
        _all_honors,
        RON,
        {"tsuuiisou"},
        doc="Four honor triplets, one to three called, and an honor pair, won by ron: "
        "tsuuiisou only (never with daisangen or the four winds).",
    ),
    "ryuuiisou_ron": _family(
        _all_green,
        RON,
        {"ryuuiisou"},
        doc="Sets and a pair of 2, 3, 4, 6 and 8 of bamboo and green dragons, at times one or "
        "two sets called, won by ron: ryuuiisou only.",
    ),
    "chuuren_ron": _family(
        _nine_gates,
        RON,
        {"chuuren_poutou"},
        doc="Nine gates won by ron on one of its tiles: chuuren poutou.",
    ),
}
"""The yaku stages' families by name, registered in :data:`tutor.engine.positions.FAMILIES`:
each draws ``hand`` and ``win_tile`` (``flush_many_waits`` a ``hand`` only)."""
