"""Defense puzzles from an uploaded game: every position where the player faced one riichi,
found by the replayer (:func:`tutor.engine.defense_puzzle.defense_positions`), kept when its
safest tile stands out (:func:`puzzles.defense.mine`) or its push-or-fold verdict is clear
(:mod:`puzzles.push_fold`).

The staff mining of uploaded logs (:func:`puzzles.services_mining.run_game_log`) calls
:func:`defense_rows` with the discard puzzles and stores both in one transaction
(:func:`puzzles.services.store_rows`).
"""

from __future__ import annotations

from typing import Any

from tutor.engine.defense import DefenseInputError, DefenseState
from tutor.engine.defense_puzzle import defense_positions
from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.replay import Decision

from . import defense, push_fold

PER_GAME = 4
"""The most defense puzzles one uploaded game gives (the shared games' fixture keeps 2)."""


def defense_rows(game: Game, per_game: int = PER_GAME) -> list[dict[str, Any]]:
    """The defense puzzles of a game, as :func:`puzzles.defense.puzzle_fields` lays them out,
    then its push-or-fold puzzles (:func:`puzzles.push_fold.push_fold_rows`), at most
    ``per_game`` of each (raises :class:`~tutor.engine.gamelog.events.GameLogError` like the
    replay)."""
    positions = readable_positions(game)
    rows = defense.mine([record for _d, record in positions], per_game=per_game)
    return rows + push_fold.push_fold_rows(game, per_game, positions)


def readable_positions(game: Game) -> list[tuple[Decision, dict[str, Any]]]:
    """The positions of ``game`` facing one riichi (:func:`defense_positions`) that the danger
    model can read."""
    return [(d, record) for d, record in defense_positions(game) if _readable(record)]


def _readable(record: dict[str, Any]) -> bool:
    """Whether the danger model can read the position (an uploaded log may hold a table the
    replay accepts and the model refuses: such a position is skipped, not the whole game)."""
    try:
        DefenseState.from_json(record)
    except DefenseInputError:
        return False
    return True
