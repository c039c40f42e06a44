"""A batch whose worker died mid-chunk shows as stalled within two minutes, and staff queue it
again; queuing again never redoes a finished chunk (issue 10, item 7)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from puzzles import services
from puzzles.models import BatchStatus, ChunkStatus, GenerationBatch, GenerationChunk

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clean_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def staff_client(client, make_user):
    client.force_login(make_user("sensei", is_staff=True))
    return client


def stuck_batch(quiet_seconds: float, chunks: int = 20) -> GenerationBatch:
    """A running batch with every chunk but the last done, the last one finished
    ``quiet_seconds`` ago (then its worker was killed)."""
    now = timezone.now()
    batch = GenerationBatch.objects.create(
        kind="discard",
        count=10 * chunks,
        seed=7,
        status=BatchStatus.RUNNING,
        chunks_total=chunks,
        chunks_done=chunks - 1,
    )
    GenerationBatch.objects.filter(pk=batch.pk).update(created=now - dt.timedelta(hours=1))
    GenerationChunk.objects.bulk_create(
        GenerationChunk(
            batch=batch,
            index=i,
            seed=i,
            target=10,
            status=ChunkStatus.DONE if i < chunks - 1 else ChunkStatus.PENDING,
            finished=now - dt.timedelta(seconds=quiet_seconds) if i < chunks - 1 else None,
        )
        for i in range(chunks)
    )
    batch.refresh_from_db()
    return batch


def test_a_batch_that_moves_is_not_stalled():
    assert not services.is_stalled(stuck_batch(quiet_seconds=30))


def test_two_minutes_without_progress_is_a_stall():
    batch = stuck_batch(quiet_seconds=115)
    assert services.is_stalled(batch) and services.status_label(batch) == "Stalled"
    assert batch.percent == 95  # 19 of 20 chunks, as before


def test_a_batch_waiting_behind_a_busy_worker_is_not_stalled():
    waiting = stuck_batch(quiet_seconds=600)
    other = stuck_batch(quiet_seconds=600)
    GenerationChunk.objects.filter(batch=other, index=0).update(finished=timezone.now())
    assert not services.is_stalled(waiting)


def test_the_staff_page_says_stalled_and_offers_to_queue_again(staff_client, monkeypatch):
    batch = stuck_batch(quiet_seconds=200)
    page = staff_client.get(reverse("puzzles:staff_batch", args=[batch.pk])).content.decode()
    assert 'data-testid="batch-stalled"' in page and "Stalled" in page
    assert reverse("puzzles:staff_batch_queue", args=[batch.pk]) in page

    queued: list[list[int]] = []

    class Group:
        def __init__(self, sigs):
            self.ids = [s.args[0] for s in sigs]

        def apply_async(self, **kwargs):
            queued.append(self.ids)
            children = [type("R", (), {"id": f"t{i}"})() for i in self.ids]
            return type("G", (), {"id": "g", "results": children})()

    monkeypatch.setattr("puzzles.tasks.group", Group)
    for _ in range(2):  # pressing twice queues the same unfinished chunk, nothing more
        response = staff_client.post(
            reverse("puzzles:staff_batch_queue", args=[batch.pk]), follow=True
        )
        assert "The batch is queued again." in response.content.decode()
    last = GenerationChunk.objects.get(batch=batch, status=ChunkStatus.PENDING)
    assert queued == [[last.pk], [last.pk]]
    # queued again just now: no longer called stalled
    assert not services.is_stalled(batch)
    page = staff_client.get(reverse("puzzles:staff_batch", args=[batch.pk])).content.decode()
    assert 'data-testid="batch-stalled"' not in page


def test_a_finished_batch_is_never_stalled():
    batch = stuck_batch(quiet_seconds=900)
    GenerationBatch.objects.filter(pk=batch.pk).update(status=BatchStatus.DONE)
    batch.refresh_from_db()
    assert not services.is_stalled(batch)
