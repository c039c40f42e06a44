"""Furiten: permanent, temporary and riichi; it blocks ron, never tsumo."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.engine.furiten import (
    FuritenKind,
    FuritenWatch,
    can_ron,
    can_tsumo,
    furiten,
    is_furiten,
    is_winning_tile,
    winning_tiles,
)
from tutor.engine.hand import Hand, parse_hand
from tutor.engine.shanten import shanten
from tutor.engine.tiles import parse_tile, parse_tiles, tiles_str

# 23m waits on 1m and 4m
TWO_SIDED = parse_hand("23m456p789s11z123p")
M1, M4, M7 = parse_tile("1m"), parse_tile("4m"), parse_tile("7m")


def test_furiten_blocks_ron_not_tsumo() -> None:
    assert not can_ron(TWO_SIDED, M1, discards=[M4])
    assert can_tsumo(TWO_SIDED, M1)
    assert not can_ron(TWO_SIDED, M1, passed_since_discard=[M1])
    assert can_tsumo(TWO_SIDED, M1)


def test_a_hand_not_furiten_can_ron_its_waits_only() -> None:
    assert can_ron(TWO_SIDED, M1) and can_ron(TWO_SIDED, M4)
    assert not can_ron(TWO_SIDED, M7)
    assert furiten(TWO_SIDED).reasons == ()


def test_one_wait_among_ones_discards_blocks_ron_on_every_wait() -> None:
    status = furiten(TWO_SIDED, discards=[parse_tile("9p"), M4, parse_tile("1z")])
    assert status.kinds == {FuritenKind.PERMANENT}
    reason = status.reasons[0]
    assert (reason.tile, reason.index) == (M4, 1)
    assert str(reason) == (
        "own-discard furiten: 4m, a winning tile, is your discard number 2; "
        "it lasts while that tile is one of your waits"
    )
    assert not can_ron(TWO_SIDED, M1, discards=[M4])


def test_discards_that_are_not_waits_do_not_make_furiten() -> None:
    assert not is_furiten(TWO_SIDED, discards=parse_tiles("5m9p1z7m"))


def test_a_passed_winning_tile_makes_temporary_furiten_until_ones_next_discard() -> None:
    passed = parse_tiles("9s") + [M1]
    status = furiten(TWO_SIDED, passed_since_discard=passed)
    assert status.kinds == {FuritenKind.TEMPORARY}
    assert (status.reasons[0].tile, status.reasons[0].index) == (M1, 1)
    assert not can_ron(TWO_SIDED, M4, passed_since_discard=passed)
    # after the player's own next discard the list of passed tiles starts again
    assert can_ron(TWO_SIDED, M4, discards=[parse_tile("9p")], passed_since_discard=[])


def test_a_winning_tile_passed_after_riichi_lasts_until_the_hand_ends() -> None:
    status = furiten(TWO_SIDED, discards=parse_tiles("9p1z"), passed_since_riichi=[M4])
    assert status.kinds == {FuritenKind.RIICHI}
    assert "until the hand ends" in str(status.reasons[0])
    assert not can_ron(TWO_SIDED, M1, passed_since_discard=[], passed_since_riichi=[M4])
    assert can_tsumo(TWO_SIDED, M1)


def test_without_riichi_there_is_no_riichi_furiten() -> None:
    assert FuritenKind.RIICHI not in furiten(TWO_SIDED, passed_since_riichi=None).kinds
    assert furiten(TWO_SIDED, passed_since_riichi=[]).reasons == ()


def test_every_kind_that_applies_is_reported() -> None:
    status = furiten(TWO_SIDED, [M1], [M4], [M1, M4])
    assert status.kinds == set(FuritenKind)


def test_seven_pairs_and_thirteen_orphans_can_be_furiten_too() -> None:
    pairs = parse_hand("1122m3344p5566s7z")
    assert winning_tiles(pairs) == (parse_tile("7z"),)
    assert is_furiten(pairs, discards=[parse_tile("7z")])
    orphans = parse_hand("19m19p19s1234567z")
    assert len(winning_tiles(orphans)) == 13
    assert is_furiten(orphans, discards=[parse_tile("9s")])


def test_a_fifth_copy_is_never_a_winning_tile() -> None:
    hand = parse_hand("1m234p567s789s [111m]")  # the lone 1m waits on a tile that doesn't exist
    assert winning_tiles(hand) == ()
    assert not is_winning_tile(hand, M1)
    assert not is_furiten(hand, discards=[M1])


def test_furiten_is_about_a_hand_between_turns() -> None:
    with pytest.raises(ValueError, match="13 tiles"):
        furiten(parse_hand("23m456p789s11z1234p", sizes=(14,)))
    with pytest.raises(ValueError, match="kind"):
        is_winning_tile(TWO_SIDED, 34)


# --- properties -------------------------------------------------------------------------------

kinds = st.integers(0, 33)


def waiting_hand(seed: int) -> Hand:
    """A complete hand of four random sets and a pair with one tile taken out (so usually tenpai,
    with all kinds of wait shapes)."""
    rng = random.Random(seed)
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                base = rng.randrange(3) * 9 + rng.randrange(7)
                group = [base, base + 1, base + 2]
            else:
                group = [rng.randrange(34)] * 3
            for t in group:
                counts[t] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    tiles = [t for t, n in enumerate(counts) for _ in range(n)]
    counts[rng.choice(tiles)] -= 1
    return Hand.from_counts(counts)


@given(
    seed=st.integers(0, 2**32),
    discards=st.lists(kinds, max_size=12),
    passed=st.lists(kinds, max_size=3),
)
@settings(max_examples=150, deadline=None)
def test_furiten_never_blocks_tsumo_and_ron_needs_a_winning_tile(
    seed: int, discards: list[int], passed: list[int]
) -> None:
    hand = waiting_hand(seed)
    waits = winning_tiles(hand)
    status = furiten(hand, discards, passed)
    assert status.waits == waits
    assert status.is_furiten == bool(set(waits) & (set(discards) | set(passed)))
    for t in range(34):
        complete = (
            hand.concealed[t] < 4
            and shanten(tuple(c + (i == t) for i, c in enumerate(hand.concealed))) == -1
        )
        assert can_tsumo(hand, t) == complete
        assert can_ron(hand, t, discards, passed) == (complete and not status.is_furiten)


def test_nine_gates_is_furiten_on_any_of_its_nine_waits_discarded() -> None:
    gates = parse_hand("1112345678999p")
    assert tiles_str(winning_tiles(gates)) == "123456789p"
    for t in winning_tiles(gates):
        assert is_furiten(gates, discards=[t])


def test_riichi_furiten_survives_later_discards_but_temporary_does_not() -> None:
    watch = FuritenWatch().discarded(parse_tile("9p")).declared_riichi()
    watch = watch.passed(parse_tile("5z")).passed(M4)  # a winning 4m goes by
    assert watch.status(TWO_SIDED).kinds == {FuritenKind.TEMPORARY, FuritenKind.RIICHI}
    later = watch.discarded(parse_tile("7z")).discarded(parse_tile("6z"))
    assert later.status(TWO_SIDED).kinds == {FuritenKind.RIICHI}
    assert not can_ron(
        TWO_SIDED, M1, later.discards, later.passed_since_discard, later.passed_since_riichi
    )


def test_without_riichi_a_passed_tile_only_lasts_one_go_around() -> None:
    watch = FuritenWatch().passed(M1)
    assert watch.status(TWO_SIDED).kinds == {FuritenKind.TEMPORARY}
    assert not watch.discarded(parse_tile("9p")).status(TWO_SIDED).is_furiten
    with pytest.raises(ValueError):
        watch.declared_riichi().declared_riichi()
