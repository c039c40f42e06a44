"""Defense puzzles from an uploaded game: every position where the player faced one riichi,
found by the replayer (:func:`tutor.engine.defense_puzzle.riichi_positions`), kept when its
safest tile stands out (:func:`puzzles.defense.mine`) or its push-or-fold verdict is clear
(:mod:`puzzles.push_fold`).

The staff mining of uploaded logs (:func:`puzzles.services_mining.run_game_log`) calls
:func:`defense_rows` with the discard puzzles and stores both in one transaction
(:func:`puzzles.services.store_rows`).
"""

from __future__ import annotations

from typing import Any

from tutor.engine.defense import DefenseInputError, DefenseState
from tutor.engine.defense_puzzle import riichi_positions
from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.replay import Decision

from . import defense, push_fold

PER_GAME = 4
"""The most defense puzzles one uploaded game gives (the shared games' fixture keeps 2)."""


def defense_rows(game: Game, per_game: int = PER_GAME) -> list[dict[str, Any]]:
    """The defense puzzles of a game, as :func:`puzzles.defense.puzzle_fields` lays them out
    (and :func:`puzzles.defense.several_fields` against two riichi), then its push-or-fold
    puzzles (:func:`puzzles.push_fold.push_fold_rows`), at most ``per_game`` of each (raises
    :class:`~tutor.engine.gamelog.events.GameLogError` like the replay)."""
    found = readable_riichi_positions(game)
    positions = [(d, records[0]) for d, records in found if len(records) == 1]
    rows = defense.mine([record for _d, record in positions], per_game=per_game)
    several = [records for _d, records in found if len(records) > 1]
    rows += defense.mine_several(several, per_game=1)  # rarer, and the harder read
    return rows + push_fold.push_fold_rows(game, per_game, positions)


def readable_riichi_positions(game: Game) -> list[tuple[Decision, list[dict[str, Any]]]]:
    """The positions of ``game`` facing one riichi or more
    (:func:`tutor.engine.defense_puzzle.riichi_positions`, a record per riichi) that the
    danger model can read."""
    return [
        (d, records)
        for d, records in riichi_positions(game)
        if all(_readable(record) for record in records)
    ]


def readable_positions(game: Game) -> list[tuple[Decision, dict[str, Any]]]:
    """The positions of ``game`` facing exactly one riichi that the danger model can read."""
    return [(d, rs[0]) for d, rs in readable_riichi_positions(game) if len(rs) == 1]


def _readable(record: dict[str, Any]) -> bool:
    """Whether the danger model can read the position (an uploaded log may hold a table the
    replay accepts and the model refuses: such a position is skipped, not the whole game)."""
    try:
        DefenseState.from_json(record)
    except DefenseInputError:
        return False
    return True
