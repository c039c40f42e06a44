"""Copies inside the hand's own called sets cannot be drawn again (issue 10, item 19).

``1m234p567s789s [111m]`` holds all four 1m between its lone 1m and its pon: it is not
tenpai on a fifth 1m. The same fourteen tiles concealed are 1-shanten, and the engine must
give one answer for both.
"""

from __future__ import annotations

import random

import pytest

from tutor.engine.analysis import discard_analysis, tenpai_info, ukeire
from tutor.engine.hand import parse_hand
from tutor.engine.shanten import (
    shanten,
    shanten_capped,
    shanten_capped_draws,
    shanten_standard,
)
from tutor.engine.tiles import ImpossibleHandError, parse_tile, parse_tiles, to_counts
from tutor.engine.waits import wait_pattern, wait_shapes, waits


def test_a_lone_tile_beside_its_own_pon_is_not_tenpai() -> None:
    hand = parse_hand("1m234p567s789s [111m]")
    held = hand.called_counts()
    assert shanten(hand.concealed, 1, held=held) == 1
    assert tenpai_info(hand.concealed, 1, seen=hand.all_counts(), held=held) is None
    assert waits(hand.concealed, hand.melds) == []
    assert wait_shapes(hand.concealed, 1, held=held) == {}
    assert wait_pattern(hand.concealed, hand.melds) is None


def test_the_same_tiles_concealed_give_the_same_shanten() -> None:
    called = parse_hand("1m234p567s789s [111m]")
    concealed = parse_hand("1111m234p567s789s")
    assert shanten(called.concealed, 1, held=called.called_counts()) == shanten(concealed.concealed)


def test_ukeire_never_accepts_a_kind_held_four_times_with_the_sets() -> None:
    hand = parse_hand("1m234p567s789s [111m]")
    u = ukeire(hand.concealed, 1, seen=hand.all_counts(), held=hand.called_counts())
    assert u.shanten == 1
    assert parse_tile("1m") not in u.accepted
    assert parse_tile("2m") in u.accepted  # 12m: then 3m completes a set... a wait again


def test_a_closed_wait_on_the_kind_of_a_kan_is_dead() -> None:
    hand = parse_hand("24s234p567p11z (3333s)")
    assert shanten(hand.concealed, 1, held=hand.called_counts()) == 1
    assert shanten(hand.concealed, 1) == 0  # without the sets' tiles: the old, wrong answer


def test_discarding_to_a_dead_single_wait_is_not_tenpai() -> None:
    hand = parse_hand("12m234p567s789s [111m]")
    rows = discard_analysis(hand.concealed, 1, seen=hand.all_counts(), held=hand.called_counts())
    by_discard = {r.discard: r for r in rows}
    # keeping 1m waits on a fifth 1m: not tenpai; keeping 2m waits on 2m (three left)
    assert by_discard[parse_tile("2m")].shanten == 1
    assert by_discard[parse_tile("1m")].shanten == 0
    assert by_discard[parse_tile("1m")].accepted == {parse_tile("2m"): 3}


def test_a_hand_and_its_sets_cannot_hold_five_copies() -> None:
    with pytest.raises(ImpossibleHandError):
        shanten(to_counts(parse_tiles("11m234p567s78s")), 1, held=to_counts(parse_tiles("111m")))


@pytest.mark.parametrize("seed", range(3))
def test_with_nothing_held_the_capped_search_agrees_with_the_tables(seed: int) -> None:
    rng = random.Random(seed)
    nothing = [0] * 34
    for _ in range(200):
        melds = rng.randint(0, 4)
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * 34
        for k in wall[: 13 - 3 * melds]:
            counts[k] += 1
        assert shanten_capped(counts, melds, nothing) == shanten_standard(counts, melds)
        base, after = shanten_capped_draws(counts, melds, nothing)
        assert base == shanten_standard(counts, melds)
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                assert after[k] == shanten_standard(counts, melds)
                counts[k] -= 1
