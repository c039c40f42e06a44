"""Scoring split by split agrees with the library's own ``HandCalculator`` on random hands.

The scorer evaluates every split itself (to list them and explain the fu), so this checks that
its choice is the library's for hands far beyond the reference file, under two presets.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tutor.engine.scoring import MAHJONG_SOUL, TENHOU, CalledSet, NoYakuError, Situation, score
from tutor.engine.scoring._library import library_value
from tutor.engine.tiles import to_136

group = st.one_of(
    st.tuples(st.just("seq"), st.integers(0, 2), st.integers(0, 6)).map(
        lambda g: ("seq", 9 * g[1] + g[2])
    ),
    st.tuples(st.just("set"), st.integers(0, 33)),
)
call = st.sampled_from(["none", "none", "open", "kan_closed", "kan_open", "kan_added"])


@st.composite
def situations(draw: st.DrawFn) -> Situation:
    groups = draw(st.lists(st.tuples(group, call), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    counts = [0] * 34
    closed: list[int] = [pair, pair]
    melds: list[tuple[str, list[int]]] = []
    for (kind, base), how in groups:
        tiles = [base, base + 1, base + 2] if kind == "seq" else [base] * 3
        if kind == "seq" and how.startswith("kan"):
            how = "open"
        if how == "none":
            closed.extend(tiles)
        elif how == "open":
            melds.append(("chi" if kind == "seq" else "pon", tiles))
        else:
            melds.append(({"kan_closed": "ankan", "kan_open": "minkan", "kan_added": "kakan"}[how],
                          tiles + [base]))  # fmt: skip
    for t in closed + [t for _, ts in melds for t in ts]:
        counts[t] += 1
    assume(max(counts) <= 4)
    red = draw(st.booleans())
    flat = closed + [t for _, ts in melds for t in ts]
    reds = [False] * len(flat)
    if red:
        for i, t in enumerate(flat):
            if t in (4, 13, 22) and not any(r and flat[j] == t for j, r in enumerate(reds)):
                reds[i] = True
    physical = to_136(flat, reds)
    closed_p = physical[: len(closed)]
    at = len(closed)
    called: list[CalledSet] = []
    for kind, ts in melds:
        tiles = tuple(physical[at : at + len(ts)])
        at += len(ts)
        called.append(CalledSet(kind, tiles, None if kind == "ankan" else tiles[0]))  # type: ignore[arg-type]
    is_open = any(m.is_open for m in called)
    win_tile = draw(st.sampled_from(closed_p))
    tsumo = draw(st.booleans())
    riichi = not is_open and draw(st.booleans())
    flags: dict[str, Any] = {
        "tsumo": tsumo,
        "riichi": riichi,
        "ippatsu": riichi and draw(st.booleans()),
        "rinshan": tsumo and any(m.is_kan for m in called) and draw(st.booleans()),
        "houtei": not tsumo and draw(st.integers(0, 9)) == 0,
    }
    shown = draw(st.lists(st.integers(0, 135), max_size=4, unique=True))
    assume(not set(shown) & set(physical))
    indicators, ura = tuple(shown[:2]), tuple(shown[2:])
    return Situation(
        closed=tuple(closed_p),
        win_tile=win_tile,
        melds=tuple(called),
        seat_wind=draw(st.integers(27, 30)),
        round_wind=draw(st.integers(27, 28)),
        dora_indicators=indicators,
        ura_indicators=ura if riichi else (),
        **flags,
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(situations(), st.sampled_from([TENHOU, MAHJONG_SOUL]))
def test_the_chosen_split_scores_as_the_library_scores_the_hand(s: Situation, rules: Any) -> None:
    expected = library_value(s, rules)
    if expected == "no_yaku":
        try:
            score(s, rules)
        except NoYakuError:
            return
        raise AssertionError("the library finds no yaku but the scorer does")
    assert not isinstance(expected, str), expected
    result = score(s, rules)
    han, fu, points, ids = expected
    assert (result.han, result.fu, result.points) == (han, fu, points)
    assert {y.tenhou_id for y in result.yaku} == ids
