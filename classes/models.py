"""Instructors, classes, their members, assignments and the work students do for them.

Students do lesson stages and puzzles on the lessons and puzzles pages; the receivers in
:mod:`classes.receivers` copy each answer that belongs to an assignment into :class:`Attempt`
and keep one :class:`Progress` row per student and assignment. A worksheet's hands are answered on
the class's own pages through the one exercise layer (:mod:`tutor.exercises`).
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from lessons.models import Stage
from puzzles.models import THEME_LABELS, Puzzle
from tutor.exercises import Exercise, exercise

from .news import render_news

if TYPE_CHECKING:
    from django.contrib.auth.models import User

JOIN_CODE_BYTES = 12
"""Random bytes in a join code: 96 bits, 16 url-safe characters, far beyond guessing."""


def new_join_code() -> str:
    return secrets.token_urlsafe(JOIN_CODE_BYTES)


class Instructor(models.Model):
    """The instructor role: who may create classes. Granted by staff (directly in the admin or
    by approving an :class:`InstructorRequest`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="instructor"
    )
    granted_at = models.DateTimeField(_("granted at"), default=timezone.now)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("granted by"),
    )

    class Meta:
        verbose_name = _("instructor")
        verbose_name_plural = _("instructors")

    def __str__(self) -> str:
        return self.user.get_username()

    @staticmethod
    def is_instructor(user: Any) -> bool:
        return bool(user.is_authenticated) and Instructor.objects.filter(user=user).exists()


class InstructorRequest(models.Model):
    """A user asks for the instructor role; staff approve or decline it in the admin."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="instructor_requests"
    )
    message = models.TextField(_("why you want to teach"), max_length=1000)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # False from the decision until the requester has seen it in a message on the site.
    requester_told = models.BooleanField(default=True, editable=False)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("instructor request")
        verbose_name_plural = _("instructor requests")
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=Q(status="pending"),
                name="classes_one_pending_request_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user.get_username()} ({self.status})"

    def approve(self, by: User) -> None:
        """Grant the role and mark the request approved (the rows only: to tell the requester
        too, use :func:`classes.services.decide_request`, as every admin page does)."""
        Instructor.objects.get_or_create(user=self.user, defaults={"granted_by": by})
        self._decide(self.Status.APPROVED, by)

    def decline(self, by: User) -> None:
        self._decide(self.Status.DECLINED, by)

    def _decide(self, status: str, by: User) -> None:
        self.status = status
        self.decided_at = timezone.now()
        self.decided_by = by
        self.requester_told = False
        self.save(update_fields=["status", "decided_at", "decided_by", "requester_told"])


class Classroom(models.Model):
    """A class: its teachers (instructors, at least one) and the students who joined it."""

    name = models.CharField(_("name"), max_length=80)
    description = models.TextField(_("description"), max_length=2000, blank=True)
    join_code = models.CharField(_("join code"), max_length=32, unique=True, default=new_join_code)
    teachers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="taught_classes", verbose_name=_("teachers")
    )
    students = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="joined_classes",
        verbose_name=_("students"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name

    def is_teacher(self, user: Any) -> bool:
        return bool(user.is_authenticated) and self.teachers.filter(pk=user.pk).exists()

    def is_student(self, user: Any) -> bool:
        return bool(user.is_authenticated) and self.memberships.filter(student=user).exists()

    def remove_teacher(self, user: User) -> None:
        """Stop ``user`` teaching this class; a class always keeps at least one teacher.

        Raises :class:`LastTeacherError` for the only teacher. The class's row is locked so
        two co-teachers leaving at the same moment cannot leave the class with none.
        """
        with transaction.atomic():
            Classroom.objects.select_for_update().only("pk").get(pk=self.pk)
            if not self.teachers.filter(pk=user.pk).exists():
                return
            if self.teachers.count() <= 1:
                raise LastTeacherError(
                    _(
                        "You are this class's only teacher. Add another teacher before you "
                        "leave, so that someone can still follow the students."
                    )
                )
            self.teachers.remove(user)

    def regenerate_code(self) -> str:
        """Replace the join code; the old code and link stop working at once."""
        self.join_code = new_join_code()
        self.save(update_fields=["join_code"])
        return self.join_code


class LastTeacherError(ValueError):
    """The last teacher of a class tried to leave it."""


class Membership(models.Model):
    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="memberships")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_memberships"
    )
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["student__username"]
        constraints = [
            models.UniqueConstraint(
                fields=["classroom", "student"], name="classes_one_membership_per_student"
            )
        ]

    def __str__(self) -> str:
        return f"{self.student} in {self.classroom}"


class AssignmentKind(models.TextChoices):
    STAGE = "stage", _("Lesson stage")
    PUZZLES = "puzzles", _("Puzzle set")
    EXERCISE = "exercise", _("Worksheet")
    REVIEW = "review", _("Review a game")


class Assignment(models.Model):
    """Work a class's teachers ask its students to do.

    Exactly one of the kinds' fields is used: ``stage_slug`` (a lesson stage), ``puzzle_ids``
    (a puzzle set, fixed when the assignment is saved) or ``worksheet`` (the teacher's own
    positions: a list of exercise data as a lesson file holds it, ``{"type": "waits", "hand":
    "..."}``, each checked by building it with :func:`tutor.exercises.exercise`; item ``n``
    (from 1) is the key its attempts are recorded under).
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="assignments")
    kind = models.CharField(_("kind"), max_length=10, choices=AssignmentKind.choices)
    title = models.CharField(_("title"), max_length=120)
    instructions = models.TextField(_("instructions"), max_length=4000, blank=True)
    due = models.DateTimeField(_("due"), null=True, blank=True)
    stage_slug = models.CharField(_("lesson stage"), max_length=80, blank=True)
    puzzle_ids = models.JSONField(_("puzzles"), default=list, blank=True)
    # The theme the puzzles were picked by (empty for chosen puzzles); used in the title.
    theme = models.CharField(_("theme"), max_length=40, blank=True)
    worksheet = models.JSONField(_("worksheet"), default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name = _("assignment")
        verbose_name_plural = _("assignments")

    def __str__(self) -> str:
        return self.display_title

    @staticmethod
    def load_stages(assignments: list[Assignment]) -> list[Assignment]:
        """Look up the lesson stages of all these assignments in one query, so that their
        :attr:`display_title` costs none (a page listing many assignments)."""
        slugs = {a.stage_slug for a in assignments if a.kind == AssignmentKind.STAGE}
        stages = {s.slug: s for s in Stage.objects.filter(slug__in=slugs)} if slugs else {}
        for a in assignments:
            a._stage = (stages.get(a.stage_slug),)
        return assignments

    def stage(self) -> Stage | None:
        """The assigned lesson stage (None when it no longer exists, or for another kind)."""
        loaded: tuple[Stage | None] | None = getattr(self, "_stage", None)
        if loaded is None:
            found = Stage.objects.filter(slug=self.stage_slug).first() if self.stage_slug else None
            loaded = self._stage = (found,)
        return loaded[0]

    @property
    def display_title(self) -> str:
        """The teacher's title, or one made from the content in the reader's language."""
        if self.title:
            return self.title
        if self.kind == AssignmentKind.STAGE:
            stage = self.stage()
            return str(stage) if stage is not None else self.stage_slug
        if self.kind == AssignmentKind.PUZZLES:
            n = len(self.puzzle_ids)
            values = {"n": n, "theme": THEME_LABELS.get(self.theme, self.theme)}
            if self.theme:
                return ngettext("%(n)d puzzle: %(theme)s", "%(n)d puzzles: %(theme)s", n) % values
            return ngettext("%(n)d puzzle", "%(n)d puzzles", n) % values
        if self.kind == AssignmentKind.REVIEW:
            return str(AssignmentKind.REVIEW.label)
        n = len(self.worksheet)
        return ngettext("Worksheet of %(n)d hand", "Worksheet of %(n)d hands", n) % {"n": n}

    @property
    def items(self) -> list[str]:
        """The keys of the items a student must get right, for puzzles and exercises."""
        if self.kind == AssignmentKind.PUZZLES:
            return [str(pid) for pid in self.puzzle_ids]
        if self.kind == AssignmentKind.EXERCISE:
            return [str(n) for n in range(1, len(self.worksheet) + 1)]
        return []

    def puzzles(self) -> list[Puzzle]:
        """The puzzles of a puzzle set, in the assignment's order (those still stored)."""
        found = Puzzle.objects.in_bulk(self.puzzle_ids)
        return [found[i] for i in self.puzzle_ids if i in found]

    def exercise(self, item: str) -> Exercise[Any]:
        """The worksheet's item ``item`` ("1", "2"...) built by the exercise layer; raises
        ``LookupError`` for no such item and ContentError if an engine change broke it."""
        if item not in self.items or self.kind != AssignmentKind.EXERCISE:
            raise LookupError(item)
        return exercise(self.worksheet[int(item) - 1])

    def is_past_due(self, now: Any = None) -> bool:
        return self.due is not None and (now or timezone.now()) > self.due


class Attempt(models.Model):
    """One answer a student gave for an assignment: a lesson step, a puzzle or a worksheet item.

    ``given`` keeps a worksheet answer as its form sent it (``{"tile": ["3m"]}``), so that the
    exercise reads it again to draw it for the teacher."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="attempts")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_attempts"
    )
    item = models.CharField(max_length=80)
    correct = models.BooleanField()
    seconds = models.FloatField(null=True, blank=True)
    answer = models.CharField(max_length=200, blank=True)
    given = models.JSONField(default=dict, blank=True)
    # Theme keys for "accuracy per theme": puzzle theme slugs, "lesson:<slug>", "exercise:<type>".
    themes = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "pk"]
        indexes = [models.Index(fields=["assignment", "student"], name="classes_attempt_work")]

    def __str__(self) -> str:
        return f"{self.student} {self.item} {'✓' if self.correct else '✗'}"


class Progress(models.Model):
    """A student's standing on one assignment, kept up to date with every attempt."""

    assignment = models.ForeignKey(Assignment, on_delete=models.CASCADE, related_name="progress")
    student = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="class_progress"
    )
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    seconds = models.FloatField(default=0)
    # 0..100: the share of items right at the first try (puzzles, exercises); stars·100/3 for
    # a lesson stage.
    score = models.PositiveSmallIntegerField(null=True, blank=True)
    stars = models.PositiveSmallIntegerField(null=True, blank=True)
    last_activity = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["assignment", "student"], name="classes_one_progress_per_student"
            )
        ]

    def __str__(self) -> str:
        return f"{self.student} on {self.assignment}"

    @property
    def time_spent(self) -> str:
        return format_seconds(self.seconds)


def format_seconds(seconds: float | None) -> str:
    """A duration as a clock reads: ``0:42``, ``12:05``, ``1:02:03``.

    >>> format_seconds(42), format_seconds(725), format_seconds(3723), format_seconds(None)
    ('0:42', '12:05', '1:02:03', '0:00')
    """
    total = int(round(seconds or 0))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class NewsPost(models.Model):
    """A message on the class's news wall, written in Markdown.

    ``html`` is the body rendered and sanitised when the post is saved
    (:func:`classes.news.render_news`), so showing the wall never parses Markdown.
    """

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="news")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    body = models.TextField(_("message"), max_length=5000)
    html = models.TextField(blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    edited = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return self.body[:40]

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.html = render_news(self.body)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "body" in update_fields:
            kwargs["update_fields"] = {*update_fields, "html"}
        super().save(*args, **kwargs)
