"""Positions drawn from a family: reproducible from the seed, always of the family, and fresh
from one seed to the next."""

from __future__ import annotations

import pytest

from tutor.engine.hand import parse_hand
from tutor.engine.positions import UnknownFamilyError, draw, draw_winning
from tutor.engine.scoring import score, situation_from_hand
from tutor.engine.shapes import decompositions, is_complete
from tutor.engine.tiles import is_simple, is_terminal, parse_tiles, parse_tiles_red
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


@pytest.mark.parametrize("seed", SEEDS)
def test_a_dual_pon_hand_waits_on_both_of_its_pairs(seed):
    counts = parse_hand(draw("dual_pon_wait", seed)).concealed
    pairs = [k for k in range(34) if counts[k] == 2]
    assert sum(counts) == 13
    assert sum(1 for k in pairs if k in waits(counts)) >= 2


@pytest.mark.parametrize("seed", SEEDS)
def test_a_single_wait_hand_waits_on_a_second_copy_of_a_lone_tile(seed):
    counts = parse_hand(draw("single_wait", seed)).concealed
    assert sum(counts) == 13
    assert any(counts[k] == 1 for k in waits(counts))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_complete_or_short_families_are_what_they_say(seed):
    one_way = parse_hand(draw("complete_hand_one_way", seed)).concealed
    assert len(decompositions(one_way)) == 1
    short = parse_hand(draw("one_tile_short", seed)).concealed
    assert sum(short) == 14 and not is_complete(short)
    pairs = parse_hand(draw("seven_pairs", seed)).concealed
    assert sorted(c for c in pairs if c) == [2] * 7 and len(decompositions(pairs)) == 1
    orphans = parse_hand(draw("thirteen_orphans", seed)).concealed
    assert is_complete(orphans) and all(c == 0 for k, c in enumerate(orphans) if is_simple(k))


def sequences(kinds) -> int:
    return sum(1 for s in range(27) if s % 9 <= 6 and {s, s + 1, s + 2} <= set(kinds))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_row_family_holds_exactly_one_group_of_its_kind(seed):
    row = parse_tiles(draw("row_with_a_sequence", seed))
    assert sequences(row) == 1
    for family, copies in (("row_with_a_triplet", 3), ("row_with_a_quad", 4)):
        row = parse_tiles(draw(family, seed))
        assert sum(1 for k in set(row) if row.count(k) >= copies) == 1
    row = parse_tiles(draw("row_with_a_pair", seed))
    assert sorted(row.count(k) for k in set(row))[-2:] == [1, 2]


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mixed_row_shows_every_sort_of_tile(seed):
    row = parse_tiles(draw("mixed_row", seed))
    assert {k // 9 for k in row} == {0, 1, 2, 3}
    assert any(is_terminal(k) for k in row) and any(is_simple(k) for k in row)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_fives_row_holds_one_or_two_red_fives_and_a_green_dragon_row_a_green_dragon(seed):
    kinds, red = parse_tiles_red(draw("fives_row", seed))
    assert 1 <= sum(red) <= 2 and all(k % 9 == 4 for k, r in zip(kinds, red, strict=True) if r)
    assert 32 in parse_tiles(draw("dragon_row", seed))


@pytest.mark.parametrize(
    ("family", "members"),
    [
        ("number_indicator", 21),
        ("nine_indicator", 3),
        ("wind_indicator", 4),
        ("dragon_indicator", 3),
    ],
)
def test_an_indicator_family_draws_every_member(family, members):
    assert len({draw(family, s) for s in SEEDS}) == members


@pytest.mark.parametrize("seed", SEEDS)
def test_an_own_discard_position_holds_a_wait_among_the_discards_and_offers_a_wait(seed):
    from tutor.engine.positions import draw_position

    p = draw_position("own_discard_furiten", seed)
    counts = parse_hand(p["hand"]).concealed
    found = waits(counts)
    assert any(k in found for k in parse_tiles(p["discards"]))
    assert parse_tiles(p["tile"])[0] in found
    every = [*parse_tiles(p["hand"]), *parse_tiles(p["discards"]), *parse_tiles(p["tile"])]
    assert max(every.count(k) for k in every) <= 4


def test_furiten_or_not_is_each_about_half_the_time():
    from tutor.engine.positions import draw_position

    thrown = 0
    for seed in SEEDS:
        p = draw_position("furiten_or_not", seed)
        found = waits(parse_hand(p["hand"]).concealed)
        thrown += any(k in found for k in parse_tiles(p["discards"]))
    assert 0.35 * len(SEEDS) <= thrown <= 0.65 * len(SEEDS)


@pytest.mark.parametrize(
    ("family", "copies"),
    [("runs_to_call", 0), ("pair_and_neighbours", 2), ("triplet_and_neighbours", 3)],
)
def test_a_call_position_holds_its_copies_of_the_discard_and_never_wins_on_it(family, copies):
    from tutor.engine.positions import draw_position

    for seed in SEEDS:
        p = draw_position(family, seed)
        counts = parse_hand(p["hand"]).concealed
        tile = parse_tiles(p["discard"])[0]
        assert sum(counts) == 13 and counts[tile] == copies
        assert tile not in waits(counts)
        runs = sum(
            1
            for a, b in ((tile - 2, tile - 1), (tile - 1, tile + 1), (tile + 1, tile + 2))
            if a // 9 == b // 9 == tile // 9 and counts[a] and counts[b]
        )
        assert runs >= (2 if copies == 0 else 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_dora_position_points_at_a_tile_of_its_winning_hand(seed):
    from tutor.engine.dora import dora_tiles
    from tutor.engine.positions import draw_position

    for family in ("dora_to_count", "dora_and_ura"):
        p = draw_position(family, seed)
        counts = parse_hand(p["hand"]).concealed
        assert is_complete(counts)
        assert any(counts[k] for k in dora_tiles(parse_tiles(p["indicators"])))
        shown = parse_tiles(p["indicators"] + p.get("ura", ""))
        assert all(counts[k] + shown.count(k) <= 4 for k in shown)


def test_a_riichi_ron_has_riichi_and_pinfu_or_tanyao_each_about_half_the_time():
    from tutor.engine.positions import draw_position
    from tutor.engine.tiles import parse_tile

    seen = {"pinfu": 0, "tanyao": 0}
    for seed in range(80):
        p = draw_position("riichi_ron", seed)
        win = parse_tile(p["win_tile"])
        hand = parse_hand(p["hand"])
        result = score(situation_from_hand(hand, win, tsumo=False, riichi=True, seat_wind=28))
        keys = {y.key for y in result.yaku}
        assert "riichi" in keys and keys <= {"riichi", "pinfu", "tanyao"}, keys
        for k in seen:
            seen[k] += k in keys
    assert all(20 <= n <= 60 for n in seen.values()), seen


@pytest.mark.parametrize("seed", range(60))
def test_the_fu_families_win_with_their_shape(seed):
    from tutor.engine.positions import draw_position
    from tutor.engine.tiles import parse_tile

    def ron(family):
        p = draw_position(family, seed)
        hand = parse_hand(p["hand"])
        win = parse_tile(p["win_tile"])
        return score(situation_from_hand(hand, win, tsumo=False, riichi=True, seat_wind=28))

    assert "pinfu" in {y.key for y in ron("pinfu_ron").yaku}
    result = ron("concealed_triplets_ron")
    concealed = [x for x in result.fu_lines if x.code == "set" and x.params["state"] == "closed"]
    assert 1 <= len(concealed) <= 2 and result.fu >= 40


@pytest.mark.parametrize("seed", range(60))
def test_a_riichi_pinfu_tanyao_hand_is_3_han_30_fu_by_ron_and_4_han_20_fu_by_tsumo(seed):
    from tutor.engine.positions import draw_position
    from tutor.engine.tiles import parse_tile

    p = draw_position("riichi_pinfu_tanyao", seed)
    hand, win = parse_hand(p["hand"]), parse_tile(p["win_tile"])
    for seat in (27, 28, 29, 30):
        ron = score(situation_from_hand(hand, win, tsumo=False, riichi=True, seat_wind=seat))
        tsumo = score(situation_from_hand(hand, win, tsumo=True, riichi=True, seat_wind=seat))
        assert (ron.han, ron.fu, tsumo.han, tsumo.fu) == (3, 30, 4, 20)


@pytest.mark.parametrize("seed", SEEDS)
def test_four_in_a_row_waits_on_both_ends_and_seven_in_a_row_on_three_kinds(seed):
    counts = parse_hand(draw("four_in_a_row", seed)).concealed
    found = waits(counts)
    assert any(k + 3 in found and all(counts[k + i] for i in range(4)) for k in found)
    assert len(waits(parse_hand(draw("seven_in_a_row", seed)).concealed)) >= 3


@pytest.mark.parametrize("seed", SEEDS)
def test_a_passed_wait_went_by_while_no_wait_is_among_the_discards(seed):
    from tutor.engine.positions import draw_position

    p = draw_position("passed_wait", seed)
    found = waits(parse_hand(p["hand"]).concealed)
    assert not any(k in found for k in parse_tiles(p["discards"]))
    assert sum(k in found for k in parse_tiles(p["passed"])) == 1
    assert parse_tiles(p["tile"])[0] in found
    every = parse_tiles(" ".join([p["hand"], p["discards"], p["passed"], p["tile"]]))
    assert max(every.count(k) for k in every) <= 4
