"""Replaying the 363 shared Phoenix games reproduces every win, every draw and the final scores."""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from tests.conftest import missing
from tutor.engine.__main__ import main
from tutor.engine.gamelog.events import Game, GameLogError
from tutor.engine.gamelog.mjlog import load_mjlog, read_mjlog
from tutor.engine.gamelog.replay import GameReplay, replay_game
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
def _games() -> tuple[Game, ...]:
    return tuple(load_mjlog(f) for f in _files())


@cache
def _replays() -> tuple[GameReplay, ...]:
    return tuple(replay_game(g, decisions=False) for g in _games())


def test_every_win_scores_as_the_log_recorded() -> None:
    wins = 0
    for replay in _replays():
        for result in replay.results:
            if result.kind == "win":
                wins += len(result.wins)
                assert result.deltas == result.recorded, result.round
    assert wins == 3006  # every AGARI tag of the 363 games


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


def test_each_round_starts_with_the_scores_and_sticks_the_last_one_left() -> None:
    for game, replay in zip(_games(), _replays(), strict=True):
        assert replay.start_mismatches == (), game.log_id


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
    decisions = [d for g in _games()[:20] for d in replay_game(g).decisions]
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
