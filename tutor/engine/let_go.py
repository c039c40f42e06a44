"""A win let go: a tsumo on the tile just drawn, or a ron on a tile another player discarded
since one's own last discard, that the rules allowed (the tile completes the hand, it has a
yaku, and a ron is not blocked by furiten at the time it passed).

>>> from tutor.engine.hand import parse_hand
>>> before = parse_hand("23m456p789s11z123p")  # waits on 1m and 4m, no yaku of its own
>>> win_let_go(before, 33, passed=[0]), win_let_go(before, 0)
(None, ('tsumo', 0))
>>> win_let_go(before, 33, passed=[0], riichi=True)
('ron', 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from .furiten import furiten, is_winning_tile
from .hand import Hand
from .tiles import Tile, parse_tile

__all__ = ["before_draw", "win_let_go"]


def before_draw(hand: Hand, drawn: str) -> Hand:
    """The 13 tiles ``hand`` held before it drew ``drawn`` (mpsz notation, ``0p`` a red five).

    >>> from tutor.engine.hand import hand_str, parse_hand
    >>> hand_str(before_draw(parse_hand("123m406p789s11z123p"), "0p"))
    '123m12346p789s11z'
    """
    counts = list(hand.concealed)
    counts[parse_tile(drawn)] -= 1
    red = list(hand.red)
    if drawn[0] == "0":
        red["mps".index(drawn[1])] -= 1
    return Hand.from_counts(counts, melds=hand.melds, red=(red[0], red[1], red[2]), sizes=(13,))


def win_let_go(
    before: Hand,
    drawn: Tile,
    own: Sequence[Tile] = (),
    passed: Sequence[Tile] = (),
    since_riichi: Sequence[Tile] | None = None,
    *,
    riichi: bool = False,
    seat_wind: Tile = 27,
    round_wind: Tile = 27,
) -> tuple[Literal["tsumo", "ron"], Tile] | None:
    """The win ``before`` (13 tiles) let go on its way to discarding: ``("tsumo", drawn)``
    when the tile it drew wins with a yaku, else ``("ron", tile)`` for the first of the tiles
    ``passed`` since its own last discard that it could have won on, not furiten at the time
    (``own`` its discards this hand, ``since_riichi`` the tiles passed since its riichi, or
    ``None`` without one); ``None`` when it let no win go.
    """
    from .scoring.presets import TENHOU
    from .scoring.score import has_yaku

    flags: dict[str, object] = {"riichi": riichi, "seat_wind": seat_wind, "round_wind": round_wind}
    if has_yaku(before, drawn, TENHOU, tsumo=True, **flags):
        return "tsumo", drawn
    for i, tile in enumerate(passed):
        if not is_winning_tile(before, tile):
            continue
        blocked = furiten(before, own, passed[:i], since_riichi).is_furiten
        if not blocked and has_yaku(before, tile, TENHOU, **flags):
            return "ron", tile
    return None
