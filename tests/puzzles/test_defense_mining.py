"""Staff mining an uploaded game: the positions facing one riichi become defense puzzles too."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles import services_mining
from puzzles.defense_mining import defense_rows
from puzzles.models import ChunkStatus, Puzzle
from tutor.engine.defense_puzzle import defense_positions
from tutor.engine.gamelog.read import read_game

LAST_ROUND = Path(__file__).parent / "data" / "last-round-of-56853ebc.xml"
"""The last round (South 4) of a shared Phoenix game, cut out as a game of its own: the dealer
declares riichi and the three others keep discarding against it."""


def test_the_replayer_finds_defense_puzzles_in_an_uploaded_game() -> None:
    game = read_game(LAST_ROUND.read_text(), LAST_ROUND.name)
    rows = defense_rows(game)
    assert rows and all(r["kind"] == "defense" for r in rows)
    for row in rows:
        danger = row["analysis"]["danger"]
        assert row["analysis"]["answer"] == danger[0]["tile"]
        assert danger[1]["danger"] - danger[0]["danger"] >= 0.02  # it stands out
        assert row["source_log"] == game.log_id and "defense" in row["themes"]


@pytest.mark.slow  # mines a game twice through the staff job: 11 s of CPU
@pytest.mark.django_db
def test_a_staff_mining_job_stores_the_defense_puzzles_once() -> None:
    files, errors = services_mining.read_paths([LAST_ROUND])
    assert not errors
    job = services_mining.request_mining(files)
    job = services_mining.run_job_here(job.pk)
    defense = Puzzle.objects.filter(mining_job=job, kind="defense")
    expected = len(defense_rows(read_game(LAST_ROUND.read_text(), LAST_ROUND.name)))
    assert defense.count() == expected > 0
    assert job.created_count == Puzzle.objects.filter(mining_job=job).count()
    assert all("defense" in {t.slug for t in p.themes.all()} for p in defense)
    assert job.games.get().status == ChunkStatus.DONE

    again = services_mining.request_mining(files)
    again = services_mining.run_job_here(again.pk)
    assert again.created_count == 0
    assert again.duplicates >= expected
    assert Puzzle.objects.filter(kind="defense").count() == expected


def test_a_position_the_danger_model_refuses_is_skipped_not_the_game() -> None:
    from puzzles.defense_mining import _readable

    game = read_game(LAST_ROUND.read_text(), LAST_ROUND.name)
    record = defense_positions(game)[0][1]
    assert _readable(record)
    assert not _readable({**record, "river": []})
