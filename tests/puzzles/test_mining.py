"""Puzzles mined from real Phoenix games: the real table, the player's own choice shown after the
answer, one puzzle per decision however often a game is mined, bad logs refused whole, the
``mine_puzzles`` command and the task through a real worker.

The game is the first two rounds of a shared Phoenix-room game (``data/2022010102gm-00e1-0000-56853ebc-two-rounds.xml``,
with its final scores), and the same game written as tenhou.net/6 JSON.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction
from django.urls import reverse

from puzzles import generation, mining, services_mining, tasks
from puzzles.models import BatchStatus, GameLog, MiningJob, Puzzle, PuzzleKind, Theme
from tutor.engine.gamelog.read import read_game
from tutor.engine.gamelog.replay import replay_game
from tutor.exercises.tables import kind_text

DATA = Path(__file__).parent / "data"
XML = DATA / "2022010102gm-00e1-0000-56853ebc-two-rounds.xml"
JSON = DATA / "two-rounds.json"
HTMX = {"HTTP_HX_REQUEST": "true"}


def mine(*paths: Path) -> MiningJob:
    files, errors = services_mining.read_paths(paths)
    assert not errors
    job = services_mining.request_mining(files)
    return services_mining.run_job_here(job.pk)


def broken_log() -> str:
    """The game with one discard changed to a tile the player does not hold."""
    text = XML.read_text()
    start = text.index("<INIT")
    first = text.index("<D", start)
    end = text.index("/>", first)
    return text[:first] + "<D135" + text[end:]


@pytest.fixture(scope="module")
def mined_once(django_db_setup, django_db_blocker):
    """Mine the game once for the module (the engine's ranking is the slow part)."""
    with django_db_blocker.unblock():
        themes_before = set(Theme.objects.values_list("pk", flat=True))
        job = mine(XML)
        yield job
        Puzzle.objects.filter(mining_job=job).delete()
        job.delete()
        # Mining creates the themes it needs; rows left outside a test's transaction would
        # collide with the next module's own "tenpai" theme.
        Theme.objects.exclude(pk__in=themes_before).delete()


@pytest.mark.django_db
def test_a_phoenix_game_becomes_puzzles_with_the_real_table(mined_once) -> None:
    job = MiningJob.objects.get(pk=mined_once.pk)
    puzzles = list(Puzzle.objects.filter(mining_job=job).prefetch_related("themes"))
    assert job.status == BatchStatus.DONE and job.games_done == 1 and job.percent == 100
    assert len(puzzles) == job.created_count > 0
    assert job.agreed == sum(p.analysis["agrees"] for p in puzzles)
    for p in puzzles:
        assert p.kind == PuzzleKind.DISCARD and p.from_game and p.is_discard_choice
        assert p.source_log == "2022010102gm-00e1-0000-56853ebc"
        assert p.canonical_key == (
            f"game:{p.source_log}:{p.source_round}:{p.source_seat}:{p.source_turn}"
        )
        table = p.context
        assert len(table["discards"]) == len(table["melds"]) == len(table["scores"]) == 4
        assert table["discards"][table["seat"]], "the player's own river is there"
        assert table["dora_indicators"] and table["tiles_left"] < 70
        assert (
            table["riichi_sticks"] >= 0
            and sum(table["scores"]) + 1000 * table["riichi_sticks"] == 100000
        )
        assert p.analysis["judge"] == "value" and p.analysis["played"]
        assert p.analysis["answer"] == p.analysis["discards"][0]["discard"]
        assert not generation.is_unwinnable(p.analysis["discards"][0])
        assert "real-game" in {t.slug for t in p.themes.all()}
        assert not table["riichi"], "nobody was in riichi"


def test_a_decision_against_an_opponent_s_riichi_is_not_a_what_to_discard_puzzle() -> None:
    # The value ranking does not weigh the danger of a tile: against a riichi the question is
    # push or fold (the defense and push-or-fold puzzles), and Phoenix players often fold.
    game = replay_game(read_game(XML.read_text()))
    facing = [d for d in game.decisions if d.riichi and d.seat not in d.riichi]
    assert len(facing) == 12
    for d in facing:
        verdict = mining.mine_decision(d)
        assert isinstance(verdict, generation.Rejected)
        assert verdict.reason == "an opponent is in riichi"


@pytest.mark.slow  # mines both logs again: 12 s of CPU
@pytest.mark.django_db
def test_mining_the_same_game_again_stores_nothing_new_even_from_the_json_log(
    mined_once,
) -> None:
    before = Puzzle.objects.count()
    again = mine(XML, JSON)
    assert Puzzle.objects.count() == before
    assert again.created_count == 0 and again.games_done == 2
    assert again.duplicates == 2 * mined_once.created_count


@pytest.mark.django_db
def test_running_a_game_twice_does_its_work_once(mined_once) -> None:
    game = GameLog.objects.filter(job=mined_once).get()
    result = services_mining.run_game_log(game.pk)
    assert result is not None and result.already_done
    assert result.created == mined_once.created_count


@pytest.mark.django_db
def test_one_decision_of_a_game_is_one_puzzle(mined_once) -> None:
    p = Puzzle.objects.filter(mining_job=mined_once).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Puzzle.objects.create(
            kind=p.kind,
            hand=p.hand,
            canonical_key="another key",
            source_log=p.source_log,
            source_round=p.source_round,
            source_seat=p.source_seat,
            source_turn=p.source_turn,
        )


@pytest.mark.django_db
def test_generated_puzzles_are_not_held_to_the_game_constraint() -> None:
    Puzzle.objects.create(kind="shanten", hand="123m", canonical_key="a")
    Puzzle.objects.create(kind="shanten", hand="123m", canonical_key="b")
    assert Puzzle.objects.filter(source_log="").count() == 2


# --- bad logs -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_log_that_contradicts_itself_is_refused_naming_the_round_and_the_tag() -> None:
    jobs = MiningJob.objects.count()
    with pytest.raises(services_mining.UploadError) as err:
        services_mining.read_upload("bad.xml", broken_log().encode())
    message = str(err.value)
    assert message.startswith("bad.xml cannot be mined: round E1-0, event ")
    assert "7z" in message
    assert MiningJob.objects.count() == jobs


@pytest.mark.django_db
def test_a_log_too_large_or_not_text_is_refused() -> None:
    with pytest.raises(services_mining.UploadError, match="too large"):
        services_mining.read_upload("big.xml", b" " * (513 * 1024))
    with pytest.raises(services_mining.UploadError, match="not a text file"):
        services_mining.read_upload("photo.xml", b"\xff\xd8\xff\xe0" * 10)


@pytest.fixture
def staff(client, make_user):
    user = make_user("sensei", is_staff=True)
    client.force_login(user)
    return user


def upload(client, *files: tuple[str, bytes]):
    from django.core.files.uploadedfile import SimpleUploadedFile

    logs = [SimpleUploadedFile(name, data) for name, data in files]
    return client.post(reverse("puzzles:staff_mining"), {"logs": logs})


@pytest.mark.django_db
def test_an_upload_with_one_bad_file_saves_nothing_and_says_which(client, staff) -> None:
    jobs, games = MiningJob.objects.count(), GameLog.objects.count()
    response = upload(client, ("good.xml", XML.read_bytes()), ("bad.xml", broken_log().encode()))
    assert response.status_code == 400
    html = response.content.decode()
    assert "bad.xml cannot be mined: round E1-0, event" in html
    assert (MiningJob.objects.count(), GameLog.objects.count()) == (jobs, games)


@pytest.mark.django_db
def test_staff_upload_a_log_and_follow_the_job(
    client, staff, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(tasks, "dispatch_mining", lambda pk: queued.append(pk) or True)
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, ("game.xml", XML.read_bytes()))
    job = MiningJob.objects.order_by("-pk").first()
    assert queued == [job.pk]
    assert response.status_code == 302
    assert response["Location"] == reverse("puzzles:staff_mining_job", args=[job.pk])
    assert job.games_total == 1 and job.requested_by == staff
    page = client.get(response["Location"], **HTMX).content.decode()
    assert 'id="mining-progress"' in page and "0 of 1 games mined" in page
    assert 'hx-trigger="every 1s"' in page


@pytest.mark.django_db
def test_only_staff_can_mine(client, make_user) -> None:
    client.force_login(make_user("learner"))
    assert client.get(reverse("puzzles:staff_mining")).status_code == 403


# --- the command ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_command_mines_files_and_says_how_many(tmp_path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text(broken_log())
    fixture = tmp_path / "mined.jsonl"
    Puzzle.objects.all().delete()
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "mine_puzzles", str(XML), str(bad), "--fixture", str(fixture), stdout=out, stderr=err
    )
    created = Puzzle.objects.exclude(source_log="").count()
    assert created > 0
    assert out.getvalue().splitlines()[-1] == f"mined {created} puzzles from 1 games"
    assert "bad.xml: round E1-0, event " in err.getvalue()
    assert GameLog.objects.get(name=str(bad)).status == "failed"
    # The fixture loads the same puzzles into an empty site, once.
    Puzzle.objects.all().delete()
    assert services_mining.load_fixture(fixture) == created
    assert services_mining.load_fixture(fixture) == 0
    assert Puzzle.objects.filter(themes__slug="real-game").distinct().count() == created


@pytest.mark.django_db
@pytest.mark.parametrize("extra", [["--fixture-size", "0"], ["--fixture-size", "-3"], []])
def test_a_bad_fixture_size_is_refused_before_anything_is_mined(tmp_path, extra) -> None:
    # --fixture-size alone (the last case) has no file to write to
    options = ["--fixture", str(tmp_path / "f.jsonl"), *extra] if extra else ["--fixture-size", "5"]
    jobs = MiningJob.objects.count()
    with pytest.raises(CommandError, match="--fixture-size needs --fixture"):
        call_command("mine_puzzles", str(XML), *options, stdout=io.StringIO())
    assert MiningJob.objects.count() == jobs
    assert not (tmp_path / "f.jsonl").exists()


def test_the_fixture_keeps_a_spread_of_the_games() -> None:
    class Mined:
        def __init__(self, game: str, key: str, kind: str = "discard") -> None:
            self.source_log, self.canonical_key, self.kind = game, key, kind

    puzzles = [Mined("a", str(i)) for i in range(5)] + [Mined("b", "x"), Mined("c", "y", "defense")]
    picked = services_mining.spread(puzzles, 3)  # type: ignore[arg-type]
    assert [p.source_log for p in picked].count("b") == 1, "every game before a second from one"
    assert all(p.kind == "discard" for p in picked)
    assert picked == [p for p in puzzles if p in picked], "in the order mined"


@pytest.mark.django_db
def test_the_committed_fixture_holds_real_game_puzzles() -> None:
    Puzzle.objects.all().delete()
    assert services_mining.load_fixture() >= 50
    kinds = set(Puzzle.objects.values_list("kind", flat=True))
    assert kinds == {PuzzleKind.DISCARD}
    themes = set(Puzzle.objects.values_list("themes__slug", flat=True))
    assert {"real-game", "tenpai", "iishanten"} <= themes


# --- the page after the answer ------------------------------------------------------------------


def answered(client, puzzle: Puzzle, tile: str) -> str:
    url = reverse("puzzles:answer", args=[puzzle.pk])
    return client.post(url, {"answer": tile}, **HTMX).content.decode()


def _disagreeing(puzzles) -> Puzzle:
    """A puzzle stored as if the Phoenix player had cut the second-best tile. Since the ranking
    counts the called sets, the player made the engine's answer in every clear decision of
    these two rounds (the one they "missed" before was a cut to a wait their dragon pon gave a
    yaku), so the page's other case is set up by hand."""
    p = next(p for p in puzzles if p.analysis["agrees"] and len(p.analysis["discards"]) > 1)
    second = p.analysis["discards"][1]["discard"]
    p.analysis = {**p.analysis, "agrees": False, "played": second}
    p.save()
    return p


@pytest.mark.django_db
def test_after_the_answer_the_page_says_what_the_phoenix_player_did(client, mined_once) -> None:
    puzzles = Puzzle.objects.filter(mining_job=mined_once)
    agreed = next(p for p in puzzles if p.analysis["agrees"])
    html = answered(client, agreed, agreed.analysis["answer"])
    played = kind_text(agreed.analysis["played"])
    assert "The Phoenix player also cut" in html and f"({played})" in html
    assert 'data-testid="played"' in html and "Expected points" in html
    other = _disagreeing(puzzles)
    html = answered(client, other, other.analysis["answer"])
    played = kind_text(other.analysis["played"])
    assert "The Phoenix player chose" in html and f"({played}) instead" in html


@pytest.mark.django_db
def test_the_phoenix_player_s_choice_in_spanish(client, mined_once) -> None:
    client.cookies.load({"django_language": "es"})
    puzzles = Puzzle.objects.filter(mining_job=mined_once)
    agreed = next(p for p in puzzles if p.analysis["agrees"])
    html = answered(client, agreed, agreed.analysis["answer"])
    assert "El jugador Fénix también descartó" in html
    assert "Puntos esperados" in html
    other = _disagreeing(puzzles)
    html = answered(client, other, other.analysis["answer"])
    assert "El jugador Fénix eligió" in html and "en su lugar" in html


@pytest.mark.django_db
def test_the_real_table_is_on_the_page_before_the_answer(client, mined_once) -> None:
    p = Puzzle.objects.filter(mining_job=mined_once).first()
    html = client.get(reverse("puzzles:detail", args=[p.pk])).content.decode()
    assert html.count('data-testid="river"') == 4
    assert f'data-testid="tiles-left">{p.context["tiles_left"]}<' in html
    assert "Phoenix-room players" in html
    assert "The Phoenix player" not in html and 'data-testid="played"' not in html


# --- the data migration -------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_data_migration_turns_old_discard_puzzles_into_efficiency_drills(mined_once) -> None:
    import importlib

    from django.apps import apps

    from puzzles.models import GenerationBatch

    migration = importlib.import_module("puzzles.migrations.0005_mined_puzzles_and_efficiency")
    batch = GenerationBatch.objects.create(kind="discard", count=1, seed=1)
    old = Puzzle.objects.create(
        kind="discard",
        hand="123456789m12p35s1z",
        analysis={"version": 1, "answer": "1z", "discards": []},
        canonical_key="discard:123456789m12p35s1z|",
        batch=batch,
    )
    mined = Puzzle.objects.filter(mining_job=mined_once).first()
    migration.discard_to_efficiency(apps, None)
    old.refresh_from_db()
    batch.refresh_from_db()
    assert old.kind == "efficiency" and batch.kind == "efficiency"
    assert old.analysis == {"version": 2, "judge": "efficiency", "answer": "1z", "discards": []}
    assert old.canonical_key == "efficiency:123456789m12p35s1z|"
    # A puzzle already judged by value stays what it is.
    assert Puzzle.objects.get(pk=mined.pk).kind == "discard"


@pytest.mark.django_db
def test_staff_see_a_mining_job_and_its_games_in_the_admin(client, make_user, mined_once) -> None:
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    url = reverse("admin:puzzles_miningjob_change", args=[mined_once.pk])
    html = client.get(url).content.decode()
    assert XML.name in html and "2022010102gm-00e1-0000-56853ebc" in html
