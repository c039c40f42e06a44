"""Progress: steps done, mistakes, stars, resuming, and moving a visitor's progress to an account.

A signed-in learner's progress is in :class:`~lessons.models.StepProgress`; a visitor's is in
the session under ``SESSION_KEY`` with the same fields, and moves to the account when the
visitor signs up or logs in (:func:`move_progress_on_login`, a ``user_logged_in`` receiver).

Stars, as on Lichess's learn pages: a finished stage with no mistakes has 3 stars, one or two
mistakes 2, more 1; an unfinished stage 0. Mistakes count on the first way through: answering a
step that is already done is practice and changes nothing. *Play it again* starts the steps over
but keeps the best stars earned so far (:class:`~lessons.models.StageBest`, or the session's
``BEST_KEY`` for a visitor): a stage once finished stays done, with its best stars.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeGuard

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from . import signals
from .models import Stage, StageBest, Step, StepAnswer, StepProgress

SESSION_KEY = "lessons_progress"
SHOWN_KEY = "lessons_shown"
BEST_KEY = "lessons_best"
MISSES_KEY = "lessons_misses"
SEED_LIMIT = 2**31
REVEAL_AFTER = 2
"""Wrong answers in a row on one step before the whole working is shown unfolded."""
KEEP_ANSWERS = (1, 20)
"""A member's answers kept per step: the first one (what a teacher reviews) and the latest
20; the ones in between are dropped as new answers come."""


def stars_for(mistakes: int) -> int:
    """Stars of a finished stage: 3 with no mistakes, 2 with one or two, 1 with more.

    >>> [stars_for(n) for n in (0, 1, 2, 3)]
    [3, 2, 2, 1]
    """
    return 3 if mistakes == 0 else 2 if mistakes <= 2 else 1


@dataclass
class Record:
    done: bool = False
    mistakes: int = 0
    updated_at: datetime | None = None
    seed: int = 0


def _is_member(user: Any) -> TypeGuard[User]:
    return user is not None and not isinstance(user, AnonymousUser) and user.is_authenticated


def records(
    request: HttpRequest | None, stage: Stage, user: User | AnonymousUser | None = None
) -> dict[str, Record]:
    """Each step's record by key, for the learner of ``request`` (or ``user``)."""
    if _is_member(user := user or getattr(request, "user", None)):
        rows = StepProgress.objects.filter(user=user, step__stage=stage).select_related("step")
        return {r.step.key: Record(r.done, r.mistakes, r.updated_at, r.seed) for r in rows}
    if request is None:
        return {}
    stored = request.session.get(SESSION_KEY, {}).get(stage.slug, {})
    return {key: _session_record(v) for key, v in stored.items()}


def _session_record(v: dict[str, Any]) -> Record:
    """A step's record as the session keeps it: ``done``, ``mistakes``, ``seed``, time ``t``."""
    when = parse_datetime(v["t"]) if v.get("t") else None
    return Record(bool(v.get("done")), int(v.get("mistakes", 0)), when, int(v.get("seed", 0)))


def _save(request: HttpRequest, step: Step, record: Record) -> None:
    record.updated_at = timezone.now()
    fields = {"done": record.done, "mistakes": record.mistakes, "seed": record.seed}
    if _is_member(request.user):
        completed = record.updated_at if record.done else None
        StepProgress.objects.update_or_create(
            user=request.user, step=step, defaults={**fields, "completed_at": completed}
        )
        return
    progress = request.session.get(SESSION_KEY, {})
    progress.setdefault(step.stage.slug, {})[step.key] = {
        **fields,
        "t": record.updated_at.isoformat(),
    }
    request.session[SESSION_KEY] = progress
    request.session.modified = True


def status_from(stage: Stage, recs: dict[str, Record], best: int = 0) -> dict[str, Any]:
    """A stage's status from its step records and the best stars of earlier runs.

    ``finished`` and ``run_stars`` are about the current run through the steps; ``done`` and
    ``stars`` also count earlier runs (``best``), so playing a stage again loses nothing.
    """
    keys = list(stage.steps.values_list("key", flat=True))
    done = sum(1 for k in keys if k in recs and recs[k].done)
    mistakes = sum(recs[k].mistakes for k in keys if k in recs)
    finished = bool(keys) and done == len(keys)
    run_stars = stars_for(mistakes) if finished else 0
    times = [r.updated_at for r in recs.values() if r.updated_at]
    return {
        "done": finished or best > 0,
        "stars": max(run_stars, best),
        "finished": finished,
        "run_stars": run_stars,
        "best_stars": best,
        "replaying": best > 0 and not finished,
        "steps_done": done,
        "steps_total": len(keys),
        "mistakes": mistakes,
        "last_activity": max(times) if times else None,
    }


def best_stars(
    request: HttpRequest | None, stage: Stage, user: User | AnonymousUser | None = None
) -> int:
    """The best stars kept from earlier runs through the stage (0 when none)."""
    if _is_member(user := user or getattr(request, "user", None)):
        best = StageBest.objects.filter(user=user, stage=stage).values_list("stars", flat=True)
        return int(best.first() or 0)
    if request is None:
        return 0
    return int(request.session.get(BEST_KEY, {}).get(stage.slug, 0))


def _keep_best_for(user: User, stage: Stage, stars: int) -> None:
    row, made = StageBest.objects.get_or_create(user=user, stage=stage, defaults={"stars": stars})
    if not made and stars > row.stars:
        row.stars = stars
        row.save(update_fields=["stars", "updated_at"])


def _keep_best(request: HttpRequest, stage: Stage, stars: int) -> None:
    if _is_member(request.user):
        _keep_best_for(request.user, stage, stars)
        return
    bests = request.session.get(BEST_KEY, {})
    bests[stage.slug] = max(stars, int(bests.get(stage.slug, 0)))
    request.session[BEST_KEY] = bests


def stage_status(user: User, stage_slug: str) -> dict[str, Any]:
    """A signed-in learner's status on a stage: ``done``, ``stars`` (0–3, the best of every
    run), ``steps_done``, ``steps_total``, ``mistakes`` and ``last_activity`` (a datetime or
    None), and about the current run ``finished``, ``run_stars`` and ``replaying``.

    Raises ``Stage.DoesNotExist`` for an unknown slug.
    """
    return _member_status(user, Stage.objects.get(slug=stage_slug))


def _member_status(user: User, stage: Stage) -> dict[str, Any]:
    return status_from(stage, records(None, stage, user=user), best_stars(None, stage, user))


def request_status(request: HttpRequest, stage: Stage) -> dict[str, Any]:
    """The same status for whoever is asking, visitor or member."""
    return status_from(stage, records(request, stage), best_stars(request, stage))


def resume_number(request: HttpRequest, stage: Stage) -> int:
    """The step to resume at: the first one not done (the first step when all are done)."""
    recs = records(request, stage)
    for number, key in stage.steps.values_list("number", "key"):
        if not (key in recs and recs[key].done):
            return int(number)
    return 1


def mark_shown(request: HttpRequest, step: Step) -> None:
    """Remember when the step was shown, for ``step_answered``'s ``seconds``.

    A visitor who has answered nothing yet has no session, and reading a lesson does not give
    them one: a passer-by or a crawler costs no session row (the time of their very first
    answer is then unknown).
    """
    if not request.user.is_authenticated and request.session.is_empty():
        return
    shown = request.session.get(SHOWN_KEY, {})
    shown[f"{step.stage.slug}/{step.key}"] = time.time()
    request.session[SHOWN_KEY] = shown


def _seconds(request: HttpRequest, step: Step) -> float | None:
    shown = request.session.get(SHOWN_KEY, {}).get(f"{step.stage.slug}/{step.key}")
    return round(time.time() - float(shown), 1) if shown else None


def position_seed(request: HttpRequest, step: Step, posted: Any = None) -> int:
    """The seed of the position this learner sees in ``step`` (a family exercise).

    The seed stored with the learner's attempt wins; before the first answer there is none,
    and the one the page was drawn with (``posted``, from its form) is used, or a new one.
    Raises ``ValueError`` for a posted seed no page can carry.
    """
    record = records(request, step.stage).get(step.key)
    if record is not None and record.seed:
        return record.seed
    if posted not in (None, ""):
        seed = int(str(posted))
        if not 1 <= seed < SEED_LIMIT:
            raise ValueError("no such position")
        return seed
    return random.randrange(1, SEED_LIMIT)  # noqa: S311 - variety, not secrecy


def keep_answer(
    user: User, step: Step, given: dict[str, list[str]], seed: int, correct: bool
) -> None:
    """Store a member's answer to ``step`` as its form sent it, keeping only the first and
    the latest answers (``KEEP_ANSWERS``) of this learner on this step."""
    StepAnswer.objects.create(user=user, step=step, given=given, seed=seed, correct=correct)
    first, latest = KEEP_ANSWERS
    ids = list(
        StepAnswer.objects.filter(user=user, step=step)
        .order_by("created", "id")
        .values_list("id", flat=True)
    )
    if len(ids) > first + latest:
        StepAnswer.objects.filter(id__in=ids[first:-latest]).delete()


def first_answers(user: User, stage: Stage) -> dict[str, StepAnswer]:
    """``user``'s first kept answer to each exercise step of ``stage``, by step key."""
    rows = StepAnswer.objects.filter(user=user, step__stage=stage).select_related("step")
    return {row.step.key: row for row in rows.order_by("-created", "-id")}  # the first one wins


def record_answer(
    request: HttpRequest,
    step: Step,
    correct: bool,
    seed: int = 0,
    given: dict[str, list[str]] | None = None,
) -> None:
    """Count an answer (or an explanation step's *Continue*, which is always correct), and
    keep the seed of the position answered with the attempt. A member's answer to an
    exercise (``given``: the fields its form sent) is stored to be drawn for their teachers."""
    stage = step.stage
    with transaction.atomic():
        if given is not None and _is_member(request.user):
            keep_answer(request.user, step, given, seed, correct)
        recs = records(request, stage)
        before = status_from(stage, recs)
        record = recs.get(step.key, Record())
        if seed and not record.seed:
            record.seed = seed
        if not record.done:
            if correct:
                record.done = True
            else:
                record.mistakes += 1
        _save(request, step, record)
        after = status_from(stage, records(request, stage), best_stars(request, stage))
    done_now = after["finished"] and not before["finished"]
    user = request.user
    if _is_member(user):
        signals.step_answered.send(
            sender=Step,
            user=user,
            stage_slug=stage.slug,
            step_key=step.key,
            correct=correct,
            seconds=_seconds(request, step),
        )
        if done_now:
            signals.stage_completed.send(
                sender=Stage, user=user, stage_slug=stage.slug, stars=after["stars"]
            )


def count_miss(request: HttpRequest, step: Step, correct: bool) -> int:
    """Count a wrong answer in a row on ``step`` (a right one starts again at 0) and return
    the count. Practice on a step already done counts too: the count is about showing the
    working, not about stars, so it lives in the session for members and visitors alike."""
    misses = request.session.get(MISSES_KEY, {})
    where = str(step)  # "stage-slug/step-key"
    if correct:
        misses.pop(where, None)
    else:
        misses[where] = int(misses.get(where, 0)) + 1
    request.session[MISSES_KEY] = misses
    return int(misses.get(where, 0))


def reveals_working(request: HttpRequest, step: Step) -> bool:
    """Whether the learner has missed ``step`` often enough in a row to see the whole working
    unfolded (the second miss), rather than only the reasons and a folded working."""
    return int(request.session.get(MISSES_KEY, {}).get(str(step), 0)) >= REVEAL_AFTER


def reset_stage(request: HttpRequest, stage: Stage) -> None:
    """Start a stage again (to earn more stars), keeping the best stars earned so far."""
    status = status_from(stage, records(request, stage))
    if status["finished"]:
        _keep_best(request, stage, status["run_stars"])
    user = request.user
    if _is_member(user):
        StepProgress.objects.filter(user=user, step__stage=stage).delete()
        return
    progress = request.session.get(SESSION_KEY, {})
    progress.pop(stage.slug, None)
    request.session[SESSION_KEY] = progress


def move_progress_on_login(
    sender: Any, request: HttpRequest | None, user: User, **kwargs: Any
) -> None:
    """``user_logged_in`` receiver: a visitor who signs up or logs in keeps their progress.

    It moves from the session to ``user``'s account. A step already in the account keeps the
    better record (done beats not done; then fewer mistakes). The best stars of stages played
    again keep the higher."""
    if request is None or not hasattr(request, "session"):
        return
    progress = request.session.get(SESSION_KEY) or {}
    bests = request.session.get(BEST_KEY) or {}
    if not progress and not bests:
        return
    stages = {s.slug: s for s in Stage.objects.filter(slug__in=[*progress, *bests])}
    done_before = {slug: _member_status(user, stage)["done"] for slug, stage in stages.items()}
    with transaction.atomic():
        for slug, steps in progress.items():
            by_key = {s.key: s for s in Step.objects.filter(stage__slug=slug)}
            for key, v in steps.items():
                step = by_key.get(key)
                if step is None:
                    continue
                theirs = _session_record(v)
                row, made = StepProgress.objects.get_or_create(
                    user=user,
                    step=step,
                    defaults={
                        "done": theirs.done,
                        "mistakes": theirs.mistakes,
                        "seed": theirs.seed,
                        "completed_at": timezone.now() if theirs.done else None,
                    },
                )
                if not made and (theirs.done, -theirs.mistakes) > (row.done, -row.mistakes):
                    row.done, row.mistakes = theirs.done, theirs.mistakes
                    row.save()
        for slug, stars in bests.items():
            if slug in stages and 1 <= int(stars) <= 3:
                _keep_best_for(user, stages[slug], int(stars))
    request.session.pop(SESSION_KEY, None)
    request.session.pop(BEST_KEY, None)
    # A stage the visitor finished counts as completed by the account now.
    for slug, stage in stages.items():
        after = _member_status(user, stage)
        if after["done"] and not done_before[slug]:
            signals.stage_completed.send(
                sender=Stage, user=user, stage_slug=slug, stars=after["stars"]
            )
