"""What the classes app does beyond storing rows: joining, recording work, statuses, the
dashboard figures, the CSV, the news wall, and answering a worksheet.

Every rule of the game comes from :mod:`tutor.engine` through the exercise layer
(:mod:`tutor.exercises`); this module only records what it says.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from lessons.models import Stage, StageBest, Step, StepProgress
from lessons.services import stars_for
from puzzles.models import THEME_LABELS
from tutor.exercises import Verdict

from . import mail
from .mail import decision_text
from .models import (
    Assignment,
    AssignmentKind,
    Attempt,
    Classroom,
    InstructorRequest,
    Membership,
    Progress,
)
from .worksheets import TYPES

# --- joining ---------------------------------------------------------------------------------

JOIN_LIMIT_PER_USER = 10
JOIN_LIMIT_PER_ADDRESS = 30
JOIN_WINDOW_SECONDS = 15 * 60


class JoinError(ValueError):
    """A join that cannot happen; the message is shown to the student."""


class JoinThrottled(JoinError):
    """Too many join attempts from this account or address: wait and try again."""


def _count_failure(key: str) -> None:
    cache.add(key, 0, JOIN_WINDOW_SECONDS)
    try:
        cache.incr(key)
    except ValueError:  # the key expired between add and incr
        cache.set(key, 1, JOIN_WINDOW_SECONDS)


def _join_keys(user: User, address: str) -> tuple[tuple[str, int], tuple[str, int]]:
    return (
        (f"classes:join-failed:user:{user.pk}", JOIN_LIMIT_PER_USER),
        (f"classes:join-failed:addr:{address}", JOIN_LIMIT_PER_ADDRESS),
    )


def find_class_for_join(user: User, address: str, code: str) -> Classroom:
    """The class with join ``code``, for ``user`` at ``address``; :class:`JoinThrottled` when
    this account or address used up its failed look-ups.

    Only failed look-ups count: guessing codes is slow whichever accounts or machines are used,
    while a whole club joining through one good link from one network is never refused.
    """
    for key, limit in _join_keys(user, address):
        if int(cache.get(key) or 0) >= limit:
            raise JoinThrottled(
                _("Too many attempts to join a class. Please wait a few minutes and try again.")
            )
    try:
        return find_class_by_code(code)
    except JoinError:
        for key, _limit in _join_keys(user, address):
            _count_failure(key)
        raise


def find_class_by_code(code: str) -> Classroom:
    code = code.strip()
    # Codes are url-safe base64 (letters, digits, "-" and "_"); anything else -- a NUL byte
    # that PostgreSQL refuses to even compare -- cannot be a code, so it is not looked up.
    plausible = bool(code) and len(code) <= 32 and all(c.isalnum() or c in "-_" for c in code)
    classroom = Classroom.objects.filter(join_code=code).first() if plausible else None
    if classroom is None:
        raise JoinError(
            _("No class has this code. Check it with your teacher (codes are case-sensitive).")
        )
    return classroom


def join_class(user: User, classroom: Classroom) -> Membership:
    """Make ``user`` a student of ``classroom`` (joining twice is harmless)."""
    if classroom.is_teacher(user):
        raise JoinError(_("You teach this class, so you cannot join it as a student."))
    # get_or_create reads the row again when a double click raced it to the insert
    return Membership.objects.get_or_create(classroom=classroom, student=user)[0]


def leave_class(user: User, classroom: Classroom) -> bool:
    """Remove the membership. The student's past work stays, and reappears if they rejoin."""
    deleted, _details = Membership.objects.filter(classroom=classroom, student=user).delete()
    return deleted > 0


# --- instructor requests ---------------------------------------------------------------------

DECISION_FLAG_SECONDS = 30 * 24 * 3600


def decision_flag_key(user_id: int) -> str:
    return f"classes:decision-waiting:{user_id}"


def decide_request(request_id: int, approve: bool, by: User) -> bool:
    """Approve (grant the role) or decline a pending instructor request, and tell the
    requester: an e-mail, and a message on their next visit. The one way staff decide, from
    any admin page. False when the request was already decided (nothing changes)."""
    with transaction.atomic():
        req = InstructorRequest.objects.select_for_update().filter(pk=request_id).first()
        if req is None or req.status != InstructorRequest.Status.PENDING:
            return False
        (req.approve if approve else req.decline)(by=by)
        flag = decision_flag_key(req.user_id)
        transaction.on_commit(lambda: cache.set(flag, True, DECISION_FLAG_SECONDS))
        transaction.on_commit(lambda: mail.send_decision_mail(request_id))
    return True


def decision_notices(user: User) -> list[str]:
    """The decisions ``user`` has not been told about on the site yet, as messages to show
    once (they are marked told)."""
    with transaction.atomic():
        untold = InstructorRequest.objects.filter(user=user, requester_told=False)
        decided = list(untold.exclude(status=InstructorRequest.Status.PENDING).select_for_update())
        InstructorRequest.objects.filter(pk__in=[r.pk for r in decided]).update(requester_told=True)
    return [decision_text(r.status) for r in decided]


# --- recording work --------------------------------------------------------------------------


def record_attempt(
    assignment: Assignment,
    student: User,
    item: str,
    correct: bool,
    *,
    seconds: float | None = None,
    answer: str = "",
    given: dict[str, list[str]] | None = None,
    themes: list[str] | None = None,
) -> Progress:
    """Store one answer and bring the student's :class:`Progress` up to date."""
    when = timezone.now()
    with transaction.atomic():
        Attempt.objects.create(
            assignment=assignment,
            student=student,
            item=item,
            correct=correct,
            seconds=seconds,
            answer=answer[:200],
            given=given or {},
            themes=themes or [],
            created=when,
        )
        progress = locked_progress(assignment.pk, student)
        progress.attempts += 1
        progress.correct += int(correct)
        progress.seconds += max(0.0, min(seconds or 0.0, 3600.0))
        progress.last_activity = when
        if assignment.items:
            _score(progress, assignment.items, when)
        progress.save()
    return progress


def record_stage_completed(assignment: Assignment, student: User, stars: int) -> Progress:
    """A lesson stage was completed: done, with the stars (the best of every completion)."""
    stars = max(0, min(int(stars), 3))
    with transaction.atomic():
        progress = locked_progress(assignment.pk, student)
        if progress.stars is None or stars > progress.stars:
            progress.stars = stars
            progress.score = round(100 * stars / 3)
        progress.last_activity = timezone.now()
        progress.completed_at = progress.completed_at or progress.last_activity
        progress.save()
    return progress


def locked_progress(assignment_id: int, student: User) -> Progress:
    """``student``'s progress on the assignment, made if need be, locked until the commit."""
    Progress.objects.get_or_create(assignment_id=assignment_id, student=student)
    return Progress.objects.select_for_update().get(assignment_id=assignment_id, student=student)


class ItemLocked(ValueError):
    """A worksheet hand that cannot change: a student answered it (their answers must stay
    about the hand they saw), or it is the worksheet's last one. The message says which."""


def last_hand_text() -> str:
    return _("A worksheet keeps at least one hand: delete the assignment instead.")


def change_item(assignment: Assignment, number: int, item: dict[str, Any] | None) -> None:
    """Replace hand ``number`` (from 1) of a worksheet with ``item``, or remove it (``None``).

    A removal moves the later hands up, and their students' answers with them, then brings
    each student's score up to date. Raises ``LookupError`` for no such hand and
    :class:`ItemLocked` for a hand a student answered (or the last hand)."""
    key = str(number)
    with transaction.atomic():
        sheet = Assignment.objects.select_for_update().get(pk=assignment.pk)
        hands = list(sheet.worksheet)
        if sheet.kind != AssignmentKind.EXERCISE or not 1 <= number <= len(hands):
            raise LookupError(key)
        if sheet.attempts.filter(item=key).exists():
            raise ItemLocked(
                _(
                    "A student has answered this hand, so it stays as they saw it. Add a new hand instead."
                )
            )
        if item is not None:
            hands[number - 1] = item
        elif len(hands) == 1:
            raise ItemLocked(last_hand_text())
        else:
            del hands[number - 1]
            for later in range(number + 1, len(hands) + 2):
                sheet.attempts.filter(item=str(later)).update(item=str(later - 1))
        sheet.worksheet = hands
        sheet.save(update_fields=["worksheet"])
        if item is None:
            refresh_scores(sheet)
    assignment.worksheet = hands


def refresh_scores(assignment: Assignment) -> None:
    """Every student's score on ``assignment`` again from their answers, after its items
    changed; a student who now has every item right is done (a completion is never undone)."""
    for progress in Progress.objects.select_for_update().filter(assignment=assignment):
        _score(progress, assignment.items, progress.last_activity or timezone.now())
        progress.save(update_fields=["score", "completed_at"])


def _score(progress: Progress, items: list[str], when: datetime) -> None:
    """Score ``progress`` by the items right at the first try; done at ``when`` once every
    item has been answered right."""
    first: dict[str, bool] = {}
    right: set[str] = set()
    for item, correct in (
        Attempt.objects.filter(assignment=progress.assignment_id, student=progress.student_id)
        .order_by("created", "pk")
        .values_list("item", "correct")
    ):
        first.setdefault(item, correct)
        if correct:
            right.add(item)
    progress.score = round(100 * sum(first.get(i, False) for i in items) / len(items))
    if progress.completed_at is None and right.issuperset(items):
        progress.completed_at = when


MEMBER_FLAG_SECONDS = 600


def _member_flag_key(user_id: int) -> str:
    return f"classes:is-student:{user_id}"


def is_student_anywhere(user: User) -> bool:
    """Whether ``user`` is a student of any class, remembered in the cache so that the
    receivers cost no query on every lesson or puzzle answer of the many users without a class.
    The flag is forgotten whenever a membership is saved or deleted (see ``forget_member_flag``)."""
    member = Membership.objects.filter(student_id=user.pk)
    return bool(cache.get_or_set(_member_flag_key(user.pk), member.exists, MEMBER_FLAG_SECONDS))


def forget_member_flag(sender: Any, instance: Membership, **kwargs: Any) -> None:
    """``post_save``/``post_delete`` receiver: forget the student's flag now and again after
    the commit, so a flag read by another request before the commit does not linger."""
    key = _member_flag_key(instance.student_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


def student_assignments_for(user: User, **filters: Any) -> list[Assignment]:
    """The assignments of every class ``user`` is a student of, filtered (e.g. by kind); none
    for a visitor."""
    if not getattr(user, "is_authenticated", False) or not is_student_anywhere(user):
        return []
    assigned = Assignment.objects.filter(classroom__memberships__student=user, **filters)
    return list(assigned.select_related("classroom"))


# --- statuses --------------------------------------------------------------------------------


class Status(models.TextChoices):
    NOT_STARTED = "not_started", gettext_lazy("Not started")
    IN_PROGRESS = "in_progress", gettext_lazy("In progress")
    DONE = "done", gettext_lazy("Done")
    LATE = "late", gettext_lazy("Late")


_BADGES: dict[str, str] = {
    Status.DONE: "text-bg-success",
    Status.LATE: "text-bg-danger",
    Status.IN_PROGRESS: "text-bg-warning",
    Status.NOT_STARTED: "text-bg-secondary",
}


def work_status(
    assignment: Assignment, progress: Progress | None, now: datetime | None = None
) -> str:
    """Done once completed; late when the due date passed first; otherwise started or not."""
    if progress is not None and progress.completed_at is not None:
        return Status.DONE
    if assignment.is_past_due(now):
        return Status.LATE
    if progress is not None and (progress.attempts > 0 or progress.last_activity):
        return Status.IN_PROGRESS
    return Status.NOT_STARTED


def catch_up_stages(
    assignments: list[Assignment],
    students: list[User],
    progress: dict[tuple[int, int], Progress],
) -> None:
    """Count lesson stages the students completed on the lessons pages without it reaching
    their class (before the stage was assigned, or before they joined), for many students
    and assignments at once: four queries to read and, when some stage is newly counted,
    three to write them all. ``progress`` (keyed by student and assignment ids) is brought up
    to date."""
    pending = [
        (s, a)
        for a in assignments
        if a.kind == AssignmentKind.STAGE and a.stage() is not None
        for s in students
        if (p := progress.get((s.pk, a.pk))) is None or p.completed_at is None
    ]
    if not pending:
        return
    done = _stages_done({s.pk for s, _a in pending}, {a.stage_slug for _s, a in pending})
    now = timezone.now()
    new: list[Progress] = []
    changed: list[Progress] = []
    for s, a in pending:
        finished = done.get((s.pk, a.stage_slug))
        if finished is None:
            continue
        stars, when = finished
        p = progress.get((s.pk, a.pk)) or Progress(assignment=a, student=s)
        (changed if p.pk else new).append(p)
        if p.stars is None or stars > p.stars:
            p.stars, p.score = stars, round(100 * stars / 3)
        p.completed_at = p.last_activity = when or now
    if not (new or changed):
        return
    with transaction.atomic():
        # a row made meanwhile by a receiver wins; a stage still not counted is counted on the
        # next reading
        Progress.objects.bulk_create(new, ignore_conflicts=True)
        fields = ["stars", "score", "completed_at", "last_activity"]
        Progress.objects.bulk_update(changed, fields, batch_size=500)
    for p in Progress.objects.filter(
        assignment__in={p.assignment_id for p in new + changed},
        student__in={p.student_id for p in new + changed},
    ):
        progress[(p.student_id, p.assignment_id)] = p


def _stages_done(
    user_ids: set[int], slugs: set[str]
) -> dict[tuple[int, str], tuple[int, datetime | None]]:
    """Stars and last activity of every (user, stage) done on the lessons pages, as the
    lessons app counts it (:func:`lessons.services.status_from`): all steps done in the
    current run, or best stars kept from an earlier run."""
    stages = dict(Stage.objects.filter(slug__in=slugs).values_list("pk", "slug"))
    keys: dict[int, set[str]] = defaultdict(set)
    for stage_id, key in Step.objects.filter(stage__in=stages).values_list("stage_id", "key"):
        keys[stage_id].add(key)
    runs: dict[tuple[int, int], list[Any]] = defaultdict(list)
    steps = StepProgress.objects.filter(user_id__in=user_ids, step__stage__in=stages)
    fields = ("user_id", "step__stage_id", "step__key", "done", "mistakes", "updated_at")
    for u, st, *row in steps.values_list(*fields):
        runs[(u, st)].append(row)
    bests = StageBest.objects.filter(user_id__in=user_ids, stage__in=stages)
    best = {(u, st): stars for u, st, stars in bests.values_list("user_id", "stage_id", "stars")}
    out: dict[tuple[int, str], tuple[int, datetime | None]] = {}
    for u in user_ids:
        for stage_id, slug in stages.items():
            rows = runs.get((u, stage_id), [])
            done_keys = {key for key, done, _m, _t in rows if done}
            finished = bool(keys[stage_id]) and keys[stage_id] <= done_keys
            mistakes = sum(m for _key, _done, m, _t in rows)  # every row is a step of the stage
            kept = best.get((u, stage_id), 0)
            if finished or kept > 0:
                stars = max(stars_for(mistakes) if finished else 0, kept)
                out[(u, slug)] = (stars, max((t for *_rest, t in rows if t), default=None))
    return out


@dataclass
class Work:
    """A student's row for one assignment, ready for a template or the CSV."""

    assignment: Assignment
    progress: Progress | None
    status: str

    @property
    def status_label(self) -> str:
        return str(Status(self.status).label)

    @property
    def badge_class(self) -> str:
        """The Bootstrap colour of the status badge."""
        return _BADGES[self.status]

    @property
    def stars_text(self) -> str:
        """The stars of a lesson stage as ★★☆ (empty without stars)."""
        stars = self.progress.stars if self.progress is not None else None
        return "" if stars is None else "★" * stars + "☆" * (3 - stars)

    @property
    def stars_label(self) -> str:
        stars = (self.progress.stars if self.progress is not None else None) or 0
        return ngettext("%(stars)s star", "%(stars)s stars", stars) % {"stars": stars}

    @property
    def attempts_text(self) -> str:
        n = self.progress.attempts if self.progress is not None else 0
        return ngettext("%(n)s attempt", "%(n)s attempts", n) % {"n": n}

    @property
    def late_done(self) -> bool:
        p, due = self.progress, self.assignment.due
        return bool(p and p.completed_at and due and p.completed_at > due)


def works(assignments: list[Assignment], students: list[User]) -> dict[tuple[int, int], Work]:
    """Each student's :class:`Work` on each assignment, keyed by their ids, counting the lesson
    stages done on the lessons pages: a fixed number of queries, whatever the numbers."""
    Assignment.load_stages(assignments)
    progress = {
        (p.student_id, p.assignment_id): p
        for p in Progress.objects.filter(assignment__in=assignments, student__in=students)
    }
    catch_up_stages(assignments, students, progress)
    now = timezone.now()
    cells = {}
    for s in students:
        for a in assignments:
            p = progress.get((s.pk, a.pk))
            cells[(s.pk, a.pk)] = Work(a, p, work_status(a, p, now))
    return cells


def my_work(user: User, classroom: Classroom | None = None) -> list[Work]:
    """``user``'s assignments (in one class or all their classes) with progress and status."""
    filters: dict[str, Any] = {"classroom": classroom} if classroom is not None else {}
    rows = list(works(student_assignments_for(user, **filters), [user]).values())
    order: list[str] = [Status.LATE, Status.IN_PROGRESS, Status.NOT_STARTED, Status.DONE]
    far = datetime.max.replace(tzinfo=timezone.get_current_timezone())
    rows.sort(key=lambda w: (order.index(w.status), w.assignment.due or far, w.assignment.pk))
    return rows


# --- the dashboard ---------------------------------------------------------------------------


@dataclass
class Grid:
    students: list[User]
    assignments: list[Assignment]
    cells: dict[tuple[int, int], Work]

    def rows(self) -> list[tuple[User, list[Work]]]:
        return [(s, [self.cells[(s.pk, a.pk)] for a in self.assignments]) for s in self.students]


def class_grid(
    classroom: Classroom,
    students: list[User] | None = None,
    assignments: list[Assignment] | None = None,
) -> Grid:
    """Students × assignments (all of the class's, or those given): each cell is the
    student's progress and status. A fixed number of queries, whatever the class's size."""
    if students is None:
        students = list(classroom.students.order_by("username"))
    if assignments is None:
        assignments = list(classroom.assignments.all())
    return Grid(students, assignments, works(assignments, students))


@dataclass(frozen=True)
class ThemeAccuracy:
    key: str
    label: str
    attempts: int
    correct: int

    @property
    def percent(self) -> int:
        return round(100 * self.correct / self.attempts) if self.attempts else 0


def theme_label(key: str, stage_titles: dict[str, str]) -> str:
    """A theme key as a reader's label: puzzle themes, lesson stages (titles by slug),
    exercise kinds."""
    if key.startswith("lesson:"):
        slug = key.removeprefix("lesson:")
        return _("Lesson: %(stage)s") % {"stage": stage_titles.get(slug, slug)}
    if key.startswith("exercise:"):
        kind = key.removeprefix("exercise:")
        return _("Exercise: %(kind)s") % {"kind": TYPES[kind][0] if kind in TYPES else kind}
    return str(THEME_LABELS.get(key, key))


def theme_accuracy(classroom: Classroom, student: User | None = None) -> list[ThemeAccuracy]:
    """Share of right answers per theme over the class's attempts (or one student's)."""
    attempts = Attempt.objects.filter(
        assignment__classroom=classroom, student__class_memberships__classroom=classroom
    )
    if student is not None:
        attempts = attempts.filter(student=student)
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for themes, correct in attempts.values_list("themes", "correct"):
        for key in themes or []:
            totals[key][0] += 1
            totals[key][1] += int(correct)
    slugs = {k.removeprefix("lesson:") for k in totals if k.startswith("lesson:")}
    titles = {
        stage.slug: str(stage.title_text or stage.slug)
        for stage in Stage.objects.filter(slug__in=slugs)
    }
    rows = [ThemeAccuracy(k, theme_label(k, titles), n, c) for k, (n, c) in totals.items()]
    rows.sort(key=lambda r: (r.percent, r.label))
    return rows


CSV_HEADER = [
    "student", "assignment", "kind", "due", "status", "done", "score", "stars", "attempts",
    "correct", "seconds", "last_activity", "completed_at",
]  # fmt: skip


def grid_csv(classroom: Classroom) -> str:
    """The dashboard grid as CSV, one line per student and assignment (stable English keys)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_HEADER)
    grid = class_grid(classroom)
    for student, works in grid.rows():
        for w in works:
            p = w.progress
            writer.writerow(
                [
                    _csv_safe(student.get_username()),
                    _csv_safe(w.assignment.display_title),
                    w.assignment.kind,
                    w.assignment.due.isoformat() if w.assignment.due else "",
                    w.status,
                    "yes" if w.status == Status.DONE else "no",
                    "" if p is None or p.score is None else p.score,
                    "" if p is None or p.stars is None else p.stars,
                    p.attempts if p else 0,
                    p.correct if p else 0,
                    round(p.seconds) if p else 0,
                    p.last_activity.isoformat() if p and p.last_activity else "",
                    p.completed_at.isoformat() if p and p.completed_at else "",
                ]
            )
    return out.getvalue()


def _csv_safe(text: str) -> str:
    """Keep a spreadsheet from running a title as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


# --- worksheets, answered through the one exercise layer ------------------------------------


def answer_item(
    assignment: Assignment, student: User, item: str, post: Any, seconds: float | None
) -> tuple[Any, Verdict]:
    """Read and check an answer to worksheet item ``item`` with the exercise layer and record
    it with its form's fields (``Attempt.given``, to draw it again). Nothing is recorded on
    ``LookupError`` (no such item), ``ContentError`` or ``AnswerError`` (a tampered answer)."""
    ex = assignment.exercise(item)
    answer = ex.read(post)
    verdict = ex.check(answer)
    given = ex.widget().sent(post)
    record_attempt(
        assignment,
        student,
        item,
        verdict.correct,
        seconds=seconds,
        answer=" ".join(v for values in given.values() for v in values),
        given=given,
        themes=[f"exercise:{ex.type}"],
    )
    return answer, verdict
