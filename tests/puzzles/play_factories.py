"""Puzzles for the player-side tests, analysed by the engine and stored through the facts codec
(:mod:`tutor.exercises.facts`), without going through generation."""

from __future__ import annotations

import itertools
from typing import Any

from puzzles.models import Puzzle, PuzzleKind, Theme
from tutor.engine.analysis import discard_analysis, tenpai_info, ukeire
from tutor.engine.shanten import shanten
from tutor.engine.tiles import parse_tiles, to_counts
from tutor.exercises.facts import accepted_json, discard_row, to_json, waits_json

_keys = itertools.count(1)


def analysis_for(kind: str, hand: str) -> dict[str, Any]:
    counts = to_counts(parse_tiles(hand))
    now = shanten(counts)
    if kind == PuzzleKind.DISCARD:
        rows = [discard_row(o) for o in discard_analysis(counts, seen=counts)]
        return to_json({"shanten": now, "answer": rows[0]["discard"], "discards": rows})
    if kind == PuzzleKind.IMPROVE:
        accepted = {
            t: n for t, n in accepted_json(ukeire(counts, seen=counts).accepted).items() if n
        }
        return to_json({"shanten": now, "answer": list(accepted), "accepted": accepted})
    if kind == PuzzleKind.WAITS:
        info = tenpai_info(counts, seen=counts)
        assert info is not None, f"{hand} is not tenpai"
        waits = waits_json(info)
        return to_json(
            {
                "shanten": 0,
                "answer": [w["tile"] for w in waits],
                "waits": waits,
                "wait_shapes": [info.pattern.value],
            }
        )
    from tutor.engine.shanten import shanten_chiitoitsu, shanten_kokushi, shanten_standard

    forms = {
        "standard": shanten_standard(counts),
        "seven_pairs": shanten_chiitoitsu(counts),
        "thirteen_orphans": shanten_kokushi(counts),
    }
    return to_json({"shanten": now, "answer": now, "forms": forms})


def make_puzzle(
    kind: str = PuzzleKind.DISCARD,
    hand: str = "123456789m12p35s1z",
    rating: float = 1500.0,
    themes: tuple[str, ...] = (),
    context: dict[str, Any] | None = None,
) -> Puzzle:
    puzzle = Puzzle.objects.create(
        kind=kind,
        hand=hand,
        context=context or {},
        analysis=analysis_for(kind, hand),
        rating=rating,
        canonical_key=f"test-{next(_keys)}-{kind}-{hand}",
    )
    for slug in themes:
        theme, _ = Theme.objects.get_or_create(slug=slug, defaults={"name": slug})
        puzzle.themes.add(theme)
    return puzzle


DISCARD_HAND = "123456789m12p35s1z"  # 1-shanten: 1z accepts 20 tiles, every other discard 10
DISCARD_BEST = "1z"
IMPROVE_HAND = "123456789m1p357s"  # 1-shanten
WAITS_HAND = "2345678m456p789s"  # tenpai on a multi-sided wait in characters
SHANTEN_HAND = "123456789m1p35s1z"
