"""Replay a recorded game: table states, each player's decisions, and every round's result.

:func:`replay_game` walks the events of every round, checking each one against the table (a
discard must be in the hand, a call must take the last discard, the wall must not run dry...),
and gives back

* the **decisions**: each time a player discards after a draw or after a chi or pon, what they
  held and saw, and what they threw (:class:`Decision`, one JSON line of ``replay``);
* the **results**: every win scored again by :mod:`tutor.engine.scoring` from the replayed hand
  and situation (riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou are derived
  from the events), every exhaustive draw's noten payments computed from the replayed hands,
  and the scores carried from round to round, so they can be compared with the log's own.

A log that contradicts itself raises :class:`.GameLogError` naming the round and the event.

>>> from tutor.engine.gamelog.mjlog import read_mjlog
>>> xml = ('<mjloggm><GO type="169"/><INIT seed="0,0,0,1,1,125" ten="250,250,250,250" oya="0" '
...        'hai0="0,4,8,36,40,44,72,76,80,108,109,112,113" '
...        'hai1="1,5,9,37,41,45,73,77,81,110,116,117,118" '
...        'hai2="2,6,10,38,42,46,74,78,82,111,115,119,120" '
...        'hai3="3,7,11,39,43,47,75,79,83,121,122,123,124"/>'
...        '<T126/><D126/><U12/><E12/><V13/><F13/><W14/><G14/><T114/>'
...        '<AGARI ba="0,0" hai="0,4,8,36,40,44,72,76,80,108,109,112,113,114" machi="114" '
...        'ten="40,12000,1" who="0" fromWho="0" sc="250,120,250,-40,250,-40,250,-40" '
...        'owari="370,0,210,0,210,0,210,0"/></mjloggm>')
>>> out = replay_game(read_mjlog(xml, "demo"))
>>> d = out.decisions[0]
>>> d.hand, d.discard, d.tsumogiri
('123m123p123s11225z', '5z', True)
>>> out.results[0].deltas, out.results[0].recorded
((12000, -4000, -4000, -4000), (12000, -4000, -4000, -4000))
>>> [y.name for y in out.results[0].wins[0][2].yaku]
['Menzen Tsumo', 'Chanta', 'Sanshoku Doujun']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from ..hand import Meld, MeldKind, meld_str
from ..scoring import score
from ..scoring.presets import TENHOU, RulePreset
from ..scoring.score import ScoreResult
from ..scoring.situation import CalledSet, ScoringError, Situation
from ..shanten import shanten
from ..tiles import RED_FIVES_136
from ..waits import waits
from .events import (
    Call,
    Discard,
    Draw,
    Event,
    Game,
    GameLogError,
    NewDora,
    Riichi,
    Round,
    RoundDraw,
    Win,
)

__all__ = [
    "Decision",
    "RoundResult",
    "GameReplay",
    "Table",
    "replay_game",
    "iter_decisions",
    "tile_code",
    "tiles_code",
]

LIVE_WALL = 70
"""Tiles drawn in a round at most: 136, less 14 in the dead wall and 52 dealt."""

_MELD_KIND = {
    "chi": MeldKind.CHI,
    "pon": MeldKind.PON,
    "minkan": MeldKind.OPEN_KAN,
    "ankan": MeldKind.CLOSED_KAN,
    "kakan": MeldKind.ADDED_KAN,
}


@lru_cache(maxsize=272)
def _code(tile: int, aka: bool) -> str:
    kind = tile // 4
    if aka and tile in RED_FIVES_136:
        return f"0{'mps'[kind // 9]}"
    if kind >= 27:
        return f"{kind - 26}z"
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def tile_code(tile: int, aka: bool = True) -> str:
    """The notation of a physical tile; with red fives on, ``0`` marks the red one.

    >>> tile_code(16), tile_code(17), tile_code(16, aka=False), tile_code(135)
    ('0m', '5m', '5m', '7z')
    """
    return _code(tile, aka)


def tiles_code(tiles: list[int] | tuple[int, ...], aka: bool = True) -> str:
    """Sorted notation of physical tiles, red fives as ``0`` (first among the fives).

    >>> tiles_code([17, 16, 0, 135])
    '105m7z'
    >>> tiles_code([16, 17], aka=False)
    '55m'
    """
    counts = [0] * 37
    for t in tiles:
        counts[_slot(t, aka)] += 1
    return _counts_code(counts)


def _slot(tile: int, aka: bool) -> int:
    """Index in a 37-count list: the 34 kinds, then the red fives of m, p and s."""
    if aka and (tile == 16 or tile == 52 or tile == 88):
        return 34 + tile // 36
    return tile >> 2


def _counts_code(counts: list[int]) -> str:
    parts: list[str] = []
    for suit in range(3):
        b = suit * 9
        body = (
            "1" * counts[b] + "2" * counts[b + 1] + "3" * counts[b + 2] + "4" * counts[b + 3]
            + "0" * counts[34 + suit] + "5" * counts[b + 4] + "6" * counts[b + 5]
            + "7" * counts[b + 6] + "8" * counts[b + 7] + "9" * counts[b + 8]
        )  # fmt: skip
        if body:
            parts.append(body + "mps"[suit])
    body = (
        "1" * counts[27] + "2" * counts[28] + "3" * counts[29] + "4" * counts[30]
        + "5" * counts[31] + "6" * counts[32] + "7" * counts[33]
    )  # fmt: skip
    if body:
        parts.append(body + "z")
    return "".join(parts)


def _meld(call: Call, aka: bool) -> Meld:
    tiles = tuple(t // 4 for t in call.tiles)
    red = tuple(aka and t in RED_FIVES_136 for t in call.tiles)
    called = call.called_tile // 4 if call.called_tile is not None else None
    source = (call.from_seat - call.seat) % 4 if call.from_seat is not None else None
    if call.kind == "ankan":
        called = source = None
    return Meld(_MELD_KIND[call.kind], tiles, called=called, source=source, red=red)


RiverEntry = tuple[str, bool, bool, bool]
"""A river tile as ``(tile, tsumogiri, riichi, called)``: thrown just drawn, turned sideways
for riichi, taken by a call."""


class Decision(NamedTuple):
    """One own-turn discard and everything the player could see when making it.

    ``hand`` is the concealed hand before the discard (notation, red fives ``0``); ``melds``
    the player's called sets (notation :func:`~tutor.engine.hand.parse_hand` accepts);
    ``seen`` every tile in view other than the concealed hand (all rivers, called tiles
    included once, all sets, the dora indicators); ``passed`` the tiles others discarded since
    the player's own last discard (a winning tile among them makes the player furiten until
    they discard); ``discard`` the kind thrown (``5p``, with
    ``discard_red`` for a red five); ``riichi`` the seats already in riichi; ``scores`` the
    points now (riichi sticks placed this round already taken off); ``tiles_left`` the tiles
    still to draw from the live wall; ``rivers`` and ``all_melds`` every seat's discards (with
    their flags) and called sets. A named tuple:
    immutable, and cheap to build by the hundred thousand.
    """

    log_id: str
    round: str
    round_seq: int
    honba: int
    riichi_sticks: int
    seat: int
    dealer: int
    turn: int
    hand: str
    melds: tuple[str, ...]
    dora_indicators: tuple[str, ...]
    round_wind: str
    seat_wind: str
    seen: str
    own_discards: tuple[str, ...]
    riichi: tuple[int, ...]
    discard: str
    discard_red: bool
    tsumogiri: bool
    declared_riichi: bool
    after_call: bool
    drawn: str | None
    scores: tuple[int, ...]
    tiles_left: int
    rivers: tuple[tuple[RiverEntry, ...], ...]
    all_melds: tuple[tuple[str, ...], ...]
    passed: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The JSON object of one ``replay`` line.

        >>> d = Decision("x", "E1", 0, 0, 0, 0, 0, 1, "1m", (), ("1z",), "1z", "1z", "", (),
        ...              (), "1m", False, True, False, False, "1m", (25000,) * 4, 69, ((),) * 4,
        ...              ((),) * 4)
        >>> d.as_json()["discard"], d.as_json()["melds"]
        ('1m', [])
        """
        return {
            "log_id": self.log_id,
            "round": self.round,
            "round_seq": self.round_seq,
            "honba": self.honba,
            "riichi_sticks": self.riichi_sticks,
            "seat": self.seat,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand": self.hand,
            "melds": list(self.melds),
            "dora_indicators": list(self.dora_indicators),
            "round_wind": self.round_wind,
            "seat_wind": self.seat_wind,
            "seen": self.seen,
            "own_discards": list(self.own_discards),
            "passed": list(self.passed),
            "riichi": list(self.riichi),
            "discard": self.discard,
            "discard_red": self.discard_red,
            "tsumogiri": self.tsumogiri,
            "declared_riichi": self.declared_riichi,
            "after_call": self.after_call,
            "drawn": self.drawn,
            "scores": list(self.scores),
            "tiles_left": self.tiles_left,
            "rivers": [_river_json(river) for river in self.rivers],
            "all_melds": [list(m) for m in self.all_melds],
        }


def _river_json(river: tuple[RiverEntry, ...]) -> dict[str, Any]:
    """A river in JSON: its tiles, and the places (from 0) thrown just drawn, turned for
    riichi, and taken by a call.

    >>> river = (("1z", False, False, False), ("9m", True, True, False), ("5p", False, False, True))
    >>> _river_json(river)
    {'tiles': ['1z', '9m', '5p'], 'tsumogiri': [1], 'riichi': 1, 'called': [2]}
    """
    return {
        "tiles": [e[0] for e in river],
        "tsumogiri": [i for i, e in enumerate(river) if e[1]],
        "riichi": next((i for i, e in enumerate(river) if e[2]), None),
        "called": [i for i, e in enumerate(river) if e[3]],
    }


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended, with the score changes recomputed and the ones the log recorded.

    ``kind`` is ``"win"`` or a :data:`.events.DRAW_KINDS` value; ``tenpai`` the seats the
    replay finds ready at an exhaustive draw; ``wins`` the scored hands, in the log's order;
    ``scores`` the points after the round (riichi sticks already deducted).
    """

    round: str
    round_seq: int
    kind: str
    deltas: tuple[int, ...]
    recorded: tuple[int, ...]
    tenpai: tuple[int, ...]
    shown_tenpai: tuple[int, ...] | None
    wins: tuple[tuple[int, int, ScoreResult], ...]
    scores: tuple[int, ...]
    riichi_sticks: int


@dataclass(frozen=True, slots=True)
class GameReplay:
    """A replayed game: decisions, per-round results, and the final scores it arrives at."""

    decisions: tuple[Decision, ...]
    results: tuple[RoundResult, ...]
    final_scores: tuple[int, ...]
    start_mismatches: tuple[str, ...] = field(default=())


def _describe(event: Event, index: int, aka: bool) -> str:
    try:
        text = _event_text(event, aka)
    except (ValueError, IndexError):
        text = repr(event)
    return f"#{index + 1} ({text})"


def _event_text(event: Event, aka: bool) -> str:
    if isinstance(event, Draw):
        text = f"draw {tile_code(event.tile, aka)} by seat {event.seat}"
    elif isinstance(event, Discard):
        text = f"discard {tile_code(event.tile, aka)} by seat {event.seat}"
    elif isinstance(event, Call):
        text = f"{event.kind} {tiles_code(event.tiles, aka)} by seat {event.seat}"
    elif isinstance(event, Riichi):
        text = f"riichi step {event.step} by seat {event.seat}"
    elif isinstance(event, NewDora):
        text = f"new dora indicator {tile_code(event.indicator, aka)}"
    elif isinstance(event, Win):
        text = f"win by seat {event.who} from seat {event.from_who}"
    else:
        text = f"{event.kind} draw"
    return text


class Table:
    """The table during one round, as the replay holds it; ``step`` applies one event.

    An observer given to :func:`replay_game` sees it before every discard, hidden tiles
    included (for labels such as an opponent's waits): ``hands`` (each seat's concealed
    physical tiles), ``melds`` (each seat's :class:`.Call` values), ``rivers`` (with
    ``river_tiles``, the same discards as physical tiles),
    ``in_riichi``, ``dora``, ``tiles_left``, ``scores``, ``round`` and ``position`` (the index
    of the event about to be applied in ``round.events``).
    """

    def __init__(
        self,
        game: Game,
        seq: int,
        rnd: Round,
        scores: list[int],
        sticks: int,
        rules: RulePreset,
        want_decisions: bool,
    ) -> None:
        self.game = game
        self.seq = seq
        self.rnd = rnd
        self.round = rnd
        self.position = 0
        self.observer: Callable[[Table, Decision], None] | None = None
        self.aka = game.rules.aka
        self.rules = rules
        self.want = want_decisions
        self.scores = scores
        self.sticks = sticks
        self.hands: list[list[int]] = [list(h) for h in rnd.hands]
        self.melds: list[list[Call]] = [[], [], [], []]
        self.meld_text: list[list[str]] = [[], [], [], []]
        self.rivers: list[list[RiverEntry]] = [[], [], [], []]
        self.river_tiles: list[list[int]] = [[], [], [], []]
        self.passed: list[list[str]] = [[], [], [], []]
        self.dora: list[int] = [rnd.dora_indicator]
        self.dora_codes: list[str] = [tile_code(rnd.dora_indicator, self.aka)]
        self.visible = [0] * 37
        self.visible[_slot(rnd.dora_indicator, self.aka)] += 1
        self.used: set[int] = {rnd.dora_indicator}
        for h in rnd.hands:
            for t in h:
                if t in self.used:
                    raise GameLogError(
                        f"tile {t} is dealt twice",
                        where=rnd.label,
                        event="deal",
                        code="dealt_twice",
                        params={"tile": t},
                    )
                self.used.add(t)
        self.tiles_left = LIVE_WALL
        self.declared = [False] * 4  # step 1 seen, declaration discard not yet made
        self.in_riichi = [False] * 4  # the declaration discard was made
        self.double = [False] * 4
        self.ippatsu = [False] * 4
        self.interrupted = False
        self.kakan_pending = False
        self.rinshan_next = False
        self.last_draw: list[int | None] = [None] * 4
        self.last_draw_rinshan = False
        self.after_call: list[bool] = [False] * 4
        self.last_discard: tuple[int, int] | None = None
        self.last_kakan: tuple[int, int] | None = None
        self.last_ankan: tuple[int, int] | None = None
        self.last_action = -1
        self.decisions: list[Decision] = []
        self.wins: list[tuple[int, int, ScoreResult]] = []
        self.win_deltas = [0, 0, 0, 0]
        self.recorded = [0, 0, 0, 0]
        self.ended: str | None = None
        self.tenpai: tuple[int, ...] = ()
        self.shown: tuple[int, ...] | None = None

    # --- helpers -----------------------------------------------------------------------------

    def _take(self, seat: int, tile: int) -> None:
        try:
            self.hands[seat].remove(tile)
        except ValueError:
            raise ValueError(
                f"seat {seat} does not hold {tile_code(tile, self.aka)} (tile {tile})"
            ) from None

    def _size_ok(self, seat: int, after_draw: bool) -> bool:
        return len(self.hands[seat]) % 3 == (2 if after_draw else 1)

    # --- events ------------------------------------------------------------------------------

    def step(self, event: Event) -> None:
        if self.ended is not None and not (isinstance(event, Win) and self.ended == "win"):
            raise ValueError("an event after the end of the round")
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Call):
            self._call(event)
        elif isinstance(event, Riichi):
            self._riichi(event)
        elif isinstance(event, NewDora):
            self._new_dora(event)
        elif isinstance(event, Win):
            self._win(event)
        else:
            self._round_draw(event)

    def _draw(self, ev: Draw) -> None:
        s = ev.seat
        if not 0 <= ev.tile < 136:
            raise ValueError(f"{ev.tile} is not a tile")
        if not self._size_ok(s, after_draw=False):
            raise ValueError(f"seat {s} draws while holding {len(self.hands[s])} tiles")
        if self.tiles_left <= 0:
            raise ValueError("the live wall is empty: no tile is left to draw")
        if ev.tile in self.used:
            raise ValueError(f"tile {ev.tile} ({tile_code(ev.tile, self.aka)}) is already in play")
        self.used.add(ev.tile)
        self.tiles_left -= 1
        self.hands[s].append(ev.tile)
        self.last_draw = [None] * 4
        self.last_draw[s] = ev.tile
        self.last_draw_rinshan = self.rinshan_next
        self.rinshan_next = False
        if self.kakan_pending:  # the added kan was not robbed: it breaks ippatsu now
            self.ippatsu = [False] * 4
            self.kakan_pending = False
        self.after_call[s] = False
        self.last_action = s
        self.last_kakan = self.last_ankan = None

    def _discard(self, ev: Discard) -> None:
        s = ev.seat
        if not self._size_ok(s, after_draw=True):
            raise ValueError(f"seat {s} discards while holding {len(self.hands[s])} tiles")
        if ev.tsumogiri and self.last_draw[s] != ev.tile:
            raise ValueError("a tsumogiri must throw the tile just drawn")
        if self.in_riichi[s] and self.last_draw[s] != ev.tile:
            raise ValueError(f"seat {s} is in riichi and must discard the tile drawn")
        if self.want:
            decision = self._decision(ev)
            self.decisions.append(decision)
            if self.observer is not None:
                self.observer(self, decision)
        self._take(s, ev.tile)
        declaring = self.declared[s] and not self.in_riichi[s]
        self.rivers[s].append(
            (tile_code(ev.tile, self.aka), self.last_draw[s] == ev.tile, declaring, False)
        )
        self.river_tiles[s].append(ev.tile)
        code = self.rivers[s][-1][0]
        for p in range(4):
            if p != s:
                self.passed[p].append(code)
        self.passed[s] = []
        self.visible[_slot(ev.tile, self.aka)] += 1
        if self.ippatsu[s]:
            self.ippatsu[s] = False
        if declaring:
            self.in_riichi[s] = True
            self.ippatsu[s] = True
            self.double[s] = not self.interrupted and len(self.rivers[s]) == 1
        self.last_discard = (s, ev.tile)
        self.last_draw = [None] * 4
        self.last_action = s
        self.last_kakan = self.last_ankan = None

    def _call(self, ev: Call) -> None:
        s = ev.seat
        kind = ev.kind
        if any(not 0 <= t < 136 for t in ev.tiles):
            raise ValueError("a called set holds a tile that does not exist")
        if kind in ("chi", "pon", "minkan"):
            if self.last_discard is None or self.last_action != self.last_discard[0]:
                raise ValueError(f"a {kind} needs a discard to call")
            frm, tile = self.last_discard
            if ev.called_tile != tile or ev.from_seat != frm:
                raise ValueError(
                    f"the {kind} takes {tile_code(ev.called_tile or 0, self.aka)} from seat "
                    f"{ev.from_seat}, but the last discard is {tile_code(tile, self.aka)} "
                    f"from seat {frm}"
                )
            if frm == s:
                raise ValueError("a player cannot call their own discard")
            if kind == "chi" and frm != (s + 3) % 4:
                raise ValueError("chi is only called from the player on the left")
            if self.in_riichi[s]:
                raise ValueError(f"seat {s} is in riichi and cannot {kind}")
            if not self._size_ok(s, after_draw=False):
                raise ValueError(f"seat {s} calls while holding {len(self.hands[s])} tiles")
            for t in ev.tiles:
                if t != tile:
                    self._take(s, t)
            t_, g_, r_, _ = self.rivers[frm][-1]
            self.rivers[frm][-1] = (t_, g_, r_, True)
            for t in ev.tiles:
                if t != tile:
                    self.visible[_slot(t, self.aka)] += 1
            self.melds[s].append(ev)
            self.meld_text[s].append(meld_str(_meld(ev, self.aka)))
            self.after_call[s] = kind != "minkan"
            self.rinshan_next = kind == "minkan"
            self.last_draw = [None] * 4
            self.last_discard = None
        elif kind == "ankan":
            if not self._size_ok(s, after_draw=True):
                raise ValueError(f"seat {s} declares a kan while holding {len(self.hands[s])}")
            for t in ev.tiles:
                self._take(s, t)
            for t in ev.tiles:
                self.visible[_slot(t, self.aka)] += 1
            self.melds[s].append(ev)
            self.meld_text[s].append(meld_str(_meld(ev, self.aka)))
            self.rinshan_next = True
            self.last_draw = [None] * 4
            self.last_ankan = (s, ev.tiles[0])  # only thirteen orphans may rob it
        else:  # kakan
            if not self._size_ok(s, after_draw=True):
                raise ValueError(f"seat {s} declares a kan while holding {len(self.hands[s])}")
            added = ev.added_tile
            at = next(
                (
                    i
                    for i, m in enumerate(self.melds[s])
                    if m.kind == "pon" and added is not None and m.tiles[0] // 4 == added // 4
                ),
                None,
            )
            if at is None or added is None:
                raise ValueError(f"seat {s} adds to a pon they do not have")
            self._take(s, added)
            self.visible[_slot(added, self.aka)] += 1
            self.melds[s][at] = ev
            self.meld_text[s][at] = meld_str(_meld(ev, self.aka))
            self.rinshan_next = True
            self.last_kakan = (s, added)
            self.last_draw = [None] * 4
            self.kakan_pending = True
        if kind != "kakan":
            self.ippatsu = [False] * 4
        self.interrupted = True
        self.last_action = s

    def _riichi(self, ev: Riichi) -> None:
        s = ev.seat
        if ev.step == 1:
            if self.declared[s]:
                raise ValueError(f"seat {s} declares riichi twice")
            if any(m.kind != "ankan" for m in self.melds[s]):
                raise ValueError(f"seat {s} has an open hand and cannot declare riichi")
            if not self._size_ok(s, after_draw=True):
                raise ValueError(f"seat {s} declares riichi out of turn")
            self.declared[s] = True
        else:
            if not self.in_riichi[s]:
                raise ValueError(f"seat {s} places a riichi stick before discarding")
            self.scores[s] -= 1000
            self.sticks += 1

    def _new_dora(self, ev: NewDora) -> None:
        if ev.indicator in self.used:
            raise ValueError(f"the new dora indicator {ev.indicator} is already in play")
        if len(self.dora) >= 5:
            raise ValueError("there are at most five dora indicators")
        self.used.add(ev.indicator)
        self.dora.append(ev.indicator)
        self.dora_codes.append(tile_code(ev.indicator, self.aka))
        self.visible[_slot(ev.indicator, self.aka)] += 1

    def _win(self, ev: Win) -> None:
        who, frm = ev.who, ev.from_who
        rnd = self.rnd
        if ev.tsumo:
            if self.last_action != who or self.last_draw[who] is None:
                raise ValueError(f"seat {who} wins by tsumo without having just drawn")
            win_tile = self.last_draw[who]
            assert win_tile is not None
            closed = tuple(self.hands[who])
            chankan = False
        else:
            if self.last_kakan is not None and self.last_kakan[0] == frm:
                win_tile = self.last_kakan[1]
                chankan = True
            elif self.last_ankan is not None and self.last_ankan[0] == frm:
                win_tile = self.last_ankan[1]  # Tenhou lists no chankan for it
                chankan = False
            elif (
                self.last_discard is not None
                and self.last_discard[0] == frm
                and self.last_action == frm
            ):
                win_tile = self.last_discard[1]
                chankan = False
            else:
                raise ValueError(
                    f"seat {who} wins by ron on seat {frm}, who has just not discarded"
                )
            if frm == who:
                raise ValueError("a ron on one's own tile")
            closed = (*self.hands[who], win_tile)
        first = not self.wins
        dealer = rnd.dealer
        no_discards = not self.rivers[who]
        situation = Situation(
            closed=closed,
            win_tile=win_tile,
            melds=tuple(
                CalledSet(m.kind, m.tiles, m.called_tile if m.kind != "ankan" else None)
                for m in self.melds[who]
            ),
            tsumo=ev.tsumo,
            seat_wind=rnd.seat_wind(who),
            round_wind=rnd.round_wind,
            dora_indicators=tuple(self.dora),
            ura_indicators=ev.ura_indicators if self.in_riichi[who] else (),
            riichi=self.in_riichi[who] and not self.double[who],
            double_riichi=self.double[who],
            ippatsu=self.ippatsu[who],
            rinshan=ev.tsumo and self.last_draw_rinshan,
            chankan=chankan,
            haitei=ev.tsumo and self.tiles_left == 0 and not self.last_draw_rinshan,
            houtei=not ev.tsumo and self.tiles_left == 0 and not chankan,
            tenhou=ev.tsumo and who == dealer and no_discards and not self.interrupted,
            chiihou=ev.tsumo and who != dealer and no_discards and not self.interrupted,
            honba=rnd.honba if first else 0,
            riichi_sticks=self.sticks if first else 0,
        )
        try:
            result = score(situation, self.rules)
        except ScoringError as exc:
            raise ValueError(f"the winning hand does not score: {exc}") from None
        deltas = list(result.payments.by_seat(who, None if ev.tsumo else frm, dealer))
        if ev.pao is not None and ev.pao != who:
            deltas = _pao_deltas(result, who, frm, ev.pao, rnd.honba if first else 0, deltas)
        for i in range(4):
            self.win_deltas[i] += deltas[i]
            self.recorded[i] += ev.deltas[i]
        if first:
            self.sticks = 0
        self.wins.append((who, frm, result))
        self.ended = "win"

    def _round_draw(self, ev: RoundDraw) -> None:
        deltas = [0, 0, 0, 0]
        self.shown = ev.tenpai
        if ev.kind == "exhaustive":
            if self.tiles_left != 0:
                raise ValueError(f"an exhaustive draw with {self.tiles_left} tiles left")
            self.tenpai = tuple(s for s in range(4) if self.is_tenpai(s))
            n = len(self.tenpai)
            if 0 < n < 4:
                for s in range(4):
                    deltas[s] = 3000 // n if s in self.tenpai else -3000 // (4 - n)
        elif ev.kind == "nagashi_mangan":
            for s in range(4):
                if self._nagashi(s):
                    dealer = self.rnd.dealer
                    for p in range(4):
                        if p == s:
                            continue
                        pay = 4000 if s == dealer or p == dealer else 2000
                        deltas[p] -= pay
                        deltas[s] += pay
        self.win_deltas = deltas
        self.recorded = list(ev.deltas)
        self.ended = ev.kind

    def _nagashi(self, seat: int) -> bool:
        tiles = self.river_tiles[seat]
        return bool(tiles) and all(
            not entry[3] and (t // 4 >= 27 or t // 4 % 9 in (0, 8))
            for t, entry in zip(tiles, self.rivers[seat], strict=True)
        )

    def is_tenpai(self, seat: int) -> bool:
        """Tenhou's tenpai at a draw: ready, on a tile the player does not hold all four of."""
        counts = [0] * 34
        for t in self.hands[seat]:
            counts[t // 4] += 1
        melds = [_meld(m, self.aka) for m in self.melds[seat]]
        if shanten(counts, len(melds)) != 0:
            return False
        return bool(waits(counts, melds))

    # --- decisions ---------------------------------------------------------------------------

    def _decision(self, ev: Discard) -> Decision:
        s = ev.seat
        rnd = self.rnd
        aka = self.aka
        return Decision(
            log_id=self.game.log_id,
            round=rnd.name,
            round_seq=self.seq,
            honba=rnd.honba,
            riichi_sticks=self.sticks,
            seat=s,
            dealer=rnd.dealer,
            turn=len(self.rivers[s]) + 1,
            hand=tiles_code(self.hands[s], aka),
            melds=tuple(self.meld_text[s]),
            dora_indicators=tuple(self.dora_codes),
            round_wind=f"{rnd.round_wind - 26}z",
            seat_wind=f"{rnd.seat_wind(s) - 26}z",
            seen=_counts_code(self.visible),
            own_discards=tuple(r[0] for r in self.rivers[s]),
            passed=tuple(self.passed[s]),
            riichi=tuple(p for p in range(4) if self.in_riichi[p]),
            discard=tile_code(ev.tile, False),
            discard_red=aka and ev.tile in RED_FIVES_136,
            tsumogiri=self.last_draw[s] == ev.tile,
            declared_riichi=self.declared[s] and not self.in_riichi[s],
            after_call=self.after_call[s],
            drawn=tile_code(d, aka) if (d := self.last_draw[s]) is not None else None,
            scores=tuple(self.scores),
            tiles_left=self.tiles_left,
            rivers=tuple(tuple(river) for river in self.rivers),
            all_melds=tuple(tuple(m) for m in self.meld_text),
        )


def _pao_deltas(
    result: ScoreResult, who: int, frm: int, pao: int, honba: int, deltas: list[int]
) -> list[int]:
    """Responsibility payment (pao) for a yakuman the feeder of its last set made possible.

    On a tsumo the feeder pays it all, honba included, as if they had dealt in; on a ron the
    discarder pays half and the honba, the feeder the other half. Riichi sticks still go to
    the winner. (No win of the shared games has pao. Not handled: a hand of two yakuman, where
    Tenhou charges the feeder for the liable one only; here the feeder is charged the whole.)
    """
    value = result.points
    sticks = deltas[who] - sum(-d for i, d in enumerate(deltas) if i != who and d < 0)
    out = [0, 0, 0, 0]
    if who == frm:
        out[pao] -= value + 300 * honba
    else:
        out[frm] -= value // 2 + 300 * honba
        out[pao] -= value - value // 2
    out[who] = -sum(out) + sticks
    return out


def _round_rules(game: Game) -> RulePreset:
    from dataclasses import replace

    return replace(TENHOU, red_fives=3 if game.rules.aka else 0, open_tanyao=game.rules.kuitan)


def replay_game(
    game: Game,
    decisions: bool = True,
    observer: Callable[[Table, Decision], None] | None = None,
) -> GameReplay:
    """Replay every round of ``game``; see the module docstring.

    ``observer``, if given, is called before every discard with the :class:`Table` and the
    :class:`Decision` (it must not change the table).

    Raises :class:`.GameLogError` (naming the round and the event) when the log contradicts
    itself: a tile that is not in the hand, a call on nothing, a win that does not score...
    """
    rules = _round_rules(game)
    scores: list[int] | None = None
    sticks = 0
    all_decisions: list[Decision] = []
    results: list[RoundResult] = []
    mismatches: list[str] = []
    for seq, rnd in enumerate(game.rounds):
        if scores is None:
            scores = list(rnd.scores)
            sticks = rnd.riichi_sticks
        elif list(rnd.scores) != scores or rnd.riichi_sticks != sticks:
            mismatches.append(
                f"{rnd.label}: starts at {list(rnd.scores)} with {rnd.riichi_sticks} sticks, "
                f"the replay has {scores} with {sticks}"
            )
            scores = list(rnd.scores)
            sticks = rnd.riichi_sticks
        table = Table(game, seq, rnd, list(scores), sticks, rules, decisions)
        table.observer = observer
        for i, event in enumerate(rnd.events):
            table.position = i
            try:
                table.step(event)
            except GameLogError:
                raise
            except ValueError as exc:
                raise GameLogError(
                    str(exc),
                    where=rnd.label,
                    event=_describe(event, i, game.rules.aka),
                    code="impossible",
                    params={"detail": str(exc)},
                ) from None
        if table.ended is None:
            last = (
                _describe(rnd.events[-1], len(rnd.events) - 1, game.rules.aka)
                if rnd.events
                else None
            )
            raise GameLogError(
                "the round has no end (no win or draw)",
                where=rnd.label,
                event=last,
                code="no_round_end",
            )
        scores = [table.scores[i] + table.win_deltas[i] for i in range(4)]
        sticks = table.sticks
        all_decisions.extend(table.decisions)
        results.append(
            RoundResult(
                round=rnd.label,
                round_seq=seq,
                kind=table.ended,
                deltas=tuple(table.win_deltas),
                recorded=tuple(table.recorded),
                tenpai=table.tenpai,
                shown_tenpai=table.shown,
                wins=tuple(table.wins),
                scores=tuple(scores),
                riichi_sticks=sticks,
            )
        )
    final = list(scores or ())
    if final and sticks:
        # Tenhou gives the sticks left on the table to the leader (the earlier seat on a tie,
        # counted from the first dealer).
        first_dealer = game.rounds[0].dealer
        order = sorted(range(4), key=lambda s: (-final[s], (s - first_dealer) % 4))
        final[order[0]] += 1000 * sticks
    return GameReplay(tuple(all_decisions), tuple(results), tuple(final), tuple(mismatches))


def iter_decisions(game: Game) -> Iterator[Decision]:
    """The decisions of a game, in the order they were made.

    >>> from tutor.engine.gamelog.events import Game, Rules
    >>> list(iter_decisions(Game("empty", Rules(), ("",) * 4, ())))
    []
    """
    yield from replay_game(game).decisions
