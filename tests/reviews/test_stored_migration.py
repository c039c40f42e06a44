"""Migration 0003 moves stored decisions' ranked discards into the facts codec, on real stored
rows: decisions of a Phoenix game judged and stored by the review pipeline of version 1
(``data/stored_v1_decisions.json``), migrated forward, read and drawn, and migrated back."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from reviews.judge import STORED_VERSION, judged_from_json, seat_decisions
from reviews.models import GameReview, ReviewedDecision, ReviewStatus
from tests.conftest import missing
from tests.factories import user
from tutor.engine.analysis import discard_analysis
from tutor.engine.gamelog.read import read_game
from tutor.engine.tiles import tile_str
from tutor.engine.value import decision_from_json
from tutor.exercises.facts import FACTS_VERSION

pytestmark = pytest.mark.django_db
STORED = json.loads((Path(__file__).parent / "data" / "stored_v1_decisions.json").read_text())
LOGS = Path(__file__).resolve().parents[3] / "shared" / "reference" / "tenhou_logs"
if not LOGS.exists():
    LOGS = Path("/work/shared/reference/tenhou_logs")
migration = importlib.import_module("reviews.migrations.0003_decisions_through_the_facts_codec")


def stored_review() -> GameReview:
    """A finished review whose decisions are stored exactly as version 1 wrote them."""
    log = LOGS / STORED["log"]
    if not log.exists():
        missing(f"the shared Phoenix log is not at {log}")
    review = GameReview.objects.create(
        owner=user("learner"),
        name=STORED["log"],
        text=log.read_text(),
        seat=STORED["seat"],
        status=ReviewStatus.DONE,
        total=max(d["index"] for d in STORED["decisions"]) + 1,
    )
    ReviewedDecision.objects.bulk_create(
        ReviewedDecision(review=review, index=d["index"], data=d) for d in STORED["decisions"]
    )
    return review


def test_the_stored_rows_are_of_version_1_and_cover_every_case() -> None:
    decisions = STORED["decisions"]
    assert {d["v"] for d in decisions} == {1}, "the fixture is the old shape"
    assert any(d["forced"] for d in decisions) and any(d["defense"] for d in decisions)
    assert any(d["puzzle"] for d in decisions) and any(d["melds"] for d in decisions)
    assert any(d["mine"] and d["mine"] not in d["best"] for d in decisions)
    assert any(o["tile"][0] == "0" for d in decisions for o in d["best"])


def test_every_stored_decision_reads_through_the_codec_and_goes_back_unchanged() -> None:
    review = stored_review()
    before = {d.pk: d.data for d in review.decisions.all()}

    migration.forward(apps, None)
    game = read_game(review.text, review.name)
    replayed = seat_decisions(game, review.seat)
    rows_checked = 0
    for row in review.decisions.all():
        old = before[row.pk]
        assert row.data["v"] == STORED_VERSION and "best" not in row.data
        judged = judged_from_json(row.data)  # refused if anything is left in the old shape
        assert judged.facts["version"] == FACTS_VERSION
        mine = old["mine"]
        old_rows = old["best"] + ([mine] if mine is not None and mine not in old["best"] else [])
        rows = judged.facts.get("discards", [])
        assert [r["discard"] for r in rows] == [o["tile"].replace("0", "5") for o in old_rows]
        for new, was in zip(rows, old_rows, strict=True):
            assert (new["ev"], new["win_rate"], new["reasons"]) == (
                was["ev"],
                was["win_rate"],
                was["reasons"],
            )
            assert new["red"] == (was["tile"][0] == "0")
        assert (judged.mine is None) == (old["mine"] is None)
        if rows:
            assert judged.facts["answer"] == rows[0]["discard"]
            # The accepted tiles the migration computed are the engine's for the replayed
            # decision: the tiles in view read back from the stored table are the replay's.
            hand, context = decision_from_json(replayed[row.index].as_json())
            seen = [a + b for a, b in zip(context.seen, hand.concealed, strict=True)]
            engine = {
                tile_str(o.discard): o
                for o in discard_analysis(
                    hand.concealed, len(hand.melds), seen, held=hand.called_counts()
                )
            }
            for new in rows:
                option = engine[new["discard"]]
                assert new["accepted"] == {tile_str(t): n for t, n in option.accepted.items()}
                assert new["count"] == option.count and new["two_step"] == option.two_step
                rows_checked += 1
    assert rows_checked >= 30

    migration.forward(apps, None)  # a second run changes nothing
    assert all(d.data["v"] == STORED_VERSION for d in review.decisions.all())

    migration.backward(apps, None)
    assert {d.pk: d.data for d in review.decisions.all()} == before


def test_a_migrated_decision_is_drawn_with_the_one_discard_table(client) -> None:
    review = stored_review()
    migration.forward(apps, None)
    client.force_login(review.owner)
    mistake = next(d for d in STORED["decisions"] if d["mine"] and d["mine"] not in d["best"])
    page = client.get(reverse("reviews:detail", args=[review.pk]) + f"?d={mistake['index']}")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="options"' in html and "analysis-table" in html
    assert "Accepted tiles" in html and html.count("table-warning") == 1
