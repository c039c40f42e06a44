"""The replay rebuilds the shared defense file: every decision made against one riichi.

``defense_decisions.jsonl.gz`` (see its README) was built by another replayer; building it again
from :func:`replay_game`'s observer and comparing record by record checks the table states the
replay keeps (hands, rivers, calls, riichi, dora, the wall) on 27,313 real positions.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.conftest import missing
from tests.engine.test_gamelog import LOGS, _games
from tutor.engine.gamelog.events import Call as CallEvent
from tutor.engine.gamelog.events import Discard, Draw, Game, Riichi, Win
from tutor.engine.gamelog.replay import Decision, Table, replay_game
from tutor.engine.hand import Meld, MeldKind
from tutor.engine.tiles import parse_tiles, tile_str
from tutor.engine.waits import waits

DEFENSE = LOGS.parent / "defense_decisions.jsonl.gz"
_KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "minkan": MeldKind.OPEN_KAN,
          "ankan": MeldKind.CLOSED_KAN, "kakan": MeldKind.ADDED_KAN}  # fmt: skip


def _counts(tiles: list[int]) -> list[int]:
    out = [0] * 34
    for t in tiles:
        out[t // 4] += 1
    return out


def _defense_records(game: Game) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []

    def observe(table: Table, d: Decision) -> None:
        opponents = [p for p in range(4) if p != d.seat and table.in_riichi[p]]
        if len(opponents) != 1 or table.in_riichi[d.seat]:
            return
        r = opponents[0]
        melds = [Meld(_KINDS[m.kind], tuple(t // 4 for t in m.tiles)) for m in table.melds[r]]
        label = waits(_counts(table.hands[r]), melds)
        if not label:
            return
        events = table.round.events[: table.position]
        declared = next(i for i, e in enumerate(events) if isinstance(e, Riichi) and e.seat == r)
        declaration = next(
            i for i, e in enumerate(events) if i > declared and isinstance(e, Discard)
        )
        after = [tile_str(e.tile // 4) for e in events[declaration + 1 :] if isinstance(e, Discard)]
        visible = _counts(table.hands[d.seat])
        for k in parse_tiles(d.seen):
            visible[k] += 1
        dealt_in = False
        for e in table.round.events[table.position + 1 :]:
            if isinstance(e, Win):
                dealt_in = dealt_in or (e.who == r and e.from_who == d.seat)
            elif isinstance(e, Draw | CallEvent):
                break
        river = table.rivers[r]
        records.append(
            {
                "log_id": game.log_id,
                "round": table.round.index,
                "honba": table.round.honba,
                "round_seq": d.round_seq,
                "decider": d.seat,
                "riichi_seat": r,
                "river": [
                    {"tile": tile_str(t // 4), "tsumogiri": g, "riichi": ri, "called": c}
                    for t, (_, g, ri, c) in zip(table.river_tiles[r], river, strict=True)
                ],
                "melds": [
                    [
                        {
                            "type": m.kind,
                            "tiles": sorted(tile_str(t // 4) for t in m.tiles),
                            "from": m.from_seat,
                        }  # fmt: skip
                        for m in table.melds[s]
                    ]
                    for s in range(4)
                ],
                "discards_after_riichi": after,
                "visible": [min(4, v) for v in visible],
                "hand": _counts(table.hands[d.seat]),
                "dora_indicators": [tile_str(t // 4) for t in table.dora],
                "round_wind": d.round_wind,
                "riichi_seat_wind": tile_str(table.round.seat_wind(r)),
                "decider_seat_wind": d.seat_wind,
                "turns_since_riichi": len(after),
                "riichi_turn": next(i for i, e in enumerate(river) if e[2]),
                "tiles_left": d.tiles_left,
                # the file gives the scores at the start of the round, before any riichi stick
                "scores": list(table.round.scores),
                "declaring_riichi": d.declared_riichi,
                "waits": [tile_str(k) for k in label],
                "discard": d.discard,
                "dealt_in": dealt_in,
            }
        )

    replay_game(game, observer=observe)
    return records


@pytest.mark.slow  # replays all 363 games: about half a minute of CPU
def test_the_replay_rebuilds_all_27313_defense_decisions_exactly() -> None:
    if not DEFENSE.exists():
        missing(f"the defense decisions are not in {DEFENSE}")
    with gzip.open(DEFENSE, "rt") as f:
        expected = [json.loads(line) for line in f]
    rebuilt = [r for game in _games() for r in _defense_records(game)]
    assert len(expected) == len(rebuilt) == 27313

    def key(r: dict[str, Any]) -> tuple[Any, ...]:
        return (r["log_id"], r["round_seq"], r["decider"], r["tiles_left"])

    assert sorted(rebuilt, key=key) == sorted(expected, key=key)
