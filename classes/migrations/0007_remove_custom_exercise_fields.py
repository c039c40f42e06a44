"""The custom exercise's own fields, now held by the worksheet (0006)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("classes", "0006_worksheets")]

    operations = [
        migrations.RemoveField(model_name="assignment", name="exercise_kind"),
        migrations.RemoveField(model_name="assignment", name="hand"),
        migrations.RemoveField(model_name="assignment", name="situation"),
        migrations.RemoveField(model_name="assignment", name="analysis"),
        migrations.AlterField(
            model_name="assignment",
            name="kind",
            field=models.CharField(
                choices=[
                    ("stage", "Lesson stage"),
                    ("puzzles", "Puzzle set"),
                    ("exercise", "Worksheet"),
                    ("review", "Review a game"),
                ],
                max_length=10,
                verbose_name="kind",
            ),
        ),
    ]
