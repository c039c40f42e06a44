"""Store each news post's sanitised HTML, rendered once when saved; render existing posts."""

from django.db import migrations, models


def render_existing_posts(apps, schema_editor):
    from classes.news import render_news

    NewsPost = apps.get_model("classes", "NewsPost")
    for post in NewsPost.objects.filter(html="").only("pk", "body").iterator():
        NewsPost.objects.filter(pk=post.pk).update(html=render_news(post.body))


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0002_assignment_theme"),
    ]

    operations = [
        migrations.AddField(
            model_name="newspost",
            name="edited",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="newspost",
            name="html",
            field=models.TextField(blank=True, editable=False),
        ),
        migrations.RunPython(render_existing_posts, migrations.RunPython.noop, elidable=True),
    ]
