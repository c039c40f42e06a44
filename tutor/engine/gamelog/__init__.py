"""Read recorded games (Tenhou mjlog XML, tenhou.net/6 JSON) and replay them turn by turn.

:mod:`.events` is the neutral model both readers produce (:mod:`.mjlog`, :mod:`.tenhou6`,
which also writes; :mod:`.read` picks the format and names the game); :mod:`.replay` turns a
game into table states, each player's decisions and the score changes of every round;
:mod:`.cli` is the ``replay`` command.

>>> from tutor.engine.gamelog import GameLogError, load_game, replay_game
>>> issubclass(GameLogError, ValueError)
True
"""

from __future__ import annotations

from .cli import load_game
from .events import Game, GameLogError
from .mjlog import read_mjlog
from .read import read_game
from .replay import Decision, replay_game
from .tenhou6 import read_tenhou6, write_tenhou6

__all__ = [
    "Decision",
    "Game",
    "GameLogError",
    "load_game",
    "read_game",
    "read_mjlog",
    "read_tenhou6",
    "replay_game",
    "write_tenhou6",
]
