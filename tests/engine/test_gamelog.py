"""Replaying the 363 shared Phoenix games reproduces every win, every draw and the final scores."""

from __future__ import annotations

import copy
import gzip
import io
import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import missing
from tutor.engine.__main__ import main
from tutor.engine.gamelog.events import (
    Call,
    Discard,
    Draw,
    Event,
    Game,
    GameLogError,
    Riichi,
    Round,
    RoundDraw,
    Rules,
    Win,
)
from tutor.engine.gamelog.mjlog import load_mjlog, read_mjlog
from tutor.engine.gamelog.replay import GameReplay, replay_game
from tutor.engine.gamelog.tenhou6 import read_tenhou6, write_tenhou6
from tutor.engine.hand import parse_hand
from tutor.engine.tiles import parse_tiles

LOGS = Path(__file__).resolve().parents[3] / "shared" / "reference" / "tenhou_logs"
if not LOGS.exists():  # the tree may be checked out elsewhere than /work/main
    LOGS = Path("/work/shared/reference/tenhou_logs")


def _files() -> list[Path]:
    files = sorted(LOGS.glob("*.xml"))
    if len(files) != 363:
        missing(f"the 363 shared Tenhou logs are not in {LOGS}")
    return files


@cache
def _games(first: int | None = None) -> tuple[Game, ...]:
    """The shared games (the ``first`` ones only), read once per test process."""
    return tuple(load_mjlog(f) for f in _files()[:first])


@cache
def _replays(first: int | None = None) -> tuple[GameReplay, ...]:
    return tuple(replay_game(g, decisions=False) for g in _games(first))


# The whole-corpus checks below replay all 363 games (15 s of CPU) and run in `make test`; the
# inner loop replays the first 20 against the same records.
def test_the_first_20_games_replay_to_their_recorded_wins_draws_and_final_scores() -> None:
    games, replays = _games(20), _replays(20)
    results = [r for replay in replays for r in replay.results]
    assert {r.kind for r in results} >= {"win", "exhaustive"}
    for result in results:
        assert result.deltas == result.recorded, result.round
    for game, replay in zip(games, replays, strict=True):
        assert replay.start_mismatches == (), game.log_id
        assert replay.final_scores == game.final_scores, game.log_id


@pytest.mark.slow
def test_every_win_scores_as_the_log_recorded() -> None:
    wins = 0
    for replay in _replays():
        for result in replay.results:
            if result.kind == "win":
                wins += len(result.wins)
                assert result.deltas == result.recorded, result.round
    assert wins == 3006  # every AGARI tag of the 363 games


@pytest.mark.slow
def test_every_win_has_the_yaku_han_and_fu_tenhou_gave_it() -> None:
    # The reference file holds Tenhou's own result for each of these 3006 wins; the replay
    # derives riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou and chiihou from the
    # events, so a wrong flag shows here even when it would not change the points.
    reference = LOGS.parent / "tenhou_agari.jsonl"
    if not reference.exists():
        missing(f"the Tenhou reference wins are not in {reference}")
    results = {}
    for line in reference.read_text().splitlines():
        record = json.loads(line)
        results[record["id"]] = record["result"]
    compared = 0
    for game, replay in zip(_games(), _replays(), strict=True):
        for result in replay.results:
            for k, (_, _, scored) in enumerate(result.wins):
                expected = results[f"{game.log_id}/{result.round_seq}/{k}"]
                assert (scored.han, scored.fu, scored.dora, scored.ura, scored.red) == (
                    expected["han"], expected["fu"], expected["dora"], expected["ura"],
                    expected["aka"],
                )  # fmt: skip
                assert {(y.tenhou_id, y.han) for y in scored.yaku} == {
                    (y[0], y[2]) for y in expected["yaku"] if y[2] > 0
                }
                compared += 1
    assert compared == 3006


@pytest.mark.slow
def test_every_draw_pays_noten_from_the_replayed_hands() -> None:
    kinds: Counter[str] = Counter()
    for replay in _replays():
        for result in replay.results:
            if result.kind == "win":
                continue
            kinds[result.kind] += 1
            assert result.deltas == result.recorded, result.round
            if result.kind == "exhaustive":
                # the seats Tenhou showed as tenpai are the ones the replay finds ready
                assert set(result.tenpai) == set(result.shown_tenpai or ()), result.round
    assert kinds == {"exhaustive": 543, "nine_terminals": 43, "four_winds": 2,
                     "nagashi_mangan": 1}  # fmt: skip


@pytest.mark.slow
def test_each_round_starts_with_the_scores_and_sticks_the_last_one_left() -> None:
    for game, replay in zip(_games(), _replays(), strict=True):
        assert replay.start_mismatches == (), game.log_id


@pytest.mark.slow
def test_the_final_scores_of_all_363_games_equal_the_logs_owari() -> None:
    games, replays = _games(), _replays()
    assert len(games) == 363
    for game, replay in zip(games, replays, strict=True):
        assert replay.final_scores == game.final_scores, game.log_id


def test_there_is_one_decision_per_discard_and_each_hand_is_whole() -> None:
    file = _files()[0]
    text = file.read_text()
    game = load_mjlog(file)
    decisions = replay_game(game).decisions
    discards = len(re.findall(r"<[DEFG]\d", text))
    assert len(decisions) == discards
    for d in decisions:
        hand = parse_hand(" ".join((d.hand, *d.melds)), sizes=(14,))
        # what the player holds and what they see never exceed four copies of a tile
        assert all(n <= 4 for n in hand.all_counts())
        seen = Counter(parse_tiles(d.seen)) + Counter(parse_tiles(d.hand))
        assert max(seen.values()) <= 4
        assert d.turn == len(d.own_discards) + 1
        assert d.discard in {f"{c}" for c in _kinds(d.hand)}
        assert not d.tsumogiri or d.drawn is not None


def _kinds(hand: str) -> set[str]:
    from tutor.engine.tiles import tile_str

    return {tile_str(t) for t in parse_tiles(hand)}


def test_decisions_record_calls_riichi_and_tsumogiri() -> None:
    decisions = [d for g in _games(20) for d in replay_game(g).decisions]
    after_call = [d for d in decisions if d.after_call]
    assert after_call and all(d.drawn is None and not d.tsumogiri for d in after_call)
    declared = [d for d in decisions if d.declared_riichi]
    assert declared and all(d.seat not in d.riichi for d in declared)
    in_riichi = [d for d in decisions if d.seat in d.riichi]
    assert in_riichi and all(d.tsumogiri for d in in_riichi)


def test_the_replay_command_prints_one_line_per_decision() -> None:
    file = _files()[0]
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(file)], stdout=out, stderr=err) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == len(replay_game(load_mjlog(file)).decisions)
    assert err.getvalue() == ""


def test_a_replay_line_has_the_fields_the_rank_command_and_the_miner_read() -> None:
    out = io.StringIO()
    assert main(["replay", str(_files()[0])], stdout=out, stderr=io.StringIO()) == 0
    line = json.loads(out.getvalue().splitlines()[40])
    assert set(line) >= {
        "log_id", "round", "honba", "seat", "turn", "hand", "melds", "dora_indicators",
        "round_wind", "seat_wind", "seen", "own_discards", "passed", "riichi", "discard", "tsumogiri",
        "declared_riichi", "scores", "riichi_sticks", "tiles_left", "rivers", "all_melds",
    }  # fmt: skip
    assert line["round"] in {f"{w}{n}" for w in "ESWN" for n in range(1, 5)}
    assert line["seat_wind"] in {"1z", "2z", "3z", "4z"} and line["round_wind"] == "1z"
    assert parse_hand(" ".join([line["hand"], *line["melds"]]), sizes=(14,))
    assert set(line["rivers"][0]) == {"tiles", "tsumogiri", "riichi", "called"}


def test_the_replay_command_reports_a_bad_file_in_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    text = _files()[0].read_text()
    bad.write_text(text[: len(text) // 2])
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(bad)], stdout=out, stderr=err) == 1
    assert out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1
    assert err.getvalue().startswith(f"{bad}: round ")


def test_a_truncated_log_names_the_round_and_the_event() -> None:
    rng = random.Random(13)
    for file in _files()[:12]:
        text = file.read_text()
        for cut in sorted(rng.sample(range(200, len(text) - 20), 40)):
            with pytest.raises(GameLogError) as info:
                replay_game(read_mjlog(text[:cut], file.stem))
            message = str(info.value)
            first_round = text.index(">", text.index("<INIT"))
            where = "round " if cut > first_round else "before the first round"
            assert where in message and "event " in message, message


@pytest.mark.slow  # 480 damaged replays; the truncated-log tests stay in the inner loop
def test_a_corrupted_log_raises_only_game_log_errors() -> None:
    rng = random.Random(7)
    for file in _files()[:12]:
        text = file.read_text()
        for _ in range(40):
            at = rng.randrange(200, len(text) - 1)
            replacement = rng.choice(["9", '"', "<", ">", "T", "N", "", "135", "0"])
            damaged = text[:at] + replacement + text[at + 1 :]
            try:
                replay_game(read_mjlog(damaged, file.stem))
            except GameLogError as exc:
                assert str(exc)


# --- tenhou.net/6 JSON -----------------------------------------------------------------------

SMALL_MJLOG = (
    '<mjloggm ver="2.3"><GO type="169"/><UN n0="a" n1="b" n2="c" n3="d" dan="0,0,0,0"/>'
    '<INIT seed="0,0,0,1,1,125" ten="250,250,250,250" oya="0" '
    'hai0="0,4,8,36,40,44,72,76,80,108,109,112,113" '
    'hai1="1,5,9,37,41,45,73,77,81,110,116,117,118" '
    'hai2="2,6,10,38,42,46,74,78,82,111,115,119,120" '
    'hai3="3,7,11,18,19,39,43,47,75,79,83,123,124"/>'
    '<T126/><D126/><U16/><E1/><V17/><F17/><N who="3" m="6155"/><G3/>'
    '<T114/><AGARI ba="0,0" hai="0,4,8,36,40,44,72,76,80,108,109,112,113,114" machi="114" '
    'ten="40,12000,1" who="0" fromWho="0" sc="250,120,250,-40,250,-40,250,-40" '
    'owari="370,0,210,0,210,0,210,0"/></mjloggm>'
)


def test_a_game_is_written_in_tenhou6_notation() -> None:
    game = read_mjlog(SMALL_MJLOG, "small")
    data = json.loads(write_tenhou6(game))
    assert data["rule"] == {"disp": "四鳳南喰赤", "aka": 1}
    (entry,) = data["log"]
    assert entry[:4] == [[0, 0, 0], [25000] * 4, [45], []]  # the indicator: 5z
    assert entry[4] == [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 41, 42, 42]
    assert entry[5:7] == [[45, 42], [60]]  # the drawn 5z thrown at once: 60
    assert entry[8:10] == [[51], [11]]  # seat 1 draws the red 5m (51), throws a 1m
    # seat 3 pons seat 2's 5m: "p" first says it came from the left, the called tile follows
    assert entry[14:16] == [["p151515"], [11]]
    assert entry[16] == ["和了", [12000, -4000, -4000, -4000], [0, 0, 0, "40符12000点"]]
    again = read_tenhou6(data)
    assert replay_game(again).decisions == replay_game(game).decisions


@pytest.mark.slow  # writes, reads and replays all 363 games twice
def test_a_tenhou6_log_round_trips_with_identical_decisions_for_all_363_games() -> None:
    for game in _games():
        again = read_tenhou6(write_tenhou6(game))
        assert again.final_scores == game.final_scores
        first, second = replay_game(game), replay_game(again)
        assert second.decisions == first.decisions, game.log_id
        assert [r.deltas for r in second.results] == [r.deltas for r in first.results]
        assert [r.recorded for r in second.results] == [r.recorded for r in first.results]


def test_the_replay_command_reads_tenhou6_json_too(tmp_path: Path) -> None:
    file = _files()[1]
    json_file = tmp_path / "game.json"
    json_file.write_text(write_tenhou6(load_mjlog(file)))
    outputs = []
    for path in (file, json_file):
        out = io.StringIO()
        assert main(["replay", str(path)], stdout=out, stderr=io.StringIO()) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] and outputs[0]


def test_truncated_tenhou6_json_names_the_round_and_the_place() -> None:
    text = write_tenhou6(_games(20)[0])
    third_round = [m.start() for m in re.finditer(r"\[\[\d+,\d+,\d+\],\[", text)][2]
    with pytest.raises(GameLogError) as info:
        read_tenhou6(text[: third_round + 200])
    assert str(info.value).startswith("round E3-0, event character ")


def test_damaged_tenhou6_actions_raise_game_log_errors_naming_the_round() -> None:
    rng = random.Random(11)
    data = json.loads(write_tenhou6(_games(20)[2]))
    for _ in range(150):
        damaged = copy.deepcopy(data)
        r = rng.randrange(len(damaged["log"]))
        column = damaged["log"][r][rng.choice([5, 6, 8, 9, 11, 12, 14, 15])]
        if not column:
            continue
        at = rng.randrange(len(column))
        choice = rng.randrange(3)
        if choice == 0:
            del column[at]
        elif choice == 1:
            column[at] = rng.choice([60, 0, 99, "p1", "r", True, None, 11, 47, "c111213"])
        else:
            column.insert(at, rng.choice([11, 25, 37, 60]))
        try:
            replay_game(read_tenhou6(damaged))
        except GameLogError as exc:
            assert str(exc).startswith("round "), str(exc)


# --- rules of play the replay checks, on a made-up round ------------------------------------

HANDS = (
    (0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 112, 113),  # 123m 123p 123s 1122z
    (1, 5, 9, 37, 41, 45, 73, 77, 81, 110, 116, 117, 118),
    (2, 6, 10, 38, 42, 46, 74, 78, 82, 111, 115, 119, 120),
    (3, 7, 11, 18, 19, 39, 43, 47, 75, 79, 83, 123, 124),
)


def _play(*events: Event) -> GameReplay:
    rnd = Round(0, 0, 0, (25000,) * 4, 125, HANDS, (*events, RoundDraw("nine_terminals")))
    return replay_game(Game("made-up", Rules(), ("a", "b", "c", "d"), (rnd,)))


def test_a_discard_must_be_in_the_players_hand() -> None:
    with pytest.raises(GameLogError) as info:
        _play(Draw(0, 126), Discard(0, 3))
    assert str(info.value) == (
        "round E1-0, event #2 (discard 1m by seat 0): seat 0 does not hold 1m (tile 3)"
    )


def test_chi_only_from_the_left() -> None:
    out = _play(Draw(0, 12), Discard(0, 12), Call(1, "chi", (5, 9, 12), 12, 0), Discard(1, 1))
    after_chi = out.decisions[-1]
    assert (after_chi.seat, after_chi.after_call, after_chi.drawn) == (1, True, None)
    assert after_chi.melds == ("[234*m]L",)
    assert after_chi.hand == "1m123p123s1333z"  # 2m and 3m went into the chi
    with pytest.raises(GameLogError, match="chi is only called from the player on the left"):
        _play(Draw(0, 12), Discard(0, 12), Call(2, "chi", (6, 10, 12), 12, 0))


def test_a_call_takes_the_last_discard() -> None:
    with pytest.raises(GameLogError, match="the last discard is 4m from seat 0"):
        _play(Draw(0, 12), Discard(0, 12), Call(3, "pon", (17, 18, 19), 17, 0))


def test_a_player_in_riichi_throws_the_tile_drawn() -> None:
    opening = (Draw(0, 126), Riichi(0, 1), Discard(0, 126), Riichi(0, 2))
    go_around = (Draw(1, 20), Discard(1, 20), Draw(2, 21), Discard(2, 21), Draw(3, 22),
                 Discard(3, 22))  # fmt: skip
    out = _play(*opening, *go_around, Draw(0, 127), Discard(0, 127))
    declaration, *_, forced = out.decisions
    assert declaration.declared_riichi and declaration.tsumogiri
    assert forced.riichi == (0,) and forced.scores[0] == 24000 and forced.riichi_sticks == 1
    with pytest.raises(GameLogError, match="seat 0 is in riichi and must discard the tile drawn"):
        _play(*opening, *go_around, Draw(0, 127), Discard(0, 0))


def test_what_a_player_sees_counts_a_called_tile_once() -> None:
    out = _play(Draw(0, 12), Discard(0, 12), Call(1, "chi", (5, 9, 12), 12, 0), Discard(1, 1))
    # the dora indicator 5z, the 4m in seat 0's river (taken by the chi), 2m 3m from the chi
    assert out.decisions[-1].seen == "234m5z"
    assert out.decisions[-1].as_json()["rivers"][0] == {
        "tiles": ["4m"], "tsumogiri": [0], "riichi": None, "called": [0]
    }  # fmt: skip


def test_the_replay_command_reads_gzipped_logs(tmp_path: Path) -> None:
    file = _files()[3]
    packed = tmp_path / f"{file.stem}.xml.gz"
    packed.write_bytes(gzip.compress(file.read_bytes()))
    outputs = []
    for path in (file, packed):
        out = io.StringIO()
        assert main(["replay", str(path)], stdout=out, stderr=io.StringIO()) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] and outputs[0]


PAO_HANDS = (
    (126, 130, 134, 1, 5, 9, 41, 45, 49, 73, 77, 81, 85),  # seat 0 feeds 5z, 6z and 7z
    (124, 125, 128, 129, 132, 133, 0, 4, 8, 36, 37, 40, 44),  # seat 1: pairs of 5z 6z 7z
    (2, 6, 10, 14, 50, 54, 58, 74, 78, 82, 86, 90, 94),
    (3, 7, 11, 15, 51, 55, 59, 75, 79, 83, 87, 91, 95),
)


def _big_three_dragons(*ending: Event) -> GameReplay:
    def feed(
        tile: int, pair: tuple[int, int], thrown: int, draws: tuple[int, int, int]
    ) -> list[Event]:
        return [
            Draw(0, draws[0]), Discard(0, tile),
            Call(1, "pon", (*pair, tile), tile, 0), Discard(1, thrown),
            Draw(2, draws[1]), Discard(2, draws[1]), Draw(3, draws[2]), Discard(3, draws[2]),
        ]  # fmt: skip

    events = [
        *feed(126, (124, 125), 44, (104, 105, 106)),
        *feed(130, (128, 129), 40, (107, 108, 109)),
        *feed(134, (132, 133), 37, (110, 111, 112)),  # the third dragon: seat 0 is liable
        Draw(0, 113), Discard(0, 113),
        *ending,
    ]  # fmt: skip
    rnd = Round(0, 1, 0, (25000,) * 4, 100, PAO_HANDS, tuple(events))
    return replay_game(Game("pao", Rules(), ("a", "b", "c", "d"), (rnd,)))


def test_the_feeder_of_the_third_dragon_pays_a_big_three_dragons_tsumo() -> None:
    # a non-dealer's yakuman is 32000; the feeder pays it all and the honba (1 × 300)
    out = _big_three_dragons(Draw(1, 38), Win(1, 1, (-32300, 32300, 0, 0), pao=0))
    assert out.results[0].deltas == out.results[0].recorded == (-32300, 32300, 0, 0)


def test_a_big_three_dragons_ron_is_shared_by_the_discarder_and_the_feeder() -> None:
    win = Win(1, 2, (-16000, 32300, -16300, 0), pao=0)
    out = _big_three_dragons(Draw(1, 114), Discard(1, 114), Draw(2, 38), Discard(2, 38), win)
    assert out.results[0].deltas == (-16000, 32300, -16300, 0)


def test_thirteen_orphans_may_rob_a_closed_kan() -> None:
    hands = (
        (132, 133, 134, 1, 5, 9, 13, 17, 21, 25, 29, 40, 44),  # seat 0: three 7z
        (0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 129),  # seat 1 waits on 7z
        (2, 6, 10, 14, 18, 22, 26, 30, 41, 45, 49, 53, 57),
        (3, 7, 11, 15, 19, 23, 27, 31, 42, 46, 50, 54, 58),
    )
    events = (
        Draw(0, 135),
        Call(0, "ankan", (132, 133, 134, 135)),
        Win(1, 0, (-32000, 32000, 0, 0)),
    )
    rnd = Round(0, 0, 0, (25000,) * 4, 100, hands, events)
    out = replay_game(Game("kokushi", Rules(), ("a", "b", "c", "d"), (rnd,)))
    (_, _, scored) = out.results[0].wins[0]
    assert [y.name for y in scored.yaku] == ["Kokushi Musou"]
    assert out.results[0].deltas == (-32000, 32000, 0, 0)


def test_a_tenhou6_round_can_end_on_the_first_draw_with_nine_terminals() -> None:
    log = {
        "title": ["", ""],
        "name": ["A", "B", "C", "D"],
        "rule": {"disp": "般南喰赤", "aka": 1},
        "log": [
            [
                [0, 0, 0], [25000, 25000, 25000, 25000], [22], [],
                [11, 19, 21, 29, 31, 39, 41, 42, 43, 12, 13, 14, 15], [44], [],
                [16, 17, 18, 23, 24, 25, 26, 27, 32, 33, 34, 35, 36], [], [],
                [16, 17, 18, 23, 24, 25, 26, 27, 32, 33, 34, 35, 36], [], [],
                [16, 17, 18, 23, 24, 25, 26, 27, 32, 33, 34, 35, 36], [], [],
                ["九種九牌"],
            ]
        ],
    }  # fmt: skip
    game = read_tenhou6(log, "nine")
    assert game.log_id == "nine" and game.final_scores is None and game.rules.kuitan
    out = replay_game(game)
    assert out.decisions == () and out.results[0].kind == "nine_terminals"
    assert out.final_scores == (25000,) * 4


def test_passed_lists_what_others_threw_since_the_players_own_discard() -> None:
    opening = (Draw(0, 126), Discard(0, 126), Draw(1, 20), Discard(1, 20), Draw(2, 21))
    out = _play(
        *opening, Discard(2, 21), Draw(3, 22), Discard(3, 22), Draw(0, 127), Discard(0, 127)
    )
    by_seat = {d.seat: d for d in out.decisions}
    assert by_seat[0].passed == ("6m", "6m", "6m")  # 20, 21 and 22 are all 6m
    assert by_seat[2].passed == ("5z", "6m")
