"""Calls on a discard, their priority, kuikae, and kans in one's own turn."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.calls import (
    CLASSICAL_CALLS,
    Call,
    Caller,
    CallKind,
    CallRules,
    IllegalCallError,
    MultipleRon,
    Reason,
    call_options,
    chankan_options,
    forbidden_discards,
    own_turn_kans,
    resolve_calls,
    skipped_seats,
)
from tutor.engine.hand import LEFT, Hand, MeldKind, parse_hand
from tutor.engine.tiles import from_136, parse_tile, tiles_str, to_counts
from tutor.engine.wall import build_wall, deal


def caller(text: str, **kw: bool) -> Caller:
    return Caller(parse_hand(text), **kw)


def seats(**players: Caller) -> list[Caller | None]:
    out: list[Caller | None] = [None] * 4
    for name, c in players.items():
        out[int(name[1])] = c
    return out


def kinds(opts_calls: tuple[Call, ...]) -> list[tuple[int, str, str]]:
    return [(c.seat, c.kind.value, tiles_str(c.uses)) for c in opts_calls]


SIX_P = parse_tile("6p")
HAS_45P = "45p1199m123s5677z"
HAS_66P = "66p123456m789s12z"


# --- chi ------------------------------------------------------------------------------------


def test_chi_only_from_the_left() -> None:
    players = seats(s1=caller(HAS_45P), s2=caller(HAS_45P), s3=caller(HAS_45P))
    opts = call_options(SIX_P, discarder=0, players=players)
    assert kinds(opts.calls) == [(1, "chi", "45p")]
    assert [(b.seat, b.reason) for b in opts.blocked] == [
        (2, Reason.CHI_ONLY_FROM_LEFT),
        (3, Reason.CHI_ONLY_FROM_LEFT),
    ]


def test_every_two_tiles_that_make_a_run_give_a_chi() -> None:
    opts = call_options(SIX_P, 3, seats(s0=caller("4578p123m456s111z")))
    assert [tiles_str(c.uses) for c in opts.calls] == ["45p", "57p", "78p"]


def test_runs_stay_inside_their_suit() -> None:
    # 8m 9m and 1p are not a run; 9m takes only 78m
    opts = call_options(parse_tile("9m"), 3, seats(s0=caller("78m12p456s111z999s")))
    assert [tiles_str(c.uses) for c in opts.calls] == ["78m"]
    assert call_options(parse_tile("1p"), 3, seats(s0=caller("89m23p456s111z999s"))).calls[0].uses
    assert not call_options(parse_tile("1p"), 3, seats(s0=caller("89m456s111z999s67p"))).calls


def test_honors_make_no_chi() -> None:
    opts = call_options(parse_tile("2z"), 0, seats(s1=caller("13z123m456p789s11m")))
    assert opts.calls == ()


# --- pon and kan ----------------------------------------------------------------------------


@pytest.mark.parametrize("seat", [1, 2, 3])
def test_pon_from_any_seat(seat: int) -> None:
    players: list[Caller | None] = [None] * 4
    players[seat] = caller(HAS_66P)
    assert kinds(call_options(SIX_P, 0, players).calls) == [(seat, "pon", "66p")]


def test_open_kan_needs_three_of_the_tile() -> None:
    opts = call_options(SIX_P, 0, seats(s2=caller("666p12345m789s12z")))
    assert kinds(opts.calls) == [(2, "pon", "66p"), (2, "open_kan", "666p")]


def test_no_kan_once_four_were_declared() -> None:
    opts = call_options(SIX_P, 0, seats(s2=caller("666p12345m789s12z")), kans_declared=4)
    assert kinds(opts.calls) == [(2, "pon", "66p")]
    assert [b.reason for b in opts.blocked] == [Reason.NO_KAN_LEFT]


def test_red_fives_give_a_choice_of_tiles() -> None:
    opts = call_options(parse_tile("5p"), 0, seats(s2=caller("055p12345m789s12z")))
    pons = [c.red for c in opts.calls if c.kind is CallKind.PON]
    assert pons == [(False, False), (True, False)]
    kan = [c for c in opts.calls if c.kind is CallKind.OPEN_KAN]
    assert len(kan) == 1 and kan[0].red == (True, False, False)


def test_a_call_builds_its_set_with_the_called_tile_and_where_it_came_from() -> None:
    opts = call_options(SIX_P, 0, seats(s1=caller(HAS_45P)), discard_red=False)
    meld = opts.calls[0].meld()
    assert meld is not None
    assert (meld.kind, meld.tiles, meld.called, meld.source) == (
        MeldKind.CHI,
        (12, 13, 14),
        SIX_P,
        LEFT,
    )


# --- ron, riichi, the last discard -----------------------------------------------------------


def test_ron_on_any_players_discard() -> None:
    opts = call_options(parse_tile("1m"), 2, seats(s0=caller("23m456p789s11z123p")))
    assert kinds(opts.calls) == [(0, "ron", "")]


def test_furiten_blocks_ron_here_too() -> None:
    opts = call_options(parse_tile("1m"), 2, seats(s0=caller("23m456p789s11z123p", furiten=True)))
    assert opts.calls == ()
    assert [b.reason for b in opts.blocked if b.kind is CallKind.RON] == [Reason.FURITEN]


def test_a_yaku_check_can_veto_a_ron() -> None:
    opts = call_options(
        parse_tile("1m"),
        2,
        seats(s0=caller("23m456p789s11z123p")),
        has_yaku=lambda seat, hand, tile: False,
    )
    assert [b.reason for b in opts.blocked if b.kind is CallKind.RON] == [Reason.NO_YAKU]


def test_a_riichi_player_may_only_ron() -> None:
    hand = "23456m456p789s66p"  # waits on 1m-4m-7m, holds 45p and 666p
    opts = call_options(SIX_P, 3, seats(s0=caller(hand, riichi=True)))
    assert opts.calls == ()
    assert [(b.kind, b.reason) for b in opts.blocked] == [
        (CallKind.PON, Reason.RIICHI_ONLY_RON),
        (CallKind.OPEN_KAN, Reason.RIICHI_ONLY_RON),
        (CallKind.CHI, Reason.RIICHI_ONLY_RON),
    ]
    ron = call_options(parse_tile("7m"), 1, seats(s0=caller(hand, riichi=True)))
    assert kinds(ron.calls) == [(0, "ron", "")]


def test_no_call_on_the_last_discard_except_ron() -> None:
    players = seats(s1=caller(HAS_45P), s2=caller("23m456p789s11z456p"), s3=caller(HAS_66P))
    opts = call_options(SIX_P, 0, players, last_discard=True)
    assert kinds(opts.calls) == []
    assert {b.reason for b in opts.blocked} == {Reason.LAST_DISCARD}
    players[2] = caller("45m456p789s11z456p")
    opts = call_options(parse_tile("6m"), 0, players, last_discard=True)
    assert kinds(opts.calls) == [(2, "ron", "")]


# --- priority and lost turns ---------------------------------------------------------------


def test_pon_beats_chi_and_the_discarder_plays_again() -> None:
    # Seed 004: the player on your left throws 6p; you (seat 1) call chi with 45p, the player
    # across (seat 3) calls pon with 66p. The pon wins; play goes on from seat 3's right, the
    # discarder, and both you and the player on your right lose a turn.
    players = seats(s1=caller(HAS_45P), s3=caller(HAS_66P))
    opts = call_options(SIX_P, 0, players)
    res = resolve_calls(opts.calls, 0, legal=opts)
    assert [c.kind for c in res.winners] == [CallKind.PON]
    assert res.next_seat == 3 and (3 + 1) % 4 == 0
    assert res.skipped == (1, 2)
    assert [(c.seat, r) for c, r in res.overridden] == [(1, Reason.PON_BEATS_CHI)]


@pytest.mark.parametrize(
    ("discarder_from_caller", "losers_from_caller"),
    [("left", ()), ("across", ("left",)), ("right", ("across", "left"))],
)
def test_who_loses_a_turn(discarder_from_caller: str, losers_from_caller: tuple[str, ...]) -> None:
    # Seed 004's table, for a caller in every seat.
    rel = {"right": 1, "across": 2, "left": 3}
    for me in range(4):
        discarder = (me + rel[discarder_from_caller]) % 4
        expected = {(me + rel[name]) % 4 for name in losers_from_caller}
        assert set(skipped_seats(discarder, me)) == expected


def test_ron_beats_every_call() -> None:
    players = seats(s1=caller(HAS_45P), s2=caller("45m456p789s11z456p"), s3=caller(HAS_66P))
    players[2] = caller("57p456m789s11z456p")  # waits on 6p (closed wait)
    opts = call_options(SIX_P, 0, players)
    res = resolve_calls(opts.calls, 0, legal=opts)
    assert [(c.seat, c.kind) for c in res.winners] == [(2, CallKind.RON)]
    assert {r for _, r in res.overridden} == {Reason.RON_BEATS_CALLS}
    assert res.hand_ends and res.skipped == ()


def rons(*seats_: int) -> list[Call]:
    return [Call(seat=s, kind=CallKind.RON, tile=5, discarder=0) for s in seats_]


def test_head_bump_gives_the_win_to_the_nearest_after_the_discarder() -> None:
    rules = CallRules(multiple_ron=MultipleRon.HEAD_BUMP)
    assert [c.seat for c in resolve_calls(rons(3, 2), 0, rules).winners] == [2]
    assert [c.seat for c in resolve_calls(rons(3, 1), 0, rules).winners] == [1]
    assert [c.seat for c in resolve_calls(rons(3, 2, 1), 0, rules).winners] == [1]


def test_double_ron_pays_both_and_a_triple_ron_is_an_abortive_draw() -> None:
    assert [c.seat for c in resolve_calls(rons(3, 1), 0).winners] == [1, 3]
    triple = resolve_calls(rons(1, 2, 3), 0)
    assert triple.winners == () and triple.abortive_draw and triple.hand_ends
    assert {r for _, r in triple.overridden} == {Reason.TRIPLE_RON_DRAW}
    everyone = resolve_calls(rons(1, 2, 3), 0, CallRules(multiple_ron=MultipleRon.TRIPLE))
    assert [c.seat for c in everyone.winners] == [1, 2, 3]


def test_nobody_calls_and_the_next_player_draws() -> None:
    res = resolve_calls([], 2)
    assert (res.winners, res.skipped, res.next_seat) == ((), (), 3)


def test_a_declared_call_must_be_legal() -> None:
    opts = call_options(SIX_P, 0, seats(s1=caller(HAS_45P)))
    fake = Call(seat=2, kind=CallKind.PON, tile=SIX_P, uses=(SIX_P, SIX_P), discarder=0)
    with pytest.raises(IllegalCallError):
        resolve_calls([fake], 0, legal=opts)
    with pytest.raises(IllegalCallError, match="more than one"):
        resolve_calls([opts.calls[0], opts.calls[0]], 0)
    with pytest.raises(IllegalCallError, match="left"):
        resolve_calls([Call(2, CallKind.CHI, SIX_P, (12, 13), discarder=0)], 0)


# --- kuikae ---------------------------------------------------------------------------------


def test_kuikae_after_chi_6p_with_45p_forbids_6p_and_3p() -> None:
    call = Call(1, CallKind.CHI, SIX_P, (12, 13), discarder=0)
    assert tiles_str(forbidden_discards(call)) == "36p"


@pytest.mark.parametrize(
    ("called", "uses", "forbidden"),
    [
        ("5p", "46p", "5p"),
        ("3p", "45p", "36p"),
        ("7p", "89p", "7p"),
        ("3p", "12p", "3p"),
        ("7p", "56p", "47p"),
        ("1s", "23s", "14s"),
        ("9s", "78s", "69s"),
    ],
)
def test_kuikae_forbids_the_called_tile_and_the_other_end_of_the_run(
    called: str, uses: str, forbidden: str
) -> None:
    from tutor.engine.tiles import parse_tiles

    call = Call(1, CallKind.CHI, parse_tile(called), tuple(parse_tiles(uses)), discarder=0)
    assert tiles_str(forbidden_discards(call)) == forbidden


def test_kuikae_after_pon_forbids_the_same_tile_and_rules_may_drop_it() -> None:
    call = Call(2, CallKind.PON, SIX_P, (SIX_P, SIX_P), discarder=0)
    assert forbidden_discards(call) == {SIX_P}
    assert forbidden_discards(call, CallRules(kuikae=False)) == frozenset()


def test_a_call_that_leaves_only_forbidden_discards_is_not_offered() -> None:
    # after chi 6p with 45p only 3p and 6p would be left, and both are forbidden
    hand = "3456p [111z] [222z] [333z]"
    opts = call_options(SIX_P, 3, seats(s0=caller(hand)))
    assert kinds(opts.calls) == [(0, "ron", "")]  # the hand waits on 3p-6p
    assert [(b.kind, b.reason) for b in opts.blocked] == [(CallKind.CHI, Reason.KUIKAE)]
    loose = call_options(SIX_P, 3, seats(s0=caller(hand)), rules=CallRules(kuikae=False))
    assert kinds(loose.calls) == [(0, "ron", ""), (0, "chi", "45p")]


# --- kans in one's own turn ------------------------------------------------------------------


def test_closed_and_added_kans_in_ones_own_turn() -> None:
    hand = parse_hand("1111m234p22z3z7z [777z]", sizes=(14,))
    opts = own_turn_kans(hand)
    assert [(c.kind, tiles_str(c.uses)) for c in opts.calls] == [
        (CallKind.CLOSED_KAN, "1111m"),
        (CallKind.ADDED_KAN, "7z"),
    ]
    added = opts.calls[1].meld()
    assert added is not None and added.kind is MeldKind.ADDED_KAN


def test_no_kan_after_the_last_tile() -> None:
    hand = parse_hand("1111m234p22z3z7z [777z]", sizes=(14,))
    opts = own_turn_kans(hand, remaining_draws=0)
    assert opts.calls == () and {b.reason for b in opts.blocked} == {Reason.NO_KAN_LEFT}


def test_a_riichi_kan_must_use_the_tile_just_drawn() -> None:
    hand = parse_hand("1111m234p567s789s2z", sizes=(14,))
    assert [b.reason for b in own_turn_kans(hand, drawn=28, riichi=True).blocked] == [
        Reason.RIICHI_KAN_NOT_DRAWN
    ]
    assert [c.kind for c in own_turn_kans(hand, drawn=0, riichi=True).calls] == [
        CallKind.CLOSED_KAN
    ]


def test_a_riichi_kan_may_not_change_the_waits() -> None:
    # 111m23m waits on 1m and 4m; after a kan of the drawn 1m only 4m is left
    hand = parse_hand("1111m23m456p789s11z", sizes=(14,))
    opts = own_turn_kans(hand, drawn=0, riichi=True)
    assert opts.calls == ()
    assert [b.reason for b in opts.blocked] == [Reason.RIICHI_KAN_CHANGES_WAITS]
    assert own_turn_kans(hand, drawn=0).calls  # without riichi it is fine


def test_own_turn_kans_need_the_hand_after_the_draw() -> None:
    with pytest.raises(ValueError, match="14 tiles"):
        own_turn_kans(parse_hand("1111m234p567s789s"))
    with pytest.raises(ValueError, match="not in the hand"):
        own_turn_kans(parse_hand("1111m234p567s789s2z", sizes=(14,)), drawn=5)


def test_robbing_an_added_kan_and_only_thirteen_orphans_robs_a_closed_one() -> None:
    waiting = caller("23m456p789s11z123p")
    added = chankan_options(parse_tile("1m"), 2, seats(s0=waiting))
    assert kinds(added.calls) == [(0, "ron", "")]
    closed = chankan_options(parse_tile("1m"), 2, seats(s0=waiting), closed_kan=True)
    assert closed.calls == ()
    kokushi = caller("9m19p19s1234567z1m")
    assert chankan_options(parse_tile("1m"), 2, seats(s0=kokushi), closed_kan=True).calls


# --- properties ------------------------------------------------------------------------------


def dealt_hands(seed: int) -> tuple[list[Hand], Hand]:
    """Four real hands from a dealt wall: 13 tiles for seats 1-3 and the dealer's 14."""
    state = deal(build_wall(seed=seed))
    hands = []
    for tiles in state.hands:
        k, red = from_136(tiles)
        reds = tuple(
            sum(1 for t, r in zip(k, red, strict=True) if r and t == f) for f in (4, 13, 22)
        )
        hands.append(Hand.from_counts(to_counts(k), red=reds, sizes=(13, 14)))  # type: ignore[arg-type]
    return hands[1:], hands[0]


@given(seed=st.integers(0, 2**32), pick=st.integers(0, 13))
@settings(max_examples=150, deadline=None)
def test_calls_on_dealt_hands_follow_the_rules(seed: int, pick: int) -> None:
    others, dealer = dealt_hands(seed)
    discard = dealer.concealed_tiles()[pick]
    d = seed % 4  # the discarder; the three other seats hold the dealt 13-tile hands
    players: list[Caller | None] = [None] * 4
    for k, hand in enumerate(others, start=1):
        players[(d + k) % 4] = Caller(hand)
    opts = call_options(discard, d, players)
    for c in opts.calls:
        caller_ = players[c.seat]
        assert caller_ is not None
        assert c.tile == discard and c.discarder == d
        if c.kind is CallKind.CHI:
            assert c.seat == (d + 1) % 4, "a player never chis from anyone but the left"
        for t in set(c.uses):
            assert c.uses.count(t) <= caller_.hand.concealed[t]
        meld = c.meld()
        if meld is not None:
            assert discard in meld.tiles and meld.source == (d - c.seat) % 4
    declared = []
    seen: set[int] = set()
    rng = random.Random(seed)
    for c in rng.sample(list(opts.calls), len(opts.calls)):
        if c.seat not in seen:
            declared.append(c)
            seen.add(c.seat)
    res = resolve_calls(declared, d, legal=opts)
    kinds_declared = {c.kind for c in declared}
    if CallKind.RON in kinds_declared:
        assert all(w.kind is CallKind.RON for w in res.winners) and res.hand_ends
    elif kinds_declared & {CallKind.PON, CallKind.OPEN_KAN}:
        assert res.winners[0].kind in (CallKind.PON, CallKind.OPEN_KAN)
        assert res.skipped == skipped_seats(d, res.winners[0].seat)
        assert res.next_seat == res.winners[0].seat
    elif declared:
        assert res.winners[0].kind is CallKind.CHI and res.skipped == ()
    else:
        assert res.next_seat == (d + 1) % 4


def test_a_player_who_lets_a_winning_tile_go_is_reported_for_furiten() -> None:
    players = seats(s2=caller("23m456p789s11z123p"), s3=caller("23m456p789s22z123p"))
    opts = call_options(parse_tile("1m"), 1, players)
    assert {c.seat for c in opts.calls if c.kind is CallKind.RON} == {2, 3}
    res = resolve_calls([c for c in opts.calls if c.seat == 3], 1, legal=opts)
    assert [c.seat for c in res.winners] == [3]
    assert res.passed_ron == (2,)


def test_in_the_classical_game_the_first_after_the_discarder_takes_the_win() -> None:
    # Seeds 000 and 003: "tendrá preferencia aquel al que antes le toque el turno".
    res = resolve_calls(rons(3, 1, 2), 0, CLASSICAL_CALLS)
    assert [c.seat for c in res.winners] == [1]
    assert {(c.seat, r) for c, r in res.overridden} == {
        (2, Reason.HEAD_BUMP),
        (3, Reason.HEAD_BUMP),
    }


def test_a_strict_riichi_kan_must_keep_the_hands_shape_too() -> None:
    # 555 66 777 99m + 555z waits on 6m and 9m before and after a kan of 5m, but with a 6m the
    # hand also reads 567 567 567 99m, where the 5m are not a triplet.
    hand = parse_hand("55556677799m555z", sizes=(14,))
    assert own_turn_kans(hand, drawn=4, riichi=True).calls  # the waits rule alone allows it
    strict = own_turn_kans(hand, drawn=4, riichi=True, rules=CallRules(riichi_kan_keeps_shape=True))
    assert strict.calls == ()
    assert [b.reason for b in strict.blocked] == [Reason.RIICHI_KAN_CHANGES_SHAPE]
    # a triplet that is a triplet in every reading is fine under the strict rule too
    honors = parse_hand("5556677799m5555z", sizes=(14,))
    ok = own_turn_kans(honors, drawn=31, riichi=True, rules=CallRules(riichi_kan_keeps_shape=True))
    assert [c.tile for c in ok.calls] == [31]


def test_a_pung_by_west_on_norths_discard_skips_east_and_south() -> None:
    # Seed 000: North discards a 4m; East would play next, but West has two 4m and calls pung;
    # West discards, and then North plays again. Seats: 0 East, 1 South, 2 West, 3 North.
    four_m = parse_tile("4m")
    opts = call_options(four_m, 3, seats(s2=caller("44m123p456p789s12z")))
    res = resolve_calls(opts.calls, 3, legal=opts)
    assert [(c.seat, c.kind) for c in res.winners] == [(2, CallKind.PON)]
    assert res.skipped == (0, 1)
    assert (res.next_seat + 1) % 4 == 3  # type: ignore[operator]


def test_a_kong_also_beats_a_chow() -> None:
    # Seed 000: "Un kong también tiene preferencia sobre el chow".
    players = seats(s1=caller(HAS_45P), s2=caller("666p12345m789s12z"))
    opts = call_options(SIX_P, 0, players)
    kan = [c for c in opts.calls if c.kind is CallKind.OPEN_KAN]
    chi = [c for c in opts.calls if c.kind is CallKind.CHI]
    res = resolve_calls(kan + chi, 0, legal=opts)
    assert [c.kind for c in res.winners] == [CallKind.OPEN_KAN]
    assert [(c.seat, r) for c, r in res.overridden] == [(1, Reason.PON_BEATS_CHI)]
    assert res.skipped == (1,)
