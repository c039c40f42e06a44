from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClassesConfig(AppConfig):
    name = "classes"
    verbose_name = _("Classes")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in
        from django.db.models.signals import post_delete, post_save

        from lessons.signals import stage_completed, step_answered
        from puzzles.signals import puzzle_attempted

        from . import receivers
        from .middleware import flag_waiting_decisions
        from .models import Membership
        from .services import forget_member_flag

        user_logged_in.connect(flag_waiting_decisions, dispatch_uid="classes.decisions")
        post_save.connect(forget_member_flag, sender=Membership, dispatch_uid="classes.flag_s")
        post_delete.connect(forget_member_flag, sender=Membership, dispatch_uid="classes.flag_d")

        step_answered.connect(receivers.on_step_answered, dispatch_uid="classes.step_answered")
        stage_completed.connect(
            receivers.on_stage_completed, dispatch_uid="classes.stage_completed"
        )
        puzzle_attempted.connect(
            receivers.on_puzzle_attempted, dispatch_uid="classes.puzzle_attempted"
        )
