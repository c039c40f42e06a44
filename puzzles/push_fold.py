"""Push-or-fold puzzles from real games: an opponent declared riichi, do you push (throw the
tile best for your own hand) or fold (throw the safest tile)? Mined from the first decision of
each player facing each riichi (:func:`tutor.engine.push_fold.first_positions`), kept where the
engine's rule finds the verdict clear (:func:`tutor.engine.push_fold.clear_answer`), with the
table shown as the defense puzzles show it (:func:`puzzles.defense.source_fields`).

The staff mining of uploaded logs calls :func:`push_fold_rows` with the defense puzzles
(:func:`puzzles.defense_mining.defense_rows`); ``manage.py mine_push_fold`` writes the fixture of
the shared Phoenix games."""

from __future__ import annotations

import zlib
from typing import Any

from django.utils.translation import gettext as _

from tutor.engine import defense as ed
from tutor.engine import push_fold as pf
from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.replay import Decision
from tutor.exercises import facts
from tutor.web.defense_text import percent_text
from tutor.web.engine_text import tile_text
from tutor.web.push_fold_text import points_text, shanten_text

from . import defense
from .defense import position_key, source_fields

THEMES = ["push-fold", "real-game", "riichi-table"]
"""The themes every push-or-fold puzzle carries."""

RATING = {"push": 1750.0, "fold": 1650.0}
"""Starting ratings: puzzles for stronger players, a clear push rated a little harder than a
clear fold (the reasons to push are more than one tile's danger)."""


def puzzle_fields(
    decision: Decision, record: dict[str, Any], won: bool, choice: pf.PushFold | None = None
) -> dict[str, Any] | None:
    """A push-or-fold puzzle's stored fields from one position facing a riichi, or ``None``
    when it does not make one: a hand (with its called sets, if any) whose verdict the
    engine's rule finds clear. ``won`` says whether the player won the round; ``choice``, when
    given, is the position's verdict already computed."""
    if record.get("declaring_riichi"):
        return None
    state = ed.DefenseState.from_json(record)
    choice = choice or pf.judge_position(decision, record)
    is_leading = pf.leading(record["scores"], record["decider"], decision.dealer)
    answer = pf.clear_answer(choice, is_leading=is_leading)
    if answer is None:
        return None
    tiles = [choice.push.tile, choice.fold.tile]
    rating = RATING[answer]
    fields = source_fields(record, state)
    fields["context"]["push_tile"] = choice.push.tile_str
    fields["context"]["fold_tile"] = choice.fold.tile_str
    doc = {
        **choice.as_json(),
        "reasons": [r.as_json() for r in pf.reasons(choice)],
        "leading": is_leading,
    }
    return {
        "kind": "push_fold",
        **fields,
        "analysis": facts.to_json(
            {
                "answer": answer,
                "push_fold": doc,
                "danger": [r.as_json() for r in ed.assess(state, tiles)],
                "played": str(record["discard"]),
                "did": pf.what_they_did(choice, str(record["discard"])),
                "dealt_in": bool(record.get("dealt_in")),
                "won": won,
                "riichi_waits": record.get("waits") or [],
                "difficulty": int((rating - 1500) / 200 + 3),
            }
        ),
        "difficulty": int((rating - 1500) / 200 + 3),
        "rating": rating,
        "canonical_key": f"push_fold:{position_key(record)}",
        "themes": THEMES,
    }


def push_fold_rows(
    game: Game,
    per_game: int | None = None,
    positions: list[tuple[Decision, dict[str, Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The push-or-fold puzzles of a game, at most ``per_game`` (the pushes first: clear pushes
    are rarer than clear folds), from its ``positions`` facing one riichi when the caller has
    them (raises :class:`~tutor.engine.gamelog.events.GameLogError` like the replay); a
    position the danger model cannot read is skipped."""
    rows: list[dict[str, Any]] = []
    for d, record in pf.first_positions(game, positions):
        try:
            row = puzzle_fields(d, record, pf.won_round(game, record))
        except ed.DefenseInputError:
            continue
        if row is not None:
            rows.append(row)
    rows.sort(key=lambda row: row["analysis"]["answer"] != "push")
    return rows if per_game is None else rows[:per_game]


def balanced(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` with as many folds as pushes, so that neither answer can be guessed: the
    commoner answer's rows kept in a fixed order that does not follow the games' (the CRC-32
    of their keys), as many as the rarer answer has, the rest in their order.

    >>> rows = [{"canonical_key": k, "analysis": {"answer": a}}
    ...         for k, a in [("a", "fold"), ("b", "push"), ("c", "fold"), ("d", "fold")]]
    >>> [(r["canonical_key"], r["analysis"]["answer"]) for r in balanced(rows)]
    [('b', 'push'), ('c', 'fold')]
    >>> flipped = [{**r, "analysis": {"answer": {"push": "fold", "fold": "push"}[a]}}
    ...            for r, a in zip(rows, ["fold", "push", "fold", "fold"])]
    >>> [(r["canonical_key"], r["analysis"]["answer"]) for r in balanced(flipped)]
    [('b', 'fold'), ('c', 'push')]
    """
    by_answer = {
        answer: sorted(
            (row for row in rows if row["analysis"]["answer"] == answer),
            key=lambda row: zlib.crc32(row["canonical_key"].encode()),
        )
        for answer in ("push", "fold")
    }
    size = min(len(kept) for kept in by_answer.values())
    kept = {row["canonical_key"] for answer in by_answer.values() for row in answer[:size]}
    return [row for row in rows if row["canonical_key"] in kept]


def choices(puzzle: Any) -> list[tuple[str, str, str]]:
    """The two answers of a push-or-fold puzzle before it is answered, with the tile each
    throws (from the stored context; empty for another kind of puzzle)."""
    context = puzzle.context or {}
    if puzzle.kind != "push_fold" or not context.get("push_tile"):
        return []
    return [
        ("push", _("Push: discard"), str(context["push_tile"])),
        ("fold", _("Fold: discard"), str(context["fold_tile"])),
    ]


def option_rows(puzzle: Any, answer: list[str]) -> list[dict[str, Any]]:
    """The two options after the answer, the better first: what each throws, its shape, win
    chance, chance of dealing in over the hand and worth in points, marking the right answer,
    the learner's and what the Phoenix player did."""
    analysis = puzzle.analysis or {}
    doc = analysis.get("push_fold") or {}
    right = analysis.get("answer")
    rows = [
        {
            "name": name,
            "label": _("Push") if name == "push" else _("Fold"),
            "tile": option["tile"],
            "shanten": shanten_text(int(option["shanten"])),
            "win": percent_text(float(option["win_rate"])),
            "risk": percent_text(float(option["risk"])),
            "value": points_text(float(option["value"])),
            "best": name == right,
            "chosen": name in answer,
            "played": name == analysis.get("did"),
        }
        for name in ("push", "fold")
        if (option := doc.get(name))
    ]
    return sorted(rows, key=lambda r: not r["best"])


def danger_rows(puzzle: Any, answer: list[str]) -> list[dict[str, Any]]:
    """The danger of the push tile and of the fold tile with their reasons
    (:func:`puzzles.defense.feedback_rows`), each named by its option, marking the learner's."""
    analysis = puzzle.analysis or {}
    doc = analysis.get("push_fold") or {}
    tile = {name: (doc.get(name) or {}).get("tile") for name in ("push", "fold")}
    rows = defense.feedback_rows(
        puzzle, [t for name, t in tile.items() if name in answer and t], best=""
    )
    labels = {tile["push"]: _("Push"), tile["fold"]: _("Fold")}
    for row in rows:
        row["option"] = labels.get(row["tile"], "")
    return rows


def played_words(puzzle: Any) -> str:
    """What the Phoenix player did: pushed, folded or neither, and with which tile."""
    analysis = puzzle.analysis or {}
    did, played = analysis.get("did"), analysis.get("played")
    if not played:
        return ""
    tile = tile_text(str(played))
    if did == "push":
        return _("The Phoenix player pushed: they threw %(tile)s.") % {"tile": tile}
    if did == "fold":
        return _("The Phoenix player folded: they threw %(tile)s.") % {"tile": tile}
    return _("The Phoenix player threw %(tile)s, neither the push nor the fold tile.") % {
        "tile": tile
    }


def outcome_words(puzzle: Any) -> str:
    """Whether the Phoenix player's discard dealt in (and what the riichi waited on), and
    whether they went on to win the hand."""
    text = defense.dealt_in_words(puzzle)
    if (puzzle.analysis or {}).get("won"):
        text += " " + _("They went on to win the hand.")
    return text.strip()
