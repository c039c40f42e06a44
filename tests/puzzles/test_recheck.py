"""``manage.py recheck_puzzles`` judges stored puzzles again with today's engine: a puzzle whose
answer stands is kept (its figures refreshed), one the engine no longer stands by is retired:
out of the stream, the daily puzzle, assignments and reviews, its answers unrated, its page
saying why, and nothing deleted.

The real case: the 13 puzzles the shared-game fixture carried before a tie (12) and a near tie
(one answer led its rival by 26 points of 4,491) stopped counting as a clear best, as a site
that loaded the fixture then still stores them (``data/retired_fixture_puzzles.jsonl``).
"""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from puzzles import generation, play, recheck, services, services_mining
from puzzles.management.commands.mine_defense import FIXTURE as DEFENSE_FIXTURE
from puzzles.management.commands.mine_push_fold import FIXTURE as PUSH_FOLD_FIXTURE
from puzzles.models import GameLog, Puzzle, PuzzleAttempt, Retired
from tests.conftest import missing
from tests.engine.test_gamelog import LOGS

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"
OLD_FIXTURE = DATA / "retired_fixture_puzzles.jsonl"
TWO_ROUNDS = DATA / "2022010102gm-00e1-0000-56853ebc-two-rounds.xml"


def generated(kind: str, count: int = 4) -> list[Puzzle]:
    made = generation.generate(kind, seed=11, count=count).puzzles
    keys = services.store_new(
        [
            Puzzle(**{k: v for k, v in g.fields().items() if k != "themes"}, seed=g.seed)
            for g in made
        ],
        {g.canonical_key: list(g.themes) for g in made},
    )
    return list(Puzzle.objects.filter(canonical_key__in=keys))


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("recheck_puzzles", *args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("kind", generation.KINDS)
def test_a_generated_puzzle_is_judged_again_from_its_hand_and_table(kind: str) -> None:
    puzzles = generated(kind)
    assert puzzles
    done = recheck.recheck(puzzles)
    assert (done.unchanged, done.refreshed, done.retired.total()) == (len(puzzles), 0, 0)


def test_a_mined_game_is_judged_again_from_the_log_the_site_holds() -> None:
    files, errors = services_mining.read_paths([TWO_ROUNDS])
    assert not errors
    job = services_mining.run_job_here(services_mining.request_mining(files).pk)
    assert GameLog.objects.filter(job=job).exists()
    mined = list(Puzzle.objects.filter(mining_job=job))
    assert {p.kind for p in mined} >= {"discard"}
    done = recheck.recheck(mined)
    assert (done.unchanged, done.no_log, done.retired.total()) == (len(mined), 0, 0)


def test_an_answer_the_engine_now_gives_differently_retires_the_puzzle() -> None:
    files, _errors = services_mining.read_paths([TWO_ROUNDS])
    job = services_mining.run_job_here(services_mining.request_mining(files).pk)
    puzzle = Puzzle.objects.filter(mining_job=job, kind="discard").first()
    assert puzzle is not None
    other = next(r["discard"] for r in puzzle.analysis["discards"][1:])
    Puzzle.objects.filter(pk=puzzle.pk).update(analysis={**puzzle.analysis, "answer": other})
    recheck.recheck([Puzzle.objects.get(pk=puzzle.pk)])
    puzzle.refresh_from_db()
    assert puzzle.retired is not None and puzzle.retired_reason == Retired.ANSWER_CHANGED


def stored_old_fixture() -> list[Puzzle]:
    rows = [json.loads(line) for line in OLD_FIXTURE.read_text("utf-8").splitlines() if line]
    keys = services.store_rows(rows)
    return list(Puzzle.objects.filter(canonical_key__in=keys))


@pytest.mark.slow
def test_the_ties_a_site_still_stores_are_retired_and_the_current_fixture_stands() -> None:
    if not LOGS.is_dir():
        missing(f"the 363 shared Tenhou logs are not in {LOGS}")
    old = stored_old_fixture()
    assert len(old) == 13
    current = services_mining.load_fixture()
    assert current == 67
    dry = run("--logs", str(LOGS), "--dry-run", "--kind", "discard")
    assert "80 puzzles judged again: 67 unchanged, 0 would be refreshed" in dry
    assert "would be retired: 13 not-clear" in dry
    assert not Puzzle.objects.exclude(retired=None).exists()  # a dry run changes nothing

    said = run("--logs", str(LOGS), "--kind", "discard")
    assert "retired: 13 not-clear" in said
    retired = set(Puzzle.objects.exclude(retired=None).values_list("canonical_key", flat=True))
    assert retired == {p.canonical_key for p in old}
    again = run("--logs", str(LOGS), "--kind", "discard")  # a retired puzzle is not judged again
    assert again.startswith("67 puzzles judged again: 67 unchanged")


@pytest.mark.slow
def test_the_defense_and_push_or_fold_fixtures_are_judged_the_same_again() -> None:
    if not LOGS.is_dir():
        missing(f"the 363 shared Tenhou logs are not in {LOGS}")
    stored = sum(
        services_mining.load_fixture(path) for path in (DEFENSE_FIXTURE, PUSH_FOLD_FIXTURE)
    )
    said = run("--logs", str(LOGS), "--kind", "defense", "--kind", "push_fold")
    assert said.startswith(f"{stored} puzzles judged again: {stored} unchanged, 0 refreshed")


def test_a_mined_puzzle_whose_game_is_not_found_is_left_as_it_is(tmp_path: Path) -> None:
    old = stored_old_fixture()
    said = run("--logs", str(tmp_path))
    assert f"{len(old)} mined from a game not found (left as they are)" in said
    assert not Puzzle.objects.exclude(retired=None).exists()


def test_a_position_stored_malformed_is_named_and_left_as_it_is() -> None:
    puzzle, fine = generated("discard", count=2)[:2]
    Puzzle.objects.filter(pk=puzzle.pk).update(hand="123m456p789s1z", context={"discards": "9x"})
    out, err = io.StringIO(), io.StringIO()
    call_command("recheck_puzzles", stdout=out, stderr=err)
    assert f"puzzle {puzzle.pk}:" in err.getvalue()
    assert out.getvalue().startswith("1 puzzles judged again: 1 unchanged")
    assert not Puzzle.objects.exclude(retired=None).exists()


def test_a_folder_that_is_not_there_is_refused(tmp_path: Path) -> None:
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="not a folder of game logs"):
        run("--logs", str(tmp_path / "nowhere"))


@pytest.fixture
def retired_and_live() -> tuple[Puzzle, Puzzle]:
    retired, live = generated("efficiency", count=2)[:2]
    Puzzle.objects.filter(pk=retired.pk).update(
        retired="2026-12-05T12:00:00Z", retired_reason=Retired.NOT_CLEAR
    )
    retired.refresh_from_db()
    return retired, live


def test_a_retired_puzzle_is_out_of_the_stream_the_daily_puzzle_and_assignments(
    retired_and_live,
) -> None:
    retired, live = retired_and_live
    assert list(play.in_rated_pool(Puzzle.objects.all())) == [live]
    assert [p.pk for p in play.pick_puzzles(count=10)] == [live.pk]
    for day in range(1, 8):
        daily = services.pick_daily(dt.date(2027, 1, day))
        assert daily is not None and daily.puzzle_id == live.pk


def test_today_s_daily_puzzle_retired_gives_way_and_a_past_day_keeps_its_own() -> None:
    from django.utils import timezone

    from puzzles.models import DailyPuzzle

    first, second = generated("efficiency", count=2)[:2]
    today = timezone.localdate()
    yesterday = today - dt.timedelta(days=1)
    DailyPuzzle.objects.create(date=yesterday, puzzle=first)
    DailyPuzzle.objects.create(date=today, puzzle=first)
    Puzzle.objects.filter(pk=first.pk).update(
        retired="2026-12-05T12:00:00Z", retired_reason=Retired.ANSWER_CHANGED
    )
    now = services.daily_puzzle()
    assert now is not None and now.puzzle_id == second.pk
    assert services.pick_daily(yesterday).puzzle_id == first.pk  # type: ignore[union-attr]
    assert services.daily_puzzle().puzzle_id == second.pk  # type: ignore[union-attr]


def test_answering_a_retired_puzzle_rates_nobody_and_its_page_says_why(
    client, make_user, retired_and_live
) -> None:
    retired, _live = retired_and_live
    user = make_user()
    client.force_login(user)
    page = client.get(reverse("puzzles:detail", args=[retired.pk]))
    assert page.status_code == 200
    assert "The engine no longer finds one clearly best answer here." in page.content.decode()
    result = play.record_attempt(user, retired.pk, list(play.solution(retired)))
    assert result.correct and not result.rated and result.held_out
    assert retired.rating == Puzzle.objects.get(pk=retired.pk).rating
    assert PuzzleAttempt.objects.filter(user=user, puzzle=retired).count() == 1


def test_a_retired_puzzle_missed_before_no_longer_comes_back_for_review(
    make_user, retired_and_live
) -> None:
    retired, live = retired_and_live
    user = make_user()
    for puzzle in (retired, live):
        PuzzleAttempt.objects.create(user=user, puzzle=puzzle, answer=["1m"], correct=False)
    PuzzleAttempt.objects.update(created=dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
    assert [r.puzzle_id for r in play.due_reviews(user)] == [live.pk]


# --- the judgment version: what an engine upgrade leaves stale is judged again ---------------


def test_a_new_puzzle_carries_today_s_judgment_version_and_is_not_stale() -> None:
    from tutor.engine import judgment

    puzzles = generated("discard", count=2)
    assert {p.judged_with for p in puzzles} == {judgment.VERSION}
    assert not recheck.stale_puzzles().exists()


def test_puzzles_an_older_engine_judged_are_judged_again_and_stamped() -> None:
    from tutor.engine import judgment

    stale, current = generated("discard", count=2)[:2]
    Puzzle.objects.filter(pk=stale.pk).update(judged_with=judgment.VERSION - 1)
    assert list(recheck.stale_puzzles()) == [stale]
    said = run("--stale")
    assert said.startswith("1 puzzles judged again: 1 unchanged")
    assert not recheck.stale_puzzles().exists()
    assert Puzzle.objects.get(pk=stale.pk).judged_with == judgment.VERSION


def test_a_dry_run_stamps_nothing() -> None:
    puzzle = generated("discard", count=1)[0]
    Puzzle.objects.filter(pk=puzzle.pk).update(judged_with=0)
    run("--stale", "--dry-run")
    assert list(recheck.stale_puzzles()) == [Puzzle.objects.get(pk=puzzle.pk)]


def test_a_bounded_run_leaves_the_games_past_its_bound_for_the_next() -> None:
    files, _errors = services_mining.read_paths([TWO_ROUNDS])
    job = services_mining.run_job_here(services_mining.request_mining(files).pk)
    mined = Puzzle.objects.filter(mining_job=job)
    mined.update(judged_with=0)
    done = recheck.recheck(recheck.stale_puzzles(), max_games=0)
    assert (done.checked, done.left) == (0, mined.count())
    assert recheck.stale_puzzles().count() == mined.count()
    done = recheck.recheck(recheck.stale_puzzles(), max_games=1)
    assert (done.unchanged, done.left) == (mined.count(), 0)
    assert not recheck.stale_puzzles().exists()


def test_ensure_puzzles_judges_again_what_an_older_engine_stored() -> None:
    stale = generated("waits", count=2)
    Puzzle.objects.filter(pk__in=[p.pk for p in stale]).update(judged_with=0)
    out = io.StringIO()
    call_command("ensure_puzzles", "--scale", "0.02", stdout=out)
    assert "judged again for judgment version" in out.getvalue()
    assert not recheck.stale_puzzles().exists()
    out = io.StringIO()
    call_command("ensure_puzzles", "--scale", "0.02", stdout=out)  # nothing stale: no recheck
    assert "judged again" not in out.getvalue()


def test_the_periodic_task_judges_stale_puzzles_again() -> None:
    from puzzles.tasks import recheck_stale_puzzles

    puzzles = generated("shanten", count=3)
    Puzzle.objects.filter(pk__in=[p.pk for p in puzzles]).update(judged_with=0)
    assert recheck_stale_puzzles() == len(puzzles)
    assert not recheck.stale_puzzles().exists()
    assert recheck_stale_puzzles() == 0
