"""A new puzzle's starting rating, read from its own difficulty features.

Pure functions over the stored analysis (see :mod:`puzzles.generation` for its layout): no
Django, no database. Every puzzle starts somewhere between :data:`LOWEST` and :data:`HIGHEST`
according to how much it asks of the solver, so that the rated stream has puzzles at every
rating from the first day instead of five piles (one per difficulty level) broken by id.
Glicko-2 then moves each rating with the attempts it gets.

What makes a puzzle harder, kind by kind:

* *what to discard*: a hand further from tenpai, a runner-up that accepts nearly as many tiles
  (a tie broken by the 2-step figure is the hardest), many discards that keep the shanten,
  a table that must be read (``dead-tiles``) or a seven-pairs shape;
* *which tiles improve*: more improving kinds to find, a hand further from tenpai;
* *what are the waits*: more waits, more kinds of wait shape, one suit;
* *how many shanten*: a higher shanten, and hands where another form (seven pairs) competes.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.exercises.facts import Analysis, DiscardRowJSON

LOWEST = 1000.0
HIGHEST = 2000.0


def _clamp01(value: float) -> float:
    return max(0.0, min(1.0, value))


def _count(row: DiscardRowJSON) -> float:
    return float(row["count"])


def _discard_hardness(analysis: Analysis, themes: set[str]) -> float:
    rows = analysis.get("discards") or []
    if not rows:
        return 0.5
    ranked = sorted(
        rows, key=lambda r: (int(r["shanten"]), -_count(r), -float(r.get("two_step") or 0))
    )
    best = ranked[0]
    same = [r for r in ranked[1:] if int(r["shanten"]) == int(best["shanten"])]
    closeness = 0.0
    if same and _count(best) > 0:
        runner = same[0]
        closeness = _count(runner) / _count(best)
        if closeness >= 1.0:  # a 2-step tiebreak: how close the 2-step figures are
            best_two = float(best.get("two_step") or 0)
            ratio = float(runner.get("two_step") or 0) / best_two if best_two else 0.0
            closeness = 0.85 + 0.15 * _clamp01(ratio)
    keepers = (len(same) + 1) / len(ranked)
    score = 0.40 * _clamp01(closeness) + 0.20 * keepers
    score += 0.10 * min(2, int(best["shanten"])) / 2
    score += 0.15 * ("dead-tiles" in themes) + 0.10 * ("seven-pairs" in themes)
    score += 0.05 * min(1.0, len(best.get("accepted") or []) / 12)
    return score


def _improve_hardness(analysis: Analysis, themes: set[str]) -> float:
    kinds = len(analysis.get("accepted") or analysis.get("answer") or [])
    shanten = int(analysis.get("shanten", 1))
    score = 0.55 * _clamp01((kinds - 2) / 10) + 0.20 * _clamp01(shanten - 1)
    score += 0.15 * ("seven-pairs" in themes) + 0.10 * ("one-suit" in themes)
    return score


def _waits_hardness(analysis: Analysis, themes: set[str]) -> float:
    waits = analysis.get("waits") or []
    shapes = {str(s) for w in waits for s in (w.get("shapes") or [])}
    shapes |= {str(s) for s in analysis.get("wait_shapes") or []}
    score = 0.50 * _clamp01((len(waits) - 1) / 7) + 0.20 * _clamp01((len(shapes) - 1) / 4)
    score += 0.20 * ("one-suit" in themes)
    score += 0.10 * bool(shapes & {"closed", "single", "nobetan"})
    return score


def _shanten_hardness(analysis: Analysis, themes: set[str]) -> float:
    shanten = int(analysis.get("shanten", 0))
    forms = analysis.get("forms") or {}
    standard = int(forms.get("standard", shanten))
    pairs = int(forms.get("seven_pairs", 8))
    score = 0.55 * _clamp01(shanten / 4)
    # Another form within a step of the standard one makes the count easy to get wrong.
    score += 0.25 * _clamp01(1 - abs(pairs - standard) / 3)
    score += 0.20 * ("one-suit" in themes)
    return score


def _value_hardness(analysis: Analysis, themes: set[str]) -> float:
    rows = analysis.get("discards") or []
    if len(rows) < 2 or "ev" not in rows[0]:
        return _discard_hardness(analysis, themes)
    best, second = float(rows[0]["ev"]), float(rows[1]["ev"])
    closeness = second / best if best > 0 else 0.5
    score = 0.45 * _clamp01(closeness) + 0.15 * min(1, int(rows[0]["shanten"]))
    score += 0.20 * ("value-over-speed" in themes) + 0.10 * ("back-off" in themes)
    score += 0.10 * bool(themes & {"furiten-trap", "dead-wait-trap", "riichi-table"})
    return score


_HARDNESS = {
    "discard": _value_hardness,
    "efficiency": _discard_hardness,
    "improve": _improve_hardness,
    "waits": _waits_hardness,
    "shanten": _shanten_hardness,
}


def hardness(kind: str, analysis: Analysis, themes: Iterable[str] = ()) -> float:
    """How much a puzzle asks of the solver, from 0 (plain) to 1 (as hard as they come).

    >>> easy = {"waits": [{"tile": "3m", "count": 3, "shapes": ["two_sided"]}]}
    >>> hard = {"waits": [{"tile": t, "count": 2, "shapes": ["two_sided", "single"]}
    ...                   for t in ("1m", "2m", "4m", "5m", "7m")]}
    >>> hardness("waits", easy) < hardness("waits", hard, ["one-suit"])
    True
    """
    scorer = _HARDNESS.get(kind)
    return _clamp01(scorer(analysis, set(themes))) if scorer else 0.5


def starting_rating(kind: str, analysis: Analysis, themes: Iterable[str] = ()) -> float:
    """A puzzle's first Glicko-2 rating, from :data:`LOWEST` to :data:`HIGHEST` as the square
    root of its :func:`hardness`, rounded to a tenth.

    >>> starting_rating("shanten", {"shanten": 0, "forms": {"standard": 0, "seven_pairs": 6}})
    1000.0
    >>> starting_rating("shanten", {"shanten": 3, "forms": {"standard": 3, "seven_pairs": 3}})
    1813.9
    """
    # Most generated puzzles are plain (a median hardness near 0.25): the square root spreads
    # them around the middle of the band, where a new player starts.
    root = float(hardness(kind, analysis, themes) ** 0.5)  # typeshed: float ** float is Any
    return round(LOWEST + (HIGHEST - LOWEST) * root, 1)
