"""Stored decisions facing a riichi are judged again as big mistakes or not.

The value ranking and its pick chance were fitted where nobody is in riichi; facing a riichi
they are blind to the danger, so a sound fold read as a rare pick that gave points away (28 %
of the big mistakes on the first 13 shared games). From now on, facing one riichi a big
mistake is a deal-in-prone pick or a clear push folded (``reviews.judge``), and facing two
nothing counts. A stored decision does not have the facts the second case needs (``clear``,
``folded``), so here it counts only when it was deal-in prone; its pick chance is dropped
(the page stops quoting it). The review's count of big mistakes follows. Going back leaves
the rows as they are. The shapes are written out here rather than read from the judge, which
may change after this migration.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def _facing_riichi(data: dict[str, Any]) -> bool:
    table = data.get("table") or {}
    return any(seat != table.get("seat") for seat in table.get("riichi") or ())


def rejudge(apps: Any, schema_editor: Any) -> None:
    ReviewedDecision = apps.get_model("reviews", "ReviewedDecision")
    GameReview = apps.get_model("reviews", "GameReview")
    changed: set[int] = set()
    for row in ReviewedDecision.objects.iterator():
        data = row.data
        if not isinstance(data, dict) or not _facing_riichi(data):
            continue
        defense = data.get("defense")
        big = bool(isinstance(defense, dict) and defense.get("deal_in_prone"))
        if big != row.big_mistake or data.get("pick_chance") is not None:
            row.big_mistake = big
            row.data = {**data, "pick_chance": None}
            row.save(update_fields=["big_mistake", "data"])
            changed.add(row.review_id)
    for review in GameReview.objects.filter(pk__in=changed):
        review.big_mistakes = review.decisions.filter(big_mistake=True).count()
        review.save(update_fields=["big_mistakes"])


class Migration(migrations.Migration):
    dependencies = [("reviews", "0003_decisions_through_the_facts_codec")]

    operations = [migrations.RunPython(rejudge, migrations.RunPython.noop)]
