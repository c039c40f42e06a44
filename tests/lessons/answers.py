"""The form a learner who knows the answer (or gets it wrong) sends, built from the engine's
answer and the exercise's widget: what a page shows is what these forms pick from."""

from __future__ import annotations

import re

from tutor.engine.tiles import parse_tiles_red, tile_str
from tutor.exercises import Exercise, exercise, with_position
from tutor.exercises.base import DEFAULT_SEED


def widget_values(ex: Exercise, widget=None) -> list[tuple[str, int]]:
    """(input value, tile kind) of each selectable tile in a tiles or palette widget."""
    widget = widget or ex.widget()
    notation = widget.notation
    concealed = re.split(r"[\[({]", notation)[0]  # called sets cannot be picked
    kinds, red = parse_tiles_red(concealed, max_red=(4, 4, 4))
    out = []
    for i, (k, r) in enumerate(zip(kinds, red, strict=True)):
        out.append((str(i) if widget.value == "index" else tile_str(k, red=r), k))
    return out


def _by_kind(ex: Exercise, kinds, widget=None, each_once: bool = True) -> list[str]:
    values = widget_values(ex, widget)
    wanted = list(kinds)
    picked = []
    for value, k in values:
        if k in wanted:
            picked.append(value)
            if each_once:
                wanted.remove(k)
    return picked


def right_form(data: dict, seed: int | None = None) -> dict[str, list[str]]:
    """The right answer's form; for a family exercise, at ``seed`` (the page's ``position``),
    with that position sent along as the page's form sends it."""
    if "family" in data:
        seed = seed or DEFAULT_SEED
        return {**right_form(with_position(data, seed)), "position": [str(seed)]}
    ex = exercise(data)
    answer = ex.solution()
    kind = data["type"]
    if kind == "wall":
        return {"stack": [f"{w}-{s}" for w, s in sorted(answer)]}
    if kind == "pick_tiles":
        return {"tile": [str(i) for i in sorted(answer)]}
    if kind == "pick_group":
        return {"tile": _by_kind(ex, answer)}
    if kind == "complete":
        shape, pair = answer
        form = {"shape": [shape]}
        if pair is not None:
            form["pair"] = _by_kind(ex, [pair], ex.widget().second)
        return form
    if kind in ("waits", "kuikae", "improve") or (kind == "dora" and isinstance(answer, frozenset)):
        return {"tile": _by_kind(ex, sorted(answer))}
    if kind in ("best_discard", "safest_tile", "safest_against_two"):
        return {"tile": _by_kind(ex, [answer])}
    if kind in ("dora", "fu"):
        return {"number": [str(answer)]}
    if kind == "payment":
        return {f"pay_{seat}": [str(amount)] for seat, amount in answer}
    if kind in ("noten", "final_scores"):
        return {f"score_{seat}": [str(amount)] for seat, amount in answer}
    if kind in ("calls", "claim", "yaku", "suji_waits"):
        return {"choice": sorted(answer)}
    if kind in ("furiten", "shanten", "rank_tiles", "push_fold"):
        return {"choice": [str(answer)]}
    raise AssertionError(f"no form for {kind}")


def wrong_form(data: dict) -> dict[str, list[str]]:
    """A plausible wrong answer (never the right one)."""
    if "family" in data:
        form = wrong_form(with_position(data, DEFAULT_SEED))
        return {**form, "position": [str(DEFAULT_SEED)]}
    right = right_form(data)
    kind = data["type"]
    ex = exercise(data)
    if kind == "wall":
        stacks = sorted({f"{w}-{s}" for w in range(4) for s in range(17)} - set(right["stack"]))
        return {"stack": stacks[:1]}
    if kind == "complete":
        return {"shape": ["seven_pairs" if right["shape"] != ["seven_pairs"] else "not_complete"]}
    if "number" in right:
        return {"number": [str(int(right["number"][0]) + 10)]}
    if kind == "payment":
        return {k: [str(int(v[0]) + 100)] for k, v in right.items()}
    if kind in ("noten", "final_scores"):
        return {k: [str(int(v[0]) + 1)] for k, v in right.items()}
    if "choice" in right:
        if len(right["choice"]) > 1:
            return {"choice": right["choice"][:-1]}
        others = [c.value for c in ex.widget().choices if c.value not in right["choice"]]
        return {"choice": others[:1]}
    if len(right["tile"]) > 1:
        return {"tile": right["tile"][:-1]}
    wanted = {k for v, k in widget_values(ex) if v in right["tile"]}
    return {"tile": [v for v, k in widget_values(ex) if k not in wanted][:1]}
