"""Custom exercises become worksheets: each old exercise (``exercise_kind``, ``hand``,
``situation``) is the one item of a worksheet, in the exercise layer's own fields, and its
attempts are recorded under item "1"."""

from typing import Any

from django.db import migrations, models

SEATS = {"E": "east", "S": "south", "W": "west", "N": "north"}
ORDER = ["east", "south", "west", "north"]
TYPES = {"discard": "best_discard", "waits": "waits", "score": "payment"}


def item_of(kind: str, hand: str, situation: dict[str, Any]) -> dict[str, Any]:
    """The exercise data of an old custom exercise. A score exercise asked for the points:
    ``payment`` asks who pays them (for a ron, the one discarder pays them all, and which
    seat discarded does not change the sum, so the next seat is taken)."""
    if kind != "score":
        return {"type": TYPES.get(kind, "best_discard"), "hand": hand}
    seat = SEATS.get(str(situation.get("seat_wind")), "south")
    item: dict[str, Any] = {
        "type": "payment",
        "hand": hand,
        "win_tile": situation.get("win_tile") or "",
        "win": "tsumo" if situation.get("tsumo") else "ron",
        "seat": seat,
        "round": SEATS.get(str(situation.get("round_wind")), "east"),
    }
    if item["win"] == "ron":
        item["discarder"] = ORDER[(ORDER.index(seat) + 1) % 4]
    if situation.get("riichi"):
        item["riichi"] = True
    if situation.get("dora"):
        item["dora"] = situation["dora"]
    return item


def given_of(kind: str, answer: str) -> dict[str, list[str]]:
    """The old answer as the new form would send it (a score's points have no such form)."""
    if kind == "discard" and answer:
        return {"tile": [answer]}
    if kind == "waits" and answer:
        return {"tile": answer.split()}
    return {}


def forwards(apps, schema_editor):
    Assignment = apps.get_model("classes", "Assignment")
    Attempt = apps.get_model("classes", "Attempt")
    for a in Assignment.objects.filter(kind="exercise"):
        a.worksheet = [item_of(a.exercise_kind, a.hand, a.situation or {})]
        a.save(update_fields=["worksheet"])
        new_theme = f"exercise:{a.worksheet[0]['type']}"
        for at in Attempt.objects.filter(assignment=a, item="exercise"):
            at.item = "1"
            at.given = given_of(a.exercise_kind, at.answer)
            at.themes = [new_theme if t.startswith("exercise:") else t for t in at.themes or []]
            at.save(update_fields=["item", "given", "themes"])


class Migration(migrations.Migration):
    dependencies = [("classes", "0005_assignment_review_kind")]

    operations = [
        migrations.AddField(
            model_name="assignment",
            name="worksheet",
            field=models.JSONField(blank=True, default=list, verbose_name="worksheet"),
        ),
        migrations.AddField(
            model_name="attempt",
            name="given",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
