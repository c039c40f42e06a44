"""Read recorded games (Tenhou mjlog XML, tenhou.net/6 JSON) and replay them turn by turn.

:mod:`.events` is the neutral model both readers produce; :mod:`.replay` turns a game into table
states, each player's decisions and the score changes of every round.
"""

from __future__ import annotations

from .events import GameLogError

__all__ = ["GameLogError"]
