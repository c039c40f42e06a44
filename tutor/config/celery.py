"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.config.settings")

app = Celery("tutor")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(lambda: ["tutor.web", "lessons", "puzzles", "classes"])
