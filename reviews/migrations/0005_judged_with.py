"""Each stored row records the engine judgment version it was judged with; rows stored before
versions existed get 0, so the site judges every one of them again once."""

import tutor.engine.judgment
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('reviews', '0004_big_mistakes_facing_riichi'),
    ]

    operations = [
        migrations.AddField(
            model_name='gamereview',
            name='judged_with',
            field=models.PositiveIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name='gamereview',
            name='judged_with',
            field=models.PositiveIntegerField(default=tutor.engine.judgment.current),
        ),
    ]
