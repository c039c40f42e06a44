"""Reading a game log in either format and naming the game: its Tenhou id when it has one,
else a digest of its deals, so the same game read twice has the same id.

>>> read_game("nonsense", "x.xml")
Traceback (most recent call last):
...
tutor.engine.gamelog.events.GameLogError: this is not an mjlog (Tenhou XML) game log
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import replace

from .events import Game
from .mjlog import read_mjlog
from .tenhou6 import read_tenhou6

__all__ = ["TENHOU_ID", "deal_digest", "read_game", "read_text"]

TENHOU_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")
"""A Tenhou game id, as in ``2022010102gm-00e1-0000-56853ebc``."""


def read_text(text: str, log_id: str = "") -> Game:
    """Read a game log in either format, chosen by its first character (``{`` for tenhou.net/6
    JSON, anything else mjlog XML); ``log_id`` names it (a tenhou.net/6 ``ref`` wins over it).
    Raises :class:`~tutor.engine.gamelog.events.GameLogError` naming the round and tag."""
    if text.lstrip()[:1] == "{":
        return read_tenhou6(text, log_id=log_id)
    return read_mjlog(text, log_id=log_id)


def deal_digest(game: Game) -> str:
    """An id for a game without a Tenhou id: a digest of every round's deal, the same whatever
    the format or the file name.

    >>> from tutor.engine.gamelog.events import Game, Rules
    >>> deal_digest(Game("", Rules(), ("",) * 4, ()))
    'deal-e4a6a0577479b2b4'
    """
    text = ";".join(
        f"{r.index},{r.honba},{r.dora_indicator},{r.hands}" for r in game.rounds
    ).encode()
    return "deal-" + hashlib.blake2b(text, digest_size=8).hexdigest()


def read_game(text: str, name: str = "") -> Game:
    """Read a game log in either format (:func:`read_text`); the game's id is its Tenhou id
    (the JSON's ``ref``, or found in the file ``name``), else :func:`deal_digest`."""
    found = TENHOU_ID.search(name)
    game = read_text(text, found.group(0) if found else "")
    if not TENHOU_ID.fullmatch(game.log_id):
        game = replace(game, log_id=deal_digest(game))
    return game
