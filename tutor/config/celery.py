"""The Celery application. Tasks live in each app's ``tasks.py`` and are found automatically."""

import os
from pathlib import Path

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.config.settings")

app = Celery("tutor")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(lambda: ["tutor.web", "lessons", "puzzles", "classes", "reviews"])


def ensure_broker_folders() -> None:
    """The filesystem transport expects its folders to exist; create them on first use."""
    options = app.conf.broker_transport_options or {}
    if str(app.conf.broker_url).startswith("filesystem"):
        for key in ("data_folder_in", "data_folder_out", "control_folder", "processed_folder"):
            if options.get(key):
                Path(options[key]).mkdir(parents=True, exist_ok=True)


app.on_after_configure.connect(lambda sender, **kwargs: ensure_broker_folders(), weak=False)
