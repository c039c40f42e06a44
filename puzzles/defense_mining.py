"""Defense puzzles from an uploaded game: every position where the player faced one riichi,
found by the replayer (:func:`tutor.engine.defense_puzzle.defense_positions`), kept when its
safest tile stands out (:func:`puzzles.defense.mine`) or its push-or-fold verdict is clear
(:mod:`puzzles.push_fold`), and stored idempotently.

The staff mining of uploaded logs (:func:`puzzles.services_mining.run_game_log`) calls
:func:`defense_rows` with the discard puzzles and stores both in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from tutor.engine.defense import DefenseInputError, DefenseState
from tutor.engine.defense_puzzle import defense_positions
from tutor.engine.gamelog.events import Game

from . import defense, push_fold
from .models import Puzzle
from .services import store_new

PER_GAME = 4
"""The most defense puzzles one uploaded game gives (the shared games' fixture keeps 2)."""


def defense_rows(game: Game, per_game: int = PER_GAME) -> list[dict[str, Any]]:
    """The defense puzzles of a game, as :func:`puzzles.defense.puzzle_fields` lays them out,
    then its push-or-fold puzzles (:func:`puzzles.push_fold.push_fold_rows`), at most
    ``per_game`` of each (raises :class:`~tutor.engine.gamelog.events.GameLogError` like the
    replay)."""
    positions = [(d, record) for d, record in defense_positions(game) if _readable(record)]
    rows = defense.mine([record for _d, record in positions], per_game=per_game)
    return rows + push_fold.push_fold_rows(game, per_game, positions)


def _readable(record: dict[str, Any]) -> bool:
    """Whether the danger model can read the position (an uploaded log may hold a table the
    replay accepts and the model refuses: such a position is skipped, not the whole game)."""
    try:
        DefenseState.from_json(record)
    except DefenseInputError:
        return False
    return True


def store_defense_rows(rows: Iterable[dict[str, Any]], job_id: int | None = None) -> int:
    """Store the puzzles not stored yet (by canonical key) with their themes; returns how many
    were new. Runs inside the caller's transaction, or its own."""
    rows = list(rows)
    if not rows:
        return 0
    with transaction.atomic():
        stored = store_new(
            [
                Puzzle(
                    kind=r["kind"],
                    hand=r["hand"],
                    context=r["context"],
                    analysis=r["analysis"],
                    difficulty=r["difficulty"],
                    rating=r["rating"],
                    canonical_key=r["canonical_key"],
                    source_log=r["source_log"],
                    source_round=r["source_round"],
                    source_seat=r["source_seat"],
                    source_turn=r["source_turn"],
                    mining_job_id=job_id,
                )
                for r in rows
            ],
            {r["canonical_key"]: r["themes"] for r in rows},
        )
    return len(stored)
