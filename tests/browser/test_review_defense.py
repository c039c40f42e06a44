"""A game review in Chromium: a push against a riichi from a weak hand is linked from the summary,
and its decision shows every tile's danger, the pick marked, and the message naming it."""

from __future__ import annotations

import pytest

from reviews.judge import judged_to_json
from reviews.models import GameReview, ReviewedDecision, ReviewStatus
from tests.browser.test_reviews import PASSWORD, log_in
from tests.reviews.test_defense_review import _judged

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_risky_push_is_linked_and_explained_in_both_languages(page, make_user) -> None:
    judged = _judged(8, 14)  # seat 0 pushes 4m from a 1-shanten hand; 4p is genbutsu
    learner = make_user("hana", PASSWORD)
    review = GameReview.objects.create(
        owner=learner, name="game.xml", text="", seat=0, status=ReviewStatus.DONE, total=2
    )
    for index in (0, 1):
        ReviewedDecision.objects.create(
            review=review,
            index=index,
            big_mistake=judged.is_big_mistake and index == 1,
            data=judged_to_json(judged)
            if index == 1
            else {**judged_to_json(judged), "defense": None, "index": 0},
        )
    log_in(page, learner)
    page.goto(f"/reviews/{review.pk}/")
    assert page.get_by_test_id("danger-table").count() == 0  # the first decision has none
    page.get_by_test_id("risky-links").get_by_role("link", name="2", exact=True).click()
    page.get_by_test_id("danger-table").wait_for()
    assert page.url.endswith("?d=1")
    message = page.get_by_test_id("deal-in-message").inner_text()
    assert "You pushed four of characters" in message and "four of circles was genbutsu" in message
    mine = page.get_by_test_id("my-danger")
    assert mine.count() == 1 and "yours" in mine.inner_text()
    rows = page.get_by_test_id("danger-table").locator("tbody tr")
    assert rows.count() == len(judged.defense["tiles"])  # type: ignore[index]
    assert "safest" in rows.first.inner_text() and "genbutsu" in rows.first.inner_text()
    page.get_by_role("button", name="Español").click()
    page.wait_for_load_state()
    page.goto(f"/reviews/{review.pk}/?d=1")
    assert "Arriesgaste cuatro de" in page.get_by_test_id("deal-in-message").inner_text()
    assert "Riesgo de dar ron" in page.get_by_test_id("deal-in-prone").inner_text()


def test_against_two_riichi_each_tile_shows_its_danger_against_both(page, make_user) -> None:
    from tests.conftest import screenshot

    judged = _judged(6, 14, seat=3)  # seat 3 cuts 1m with seats 1 and 2 in riichi
    learner = make_user("ren", PASSWORD)
    review = GameReview.objects.create(
        owner=learner, name="game.xml", text="", seat=3, status=ReviewStatus.DONE, total=1
    )
    ReviewedDecision.objects.create(
        review=review, index=0, big_mistake=False, data=judged_to_json(judged)
    )
    log_in(page, learner)
    for language, heading in (("en", "Against 2 riichi"), ("es", "Contra 2 riichi")):
        if language == "es":
            page.set_viewport_size({"width": 1280, "height": 900})  # the menu shows the button
            page.get_by_role("button", name="Español").click()
            page.wait_for_load_state()
        for width in (1280, 375):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(f"/reviews/{review.pk}/?d=0")
            table = page.get_by_test_id("danger-table")
            assert heading in page.get_by_test_id("review-defense").inner_text()
            rows = table.locator("tbody tr")
            assert rows.count() == len(judged.defense["tiles"])  # type: ignore[index]
            assert rows.first.locator(".danger-against").count() == 2
            screenshot(page, f"review-two-riichi-{language}-{width}")


def test_a_push_against_two_riichi_from_a_hand_short_of_tenpai_is_named(page, make_user) -> None:
    from reviews.judge import judge_decision, seat_decisions, seat_positions
    from tests.conftest import screenshot
    from tests.reviews.test_defense_review import PRONE_AGAINST_TWO
    from tutor.engine.gamelog.mjlog import load_mjlog

    game = load_mjlog(PRONE_AGAINST_TWO)
    d = next(d for d in seat_decisions(game, 3) if (d.round_seq, d.turn) == (1, 17))
    judged = judge_decision(d, 0, None, seat_positions(game, 3)[(1, 3, 17)])
    learner = make_user("kai", PASSWORD)
    review = GameReview.objects.create(
        owner=learner, name="game.xml", text="", seat=3, status=ReviewStatus.DONE, total=1
    )
    ReviewedDecision.objects.create(
        review=review, index=0, big_mistake=judged.is_big_mistake, data=judged_to_json(judged)
    )
    log_in(page, learner)
    page.goto(f"/reviews/{review.pk}/?d=0")
    message = page.get_by_test_id("deal-in-message").inner_text()
    assert "You pushed three of circles" in message and "a hand short of tenpai folds" in message
    # the value table's first row is the pick, but a deal-in-prone push is nobody's best choice
    assert "The engine's choice too" not in page.locator("body").inner_text()
    assert "blind to the riichi's danger" in page.get_by_test_id("value-alone").inner_text()
    screenshot(page, "review-two-riichi-prone-en-1280")
    page.get_by_role("button", name="Español").click()
    page.wait_for_load_state()
    page.set_viewport_size({"width": 375, "height": 900})
    page.goto(f"/reviews/{review.pk}/?d=0")
    assert "Arriesgaste tres de círculos" in page.get_by_test_id("deal-in-message").inner_text()
    screenshot(page, "review-two-riichi-prone-es-375")
