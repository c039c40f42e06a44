"""Each stored row records the engine judgment version it was judged with; rows stored before
versions existed get 0, so the site judges every one of them again once."""

import tutor.engine.judgment
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('puzzles', '0009_puzzle_retired'),
    ]

    operations = [
        migrations.AddField(
            model_name='puzzle',
            name='judged_with',
            field=models.PositiveIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='puzzle',
            name='judged_with',
            field=models.PositiveIntegerField(default=tutor.engine.judgment.current),
        ),
    ]
