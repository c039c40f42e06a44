"""The staff batch pages and the generation commands."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count
from django.urls import reverse

from puzzles import services, tasks
from puzzles.models import BatchStatus, DailyPuzzle, GenerationBatch, Puzzle
from tests.puzzles.test_tasks import use_broker

BATCHES = reverse("puzzles:staff_batches")


@pytest.fixture
def staff(make_user):
    return make_user("sensei", is_staff=True)


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def unreachable_broker():
    from tutor.config.celery import app

    old = app.conf.broker_url, app.conf.broker_transport_options
    use_broker("redis://127.0.0.1:9/0", {})
    yield
    use_broker(*old)


# --- who may see the pages -------------------------------------------------------------------


@pytest.mark.django_db
def test_an_anonymous_visitor_is_sent_to_log_in(client) -> None:
    response = client.get(BATCHES)
    assert response.status_code == 302 and "/login" in response["Location"]


@pytest.mark.django_db
def test_a_learner_who_is_not_staff_is_refused(client, make_user) -> None:
    client.force_login(make_user("learner"))
    assert client.get(BATCHES).status_code == 403
    assert client.post(BATCHES, {"kind": "discard", "count": 5}).status_code == 403
    assert not GenerationBatch.objects.exists()


@pytest.mark.django_db
def test_a_learner_cannot_see_or_requeue_a_batch(client, make_user) -> None:
    batch = services.request_batch("waits", 5, seed=1)
    client.force_login(make_user("learner"))
    assert client.get(reverse("puzzles:staff_batch", args=[batch.pk])).status_code == 403
    url = reverse("puzzles:staff_batch_queue", args=[batch.pk])
    assert client.post(url).status_code == 403


# --- requesting a batch ----------------------------------------------------------------------


@pytest.mark.django_db
def test_staff_see_the_form_and_recent_batches(staff_client) -> None:
    services.request_batch("waits", 5, seed=1)
    response = staff_client.get(BATCHES)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="kind"' in body and 'name="seed"' in body
    assert reverse("puzzles:staff_batch", args=[GenerationBatch.objects.get().pk]) in body


@pytest.mark.django_db
def test_staff_request_a_batch_and_land_on_its_progress_page(
    staff_client, staff, django_capture_on_commit_callbacks, monkeypatch
) -> None:
    queued: list[int] = []
    monkeypatch.setattr(tasks, "dispatch_batch", lambda pk: queued.append(pk) or True)
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(
            BATCHES, {"kind": "waits", "count": "12", "theme": "one-suit", "seed": "5"}
        )
    batch = GenerationBatch.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("puzzles:staff_batch", args=[batch.pk])
    assert (batch.kind, batch.count, batch.theme, batch.seed) == ("waits", 12, "one-suit", 5)
    assert batch.requested_by == staff and batch.chunks_total == 2
    assert queued == [batch.pk]  # queued only once the transaction committed


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {"kind": "riddle", "count": "5"},
        {"kind": "discard", "count": "0"},
        {"kind": "discard", "count": "many"},
        {"kind": "discard", "count": "5", "difficulty": "9"},
        {"kind": "discard", "count": "5", "seed": "-3"},
        {"kind": "discard", "count": "5", "theme": "<script>"},
        {"kind": "discard", "count": "5", "theme": "multi-wait"},
    ],
)
def test_bad_requests_show_the_form_again_with_a_400(staff_client, data) -> None:
    response = staff_client.post(BATCHES, data)
    assert response.status_code == 400
    assert "is-invalid" in response.content.decode()
    assert not GenerationBatch.objects.exists()


# --- progress ---------------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_progress_page_polls_every_second_until_the_batch_is_done(staff_client) -> None:
    batch = services.request_batch("shanten", 20, seed=3)
    url = reverse("puzzles:staff_batch", args=[batch.pk])
    page = staff_client.get(url).content.decode()
    assert 'hx-trigger="every 1s"' in page and f'hx-get="{url}"' in page
    assert "<html" in page

    services.run_chunk(batch.chunks.get(index=0).pk)
    partial = staff_client.get(url, headers={"HX-Request": "true"})
    body = partial.content.decode()
    assert "<html" not in body and 'id="batch-progress"' in body
    assert 'aria-valuenow="50"' in body and 'hx-trigger="every 1s"' in body
    assert partial["Vary"] == "HX-Request" or "HX-Request" in partial["Vary"]

    services.run_chunk(batch.chunks.get(index=1).pk)
    done = staff_client.get(url, headers={"HX-Request": "true"}).content.decode()
    assert 'aria-valuenow="100"' in done
    assert "hx-trigger" not in done  # finished: the polling stops


@pytest.mark.django_db
def test_an_unknown_batch_is_a_404(staff_client) -> None:
    assert staff_client.get(reverse("puzzles:staff_batch", args=[999])).status_code == 404
    assert staff_client.post(reverse("puzzles:staff_batch_queue", args=[999])).status_code == 404


@pytest.mark.django_db
def test_the_queue_again_button_only_takes_posts(staff_client) -> None:
    batch = services.request_batch("waits", 5, seed=1)
    url = reverse("puzzles:staff_batch_queue", args=[batch.pk])
    assert staff_client.get(url).status_code == 405


# --- the broker down -------------------------------------------------------------------------


@pytest.mark.django_db
def test_with_the_broker_down_the_request_says_so_plainly_and_pages_keep_serving(
    staff_client, unreachable_broker, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(BATCHES, {"kind": "discard", "count": "20"})
    assert response.status_code == 302
    page = staff_client.get(response["Location"])
    assert page.status_code == 200
    body = page.content.decode()
    assert "The task queue is unavailable" in body
    assert "Queue again" in body and "hx-trigger" not in body
    batch = GenerationBatch.objects.get()
    assert batch.status == BatchStatus.UNAVAILABLE
    # Queueing again while it is still down says so and loses nothing.
    again = staff_client.post(
        reverse("puzzles:staff_batch_queue", args=[batch.pk]), follow=True
    ).content.decode()
    assert "still unavailable" in again
    assert GenerationBatch.objects.get().chunks.count() == 2
    assert staff_client.get(BATCHES).status_code == 200
    assert staff_client.get(reverse("puzzles:analyzer")).status_code == 200


# --- the commands ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_generate_puzzles_here_shows_progress_and_a_summary() -> None:
    out = StringIO()
    call_command("generate_puzzles", "--kind", "waits", "--count", "15", "--here", stdout=out)
    text = out.getvalue()
    assert "[##############################] 100%" in text
    assert "15 new puzzles" in text
    assert Puzzle.objects.filter(kind="waits").count() == 15


@pytest.mark.django_db
def test_generate_puzzles_with_the_broker_down_says_the_batch_is_saved(unreachable_broker) -> None:
    with pytest.raises(CommandError, match="task queue is unavailable"):
        call_command("generate_puzzles", "--count", "5", stdout=StringIO())
    batch = GenerationBatch.objects.get()
    out = StringIO()
    call_command("generate_puzzles", "--resume", str(batch.pk), "--here", stdout=out)
    assert GenerationBatch.objects.get().status == BatchStatus.DONE
    assert "5 new puzzles" in out.getvalue()


@pytest.mark.django_db
def test_generate_puzzles_refuses_bad_arguments() -> None:
    with pytest.raises(CommandError):
        call_command("generate_puzzles", "--count", "0", "--here", stdout=StringIO())
    with pytest.raises(CommandError, match="no batch"):
        call_command("generate_puzzles", "--resume", "404", stdout=StringIO())


@pytest.mark.django_db
def test_ensure_puzzles_makes_a_starter_set_of_every_kind_and_the_daily_puzzle() -> None:
    call_command("ensure_puzzles", "--scale", "0.2", stdout=StringIO())
    kinds = dict(Puzzle.objects.values_list("kind").annotate(n=Count("id")))
    assert set(kinds) == {
        "discard",
        "efficiency",
        "improve",
        "waits",
        "shanten",
        "defense",
        "push_fold",
    }
    assert all(n >= 6 for n in kinds.values())
    # Real-game puzzles come from the committed fixture, beside the generated ones.
    assert Puzzle.objects.exclude(source_log="").count() >= 50
    assert Puzzle.objects.filter(kind="discard", source_log="").exists()
    assert DailyPuzzle.objects.count() == 1
    before = Puzzle.objects.count()
    call_command("ensure_puzzles", "--scale", "0.2", stdout=StringIO())
    assert Puzzle.objects.count() == before  # idempotent
    assert DailyPuzzle.objects.count() == 1
