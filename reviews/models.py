"""A learner's review of one recorded game: the log, the seat, and every decision judged."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tutor.engine import judgment

from .judge import JudgedDecision, judged_from_json


class ReviewStatus(models.TextChoices):
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class GameReviewQuerySet(models.QuerySet["GameReview"]):
    def visible_to(self, user: object) -> GameReviewQuerySet:
        """The reviews ``user`` may open: their own, and those handed in for an assignment of
        a class they teach."""
        if not getattr(user, "is_authenticated", False):
            return self.none()
        return self.filter(
            models.Q(owner=user) | models.Q(assignment__classroom__teachers=user)
        ).distinct()


class GameReview(models.Model):
    """One uploaded game, judged for one seat by :func:`reviews.tasks.judge_review`.

    ``done`` counts the decisions judged so far (the progress bar); the summary fields are
    written with the decisions, in one transaction, when the task finishes.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_reviews"
    )
    assignment = models.ForeignKey(
        "classes.Assignment",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game_reviews",
    )
    name = models.CharField(_("file"), max_length=200)
    log_id = models.CharField(_("log id"), max_length=80, blank=True)
    text = models.TextField()
    seat = models.PositiveSmallIntegerField(_("seat"))
    player = models.CharField(_("player"), max_length=100, blank=True)
    status = models.CharField(
        max_length=16, choices=ReviewStatus.choices, default=ReviewStatus.QUEUED
    )
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    # Decisions with a choice (not a discard forced by riichi), and how many matched the engine.
    choices = models.PositiveIntegerField(default=0)
    agreed = models.PositiveIntegerField(default=0)
    big_mistakes = models.PositiveIntegerField(default=0)
    missed_wins = models.PositiveIntegerField(default=0)
    loss = models.FloatField(default=0.0)
    # The engine's judgment version the decisions were judged with (tutor.engine.judgment): a
    # finished review judged with an older one is judged again (rejudge_reviews --stale).
    judged_with = models.PositiveIntegerField(default=judgment.current)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    objects = GameReviewQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.name} seat {self.seat} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status in (ReviewStatus.DONE, ReviewStatus.FAILED)

    @property
    def percent(self) -> int:
        if self.status == ReviewStatus.DONE:
            return 100
        return int(100 * self.done / self.total) if self.total else 0


class ReviewedDecision(models.Model):
    """One judged decision; ``data`` is :func:`reviews.judge.judged_to_json`'s object."""

    review = models.ForeignKey(GameReview, on_delete=models.CASCADE, related_name="decisions")
    index = models.PositiveIntegerField()
    big_mistake = models.BooleanField(default=False)
    # A clear decision the player got wrong: it can become a puzzle (``data["puzzle"]``).
    makes_puzzle = models.BooleanField(default=False)
    data = models.JSONField()

    class Meta:
        ordering = ["review", "index"]
        constraints = [
            models.UniqueConstraint(fields=["review", "index"], name="reviews_one_per_index")
        ]

    def __str__(self) -> str:
        return f"{self.review_id}#{self.index}"

    @property
    def judged(self) -> JudgedDecision:
        return judged_from_json(self.data)
