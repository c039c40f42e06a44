"""The curriculum (stages and their steps, loaded from lessons/content/) and learners' progress.

Texts are stored per language in JSON objects (``{"en": ..., "es": ...}``); the exercise is
stored as its position only. No answer is ever stored: the engine computes it (tutor.exercises).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import translation
from django.utils.translation import gettext_lazy as _


def localized(texts: dict[str, str] | None, language: str | None = None) -> str:
    """The text in the active language, falling back to English."""
    if not texts:
        return ""
    language = (language or translation.get_language() or "en").split("-")[0]
    return texts.get(language) or texts.get("en") or ""


class Stage(models.Model):
    slug = models.SlugField(unique=True)
    number = models.PositiveIntegerField()
    title = models.JSONField(default=dict)
    summary = models.JSONField(default=dict)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.number}. {self.title_text}"

    @property
    def title_text(self) -> str:
        return localized(self.title)

    @property
    def summary_text(self) -> str:
        return localized(self.summary)


class Step(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="steps")
    key = models.SlugField()
    number = models.PositiveIntegerField(help_text="1-based position in the stage")
    title = models.JSONField(default=dict)
    text = models.JSONField(default=dict, blank=True)
    # An illustration computed by the engine (a wall with marked stacks), or {}.
    figure = models.JSONField(default=dict, blank=True)
    # The exercise position (type and its fields), without texts; {} for an explanation step.
    exercise = models.JSONField(default=dict, blank=True)
    question = models.JSONField(default=dict, blank=True)
    hint = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["stage__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "key"], name="lessons_step_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.stage.slug}/{self.key}"

    @property
    def has_exercise(self) -> bool:
        return bool(self.exercise)

    @property
    def title_text(self) -> str:
        return localized(self.title)

    def texts(self) -> dict[str, Any]:
        return {
            f: localized(getattr(self, f)) for f in ("title", "text", "question", "hint", "after")
        }


class StepProgress(models.Model):
    """A signed-in learner's record for one step: done or not, mistakes.

    Anonymous learners keep the same record in their session (see lessons.services).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="step_progress"
    )
    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="progress")
    done = models.BooleanField(default=False)
    mistakes = models.PositiveIntegerField(default=0)
    # The position of a step whose exercise is drawn from a family (0: none drawn yet); a new
    # run through the stage starts without one, so it shows a fresh position.
    seed = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("step progress")
        verbose_name_plural = _("step progress")
        constraints = [
            models.UniqueConstraint(fields=["user", "step"], name="lessons_progress_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.step}: {'done' if self.done else 'open'}"


class StageBest(models.Model):
    """A signed-in learner's best stars on a stage, kept when the stage is played again.

    Anonymous learners keep the same number in their session (see lessons.services).
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stage_bests"
    )
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="bests")
    stars = models.PositiveSmallIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "stage"], name="lessons_best_unique"),
            models.CheckConstraint(
                condition=models.Q(stars__gte=1, stars__lte=3), name="lessons_best_stars_1_to_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.stage.slug}: {self.stars} stars"


class DrillAttempt(models.Model):
    """A signed-in learner's first answer to one scoring drill position (``seed``): what they
    typed and whether each part was right. Answering the same position again is practice and
    is not stored; a visitor's attempts live in their session (see lessons.drill)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="drill_attempts"
    )
    seed = models.PositiveIntegerField()
    han = models.PositiveSmallIntegerField()
    fu = models.PositiveSmallIntegerField()
    # What each loser was said to pay: [["south", 1000], ...] (a list: jsonb reorders keys).
    payments = models.JSONField(default=list)
    han_right = models.BooleanField()
    fu_right = models.BooleanField()
    payment_right = models.BooleanField()
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-answered_at", "-id"]
        verbose_name = _("drill attempt")
        verbose_name_plural = _("drill attempts")
        constraints = [
            models.UniqueConstraint(fields=["user", "seed"], name="lessons_drill_once_per_seed"),
        ]

    def __str__(self) -> str:
        return f"{self.user} drill {self.seed}"

    @property
    def all_right(self) -> bool:
        return self.han_right and self.fu_right and self.payment_right


class StepAnswer(models.Model):
    """A signed-in learner's answer to an exercise step, as its form sent it (``given``:
    ``{"tile": ["3"]}``, read again by the step's exercise to draw it for a teacher), with the
    seed of the position answered (0 for a fixed position) and whether it was right.

    Bounded: the first answers and the latest ones of each learner and step are kept
    (``lessons.services.KEEP_ANSWERS``); a visitor's answers are never stored.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="step_answers"
    )
    step = models.ForeignKey(Step, on_delete=models.CASCADE, related_name="answers")
    seed = models.PositiveIntegerField(default=0)
    given = models.JSONField(default=dict, blank=True)
    correct = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]
        verbose_name = _("step answer")
        verbose_name_plural = _("step answers")
        indexes = [models.Index(fields=["user", "step", "created"])]

    def __str__(self) -> str:
        return f"{self.user} {self.step}: {'right' if self.correct else 'wrong'}"
