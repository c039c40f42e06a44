"""Read Tenhou's mjlog XML (the ``*.xml`` logs tenhou.net serves) into a :class:`.Game`.

The format: ``<GO type>`` rules, ``<UN n0..n3>`` players, then per round ``<INIT seed ten oya
hai0..hai3>``, draws ``<T..>``..``<W..>`` (seats 0–3), discards ``<D..>``..``<G..>``, calls
``<N who m>`` (the bit fields of ``m`` are decoded by :func:`decode_meld`), ``<REACH who step>``,
``<DORA hai>``, and the end of the round ``<AGARI>`` or ``<RYUUKYOKU>``; ``owari`` on the last
one gives the final scores.

Tags are read one by one rather than through an XML parser, so a truncated or damaged log is
reported at the round and the tag where it goes wrong.

>>> game = read_mjlog('<mjloggm ver="2.3"><GO type="169"/><UN n0="a" n1="b" n2="c" n3="d"/>'
...     '<INIT seed="0,0,0,1,1,5" ten="250,250,250,250" oya="0" '
...     'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="13,14,15,16,17,18,19,20,21,22,23,24,25" '
...     'hai2="26,27,28,29,30,31,32,33,34,35,36,37,38" '
...     'hai3="39,40,41,42,43,44,45,46,47,48,49,50,51"/><T60/><D60/>'
...     '<RYUUKYOKU ba="0,0" sc="250,0,250,0,250,0,250,0" owari="250,0.0,250,0.0,250,0.0,250,0.0"/>'
...     '</mjloggm>', log_id="demo")
>>> game.rounds[0].events[:2]
(Draw(seat=0, tile=60), Discard(seat=0, tile=60, tsumogiri=True))
>>> game.final_scores
(25000, 25000, 25000, 25000)
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

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

__all__ = ["read_mjlog", "decode_meld", "load_mjlog"]

_TAG = re.compile(r"<(/?)([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+=\"[^\"<>]*\")*)\s*/?>")
_ATTR = re.compile(r"([A-Za-z0-9_]+)=\"([^\"]*)\"")
_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_DRAW_TYPES: dict[str, DrawKind] = {
    "": "exhaustive",
    "yao9": "nine_terminals",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "ron3": "triple_ron",
    "kan4": "four_kans",
    "nm": "nagashi_mangan",
}
_IGNORED = {"mjloggm", "SHUFFLE", "TAIKYOKU", "BYE"}


def decode_meld(who: int, m: int) -> Call:
    """Decode the ``m`` bit field of an ``<N>`` tag into a :class:`.Call` by seat ``who``.

    Bits 0–1 say whom the tile came from relative to the caller (0 self, 1 right, 2 across,
    3 left); bit 2 marks a chi, bit 3 a pon, bit 4 an added kan; with none of them it is a
    kan on tile ``m >> 8``, closed when it came from the player themself.

    >>> decode_meld(2, 50251)
    Call(seat=2, kind='pon', tiles=(128, 129, 131), called_tile=131, from_seat=1, added_tile=None)
    >>> decode_meld(3, 17408).kind
    'ankan'
    """
    if not 0 <= m < 65536:
        raise ValueError(f"m={m} is not a call code (16 bits)")
    rel = m & 3
    source = (who + rel) % 4 if rel else None
    if m & 4:
        t = m >> 10
        called_index = t % 3
        t //= 3
        if t >= 21:
            raise ValueError(f"m={m} is not a chi: no run starts there")
        base = (t // 7) * 9 + t % 7
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        tiles = tuple((base + i) * 4 + copies[i] for i in range(3))
        return Call(who, "chi", tiles, tiles[called_index], source)
    if m & 24:
        t = m >> 9
        called_index = t % 3
        kind = t // 3
        if kind >= 34:
            raise ValueError(f"m={m} names no tile")
        unused = (m >> 5) & 3
        tiles = tuple(kind * 4 + c for c in range(4) if c != unused)
        if m & 8:
            return Call(who, "pon", tiles, tiles[called_index], source)
        added = kind * 4 + unused
        return Call(
            who, "kakan", tuple(sorted((*tiles, added))), tiles[called_index], source, added
        )
    if m & 32:
        raise ValueError("a North dora (nukidora) belongs to three-player games")
    hai = m >> 8
    if hai >= 136:
        raise ValueError(f"m={m} names no tile")
    tiles = tuple(range(hai // 4 * 4, hai // 4 * 4 + 4))
    if source is None:
        return Call(who, "ankan", tiles)
    return Call(who, "minkan", tiles, hai, source)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip() != ""]


def _tiles(text: str, what: str) -> tuple[int, ...]:
    out = tuple(_ints(text))
    for t in out:
        if not 0 <= t < 136:
            raise ValueError(f"{what} holds {t}, not a tile (tiles are 0–135)")
    return out


def _deltas(sc: str) -> tuple[int, ...]:
    values = _ints(sc)
    if len(values) != 8:
        raise ValueError(f'sc="{sc}" must hold 8 numbers (score and change of each seat)')
    return tuple(values[i] * 100 for i in range(1, 8, 2))


def _final(owari: str) -> tuple[int, ...]:
    parts = [x for x in owari.split(",") if x.strip()]
    if len(parts) < 8:
        raise ValueError(f'owari="{owari}" must hold a score and a result for each seat')
    return tuple(int(parts[i]) * 100 for i in range(0, 8, 2))


class _RoundBuilder:
    def __init__(self, init: dict[str, str]) -> None:
        seed = _ints(init.get("seed", ""))
        if len(seed) != 6:
            raise ValueError('seed must be "round,honba,sticks,dice1,dice2,dora indicator"')
        ten = _ints(init.get("ten", ""))
        if len(ten) != 4:
            raise ValueError("ten must hold four scores")
        hands = tuple(_tiles(init.get(f"hai{s}", ""), f"hai{s}") for s in range(4))
        for s, hand in enumerate(hands):
            if len(hand) != 13:
                raise ValueError(f"hai{s} must hold 13 tiles, it holds {len(hand)}")
        if not 0 <= seed[5] < 136:
            raise ValueError(f"the dora indicator {seed[5]} is not a tile")
        oya = init.get("oya")
        if oya is not None and int(oya) != seed[0] % 4:
            raise ValueError(f"oya={oya} is not the dealer of round {seed[0]}")
        self.round = Round(
            index=seed[0],
            honba=seed[1],
            riichi_sticks=seed[2],
            scores=tuple(x * 100 for x in ten),
            dora_indicator=seed[5],
            hands=hands,
            dice=(seed[3] + 1, seed[4] + 1),
        )
        self.events: list[Event] = []
        self.last_draw: list[int | None] = [None] * 4
        self.ended = False

    def finish(self) -> Round:
        r = self.round
        return Round(
            r.index, r.honba, r.riichi_sticks, r.scores, r.dora_indicator, r.hands,
            tuple(self.events), r.dice,
        )  # fmt: skip


def _who(attrs: dict[str, str], key: str = "who") -> int:
    value = int(attrs[key])
    if not 0 <= value < 4:
        raise ValueError(f'{key}="{value}" is not a seat (0–3)')
    return value


def _not_a_tag(text: str, current: _RoundBuilder | None, at_start: bool) -> None:
    if at_start:
        raise GameLogError("this is not an mjlog (Tenhou XML) game log", code="not_mjlog")
    shown = " ".join(text.split())[:40]
    where = current.round.label if current else None
    cut = shown.startswith("<")
    reason = "a tag is cut off or malformed" if cut else "not an mjlog tag"
    code = "malformed_tag" if cut else "not_a_tag"
    raise GameLogError(_before_rounds(reason, current), where=where, event=shown, code=code)


def _before_rounds(reason: str, current: _RoundBuilder | None) -> str:
    return reason if current is not None else f"{reason} (before the first round)"


def read_mjlog(text: str, log_id: str = "") -> Game:
    """Read the text of an mjlog into a :class:`.Game`; raise :class:`.GameLogError` if bad.

    >>> read_mjlog("<mjloggm><INIT seed='0'/>")
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: event <INIT seed='0'/>: a tag is cut off or malformed (before the first round)
    """
    rules = Rules()
    players: tuple[str, ...] = ("", "", "", "")
    rounds: list[Round] = []
    current: _RoundBuilder | None = None
    final: tuple[int, ...] | None = None
    pos = 0
    last_tag = ""
    for match in _TAG.finditer(text):
        gap = text[pos : match.start()]
        if gap.strip():
            _not_a_tag(gap, current, pos == 0)
        pos = match.end()
        closing, name, number, attr_text = match.groups()
        tag = match.group(0)
        last_tag = tag
        if closing:
            continue
        attrs = dict(_ATTR.findall(attr_text))
        try:
            if name in _IGNORED:
                continue
            if name == "GO":
                t = int(attrs.get("type", "169"))
                if t & 0x10:
                    raise ValueError("three-player games are not supported")
                rules = Rules(aka=not t & 0x02, kuitan=not t & 0x04, hanchan=bool(t & 0x08),
                              game_type=t)  # fmt: skip
                continue
            if name == "UN":
                if "dan" in attrs or current is None:
                    players = tuple(unquote(attrs.get(f"n{s}", "")) for s in range(4))
                continue
            if name == "INIT":
                if current is not None:
                    if not current.ended:
                        raise ValueError("a new round starts before the previous one ended")
                    rounds.append(current.finish())
                current = _RoundBuilder(attrs)
                continue
            if current is None:
                raise ValueError("an event before the first round")
            if current.ended and not (name == "AGARI" and isinstance(current.events[-1], Win)):
                raise ValueError("an event after the round ended")
            ev = current.events
            if number and len(name) == 1 and name in _DRAW_TAGS:
                seat = _DRAW_TAGS.index(name)
                tile = int(number)
                if not 0 <= tile < 136:
                    raise ValueError(f"{tile} is not a tile (0–135)")
                ev.append(Draw(seat, tile))
                current.last_draw = [None] * 4
                current.last_draw[seat] = tile
            elif number and len(name) == 1 and name.upper() in _DISCARD_TAGS:
                seat = _DISCARD_TAGS.index(name.upper())
                tile = int(number)
                if not 0 <= tile < 136:
                    raise ValueError(f"{tile} is not a tile (0–135)")
                ev.append(Discard(seat, tile, tsumogiri=current.last_draw[seat] == tile))
                current.last_draw = [None] * 4
            elif name == "N":
                ev.append(decode_meld(_who(attrs), int(attrs["m"])))
                current.last_draw = [None] * 4
            elif name == "REACH":
                step = int(attrs["step"])
                if step not in (1, 2):
                    raise ValueError(f"step={step}: riichi has steps 1 and 2")
                ev.append(Riichi(_who(attrs), step))
            elif name == "DORA":
                ev.append(NewDora(_tiles(attrs["hai"], "hai")[0]))
            elif name == "AGARI":
                ten = _ints(attrs.get("ten", ""))
                ev.append(
                    Win(
                        who=_who(attrs),
                        from_who=_who(attrs, "fromWho"),
                        deltas=_deltas(attrs["sc"]),
                        ura_indicators=_tiles(attrs.get("doraHaiUra", ""), "doraHaiUra"),
                        pao=_who(attrs, "paoWho") if "paoWho" in attrs else None,
                        fu=ten[0] if ten else None,
                        points=ten[1] if len(ten) > 1 else None,
                    )
                )
                current.ended = True
            elif name == "RYUUKYOKU":
                kind = _DRAW_TYPES.get(attrs.get("type", ""))
                if kind is None:
                    raise ValueError(f'type="{attrs["type"]}" is not a kind of draw')
                shown = tuple(s for s in range(4) if f"hai{s}" in attrs)
                ev.append(RoundDraw(kind, _deltas(attrs["sc"]), shown))
                current.ended = True
            else:
                raise ValueError("not an mjlog tag")
            if name in ("AGARI", "RYUUKYOKU") and "owari" in attrs:
                final = _final(attrs["owari"])
        except GameLogError:
            raise
        except (ValueError, KeyError, IndexError) as exc:
            reason = str(exc) if isinstance(exc, ValueError) else f"missing {exc}"
            where = current.round.label if current else None
            raise GameLogError(
                _before_rounds(reason, current),
                where=where,
                event=tag,
                code="bad_tag",
                params={"detail": reason},
            ) from None
    rest = text[pos:].strip()
    if rest and rest != "</mjloggm>":
        _not_a_tag(rest, current, pos == 0)
    where = current.round.label if current else None
    if current is None:
        raise GameLogError("the log holds no round", event=last_tag or None, code="no_round")
    if not current.ended:
        raise GameLogError(
            "the log ends before the round does (no win or draw)",
            where=where,
            event=last_tag,
            code="ends_early",
        )
    if final is None:
        raise GameLogError("the log ends without the final scores (owari)", where=where,
                           event=last_tag, code="no_final_scores")  # fmt: skip
    rounds.append(current.finish())
    return Game(log_id, rules, players, tuple(rounds), final)


def load_mjlog(path: str | Path) -> Game:
    """Read an mjlog file (gzipped or not); its name (without ``.xml``) is the log id.

    >>> load_mjlog("/nonexistent/x.xml")
    Traceback (most recent call last):
    ...
    tutor.engine.gamelog.events.GameLogError: cannot read /nonexistent/x.xml: No such file or directory
    """
    text, log_id = read_log_file(path)
    return read_mjlog(text, log_id=log_id)
