"""Dealing, the canonical form and the acceptance rules of puzzle generation (no database)."""

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles import generation, starting
from puzzles.generation import (
    KINDS,
    canonical_key,
    deal_candidate,
    evaluate,
    generate,
    split_count,
)
from tutor.engine.analysis import clear_margin, discard_analysis, tenpai_info
from tutor.engine.deal import permute_suits
from tutor.engine.shanten import shanten
from tutor.engine.tiles import parse_tiles, tile_str, to_counts


def counts(text: str) -> tuple[int, ...]:
    return to_counts(parse_tiles(text))


# --- dealing ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_deals_the_same_position(kind: str) -> None:
    assert deal_candidate(kind, "", 12345) == deal_candidate(kind, "", 12345)


def test_different_seeds_deal_different_positions() -> None:
    hands = {deal_candidate("discard", "", seed).hand for seed in range(50)}
    assert len(hands) == 50


@pytest.mark.parametrize("theme", ["", "one-suit", "near-tenpai", "random-deal"])
@pytest.mark.parametrize(
    "kind,size", [("discard", 14), ("improve", 13), ("waits", 13), ("shanten", 13)]
)
def test_a_candidate_has_a_legal_hand_of_the_right_size(kind: str, size: int, theme: str) -> None:
    for seed in range(30):
        c = deal_candidate(kind, theme, seed)
        assert sum(c.counts) == size
        assert all(0 <= n <= 4 for n in c.counts)
        assert all(s >= h for s, h in zip(c.seen, c.counts, strict=True))
        assert all(s <= 4 for s in c.seen)


def test_a_discard_candidate_sees_every_discard_and_the_dora_indicator() -> None:
    c = deal_candidate("discard", "", 99)
    river = "".join(c.context["discards"])
    visible = counts(river + c.context["dora_indicator"])
    assert tuple(s - h for s, h in zip(c.seen, c.counts, strict=True)) == visible
    turn, seat = c.context["turn"], c.context["seat"]
    assert [len(parse_tiles(d)) for d in c.context["discards"]] == [
        turn - 1 if s >= seat else turn for s in range(4)
    ]
    assert c.context["seat_wind"] == tile_str(27 + seat)


def test_the_one_suit_theme_deals_a_flush() -> None:
    for seed in range(30):
        c = deal_candidate("waits", "one-suit", seed)
        suits = {t // 9 for t, n in enumerate(c.counts) if n}
        assert len(suits) == 1 and max(suits) < 3


def test_an_unknown_kind_is_refused_with_a_readable_message() -> None:
    with pytest.raises(ValueError, match="unknown puzzle kind"):
        deal_candidate("riddle", "", 1)


# --- canonical form -----------------------------------------------------------------------


def rename(text: str, perm: tuple[str, ...]) -> str:
    upper = text.replace("m", "M").replace("p", "P").replace("s", "S")
    return upper.replace("M", perm[0]).replace("P", perm[1]).replace("S", perm[2])


def test_renaming_the_suits_gives_the_same_canonical_key() -> None:
    hand, visible = "1123m456p789s1122z", "19m5s1z"
    keys = {
        canonical_key("discard", counts(rename(hand, perm)), counts(rename(visible, perm)))
        for perm in permutations("mps")
    }
    assert len(keys) == 1
    keys = {
        canonical_key("waits", counts(h))
        for h in ("1112345678999m", "1112345678999p", "1112345678999s")
    }
    assert keys == {"waits:1112345678999m|"}


def test_suits_renamed_together_with_the_visible_tiles_share_a_key() -> None:
    a = canonical_key("discard", counts("123m456p789s11223z"), counts("1m9p"))
    b = canonical_key("discard", counts("123p456s789m11223z"), counts("1p9s"))
    assert a == b


def test_honors_are_never_renamed() -> None:
    assert canonical_key("waits", counts("123m456p789s1112z")) != canonical_key(
        "waits", counts("123m456p789s1113z")
    )


def test_the_kind_and_the_visible_tiles_are_part_of_the_key() -> None:
    hand = counts("123m456p789s1112z")
    assert canonical_key("waits", hand) != canonical_key("shanten", hand)
    assert canonical_key("discard", hand, counts("5m")) != canonical_key(
        "discard", hand, counts("6m")
    )


# --- acceptance -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def discard_puzzles() -> list[generation.Generated]:
    return generate("efficiency", seed=2026, count=40).puzzles


def test_an_efficiency_puzzle_answer_is_the_discard_with_the_most_tiles(discard_puzzles) -> None:
    assert len(discard_puzzles) == 40
    for p in discard_puzzles:
        hand = counts(p.hand)
        visible = counts("".join(p.context["discards"]) + p.context["dora_indicator"])
        seen = tuple(h + v for h, v in zip(hand, visible, strict=True))
        table = discard_analysis(hand, seen=seen)
        own = set(parse_tiles(p.context["discards"][p.context["seat"]]))

        # A tenpai on a dead wait, or on a tile of the player's river, is never the answer.
        best = next(
            o
            for o in table
            if o.shanten > 0 or (o.count > 0 and not set(o.accepted) & (own | {o.discard}))
        )
        assert p.analysis["answer"] == tile_str(best.discard)
        assert sorted(r["discard"] for r in p.analysis["discards"]) == sorted(
            tile_str(o.discard) for o in table
        )
        winnable = [
            o
            for o in table
            if o.shanten > 0 or (o.count > 0 and not set(o.accepted) & (own | {o.discard}))
        ]
        assert clear_margin(winnable) is not None
        assert 0 <= table[0].shanten <= 2


def test_an_efficiency_puzzle_stores_the_whole_table_with_accepted_tiles(discard_puzzles) -> None:
    p = discard_puzzles[0]
    best = p.analysis["discards"][0]
    assert best["count"] == sum(best["accepted"].values())
    assert {"discard", "shanten", "count", "two_step", "accepted"} <= best.keys()
    assert p.analysis["margin"]["reason"] in {"shanten", "ukeire", "two_step"}
    assert p.analysis["judge"] == "efficiency" and p.kind == "efficiency"


def test_efficiency_themes_follow_the_analysis(discard_puzzles) -> None:
    for p in discard_puzzles:
        best = p.analysis["discards"][0]
        expected = {0: "tenpai", 1: "iishanten"}.get(best["shanten"], "early-hand")
        assert expected in p.themes
        assert ("two-step-tiebreak" in p.themes) == (p.analysis["margin"]["reason"] == "two_step")
        assert 1 <= p.difficulty <= 5
        assert p.rating == starting.starting_rating("efficiency", p.analysis, p.themes)


def test_a_waits_puzzle_answer_is_the_engines_waits() -> None:
    for p in generate("waits", seed=7, count=30, theme="one-suit").puzzles:
        info = tenpai_info(counts(p.hand))
        assert info is not None
        assert p.analysis["answer"] == [tile_str(t) for t in sorted(info.waits)]
        assert "one-suit" in p.themes


def test_an_improve_puzzle_lists_exactly_the_draws_that_lower_shanten() -> None:
    for p in generate("improve", seed=8, count=20).puzzles:
        hand = list(counts(p.hand))
        now = shanten(hand)
        improving = []
        for t in range(34):
            if hand[t] == 4:
                continue
            hand[t] += 1
            if shanten(hand) < now:
                improving.append(tile_str(t))
            hand[t] -= 1
        assert p.analysis["answer"] == improving
        assert 2 <= len(improving) <= 12


def test_a_shanten_puzzle_answer_is_the_engines_shanten() -> None:
    for p in generate("shanten", seed=9, count=30).puzzles:
        assert p.analysis["answer"] == shanten(counts(p.hand))


def test_a_complete_hand_is_never_a_discard_puzzle() -> None:
    c = generation.Candidate(
        "discard", counts("123m456p789s11222z"), counts("123m456p789s11222z"), {}, 0
    )
    assert isinstance(evaluate(c), generation.Rejected)


def test_a_close_call_is_not_published() -> None:
    # Discarding 1m or 9m leaves mirror-image hands: the same tiles accepted, no clear best.
    c = generation.Candidate(
        "discard", counts("19m234567p23s5566z"), counts("19m234567p23s5566z"), {}, 0
    )
    result = evaluate(c)
    assert isinstance(result, generation.Rejected)
    assert result.reason == "no clear best discard"


# --- a chunk's work -------------------------------------------------------------------------


def test_generate_is_deterministic() -> None:
    a = generate("discard", seed=5, count=8)
    b = generate("discard", seed=5, count=8)
    assert [p.canonical_key for p in a.puzzles] == [p.canonical_key for p in b.puzzles]
    assert a.examined == b.examined and a.rejected == b.rejected


def test_generate_keeps_only_the_target_difficulty_and_theme() -> None:
    out = generate("waits", seed=11, count=10, difficulty=3)
    assert out.puzzles and all(p.difficulty == 3 for p in out.puzzles)
    out = generate("discard", seed=11, count=5, theme="iishanten")
    assert out.puzzles and all("iishanten" in p.themes for p in out.puzzles)


def test_generate_gives_up_after_its_candidate_limit() -> None:
    out = generate("discard", seed=3, count=100, limit=10)
    assert out.examined == 10
    assert len(out.puzzles) + out.rejected == 10


def test_generate_stops_at_its_deadline_with_a_prefix_of_the_answer() -> None:
    full = generate("shanten", seed=4, count=20)
    cut = generate("shanten", seed=4, count=20, deadline=0.0)
    assert cut.puzzles == [] and cut.examined == 0
    assert full.puzzles[:0] == cut.puzzles


def test_generate_counts_each_position_once() -> None:
    out = generate("shanten", seed=1, count=200)
    keys = [p.canonical_key for p in out.puzzles]
    assert len(keys) == len(set(keys))


def test_every_rejection_has_a_reason() -> None:
    out = generate("discard", seed=21, count=10)
    assert sum(out.reasons.values()) == out.rejected


def test_split_count_fills_chunks_in_order() -> None:
    assert split_count(25, 10) == [10, 10, 5]
    assert split_count(10, 10) == [10]
    with pytest.raises(ValueError):
        split_count(0, 10)


def test_the_read_the_discards_theme_means_the_table_changes_the_answer(discard_puzzles) -> None:
    more = discard_puzzles + generate("efficiency", seed=77, count=150).puzzles
    marked = [p for p in more if "dead-tiles" in p.themes]
    assert marked, "some positions are decided by the visible tiles"
    for p in marked:
        blind = discard_analysis(counts(p.hand), two_step=False)
        assert tile_str(blind[0].discard) != p.analysis["answer"]


def test_a_waits_puzzle_names_every_shape_of_its_waits() -> None:
    for p in generate("waits", seed=12, count=20).puzzles:
        shapes = {s for w in p.analysis["waits"] for s in w["shapes"]}
        assert p.analysis["wait_shapes"] == sorted(shapes)
        assert p.analysis["wait_pattern"]
        assert p.analysis["live"] == sum(w["count"] for w in p.analysis["waits"])


# The discard kind ranks each of its 120 hands by expected value: 10 s of CPU, so `make test` only.
@pytest.mark.parametrize(
    "kind", [pytest.param(k, marks=pytest.mark.slow) if k == "discard" else k for k in KINDS]
)
def test_every_theme_a_kind_produces_is_declared_for_it(kind: str) -> None:
    from puzzles.models import THEME_LABELS

    produced = {t for p in generate(kind, seed=40, count=80).puzzles for t in p.themes}
    produced |= {
        t for p in generate(kind, seed=41, count=40, theme="one-suit").puzzles for t in p.themes
    }
    assert produced <= set(generation.KIND_THEMES[kind])
    assert set(generation.KIND_THEMES[kind]) <= set(THEME_LABELS)


@given(st.integers(min_value=0, max_value=2**40), st.permutations(range(3)))
@settings(max_examples=200, deadline=None)
def test_any_renaming_of_the_suits_keeps_the_canonical_key(seed: int, perm: list[int]) -> None:
    c = deal_candidate("discard", "", seed)
    visible = [s - h for s, h in zip(c.seen, c.counts, strict=True)]
    renamed = permute_suits(c.counts, perm)
    renamed_visible = permute_suits(visible, perm)
    assert canonical_key("discard", renamed, renamed_visible) == canonical_key(
        "discard", c.counts, visible
    )
    # The key names the position: rebuilt from it, it is a renaming of the original.
    hand, seen = canonical_key("discard", c.counts, visible).split(":")[1].split("|")
    assert sorted(counts(hand)) == sorted(c.counts)
    assert sum(counts(seen)) == sum(visible)


# --- what to discard, judged by value ---------------------------------------------------------


@pytest.fixture(scope="module")
def value_puzzles() -> list[generation.Generated]:
    return generate("discard", seed=2027, count=12).puzzles


def test_a_discard_puzzle_answer_is_the_clear_best_of_the_value_ranking(value_puzzles) -> None:
    from tutor.engine.hand import parse_hand
    from tutor.engine.value import rank_discards

    assert len(value_puzzles) == 12
    for p in value_puzzles:
        c = deal_candidate("discard", "", p.seed)
        ranking = rank_discards(parse_hand(p.hand), generation.table_of(c))
        assert ranking.clear
        assert p.analysis["answer"] == ranking.rows[0].discard_str.replace("0", "5")
        assert [r["discard"] for r in p.analysis["discards"]] == [
            tile_str(r.discard) for r in ranking.rows
        ]
        assert p.analysis["judge"] == "value" and p.analysis["version"] == 3


def test_a_discard_puzzle_row_carries_the_rates_points_and_reasons(value_puzzles) -> None:
    for p in value_puzzles:
        best = p.analysis["discards"][0]
        assert 0 <= best["win_rate"] <= best["tenpai_rate"] <= 1
        for row in p.analysis["discards"][1:]:
            # Only a row going back a shanten may show more, and it says why its figure is
            # not followed.
            if row["ev"] > best["ev"]:
                assert row["shanten"] > best["shanten"]
                assert "backs_off_estimate" in {r["code"] for r in row["reasons"]}
        assert all({"code", "params"} <= r.keys() for r in best["reasons"])
        assert best["count"] == sum(best["accepted"].values())


def test_a_furiten_answer_on_top_of_the_value_ranking_is_not_published(monkeypatch) -> None:
    from tutor.engine.hand import parse_hand
    from tutor.engine.value import RankedDiscard, Ranking, Reason, TableContext

    furiten = Reason("furiten", {"tiles": "2m,5m"})
    rows = (
        RankedDiscard(33, 0, 6, 0, 1.0, 0.5, 4000.0, (Reason("tenpai", {}), furiten)),
        RankedDiscard(1, 0, 3, 0, 1.0, 0.3, 2000.0, (Reason("tenpai", {}),)),
    )
    monkeypatch.setattr(generation, "rank_discards", lambda hand, table: Ranking(rows, True))
    result = generation.judge_by_value(parse_hand("2345m456p789s111z7z"), TableContext())
    assert isinstance(result, generation.Rejected)
    assert result.reason == "furiten or dead wait on top"


def test_an_efficiency_puzzle_never_answers_with_a_furiten_wait() -> None:
    # Cutting 7z waits on 2m and 5m, the most tiles: the answer of the drill...
    def candidate(river: str) -> generation.Candidate:
        hand = "2345m456p789s111z7z"
        return generation.Candidate(
            "efficiency",
            counts(hand),
            counts(hand + river),
            {"seat": 0, "discards": [river, "", "", ""]},
            0,
        )

    result = evaluate(candidate(""))
    assert isinstance(result, generation.Generated) and result.analysis["answer"] == "7z"
    # ...unless 5m is in the player's river: that wait is furiten, and the single waits left
    # (cut 2m or 5m, wait on 7z) are equal, so there is no puzzle.
    result = evaluate(candidate("5m"))
    assert isinstance(result, generation.Rejected)
    assert result.reason == "no clear best discard"
