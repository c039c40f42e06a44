# The push-or-fold kind of puzzle (issue 15).

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("puzzles", "0007_analysis_facts_version_3"),
    ]

    operations = [
        migrations.AlterField(
            model_name="generationbatch",
            name="kind",
            field=models.CharField(
                choices=[
                    ("discard", "What to discard"),
                    ("efficiency", "Efficiency: the most tiles"),
                    ("improve", "Which tiles improve this hand"),
                    ("waits", "What are the waits"),
                    ("shanten", "How many shanten"),
                    ("defense", "Defense: the safest tile"),
                    ("push_fold", "Push or fold against a riichi"),
                ],
                max_length=16,
                verbose_name="kind",
            ),
        ),
        migrations.AlterField(
            model_name="puzzle",
            name="kind",
            field=models.CharField(
                choices=[
                    ("discard", "What to discard"),
                    ("efficiency", "Efficiency: the most tiles"),
                    ("improve", "Which tiles improve this hand"),
                    ("waits", "What are the waits"),
                    ("shanten", "How many shanten"),
                    ("defense", "Defense: the safest tile"),
                    ("push_fold", "Push or fold against a riichi"),
                ],
                max_length=16,
                verbose_name="kind",
            ),
        ),
    ]
