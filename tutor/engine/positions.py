"""Positions drawn at random from a family, reproducibly: the same seed gives the same position.

A *family* describes a kind of position ("a two-sided wait in one suit plus three sets and a
pair", "a closed winning hand"); :func:`draw` turns a family name and a seed into hand
notation, so that a lesson can show each learner a fresh position and show it again from the
stored seed. Only the standard library's :class:`random.Random` is used, seeded explicitly.

>>> draw("two_sided_wait", 7) == draw("two_sided_wait", 7)
True
>>> from tutor.engine.hand import parse_hand
>>> sum(parse_hand(draw("two_sided_wait", 7)).concealed)
13
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .tiles import NUM_KINDS, Tile, parse_tiles, tile_str, tiles_str, to_counts
from .yaku_positions import YAKU_FAMILIES

if TYPE_CHECKING:
    from .defense import DefenseState
    from .scoring import ScoreResult

SEATS: tuple[str, ...] = ("east", "south", "west", "north")


class UnknownFamilyError(ValueError):
    """A family name no generator knows."""


def _sets(rng: random.Random, counts: list[int], how_many: int, suits: str = "mps") -> None:
    """Add ``how_many`` sequences or triplets to ``counts``, never a fifth copy of a tile."""
    added = 0
    while added < how_many:
        if rng.random() < 0.7:
            base = "mps".index(rng.choice(suits)) * 9
            start = base + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
        else:
            kind = rng.randrange(NUM_KINDS)
            if kind < 27 and "mps"[kind // 9] not in suits:
                continue
            kinds = [kind] * 3
        if all(counts[k] + kinds.count(k) <= 4 for k in set(kinds)):
            for k in kinds:
                counts[k] += 1
            added += 1


def _pair(rng: random.Random, counts: list[int]) -> Tile:
    while True:
        kind = rng.randrange(NUM_KINDS)
        if counts[kind] <= 2:
            counts[kind] += 2
            return kind


def _notation(counts: list[int]) -> str:
    return tiles_str([k for k in range(NUM_KINDS) for _ in range(counts[k])])


def _with_partial(rng: random.Random, shape: str) -> str:
    """Three sets, a pair and a two-tile partial set of ``shape`` in one suit (13 tiles),
    with a copy of each tile it waits on still unseen."""
    while True:
        counts = [0] * NUM_KINDS
        suit = rng.randrange(3) * 9
        if shape == "two_sided":
            low = suit + rng.randrange(1, 7)  # 2-3 ... 7-8: both ends can be drawn
            partial, wanted = [low, low + 1], [low - 1, low + 2]
        elif shape == "closed":
            low = suit + rng.randrange(7)  # 1-3 ... 7-9
            partial, wanted = [low, low + 2], [low + 1]
        else:  # edge: 1-2 waits on 3, 8-9 on 7
            low = suit + rng.choice((0, 7))
            partial, wanted = [low, low + 1], [suit + 2 if low == suit else suit + 6]
        for k in partial:
            counts[k] += 1
        _sets(rng, counts, 3)
        _pair(rng, counts)
        if max(counts) <= 4 and all(counts[k] < 4 for k in wanted):
            return _notation(counts)


def _two_sided_wait(rng: random.Random) -> str:
    """Three sets, a pair and two neighbouring tiles of one suit from 2-3 to 7-8."""
    return _with_partial(rng, "two_sided")


def _closed_wait(rng: random.Random) -> str:
    """Three sets, a pair and two tiles of one suit with a gap between them (1-3 to 7-9)."""
    return _with_partial(rng, "closed")


def _edge_wait(rng: random.Random) -> str:
    """Three sets, a pair and 1-2 or 8-9 of one suit."""
    return _with_partial(rng, "edge")


def _run_wait(rng: random.Random, length: int, sets: int) -> str:
    """``sets`` sets and a pair-less run of ``length`` numbers of one suit (13 tiles), the run
    waiting on three kinds or more (seven in a row) or on both its ends (four in a row)."""
    from .waits import waits

    while True:
        counts = [0] * NUM_KINDS
        suit = rng.randrange(3) * 9
        low = suit + rng.randrange(10 - length)
        for k in range(low, low + length):
            counts[k] += 1
        others = "".join(x for i, x in enumerate("mps") if i * 9 != suit)
        _sets(rng, counts, sets, suits=others)
        found = waits(counts) if max(counts) <= 4 else []
        if length == 4 and {low, low + 3} <= set(found):
            return _notation(counts)
        if length == 7 and len(found) >= 3:
            return _notation(counts)


def _four_in_a_row(rng: random.Random) -> str:
    """Three sets and four numbers in a row of another suit: a single wait read two ways
    (nobetan), waiting on both ends."""
    return _run_wait(rng, 4, 3)


def _seven_in_a_row(rng: random.Random) -> str:
    """Two sets and seven numbers in a row of another suit: a wait on three kinds or more."""
    return _run_wait(rng, 7, 2)


def _complete_hand(rng: random.Random) -> str:
    """Four sets and a pair (14 tiles)."""
    counts = [0] * NUM_KINDS
    _sets(rng, counts, 4)
    _pair(rng, counts)
    return _notation(counts)


def _dual_pon_wait(rng: random.Random) -> str:
    """Three sets and two pairs of tiles no set uses (13 tiles): either pair can become the
    triplet, so the hand waits on both."""
    from .waits import waits

    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 3)
        first, second = rng.sample([k for k in range(NUM_KINDS) if counts[k] == 0], 2)
        counts[first] = counts[second] = 2
        if {first, second} <= set(waits(counts)):
            return _notation(counts)


def _single_wait(rng: random.Random) -> str:
    """Four sets and one lone tile (13 tiles) that waits for its second copy."""
    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 4)
        lone = rng.randrange(NUM_KINDS)
        if counts[lone] == 0:  # alone in the hand: no set holds a copy of it
            counts[lone] += 1
            return _notation(counts)


def _one_reading(counts: list[int], form: str = "standard") -> bool:
    """Whether a complete hand has one reading only, in ``form``, so that its form and its
    pair are not in doubt."""
    from .shapes import decompositions

    found = decompositions(counts)
    return len(found) == 1 and found[0].form.value == form


def _complete_hand_one_way(rng: random.Random) -> str:
    """Four sets and a pair (14 tiles) that split into sets and a pair in one way only."""
    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 4)
        _pair(rng, counts)
        if _one_reading(counts):
            return _notation(counts)


def _one_tile_short(rng: random.Random) -> str:
    """Fourteen tiles that look like four sets and a pair, with one tile out of place: not
    complete in any form."""
    from .shapes import is_complete

    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 4)
        _pair(rng, counts)
        out = rng.choice([k for k in range(NUM_KINDS) if counts[k]])
        # The stray tile is a neighbour of the one taken out, so the hand looks nearly right.
        near = [k for k in (out - 1, out + 1, out + 2) if k // 9 == out // 9 and k < 27]
        stray = rng.choice(near) if near and out < 27 else rng.randrange(NUM_KINDS)
        counts[out] -= 1
        counts[stray] += 1
        if max(counts) <= 4 and not is_complete(counts):
            return _notation(counts)


def _complete_or_not(rng: random.Random) -> str:
    """Either a hand of four sets and a pair read one way, or one with a tile out of place:
    a learner cannot guess from the step which it is."""
    if rng.random() < 0.5:
        return _complete_hand_one_way(rng)
    return _one_tile_short(rng)


def _seven_pairs(rng: random.Random) -> str:
    """Seven different pairs (14 tiles) that read as seven pairs only, never also as four
    sets and a pair."""
    while True:
        counts = [0] * NUM_KINDS
        for kind in rng.sample(range(NUM_KINDS), 7):
            counts[kind] = 2
        if _one_reading(counts, "seven_pairs"):
            return _notation(counts)


def _thirteen_orphans(rng: random.Random) -> str:
    """One of each terminal and honor and a second copy of one of them (14 tiles)."""
    counts = [0] * NUM_KINDS
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    for kind in orphans:
        counts[kind] = 1
    counts[rng.choice(orphans)] += 1
    return _notation(counts)


def _row(rng: random.Random, kinds: list[Tile], red: list[bool] | None = None) -> str:
    """The tiles in a shuffled row, written tile by tile ("3m 5p 0s")."""
    red = red or [False] * len(kinds)
    order = list(zip(kinds, red, strict=True))
    rng.shuffle(order)
    return " ".join(tile_str(k, r) for k, r in order)


def _mixed_row(rng: random.Random) -> dict[str, str]:
    """Seven tiles of every sort: each suit, an honor, a terminal and a simple at least once,
    no kind more than twice."""
    while True:
        kinds = [rng.randrange(NUM_KINDS) for _ in range(7)]
        suits = {k // 9 for k in kinds}
        if (
            suits == {0, 1, 2, 3}
            and any(k < 27 and k % 9 in (0, 8) for k in kinds)
            and any(k < 27 and k % 9 not in (0, 8) for k in kinds)
            and max(kinds.count(k) for k in kinds) <= 2
        ):
            return {"tiles": _row(rng, kinds)}


def _dragon_row(rng: random.Random) -> dict[str, str]:
    """Five honors: one or two green dragons among the other dragons and a wind or two."""
    green = 32
    kinds = [green] * rng.randint(1, 2) + [rng.choice((31, 33))]
    while len(kinds) < 5:
        k = rng.choice((27, 28, 29, 30, 31, 33))
        if kinds.count(k) < 2:
            kinds.append(k)
    return {"tiles": _row(rng, kinds)}


def _fives_row(rng: random.Random) -> dict[str, str]:
    """Six tiles, mostly fives: one or two red fives (one per suit at most) among plain fives
    and a tile or two of other numbers."""
    suits = [0, 1, 2]
    rng.shuffle(suits)
    reds = suits[: rng.randint(1, 2)]
    kinds = [s * 9 + 4 for s in reds]
    red = [True] * len(kinds)
    for _ in range(rng.randint(2, 3)):
        kinds.append(rng.randrange(3) * 9 + 4)
        red.append(False)
    while len(kinds) < 6:
        kinds.append(rng.randrange(3) * 9 + rng.choice((2, 3, 5, 6)))
        red.append(False)
    return {"tiles": _row(rng, kinds, red)}


def _sequences_in(kinds: list[Tile]) -> int:
    """How many different sequences (three numbers in a row of one suit) a row holds."""
    held = set(kinds)
    return sum(1 for start in range(27) if start % 9 <= 6 and {start, start + 1, start + 2} <= held)


def _row_with_a_sequence(rng: random.Random) -> dict[str, str]:
    """Seven or eight tiles holding exactly one sequence, among traps: a broken run that
    wraps past the 9 (8-9-1), neighbours of different suits, honors in a row."""
    while True:
        suit = rng.randrange(3) * 9
        start = suit + rng.randrange(7)
        kinds = [start, start + 1, start + 2]
        traps = [
            [suit8 := rng.randrange(3) * 9 + 7, suit8 + 1, suit8 - 7],  # 8-9-1
            [rng.randrange(3) * 9 + rng.randrange(7)],
            [27 + rng.randrange(3)],
        ]
        near = rng.randrange(7)
        traps.append([near, 9 + near + 1])  # two neighbours of different suits
        for trap in rng.sample(traps, rng.randint(2, 3)):
            kinds.extend(trap)
        kinds = kinds[:8]
        counts = [kinds.count(k) for k in range(NUM_KINDS)]
        if max(counts) <= 4 and _sequences_in(kinds) == 1 and len(kinds) >= 6:
            return {"tiles": _row(rng, kinds)}


def _row_with_every_trap(rng: random.Random) -> dict[str, str]:
    """One sequence among all three traps at once: a run that wraps past the 9 (8-9-1), a run
    whose suits do not match (2 of one suit, 3-4 of another) and honors side by side."""
    while True:
        suit = rng.randrange(3) * 9
        start = suit + rng.randrange(7)
        kinds = [start, start + 1, start + 2]
        wrap = rng.randrange(3) * 9
        kinds += [wrap + 7, wrap + 8, wrap]
        low, other = rng.sample(range(3), 2)
        n = rng.randrange(7)
        kinds += [low * 9 + n, other * 9 + n + 1, other * 9 + n + 2]
        kinds += rng.sample(range(27, 34), rng.randint(1, 2))
        counts = [kinds.count(k) for k in range(NUM_KINDS)]
        if max(counts) <= 4 and _sequences_in(kinds) == 1:
            return {"tiles": _row(rng, kinds)}


def _row_with_copies(rng: random.Random, copies: int, length: int) -> dict[str, str]:
    """A row holding ``copies`` of one tile, the only kind with that many; the other tiles
    come in ones and twos (threes beside a quad), so the eye has to count."""
    while True:
        wanted = rng.randrange(NUM_KINDS)
        kinds = [wanted] * copies
        while len(kinds) < length:
            k = rng.randrange(NUM_KINDS)
            room = copies - 1 if copies > 2 else 1
            if k != wanted and kinds.count(k) < room:
                kinds.append(k)
        if copies == 2 and _sequences_in(kinds) > 1:
            continue  # keep the pair row simple: at most one sequence beside it
        return {"tiles": _row(rng, kinds)}


def _row_with_a_triplet(rng: random.Random) -> dict[str, str]:
    """Seven tiles: one triplet, and pairs beside it that are not one."""
    return _row_with_copies(rng, 3, 7)


def _row_with_a_quad(rng: random.Random) -> dict[str, str]:
    """Eight tiles: one quad, and a triplet beside it that is not one."""
    return _row_with_copies(rng, 4, 8)


def _row_with_a_pair(rng: random.Random) -> dict[str, str]:
    """Seven tiles: one pair among single tiles."""
    return _row_with_copies(rng, 2, 7)


def _own_discards(rng: random.Random, furiten: bool | None) -> dict[str, str]:
    """A two-sided wait, four of the player's discards and a winning tile on offer: with
    ``furiten`` one discard is one of the hand's waits (the offered tile is another copy of it
    or the other end), without it none is; ``None`` picks either, half the time each."""
    from .waits import waits

    if furiten is None:
        furiten = rng.random() < 0.5
    while True:
        hand = _two_sided_wait(rng)
        counts = list(to_counts(parse_tiles(hand)))
        wanted = waits(counts)
        offered = rng.choice(wanted)
        counts[offered] += 1
        discards: list[Tile] = []
        if furiten:
            thrown = rng.choice(wanted)
            counts[thrown] += 1
            discards.append(thrown)
        while len(discards) < 4:
            k = rng.randrange(NUM_KINDS)
            if k not in wanted and counts[k] < 4:
                counts[k] += 1
                discards.append(k)
        if max(counts) <= 4:
            rng.shuffle(discards)
            return {
                "hand": hand,
                "discards": " ".join(tile_str(k) for k in discards),
                "tile": tile_str(offered),
            }


def _not_waited(rng: random.Random, counts: list[int], wanted: list[Tile], n: int) -> list[Tile]:
    """``n`` tiles that are none of ``wanted``, counted into ``counts`` (at most four copies)."""
    out: list[Tile] = []
    while len(out) < n:
        k = rng.randrange(NUM_KINDS)
        if k not in wanted and counts[k] < 4:
            counts[k] += 1
            out.append(k)
    return out


def _passed_wait(rng: random.Random) -> dict[str, str]:
    """A two-sided wait, three to five discards that are none of its waits, two to four tiles
    that went by since (one of them a wait, not taken) and a winning tile now on offer:
    temporary furiten, or riichi furiten when the exercise says the player is in riichi."""
    from .waits import waits

    while True:
        hand = _two_sided_wait(rng)
        counts = list(to_counts(parse_tiles(hand)))
        wanted = waits(counts)
        discards = _not_waited(rng, counts, wanted, rng.randint(3, 5))
        passed = [rng.choice(wanted), *_not_waited(rng, counts, wanted, rng.randint(1, 3))]
        counts[passed[0]] += 1
        offered = rng.choice(wanted)
        counts[offered] += 1
        if max(counts) <= 4:
            rng.shuffle(passed)
            return {
                "hand": hand,
                "discards": " ".join(tile_str(k) for k in discards),
                "passed": " ".join(tile_str(k) for k in passed),
                "tile": tile_str(offered),
            }


def _own_discard_furiten(rng: random.Random) -> dict[str, str]:
    """A two-sided wait with one of its waits among the player's own discards."""
    return _own_discards(rng, True)


def _furiten_or_not(rng: random.Random) -> dict[str, str]:
    """A two-sided wait whose discards hold one of its waits, or none, half the time each."""
    return _own_discards(rng, None)


def _call_on(rng: random.Random, copies: int) -> dict[str, str]:
    """A 13-tile hand and a suited discard it can call: ``copies`` of the discarded tile held
    (0, 2 for a pon, 3 for a pon or a kan) beside neighbours that would make a run with it (two
    runs or more when no copy is held). The hand never wins on the tile, so ron is not a call."""
    from .waits import waits

    while True:
        suit = rng.randrange(3)
        tile = suit * 9 + rng.randrange(2, 7)
        near = [tile - 2, tile - 1, tile + 1, tile + 2]
        held = rng.sample(near, rng.randint(3, 4) if copies == 0 else 2)
        counts = [0] * NUM_KINDS
        for k in [*held, *[tile] * copies]:
            counts[k] += 1
        runs = sum(1 for a, b in zip(near, near[1:], strict=False) if counts[a] and counts[b])
        if copies == 0 and runs < 2 or copies and runs < 1:
            continue
        others = "".join(x for i, x in enumerate("mps") if i != suit)
        # One set fewer than fits, and loose tiles instead: with every other tile in sets the
        # hand would be waiting on the very tile discarded, and ron would be a call too.
        _sets(rng, counts, (13 - sum(counts)) // 3 - 1, suits=others)
        while sum(counts) < 13:
            k = rng.randrange(NUM_KINDS)
            if k != tile and counts[k] < 4:
                counts[k] += 1
        if counts[tile] == copies and max(counts) <= 4 and tile not in waits(counts):
            return {"hand": _notation(counts), "discard": tile_str(tile)}


def _runs_to_call(rng: random.Random) -> dict[str, str]:
    """A hand holding two or more pairs of neighbours that make a run with the discard."""
    return _call_on(rng, 0)


def _pair_and_neighbours(rng: random.Random) -> dict[str, str]:
    """A hand holding two copies of the discard and neighbours of it (a pon, or a run)."""
    return _call_on(rng, 2)


def _triplet_and_neighbours(rng: random.Random) -> dict[str, str]:
    """A hand holding three copies of the discard and neighbours of it."""
    return _call_on(rng, 3)


def _pointing_at(kind: Tile) -> Tile:
    """The indicator whose dora is ``kind`` (the tile before it in its circle)."""
    if kind < 27:
        return kind - 1 if kind % 9 else kind + 8
    if kind < 31:
        return 27 + (kind - 27 - 1) % 4
    return 31 + (kind - 31 - 1) % 3


def _dora_hand(rng: random.Random, ura: bool) -> dict[str, str]:
    """A winning hand of four sets and a pair and an indicator pointing at one of its tiles
    (with ``ura``, an ura indicator under it that points at a tile of the hand or not): never
    more than four copies of a tile between the hand and the indicators."""
    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 4)
        _pair(rng, counts)
        held = [k for k in range(NUM_KINDS) if counts[k]]
        shown = [_pointing_at(rng.choice(held))]
        if ura:
            shown.append(
                _pointing_at(rng.choice(held)) if rng.random() < 0.7 else rng.randrange(34)
            )
        for k in shown:
            counts[k] += 1
        if max(counts) <= 4:
            for k in shown:
                counts[k] -= 1
            out = {"hand": _notation(counts), "indicators": tile_str(shown[0])}
            if ura:
                out["ura"] = tile_str(shown[1])
            return out


def _dora_to_count(rng: random.Random) -> dict[str, str]:
    """A winning hand and a dora indicator pointing at one or more of its tiles."""
    return _dora_hand(rng, False)


def _dora_and_ura(rng: random.Random) -> dict[str, str]:
    """A winning hand, a dora indicator pointing at its tiles and an ura indicator."""
    return _dora_hand(rng, True)


FIRST_YAKU = frozenset({"riichi", "pinfu", "tanyao"})


def _riichi_ron(rng: random.Random) -> dict[str, str]:
    """A closed hand won by ron after riichi, by a South player in an East round, whose yaku
    are riichi and, a quarter of the time each, pinfu, tanyao, both or neither: no other yaku.
    Its sets are sequences (always, for pinfu) or triplets, of simples only for tanyao."""
    return _first_yaku_ron(rng, rng.random() < 0.5)


def _pinfu_ron(rng: random.Random) -> dict[str, str]:
    """The same, always with pinfu: four sequences, a plain pair, a two-sided wait."""
    return _first_yaku_ron(rng, True)


def _riichi_pinfu_tanyao(rng: random.Random) -> dict[str, str]:
    """The same with pinfu and tanyao both: 3 han 30 fu by ron, 4 han 20 fu by tsumo (with
    menzen tsumo), from any seat, since the pair is a simple and so never a value tile."""
    return _first_yaku_ron(rng, True, True)


def _number_win(
    rng: random.Random, numbers: range, *, sequences_only: bool
) -> tuple[str, Tile] | None:
    """Four sets of ``numbers`` (sequences, or 40 % triplets unless ``sequences_only``), a
    pair of them and a winning tile among the hand's tiles; ``None`` when the pair would need
    a fifth copy (the caller draws again)."""
    counts = [0] * NUM_KINDS
    while sum(counts) < 12:
        suit = rng.randrange(3) * 9
        if sequences_only or rng.random() < 0.6:
            start = suit + rng.choice([n for n in numbers if n <= 6])
            kinds = [start, start + 1, start + 2]
        else:
            kinds = [suit + rng.choice(numbers)] * 3
        if all(counts[k] + kinds.count(k) <= 4 for k in kinds):
            for k in kinds:
                counts[k] += 1
    pair = rng.randrange(3) * 9 + rng.choice(numbers)
    if counts[pair] > 2:
        return None
    counts[pair] += 2
    return _notation(counts), rng.choice([k for k in range(NUM_KINDS) if counts[k]])


def _scored(
    hand: str, win: Tile, *, tsumo: bool, riichi: bool, seat_wind: int = 28
) -> ScoreResult | None:
    """The engine's score of ``hand`` (14 tiles, notation) won on ``win`` by a player of
    ``seat_wind`` in an East round, ``None`` when the engine refuses it (no yaku, not a
    winning hand): the test each winning-hand family draws again on. It draws nothing from
    the families' random generator, so their seeded positions stay the same.

    >>> _scored("234567m23455p678s", 12, tsumo=False, riichi=True).han
    3
    >>> _scored("123m456p789s222s99p", 17, tsumo=False, riichi=False) is None
    True
    """
    from .hand import parse_hand
    from .scoring import ScoringError, score, situation_from_hand

    try:
        return score(
            situation_from_hand(
                parse_hand(hand), win, tsumo=tsumo, riichi=riichi, seat_wind=seat_wind
            )
        )
    except ScoringError:
        return None


def _first_yaku_ron(rng: random.Random, pinfu: bool, tanyao: bool | None = None) -> dict[str, str]:
    if tanyao is None:
        tanyao = rng.random() < 0.5
    while True:
        drawn = _number_win(rng, range(1, 8) if tanyao else range(9), sequences_only=pinfu)
        if drawn is None:
            continue
        hand, win = drawn
        result = _scored(hand, win, tsumo=False, riichi=True)
        if result is None:
            continue
        keys = {y.key for y in result.yaku}
        if keys <= FIRST_YAKU and ("pinfu" in keys, "tanyao" in keys) == (pinfu, tanyao):
            return {"hand": hand, "win_tile": tile_str(win)}


def _riichi_pinfu_tanyao_dora(rng: random.Random, least: int, most: int) -> dict[str, str]:
    """A riichi, pinfu and tanyao hand won by ron (3 han 30 fu) and a dora indicator that makes
    ``least`` to ``most`` of its tiles dora."""
    from .dora import dora_from_indicator

    while True:
        position = _first_yaku_ron(rng, True, True)
        counts = list(to_counts(parse_tiles(position["hand"])))
        shown = [
            k
            for k in range(NUM_KINDS)
            if counts[k] < 4 and least <= counts[dora_from_indicator(k)] <= most
        ]
        if shown:
            return {**position, "dora": tile_str(rng.choice(shown))}


def _limit_with_dora(rng: random.Random) -> dict[str, str]:
    """Riichi, pinfu, tanyao and two to four dora: 5 to 7 han, a mangan or a haneman."""
    return _riichi_pinfu_tanyao_dora(rng, 2, 4)


def _one_dora_short(rng: random.Random) -> dict[str, str]:
    """Riichi, pinfu, tanyao and exactly one dora: 4 han 30 fu, just below a mangan."""
    return _riichi_pinfu_tanyao_dora(rng, 1, 1)


def _concealed_triplets_ron(rng: random.Random) -> dict[str, str]:
    """A closed hand won by ron after riichi (South, East round) holding one or two concealed
    triplets, its other sets sequences and its pair a plain number tile: the winning tile
    completes a sequence, so each triplet stays concealed."""
    while True:
        counts = [0] * NUM_KINDS
        triplets = rng.sample(range(NUM_KINDS), rng.randint(1, 2))
        for k in triplets:
            counts[k] = 3
        run_tiles: list[int] = []
        while sum(counts) < 12:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            kinds = [start, start + 1, start + 2]
            if all(counts[k] < 4 for k in kinds):
                for k in kinds:
                    counts[k] += 1
                run_tiles.extend(kinds)
        pair = rng.randrange(27)
        if counts[pair]:
            continue
        counts[pair] = 2
        free = [k for k in run_tiles if k not in triplets]
        if not free:
            continue
        win = rng.choice(free)
        hand = _notation(counts)
        if _scored(hand, win, tsumo=False, riichi=True) is None:
            continue
        return {"hand": hand, "win_tile": tile_str(win)}


def _closed_win(
    rng: random.Random, *, tsumo: bool, riichi: bool, allowed: frozenset[str], must: str = ""
) -> dict[str, str]:
    """A closed hand of number tiles won by ron or tsumo (South, East round) whose yaku are
    all in ``allowed`` and include ``must`` (when given): half its sets or more are sequences,
    the others triplets, so pinfu, tanyao and the shape yaku come and go and are filtered by
    the engine's own score."""
    while True:
        simples = rng.random() < 0.5
        drawn = _number_win(rng, range(1, 8) if simples else range(9), sequences_only=False)
        if drawn is None:
            continue
        hand, win = drawn
        result = _scored(hand, win, tsumo=tsumo, riichi=riichi)
        if result is None:
            continue
        keys = {y.key for y in result.yaku}
        if keys <= allowed and (not must or must in keys):
            return {"hand": hand, "win_tile": tile_str(win)}


def _riichi_only_ron(rng: random.Random) -> dict[str, str]:
    """A closed hand won by ron after riichi whose only yaku is riichi: no pinfu, no tanyao,
    no shape yaku (South, East round)."""
    return _closed_win(rng, tsumo=False, riichi=True, allowed=frozenset({"riichi"}))


def _riichi_only_tsumo(rng: random.Random) -> dict[str, str]:
    """A closed hand won by tsumo after riichi whose yaku are riichi and menzen tsumo only."""
    return _closed_win(rng, tsumo=True, riichi=True, allowed=frozenset({"riichi", "menzen_tsumo"}))


def _closed_tsumo(rng: random.Random) -> dict[str, str]:
    """A closed hand won by tsumo without riichi: menzen tsumo, and tanyao about half the time
    (never pinfu or another yaku)."""
    return _closed_win(
        rng,
        tsumo=True,
        riichi=False,
        allowed=frozenset({"menzen_tsumo", "tanyao"}),
        must="menzen_tsumo",
    )


def _menzen_tsumo_only(rng: random.Random) -> dict[str, str]:
    """A closed hand won by tsumo without riichi whose one yaku is menzen tsumo."""
    return _closed_win(
        rng, tsumo=True, riichi=False, allowed=frozenset({"menzen_tsumo"}), must="menzen_tsumo"
    )


def _one_discard_to_tenpai(rng: random.Random) -> dict[str, str]:
    """Fourteen tiles: three sets, a pair, a two-tile partial set (two-sided, closed or edge)
    and one more tile: only discarding that tile leaves the hand tenpai."""
    from .shanten import shanten

    while True:
        hand = _with_partial(rng, rng.choice(("two_sided", "closed", "edge")))
        counts = list(to_counts(parse_tiles(hand)))
        loose = rng.randrange(NUM_KINDS)
        counts[loose] += 1
        if counts[loose] != 1 or max(counts) > 4:
            continue
        tenpai = [k for k in range(NUM_KINDS) if counts[k] and _after(counts, k, shanten) == 0]
        if tenpai == [loose]:
            return {"hand": _notation(counts)}


def _after(counts: list[int], discard: Tile, shanten: Callable[[list[int]], int]) -> int:
    counts[discard] -= 1
    try:
        return shanten(counts)
    finally:
        counts[discard] += 1


def _riichi_pon_or_ron(rng: random.Random) -> dict[str, str]:
    """A tenpai hand waiting on two pairs (either can become the triplet) and a discard of one
    of them: out of riichi it could pon or ron; in riichi only ron."""
    from .waits import waits

    hand = _dual_pon_wait(rng)
    counts = list(to_counts(parse_tiles(hand)))
    pairs = [k for k in waits(counts) if counts[k] == 2]
    return {"hand": hand, "discard": tile_str(rng.choice(pairs))}


def _three_triplets_in_a_row(rng: random.Random) -> dict[str, str]:
    """Three triplets of neighbouring numbers (read also as three times one sequence), another
    set and a pair of another suit or an honor: complete in two readings with one pair."""
    while True:
        counts = [0] * NUM_KINDS
        suit = rng.randrange(3)
        start = suit * 9 + rng.randrange(7)
        for k in (start, start + 1, start + 2):
            counts[k] = 3
        others = "".join(x for i, x in enumerate("mps") if i != suit)
        _sets(rng, counts, 1, suits=others)
        pair = rng.choice([k for k in range(NUM_KINDS) if k // 9 != suit and not counts[k]])
        counts[pair] = 2
        if _pair_of(counts) == {pair}:
            return {"hand": _notation(counts)}


def _pair_of(counts: list[int]) -> set[Tile]:
    """The pairs of every standard reading of a complete hand."""
    from .shapes import decompositions

    return {d.pair for d in decompositions(counts) if d.pair is not None}


def _called_set(rng: random.Random, counts: list[int]) -> str | None:
    """A called sequence (from the left, the called tile marked) or triplet in notation, its
    tiles counted into ``counts``; ``None`` when it would make a fifth copy."""
    suit = rng.randrange(3)
    if rng.random() < 0.5:
        start = suit * 9 + rng.randrange(7)
        kinds = [start, start + 1, start + 2]
        called = rng.randrange(3)
        digits = [str(k % 9 + 1) for k in kinds]
        digits[called] += "*"
        text = "[" + "".join([digits[called], *(d for i, d in enumerate(digits) if i != called)])
        text += "mps"[suit] + "]L"
    else:
        kind = rng.randrange(NUM_KINDS)
        kinds = [kind] * 3
        text = f"[{tile_str(kind)[0] * 3}{tile_str(kind)[1]}]"
    if any(counts[k] + kinds.count(k) > 4 for k in kinds):
        return None
    for k in kinds:
        counts[k] += 1
    return text


def _complete_with_calls(rng: random.Random) -> dict[str, str]:
    """One or two called sets and the concealed tiles beside them: four sets and a pair in
    all, read one way only, or (half the time) one concealed tile out of place."""
    from .hand import parse_hand
    from .shapes import decompositions, is_complete

    complete = rng.random() < 0.5
    while True:
        counts = [0] * NUM_KINDS
        called = [_called_set(rng, counts) for _ in range(rng.randint(1, 2))]
        if None in called:
            continue
        all_counts = counts[:]
        concealed = [0] * NUM_KINDS
        _sets(rng, concealed, 4 - len(called))
        _pair(rng, concealed)
        if not complete:
            out = rng.choice([k for k in range(NUM_KINDS) if concealed[k]])
            near = [k for k in (out - 1, out + 1, out + 2) if out < 27 and k // 9 == out // 9]
            stray = rng.choice(near) if near else rng.randrange(NUM_KINDS)
            concealed[out] -= 1
            concealed[stray] += 1
        if max(a + b for a, b in zip(all_counts, concealed, strict=True)) > 4:
            continue
        hand = " ".join([_notation(concealed), *(c for c in called if c)])
        parsed = parse_hand(hand)
        if complete:
            found = decompositions(list(parsed.concealed), len(parsed.melds))
            if len(found) == 1:
                return {"hand": hand}
        elif not is_complete(list(parsed.concealed), len(parsed.melds)):
            return {"hand": hand}


def _triplet_beside_two(rng: random.Random) -> dict[str, str]:
    """Two sets, a pair and a triplet next to two neighbouring tiles of its suit (333-45 or
    34-555): read as a triplet and a two-sided partial set, or as a pair and a sequence beside
    the other pair, the hand waits on three tiles or more."""
    from .waits import waits

    while True:
        counts = [0] * NUM_KINDS
        suit = rng.randrange(3) * 9
        n = rng.randrange(6)
        if rng.random() < 0.5:
            shape = [suit + n] * 3 + [suit + n + 1, suit + n + 2]
        else:
            shape = [suit + n, suit + n + 1] + [suit + n + 2] * 3
        for k in shape:
            counts[k] += 1
        _sets(rng, counts, 2, suits="".join(x for i, x in enumerate("mps") if i * 9 != suit))
        _pair(rng, counts)
        if max(counts) <= 4 and len(waits(counts)) >= 3:
            return {"hand": _notation(counts)}


def _clean_discards(rng: random.Random, near: bool) -> dict[str, str]:
    """A two-sided wait, discards without any of its waits (with ``near``, tiles close to the
    wait among them, and a tile or two that went by) and a winning tile on offer: no furiten."""
    from .waits import waits

    while True:
        hand = _two_sided_wait(rng)
        counts = list(to_counts(parse_tiles(hand)))
        wanted = waits(counts)
        discards: list[Tile] = []
        passed: list[Tile] = []
        if near:
            suit = wanted[0] - wanted[0] % 9
            close = [
                k
                for w in wanted
                for k in (w - 1, w + 1, w - 2, w + 2)
                if suit <= k < suit + 9 and k not in wanted and counts[k] < 4
            ]
            if len(close) < 2:
                continue
            for k in rng.sample(close, 2):
                counts[k] += 1
                (discards if rng.random() < 0.5 else passed).append(k)
            passed += _not_waited(rng, counts, wanted, 1 if not passed else 0)
        discards += _not_waited(rng, counts, wanted, 5 - len(discards) - (not near))
        offered = rng.choice(wanted)
        counts[offered] += 1
        if max(counts) <= 4:
            rng.shuffle(discards)
            out = {
                "hand": hand,
                "discards": " ".join(tile_str(k) for k in discards),
                "tile": tile_str(offered),
            }
            if passed:
                out["passed"] = " ".join(tile_str(k) for k in passed)
            return out


def _furiten_over(rng: random.Random) -> dict[str, str]:
    """A two-sided wait, four discards none of which it waits on (the last one made after a
    winning tile went by) and a winning tile on offer: the temporary furiten is over."""
    return _clean_discards(rng, False)


def _near_but_clean(rng: random.Random) -> dict[str, str]:
    """A two-sided wait with neighbours of its waits among the discards and the tiles that
    went by, but none of its waits: no furiten."""
    return _clean_discards(rng, True)


def _dora_hand_more(rng: random.Random, *, red: bool, kan: bool) -> dict[str, str]:
    """A winning hand with two dora indicators, each pointing at a tile of the hand, with a
    red five (``red``) and a closed kan among its sets (``kan``)."""
    while True:
        counts = [0] * NUM_KINDS
        melds, quad = "", -1
        if kan:
            quad = rng.randrange(NUM_KINDS)
            counts[quad] = 4
            melds = f" ({tile_str(quad)[0] * 4}{tile_str(quad)[1]})"
        _sets(rng, counts, 3 if kan else 4)
        _pair(rng, counts)
        fives = [s for s in range(3) if counts[s * 9 + 4] and quad != s * 9 + 4]
        if red and not fives:
            continue
        held = [k for k in range(NUM_KINDS) if counts[k]]
        shown = [_pointing_at(k) for k in rng.sample(held, 2)]
        if kan and rng.random() < 0.5:
            shown[0] = _pointing_at(quad)  # a quad of dora: four at once
        if shown[0] == shown[1] or any(counts[k] + shown.count(k) > 4 for k in shown):
            continue
        concealed = counts[:]
        if kan:
            concealed[quad] = 0
        text = _notation(concealed)
        if red:
            text = _red_one(text, rng.choice(fives))
        return {"hand": text + melds, "indicators": " ".join(tile_str(k) for k in shown)}


def _red_one(text: str, suit: int) -> str:
    """The notation with one 5 of suit ``suit`` (0 m, 1 p, 2 s) written as the red 0."""
    out, letter = [], "mps"[suit]
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
            continue
        if ch == letter and "5" in digits:
            digits = digits.replace("5", "0", 1)
        out.append(digits + ch)
        digits = ""
    return "".join(out) + digits


def _red_five_to_count(rng: random.Random) -> dict[str, str]:
    """A winning hand holding a red five and one dora indicator pointing at one of its tiles:
    half the time the 4 of the red five's suit, so that the red five counts twice."""
    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 4)
        _pair(rng, counts)
        fives = [s for s in range(3) if counts[s * 9 + 4]]
        if not fives:
            continue
        red = rng.choice(fives)
        held = [k for k in range(NUM_KINDS) if counts[k]]
        shown = red * 9 + 3 if rng.random() < 0.5 else _pointing_at(rng.choice(held))
        if counts[shown] >= 4:
            continue
        return {"hand": _red_one(_notation(counts), red), "indicators": tile_str(shown)}


def _kan_and_two_indicators(rng: random.Random) -> dict[str, str]:
    """A winning hand with a closed kan and a red five, after the kan two indicators show."""
    return _dora_hand_more(rng, red=True, kan=True)


def _two_indicators_and_red(rng: random.Random) -> dict[str, str]:
    """A winning hand with a red five and two indicators, each pointing at its tiles."""
    return _dora_hand_more(rng, red=True, kan=False)


def _hand_around(
    rng: random.Random, used: list[int], held: list[Tile], sets: int, *, pair: bool
) -> list[int] | None:
    """``held`` tiles, then ``sets`` sets of suits other than ``held``'s, a pair (``pair``) and
    loose tiles up to 13, counted into ``used`` (every copy on the table); ``None`` when a
    fifth copy would be needed."""
    counts = [0] * NUM_KINDS
    for k in held:
        counts[k] += 1
    others = "".join(x for i, x in enumerate("mps") if i != held[0] // 9)
    _sets(rng, counts, sets, suits=others)
    if pair:
        _pair(rng, counts)
    while sum(counts) < 13:
        k = rng.randrange(27, NUM_KINDS)
        if counts[k] == 0:
            counts[k] = 1
    if any(counts[k] + used[k] > 4 for k in range(NUM_KINDS)):
        return None
    for k in range(NUM_KINDS):
        used[k] += counts[k]
    return counts


def _claims(rng: random.Random, second: str) -> dict[str, object]:
    """A discard of a suited tile, a chi of it by the next player in turn and a ``second``
    claim on it (``pon`` or ``ron``) by one of the two others, each with the 13 tiles it calls
    with: the ron hand waits on the tile in riichi (so it has a yaku), the chi hand holds two
    neighbours of it and the pon hand two copies, neither able to win on it.

    >>> sorted(_claims(random.Random(1), "pon"))
    ['claims', 'discard', 'discarder']
    """
    from .waits import waits

    while True:
        discarder = rng.randrange(4)
        tile = rng.randrange(3) * 9 + rng.randrange(1, 8)
        used = [0] * NUM_KINDS
        used[tile] += 1
        n = tile % 9
        runs = (
            [(tile - 1, tile + 1)]
            + [(tile + 1, tile + 2)] * (n <= 6)
            + [(tile - 2, tile - 1)] * (n >= 2)
        )
        # No pair beside the chi's two neighbours: with one, the hand would wait on the tile.
        chi = _hand_around(rng, used, list(rng.choice(runs)), 3, pair=False)
        if second == "pon":
            other = _hand_around(rng, used, [tile, tile], 3, pair=False)
        else:
            partial = (
                [tile + 1, tile + 2]
                if n <= 6 and rng.random() < 0.5 or n < 2
                else [tile - 2, tile - 1]
            )
            other = _hand_around(rng, used, partial, 3, pair=True)
        if chi is None or other is None or tile in waits(chi):
            continue
        if second == "ron":
            if tile not in waits(other):
                continue
        elif tile in waits(other):
            continue
        seat = SEATS[(discarder + rng.choice((2, 3))) % 4]
        claim: dict[str, object] = {"call": second, "hand": _notation(other)}
        if second == "ron":
            claim["riichi"] = True
        return {
            "claims": {
                SEATS[(discarder + 1) % 4]: {"call": "chi", "hand": _notation(chi)},
                seat: claim,
            },
            "discarder": SEATS[discarder],
            "discard": tile_str(tile),
        }


def _pon_or_chi(rng: random.Random) -> dict[str, object]:
    """A chi and a pon claimed on the same discard, by seats drawn around the table."""
    return _claims(rng, "pon")


def _ron_or_chi(rng: random.Random) -> dict[str, object]:
    """A chi and a ron claimed on the same discard (the ron hand in riichi)."""
    return _claims(rng, "ron")


def _kuikae_after_chi(rng: random.Random) -> dict[str, str]:
    """The 11 tiles left after a chi from the left, and the chi with its called tile marked:
    the hand holds another copy of the called tile or the tile at the run's other end (or
    both), among sets of other suits and loose honors."""
    while True:
        suit = rng.randrange(3) * 9
        start = suit + rng.randrange(7)
        run = [start, start + 1, start + 2]
        called = rng.choice(run)
        forbidden = [called]
        if called == start and start + 3 < suit + 9:
            forbidden.append(start + 3)
        elif called == start + 2 and start > suit:
            forbidden.append(start - 1)
        keep = rng.sample(forbidden, rng.randint(1, len(forbidden)))
        counts = [0] * NUM_KINDS
        for k in keep:
            counts[k] += 1
        others = "".join(x for i, x in enumerate("mps") if i * 9 != suit)
        _sets(rng, counts, 3, suits=others)
        while sum(counts) < 11:
            k = rng.randrange(NUM_KINDS)
            if counts[k] < 2 and k not in run and k not in forbidden:
                counts[k] += 1
        if any(counts[k] + run.count(k) > 4 for k in range(NUM_KINDS)):
            continue
        digits = [str(k - suit + 1) for k in run]
        first = digits.pop(run.index(called))
        meld = f"[{first}*{''.join(digits)}{'mps'[suit // 9]}]L"
        return {"hand": _notation(counts), "meld": meld}


def _wall(totals: tuple[int, ...]) -> Callable[[random.Random], dict[str, object]]:
    def make(rng: random.Random) -> dict[str, object]:
        total = rng.choice(totals)
        low = rng.randint(max(1, total - 6), min(6, total - 1))
        dice = [low, total - low]
        rng.shuffle(dice)
        return {"dice": dice, "seed": rng.randrange(1, 1_000_000)}

    make.__doc__ = f"Two dice totalling one of {totals} and a shuffle of the wall."
    return make


def _indicator(kinds: list[Tile]) -> Callable[[random.Random], dict[str, str]]:
    def make(rng: random.Random) -> dict[str, str]:
        return {"indicators": tile_str(rng.choice(kinds))}

    return make


def _hand(make: Callable[[random.Random], str]) -> Callable[[random.Random], dict[str, str]]:
    def position(rng: random.Random) -> dict[str, str]:
        return {"hand": make(rng)}

    position.__doc__ = make.__doc__
    return position


FAMILIES: dict[str, Callable[[random.Random], Mapping[str, object]]] = {
    "two_sided_wait": _hand(_two_sided_wait),
    "closed_wait": _hand(_closed_wait),
    "edge_wait": _hand(_edge_wait),
    "dual_pon_wait": _hand(_dual_pon_wait),
    "single_wait": _hand(_single_wait),
    "four_in_a_row": _hand(_four_in_a_row),
    "seven_in_a_row": _hand(_seven_in_a_row),
    "complete_hand": _hand(_complete_hand),
    "complete_hand_one_way": _hand(_complete_hand_one_way),
    "one_tile_short": _hand(_one_tile_short),
    "complete_or_not": _hand(_complete_or_not),
    "seven_pairs": _hand(_seven_pairs),
    "thirteen_orphans": _hand(_thirteen_orphans),
    "own_discard_furiten": _own_discard_furiten,
    "furiten_or_not": _furiten_or_not,
    "passed_wait": _passed_wait,
    "runs_to_call": _runs_to_call,
    "pair_and_neighbours": _pair_and_neighbours,
    "triplet_and_neighbours": _triplet_and_neighbours,
    "riichi_ron": _riichi_ron,
    "pinfu_ron": _pinfu_ron,
    "riichi_pinfu_tanyao": _riichi_pinfu_tanyao,
    "concealed_triplets_ron": _concealed_triplets_ron,
    "mixed_row": _mixed_row,
    "dragon_row": _dragon_row,
    "fives_row": _fives_row,
    "row_with_a_sequence": _row_with_a_sequence,
    "row_with_every_trap": _row_with_every_trap,
    "row_with_a_triplet": _row_with_a_triplet,
    "row_with_a_quad": _row_with_a_quad,
    "row_with_a_pair": _row_with_a_pair,
    "dora_to_count": _dora_to_count,
    "dora_and_ura": _dora_and_ura,
    "number_indicator": _indicator([s * 9 + n for s in range(3) for n in range(1, 8)]),
    "nine_indicator": _indicator([8, 17, 26]),
    "wind_indicator": _indicator([27, 28, 29, 30]),
    "dragon_indicator": _indicator([31, 32, 33]),
    "riichi_only_ron": _riichi_only_ron,
    "riichi_only_tsumo": _riichi_only_tsumo,
    "closed_tsumo": _closed_tsumo,
    "menzen_tsumo_only": _menzen_tsumo_only,
    "one_discard_to_tenpai": _one_discard_to_tenpai,
    "riichi_pon_or_ron": _riichi_pon_or_ron,
    "three_triplets_in_a_row": _three_triplets_in_a_row,
    "complete_with_calls": _complete_with_calls,
    "triplet_beside_two": _triplet_beside_two,
    "furiten_over": _furiten_over,
    "near_but_clean": _near_but_clean,
    "red_five_to_count": _red_five_to_count,
    "kan_and_two_indicators": _kan_and_two_indicators,
    "two_indicators_and_red": _two_indicators_and_red,
    "limit_with_dora": _limit_with_dora,
    "one_dora_short": _one_dora_short,
    "pon_or_chi": _pon_or_chi,
    "ron_or_chi": _ron_or_chi,
    "kuikae_after_chi": _kuikae_after_chi,
    # The wall pictures of the stage all use a 7: the exercises draw other totals.
    "wall_dice": _wall((2, 3, 4, 5, 6, 8, 9, 10, 11, 12)),
    "short_dice": _wall((2, 3, 4, 5, 6)),
}
"""Each family's generator, by the name a content file gives: it returns the exercise fields
it fills (``hand``; ``tiles`` for a row; ``indicators`` for dora indicators; ``hand``,
``discards`` and ``tile`` for furiten; ``hand`` and ``discard`` for calls), the main one
first."""
FAMILIES.update(YAKU_FAMILIES)  # the yaku stages' winning hands (tutor/engine/yaku_positions.py)


def draw_position(family: str, seed: int) -> dict[str, object]:
    """The exercise fields of the position ``seed`` draws from ``family``.

    >>> draw_position("wind_indicator", 4) == draw_position("wind_indicator", 4)
    True
    >>> sorted(draw_position("mixed_row", 1))
    ['tiles']
    >>> draw_position("six_dragons", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tutor.engine.positions.UnknownFamilyError: no family six_dragons; known: ..., two_sided_wait, ...
    """
    if family not in FAMILIES:
        known = ", ".join(sorted(FAMILIES))
        raise UnknownFamilyError(f"no family {family}; known: {known}")
    return dict(FAMILIES[family](random.Random(f"{family}:{seed}")))


def draw(family: str, seed: int) -> str:
    """The main field of the position ``seed`` draws from ``family``: the hand notation of a
    hand family, the row of a row family.

    >>> draw("complete_hand", 1) == draw("complete_hand", 2)
    False
    >>> draw("nine_indicator", 3) in ("9m", "9p", "9s")
    True
    """
    return str(next(iter(draw_position(family, seed).values())))


@dataclass(frozen=True, slots=True)
class WinningPosition:
    """A closed winning hand and how it was won, as a scoring exercise describes it."""

    hand: str
    win_tile: str
    tsumo: bool
    seat: str
    discarder: str | None
    riichi: bool


def draw_winning(seed: int) -> WinningPosition:
    """A closed hand of four sets and a pair, won by ron or tsumo, worth 1 to 4 han with at
    least one yaku (riichi is declared when the hand would have none), from any seat.

    >>> p = draw_winning(3)
    >>> p == draw_winning(3), len(p.hand.replace("m", "").replace("p", "").replace("s", "").replace("z", ""))
    (True, 14)
    """
    from .hand import parse_hand
    from .scoring import NoYakuError, ScoringError, score, situation_from_hand

    rng = random.Random(f"winning:{seed}")
    while True:
        hand = _complete_hand(rng)
        parsed = parse_hand(hand)
        held = [k for k in range(NUM_KINDS) if parsed.concealed[k]]
        win = rng.choice(held)
        tsumo = rng.random() < 0.4
        seat = rng.choice(SEATS)
        discarder = None if tsumo else rng.choice([s for s in SEATS if s != seat])
        riichi = rng.random() < 0.5
        wind = {s: 27 + i for i, s in enumerate(SEATS)}
        for declared in (riichi, True):
            try:
                result = score(
                    situation_from_hand(
                        parsed, win, tsumo=tsumo, riichi=declared, seat_wind=wind[seat]
                    )
                )
            except NoYakuError:
                continue
            except ScoringError:
                break
            if 1 <= result.han <= 4 and not result.limit:
                return WinningPosition(
                    hand, tiles_str([win]), tsumo, seat, discarder, riichi=declared
                )
            break


# --- efficiency (stage 18): how far, which draws help, which tile to let go -----------------


def _partial(rng: random.Random, counts: list[int], suits: str = "mps") -> tuple[Tile, ...]:
    """Add a two-tile partial set (two-sided 2-3 to 7-8, closed, or edge 1-2 / 8-9) of one of
    ``suits`` to ``counts``; return the kinds that finish it."""
    suit = "mps".index(rng.choice(suits)) * 9
    shape = rng.choice(("two_sided", "two_sided", "closed", "edge"))
    wanted: tuple[Tile, ...]
    if shape == "two_sided":
        low = suit + rng.randrange(1, 7)
        tiles, wanted = (low, low + 1), (low - 1, low + 2)
    elif shape == "closed":
        low = suit + rng.randrange(7)
        tiles, wanted = (low, low + 2), (low + 1,)
    else:
        low = suit + rng.choice((0, 7))
        tiles, wanted = (low, low + 1), (suit + 2 if low == suit else suit + 6,)
    for k in tiles:
        counts[k] += 1
    return wanted


def _isolated(counts: Sequence[int]) -> list[Tile]:
    """The single tiles that touch nothing: no other copy and, for a number, no tile of its
    suit within two."""
    out = []
    for k in range(NUM_KINDS):
        if counts[k] != 1:
            continue
        if k >= 27 or not any(
            counts[j] for j in range(k - 2, k + 3) if j != k and j // 9 == k // 9 and 0 <= j < 27
        ):
            out.append(k)
    return out


def _blocks_hand(
    rng: random.Random, sets: int, partials: int, *, pair: bool, honors: int = 0
) -> tuple[list[int], list[Tile]] | None:
    """``sets`` sets, ``partials`` partial sets, a pair (``pair``) and ``honors`` lone honors,
    no pair but the one asked for and no four copies of a tile; ``None`` when the draw does not
    fit (the caller draws again). Returns the counts and the kinds that finish the partial
    sets."""
    counts = [0] * NUM_KINDS
    _sets(rng, counts, sets)
    wanted: list[Tile] = []
    for _ in range(partials):
        wanted.extend(_partial(rng, counts))
    if pair:
        _pair(rng, counts)
    for _ in range(honors):
        counts[rng.randrange(27, NUM_KINDS)] += 1
    if max(counts) > 3 or sum(1 for c in counts if c == 2) != int(pair):
        return None
    if any(counts[k] >= 4 for k in wanted) or len(set(wanted)) != len(wanted):
        return None
    return counts, wanted


def _away(rng: random.Random, sets: int, partials: int, honors: int, goal: int) -> dict[str, str]:
    from .shanten import shanten

    while True:
        drawn = _blocks_hand(rng, sets, partials, pair=False, honors=honors)
        if drawn is None:
            continue
        counts, _wanted = drawn
        lone = [k for k in range(27, NUM_KINDS) if counts[k] == 1]
        if len(lone) == honors and shanten(counts) == goal:
            return {"hand": _notation(counts)}


def _one_away_no_pair(rng: random.Random) -> dict[str, str]:
    """Three sets and two partial sets, no pair (13 tiles): one step from tenpai."""
    return _away(rng, 3, 2, 0, 1)


def _two_away_no_pair(rng: random.Random) -> dict[str, str]:
    """Two sets, three partial sets and a lone honor, no pair (13 tiles): two steps away."""
    return _away(rng, 2, 3, 1, 2)


def _two_partials_to_finish(rng: random.Random) -> dict[str, str]:
    """Two sets, a pair, two partial sets and a lone honor (13 tiles), one step from tenpai:
    exactly the tiles that finish a partial set bring it closer (the honor's second copy and
    a third copy of the pair do not)."""
    from .analysis import ukeire

    while True:
        drawn = _blocks_hand(rng, 2, 2, pair=True, honors=1)
        if drawn is None:
            continue
        counts, wanted = drawn
        if sum(1 for k in range(27, NUM_KINDS) if counts[k] == 1) != 1:
            continue
        u = ukeire(counts)
        if u.shanten == 1 and set(u.accepted) == set(wanted):
            return {"hand": _notation(counts)}


def _clear_best(counts: list[int]) -> Tile | None:
    """The discard the engine's clear-best rule picks for a 14-tile hand, or None."""
    from .analysis import clear_margin, discard_analysis

    rows = discard_analysis(counts, seen=counts)
    if clear_margin(rows) is None:
        return None
    return rows[0].discard


def _throw_the_loner(rng: random.Random) -> dict[str, str]:
    """Fourteen tiles where one tile, a lone honor most of the time, touches nothing (the
    others are sets, partial sets and maybe a pair), and the clear best discard is that tile."""
    while True:
        sets, partials, pair = rng.choice(((3, 2, False), (3, 1, True)))
        drawn = _blocks_hand(rng, sets, partials, pair=pair)
        if drawn is None:
            continue
        counts, _wanted = drawn
        loner = rng.randrange(27, NUM_KINDS) if rng.random() < 0.75 else rng.randrange(27)
        counts[loner] += 1
        if _isolated(counts) != [loner]:
            continue
        if _clear_best(counts) == loner:
            return {"hand": _notation(counts)}


def _terminal_or_middle(rng: random.Random) -> dict[str, str]:
    """Fourteen tiles with exactly two lone number tiles, a terminal and a 3 to 7, the rest
    sets, partial sets and a pair: the clear best discard is the terminal."""
    while True:
        drawn = _blocks_hand(rng, 2, 2, pair=True)
        if drawn is None:
            continue
        counts, _wanted = drawn
        terminal = rng.randrange(3) * 9 + rng.choice((0, 8))
        middle = rng.randrange(3) * 9 + rng.randrange(2, 7)
        counts[terminal] += 1
        counts[middle] += 1
        if sorted(_isolated(counts)) != sorted({terminal, middle}) or terminal == middle:
            continue
        if _clear_best(counts) == terminal:
            return {"hand": _notation(counts)}


FAMILIES.update(
    {
        "one_away_no_pair": _one_away_no_pair,
        "two_away_no_pair": _two_away_no_pair,
        "two_partials_to_finish": _two_partials_to_finish,
        "throw_the_loner": _throw_the_loner,
        "terminal_or_middle": _terminal_or_middle,
    }
)


# --- fu (stage 15): each family keeps one line of the count in play --------------------------


def _concealed_sets(
    rng: random.Random,
    used: list[int],
    sequences: int,
    triplets: int,
    *,
    simples: bool = False,
    honor_triplets: bool = False,
    pair: Tile | None = None,
) -> list[int] | None:
    """Concealed counts of ``sequences`` sequences and ``triplets`` triplets of number tiles
    (of honors too with ``honor_triplets``), then a pair (``pair``, or a number tile no set
    uses), all of simples with ``simples``; ``used`` holds the tiles of the called sets, so a
    fifth copy is refused with ``None``."""
    counts = [0] * NUM_KINDS
    numbers = range(1, 8) if simples else range(9)
    for _ in range(sequences):
        start = rng.randrange(3) * 9 + rng.choice([n for n in numbers if n + 2 in numbers])
        for k in (start, start + 1, start + 2):
            counts[k] += 1
    kinds = [s * 9 + n for s in range(3) for n in numbers] + [*range(27, 34)] * honor_triplets
    for kind in rng.sample(kinds, triplets):
        counts[kind] += 3
    if pair is None:
        pair = rng.choice([s * 9 + n for s in range(3) for n in numbers])
    if counts[pair]:
        return None
    counts[pair] = 2
    if any(counts[k] + used[k] > 4 for k in range(NUM_KINDS)):
        return None
    return counts


def _fu_win(
    rng: random.Random,
    build: Callable[[random.Random], tuple[list[int], str] | None],
    *,
    tsumo: bool,
    riichi: bool,
    accept: Callable[[dict[str, list[tuple[int, Mapping[str, object]]]]], bool],
) -> dict[str, str]:
    """A winning hand from ``build`` (concealed counts and the called sets' notation), won on one of its concealed tiles by a South player in an East round, whose fu
    lines (``code`` → ``(fu, params)`` of each line) ``accept`` takes."""
    while True:
        built = build(rng)
        if built is None:
            continue
        counts, melds = built
        hand = (_notation(counts) + " " + melds).strip()
        win = rng.choice([k for k in range(NUM_KINDS) if counts[k]])
        result = _scored(hand, win, tsumo=tsumo, riichi=riichi)
        if result is None:
            continue
        lines: dict[str, list[tuple[int, Mapping[str, object]]]] = {}
        for line in result.fu_lines:
            lines.setdefault(line.code, []).append((line.fu, line.params))
        if accept(lines):
            return {"hand": hand, "win_tile": tile_str(win)}


def _fu_of(lines: dict[str, list[tuple[int, Mapping[str, object]]]], code: str) -> list[int]:
    return [fu for fu, _params in lines.get(code, [])]


def _two_sided(lines: dict[str, list[tuple[int, Mapping[str, object]]]]) -> bool:
    return [p.get("shape") for _fu, p in lines["wait"]] == ["two_sided"]


def _closed_kan_ron(rng: random.Random) -> dict[str, str]:
    """A closed hand with one concealed kan (simples, terminals or honors), three sequences
    and a plain pair, won by ron after riichi on a two-sided wait: 20 + 10 + the kan."""

    def build(rng: random.Random) -> tuple[list[int], str] | None:
        kan = rng.randrange(NUM_KINDS)
        used = [0] * NUM_KINDS
        used[kan] = 4
        counts = _concealed_sets(rng, used, 3, 0)
        text = tile_str(kan)
        return None if counts is None else (counts, f"({text[0] * 4}{text[1]})")

    return _fu_win(rng, build, tsumo=False, riichi=True, accept=_two_sided)


def _open_difficult_wait(rng: random.Random) -> dict[str, str]:
    """An open hand with a called pon of dragons (its yaku), two or three concealed sets
    (sequences and triplets of numbers) and a plain pair, won by ron on a closed, edge or
    single wait: 20 + the triplets + 2 for the wait, no closed-ron 10."""

    def build(rng: random.Random) -> tuple[list[int], str] | None:
        dragon = rng.randrange(31, 34)
        used = [0] * NUM_KINDS
        used[dragon] = 3
        triplets = rng.randint(0, 2)
        counts = _concealed_sets(rng, used, 3 - triplets, triplets)
        d = tile_str(dragon)[0]
        return None if counts is None else (counts, f"[{d}*{d}{d}z]")

    return _fu_win(
        rng,
        build,
        tsumo=False,
        riichi=False,
        accept=lambda lines: _fu_of(lines, "wait") == [2],
    )


def _honor_pair_ron(rng: random.Random) -> dict[str, str]:
    """A closed hand of four sequences and a pair of honors, won by ron after riichi on a
    two-sided wait by South in an East round: the pair adds 2 fu when it is a dragon, East
    (the round) or South (the seat), nothing for West or North (then it is pinfu, 30)."""

    def build(rng: random.Random) -> tuple[list[int], str] | None:
        pair = rng.choice((27, 28, 29, 30, 31, 32, 33))
        counts = _concealed_sets(rng, [0] * NUM_KINDS, 4, 0, pair=pair)
        return None if counts is None else (counts, "")

    return _fu_win(rng, build, tsumo=False, riichi=True, accept=_two_sided)


def _triplets_tsumo(rng: random.Random) -> dict[str, str]:
    """A closed hand with one or two concealed triplets (numbers or honors other than East,
    South and the dragons), sequences and a plain pair, won by tsumo after riichi on a
    two-sided wait: 20 + 2 for tsumo + the triplets."""

    def build(rng: random.Random) -> tuple[list[int], str] | None:
        triplets = rng.randint(1, 2)
        counts = _concealed_sets(rng, [0] * NUM_KINDS, 4 - triplets, triplets, honor_triplets=True)
        if counts is None or any(counts[k] for k in (27, 28, 31, 32, 33)):
            return None  # a value triplet is a yaku of its own: keep to riichi and tsumo
        return counts, ""

    return _fu_win(rng, build, tsumo=True, riichi=True, accept=_two_sided)


def _seven_pairs_win(rng: random.Random) -> dict[str, str]:
    """Seven different pairs read only as seven pairs, won on one of them: always 25 fu."""
    hand = _seven_pairs(rng)
    pairs = [k for k, n in enumerate(to_counts(parse_tiles(hand))) if n]
    return {"hand": hand, "win_tile": tile_str(rng.choice(pairs))}


def _open_pinfu_shape(rng: random.Random) -> dict[str, str]:
    """An open hand of simples: a chi called from the left, three concealed sequences and a
    plain pair, won by ron on a two-sided wait (tanyao its yaku): 20 fu raised to 30."""

    def build(rng: random.Random) -> tuple[list[int], str] | None:
        suit = rng.randrange(3)
        start = suit * 9 + rng.randrange(1, 5)
        run = [start, start + 1, start + 2]
        used = [0] * NUM_KINDS
        for k in run:
            used[k] += 1
        counts = _concealed_sets(rng, used, 3, 0, simples=True)
        if counts is None:
            return None
        digits = [str(k % 9 + 1) for k in run]
        first = digits.pop(rng.randrange(3))
        return counts, f"[{first}*{''.join(digits)}{'mps'[suit]}]L"

    return _fu_win(
        rng,
        build,
        tsumo=False,
        riichi=False,
        accept=lambda lines: _two_sided(lines) and "open_pinfu" in lines,
    )


FAMILIES.update(
    {
        "closed_kan_ron": _closed_kan_ron,
        "open_difficult_wait": _open_difficult_wait,
        "honor_pair_ron": _honor_pair_ron,
        "triplets_tsumo": _triplets_tsumo,
        "seven_pairs_win": _seven_pairs_win,
        "open_pinfu_shape": _open_pinfu_shape,
    }
)


# --- defense (stages 20 and 21): a riichi river, a hand, and the danger model decides -------

_PROTECTS = frozenset(
    {
        "genbutsu",
        "passed_after_riichi",
        "honor_visible",
        "suji",
        "half_suji",
        "no_chance",
        "one_chance",
        "only_pair_waits",
        "early_outside",
        "no_copy_left",
    }
)
"""The danger reasons that make a tile safer than a bare one."""


def _river(rng: random.Random, counts: list[int], avoid: set[Tile], length: int) -> list[Tile]:
    """A riichi player's river of ``length`` tiles: honors and terminals first, then middle
    tiles, none of ``avoid``, never a fifth copy with ``counts`` (counted into it)."""
    out: list[Tile] = []
    while len(out) < length:
        early = len(out) < rng.randint(2, 4)
        if early:
            k = rng.choice([*range(27, 34), 0, 8, 9, 17, 18, 26])
        else:
            k = rng.randrange(3) * 9 + rng.randrange(1, 8)
        if k in avoid or counts[k] >= 4:
            continue
        counts[k] += 1
        out.append(k)
    return out


def _loose_hand(rng: random.Random) -> list[int]:
    """Fourteen tiles of a hand in the making: two sets, two partial sets, a pair and loose
    tiles (at most three copies of a tile)."""
    while True:
        counts = [0] * NUM_KINDS
        _sets(rng, counts, 2)
        for _ in range(2):
            _partial(rng, counts)
        _pair(rng, counts)
        while sum(counts) < 14:
            counts[rng.randrange(NUM_KINDS)] += 1
        if max(counts) <= 3:
            return counts


def _kinds_of(counts: Sequence[int]) -> list[Tile]:
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


def _table(
    hand: list[int], river: list[Tile], dora: Tile, seen: Sequence[Tile] = ()
) -> dict[str, str]:
    out = {
        "hand": tiles_str(_kinds_of(hand)),
        "river": "".join(tile_str(k) for k in river),
        "dora": tile_str(dora),
    }
    if seen:
        out["seen"] = "".join(tile_str(k) for k in seen)
    return out


def _dora_for(rng: random.Random, used: list[int]) -> Tile:
    while True:
        k = rng.randrange(NUM_KINDS)
        if used[k] < 4:
            used[k] += 1
            return k


def _state(position: Mapping[str, str]) -> DefenseState:
    from .defense_puzzle import lesson_state

    return lesson_state(
        parse_tiles(position["river"]),
        parse_tiles(position["hand"]),
        seen=parse_tiles(position.get("seen", "")),
        dora=parse_tiles(position["dora"]),
    )


def _safest(position: Mapping[str, str]) -> Tile | None:
    """The safest tile of the position's hand when it stands out by the danger model's margin
    (the rule of a defense puzzle)."""
    from .defense_puzzle import safest_by_margin

    return safest_by_margin(_state(position))


def _genbutsu_in_hand(rng: random.Random) -> dict[str, str]:
    """A river of six to nine tiles, the last one the declaration, and a hand holding exactly
    one kind from that river (genbutsu), which the danger model finds clearly safest."""
    while True:
        hand = _loose_hand(rng)
        held = [k for k in range(NUM_KINDS) if hand[k]]
        genbutsu = rng.choice(held)
        used = hand[:]
        length = rng.randint(6, 9)
        river = _river(rng, used, set(held), length - 1)
        if used[genbutsu] >= 4:
            continue
        used[genbutsu] += 1
        river.insert(rng.randrange(len(river)), genbutsu)  # never the declaration tile itself
        position = _table(hand, river, _dora_for(rng, used))
        if _safest(position) == genbutsu:
            return position


def _suji_partners(tile: Tile) -> list[Tile]:
    n = tile % 9
    return [tile + d for d in (-3, 3) if 0 <= n + d <= 8]


def _suji_in_hand(rng: random.Random) -> dict[str, str]:
    """A river holding both suji partners of a number tile of the hand (1-4-7, 2-5-8, 3-6-9:
    4 needs 1 and 7) but never the tile itself, and that tile named: suji, so no two-sided
    wait can win on it, but other waits can."""
    from .defense import reasons

    while True:
        hand = _loose_hand(rng)
        numbers = [k for k in range(27) if hand[k]]
        tile = rng.choice(numbers)
        partners = _suji_partners(tile)
        used = hand[:]
        if any(used[p] >= 4 for p in partners):
            continue
        for p in partners:
            used[p] += 1
        river = _river(rng, used, {tile}, rng.randint(6, 9) - len(partners))
        for p in partners:
            river.insert(rng.randrange(len(river) + 1), p)
        position = _table(hand, river, _dora_for(rng, used))
        state = _state(position)
        if any(r.code == "suji" for r in reasons(state, tile)):
            return {**position, "tile": tile_str(tile)}


def _suji_honor_bare(rng: random.Random) -> dict[str, str]:
    """A river and a hand with three tiles to rank: a suji number tile, an honor with two or
    three copies in view (in one's hand or in other rivers) and a number tile nothing
    protects; the danger model orders them with a clear gap between each."""
    from .defense import danger, reasons

    while True:
        hand = _loose_hand(rng)
        honors = [k for k in range(27, NUM_KINDS) if hand[k]]
        numbers = [k for k in range(27) if hand[k]]
        if not honors or len(numbers) < 2:
            continue
        honor = rng.choice(honors)
        suji, bare = rng.sample(numbers, 2)
        partners = _suji_partners(suji)
        used = hand[:]
        seen = [honor] * rng.randint(max(0, 2 - hand[honor]), 3 - hand[honor])
        for k in [*partners, *seen]:
            used[k] += 1
        if max(used) > 4:
            continue
        river = _river(rng, used, {suji, bare, honor}, rng.randint(6, 9) - len(partners))
        for p in partners:
            river.insert(rng.randrange(len(river) + 1), p)
        position = _table(hand, river, _dora_for(rng, used), seen)
        state = _state(position)
        codes = {t: {r.code for r in reasons(state, t)} for t in (suji, honor, bare)}
        if not (
            "suji" in codes[suji]
            and "honor_visible" in codes[honor]
            and not codes[bare] & _PROTECTS
            and not codes[suji] & (_PROTECTS - {"suji"})
        ):
            continue
        d = danger(state, [suji, honor, bare])
        low, mid, high = sorted(d.values())
        if mid - low >= 0.02 and high - mid >= 0.02:
            three = [suji, honor, bare]
            rng.shuffle(three)  # the order shown says nothing
            return {**position, "tiles": " ".join(tile_str(k) for k in three)}


def _fold_by_honors(rng: random.Random) -> dict[str, str]:
    """A hand two or more steps from ready holding no genbutsu and two or more honors, one of
    them with three copies in view (the others in other rivers): the clearly safest tile is an
    honor."""
    from .shanten import shanten

    while True:
        counts = [0] * NUM_KINDS
        for _ in range(14):
            counts[rng.randrange(NUM_KINDS)] += 1
        honors = [k for k in range(27, NUM_KINDS) if counts[k]]
        if max(counts) > 3 or len(honors) < 2 or shanten(counts) < 2:
            continue
        used = counts[:]
        held = {k for k in range(NUM_KINDS) if counts[k]}
        shown = rng.choice(honors)
        seen = [shown] * (3 - counts[shown])  # three in view: only a tanki is left
        seen += [k for k in rng.sample(range(27, NUM_KINDS), rng.randint(0, 1)) if k != shown]
        for k in seen:
            used[k] += 1
        if max(used) > 4:
            continue
        river = _river(rng, used, held, rng.randint(6, 9))
        position = _table(counts, river, _dora_for(rng, used), seen)
        safest = _safest(position)
        if safest is not None and safest >= 27:
            return position


def _genbutsu_keeps_tenpai(rng: random.Random) -> dict[str, str]:
    """Fourteen tiles where one discard only leaves the hand ready, and that tile is the
    hand's one genbutsu (in the riichi player's river): the safe tile and the useless one are
    the same."""
    from .shanten import shanten

    while True:
        counts = list(
            to_counts(
                parse_tiles(_with_partial(rng, rng.choice(("two_sided",) * 3 + ("closed", "edge"))))
            )
        )
        loose = rng.randrange(NUM_KINDS)
        counts[loose] += 1
        if counts[loose] != 1 or max(counts) > 4:
            continue
        if [k for k in range(NUM_KINDS) if counts[k] and _after(counts, k, shanten) == 0] != [
            loose
        ]:
            continue
        used = counts[:]
        held = {k for k in range(NUM_KINDS) if counts[k]}
        river = _river(rng, used, held, rng.randint(5, 8))
        if used[loose] >= 4:
            continue
        used[loose] += 1
        river.insert(rng.randrange(len(river)), loose)
        position = _table(counts, river, _dora_for(rng, used))
        if _safest(position) == loose:
            return position


def two_riichi_states(position: Mapping[str, str]) -> list[DefenseState]:
    """A lesson position against two riichi (``river`` and ``river2``), one state per riichi."""
    from .defense_puzzle import lesson_states

    return lesson_states(
        [parse_tiles(position["river"]), parse_tiles(position["river2"])],
        parse_tiles(position["hand"]),
        seen=parse_tiles(position.get("seen", "")),
        dora=parse_tiles(position["dora"]),
    )


def _genbutsu_against_both(rng: random.Random) -> dict[str, str]:
    """Two riichi rivers and a hand holding one kind both players threw (genbutsu against both,
    the answer) and one kind only the first threw (safe against one riichi only: the trap),
    the first clearly safest by the danger model's margin on the chance of dealing in to
    either.

    >>> p = _genbutsu_against_both(random.Random(3))
    >>> first, second, hand = (set(parse_tiles(p[k])) for k in ("river", "river2", "hand"))
    >>> len(hand & first & second), len(hand & (first - second)) >= 1
    (1, True)
    """
    from .defense_puzzle import safest_against_all

    while True:
        hand = _loose_hand(rng)
        held = [k for k in range(NUM_KINDS) if hand[k]]
        both, trap = rng.sample(held, 2)
        used = hand[:]
        if used[both] >= 3 or used[trap] >= 4:
            continue
        used[both] += 2
        used[trap] += 1
        first = _river(rng, used, set(held), rng.randint(5, 8))
        second = _river(rng, used, set(held), rng.randint(5, 8))
        for tile in (both, trap):
            first.insert(rng.randrange(len(first)), tile)  # never the declaration tile itself
        second.insert(rng.randrange(len(second)), both)
        position = _table(hand, first, _dora_for(rng, used))
        position["river2"] = "".join(tile_str(k) for k in second)
        if safest_against_all(two_riichi_states(position)) == both:
            return position


FAMILIES.update(
    {
        "genbutsu_against_both": _genbutsu_against_both,
        "genbutsu_in_hand": _genbutsu_in_hand,
        "suji_in_hand": _suji_in_hand,
        "suji_honor_bare": _suji_honor_bare,
        "fold_by_honors": _fold_by_honors,
        "genbutsu_keeps_tenpai": _genbutsu_keeps_tenpai,
    }
)


# --- payments (stage 16): a limit hand priced from its han --------------------------------

FLUSH_YAKU = frozenset({"riichi", "chinitsu", "pinfu", "iipeikou"})


def _dealer_flush_baiman(rng: random.Random) -> dict[str, str]:
    """A closed full flush (chinitsu) of the dealer, won by ron after riichi, whose yaku are
    exactly riichi, pinfu, iipeikou and chinitsu: 9 han, a baiman, without dora."""
    while True:
        suit = rng.randrange(3) * 9
        counts = [0] * NUM_KINDS
        while sum(counts) < 12:
            if rng.random() < 0.75:
                start = suit + rng.randrange(7)
                kinds = [start, start + 1, start + 2]
            else:
                kinds = [suit + rng.randrange(9)] * 3
            for k in kinds:
                counts[k] += 1
        counts[suit + rng.randrange(9)] += 2
        if max(counts) > 4:
            continue
        hand = _notation(counts)
        win = rng.choice([k for k in range(NUM_KINDS) if counts[k]])
        result = _scored(hand, win, tsumo=False, riichi=True, seat_wind=27)
        if result is None:
            continue
        keys = {y.key for y in result.yaku}
        if keys == FLUSH_YAKU and result.han == 9:
            return {"hand": hand, "win_tile": tile_str(win)}


FAMILIES["dealer_flush_baiman"] = _dealer_flush_baiman


# --- a whole hand (stage 17): calls, the end of the wall, draws and the final score ----------


def _pon_skips_turns(rng: random.Random) -> dict[str, object]:
    """A suited discard and a pon of it by a player two or three seats on (so one or two
    players lose their turn), with the 13 tiles the pon is called with: two copies of the
    tile beside sets of other suits and loose honors, never winning on it."""
    from .waits import waits

    while True:
        discarder = rng.randrange(4)
        tile = rng.randrange(3) * 9 + rng.randrange(9)
        used = [0] * NUM_KINDS
        used[tile] += 1
        hand = _hand_around(rng, used, [tile, tile], 3, pair=False)
        if hand is None or tile in waits(hand):
            continue
        seat = SEATS[(discarder + rng.choice((2, 3))) % 4]
        return {
            "claims": {seat: {"call": "pon", "hand": _notation(hand)}},
            "discarder": SEATS[discarder],
            "discard": tile_str(tile),
        }


def _tenpai_at_the_draw(rng: random.Random) -> dict[str, str]:
    """A hand whose tiles of one suit read several ways (a triplet beside two neighbours,
    four or seven in a row): tenpai half the time, otherwise the same hand with one tile
    swapped for another so that it is one step away."""
    from .shanten import shanten

    make = rng.choice((_triplet_beside_two, _hand(_four_in_a_row), _hand(_seven_in_a_row)))
    hand = make(rng)["hand"]
    if rng.random() < 0.5:
        return {"hand": hand}
    while True:
        counts = list(to_counts(parse_tiles(hand)))
        out = rng.choice([k for k in range(NUM_KINDS) if counts[k]])
        into = rng.randrange(NUM_KINDS)
        counts[out] -= 1
        counts[into] += 1
        if max(counts) <= 4 and shanten(counts) == 1:
            return {"hand": _notation(counts)}


def _tenpai_seats(rng: random.Random) -> dict[str, object]:
    """One, two or three of the four seats tenpai at an exhaustive draw."""
    return {"tenpai": sorted(rng.sample(SEATS, rng.randint(1, 3)), key=SEATS.index)}


def _first_draw_orphans(rng: random.Random) -> dict[str, str]:
    """Fourteen tiles on a first draw holding eight to eleven different terminals and honors
    (some of them twice) among simples: enough, or one short, to stop the hand."""
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    kinds = rng.sample(orphans, rng.randint(8, 11))
    while len(kinds) < 14:
        k = (
            rng.choice(orphans)
            if rng.random() < 0.25
            else rng.randrange(3) * 9 + rng.randrange(1, 8)
        )
        if kinds.count(k) < 2 and (k in kinds or k not in orphans):
            kinds.append(k)
    return {"tiles": _row(rng, kinds)}


def _final_points(rng: random.Random) -> dict[str, object]:
    """Four final scores in hundreds adding up to 100,000, all different, none but the top
    one ending in 500 (an exact half, which rule sets round differently)."""
    while True:
        points = [rng.randrange(0, 600) * 100 for _ in range(3)]
        points.append(100_000 - sum(points))
        ranked = sorted(points, reverse=True)
        if points[3] < 0 or len(set(points)) < 4:
            continue
        if any(p % 1000 == 500 for p in ranked[1:]):
            continue
        return {"points": points}


FAMILIES.update(
    {
        "pon_skips_turns": _pon_skips_turns,
        "tenpai_at_the_draw": _tenpai_at_the_draw,
        "tenpai_seats": _tenpai_seats,
        "first_draw_orphans": _first_draw_orphans,
        "final_points": _final_points,
    }
)


# --- other rules (stage 19): a win beats a pung everywhere -----------------------------------


def _pon_or_ron(rng: random.Random) -> dict[str, object]:
    """A suited discard that one player can pon (two copies beside sets of other suits) and
    another, in riichi, can win on (a partial set waiting on it, three sets and a pair)."""
    from .waits import waits

    while True:
        discarder = rng.randrange(4)
        tile = rng.randrange(3) * 9 + rng.randrange(1, 8)
        used = [0] * NUM_KINDS
        used[tile] += 1
        pon = _hand_around(rng, used, [tile, tile], 3, pair=False)
        n = tile % 9
        partial = (
            [tile + 1, tile + 2]
            if n <= 6 and (n < 2 or rng.random() < 0.5)
            else [tile - 2, tile - 1]
        )
        ron = _hand_around(rng, used, partial, 3, pair=True)
        if pon is None or ron is None or tile in waits(pon) or tile not in waits(ron):
            continue
        pon_seat, ron_seat = rng.sample([s for s in range(4) if s != discarder], 2)
        return {
            "claims": {
                SEATS[pon_seat]: {"call": "pon", "hand": _notation(pon)},
                SEATS[ron_seat]: {"call": "ron", "hand": _notation(ron), "riichi": True},
            },
            "discarder": SEATS[discarder],
            "discard": tile_str(tile),
        }


FAMILIES["pon_or_ron"] = _pon_or_ron
