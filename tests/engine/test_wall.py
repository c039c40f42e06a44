"""The wall, the dice, the break, the dead wall and the deal, as the seeds describe them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.wall import (
    CLASSICAL,
    RIICHI,
    SEAT_NAMES,
    BreakConvention,
    DiceError,
    StackPos,
    StackRole,
    TilePos,
    WallError,
    WallExhaustedError,
    WallQuestion,
    WallRules,
    WallState,
    answers,
    broken_wall,
    build_wall,
    deal,
    dealing_sequence,
    draw,
    draws_per_seat,
    flower_replacement,
    is_correct_click,
    is_flower,
    kan_replacement,
    stack_role,
    tile_label,
    wall_picture,
)

seeds = st.integers(min_value=0, max_value=2**32)
dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
# Seed 000's break on a 136-tile set: the dealing starts at the counted stack.
CLASSICAL_BREAK = WallRules(convention=BreakConvention.CLASSICAL)
rule_sets = st.sampled_from([RIICHI, CLASSICAL, WallRules(red_fives=0), CLASSICAL_BREAK])


def all_tiles(state: WallState) -> list[int]:
    return [t for wall in state.stacks for stack in wall for t in stack]


def draw_all(state: WallState) -> tuple[WallState, list[int]]:
    drawn = []
    while state.remaining_draws:
        state, tile = draw(state)
        drawn.append(tile)
    return state, drawn


# --- seed 000: the dice choose the wall, counted counterclockwise from the dealer ----------


@pytest.mark.parametrize(
    ("total", "seat"),
    [
        (1 + 1, "South"),
        (3, "West"),
        (4, "North"),
        (5, "East"),
        (7, "West"),
        (9, "East"),
        (12, "North"),
    ],
)
def test_dice_count_counterclockwise_from_the_dealer_who_is_one(total: int, seat: str) -> None:
    assert SEAT_NAMES[broken_wall(total)] == seat


def test_classically_a_seven_breaks_wests_wall_and_the_dealer_takes_stacks_7_and_8() -> None:
    # Seed 000: "el Este tira ... un 7, se cogerán las fichas por el lado del jugador Oeste";
    # West counts 7 stacks from his right end; the dealer takes stacks 7 and 8, South 9 and 10.
    state = build_wall(seed=11, dice=(3, 4), rules=CLASSICAL_BREAK)
    assert SEAT_NAMES[state.break_wall] == "West"
    steps = dealing_sequence(state)
    dealer_first = [(s.pos.wall, s.pos.stack + 1, s.pos.level) for s in steps[:4]]
    assert dealer_first == [(2, 7, 0), (2, 7, 1), (2, 8, 0), (2, 8, 1)]
    assert {s.seat for s in steps[:4]} == {0}
    south_first = [(s.pos.wall, s.pos.stack + 1) for s in steps[4:8]]
    assert south_first == [(2, 9), (2, 9), (2, 10), (2, 10)]
    assert {s.seat for s in steps[4:8]} == {1}
    # 7 stacks (14 tiles) counted from the right corner up to the break
    assert stack_role(state, StackPos(2, 6)) is StackRole.FIRST_LIVE


def test_classically_the_dead_wall_is_the_seven_stacks_right_of_the_counted_one() -> None:
    state = build_wall(seed=11, dice=(3, 4), rules=CLASSICAL_BREAK)
    assert [(p.wall, p.stack + 1) for p in state.dead_wall] == [
        (2, 6),
        (2, 5),
        (2, 4),
        (2, 3),
        (2, 2),
        (2, 1),
        (3, 17),
    ]  # West's stacks 6..1, then the left end of North's wall
    assert state.stack_order[-7:] == tuple(reversed(state.dead_wall))


def test_a_small_roll_carries_the_dead_wall_into_the_next_wall_on_the_right() -> None:
    # classical: South's wall, dealing starts at its stack 2
    state = build_wall(seed=2, dice=(1, 1), rules=CLASSICAL_BREAK)
    assert (state.break_wall, state.break_stack) == (1, 1)
    assert [(p.wall, p.stack + 1) for p in state.dead_wall] == [
        (1, 1),
        (2, 17),
        (2, 16),
        (2, 15),
        (2, 14),
        (2, 13),
        (2, 12),
    ]


def test_dealing_goes_clockwise_from_the_break_top_tile_first() -> None:
    state = build_wall(seed=5, dice=(6, 6))  # North's wall: dead 6-12, dealing from 13
    order = state.draw_order
    assert [(p.wall, p.stack + 1, p.level) for p in order[8:14]] == [
        (3, 17, 0),
        (3, 17, 1),
        (2, 1, 0),
        (2, 1, 1),
        (2, 2, 0),
        (2, 2, 1),
    ]


# --- seed 002: the dora indicator, the dealer's last two tiles, the second roll ------------


def test_the_dora_indicator_is_the_top_of_the_third_dead_stack_from_the_break() -> None:
    state = build_wall(seed=11, dice=(3, 4))
    third = state.dead_wall[2]
    assert state.dora_indicator_positions == (TilePos(third.wall, third.stack, 0),)
    assert state.dora_indicators == (state.stacks[third.wall][third.stack][0],)
    assert state.ura_indicators == (state.stacks[third.wall][third.stack][1],)
    assert stack_role(state, third) is StackRole.DORA_INDICATOR


def test_the_dealer_gets_the_tops_of_the_first_and_third_stacks_after_twelve() -> None:
    # Seed 002: after 12 tiles each the dealer takes the top tiles of the 1st and 3rd stacks,
    # the others one each: the same tiles as "one each, then the dealer's 14th".
    state = deal(build_wall(seed=21, dice=(2, 2)))
    order = state.draw_order
    first, third = order[48], order[52]
    assert (first.level, third.level) == (0, 0)
    assert state.stack_order.index(third.stack_pos) == state.stack_order.index(first.stack_pos) + 2
    assert state.tile_at(first) in state.hands[0] and state.tile_at(third) in state.hands[0]
    assert state.tile_at(order[49]) in state.hands[1]  # bottom of the 1st stack
    assert state.tile_at(order[50]) in state.hands[2]  # top of the 2nd
    assert state.tile_at(order[51]) in state.hands[3]  # bottom of the 2nd


def test_a_second_roll_counts_the_break_when_the_rules_say_so() -> None:
    rules = WallRules(second_roll=True)
    state = build_wall(seed=3, dice=(1, 2), rules=rules, break_dice=(5, 6))
    assert (state.break_wall, state.break_stack) == (2, 11)  # 11 stacks dead, deal from 12
    assert build_wall(seed=3, dice=(1, 2), rules=rules) == build_wall(
        seed=3, dice=(1, 2), rules=rules
    )
    with pytest.raises(DiceError):
        build_wall(seed=3, dice=(1, 2), break_dice=(5, 6))


# --- the riichi standard: the break comes after the counted stacks -------------------------


def test_with_a_seven_the_riichi_dead_wall_is_exactly_wests_stacks_1_to_7() -> None:
    # Seed 002: "las siete columnas (14 fichas) a la derecha de dónde se ha roto el muro
    # formarán el muro muerto"; the dealer then takes stacks 8 and 9.
    state = build_wall(seed=3, dice=(3, 4))
    assert state.rules.convention is BreakConvention.RIICHI_STANDARD
    assert [(p.wall, p.stack + 1) for p in state.dead_wall] == [(2, n) for n in range(7, 0, -1)]
    dealer_first = [(s.pos.wall, s.pos.stack + 1) for s in dealing_sequence(state)[:4]]
    assert dealer_first == [(2, 8), (2, 8), (2, 9), (2, 9)]
    assert [(p.wall, p.stack + 1) for p in answers(state, WallQuestion.DORA_INDICATOR)] == [(2, 5)]


@pytest.mark.parametrize("total", range(2, 13))
def test_the_riichi_break_follows_the_counted_stacks_for_every_dice_total(total: int) -> None:
    state = build_wall(seed=total, dice=(total // 2, total - total // 2))
    wall = broken_wall(total)
    counted = [(wall, n) for n in range(total, 0, -1)]  # from the break to the right end
    corner = [((wall + 1) % 4, 17 - k) for k in range(max(0, 7 - total))]
    assert [(p.wall, p.stack + 1) for p in state.dead_wall] == (counted + corner)[:7]
    assert (state.first_live_stack.wall, state.first_live_stack.stack + 1) == (wall, total + 1)


def test_the_classical_set_deals_from_the_counted_stack() -> None:
    state = build_wall(seed=3, dice=(3, 4), rules=CLASSICAL)
    assert state.rules.convention is BreakConvention.CLASSICAL
    assert (state.first_live_stack.wall, state.first_live_stack.stack + 1) == (2, 7)
    assert (state.dead_wall[0].wall, state.dead_wall[0].stack + 1) == (2, 6)


# --- seed 004 and seed 000: 70 draws, the moving end of the wall ---------------------------


def test_seventy_tiles_are_drawn_without_calls() -> None:
    state = deal(build_wall(seed=4, dice=(5, 2)))
    assert state.draws_made == 1  # the dealer's 14th is the first draw
    end, drawn = draw_all(state)
    assert len(drawn) + 1 == 70
    assert end.next_draw is None
    with pytest.raises(WallExhaustedError):
        draw(end)


def test_east_and_south_draw_eighteen_times_west_and_north_seventeen() -> None:
    assert draws_per_seat(deal(build_wall(seed=4))) == (18, 18, 17, 17)


def test_fourteen_tiles_stay_in_the_wall_at_the_end() -> None:
    end, _ = draw_all(deal(build_wall(seed=9, dice=(4, 6))))
    left = [p for p in end.tile_order if not end.is_taken(p)]
    assert len(left) == 14


def test_each_kan_leaves_one_draw_fewer() -> None:
    state = deal(build_wall(seed=8, dice=(2, 3)))
    last = state.last_draw
    state, _ = kan_replacement(state)
    assert state.remaining_draws == 68
    assert state.last_draw == state.draw_order[-1] != last
    end, drawn = draw_all(state)
    assert len(drawn) + 1 + 1 == 70  # dealer's 14th + draws + the replacement tile


def test_kan_replacements_come_from_the_two_stacks_next_to_the_break() -> None:
    state = deal(build_wall(seed=8, dice=(2, 3)))
    d1, d2 = state.dead_wall[:2]
    expected = [
        state.stacks[d1.wall][d1.stack][0],
        state.stacks[d1.wall][d1.stack][1],
        state.stacks[d2.wall][d2.stack][0],
        state.stacks[d2.wall][d2.stack][1],
    ]
    got = []
    for k in range(4):
        state, tile = kan_replacement(state)
        got.append(tile)
        assert len(state.dora_indicators) == k + 2
    assert got == expected
    assert [p.stack_pos for p in state.dora_indicator_positions] == list(state.dead_wall[2:])


def test_a_fifth_kan_does_not_fit() -> None:
    state = deal(build_wall(seed=8))
    for _ in range(4):
        state, _ = kan_replacement(state)
    with pytest.raises(WallError, match="only 4 kans"):
        kan_replacement(state)


def test_no_kan_after_the_last_tile() -> None:
    end, _ = draw_all(deal(build_wall(seed=8)))
    with pytest.raises(WallExhaustedError):
        kan_replacement(end)


def test_drawing_needs_a_deal_first() -> None:
    with pytest.raises(WallError, match="deal"):
        draw(build_wall(seed=1))


# --- the classical set of seed 000 ---------------------------------------------------------


def test_the_classical_set_has_144_tiles_in_walls_of_18_stacks() -> None:
    state = build_wall(seed=1, dice=(3, 4), rules=CLASSICAL)
    assert sorted(all_tiles(state)) == list(range(144))
    assert all(len(wall) == 18 for wall in state.stacks)
    assert sum(is_flower(t) for t in all_tiles(state)) == 8
    assert state.dora_indicators == ()


@given(seed=seeds, roll=dice)
@settings(max_examples=60, deadline=None)
def test_classical_flowers_are_shown_and_replaced_in_the_deal(
    seed: int, roll: tuple[int, int]
) -> None:
    state = deal(build_wall(seed=seed, dice=roll, rules=CLASSICAL))
    assert [len(h) for h in state.hands] == [14, 13, 13, 13]
    assert not any(is_flower(t) for h in state.hands for t in h)
    shown = sum(len(f) for f in state.flowers)
    assert state.replacements == shown
    assert state.remaining_draws == 144 - 14 - 53 - shown


def test_a_flower_drawn_in_play_is_replaced_from_the_dead_wall() -> None:
    state = deal(build_wall(seed=1, rules=CLASSICAL))
    before = state.remaining_draws
    state, _ = flower_replacement(state)
    assert state.remaining_draws == before - 1


# --- clicks on the wall --------------------------------------------------------------------


def test_a_lesson_can_check_clicks_on_the_break_the_dead_wall_and_the_indicator() -> None:
    state = build_wall(seed=11, dice=(3, 4))
    roles = {StackPos(w, s): stack_role(state, StackPos(w, s)) for w in range(4) for s in range(17)}
    assert [p for p, r in roles.items() if r is StackRole.FIRST_LIVE] == [StackPos(2, 7)]
    assert [p for p, r in roles.items() if r is StackRole.DORA_INDICATOR] == [StackPos(2, 4)]
    dead = {
        p
        for p, r in roles.items()
        if r in (StackRole.DEAD, StackRole.REPLACEMENT, StackRole.DORA_INDICATOR)
    }
    assert dead == set(state.dead_wall)
    with pytest.raises(WallError):
        stack_role(state, StackPos(0, 17))


def test_taken_stacks_are_marked_taken_after_the_deal() -> None:
    state = deal(build_wall(seed=11, dice=(3, 4)))
    assert stack_role(state, StackPos(2, 8)) is StackRole.TAKEN
    assert stack_role(state, state.next_draw.stack_pos if state.next_draw else StackPos(0, 0)) in (
        StackRole.LIVE,
        StackRole.TAKEN,
    )


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize("roll", [(0, 3), (7, 1), (1,), (1, 2, 3)])
def test_dice_show_one_to_six_and_there_are_two(roll: tuple[int, ...]) -> None:
    with pytest.raises(DiceError):
        build_wall(seed=1, dice=roll)  # type: ignore[arg-type]


def test_the_seed_is_a_whole_number() -> None:
    with pytest.raises(WallError):
        build_wall(seed="abc")  # type: ignore[arg-type]


def test_labels_name_red_fives_flowers_and_seasons() -> None:
    assert [tile_label(t) for t in (16, 52, 53, 88)] == ["0m", "0p", "5p", "0s"]
    assert tile_label(53, red_fives=4) == "0p"
    assert [tile_label(t) for t in (136, 139, 140, 143)] == ["F1", "F4", "S1", "S4"]
    with pytest.raises(WallError):
        tile_label(144)


def test_the_picture_shows_the_break_the_dead_wall_and_the_indicator() -> None:
    state = build_wall(seed=11, dice=(3, 4))
    pic = wall_picture(state)
    indicator = tile_label(state.dora_indicators[0])
    assert f"Dora indicator: {indicator} (West wall, stack 5 from the right, top)" in pic
    assert "Dice 3+4 = 7" in pic and "West's wall breaks" in pic
    assert "Dead wall, from the break: West's stacks 7, 6, 5, 4, 3, 2, 1 " in pic
    classical = wall_picture(build_wall(seed=11, dice=(3, 4), rules=CLASSICAL_BREAK))
    assert "West's stacks 6, 5, 4, 3, 2, 1; North's stacks 17" in classical
    hidden = wall_picture(deal(state), reveal=False)
    assert "##" in hidden and indicator in hidden and "East " in hidden


# --- properties ----------------------------------------------------------------------------


@given(seed=seeds, roll=dice, rules=rule_sets)
@settings(max_examples=80, deadline=None)
def test_the_wall_holds_each_tile_exactly_once(
    seed: int, roll: tuple[int, int], rules: WallRules
) -> None:
    state = build_wall(seed=seed, dice=roll, rules=rules)
    assert sorted(all_tiles(state)) == list(range(rules.tile_count))
    assert len(set(state.tile_order)) == rules.tile_count


@given(seed=seeds, roll=dice)
@settings(max_examples=80, deadline=None)
def test_the_deal_gives_thirteen_each_and_the_dealer_fourteen(
    seed: int, roll: tuple[int, int]
) -> None:
    state = deal(build_wall(seed=seed, dice=roll))
    assert [len(h) for h in state.hands] == [14, 13, 13, 13]
    dealt = [t for h in state.hands for t in h]
    assert len(set(dealt)) == 53
    in_wall = [state.tile_at(p) for p in state.tile_order if not state.is_taken(p)]
    assert sorted(dealt + in_wall) == list(range(136))


@given(seed=seeds, roll=dice, kans=st.integers(0, 4))
@settings(max_examples=60, deadline=None)
def test_live_draws_are_seventy_minus_the_kans(seed: int, roll: tuple[int, int], kans: int) -> None:
    state = deal(build_wall(seed=seed, dice=roll))
    for _ in range(kans):
        state, _ = kan_replacement(state)
    end, drawn = draw_all(state)
    assert 1 + len(drawn) == 70 - kans
    assert len(set(drawn)) == len(drawn)
    dead_tiles = {end.tile_at(p) for p in end.tile_order if not end.is_taken(p)}
    assert len(dead_tiles) == 14
    assert set(end.dora_indicators) <= dead_tiles


@given(seed=seeds, roll=dice)
@settings(max_examples=40, deadline=None)
def test_the_same_seed_and_dice_give_the_same_state(seed: int, roll: tuple[int, int]) -> None:
    a = deal(build_wall(seed=seed, dice=roll))
    b = deal(build_wall(seed=seed, dice=roll))
    assert a == b
    assert wall_picture(a) == wall_picture(b)
    assert draw(a) == draw(b)


@given(seed=seeds)
@settings(max_examples=40, deadline=None)
def test_dice_from_the_seed_are_reproducible_and_legal(seed: int) -> None:
    state = build_wall(seed=seed)
    assert state == build_wall(seed=seed)
    assert all(1 <= d <= 6 for d in state.dice)
    # giving the dice the seed rolled changes nothing
    assert build_wall(seed=seed, dice=state.dice) == state


@given(seed=seeds, a=dice, b=dice)
@settings(max_examples=40, deadline=None)
def test_the_dice_do_not_change_the_shuffle(
    seed: int, a: tuple[int, int], b: tuple[int, int]
) -> None:
    assert build_wall(seed=seed, dice=a).stacks == build_wall(seed=seed, dice=b).stacks


@pytest.mark.parametrize(
    ("question", "right", "wrong"),
    [
        (WallQuestion.BREAK, [StackPos(2, 7), StackPos(2, 6)], [StackPos(2, 8), StackPos(2, 5)]),
        (WallQuestion.FIRST_LIVE, [StackPos(2, 7)], [StackPos(2, 6)]),
        (WallQuestion.DEAD_WALL, [StackPos(2, 0), StackPos(2, 6)], [StackPos(3, 16)]),
        (WallQuestion.DORA_INDICATOR, [StackPos(2, 4)], [StackPos(2, 3), StackPos(2, 5)]),
        (WallQuestion.LAST_DRAW, [StackPos(3, 16)], [StackPos(2, 0)]),
        (WallQuestion.NEXT_REPLACEMENT, [StackPos(2, 6)], [StackPos(2, 5)]),
    ],
)
def test_a_lesson_checks_a_click_against_the_engine(
    question: WallQuestion, right: list[StackPos], wrong: list[StackPos]
) -> None:
    state = build_wall(seed=11, dice=(3, 4))  # West's wall: dead 1-7, dealing from its stack 8
    assert all(is_correct_click(state, question, p) for p in right)
    assert not any(is_correct_click(state, question, p) for p in wrong)


def test_the_next_draw_and_replacement_follow_the_play() -> None:
    state = deal(build_wall(seed=11, dice=(3, 4)))
    assert answers(state, WallQuestion.NEXT_DRAW) == {state.next_draw.stack_pos}  # type: ignore[union-attr]
    state, _ = kan_replacement(state)
    assert answers(state, WallQuestion.NEXT_REPLACEMENT) == {StackPos(2, 6)}  # the bottom tile
    state, _ = kan_replacement(state)
    assert answers(state, WallQuestion.NEXT_REPLACEMENT) == {StackPos(2, 5)}
    assert answers(state, WallQuestion.DORA_INDICATOR) == {
        StackPos(2, 4),
        StackPos(2, 3),
        StackPos(2, 2),
    }
    # the live wall gave up two tiles at its end: the last draw is now one stack earlier
    assert answers(state, WallQuestion.LAST_DRAW) == {StackPos(3, 15)}
