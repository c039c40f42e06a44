from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = _("Classes")

    def ready(self) -> None:
        from lessons.signals import stage_completed, step_answered
        from puzzles.signals import puzzle_attempted

        from . import receivers

        step_answered.connect(receivers.on_step_answered, dispatch_uid="classes.step_answered")
        stage_completed.connect(
            receivers.on_stage_completed, dispatch_uid="classes.stage_completed"
        )
        puzzle_attempted.connect(
            receivers.on_puzzle_attempted, dispatch_uid="classes.puzzle_attempted"
        )
