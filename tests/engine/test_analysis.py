"""Uke-ire, the discard table and the 2-step figure."""

from __future__ import annotations

import functools
import random

import pytest

from tutor.engine.analysis import (
    DiscardOption,
    MarginReason,
    clear_margin,
    discard_analysis,
    tenpai_info,
    ukeire,
    unseen_counts,
)
from tutor.engine.hand import parse_hand
from tutor.engine.shanten import shanten
from tutor.engine.tiles import ImpossibleHandError, parse_tile, parse_tiles, to_counts
from tutor.engine.waits import WaitShape


def c(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


def t(text: str) -> int:
    return parse_tile(text)


def test_ukeire_lists_the_kinds_that_lower_shanten() -> None:
    u = ukeire(c("123m456p789s1134z"))
    assert u.shanten == 1
    assert u.accepted_str() == {"1z": 2, "3z": 3, "4z": 3}
    assert u.count == 8


def test_seen_tiles_lower_the_counts() -> None:
    hand = c("23m456p789s11122z")
    seen = c("23m456p789s11122z1m1m1m4m")
    assert ukeire(hand, seen=seen).accepted_str() == {"1m": 1, "4m": 3}
    seen = c("23m456p789s11122z1m1m1m1m")
    assert ukeire(hand, seen=seen).accepted_str() == {"1m": 0, "4m": 4}


def test_seen_must_include_the_hand() -> None:
    with pytest.raises(ImpossibleHandError, match="include the hand"):
        ukeire(c("23m456p789s11122z"), seen=c("1m"))


def test_a_kind_held_four_times_is_never_accepted() -> None:
    u = ukeire(c("1111m234567p111s"))
    assert t("1m") not in u.accepted


def test_ukeire_with_called_sets() -> None:
    u = ukeire(c("1m"), melds=4)
    assert (u.shanten, u.accepted_str()) == (0, {"1m": 3})


def test_discard_table_is_sorted_best_first() -> None:
    rows = discard_analysis(c("23m456p789s11122z5p"))
    assert rows[0].discard == t("5p") and rows[0].shanten == 0
    keys = [(r.shanten, -r.count, -r.two_step, r.discard) for r in rows]
    assert keys == sorted(keys)
    assert len(rows) == len({r.discard for r in rows}) == 10


def test_discard_table_needs_a_drawn_tile() -> None:
    with pytest.raises(ImpossibleHandError):
        discard_analysis(c("23m456p789s11122z"))


# Hand-worked 2-step example. Three dragon pons are called; the concealed tiles are 13m 7p 9s 1z.
# Discarding 9s leaves 13m 7p 1z, one from tenpai, accepting 2m (4 unseen), 7p (3) and 1z (3):
#   draw 2m -> 123m 7p 1z: cut 7p to wait on 1z (3 left) or 1z to wait on 7p (3)  -> best 3
#   draw 7p -> 13m 77p 1z: cut 1z to wait on 2m (4 left)                          -> best 4
#   draw 1z -> 13m 7p 11z: cut 7p to wait on 2m (4 left)                          -> best 4
# two_step = 4 * 3 + 3 * 4 + 3 * 4 = 36.
WORKED = "13m7p9s1z [555z] [666z] [777z]"


def _row(rows: list[DiscardOption], tile: str) -> DiscardOption:
    (row,) = [r for r in rows if r.discard == t(tile)]
    return row


def test_two_step_hand_worked_example() -> None:
    hand = parse_hand(WORKED)
    rows = discard_analysis(hand.concealed, 3, seen=hand.all_counts())
    row = _row(rows, "9s")
    assert row.shanten == 1
    assert row.accepted == {t("2m"): 4, t("7p"): 3, t("1z"): 3}
    assert row.count == 10
    assert row.best_follow_up == {t("2m"): 3, t("7p"): 4, t("1z"): 4}
    assert row.two_step == 36
    assert row.two_step_average == pytest.approx(3.6)


def test_two_step_uses_unseen_copies() -> None:
    # Two 2m are in someone's discards: 2m weighs 2, and the 2m wait is worth 2.
    hand = parse_hand(WORKED)
    seen = list(hand.all_counts())
    seen[t("2m")] += 2
    row = _row(discard_analysis(hand.concealed, 3, seen=seen), "9s")
    assert row.accepted == {t("2m"): 2, t("7p"): 3, t("1z"): 3}
    assert row.best_follow_up == {t("2m"): 3, t("7p"): 2, t("1z"): 2}
    assert row.two_step == 2 * 3 + 3 * 2 + 3 * 2


def test_drawing_a_tile_leaves_one_copy_fewer_for_the_next_wait() -> None:
    # Discard 2z from 5p 9s 11z 2z beside three pons: 11z 5p 9s is one from tenpai.
    hand = parse_hand("5p9s112z [111m] [555m] [999m]")
    row = _row(discard_analysis(hand.concealed, 3, seen=hand.all_counts()), "2z")
    assert row.accepted == {
        t("3p"): 4,
        t("4p"): 4,
        t("5p"): 3,
        t("6p"): 4,
        t("7p"): 4,
        t("7s"): 4,
        t("8s"): 4,
        t("9s"): 3,
        t("1z"): 2,
    }
    # Drawing 5p: cut 9s, dual pon 1z + 5p; the drawn 5p is in hand, so 2 + 2 remain.
    # Drawing 1z: a single wait on 5p or 9s, 3 left.  4p or 6p: two-sided, 8.  Others: 4.
    assert row.best_follow_up == {
        t("3p"): 4,
        t("4p"): 8,
        t("5p"): 4,
        t("6p"): 8,
        t("7p"): 4,
        t("7s"): 4,
        t("8s"): 4,
        t("9s"): 4,
        t("1z"): 3,
    }
    assert row.two_step == 2 * 3 + 3 * 4 + 3 * 4 + 4 * 4 + 4 * 8 + 4 * 8 + 4 * 4 * 3


def test_a_tenpai_discard_has_no_follow_up() -> None:
    rows = discard_analysis(c("23m456p789s11122z5p"))
    assert rows[0].shanten == 0 and rows[0].two_step == 0


@functools.cache
def _sh(counts: tuple[int, ...], melds: int) -> int:
    return shanten(counts, melds)


def _brute_force(counts: tuple[int, ...], melds: int) -> dict[int, tuple[int, int, int]]:
    """The discard table straight from the definition, with single shanten calls."""
    unseen = [4 - x for x in counts]
    out = {}
    for d in range(34):
        if not counts[d]:
            continue
        h = list(counts)
        h[d] -= 1
        s = _sh(tuple(h), melds)
        count = two = 0
        for draw in range(34):
            if h[draw] == 4:
                continue
            h[draw] += 1
            if _sh(tuple(h), melds) < s:
                count += unseen[draw]
                if s >= 1:
                    best = -1
                    for k in range(34):
                        if not h[k]:
                            continue
                        h[k] -= 1
                        if _sh(tuple(h), melds) == s - 1:
                            left = list(unseen)
                            left[draw] -= 1
                            n = 0
                            for u in range(34):
                                if h[u] < 4:
                                    h[u] += 1
                                    if _sh(tuple(h), melds) < s - 1:
                                        n += left[u]
                                    h[u] -= 1
                            best = max(best, n)
                        h[k] += 1
                    two += unseen[draw] * best
            h[draw] -= 1
        out[d] = (s, count, two)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_discard_table_matches_the_definition_on_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    melds = rng.choice([0, 0, 1, 2, 3])
    tiles = rng.sample(range(136), 14 - 3 * melds)
    counts = to_counts([x // 4 for x in tiles])
    expected = _brute_force(counts, melds)
    got = {r.discard: (r.shanten, r.count, r.two_step) for r in discard_analysis(counts, melds)}
    assert got == expected


def test_unseen_counts() -> None:
    assert unseen_counts(c("11m"), c("111m"))[:2] == (1, 4)


def test_tenpai_info_names_the_wait_and_live_copies() -> None:
    info = tenpai_info(c("23m456p789s11122z"), seen=c("23m456p789s11122z1m4m4m"))
    assert info is not None
    assert info.pattern is WaitShape.TWO_SIDED
    assert info.waits == {t("1m"): 3, t("4m"): 2}
    assert (info.live, info.karaten) == (5, False)


def test_karaten_when_every_copy_is_visible() -> None:
    info = tenpai_info(c("24m456p789s11122z"), seen=c("24m456p789s11122z3333m"))
    assert info is not None and info.karaten and info.live == 0


def test_no_tenpai_info_when_not_tenpai() -> None:
    assert tenpai_info(c("159m159p159s1234z")) is None


# --- the clear-best rule --------------------------------------------------------------------


def row(tile: str, sh: int, count: int, two_step: int = 0) -> DiscardOption:
    return DiscardOption(t(tile), sh, {}, count, two_step)


def test_a_lower_shanten_is_always_a_clear_margin() -> None:
    margin = clear_margin([row("9p", 0, 2), row("1m", 1, 40)])
    assert margin is not None and margin.reason is MarginReason.SHANTEN


@pytest.mark.parametrize(
    "best,second,clear",
    [
        (20, 18, True),  # 2 tiles is the absolute minimum
        (20, 19, False),
        (30, 28, False),  # 10 % of 30 is 3
        (30, 27, True),
        (4, 2, True),
        (4, 3, False),
    ],
)
def test_more_accepted_tiles_must_be_ahead_by_two_or_ten_percent(
    best: int, second: int, clear: bool
) -> None:
    margin = clear_margin([row("9p", 1, best), row("1m", 1, second)])
    assert (margin is not None and margin.reason is MarginReason.UKEIRE) is clear


@pytest.mark.parametrize("second_two_step,clear", [(90, True), (91, False), (100, False)])
def test_on_equal_tiles_the_two_step_figure_must_be_ten_percent_ahead(
    second_two_step: int, clear: bool
) -> None:
    margin = clear_margin([row("9p", 1, 20, 100), row("1m", 1, 20, second_two_step)])
    assert (margin is not None and margin.reason is MarginReason.TWO_STEP) is clear


def test_a_table_with_one_discard_has_no_puzzle() -> None:
    assert clear_margin([row("9p", 1, 20)]) is None


def test_the_margin_ranks_the_rows_itself() -> None:
    margin = clear_margin([row("1m", 1, 10), row("9p", 1, 20)])
    assert margin is not None and margin.best == 20
