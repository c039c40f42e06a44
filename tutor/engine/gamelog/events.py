"""A neutral model of a recorded game: its rules, players and rounds as plain events.

Both readers (:mod:`.mjlog` for Tenhou's XML, :mod:`.tenhou6` for the tenhou.net/6 JSON) build
these values and :mod:`.replay` consumes them, so a rule of play is written once.

Tiles are physical tiles ``0..135`` (kind ``t // 4``; with red fives on, copy 0 of each five —
16, 52 and 88 — is the red one), seats are absolute ``0..3``. A round holds its starting
position (:class:`Round`) and the events in the order they happened:

* :class:`Draw` — a tile from the wall (after a kan, the replacement tile);
* :class:`Discard` — with ``tsumogiri`` when the tile just drawn is thrown at once;
* :class:`Call` — ``chi``, ``pon``, ``minkan`` (open kan on a discard), ``ankan`` (closed kan)
  or ``kakan`` (a pon upgraded with the fourth tile);
* :class:`Riichi` — step 1 is the declaration (the next discard turns the tile sideways), step 2
  the stick placed once that discard passes;
* :class:`NewDora` — a kan dora indicator turned over;
* :class:`Win` and :class:`RoundDraw` — how the round ended, with the score changes the log
  recorded (the replay recomputes them and compares).

>>> r = Round(index=4, honba=1, riichi_sticks=0, scores=(25000,) * 4, dora_indicator=0,
...           hands=((),) * 4)
>>> r.label, r.dealer, r.round_wind
('S1-1', 0, 28)
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = [
    "GameLogError",
    "read_log_file",
    "Rules",
    "Draw",
    "Discard",
    "Call",
    "Riichi",
    "NewDora",
    "Win",
    "RoundDraw",
    "Event",
    "Round",
    "Game",
    "CallKind",
    "DrawKind",
    "DRAW_KINDS",
]

CallKind = Literal["chi", "pon", "minkan", "ankan", "kakan"]
DrawKind = Literal[
    "exhaustive",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "triple_ron",
    "four_kans",
    "nagashi_mangan",
]
DRAW_KINDS: tuple[DrawKind, ...] = (
    "exhaustive",
    "nine_terminals",
    "four_winds",
    "four_riichi",
    "triple_ron",
    "four_kans",
    "nagashi_mangan",
)
"""Every way a round can end without a win (an abortive draw or the wall running out)."""


GAMELOG_CODES: dict[str, tuple[str, ...]] = {
    "unreadable": (),
    "not_mjlog": (),
    "malformed_tag": (),
    "not_a_tag": (),
    "bad_tag": ("detail",),
    "no_round": (),
    "ends_early": (),
    "no_final_scores": (),
    "dealt_twice": ("tile",),
    "impossible": ("detail",),
    "no_round_end": (),
    "not_json": ("detail",),
    "not_tenhou6": (),
    "three_player": (),
    "bad_round": ("detail",),
}
"""Every :class:`GameLogError` code with the params it carries (``detail`` is the reader's or
the replay's English sentence, for a reader of English)."""


class GameLogError(ValueError):
    """A log that cannot be read or replayed: the message names the round and the event.

    ``code`` (one of :data:`GAMELOG_CODES`) says what is wrong, as data the web layer words in
    the reader's language with ``params``, ``where`` and ``event``; the message is the English.

    >>> error = GameLogError("tile 44 is dealt twice", where="E2-1", event="deal",
    ...                      code="dealt_twice", params={"tile": 44})
    >>> str(error), error.code, error.params
    ('round E2-1, event deal: tile 44 is dealt twice', 'dealt_twice', {'tile': 44})
    """

    def __init__(
        self,
        reason: str,
        *,
        where: str | None = None,
        event: str | None = None,
        code: str = "unreadable",
        params: dict[str, str | int] | None = None,
    ):
        parts = []
        if where:
            parts.append(f"round {where}")
        if event:
            parts.append(f"event {event}")
        prefix = ", ".join(parts)
        super().__init__(f"{prefix}: {reason}" if prefix else reason)
        self.reason = reason
        self.where = where
        self.event = event
        self.code = code
        self.params = dict(params or {})


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule switches a log states: red fives, open tanyao, a full game or East only.

    >>> Rules().aka, Rules().hanchan
    (True, True)
    """

    aka: bool = True
    kuitan: bool = True
    hanchan: bool = True
    game_type: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws ``tile`` (the live wall, or the dead wall after a kan).

    >>> Draw(0, 52)
    Draw(seat=0, tile=52)
    """

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` discards ``tile``; ``tsumogiri`` when it is the tile just drawn.

    >>> Discard(1, 135, tsumogiri=True).tsumogiri
    True
    """

    seat: int
    tile: int
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """A declared set. ``tiles`` are all its tiles (four for a kan).

    ``called_tile`` is the discard taken (for a kakan, the one the pon took; None for an ankan),
    ``from_seat`` whom it came from, ``added_tile`` the fourth tile of a kakan.

    >>> Call(2, "pon", (128, 129, 131), called_tile=131, from_seat=0).is_kan
    False
    """

    seat: int
    kind: CallKind
    tiles: tuple[int, ...]
    called_tile: int | None = None
    from_seat: int | None = None
    added_tile: int | None = None

    @property
    def is_kan(self) -> bool:
        """Whether the call is a kan of any kind (the player then draws a replacement)."""
        return self.kind in ("minkan", "ankan", "kakan")


@dataclass(frozen=True, slots=True)
class Riichi:
    """Step 1: ``seat`` declares riichi; step 2: the declaration tile passed, the stick is down.

    >>> Riichi(3, 1)
    Riichi(seat=3, step=1)
    """

    seat: int
    step: int


@dataclass(frozen=True, slots=True)
class NewDora:
    """A new dora indicator, turned over after a kan.

    >>> NewDora(36).indicator // 4
    9
    """

    indicator: int


@dataclass(frozen=True, slots=True)
class Win:
    """``who`` wins, on ``from_who``'s tile (``from_who == who`` for a tsumo).

    ``deltas`` are the score changes the log recorded (honba and sticks included);
    ``ura_indicators`` the revealed ura dora indicators; ``pao`` the seat that pays for a
    yakuman it fed, if any. ``han``, ``fu`` and ``points`` are what the log says, when it says.

    >>> Win(0, 2, deltas=(3900, 0, -3900, 0)).tsumo
    False
    """

    who: int
    from_who: int
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    ura_indicators: tuple[int, ...] = ()
    pao: int | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None

    @property
    def tsumo(self) -> bool:
        """Whether the winner drew the winning tile."""
        return self.who == self.from_who


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """A round that ends without a win; ``tenpai`` lists the seats that showed a ready hand.

    >>> RoundDraw("exhaustive", deltas=(1500, -1500, 1500, -1500), tenpai=(0, 2)).kind
    'exhaustive'
    """

    kind: DrawKind
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    tenpai: tuple[int, ...] | None = None


Event = Draw | Discard | Call | Riichi | NewDora | Win | RoundDraw

_WINDS = "ESWN"


@dataclass(frozen=True, slots=True)
class Round:
    """One hand of the game: where it starts and what happened.

    ``index`` counts rounds from East 1 (0) as Tenhou does (4 = South 1); ``scores`` are in
    points at the start; ``hands`` are the 13 tiles dealt to each seat.
    """

    index: int
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...] = ()
    dice: tuple[int, int] | None = None

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.index % 4

    @property
    def round_wind(self) -> int:
        """The round wind as a tile kind (East 27 .. North 30)."""
        return 27 + (self.index // 4) % 4

    @property
    def name(self) -> str:
        """``"E1"`` .. ``"S4"``, ``"W1"``...

        >>> Round(9, 0, 0, (0,) * 4, 0, ((),) * 4).name
        'W2'
        """
        return f"{_WINDS[(self.index // 4) % 4]}{self.index % 4 + 1}"

    @property
    def label(self) -> str:
        """The name with the honba count, as errors show it: ``"S3-1"``."""
        return f"{self.name}-{self.honba}"

    def seat_wind(self, seat: int) -> int:
        """A seat's wind as a tile kind: the dealer is East (27).

        >>> Round(1, 0, 0, (0,) * 4, 0, ((),) * 4).seat_wind(0)
        30
        """
        return 27 + (seat - self.dealer) % 4


@dataclass(frozen=True, slots=True)
class Game:
    """A whole recorded game. ``final_scores`` are the log's own end result, in points.

    >>> Game("x", Rules(), ("a", "b", "c", "d"), ()).rounds
    ()
    """

    log_id: str
    rules: Rules
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    final_scores: tuple[int, ...] | None = None


def read_log_file(path: str | Path) -> tuple[str, str]:
    """The text of a log file (gunzipped if it is gzip) and its log id: the name up to its
    first dot.

    >>> read_log_file("/nonexistent/2022010102gm-00e1.xml.gz")
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: cannot read /nonexistent/2022010102gm-00e1.xml.gz: No such file or directory
    """
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise GameLogError(f"cannot read {p}: {exc.strerror}") from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise GameLogError(f"{p} is not a readable gzip file: {exc}") from None
    return data.decode("utf-8", errors="replace"), p.name.split(".")[0]
