"""Positions drawn from a family: reproducible from the seed, always of the family, and fresh
from one seed to the next."""

from __future__ import annotations

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.positions import UnknownFamilyError, draw, draw_winning
from tutor.engine.scoring import score, situation_from_hand
from tutor.engine.shapes import is_complete
from tutor.engine.waits import waits

SEEDS = range(200)


def test_the_same_seed_draws_the_same_position():
    assert [draw("two_sided_wait", s) for s in range(20)] == [
        draw("two_sided_wait", s) for s in range(20)
    ]
    assert draw_winning(5) == draw_winning(5)


@pytest.mark.parametrize("family", ["two_sided_wait", "complete_hand", "winning"])
def test_different_seeds_draw_fresh_positions(family):
    hands = {draw_winning(s).hand if family == "winning" else draw(family, s) for s in SEEDS}
    assert len(hands) >= 0.95 * len(SEEDS)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_two_sided_wait_hand_is_tenpai_on_two_neighbours_of_a_pair_of_tiles(seed):
    hand = parse_hand(draw("two_sided_wait", seed))
    assert sum(hand.concealed) == 13 and max(hand.concealed) <= 4
    found = waits(hand.concealed)
    # At least the two ends of the two-sided shape, which are two tiles three apart.
    assert any(b - a == 3 and a // 9 == b // 9 < 3 for a in found for b in found), found


@pytest.mark.parametrize("seed", SEEDS)
def test_a_complete_hand_is_four_sets_and_a_pair(seed):
    hand = parse_hand(draw("complete_hand", seed))
    assert sum(hand.concealed) == 14 and max(hand.concealed) <= 4
    assert is_complete(hand.concealed)


@pytest.mark.parametrize("seed", range(60))
def test_a_drawn_win_scores_one_to_four_han_with_a_yaku(seed):
    p = draw_winning(seed)
    wind = {"east": 27, "south": 28, "west": 29, "north": 30}[p.seat]
    hand = parse_hand(p.hand)
    win = next(k for k in range(34) if p.win_tile == draw_tile(k))
    result = score(situation_from_hand(hand, win, tsumo=p.tsumo, riichi=p.riichi, seat_wind=wind))
    assert 1 <= result.han <= 4 and result.yaku and not result.limit
    assert (p.discarder is None) == p.tsumo and p.discarder != p.seat


def draw_tile(kind: int) -> str:
    from tutor.engine.tiles import tile_str

    return tile_str(kind)


def test_an_unknown_family_is_refused_by_name():
    with pytest.raises(UnknownFamilyError, match="no family fish"):
        draw("fish", 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_closed_wait_hand_waits_on_the_tile_in_a_gap(seed):
    hand = parse_hand(draw("closed_wait", seed))
    counts = hand.concealed
    found = waits(counts)
    assert sum(counts) == 13 and found
    # Some waited tile sits between two held tiles of its suit that are two apart.
    assert any(k < 27 and k % 9 not in (0, 8) and counts[k - 1] and counts[k + 1] for k in found), (
        found
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_an_edge_wait_hand_waits_on_a_3_or_a_7(seed):
    hand = parse_hand(draw("edge_wait", seed))
    found = waits(hand.concealed)
    assert sum(hand.concealed) == 13
    assert any(k < 27 and k % 9 in (2, 6) for k in found), found
