from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LessonsConfig(AppConfig):
    name = "lessons"
    verbose_name = _("Lessons")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .services import move_progress_on_login

        user_logged_in.connect(move_progress_on_login, dispatch_uid="lessons_move_progress")
