"""Migration 0007 brings every stored analysis to the facts' version 3, on real stored puzzles
(the mined discard puzzles as stored in version 2 and the defense puzzles as they were mined
before version 3, without a version: both kept in tests/puzzles/data since their fixtures were
re-mined), and back."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from django.apps import apps
from django.urls import reverse

from puzzles import services_mining
from puzzles.models import Puzzle
from tutor.exercises import tables
from tutor.exercises.facts import FACTS_VERSION, from_json

pytestmark = pytest.mark.django_db
migration = importlib.import_module("puzzles.migrations.0007_analysis_facts_version_3")


OLD_DISCARD = Path(__file__).parent / "data" / "real_game_puzzles_v2.jsonl"
OLD_DEFENSE = Path(__file__).parent / "data" / "defense_puzzles_unversioned.jsonl"


def stored_rows() -> list[dict]:
    rows = []
    for path in (OLD_DISCARD, OLD_DEFENSE):
        lines = path.read_text(encoding="utf-8").splitlines()
        rows += [json.loads(line) for line in lines if line]
    return rows


def store_as_written(rows: list[dict]) -> dict[int, dict]:
    """The fixture rows stored with their analysis exactly as written then."""
    fields = ("kind", "hand", "context", "analysis", "difficulty", "rating", "canonical_key")
    made = Puzzle.objects.bulk_create([Puzzle(**{f: r[f] for f in fields}) for r in rows])
    return {p.pk: r["analysis"] for p, r in zip(made, rows, strict=True)}


def test_every_real_stored_analysis_reads_in_version_3_and_goes_back_unchanged() -> None:
    rows = stored_rows()
    assert {r["analysis"].get("version") for r in rows} == {2, None}, "the fixtures are old"
    before = store_as_written(rows)

    migration.to_version_3(apps, None)
    tables_read = 0
    for puzzle in Puzzle.objects.all():
        facts = from_json(puzzle.analysis)  # refused if anything is left in the old shape
        assert facts["version"] == FACTS_VERSION
        old = before[puzzle.pk]
        if puzzle.kind == "discard":
            assert [r["discard"] for r in facts["discards"]] == [r["tile"] for r in old["discards"]]
            for new_row, old_row in zip(facts["discards"], old["discards"], strict=True):
                assert new_row["accepted"] == {a["tile"]: a["count"] for a in old_row["accepted"]}
                assert new_row["count"] == old_row["count"]
            drawn = tables.discard_rows(puzzle.analysis, best=[facts["answer"]])
            assert [r.discard for r in drawn if r.best] == [facts["answer"]]
            tables_read += 1
        else:
            assert facts["danger"] == old["danger"]
    assert tables_read == 80

    migration.to_version_2(apps, None)
    for puzzle in Puzzle.objects.all():
        assert puzzle.analysis == before[puzzle.pk]


def test_running_the_migration_twice_changes_nothing_more() -> None:
    store_as_written(stored_rows()[:10])
    migration.to_version_3(apps, None)
    once = {p.pk: p.analysis for p in Puzzle.objects.all()}
    migration.to_version_3(apps, None)
    assert {p.pk: p.analysis for p in Puzzle.objects.all()} == once


def test_the_fixtures_load_in_the_current_version_and_their_table_is_drawn(client) -> None:
    assert services_mining.load_fixture() == 67  # the real-game fixture's puzzles, all new
    puzzle = Puzzle.objects.filter(kind="discard").order_by("pk").first()
    assert from_json(puzzle.analysis)["version"] == FACTS_VERSION
    right = puzzle.analysis["answer"]
    html = client.post(reverse("puzzles:answer", args=[puzzle.pk]), {"answer": right}).content
    table = html.decode().split('data-testid="analysis-table"')[1].split("</table>")[0]
    assert table.count("<tr") == 1 + len(puzzle.analysis["discards"])
    assert "Expected points" in html.decode()
