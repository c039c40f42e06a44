"""Puzzles, the batches that generate them, the daily puzzle, attempts and player ratings.

A :class:`Puzzle` is written once by a generation task with the engine's full analysis and is
never recomputed by a view. ``canonical_key`` (the hand with its suits permuted into a canonical
order, plus the kind and the visible tiles that change the answer) is unique, so the same
position can never be stored twice, whichever batch or worker deals it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from tutor.engine import judgment
from tutor.exercises.puzzles import PuzzleKind as PuzzleKind
from tutor.web.engine_text import WAIT_SHAPE_NAMES

# Glicko-2 starting values (Glickman's paper; Lichess starts puzzles the same way).
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06


THEME_LABELS = {
    "one-suit": _("One suit"),
    "tenpai": _("Tenpai"),
    "iishanten": _("One from tenpai"),
    "early-hand": _("Early hand"),
    "two-step-tiebreak": _("Two-step tiebreak"),
    "honor-discard": _("Discard an honor"),
    "terminal-discard": _("Discard a terminal"),
    "middle-discard": _("Discard a middle tile"),
    "multi-wait": _("Three or more waits"),
    "seven-pairs": _("Seven pairs"),
    "dead-tiles": _("Read the discards"),
    "near-tenpai": _("Near tenpai"),
    # A wait theme is named as the shape is everywhere else.
    **{
        f"wait-{shape.replace('_', '-')}": capfirst(name)
        for shape, name in WAIT_SHAPE_NAMES.items()
    },
    "value-over-speed": _("Value over speed"),
    "dora": _("Dora and red fives"),
    "yakuhai": _("Value honors"),
    "furiten-trap": _("Furiten trap"),
    "dead-wait-trap": _("Dead wait trap"),
    "back-off": _("Step back for value"),
    "riichi-table": _("Against a riichi"),
    "two-riichi": _("Against two riichi"),
    "after-call": _("After a call"),
    "real-game": _("From a real game"),
    "defense": _("Defense: the safest tile"),
    "push-fold": _("Push or fold against a riichi"),
}
"""Names of the themes the generator assigns (see :mod:`puzzles.generation`)."""


class Theme(models.Model):
    """A tag a puzzle carries (``one-suit``, ``tenpai``, ``two-step-tiebreak`` ...).

    A table rather than a JSON list so that "accuracy per theme" is one grouped query:
    ``PuzzleAttempt.objects.values("puzzle__themes__slug").annotate(...)``.
    """

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=80)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    @property
    def label(self) -> str:
        """The theme's name in the reader's language (known slugs are translated)."""
        label = THEME_LABELS.get(self.slug)
        return str(label) if label is not None else self.name


class BatchStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    QUEUED = "queued", _("Queued")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    UNAVAILABLE = "unavailable", _("Queue unavailable")


class Job(models.Model):
    """What a generation batch and a mining job share: a status, who asked and when, and the
    progress of its parts (chunks, games), one task each."""

    status = models.CharField(
        _("status"), max_length=16, choices=BatchStatus.choices, default=BatchStatus.PENDING
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created"]

    def parts(self) -> tuple[int, int]:
        """The parts finished and the parts in the job."""
        raise NotImplementedError

    @property
    def is_finished(self) -> bool:
        return self.status in {BatchStatus.DONE, BatchStatus.FAILED}

    @property
    def percent(self) -> int:
        """Progress in whole percent, by parts finished."""
        done, total = self.parts()
        if total == 0:
            return 100 if self.status == BatchStatus.DONE else 0
        return round(100 * done / total)


class GenerationBatch(Job):
    """A request to generate ``count`` puzzles from ``seed``; split into chunks for the workers."""

    kind = models.CharField(_("kind"), max_length=16, choices=PuzzleKind.choices)
    theme = models.CharField(_("theme"), max_length=40, blank=True)
    target_difficulty = models.PositiveSmallIntegerField(
        _("target difficulty"), null=True, blank=True
    )
    count = models.PositiveIntegerField(_("count"))
    seed = models.BigIntegerField(_("seed"))
    # Figures summed from the chunks when each one finishes.
    accepted = models.PositiveIntegerField(default=0)
    created_count = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    rejected = models.PositiveIntegerField(default=0)
    chunks_total = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    celery_ids = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)

    class Meta(Job.Meta):
        verbose_name = _("generation batch")
        verbose_name_plural = _("generation batches")

    def __str__(self) -> str:
        return f"batch {self.pk}: {self.count} {self.kind} (seed {self.seed}, {self.status})"

    def parts(self) -> tuple[int, int]:
        return self.chunks_done, self.chunks_total

    @property
    def acceptance_rate(self) -> float:
        """The share of the candidates examined so far that were accepted."""
        examined = self.accepted + self.rejected
        return self.accepted / examined if examined else 0.0

    @property
    def acceptance_percent(self) -> int:
        return round(100 * self.acceptance_rate)


class ChunkStatus(models.TextChoices):
    PENDING = "pending", _("Pending")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class GenerationChunk(models.Model):
    """One task's share of a batch. Its puzzles and its ``done`` mark are written in one
    transaction, so a chunk killed half-way leaves nothing behind and simply runs again."""

    batch = models.ForeignKey(GenerationBatch, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    target = models.PositiveIntegerField()
    status = models.CharField(
        max_length=16, choices=ChunkStatus.choices, default=ChunkStatus.PENDING
    )
    accepted = models.PositiveIntegerField(default=0)
    created_count = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    rejected = models.PositiveIntegerField(default=0)
    runs = models.PositiveIntegerField(default=0)
    celery_id = models.CharField(max_length=64, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["batch", "index"]
        constraints = [
            models.UniqueConstraint(fields=["batch", "index"], name="puzzles_chunk_unique_index")
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of batch {self.batch_id} ({self.status})"


class MiningJob(Job):
    """A request to mine puzzles from recorded games: one :class:`GameLog` (one task) per game."""

    games_total = models.PositiveIntegerField(_("games"), default=0)
    games_done = models.PositiveIntegerField(_("games done"), default=0)
    games_failed = models.PositiveIntegerField(_("games failed"), default=0)
    decisions = models.PositiveIntegerField(_("decisions"), default=0)
    created_count = models.PositiveIntegerField(_("puzzles"), default=0)
    duplicates = models.PositiveIntegerField(default=0)
    agreed = models.PositiveIntegerField(default=0)

    class Meta(Job.Meta):
        verbose_name = _("mining job")
        verbose_name_plural = _("mining jobs")

    def __str__(self) -> str:
        return f"mining job {self.pk}: {self.games_done}/{self.games_total} games ({self.status})"

    def parts(self) -> tuple[int, int]:
        # A game that failed is finished too.
        return self.games_done + self.games_failed, self.games_total


class GameLog(models.Model):
    """One recorded game of a mining job, as uploaded (mjlog XML or tenhou.net/6 JSON).

    Its puzzles and its ``done`` mark are written in one transaction, as a generation chunk's.
    """

    job = models.ForeignKey(MiningJob, on_delete=models.CASCADE, related_name="games")
    name = models.CharField(_("file"), max_length=200)
    log_id = models.CharField(_("log id"), max_length=80, blank=True)
    text = models.TextField()
    status = models.CharField(
        max_length=16, choices=ChunkStatus.choices, default=ChunkStatus.PENDING
    )
    decisions = models.PositiveIntegerField(default=0)
    created_count = models.PositiveIntegerField(default=0)
    agreed = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.status})"


class Retired(models.TextChoices):
    """Why ``manage.py recheck_puzzles`` took a puzzle out of play: judged again by today's
    engine, its position no longer has one clearly best answer, or has another one."""

    NOT_CLEAR = "not-clear", _("The engine no longer finds one clearly best answer here.")
    ANSWER_CHANGED = "answer-changed", _("The engine now finds a different best answer here.")


class Puzzle(models.Model):
    kind = models.CharField(_("kind"), max_length=16, choices=PuzzleKind.choices)
    hand = models.CharField(_("hand"), max_length=64)
    # seat_wind, round_wind (tile notation), dora_indicator, turn, discards (notation per seat).
    context = models.JSONField(_("context"), default=dict, blank=True)
    # The engine's full precomputed analysis; see puzzles.generation for its layout.
    analysis = models.JSONField(_("analysis"), default=dict, blank=True)
    themes = models.ManyToManyField(Theme, related_name="puzzles", blank=True)
    difficulty = models.PositiveSmallIntegerField(_("difficulty"), default=1)
    rating = models.FloatField(default=START_RATING)
    rating_deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    solved = models.PositiveIntegerField(_("solved"), default=0)
    canonical_key = models.CharField(max_length=160, unique=True)
    seed = models.BigIntegerField(null=True, blank=True)
    batch = models.ForeignKey(
        GenerationBatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="puzzles"
    )
    chunk = models.ForeignKey(
        GenerationChunk, null=True, blank=True, on_delete=models.SET_NULL, related_name="puzzles"
    )
    # A puzzle mined from a recorded game: which game, round (0-based), seat and turn.
    source_log = models.CharField(_("game log"), max_length=80, blank=True)
    source_round = models.PositiveSmallIntegerField(null=True, blank=True)
    source_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    source_turn = models.PositiveSmallIntegerField(null=True, blank=True)
    mining_job = models.ForeignKey(
        MiningJob, null=True, blank=True, on_delete=models.SET_NULL, related_name="puzzles"
    )
    created = models.DateTimeField(auto_now_add=True)
    # Set by ``manage.py recheck_puzzles``: out of the stream, the daily puzzle, assignments and
    # reviews, answers to it unrated; kept (not deleted) so attempts and links still read.
    retired = models.DateTimeField(_("retired"), null=True, blank=True)
    retired_reason = models.CharField(
        _("why retired"), max_length=16, choices=Retired.choices, blank=True
    )
    # The engine's judgment version the answer and analysis were made or last checked with
    # (tutor.engine.judgment): an older one is judged again (puzzles.recheck.stale_puzzles).
    judged_with = models.PositiveIntegerField(default=judgment.current)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["kind", "rating"], name="puzzles_kind_rating")]
        constraints = [
            models.UniqueConstraint(
                fields=["source_log", "source_round", "source_seat", "source_turn"],
                condition=~Q(source_log=""),
                name="puzzles_one_per_game_decision",
            )
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.kind} {self.hand}"

    @property
    def is_discard_choice(self) -> bool:
        """Whether the answer is one tile to discard from a 14-tile hand."""
        return self.kind in (PuzzleKind.DISCARD, PuzzleKind.EFFICIENCY, PuzzleKind.DEFENSE)

    @property
    def from_game(self) -> bool:
        """Whether the puzzle is a real decision of a recorded game."""
        return bool(self.source_log)


class DailyPuzzle(models.Model):
    """The one puzzle of a date, the same for everyone."""

    date = models.DateField(unique=True)
    puzzle = models.ForeignKey(Puzzle, on_delete=models.PROTECT, related_name="daily")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{self.date}: puzzle {self.puzzle_id}"


class PuzzleAttempt(models.Model):
    """One answer by one player. Only the first attempt at a puzzle is rated."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_attempts"
    )
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempt_set")
    answer = models.JSONField(default=list, blank=True)
    correct = models.BooleanField()
    first_attempt = models.BooleanField(default=False)
    seconds = models.FloatField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        constraints = [
            # Two concurrent "first" attempts cannot both be stored, so neither can rate twice.
            models.UniqueConstraint(
                fields=["user", "puzzle"],
                condition=Q(first_attempt=True),
                name="puzzles_one_first_attempt",
            )
        ]
        indexes = [models.Index(fields=["user", "created"], name="puzzles_attempt_user")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.puzzle_id}: {'right' if self.correct else 'wrong'}"


class PlayerRating(models.Model):
    """A player's Glicko-2 rating, its history and the daily streak."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_rating"
    )
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    # [{"at": ISO datetime, "rating": float, "deviation": float}, ...] oldest first.
    history = models.JSONField(default=list, blank=True)
    daily_streak = models.PositiveIntegerField(default=0)
    best_daily_streak = models.PositiveIntegerField(default=0)
    last_daily_date = models.DateField(null=True, blank=True)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.rating:.0f} ± {self.deviation:.0f}"


class PuzzleVote(models.Model):
    """A player's thumbs up or down on a puzzle: one per player, changed in place."""

    UP = 1
    DOWN = -1

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_votes"
    )
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="votes")
    value = models.SmallIntegerField(_("vote"), choices=[(UP, _("Up")), (DOWN, _("Down"))])
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "puzzle"], name="puzzles_one_vote_per_user"),
            models.CheckConstraint(condition=Q(value__in=[1, -1]), name="puzzles_vote_is_one"),
        ]
        verbose_name = _("puzzle vote")
        verbose_name_plural = _("puzzle votes")

    def __str__(self) -> str:
        return f"{self.user_id} {'+' if self.value > 0 else '-'}1 on {self.puzzle_id}"


class ReportReason(models.TextChoices):
    WRONG_ANSWER = "wrong-answer", _("The answer is wrong")
    SEVERAL_ANSWERS = "several-answers", _("More than one answer is as good")
    BAD_CONTEXT = "bad-context", _("The table (discards, dora, winds) does not make sense")
    OTHER = "other", _("Something else")


class ReportStatus(models.TextChoices):
    OPEN = "open", _("Waiting for staff")
    DISMISSED = "dismissed", _("Looked at: the puzzle is fine")
    UPHELD = "upheld", _("Looked at: the puzzle is flawed")


class PuzzleReportQuerySet(models.QuerySet["PuzzleReport"]):
    def keeping_out(self) -> PuzzleReportQuerySet:
        """Reports that keep their puzzle out of the rated pool: open, or upheld by staff."""
        return self.filter(status__in=[ReportStatus.OPEN, ReportStatus.UPHELD])


class PuzzleReport(models.Model):
    """A player's report that a puzzle is flawed. While a report is open (or once staff uphold
    it) the puzzle leaves the rated pool: the stream skips it and answers to it are not rated."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="puzzle_reports"
    )
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="reports")
    reason = models.CharField(_("reason"), max_length=20, choices=ReportReason.choices)
    note = models.TextField(_("note"), max_length=1000, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=ReportStatus.choices, default=ReportStatus.OPEN
    )
    created = models.DateTimeField(auto_now_add=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("reviewed by"),
    )
    reviewed = models.DateTimeField(_("reviewed"), null=True, blank=True)

    objects = PuzzleReportQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]
        constraints = [
            # One open report per player and puzzle: reporting again changes nothing.
            models.UniqueConstraint(
                fields=["user", "puzzle"],
                condition=Q(status="open"),
                name="puzzles_one_open_report_per_user",
            )
        ]
        indexes = [models.Index(fields=["status", "puzzle"], name="puzzles_report_status")]
        verbose_name = _("puzzle report")
        verbose_name_plural = _("puzzle reports")

    def __str__(self) -> str:
        return f"report on {self.puzzle_id} by {self.user_id}: {self.reason} ({self.status})"
