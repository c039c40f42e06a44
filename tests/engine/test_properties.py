"""Properties that hold for every hand (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor.engine.analysis import discard_analysis, ukeire
from tutor.engine.dora import dora_from_indicator
from tutor.engine.hand import hand_str, parse_hand
from tutor.engine.shanten import shanten, shanten_batch
from tutor.engine.shapes import decompositions, is_complete
from tutor.engine.tiles import (
    NUM_KINDS,
    counts_to_tiles,
    parse_tiles,
    parse_tiles_red,
    tiles_str,
    to_counts,
)
from tutor.engine.waits import waits

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def hands(size: int) -> st.SearchStrategy[tuple[int, ...]]:
    """``size`` tiles drawn from the 136 (so never a fifth copy), as counts."""
    return st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True).map(
        lambda physical: to_counts([p // 4 for p in physical])
    )


@st.composite
def complete_hands(draw: st.DrawFn, melds: int = 0) -> tuple[int, ...]:
    counts = [0] * NUM_KINDS
    for _ in range(4 - melds):
        if draw(st.booleans()):
            suit = draw(st.integers(0, 2))
            start = suit * 9 + draw(st.integers(0, 6))
            for t in (start, start + 1, start + 2):
                counts[t] += 1
        else:
            counts[draw(st.integers(0, 33))] += 3
    counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    return tuple(counts)


closed_or_called = st.integers(0, 4)


@SETTINGS
@given(st.data())
def test_complete_iff_shanten_is_minus_one(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = data.draw(st.one_of(hands(14 - 3 * melds), complete_hands(melds)))
    assert is_complete(counts, melds) == (shanten(counts, melds) == -1)


@SETTINGS
@given(complete_hands())
def test_built_complete_hands_are_complete(counts: tuple[int, ...]) -> None:
    assert shanten(counts) == -1
    assert decompositions(counts)


@SETTINGS
@given(st.data())
def test_a_split_uses_exactly_the_hands_tiles(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = data.draw(complete_hands(melds))
    for d in decompositions(counts, melds):
        assert d.counts() == counts
        if d.form.value == "standard":
            assert len(d.sets) == 4 - melds and d.pair is not None


@SETTINGS
@given(st.data())
def test_one_more_tile_lowers_shanten_by_at_most_one(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = list(data.draw(hands(13 - 3 * melds)))
    before = shanten(counts, melds)
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            after = shanten(counts, melds)
            counts[t] -= 1
            assert before - 1 <= after <= before


@SETTINGS
@given(st.data())
def test_a_drawn_hands_shanten_is_its_best_discard(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = data.draw(hands(14 - 3 * melds))
    rows = discard_analysis(counts, melds, two_step=False)
    best = rows[0].shanten
    if shanten(counts, melds) == -1:
        assert best == 0
    else:
        assert best == shanten(counts, melds)


@SETTINGS
@given(st.data())
def test_accepted_counts_never_exceed_unseen_copies(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = data.draw(hands(13 - 3 * melds))
    extra = data.draw(hands(20))
    seen = [min(4, a + b) for a, b in zip(counts, extra, strict=True)]
    u = ukeire(counts, melds, seen=seen)
    for t, n in u.accepted.items():
        assert 0 <= n == 4 - seen[t]
        assert counts[t] < 4
    assert u.count == sum(u.accepted.values())


@SETTINGS
@given(st.data())
def test_accepted_kinds_are_exactly_the_kinds_that_lower_shanten(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = list(data.draw(hands(13 - 3 * melds)))
    s = shanten(counts, melds)
    lower = set()
    for t in range(NUM_KINDS):
        if counts[t] < 4:
            counts[t] += 1
            if shanten(counts, melds) < s:
                lower.add(t)
            counts[t] -= 1
    assert set(ukeire(counts, melds).accepted) == lower


@SETTINGS
@given(st.data())
def test_waits_are_the_accepted_kinds_of_a_tenpai_hand(data: st.DataObject) -> None:
    melds = data.draw(closed_or_called)
    counts = data.draw(hands(13 - 3 * melds))
    u = ukeire(counts, melds)
    if u.shanten == 0:
        assert waits(counts, melds) == sorted(u.accepted)
    else:
        assert waits(counts, melds) == []


@SETTINGS
@given(st.lists(hands(13), min_size=1, max_size=20))
def test_batch_agrees_with_single_calls(batch: list[tuple[int, ...]]) -> None:
    assert shanten_batch(np.array(batch)).tolist() == [shanten(h) for h in batch]


@SETTINGS
@given(hands(14))
def test_tile_notation_round_trips(counts: tuple[int, ...]) -> None:
    text = tiles_str(counts_to_tiles(counts))
    assert to_counts(parse_tiles(text)) == counts
    tiles, red = parse_tiles_red(text)
    assert tiles_str(tiles, red) == text


@SETTINGS
@given(hands(14))
def test_hand_notation_round_trips(counts: tuple[int, ...]) -> None:
    hand = parse_hand(tiles_str(counts_to_tiles(counts)))
    assert parse_hand(hand_str(hand)) == hand


@given(st.integers(0, 33))
def test_dora_cycles_within_its_group(t: int) -> None:
    # 9 steps bring a number back, 4 a wind, 3 a dragon
    length = 9 if t < 27 else 4 if t < 31 else 3
    x = t
    for step in range(1, length + 1):
        x = dora_from_indicator(x)
        assert (x == t) == (step == length)


@st.composite
def hands_with_sets(draw: st.DrawFn) -> str:
    """Notation of a valid hand with 0 to 4 called sets (marks and red fives included)."""
    used = [0] * NUM_KINDS
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["chi", "pon", "open", "closed", "added"]))
        if kind == "chi":
            start = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
            tiles = [start, start + 1, start + 2]
        else:
            t = draw(st.integers(0, 33))
            tiles = [t] * (3 if kind == "pon" else 4)
        if any(used[t] + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            used[t] += 1
        body = tiles_str(tiles)
        if kind == "closed":
            parts.append(f"({body})")
        elif kind == "added":
            parts.append(f"{{{body}}}")
        else:
            seat = "L" if kind == "chi" else draw(st.sampled_from(["L", "A", "R", ""]))
            called = draw(st.integers(0, 2))
            marked = body[: called + 1] + "*" + body[called + 1 :]
            parts.append(f"[{marked}]{seat}")
    free = [p for p in range(136) if used[p // 4] < 4 and p % 4 >= used[p // 4]]
    size = 13 - 3 * len(parts) + draw(st.integers(0, 1))
    physical = draw(st.lists(st.sampled_from(free), min_size=size, max_size=size, unique=True))
    concealed = tiles_str([p // 4 for p in physical])
    return " ".join([concealed, *parts])


@SETTINGS
@given(hands_with_sets())
def test_hand_notation_with_called_sets_round_trips(text: str) -> None:
    hand = parse_hand(text)
    assert parse_hand(hand_str(hand)) == hand
    assert hand.tile_count in (13, 14)
