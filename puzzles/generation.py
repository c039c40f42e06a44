"""Generating puzzles: deal candidate hands, analyze them with the engine, keep the clear ones.

Pure functions over :mod:`tutor.engine` (no Django, no database): the Celery tasks in
:mod:`puzzles.tasks` call :func:`generate` and store what it returns.

Everything is reproducible from a seed. Candidate ``i`` of a chunk with seed ``s`` is dealt from
``random.Random(candidate_seed(s, i))`` and that candidate seed is stored on the puzzle, so
``deal_candidate(kind, theme, puzzle.seed)`` deals the same position again.

**Dealing** (:func:`deal_candidate`) mixes the three samplers of :mod:`tutor.engine.deal`
(a random deal, near-tenpai, one suit).

What-to-discard candidates also get a table around them: the round and seat winds, a turn,
every seat's discards so far and a dora indicator, all taken from the same wall. The accepted
tile counts of the analysis subtract every tile the player can see (own hand, discards, dora
indicator), so the context changes the answer.

**Acceptance** (:func:`evaluate`):

* *what to discard* — 14 tiles, 0–2 shanten after the best discard, and the best discard must
  stand out by :func:`tutor.engine.analysis.clear_margin`; the answer is the discard with the
  most accepted tiles, the 2-step figure breaking ties;
* *which tiles improve this hand* — 13 tiles at 1–2 shanten with 2 to 12 improving kinds;
* *what are the waits* — 13 tiles in tenpai on at least one live kind;
* *how many shanten* — 13 tiles from tenpai to 4-shanten.

**The stored analysis** (``Puzzle.analysis``), every tile in mpsz notation, lists rather than
objects wherever order matters (PostgreSQL's jsonb reorders object keys)::

    {
      "version": 3,                 # tutor.exercises.facts.FACTS_VERSION
      "shanten": 1,                 # of the hand as shown (14 tiles for a discard puzzle)
      "answer": "9p" | ["3m", "6m"] | 2,   # a tile, the sorted kinds, or a shanten number
      "forms": {"standard": 1, "seven_pairs": 3, "thirteen_orphans": 8},
      "difficulty": 3,
      # what to discard: how it was judged ("value" or "efficiency", the rows judged by value
      # adding tenpai_rate, win_rate, ev and reasons), the engine's discard table, best first,
      # and why the best stands out
      "judge": "value",
      "discards": [{"discard": "9p", "shanten": 1, "count": 20, "two_step": 312,
                    "two_step_average": 15.6, "accepted": {"3m": 4, ...}},
                   ...],
      "margin": {"reason": "shanten" | "ukeire" | "two_step", "best": 20, "second": 16},
      # which tiles improve this hand: the uke-ire
      "accepted": {"3m": 4, ...}, "count": 20,
      # what are the waits
      "waits": [{"tile": "1m", "count": 3, "shapes": ["two_sided"]}, ...],
      "wait_pattern": "multi_sided", "wait_shapes": ["single", "two_sided"], "live": 7,
    }

Counts are *unseen* copies: 4 minus the copies in the hand, the discards and the dora indicator.
The rows and the document are written through :mod:`tutor.exercises.facts`, the one codec of
stored engine facts.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from puzzles import starting
from tutor.engine.analysis import MarginReason, clear_margin, discard_analysis, tenpai_info, ukeire
from tutor.engine.deal import canonical_form, deal_hand, draw_tiles, is_one_suit
from tutor.engine.hand import Hand, parse_hand
from tutor.engine.shanten import shanten, shanten_forms
from tutor.engine.tiles import (
    NUM_KINDS,
    Counts,
    counts_to_tiles,
    is_honor,
    is_terminal,
    parse_tile,
    parse_tiles,
    tile_str,
    tiles_str,
    to_counts,
)
from tutor.engine.value import TableContext, rank_discards
from tutor.exercises.facts import (
    FACTS_VERSION,
    Analysis,
    DiscardRowJSON,
    accepted_json,
    discard_row,
    to_json,
    waits_json,
)
from tutor.exercises.kinds import GENERATED, Kind

KINDS = GENERATED
"""The kinds this module deals (:data:`tutor.exercises.kinds.GENERATED`)."""
DEALER_THEMES = ("one-suit", "near-tenpai", "random-deal")
"""Themes that choose the sampler rather than filter the results."""

MAX_DIFFICULTY = 5

_WAIT_THEMES = tuple(
    f"wait-{shape}"
    for shape in ("two-sided", "closed", "edge", "dual-pon", "single", "nobetan", "multi-sided")
)
VALUE_THEMES = (
    "tenpai",
    "iishanten",
    "honor-discard",
    "terminal-discard",
    "middle-discard",
    "value-over-speed",
    "dora",
    "yakuhai",
    "furiten-trap",
    "dead-wait-trap",
    "back-off",
    "riichi-table",
    "after-call",
)
"""Themes of a what-to-discard puzzle judged by value (generated or mined from a game)."""

KIND_THEMES: dict[str, tuple[str, ...]] = {
    Kind.DISCARD: VALUE_THEMES,
    Kind.EFFICIENCY: (
        "one-suit",
        "tenpai",
        "iishanten",
        "early-hand",
        "two-step-tiebreak",
        "honor-discard",
        "terminal-discard",
        "middle-discard",
        "seven-pairs",
        "dead-tiles",
    ),
    Kind.IMPROVE: ("near-tenpai", "early-hand", "one-suit", "seven-pairs"),
    Kind.WAITS: ("one-suit", "multi-wait", *_WAIT_THEMES),
    Kind.SHANTEN: ("tenpai", "near-tenpai", "early-hand", "seven-pairs", "one-suit"),
}
"""The themes each kind of puzzle can carry (a batch asking for another finds nothing)."""


def theme_fits(kind: str, theme: str) -> bool:
    """Whether a batch of ``kind`` can ask for ``theme`` (a sampler or a theme it carries).

    >>> theme_fits("waits", "multi-wait"), theme_fits("discard", "multi-wait")
    (True, False)
    >>> theme_fits("discard", ""), theme_fits("shanten", "one-suit")
    (True, True)
    """
    return not theme or theme in DEALER_THEMES or theme in KIND_THEMES.get(kind, ())


# --- seeds ------------------------------------------------------------------------------------


def derive_seed(seed: int, *parts: object) -> int:
    """A reproducible 63-bit seed derived from ``seed`` and ``parts`` (fits a BigIntegerField).

    >>> derive_seed(1, 0) == derive_seed(1, 0), derive_seed(1, 0) == derive_seed(1, 1)
    (True, False)
    """
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def chunk_seed(batch_seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a batch."""
    return derive_seed(batch_seed, "chunk", index)


def candidate_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th candidate dealt by a chunk with ``seed``."""
    return derive_seed(seed, "candidate", index)


# --- dealing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """A dealt position before analysis: the hand's counts and what else the player sees."""

    kind: str
    counts: Counts
    seen: Counts  # own hand + dora indicator + every discard
    context: dict[str, Any]
    seed: int

    @property
    def hand(self) -> str:
        return tiles_str(counts_to_tiles(self.counts))

    def accept(
        self,
        kind: Kind,
        analysis: Analysis,
        themes: Iterable[str],
        difficulty: int,
        *,
        by_table: bool = False,
    ) -> Generated:
        """The candidate as a puzzle of ``kind``; ``by_table`` when the tiles seen outside the
        hand change the answer, so they are part of its canonical key."""
        visible = [s - h for s, h in zip(self.seen, self.counts, strict=True)]
        key = canonical_key(kind, self.counts, visible if by_table else None)
        analysis = {"version": FACTS_VERSION, **analysis, "difficulty": difficulty}
        themes = tuple(sorted(themes))
        return Generated(
            kind, self.hand, self.context, analysis, themes, difficulty, key, self.seed
        )


def _table_context(rng: random.Random, pool: list[int]) -> tuple[dict[str, Any], list[int]]:
    """Winds, turn, discards of every seat and a dora indicator, taken from ``pool``."""
    turn = rng.randint(3, 12)
    seat = rng.randrange(4)
    round_wind = 27 if rng.random() < 0.6 else 28
    discards: list[str] = []
    seen: list[int] = []
    for s in range(4):
        # Seats before ours in turn order have already discarded this turn.
        n = turn - 1 if s >= seat else turn
        river = draw_tiles(rng, pool, range(NUM_KINDS), n)
        seen += river
        discards.append("".join(tile_str(t) for t in river))
    (indicator,) = draw_tiles(rng, pool, range(NUM_KINDS), 1)
    seen.append(indicator)
    return {
        "seat": seat,
        "seat_wind": tile_str(27 + seat),
        "round_wind": tile_str(round_wind),
        "turn": turn,
        "dora_indicator": tile_str(indicator),
        "discards": discards,
    }, seen


def _sampler_for(rng: random.Random, theme: str) -> str:
    if theme in DEALER_THEMES:
        return theme
    roll = rng.random()
    return "near-tenpai" if roll < 0.65 else ("one-suit" if roll < 0.85 else "random-deal")


def deal_candidate(kind: str, theme: str, seed: int) -> Candidate:
    """Deal one candidate position of ``kind`` from ``seed`` (the same seed, the same deal).

    >>> c = deal_candidate("discard", "", 7)
    >>> sum(c.counts), sum(c.seen) > 14, c == deal_candidate("discard", "", 7)
    (14, True, True)
    >>> sum(deal_candidate("waits", "one-suit", 3).counts)
    13
    """
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}: choose one of {', '.join(KINDS)}")
    rng = random.Random(seed)
    sampler = _sampler_for(rng, theme)
    if kind in (Kind.DISCARD, Kind.EFFICIENCY):
        tiles, pool = deal_hand(rng, 14, sampler, rng.choice((1, 2, 2, 3, 3, 3)))
        context, table = _table_context(rng, pool)
        seen = tiles + table
    else:
        if kind in (Kind.WAITS, Kind.IMPROVE) and sampler == "random-deal":
            sampler = "near-tenpai"
        if kind == Kind.WAITS:
            target = 0
        else:
            target = rng.choice((1, 2, 2) if kind == Kind.IMPROVE else (0, 1, 2, 3))
        tiles, _pool = deal_hand(rng, 13, sampler, target)
        context, seen = {}, tiles
    return Candidate(kind, to_counts(tiles), to_counts(seen), context, seed)


def candidate_of(kind: str, hand: str, context: Mapping[str, Any], seed: int) -> Candidate:
    """A stored generated puzzle's position again, to judge it with today's engine: the hand,
    and what it saw (every river and the dora indicator of ``context``, for the kinds dealt
    with a table).

    >>> c = deal_candidate("discard", "", 7)
    >>> candidate_of(c.kind, c.hand, c.context, c.seed) == c
    True
    """
    tiles = parse_tiles(hand)
    seen = list(tiles)
    if context:
        seen += parse_tiles("".join(context.get("discards") or []))
        seen += parse_tiles(str(context.get("dora_indicator") or ""))
    return Candidate(kind, to_counts(tiles), to_counts(seen), dict(context), seed)


# --- canonical form ---------------------------------------------------------------------------


def canonical_key(kind: str, counts: Sequence[int], visible: Sequence[int] | None = None) -> str:
    """The kind, the hand and the other visible tiles with the suits renamed to the smallest
    notation (:func:`tutor.engine.deal.canonical_form`). Two positions that differ only by
    the names of their suits have the same key; honors are never renamed.

    ``visible`` counts the tiles seen besides the hand (discards, dora indicator), which change
    the accepted tile counts and so the answer.

    >>> a = canonical_key("waits", to_counts(parse_tiles("1112345678999p")))
    >>> a == canonical_key("waits", to_counts(parse_tiles("1112345678999s"))), a
    (True, 'waits:1112345678999m|')
    """
    hand, seen = canonical_form(counts, visible)
    return f"{kind}:{hand}|{seen}"


# --- difficulty, themes and acceptance ----------------------------------------------------------


def _clamp(value: int) -> int:
    return max(1, min(MAX_DIFFICULTY, value))


def _speed(row: DiscardRowJSON) -> tuple[int, int, float]:
    """The order of the fastest discards: the lowest shanten, the most accepted tiles, the
    best 2-step figure."""
    return (row["shanten"], -row["count"], -row["two_step"])


def _discard_theme(tile: int) -> str:
    """The theme of the tile a best discard throws."""
    if is_honor(tile):
        return "honor-discard"
    return "terminal-discard" if is_terminal(tile) else "middle-discard"


@dataclass(frozen=True)
class Generated:
    """An accepted puzzle, ready to store."""

    kind: Kind
    hand: str
    context: dict[str, Any]
    analysis: Analysis
    themes: tuple[str, ...]
    difficulty: int
    canonical_key: str
    seed: int

    @property
    def rating(self) -> float:
        return starting.starting_rating(self.kind, self.analysis, self.themes)

    def fields(self) -> dict[str, Any]:
        """The puzzle's stored fields, its theme slugs as ``themes``
        (:func:`puzzles.services.store_rows` stores them)."""
        return {
            "kind": self.kind,
            "hand": self.hand,
            "context": self.context,
            "analysis": to_json(self.analysis),
            "difficulty": self.difficulty,
            "rating": self.rating,
            "canonical_key": self.canonical_key,
            "themes": list(self.themes),
        }


@dataclass(frozen=True)
class Rejected:
    reason: str


def _blind_best(counts: Counts) -> str | None:
    """The best discard counting only the hand's own tiles as seen, or None on a tie."""
    table = discard_analysis(counts, two_step=False)
    if len(table) > 1 and (table[0].shanten, table[0].count) == (table[1].shanten, table[1].count):
        return None
    return tile_str(table[0].discard)


# --- what to discard, judged by value --------------------------------------------------------

MAX_VALUE_SHANTEN = 1
"""Value puzzles: at most this shanten after the best discard (further hands are rarely clear,
and their search costs ten times as much)."""

_UNWINNABLE = {"furiten", "dead_wait", "no_yaku"}


def is_unwinnable(row: Mapping[str, Any]) -> bool:
    """Whether a stored row is a tenpai that cannot win by ron or at all: furiten, a dead wait,
    or an open hand without a yaku.

    >>> is_unwinnable({"reasons": [{"code": "furiten", "params": {"tiles": "3m"}}]})
    True
    >>> is_unwinnable({"reasons": [{"code": "keeps_dora", "params": {"tile": "5m"}}]})
    False
    """
    return any(r.get("code") in _UNWINNABLE for r in row.get("reasons") or [])


@dataclass(frozen=True)
class ValueJudgement:
    """A what-to-discard decision judged by value: the stored analysis and its themes."""

    analysis: Analysis
    themes: tuple[str, ...]
    difficulty: int


def judge_by_value(hand: Hand, table: TableContext) -> ValueJudgement | Rejected:
    """Rank every discard of ``hand`` by expected value (:func:`tutor.engine.value.rank_discards`)
    and accept the decision as a puzzle when the best discard is clearly best
    (:func:`tutor.engine.value.is_clear`) and is not a furiten or dead wait (unless every
    option is).

    >>> j = judge_by_value(parse_hand("123m456p789s23m55p7z"), TableContext(draws_left=10))
    >>> j.analysis["answer"], j.analysis["judge"], "tenpai" in j.themes
    ('7z', 'value', True)
    >>> judge_by_value(parse_hand("147m258p369s12345z"), TableContext()).reason
    'too far from tenpai'
    """
    counts = hand.concealed
    melds = len(hand.melds)
    before = shanten(counts, melds)
    if before < 0:
        return Rejected("complete hand")
    if before > MAX_VALUE_SHANTEN:
        return Rejected("too far from tenpai")
    ranking = rank_discards(hand, table)
    if not ranking.clear:
        return Rejected("no clear best discard")
    seen = tuple(a + b for a, b in zip(table.seen, counts, strict=True))
    options = {o.discard: o for o in discard_analysis(counts, melds, seen)}
    rows = [discard_row(options[r.discard], r) for r in ranking.rows]
    best, second = rows[0], rows[1] if len(rows) > 1 else None
    if is_unwinnable(best) and not all(is_unwinnable(r) for r in rows):
        return Rejected("furiten or dead wait on top")
    codes = {r["code"] for row in rows for r in row.get("reasons", [])}
    others = {r["code"] for row in rows[1:] for r in row.get("reasons", [])}
    best_codes = {r["code"] for r in best.get("reasons", [])}
    carried = {
        "value-over-speed": min(rows, key=_speed)["discard"] != best["discard"],
        "dora": bool(codes & {"keeps_dora", "discards_dora", "discards_red_five"}),
        "yakuhai": bool(codes & {"keeps_value_pair", "discards_value_honor"}),
        "furiten-trap": "furiten" in others,
        "dead-wait-trap": "dead_wait" in others,
        "back-off": bool(best_codes & {"backs_off", "backs_off_estimate"}),
        "after-call": bool(melds),
    }
    themes = {"tenpai" if best["shanten"] == 0 else "iishanten"}
    themes |= {_discard_theme(ranking.rows[0].discard), *(t for t, on in carried.items() if on)}
    # Harder: a runner-up close in value, many discards keeping the shanten, speed misleads.
    level = 1
    if second is not None and best["ev"] > 0:
        ratio = second.get("ev", 0.0) / best["ev"]
        level += 2 if ratio > 0.6 else (1 if ratio > 0.35 else 0)
    keepers = sum(1 for r in rows if r["shanten"] == best["shanten"])
    level += (keepers >= 5) + ("value-over-speed" in themes)
    difficulty = _clamp(level)
    # The margin is in points, or in win rate when no discard is worth any.
    by: Literal["ev", "win_rate"] = "ev" if best["ev"] > 0 else "win_rate"
    analysis: Analysis = {
        "version": FACTS_VERSION,
        "judge": "value",
        "shanten": before,
        "answer": best["discard"],
        "discards": rows,
        "forms": shanten_forms(counts) if not melds else {},
        "margin": {"reason": by, "best": best[by], "second": second[by] if second else 0},
        "difficulty": difficulty,
    }
    return ValueJudgement(analysis, tuple(sorted(themes)), difficulty)


def table_of(c: Candidate) -> TableContext:
    """The engine's table for a generated what-to-discard candidate."""
    seen = tuple(s - h for s, h in zip(c.seen, c.counts, strict=True))
    turn = int(c.context.get("turn", 6))
    return TableContext(
        round_wind=parse_tiles(str(c.context.get("round_wind", "1z")))[0],
        seat_wind=27 + int(c.context.get("seat", 1)),
        dora_indicators=tuple(parse_tiles(str(c.context.get("dora_indicator", "")))),
        seen=seen,
        own_discards=tuple(sorted(_own_river(c))),
        own_in_order=False,  # a generated river is a set of kinds, not a sequence
        draws_left=max(1, 18 - turn),
        turn=turn,
    )


def _evaluate_discard(c: Candidate) -> Generated | Rejected:
    judged = judge_by_value(parse_hand(c.hand), table_of(c))
    if isinstance(judged, Rejected):
        return judged
    return c.accept(Kind.DISCARD, judged.analysis, judged.themes, judged.difficulty, by_table=True)


def _own_river(c: Candidate) -> set[int]:
    """The kinds in the player's own river (a generated table gives every seat one)."""
    seat = c.context.get("seat")
    rivers = c.context.get("discards") or []
    if not isinstance(seat, int) or not 0 <= seat < len(rivers):
        return set()
    return set(parse_tiles(str(rivers[seat]))) if rivers[seat] else set()


def _unwinnable_tenpai(discard: int, row: DiscardRowJSON, own: set[int]) -> bool:
    """Tenpai after ``discard`` on a dead wait (no copy left) or a furiten one (a winning
    tile in the player's river, the discard itself included)."""
    return row["shanten"] == 0 and (
        row["count"] == 0 or any(parse_tile(tile) in own | {discard} for tile in row["accepted"])
    )


def _evaluate_efficiency(c: Candidate) -> Generated | Rejected:
    before = shanten(c.counts)
    if before < 0:
        return Rejected("complete hand")
    if before > 2:
        return Rejected("too far from tenpai")
    options = discard_analysis(c.counts, seen=c.seen)
    every_row = [discard_row(option) for option in options]
    own = _own_river(c)
    # A dead or furiten wait is never the answer of a drill about tiles to win on: the table
    # shows those rows, but the answer and its margin are judged without them.
    kept = [
        (o, r)
        for o, r in zip(options, every_row, strict=True)
        if not _unwinnable_tenpai(o.discard, r, own)
    ] or list(zip(options, every_row, strict=True))
    rows = [r for _, r in kept]
    margin = clear_margin([o for o, _ in kept])
    if margin is None:
        return Rejected("no clear best discard")
    ranked = sorted(rows, key=_speed)
    best, second = ranked[0], ranked[1]
    best_tile = parse_tile(best["discard"])
    themes = {{0: "tenpai", 1: "iishanten"}.get(best["shanten"], "early-hand")}
    themes.add(_discard_theme(best_tile))
    if is_one_suit(c.counts):
        themes.add("one-suit")
    if margin.reason == MarginReason.TWO_STEP:
        themes.add("two-step-tiebreak")
    blind = _blind_best(c.counts)
    if blind is not None and blind != best["discard"]:
        # Counting only one's own hand would pick another discard: the table matters.
        themes.add("dead-tiles")
    after = list(c.counts)
    after[best_tile] -= 1
    after_forms = shanten_forms(tuple(after))
    if after_forms["seven_pairs"] < after_forms["standard"]:
        themes.add("seven-pairs")
    # Hard: a narrow margin, a 2-step decision, many discards keeping the shanten, early hands.
    level = 1
    if margin.reason == MarginReason.TWO_STEP:
        level += 2
    elif margin.reason == MarginReason.UKEIRE:
        ratio = (best["count"] - second["count"]) / max(1, best["count"])
        level += 2 if ratio < 0.25 else (1 if ratio < 0.45 else 0)
    keepers = sum(1 for r in rows if r["shanten"] == best["shanten"])
    level += (keepers >= 5) + (best["shanten"] >= 2)
    difficulty = _clamp(level)
    analysis: Analysis = {
        "judge": "efficiency",
        "shanten": before,
        "answer": best["discard"],
        "discards": [best] + sorted((r for r in every_row if r is not best), key=_speed),
        "forms": shanten_forms(c.counts),
        "margin": margin.as_dict(),
    }
    return c.accept(Kind.EFFICIENCY, analysis, themes, difficulty, by_table=True)


def _evaluate_improve(c: Candidate) -> Generated | Rejected:
    now = shanten(c.counts)
    if not 1 <= now <= 2:
        return Rejected("improve: not 1–2 shanten")
    accepted = {t: n for t, n in accepted_json(ukeire(c.counts, seen=c.seen).accepted).items() if n}
    if not 2 <= len(accepted) <= 12:
        return Rejected("improve: too few or too many improving kinds")
    themes = {"near-tenpai" if now == 1 else "early-hand"}
    if is_one_suit(c.counts):
        themes.add("one-suit")
    kinds_forms = shanten_forms(c.counts)
    if kinds_forms["seven_pairs"] <= kinds_forms["standard"]:
        themes.add("seven-pairs")
    difficulty = _clamp(1 + (len(accepted) - 2) // 2 + (now - 1))
    analysis: Analysis = {
        "shanten": now,
        "answer": list(accepted),
        "accepted": accepted,
        "count": sum(accepted.values()),
        "forms": kinds_forms,
    }
    return c.accept(Kind.IMPROVE, analysis, themes, difficulty)


def _evaluate_waits(c: Candidate) -> Generated | Rejected:
    info = tenpai_info(c.counts, seen=c.seen)
    if info is None:
        return Rejected("waits: not tenpai")
    if info.karaten:
        return Rejected("waits: no live wait")
    waits = waits_json(info)
    themes = {f"wait-{info.pattern.value.replace('_', '-')}"}
    if is_one_suit(c.counts):
        themes.add("one-suit")
    n = len(waits)
    if n >= 3:
        themes.add("multi-wait")
    level = {1: 1, 2: 2, 3: 3}.get(n, 4 if n <= 5 else 5) + ("one-suit" in themes and n >= 3)
    difficulty = _clamp(level)
    analysis: Analysis = {
        "shanten": 0,
        "answer": [w["tile"] for w in waits],
        "waits": waits,
        "wait_pattern": info.pattern.value,
        "wait_shapes": sorted({shape for w in waits for shape in w["shapes"]}),
        "live": info.live,
        "forms": shanten_forms(c.counts),
    }
    return c.accept(Kind.WAITS, analysis, themes, difficulty)


def _evaluate_shanten(c: Candidate) -> Generated | Rejected:
    now = shanten(c.counts)
    if not 0 <= now <= 4:
        return Rejected("shanten: out of range")
    hand_forms = shanten_forms(c.counts)
    themes = {"tenpai"} if now == 0 else ({"near-tenpai"} if now == 1 else {"early-hand"})
    if hand_forms["seven_pairs"] < hand_forms["standard"]:
        themes.add("seven-pairs")
    if is_one_suit(c.counts):
        themes.add("one-suit")
    difficulty = _clamp(1 + now + (1 if "seven-pairs" in themes or "one-suit" in themes else 0))
    analysis: Analysis = {
        "shanten": now,
        "answer": now,
        "forms": hand_forms,
    }
    return c.accept(Kind.SHANTEN, analysis, themes, difficulty)


_EVALUATORS = {
    "discard": _evaluate_discard,
    "efficiency": _evaluate_efficiency,
    "improve": _evaluate_improve,
    "waits": _evaluate_waits,
    "shanten": _evaluate_shanten,
}


def evaluate(candidate: Candidate) -> Generated | Rejected:
    """Analyze a candidate with the engine and accept it as a puzzle or say why not."""
    return _EVALUATORS[candidate.kind](candidate)


# --- a chunk's work ---------------------------------------------------------------------------


@dataclass
class Outcome:
    """What :func:`generate` produced: the accepted puzzles (in dealing order) and the counts."""

    puzzles: list[Generated] = field(default_factory=list)
    examined: int = 0
    rejected: int = 0
    reasons: Counter[str] = field(default_factory=Counter)


def max_candidates(count: int, kind: str) -> int:
    """How many candidates a chunk may deal looking for ``count`` puzzles before it gives up."""
    per = {"discard": 60, "efficiency": 40, "improve": 30, "waits": 40, "shanten": 40}[kind]
    return max(50, count * per)


def generate(
    kind: str,
    seed: int,
    count: int,
    theme: str = "",
    difficulty: int | None = None,
    limit: int | None = None,
    deadline: float | None = None,
) -> Outcome:
    """Deal candidates from ``seed`` until ``count`` puzzles are accepted (or ``limit`` candidates
    have been dealt) and return them. Deterministic: the same arguments give the same puzzles.

    A theme that is not a sampler (``one-suit``, ``near-tenpai``, ``random-deal``) keeps only
    puzzles carrying it; a target ``difficulty`` keeps only puzzles of that difficulty. Two
    candidates with the same canonical key within one call count once. Past ``deadline`` (a
    :func:`time.monotonic` value) it stops dealing and returns what it has, a prefix of the
    full answer.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {kind!r}: choose one of {', '.join(KINDS)}")
    if difficulty is not None and not 1 <= difficulty <= MAX_DIFFICULTY:
        raise ValueError(f"difficulty goes from 1 to {MAX_DIFFICULTY}")
    limit = max_candidates(count, kind) if limit is None else limit
    out = Outcome()
    keys: set[str] = set()
    i = 0
    while len(out.puzzles) < count and i < limit:
        if deadline is not None and time.monotonic() > deadline:
            break
        candidate = deal_candidate(kind, theme, candidate_seed(seed, i))
        i += 1
        out.examined += 1
        result = evaluate(candidate)
        if isinstance(result, Rejected):
            reason = result.reason
        elif theme and theme not in DEALER_THEMES and theme not in result.themes:
            reason = f"not the theme {theme}"
        elif difficulty is not None and result.difficulty != difficulty:
            reason = "not the target difficulty"
        elif result.canonical_key in keys:
            reason = "duplicate"
        else:
            keys.add(result.canonical_key)
            out.puzzles.append(result)
            continue
        out.rejected += 1
        out.reasons[reason] += 1
    return out


def split_count(count: int, chunk_size: int) -> list[int]:
    """Split ``count`` puzzles into chunk targets of at most ``chunk_size``.

    >>> split_count(25, 10)
    [10, 10, 5]
    """
    if count < 1:
        raise ValueError("a batch needs at least one puzzle")
    return [min(chunk_size, count - start) for start in range(0, count, chunk_size)]
