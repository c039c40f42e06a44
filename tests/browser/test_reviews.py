"""A learner reviews a real Phoenix game in Chromium: upload, progress bar, stepping with the
arrow keys, and the mistakes coming back as puzzles."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.play import due_reviews
from reviews.judge import RARE_PICK
from reviews.models import GameReview, ReviewStatus
from tests.conftest import missing, screenshot
from tests.puzzles.test_tasks import use_broker

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-9"
LOG = Path("/work/shared/reference/tenhou_logs/2022010103gm-00a9-0000-5c7d32a5.xml")
if not LOG.exists():
    LOG = Path(__file__).resolve().parents[2].parent / "shared/reference/tenhou_logs" / LOG.name
# The fourth seat of that game: with nobody in riichi, cutting 6m from 246m (a 2-4m wait)
# instead of 2m (4-6m, on the dora 5m) halves the hand, a clear decision that makes a puzzle.
PLAYER = "すぱふぇにたん"


def log_in(page, user) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(user.username)
    page.locator("#id_password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state()


@pytest.mark.redis
def test_a_learner_reviews_a_shared_game_and_gets_its_mistakes_as_puzzles(
    page, make_user, celery_worker_process, redis_url
) -> None:
    if not LOG.exists():
        missing(f"the shared game log {LOG} is missing")
    use_broker(redis_url, {"visibility_timeout": 3600})
    learner = make_user("hana", PASSWORD)
    log_in(page, learner)
    page.get_by_role("link", name="My games").click()
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "review-upload-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_label("Game log file").set_input_files(str(LOG))
    page.get_by_label("Your name in the game").fill(PLAYER)
    page.get_by_role("button", name="Review this game").click()
    page.wait_for_url("**/reviews/*/")
    assert page.get_by_role("progressbar").count() + page.get_by_test_id("review-summary").count()
    # htmx polls the progress bar, then reloads the page once the game is judged.
    page.get_by_test_id("review-summary").wait_for(timeout=240_000)
    review = GameReview.objects.get(owner=learner)
    assert review.status == ReviewStatus.DONE and review.seat == 3
    assert (
        f"in {review.agreed} of the {review.choices} decisions"
        in page.get_by_test_id("review-summary").inner_text()
    )
    position = page.get_by_test_id("decision-position")
    assert "Decision 1 of" in position.inner_text()
    page.keyboard.press("ArrowRight")
    page.get_by_test_id("decision-position").filter(has_text="Decision 2 of").wait_for()
    assert page.url.endswith("?d=1")
    page.keyboard.press("ArrowLeft")
    page.get_by_test_id("decision-position").filter(has_text="Decision 1 of").wait_for()
    # Jump to the first big mistake: the player's row is marked beside the best options.
    first = review.decisions.filter(big_mistake=True).first()
    assert first is not None
    page.get_by_test_id("review-summary").get_by_role(
        "link", name=str(first.index + 1), exact=True
    ).click()
    page.get_by_test_id("big-mistake").wait_for()
    mine = page.get_by_test_id("options").locator("tr.table-warning")
    assert mine.count() == 1 and "yours" in mine.inner_text()
    assert "expected points given away" in page.get_by_test_id("played").inner_text()
    # ...with a discard strong players rarely make: the page says how rarely
    assert first.judged.pick_chance is not None and first.judged.pick_chance < RARE_PICK
    rarely = page.get_by_test_id("pick-chance").inner_text()
    assert rarely.startswith("strong players make this discard about ") and "%" in rarely
    # nobody was in riichi there: the review says what the discard gave up, as a puzzle would
    assert not first.judged.defense
    assert page.get_by_test_id("review-mistake").inner_text().startswith("Discarding ")
    screenshot(page, "review-mistake-en-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "review-mistake-en-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="Español").click()
    page.wait_for_load_state()
    # The switcher returns to the page as loaded; open the mistake's own address again.
    page.goto(f"/reviews/{review.pk}/?d={first.index}")
    assert "Gran error" in page.get_by_test_id("big-mistake").inner_text()
    assert (
        "los jugadores fuertes hacen este descarte"
        in page.get_by_test_id("pick-chance").inner_text()
    )
    assert page.get_by_test_id("review-mistake").inner_text().startswith("Descartar ")
    screenshot(page, "review-mistake-es-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, "review-mistake-es-375")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("button", name="English").click()
    page.wait_for_load_state()
    page.get_by_test_id("to-puzzles").click()
    alert = page.get_by_role("status").filter(has_text="review queue")
    alert.wait_for()
    due = due_reviews(learner)
    assert due and f"{len(due)} mistake" in alert.inner_text()
    page.get_by_role("link", name="Puzzles", exact=True).click()
    assert page.get_by_text("You missed this one before. Try it again.").is_visible()
