"""Staff request a generation batch in Chromium and watch the progress bar fill (htmx polling)."""

from __future__ import annotations

import pytest

from puzzles.models import BatchStatus, GenerationBatch, Puzzle
from tests.conftest import screenshot
from tests.puzzles.test_tasks import use_broker

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-9"


def log_in(page, user) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.redis
def test_staff_generate_a_batch_and_watch_it_finish(
    page, make_user, celery_worker_process, redis_url
) -> None:
    use_broker(redis_url, {"visibility_timeout": 3600})
    log_in(page, make_user("sensei", PASSWORD, is_staff=True))
    page.goto("/puzzles/staff/batches/")
    page.get_by_label("Puzzle type").select_option("discard")
    page.get_by_label("How many").fill("40")
    page.get_by_label("Seed").fill("123")
    screenshot(page, "puzzles-staff-batches-1280")
    page.get_by_role("button", name="Generate").click()
    page.wait_for_url("**/puzzles/staff/batches/*/")
    bar = page.get_by_role("progressbar")
    assert bar.is_visible()
    # The page does not reload: htmx swaps the progress section until the batch is done.
    page.get_by_test_id("batch-status").filter(has_text="Done").wait_for(timeout=90_000)
    assert bar.get_attribute("aria-valuenow") == "100"
    assert page.get_by_test_id("batch-puzzles").get_by_role("img").count() >= 14
    batch = GenerationBatch.objects.get()
    assert batch.status == BatchStatus.DONE
    assert Puzzle.objects.filter(batch=batch).count() == 40
    screenshot(page, "puzzles-staff-batch-done-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "puzzles-staff-batch-done-375")
    page.get_by_role("link", name="Back to the batches").click()
    row = page.get_by_role("row").filter(has_text="What to discard")
    assert "Done" in row.inner_text() and "40" in row.inner_text()
    screenshot(page, "puzzles-staff-batches-375")


def test_with_the_broker_down_the_page_says_so_and_keeps_serving(page, make_user) -> None:
    from tutor.config.celery import app

    old = app.conf.broker_url, app.conf.broker_transport_options
    use_broker("redis://127.0.0.1:9/0", {})
    try:
        log_in(page, make_user("sensei", PASSWORD, is_staff=True))
        page.goto("/puzzles/staff/batches/")
        page.get_by_label("How many").fill("10")
        page.get_by_role("button", name="Generate").click()
        page.wait_for_url("**/puzzles/staff/batches/*/")
        alert = page.get_by_role("alert")
        assert "The task queue is unavailable" in alert.inner_text()
        assert page.get_by_role("button", name="Queue again").is_visible()
        page.set_viewport_size({"width": 375, "height": 800})
        screenshot(page, "puzzles-staff-batch-unavailable-375")
        page.goto("/puzzles/analyzer/")
        assert page.get_by_role("heading").first.is_visible()
    finally:
        use_broker(*old)
