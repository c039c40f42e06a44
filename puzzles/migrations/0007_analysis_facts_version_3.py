"""Stored analyses in the facts' version 3 (:mod:`tutor.exercises.facts`): a discard row's
``tile`` becomes ``discard``, accepted tiles become an object (tile → copies), and the
defense facts get a version. Backwards, the version 2 shape comes back."""

from django.db import migrations

from tutor.engine.tiles import parse_tile
from tutor.exercises.facts import upgrade

BATCH = 500


def _convert(apps, change):
    Puzzle = apps.get_model("puzzles", "Puzzle")
    changed = []
    for puzzle in Puzzle.objects.only("pk", "kind", "analysis").iterator(chunk_size=BATCH):
        if not puzzle.analysis:
            continue
        new = change(puzzle.kind, puzzle.analysis)
        if new != puzzle.analysis:
            puzzle.analysis = new
            changed.append(puzzle)
        if len(changed) >= BATCH:
            Puzzle.objects.bulk_update(changed, ["analysis"])
            changed = []
    Puzzle.objects.bulk_update(changed, ["analysis"])


def to_version_3(apps, schema_editor):
    _convert(apps, lambda kind, analysis: upgrade(analysis))


def _as_list(accepted):
    # In tile order, as version 2 stored them (jsonb gives an object's keys back in its own order).
    return [
        {"tile": t, "count": n} for t, n in sorted(accepted.items(), key=lambda i: parse_tile(i[0]))
    ]


def version_2(kind, analysis):
    """A version 3 document in the version 2 shape (frozen here: the codec moves on)."""
    if analysis.get("version") != 3:
        return analysis
    out = dict(analysis)
    if kind == "defense":
        del out["version"]
        return out
    out["version"] = 2
    if "discards" in out:
        out["discards"] = [
            {
                **{("tile" if k == "discard" else k): v for k, v in row.items()},
                "accepted": _as_list(row.get("accepted") or {}),
            }
            for row in out["discards"]
        ]
    if isinstance(out.get("accepted"), dict):
        out["accepted"] = _as_list(out["accepted"])
    return out


def to_version_2(apps, schema_editor):
    _convert(apps, version_2)


class Migration(migrations.Migration):
    dependencies = [("puzzles", "0006_defense_kind")]

    operations = [migrations.RunPython(to_version_3, to_version_2)]
