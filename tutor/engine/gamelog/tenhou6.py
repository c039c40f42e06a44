"""The tenhou.net/6 JSON format: read it into a :class:`.Game` and write a game out in it.

This is what Tenhou's viewer exports and what Mahjong Soul log converters produce::

    {"title": [...], "name": [4 names], "rule": {"disp": "...", "aka": 1},
     "log": [[[round, honba, sticks], [4 scores], [dora indicators], [ura indicators],
              hand0, takes0, discards0, hand1, takes1, discards1, ..., [result...]], ...]}

Tiles are numbers: 11–19 man, 21–29 pin, 31–39 sou, 41–47 East..Red dragon, 51–53 the red
fives. A player's *takes* are draws and calls of others' discards: ``"c275226"`` a chi (the
called tile first), ``"p252525"`` / ``"12p1212"`` / ``"3737p37"`` a pon from the left, across or
right (the letter's place says which), ``"m39393939"`` an open kan likewise. The *discards* are
tiles, ``60`` for the tile just drawn, ``"r45"`` a riichi on 45 (``"r60"`` on the drawn tile),
``"424242a42"`` a closed kan, ``"k16161616"`` an added kan (placed like the pon's letter) and
``0`` the turn an open kan used up. The result is ``["和了", deltas, [who, from, pao, text],
...]`` for wins (two pairs for a double ron) or the name of a draw with its deltas.

Only the order of each player's own actions is stored, so :func:`read_tenhou6` rebuilds the
order of play: after a discard, the player whose next take calls that tile moves next (a pon
before a chi), otherwise the next player draws; when a call could belong to a later copy of the
same discard it tries both.

>>> from tutor.engine.gamelog.mjlog import load_mjlog
>>> tile_number(16, aka=True), tile_number(17, aka=True), tile_number(135, aka=True)
(51, 15, 47)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..tiles import RED_FIVES_136
from .events import (
    Call,
    Discard,
    Draw,
    DrawKind,
    Event,
    Game,
    GameLogError,
    NewDora,
    Riichi,
    Round,
    RoundDraw,
    Rules,
    Win,
    read_log_file,
)

__all__ = ["read_tenhou6", "write_tenhou6", "load_tenhou6", "tile_number", "to_tenhou6"]

_DRAW_NAMES: dict[DrawKind, str] = {
    "exhaustive": "流局",
    "nine_terminals": "九種九牌",
    "four_winds": "四風連打",
    "four_riichi": "四家立直",
    "triple_ron": "三家和了",
    "four_kans": "四槓散了",
    "nagashi_mangan": "流し満貫",
}
_NAME_DRAWS: dict[str, DrawKind] = {v: k for k, v in _DRAW_NAMES.items()}
_NAME_DRAWS.update({"全員聴牌": "exhaustive", "全員不聴": "exhaustive", "ノーテン": "exhaustive"})
_WIN = "和了"
_ROUND_START = re.compile(r"\[\s*\[\s*(\d+)\s*,\s*(\d+)\s*,\s*\d+\s*\]\s*,\s*\[")


def tile_number(tile: int, aka: bool = True) -> int:
    """The tenhou.net/6 number of a physical tile.

    >>> tile_number(0), tile_number(52), tile_number(52, aka=False), tile_number(108)
    (11, 52, 25, 41)
    """
    kind = tile // 4
    if aka and tile in RED_FIVES_136:
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def _kind_of(number: int) -> tuple[int, bool]:
    """(kind, red) of a tenhou.net/6 tile number; ValueError if it is none."""
    if 51 <= number <= 53:
        return (number - 51) * 9 + 4, True
    suit, n = divmod(number, 10)
    if 1 <= suit <= 3 and 1 <= n <= 9:
        return (suit - 1) * 9 + n - 1, False
    if suit == 4 and 1 <= n <= 7:
        return 27 + n - 1, False
    raise ValueError(f"{number} is not a tenhou.net/6 tile (11–19, 21–29, 31–39, 41–47, 51–53)")


# --- writing ---------------------------------------------------------------------------------


def _call_text(call: Call, aka: bool) -> str:
    n = [tile_number(t, aka) for t in call.tiles]
    rel = (call.from_seat - call.seat) % 4 if call.from_seat is not None else 0
    if call.kind == "ankan":
        return "".join(str(x) for x in n[:3]) + "a" + str(n[3])
    assert call.called_tile is not None
    called = tile_number(call.called_tile, aka)
    own = [t for t in call.tiles if t != call.called_tile and t != call.added_tile]
    own_n = [str(tile_number(t, aka)) for t in sorted(own)]
    if call.kind == "chi":
        return f"c{called}" + "".join(own_n)
    if call.kind == "kakan":
        assert call.added_tile is not None
        mark = f"k{tile_number(call.added_tile, aka)}{called}"
    else:
        mark = f"{'p' if call.kind == 'pon' else 'm'}{called}"
    at = {3: 0, 2: 1, 1: len(own_n)}[rel]
    return "".join(own_n[:at]) + mark + "".join(own_n[at:])


def _points_text(win: Win) -> str:
    if win.fu and win.points:
        return f"{win.fu}符{win.points}点"
    return f"{win.points or 0}点"


def to_tenhou6(game: Game) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of a game (see the module docstring).

    >>> to_tenhou6(Game("x", Rules(hanchan=False), ("a", "b", "c", "d"), ()))["rule"]
    {'disp': '四鳳東喰赤', 'aka': 1}
    """
    aka = game.rules.aka
    log: list[list[Any]] = []
    for rnd in game.rounds:
        takes: list[list[Any]] = [[], [], [], []]
        discards: list[list[Any]] = [[], [], [], []]
        dora = [tile_number(rnd.dora_indicator, aka)]
        ura: list[int] = []
        riichi = [False] * 4
        result: list[Any] = []
        for ev in rnd.events:
            if isinstance(ev, Draw):
                takes[ev.seat].append(tile_number(ev.tile, aka))
            elif isinstance(ev, Discard):
                thrown: int | str = 60 if ev.tsumogiri else tile_number(ev.tile, aka)
                if riichi[ev.seat]:
                    thrown = f"r{thrown}"
                    riichi[ev.seat] = False
                discards[ev.seat].append(thrown)
            elif isinstance(ev, Riichi):
                if ev.step == 1:
                    riichi[ev.seat] = True
            elif isinstance(ev, Call):
                text = _call_text(ev, aka)
                if ev.kind in ("chi", "pon", "minkan"):
                    takes[ev.seat].append(text)
                    if ev.kind == "minkan":
                        discards[ev.seat].append(0)
                else:
                    discards[ev.seat].append(text)
            elif isinstance(ev, NewDora):
                dora.append(tile_number(ev.indicator, aka))
            elif isinstance(ev, Win):
                if not result:
                    result.append(_WIN)
                pao = ev.who if ev.pao is None else ev.pao
                result += [list(ev.deltas), [ev.who, ev.from_who, pao, _points_text(ev)]]
                if ev.ura_indicators and not ura:
                    ura = [tile_number(t, aka) for t in ev.ura_indicators]
            else:
                result = [_DRAW_NAMES[ev.kind], list(ev.deltas)]
        entry: list[Any] = [
            [rnd.index, rnd.honba, rnd.riichi_sticks],
            list(rnd.scores),
            dora,
            ura,
        ]
        for seat in range(4):
            entry += [[tile_number(t, aka) for t in rnd.hands[seat]], takes[seat], discards[seat]]
        entry.append(result)
        log.append(entry)
    disp = "四鳳" + ("南" if game.rules.hanchan else "東") + ("喰" if game.rules.kuitan else "")
    disp += "赤" if aka else ""
    out: dict[str, Any] = {
        "title": ["", ""],
        "name": list(game.players),
        "rule": {"disp": disp, "aka": 1 if aka else 0},
        "ref": game.log_id,
        "log": log,
    }
    if game.final_scores is not None:
        out["sc"] = [x for s in game.final_scores for x in (s / 100, 0.0)]
    return out


def write_tenhou6(game: Game) -> str:
    """The game as tenhou.net/6 JSON text (one line, UTF-8 characters kept)."""
    return json.dumps(to_tenhou6(game), ensure_ascii=False, separators=(",", ":"))


# --- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Take:
    kind: str  # draw, chi, pon, minkan
    called: int = 0  # the tile number taken (or drawn)
    own: tuple[int, ...] = ()
    rel: int = 0  # whom from, relative to the caller: 1 right, 2 across, 3 left


@dataclass(frozen=True, slots=True)
class _Out:
    kind: str  # discard, ankan, kakan, skip
    tile: int | None = None  # None: the tile just drawn
    riichi: bool = False
    tiles: tuple[int, ...] = ()  # ankan: the four; kakan: the added tile first


def _number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} {value!r} is not a tile number")
    _kind_of(value)
    return value


def _split_numbers(text: str) -> list[int]:
    if len(text) % 2 or not text.isdigit():
        raise ValueError(f'"{text}" is not a run of two-digit tiles')
    return [_number(int(text[i : i + 2]), "tile") for i in range(0, len(text), 2)]


def _parse_take(item: Any) -> _Take:
    if isinstance(item, int) and not isinstance(item, bool):
        return _Take("draw", _number(item, "drawn tile"))
    if not isinstance(item, str):
        raise ValueError(f"{item!r} is neither a tile nor a call")
    for letter, kind, size in (("c", "chi", 7), ("p", "pon", 7), ("m", "minkan", 9)):
        at = item.find(letter)
        if at < 0:
            continue
        if len(item) != size or at % 2:
            raise ValueError(f'"{item}" is not a {kind}')
        called = _split_numbers(item[at + 1 : at + 3])[0]
        own = tuple(_split_numbers(item[:at] + item[at + 3 :]))
        if kind == "chi":
            if at != 0:
                raise ValueError(f'"{item}": a chi is called from the left, "c" comes first')
            return _Take(kind, called, own, 3)
        rel = {0: 3, 2: 2, 4: 1, 6: 1}[at]
        if kind == "pon" and at == 6 or kind == "minkan" and at == 4:
            raise ValueError(f'"{item}" is not a {kind}')
        return _Take(kind, called, own, rel)
    raise ValueError(f'"{item}" is not a draw, chi, pon or open kan')


def _parse_out(item: Any) -> _Out:
    if isinstance(item, int) and not isinstance(item, bool):
        if item == 60:
            return _Out("discard", None)
        if item == 0:
            return _Out("skip")
        return _Out("discard", _number(item, "discard"))
    if not isinstance(item, str):
        raise ValueError(f"{item!r} is neither a tile nor a declaration")
    if item.startswith("r") and len(item) == 3:
        n = int(item[1:]) if item[1:].isdigit() else -1
        return _Out("discard", None if n == 60 else _number(n, "riichi tile"), riichi=True)
    if "a" in item:
        if len(item) != 9 or item.find("a") != 6:
            raise ValueError(f'"{item}" is not a closed kan')
        return _Out("ankan", tiles=tuple(_split_numbers(item.replace("a", ""))))
    if "k" in item:
        at = item.find("k")
        if len(item) != 9 or at not in (0, 2, 4):
            raise ValueError(f'"{item}" is not an added kan')
        added = _split_numbers(item[at + 1 : at + 3])[0]
        rest = _split_numbers(item[:at] + item[at + 3 :])
        return _Out("kakan", tiles=(added, *rest))
    raise ValueError(f'"{item}" is not a discard, riichi or kan')


def _same(a: int, b: int) -> bool:
    """Whether two tile numbers are the same kind (a red five is a five)."""
    return _kind_of(a)[0] == _kind_of(b)[0]


class _Order:
    """Rebuild the order of play of one round from each player's takes and discards."""

    def __init__(self, takes: list[list[_Take]], outs: list[list[_Out]], dealer: int) -> None:
        self.takes = takes
        self.outs = outs
        self.dealer = dealer

    def solve(self) -> list[tuple[int, _Take | _Out]]:
        first_error: str | None = None
        stack: list[tuple[list[int], list[int], int, tuple[int, int] | None, int]] = [
            ([0] * 4, [0] * 4, self.dealer, None, 0)
        ]
        seq: list[tuple[int, _Take | _Out]] = []
        while stack:
            ti, di, actor, last, length = stack.pop()
            del seq[length:]
            error = self._run(list(ti), list(di), actor, last, seq, stack)
            if error is None:
                return seq
            first_error = first_error or error
        raise ValueError(first_error or "the actions cannot be put in an order of play")

    def _done(self, ti: list[int], di: list[int]) -> bool:
        return all(ti[s] >= len(self.takes[s]) and di[s] >= len(self.outs[s]) for s in range(4))

    def _run(
        self,
        ti: list[int],
        di: list[int],
        actor: int,
        last: tuple[int, int] | None,
        seq: list[tuple[int, _Take | _Out]],
        stack: list[tuple[list[int], list[int], int, tuple[int, int] | None, int]],
    ) -> str | None:
        takes, outs = self.takes, self.outs
        while True:
            if ti[actor] >= len(takes[actor]):
                return f"seat {actor} should draw or call but has no action left"
            take = takes[actor][ti[actor]]
            if take.kind != "draw" and (
                last is None or last[0] != (actor + take.rel) % 4 or not _same(last[1], take.called)
            ):
                return f"seat {actor} calls a tile that was not just discarded"
            ti[actor] += 1
            seq.append((actor, take))
            if take.kind == "minkan":
                if di[actor] >= len(outs[actor]) or outs[actor][di[actor]].kind != "skip":
                    return f"seat {actor}: an open kan must be followed by 0 in the discards"
                di[actor] += 1
                continue
            while True:
                if di[actor] >= len(outs[actor]):  # a tsumo or a nine-terminals draw
                    return None if self._done(ti, di) else f"seat {actor} stops before the end"
                out = outs[actor][di[actor]]
                di[actor] += 1
                seq.append((actor, out))
                if out.kind == "skip":
                    return f"seat {actor} has a 0 in the discards without an open kan"
                if out.kind in ("ankan", "kakan"):
                    if self._done(ti, di):  # the added kan was robbed
                        return None
                    break  # a replacement draw follows
                if self._done(ti, di):
                    return None
                tile = out.tile if out.tile is not None else self._drawn(seq, actor)
                last = (actor, tile)
                nxt = self._next(ti, di, actor, tile, seq, stack, last)
                actor = nxt
                break
            # the kan or the discard is followed by the actor's (or the caller's) take

    @staticmethod
    def _drawn(seq: list[tuple[int, _Take | _Out]], actor: int) -> int:
        for seat, item in reversed(seq):
            if seat == actor and isinstance(item, _Take):
                return item.called
        return 0

    def _next(
        self,
        ti: list[int],
        di: list[int],
        actor: int,
        tile: int,
        seq: list[tuple[int, _Take | _Out]],
        stack: list[tuple[list[int], list[int], int, tuple[int, int] | None, int]],
        last: tuple[int, int],
    ) -> int:
        callers: list[tuple[int, int]] = []
        for seat in range(4):
            if seat == actor or ti[seat] >= len(self.takes[seat]):
                continue
            take = self.takes[seat][ti[seat]]
            if take.kind != "draw" and (seat + take.rel) % 4 == actor and _same(take.called, tile):
                callers.append((0 if take.kind == "chi" else 1, seat))
        if not callers:
            return (actor + 1) % 4
        callers.sort(reverse=True)
        # Alternatives, tried if this choice fails later: the other caller, or nobody calling
        # (the call then takes a later copy of the same tile from the same player).
        later = any(
            o.kind == "discard" and o.tile is not None and _same(o.tile, tile)
            for o in self.outs[actor][di[actor] :]
        ) or any(o.kind == "discard" and o.tile is None for o in self.outs[actor][di[actor] :])
        if later:
            stack.append((list(ti), list(di), (actor + 1) % 4, last, len(seq)))
        for _, seat in callers[1:]:
            stack.append((list(ti), list(di), seat, last, len(seq)))
        return callers[0][1]


class _Tiles:
    """Hand out physical tiles for tile numbers: the red five is copy 0 of its five."""

    def __init__(self, aka: bool) -> None:
        self.aka = aka
        self.free: list[list[int]] = []
        for kind in range(34):
            copies = list(range(kind * 4, kind * 4 + 4))
            self.free.append(copies)

    def new(self, number: int) -> int:
        kind, red = _kind_of(number)
        copies = self.free[kind]
        if red:
            if not self.aka or kind * 4 not in copies:
                raise ValueError(f"a second red five ({number}) or red fives in a game without")
            copies.remove(kind * 4)
            return kind * 4
        for t in copies:
            if not (self.aka and t in RED_FIVES_136):
                copies.remove(t)
                return t
        raise ValueError(f"a fifth copy of tile {number}")


def _pick(hand: list[int], number: int, aka: bool) -> int:
    for t in hand:
        if tile_number(t, aka) == number:
            hand.remove(t)
            return t
    raise ValueError(f"the hand does not hold tile {number}")


class _At(ValueError):
    """An error inside a round, with the action (the "event") it is about."""

    def __init__(self, reason: str, event: str) -> None:
        super().__init__(reason)
        self.event = event


def _parsed[P: (_Take, _Out)](
    value: Any, seat: int, what: str, parse: Callable[[Any], P]
) -> list[P]:
    out: list[P] = []
    for k, item in enumerate(_as_list(value, f"the {what}s of seat {seat}")):
        try:
            out.append(parse(item))
        except ValueError as exc:
            raw = json.dumps(item, ensure_ascii=False)
            raise _At(str(exc), f"{what} {k + 1} of seat {seat} ({raw})") from None
    return out


def _item_text(seat: int, item: _Take | _Out, entry: list[Any], parsed: list[Any]) -> str:
    """Name an action by its place in the seat's list and its text in the log."""
    what, column = ("take", 5) if isinstance(item, _Take) else ("discard", 6)
    k = next(i for i, x in enumerate(parsed) if x is item)
    raw = json.dumps(entry[column + 3 * seat][k], ensure_ascii=False)
    return f"{what} {k + 1} of seat {seat} ({raw})"


def _read_round(entry: Any, aka: bool, seq: int) -> Round:
    if not isinstance(entry, list) or len(entry) != 17:
        raise ValueError("a round is a list of 17 items")
    head = entry[0]
    if not (isinstance(head, list) and len(head) >= 3 and all(isinstance(x, int) for x in head)):
        raise ValueError("a round starts with [round, honba, sticks]")
    index, honba, sticks = head[0], head[1], head[2]
    if not 0 <= index < 16:
        raise ValueError(f"round {index} is not 0..15")
    scores = entry[1]
    if not (
        isinstance(scores, list) and len(scores) == 4 and all(isinstance(x, int) for x in scores)
    ):
        raise ValueError("scores must be four numbers")
    dora_numbers = [_number(x, "dora indicator") for x in _as_list(entry[2], "dora indicators")]
    ura_numbers = [_number(x, "ura indicator") for x in _as_list(entry[3], "ura indicators")]
    if not dora_numbers:
        raise ValueError("a round needs its dora indicator")
    pool = _Tiles(aka)
    dealer = index % 4
    hands: list[list[int]] = []
    takes: list[list[_Take]] = []
    outs: list[list[_Out]] = []
    for seat in range(4):
        dealt = [_number(x, "dealt tile") for x in _as_list(entry[4 + 3 * seat], "hand")]
        if len(dealt) != 13:
            raise ValueError(f"seat {seat} is dealt {len(dealt)} tiles, not 13")
        hands.append([pool.new(n) for n in dealt])
        takes.append(_parsed(entry[5 + 3 * seat], seat, "take", _parse_take))
        outs.append(_parsed(entry[6 + 3 * seat], seat, "discard", _parse_out))
    dora_indicator = pool.new(dora_numbers[0])
    result = _as_list(entry[16], "result")
    try:
        order = _Order(takes, outs, dealer).solve()
    except ValueError as exc:
        raise _At(str(exc), "the order of play") from None
    events: list[Event] = []
    dealt_hands = tuple(tuple(h) for h in hands)
    last_draw: list[int | None] = [None] * 4
    last_discard: tuple[int, int] | None = None
    melds: list[list[Call]] = [[], [], [], []]
    more_dora = list(dora_numbers[1:])
    dora_after_draw = 0
    for i, (seat, item) in enumerate(order):
        try:
            hand = hands[seat]
            if isinstance(item, _Take):
                if item.kind == "draw":
                    t = pool.new(item.called)
                    hand.append(t)
                    events.append(Draw(seat, t))
                    last_draw = [None] * 4
                    last_draw[seat] = t
                    if dora_after_draw and more_dora:
                        events.append(NewDora(pool.new(more_dora.pop(0))))
                        dora_after_draw -= 1
                    continue
                assert last_discard is not None
                called = last_discard[1]
                own = tuple(_pick(hand, n, aka) for n in item.own)
                # item.kind is chi, pon or minkan here: the draws went on above
                call = Call(seat, item.kind, tuple(sorted((called, *own))), called,  # type: ignore[arg-type]
                            last_discard[0])  # fmt: skip
                melds[seat].append(call)
                events.append(call)
                if item.kind == "minkan":
                    dora_after_draw += 1
                last_draw = [None] * 4
                continue
            if item.kind == "skip":
                continue
            if item.kind == "ankan":
                tiles = tuple(sorted(_pick(hand, n, aka) for n in item.tiles))
                events.append(Call(seat, "ankan", tiles))
                if more_dora:
                    events.append(NewDora(pool.new(more_dora.pop(0))))
                last_draw = [None] * 4
                continue
            if item.kind == "kakan":
                added = _pick(hand, item.tiles[0], aka)
                at = next(
                    (
                        k
                        for k, m in enumerate(melds[seat])
                        if m.kind == "pon" and m.tiles[0] // 4 == added // 4
                    ),
                    None,
                )
                if at is None:
                    raise ValueError(f"seat {seat} adds to a pon they do not have")
                pon = melds[seat][at]
                call = Call(seat, "kakan", tuple(sorted((*pon.tiles, added))), pon.called_tile,
                            pon.from_seat, added)  # fmt: skip
                melds[seat][at] = call
                events.append(call)
                dora_after_draw += 1
                last_draw = [None] * 4
                continue
            if item.tile is None:
                drawn = last_draw[seat]
                if drawn is None:
                    raise ValueError(f"seat {seat} throws the drawn tile (60) without having drawn")
                hand.remove(drawn)
                tile, tsumogiri = drawn, True
            else:
                tile = _pick(hand, item.tile, aka)
                tsumogiri = False
            if item.riichi:
                events.append(Riichi(seat, 1))
            events.append(Discard(seat, tile, tsumogiri))
            last_discard = (seat, tile)
            last_draw = [None] * 4
            ends_in_ron = i == len(order) - 1 and result and result[0] == _WIN
            if item.riichi and not ends_in_ron:
                events.append(Riichi(seat, 2))
        except ValueError as exc:
            parsed = takes[seat] if isinstance(item, _Take) else outs[seat]
            raise _At(str(exc), _item_text(seat, item, entry, parsed)) from None
    try:
        events.extend(_read_result(result, ura_numbers, pool))
    except ValueError as exc:
        raise _At(str(exc), "the result") from None
    if more_dora:
        raise ValueError(f"{len(more_dora)} dora indicator(s) left over: no kan revealed them")
    return Round(index, honba, sticks, tuple(scores), dora_indicator, dealt_hands, tuple(events))


def _as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list")
    return value


def _deltas(value: Any) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) == 4 and all(isinstance(x, int) for x in value)):
        raise ValueError("score changes must be four whole numbers")
    return tuple(value)


def _read_result(result: list[Any], ura_numbers: list[int], pool: _Tiles) -> list[Event]:
    if not result or not isinstance(result[0], str):
        raise ValueError("the round has no result")
    name = result[0]
    if name == _WIN:
        pairs = result[1:]
        if not pairs or len(pairs) % 2:
            raise ValueError("a win result is pairs of score changes and [who, from, pao, ...]")
        ura = tuple(pool.new(n) for n in ura_numbers)
        out: list[Event] = []
        for k in range(0, len(pairs), 2):
            deltas = _deltas(pairs[k])
            info = _as_list(pairs[k + 1], "win details")
            if len(info) < 3 or not all(isinstance(x, int) and 0 <= x < 4 for x in info[:3]):
                raise ValueError("win details start with the seats [who, from, pao]")
            who, frm, pao = info[0], info[1], info[2]
            out.append(Win(who, frm, deltas, ura, None if pao == who else pao))
        return out
    kind = _NAME_DRAWS.get(name)
    if kind is None:
        raise ValueError(f'"{name}" is not a result')
    deltas = _deltas(result[1]) if len(result) > 1 else (0, 0, 0, 0)
    return [RoundDraw(kind, deltas, None)]


def read_tenhou6(text: str | dict[str, Any], log_id: str = "") -> Game:
    """Read tenhou.net/6 JSON (text or the decoded object) into a :class:`.Game`.

    >>> read_tenhou6('{"log": [[[0, 0, 0]]]}')
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: round E1-0, event the round's list: a round is a list of 17 items
    """
    if isinstance(text, str):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            starts = list(_ROUND_START.finditer(text, 0, exc.pos))
            where = None
            if starts:
                index, honba = int(starts[-1].group(1)), int(starts[-1].group(2))
                where = f"{'ESWN'[(index // 4) % 4]}{index % 4 + 1}-{honba}"
            raise GameLogError(
                f"not JSON: {exc.msg}",
                where=where,
                event=f"character {exc.pos + 1}",
                code="not_json",
                params={"detail": exc.msg},
            ) from None
    else:
        data = text
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        raise GameLogError('not a tenhou.net/6 log: no "log" list', code="not_tenhou6")
    rule = data.get("rule") if isinstance(data.get("rule"), dict) else {}
    assert isinstance(rule, dict)
    disp = str(rule.get("disp", ""))
    aka = any(bool(rule.get(k)) for k in ("aka", "aka51", "aka52", "aka53"))
    if "aka" not in rule and not any(k in rule for k in ("aka51", "aka52", "aka53")):
        aka = True
    if "三" in disp or "3-Player" in disp:
        raise GameLogError("three-player games are not supported", code="three_player")
    rated = any(ch in disp for ch in "般上特鳳技")
    rules = Rules(aka=aka, kuitan="喰" in disp if rated else True, hanchan="東" not in disp)
    names = data.get("name")
    players = (
        tuple(str(n) for n in names) if isinstance(names, list) and len(names) == 4 else ("",) * 4
    )
    rounds: list[Round] = []
    for seq, entry in enumerate(data["log"]):
        try:
            rounds.append(_read_round(entry, aka, seq))
        except _At as exc:
            raise GameLogError(
                str(exc),
                where=_label(entry, seq),
                event=exc.event,
                code="bad_round",
                params={"detail": str(exc)},
            ) from None
        except (ValueError, IndexError, KeyError, TypeError) as exc:
            raise GameLogError(
                str(exc),
                where=_label(entry, seq),
                event="the round's list",
                code="bad_round",
                params={"detail": str(exc)},
            ) from None
    if not rounds:
        raise GameLogError("the log holds no round", code="no_round")
    final: tuple[int, ...] | None = None
    sc = data.get("sc")
    if isinstance(sc, list) and len(sc) >= 8 and all(isinstance(x, int | float) for x in sc):
        final = tuple(int(round(float(sc[i]) * 100)) for i in range(0, 8, 2))
    ref = data.get("ref")
    return Game(str(ref) if ref else log_id, rules, players, tuple(rounds), final)


def _label(entry: Any, seq: int) -> str:
    try:
        index, honba = int(entry[0][0]), int(entry[0][1])
    except (TypeError, ValueError, IndexError, KeyError):
        return f"#{seq + 1}"
    return f"{'ESWN'[(index // 4) % 4]}{index % 4 + 1}-{honba}"


def load_tenhou6(path: str | Path) -> Game:
    """Read a tenhou.net/6 JSON file; the log id is its ``ref`` or else the file name.

    >>> load_tenhou6("/nonexistent.json")
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: cannot read /nonexistent.json: No such file or directory
    """
    text, log_id = read_log_file(path)
    return read_tenhou6(text, log_id=log_id)
