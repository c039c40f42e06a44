"""Mining puzzles from recorded games: replay a log, judge each decision by value, keep the clear.

Pure functions over :mod:`tutor.engine` (no Django, no database), like :mod:`.generation`: the
Celery task and the ``mine_puzzles`` command in :mod:`puzzles.services` store what they return.

A decision is worth a puzzle when nobody was in riichi (the player's own discard is then forced;
against an opponent's, the question is push or fold, which the value ranking does not weigh:
Phoenix players agreed with such answers 80 % of the time, against 93 % with nobody in riichi,
on the first 60 shared games; those positions give the defense and push-or-fold puzzles), the
hand was at most :data:`~puzzles.generation.MAX_VALUE_SHANTEN` from tenpai after the best discard,
and the engine's expected-value ranking finds a clear best (see
:func:`puzzles.generation.judge_by_value`). The puzzle keeps the real table, turned so that seat
0 of ``context["discards"]`` is East: every river, every called set, the riichi declarations
and sticks, the dora indicators, the scores, the turn and the tiles left. The analysis keeps
what the player actually did (``played``), shown after the answer.

A puzzle's key is the game, the round, the seat and the turn: mining a game twice stores nothing
new.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.replay import Decision, replay_game
from tutor.engine.shanten import shanten
from tutor.engine.value import decision_from_json
from tutor.exercises.kinds import Kind

from .generation import MAX_VALUE_SHANTEN, Generated, Rejected, judge_by_value

MAX_LOG_BYTES = 512 * 1024
"""The largest game log accepted (a full hanchan in mjlog XML is about 20 kB)."""


def game_key(d: Decision) -> str:
    """The unique key of a mined puzzle: ``game:<log>:<round>:<seat>:<turn>``.

    >>> game_key(Decision("2022-abc", "E1", 3, 0, 0, 2, 0, 7, "1m", (), ("1z",), "1z", "3z", "",
    ...     (), (), "1m", False, True, False, False, "1m", (25000,) * 4, 40, ((),) * 4, ((),) * 4))
    'game:2022-abc:3:2:7'
    """
    return f"game:{d.log_id}:{d.round_seq}:{d.seat}:{d.turn}"


def table_context(d: Decision) -> dict[str, Any]:
    """The real table of a decision as ``Puzzle.context`` (seats counted from East)."""
    turned = [(d.dealer + i) % 4 for i in range(4)]  # the seats from East (the dealer)
    return {
        "seat": (d.seat - d.dealer) % 4,
        "seat_wind": d.seat_wind,
        "round_wind": d.round_wind,
        "round": d.round,
        "honba": d.honba,
        "riichi_sticks": d.riichi_sticks,
        "turn": d.turn,
        "tiles_left": d.tiles_left,
        "dora_indicator": d.dora_indicators[0] if d.dora_indicators else "",
        "dora_indicators": list(d.dora_indicators),
        "discards": ["".join(entry[0] for entry in d.rivers[p]) for p in turned],
        "riichi_at": [
            next((i for i, entry in enumerate(d.rivers[p]) if entry[2]), None) for p in turned
        ],
        "called_at": [[i for i, entry in enumerate(d.rivers[p]) if entry[3]] for p in turned],
        "melds": [list(d.all_melds[p]) for p in turned],
        "riichi": sorted((p - d.dealer) % 4 for p in d.riichi),
        "scores": [d.scores[p] for p in turned],
        "own_melds": list(d.melds),
    }


def mine_decision(d: Decision) -> Generated | Rejected:
    """Judge one decision by value; a clear one becomes a ``discard`` puzzle of that table.

    The stored analysis adds ``played`` (the discard the player made, ``0`` for a red five),
    ``riichi_declared`` and ``agrees`` (whether it is the engine's answer).
    """
    if d.seat in d.riichi:
        return Rejected("already in riichi")
    if d.riichi:
        return Rejected("an opponent is in riichi")
    hand, table = decision_from_json(d.as_json())
    if shanten(hand.concealed, len(hand.melds)) > MAX_VALUE_SHANTEN:
        return Rejected("too far from tenpai")
    judged = judge_by_value(hand, table)
    if isinstance(judged, Rejected):
        return judged
    analysis = judged.analysis.copy()
    analysis["played"] = "0" + d.discard[1] if d.discard_red else d.discard
    analysis["riichi_declared"] = d.declared_riichi
    analysis["agrees"] = d.discard == analysis["answer"]
    themes = tuple(sorted({*judged.themes, "real-game"}))
    return Generated(
        Kind.DISCARD, d.hand, table_context(d), analysis, themes, judged.difficulty, game_key(d), 0
    )


@dataclass
class MinedGame:
    """What :func:`mine_game` found in one game: how many decisions, and its puzzles."""

    log_id: str
    decisions: int = 0
    puzzles: list[tuple[Decision, Generated]] = field(default_factory=list)


def mine_game(game: Game) -> MinedGame:
    """Replay ``game`` and judge every decision (:func:`mine_decision`).

    Raises :class:`~tutor.engine.gamelog.events.GameLogError` (naming the round and the event)
    when the log contradicts itself; nothing is mined from such a game.
    """
    decisions = replay_game(game).decisions
    out = MinedGame(game.log_id, decisions=len(decisions))
    for d in decisions:
        try:
            result = mine_decision(d)
        except ValueError:  # a position the engine refuses: skip it, mine the rest
            continue
        if not isinstance(result, Rejected):
            out.puzzles.append((d, result))
    return out
