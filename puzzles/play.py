"""Playing puzzles: answers, rated attempts, the next puzzle, streaks, reviews, votes and
reports.

Writes that span several models live here (the generation side keeps ``services.py``):
:func:`record_attempt` stores an answer and, for a player's first attempt at a puzzle, rates
the game between player and puzzle with Glicko-2 (:mod:`puzzles.ratings`) inside one
transaction that holds the puzzle's row lock, so two first attempts can never both rate.

Which answer is right, and why, is decided by the puzzle's exercise type
(:mod:`tutor.exercises.puzzles`) from the engine's analysis stored on the puzzle; nothing here
computes a mahjong rule. The player's statistics are in :mod:`puzzles.dashboard`, what the
page shows after an answer in :mod:`puzzles.feedback`.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import astuple, dataclass, field, replace
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.db.models import Aggregate, Count, Exists, Max, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tutor.exercises import Verdict
from tutor.exercises.puzzles import PuzzleExercise, puzzle_exercise

from .models import (
    START_RATING,
    DailyPuzzle,
    PlayerRating,
    Puzzle,
    PuzzleAttempt,
    PuzzleReport,
    PuzzleVote,
    ReportReason,
    ReportStatus,
    Theme,
)
from .ratings import Rating, rate_attempt
from .signals import puzzle_attempted

#: How far from the player's rating "easier" and "harder" aim.
DIFFICULTY_STEP = 250.0
DIFFICULTY_OFFSETS = {"easier": -DIFFICULTY_STEP, "same": 0.0, "harder": DIFFICULTY_STEP}
#: Days between a miss and the reviews that follow it; after the last one the puzzle graduates.
REVIEW_INTERVALS = (1, 3, 7)
#: Longest rating history kept per player (enough for the dashboard chart).
HISTORY_LIMIT = 500


# --- answers -------------------------------------------------------------------------------


def exercise_of(puzzle: Puzzle) -> PuzzleExercise:
    """The puzzle as an exercise of the one exercise layer (:mod:`tutor.exercises.puzzles`):
    it reads answers, knows the solution and says why an answer is right or wrong."""
    return puzzle_exercise(puzzle.kind, puzzle.hand, puzzle.analysis or {})


def solution(puzzle: Puzzle) -> list[str]:
    """The right answer stored by the generator, as tile notations or one shanten number."""
    return list(exercise_of(puzzle).solution())


def first_answers(user: User, puzzle_ids: Iterable[int]) -> dict[int, PuzzleAttempt]:
    """Each of these puzzles' first (rated) attempt by ``user``, by puzzle id: what a teacher
    reviews of an assigned puzzle set (classes read it here)."""
    rows = PuzzleAttempt.objects.filter(user=user, puzzle_id__in=list(puzzle_ids))
    # newest first, so that each puzzle's earliest attempt is the one kept
    return {attempt.puzzle_id: attempt for attempt in rows.order_by("-created", "-pk")}


# --- attempts and ratings --------------------------------------------------------------------


@dataclass(frozen=True)
class AttemptResult:
    """What an answer changed, for the feedback shown after it."""

    correct: bool
    answer: list[str]
    solution: list[str]
    #: The puzzle as the attempt left it (for the page after).
    puzzle: Puzzle = field(compare=False, repr=False)
    first: bool = False
    rated: bool = False
    rating_before: float | None = None
    rating_after: float | None = None
    puzzle_rating_before: float | None = None
    puzzle_rating_after: float | None = None
    streak: int | None = None
    #: A report keeps the puzzle out of the rated pool, so this first attempt was not rated.
    held_out: bool = False
    #: The player saw the solution (answering as a visitor) before this first attempt.
    solution_seen: bool = False
    #: Why the answer is right or wrong (the exercise layer's verdict).
    verdict: Verdict | None = field(default=None, compare=False, repr=False)
    #: The player's rating row as the attempt left it.
    player: PlayerRating | None = field(default=None, compare=False, repr=False)

    @property
    def rating_change(self) -> float | None:
        if self.rating_before is None or self.rating_after is None:
            return None
        return self.rating_after - self.rating_before


def grade(puzzle: Puzzle, raw: Sequence[str]) -> AttemptResult:
    """Grade an answer without storing anything (anonymous visitors solve unrated)."""
    exercise = exercise_of(puzzle)
    answer = exercise.read_values(raw)
    verdict = exercise.check(answer)
    return AttemptResult(
        correct=verdict.correct,
        answer=list(answer),
        solution=list(exercise.solution()),
        verdict=verdict,
        puzzle=puzzle,
    )


def player_rating(user: User) -> PlayerRating:
    """The player's rating row, created with Glicko-2's starting values on first use."""
    return PlayerRating.objects.get_or_create(user=user)[0]


def record_attempt(
    user: User,
    puzzle_id: int,
    raw_answer: Sequence[str],
    seconds: float | None = None,
    *,
    today: dt.date | None = None,
    solution_seen: bool = False,
) -> AttemptResult:
    """Store a logged-in player's answer; rate it when it is their first attempt at the puzzle.

    ``solution_seen`` says the player already saw the solution (they answered the puzzle as a
    visitor before logging in): the attempt is stored but not rated.

    While the player has no rated attempt at the puzzle, the puzzle row is locked
    (``select_for_update``) for the whole transaction and the player's row after it (always in
    that order, so two transactions cannot wait on each other): concurrent first attempts are
    serialised, and the second one sees the first and is not rated. Later attempts change no
    puzzle rating, so they lock only the player's row and do not queue behind everybody else
    answering the same puzzle (the daily one). The ``puzzle_attempted`` signal is sent once the
    transaction has committed.

    Raises :class:`Puzzle.DoesNotExist` for an unknown id and the exercise layer's
    :class:`~tutor.exercises.AnswerError` for an answer the puzzle cannot take; neither writes
    anything.
    """
    today = today or timezone.localdate()
    # Once true this stays true, so reading it before the transaction is safe; when false, the
    # answer is checked again below under the locks. FOR NO KEY UPDATE, since the key does not
    # change: inserting an attempt (a foreign key to the puzzle) is then not blocked by it.
    rated_before = PuzzleAttempt.objects.filter(
        user=user, puzzle_id=puzzle_id, first_attempt=True
    ).exists()
    with transaction.atomic():
        puzzles = (
            Puzzle.objects.all() if rated_before else Puzzle.objects.select_for_update(no_key=True)
        )
        puzzle = puzzles.get(pk=puzzle_id)
        graded = grade(puzzle, raw_answer)
        correct = graded.correct
        rating, _created = PlayerRating.objects.select_for_update().get_or_create(user=user)
        attempts = PuzzleAttempt.objects.filter(user=user, puzzle=puzzle)
        earlier = list(attempts.values_list("first_attempt", "created"))
        first = not any(was_first for was_first, _when in earlier)
        # A puzzle out of the rated pool (retired, or reported) rates nobody's answer.
        held_out = first and not in_rated_pool(Puzzle.objects.filter(pk=puzzle.pk)).exists()
        first = first and not held_out
        seen = first and solution_seen
        first = first and not seen
        attempted_today = any(timezone.localdate(when) == today for _first, when in earlier)
        attempt = PuzzleAttempt(
            user=user,
            puzzle=puzzle,
            answer=graded.answer,
            correct=correct,
            first_attempt=first,
            seconds=seconds,
        )
        result: dict[str, Any] = _rate(rating, puzzle, attempt, correct) if first else {}
        daily = DailyPuzzle.objects.filter(date=today, puzzle=puzzle)
        streak = None
        if correct and not attempted_today and daily.exists():
            streak = _extend_streak(rating, today)
        attempt.save()
        if first or streak is not None or _created:
            rating.save()
        transaction.on_commit(
            lambda: puzzle_attempted.send(
                sender=PuzzleAttempt,
                user=user,
                puzzle_id=puzzle.pk,
                correct=correct,
                first=first,
                seconds=seconds,
            )
        )
    return replace(
        graded,
        first=first,
        rated=first,
        held_out=held_out,
        solution_seen=seen,
        streak=streak if streak is not None else current_streak(rating, today),
        player=rating,
        **result,
    )


def _rate(
    rating: PlayerRating, puzzle: Puzzle, attempt: PuzzleAttempt, correct: bool
) -> dict[str, float]:
    """Play the rated game between player and puzzle; the caller holds both rows' locks."""
    before = Rating(rating.rating, rating.deviation, rating.volatility)
    puzzle_before = Rating(puzzle.rating, puzzle.rating_deviation, puzzle.volatility)
    after, puzzle_after = rate_attempt(before, puzzle_before, solved=correct)
    now = timezone.now().isoformat()
    history = list(rating.history or [])
    if not history:
        history.append({"at": now, "rating": before.rating, "deviation": before.deviation})
    history.append(
        {"at": now, "rating": after.rating, "deviation": after.deviation, "puzzle": puzzle.pk}
    )
    rating.history = history[-HISTORY_LIMIT:]
    rating.rating, rating.deviation, rating.volatility = astuple(after)
    puzzle.rating, puzzle.rating_deviation, puzzle.volatility = astuple(puzzle_after)
    # The counters describe first attempts, the ones that measure the puzzle.
    puzzle.attempts += 1
    puzzle.solved += int(correct)
    puzzle.save(update_fields=["rating", "rating_deviation", "volatility", "attempts", "solved"])
    attempt.rating_before, attempt.rating_after = before.rating, after.rating
    return {
        "rating_before": before.rating,
        "rating_after": after.rating,
        "puzzle_rating_before": puzzle_before.rating,
        "puzzle_rating_after": puzzle_after.rating,
    }


def _extend_streak(rating: PlayerRating, today: dt.date) -> int:
    """Count today's daily puzzle as solved: the streak grows if yesterday's was solved too."""
    if rating.last_daily_date == today:
        return int(rating.daily_streak)
    yesterday = today - dt.timedelta(days=1)
    rating.daily_streak = rating.daily_streak + 1 if rating.last_daily_date == yesterday else 1
    rating.last_daily_date = today
    rating.best_daily_streak = max(rating.best_daily_streak, rating.daily_streak)
    return int(rating.daily_streak)


def current_streak(rating: PlayerRating | None, today: dt.date | None = None) -> int:
    """Consecutive days solved, still alive today if yesterday's daily puzzle was solved."""
    if rating is None or rating.last_daily_date is None:
        return 0
    yesterday = (today or timezone.localdate()) - dt.timedelta(days=1)
    return int(rating.daily_streak) if rating.last_daily_date >= yesterday else 0


def solved_daily(user: User, date: dt.date) -> bool:
    """Whether the player has answered that date's daily puzzle correctly."""
    return PuzzleAttempt.objects.filter(user=user, correct=True, puzzle__daily__date=date).exists()


# --- spaced repetition -----------------------------------------------------------------------


@dataclass(frozen=True)
class Review:
    """A missed puzzle coming back: due at ``due``, after ``step`` successful reviews."""

    puzzle_id: int
    due: dt.datetime
    step: int


def review_schedule(attempts: Iterable[tuple[bool, dt.datetime]]) -> Review | None:
    """The review state of one puzzle from its attempts (``(correct, when)``, oldest first).

    A miss schedules a review one day later; each correct answer given once the review is due
    pushes the next one further (:data:`REVIEW_INTERVALS` days), and after the last interval
    the puzzle is learnt (``None``). A correct answer before the review is due (a retry right
    after seeing the solution) does not count. A puzzle never missed has no reviews.

    >>> t = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    >>> review_schedule([(False, t)]).due == t + dt.timedelta(days=1)
    True
    >>> review_schedule([(False, t), (True, t + dt.timedelta(days=1))]).step
    1
    >>> review_schedule([(True, t)]) is None
    True
    """
    state: Review | None = None
    puzzle_id = 0
    for correct, when in attempts:
        if not correct:
            state = Review(puzzle_id, when + dt.timedelta(days=REVIEW_INTERVALS[0]), 0)
        elif state is not None and when >= state.due:
            step = state.step + 1
            if step >= len(REVIEW_INTERVALS):
                state = None
            else:
                due = when + dt.timedelta(days=REVIEW_INTERVALS[step])
                state = Review(puzzle_id, due, step)
    return state


def reviews(user: User) -> list[Review]:
    """Every missed puzzle still to be reviewed by this player, soonest due first."""
    missed = PuzzleAttempt.objects.filter(user=user, correct=False, puzzle__retired=None).values(
        "puzzle_id"
    )
    rows = (
        PuzzleAttempt.objects.filter(user=user, puzzle_id__in=missed)
        .order_by("puzzle_id", "created", "id")
        .values_list("puzzle_id", "correct", "created")
    )
    by_puzzle: dict[int, list[tuple[bool, dt.datetime]]] = {}
    for puzzle_id, correct, created in rows:
        by_puzzle.setdefault(puzzle_id, []).append((correct, created))
    states = [(pk, review_schedule(attempts)) for pk, attempts in by_puzzle.items()]
    out = [replace(state, puzzle_id=pk) for pk, state in states if state is not None]
    return sorted(out, key=lambda r: (r.due, r.puzzle_id))


def due_reviews(user: User, now: dt.datetime | None = None) -> list[Review]:
    """The reviews due now."""
    now = now or timezone.now()
    return [r for r in reviews(user) if r.due <= now]


# --- choosing puzzles ------------------------------------------------------------------------


@dataclass(frozen=True)
class NextPuzzle:
    puzzle: Puzzle
    review: Review | None = None


#: The stream looks this far either side of its target rating first, then twice as far ...
WINDOW = 100.0
#: ... up to this far, until it finds a candidate.
MAX_WINDOW = 800.0
#: At most this many candidates (in random order) are weighed against each other.
CANDIDATES = 48
#: How many of the player's latest puzzles count when balancing types and themes.
RECENT = 40


def in_rated_pool(puzzles: Any) -> Any:
    """The puzzles of a queryset that are in the rated pool: none retired, none reported and not
    yet looked at by staff, none that staff found flawed."""
    return puzzles.filter(retired=None).exclude(
        pk__in=PuzzleReport.objects.keeping_out().values("puzzle_id")
    )


def _recent(user: User | AnonymousUser | None, seen: Sequence[int]) -> list[int]:
    """The ids of the player's latest puzzles, newest last (a visitor's come from the session)."""
    if isinstance(user, User) and user.is_authenticated:
        ids = PuzzleAttempt.objects.filter(user=user).order_by("-created", "-id")
        return list(ids.values_list("puzzle_id", flat=True)[:RECENT])[::-1]
    return list(seen)[-RECENT:]


def _near(queryset: Any, target: float) -> list[tuple[int, str]]:
    """``(id, kind)`` of puzzles, in random order, whose ratings are near ``target``: within
    :data:`WINDOW` of it, or twice as far, and so on, up to :data:`MAX_WINDOW`; past that, the
    nearest one on either side."""
    width = WINDOW
    while width <= MAX_WINDOW:
        window = queryset.filter(rating__gte=target - width, rating__lte=target + width)
        rows = list(window.order_by("?").values_list("pk", "kind")[:CANDIDATES])
        if rows:
            return rows
        width *= 2
    above = queryset.filter(rating__gt=target).order_by("rating").values_list("pk", "kind")
    below = queryset.filter(rating__lt=target).order_by("-rating").values_list("pk", "kind")
    return [*above[:1], *below[:1]]


def _least_seen(rng: random.Random, options: Iterable[Any], seen: Counter[Any]) -> Any:
    """One of the options the player met least often lately (chosen at random among them)."""
    pool = sorted(options, key=str)
    fewest = min(seen[o] for o in pool)
    return rng.choice([o for o in pool if seen[o] == fewest])


def _balanced(rng: random.Random, rows: list[tuple[int, str]], recent: list[int]) -> int:
    """Among candidate ``(id, kind)`` rows, a puzzle whose themes the player met least lately."""
    ids = [pk for pk, _kind in rows]
    through = Puzzle.themes.through.objects.filter(puzzle_id__in=[*ids, *recent])
    links = through.values_list("puzzle_id", "theme__slug")
    themes: dict[int, set[str]] = {}
    for puzzle_id, slug in links:
        themes.setdefault(puzzle_id, set()).add(slug)
    met = Counter(slug for pk in recent for slug in themes.get(pk, ()))
    # A puzzle counts as fresh as its least-met theme; a puzzle without themes as unmet.
    freshness: Counter[int] = Counter(
        {pk: min((met[slug] for slug in themes.get(pk, ())), default=0) for pk in ids}
    )
    return int(_least_seen(rng, ids, freshness))


def pick_next(
    user: User | AnonymousUser | None,
    difficulty: str = "same",
    kind: str | None = None,
    exclude_ids: Iterable[int] = (),
    rng: random.Random | None = None,
) -> NextPuzzle | None:
    """The next puzzle of the rated stream.

    A review that is due comes first (unless the player asked for easier or harder); otherwise
    a puzzle the player has not tried, chosen at random among those whose ratings are near the
    player's rating moved by ``difficulty`` (``easier``, ``same`` or ``harder``). Reported
    puzzles are left out until staff have looked at them. In "All types" (no ``kind``) the
    type the player met least among their latest puzzles comes next, and among the candidates
    a puzzle whose themes they met least.

    ``harder`` only offers puzzles rated above the player and ``easier`` only below, never a
    puzzle already tried: ``None`` means nothing harder (easier) is left. For ``same``, when
    every puzzle has been tried the nearest ones come back; ``None`` only when there are no
    puzzles at all (of that ``kind``).
    """
    rng = rng or random.Random()
    base = START_RATING
    excluded = list(exclude_ids)
    skip = set(excluded)
    if isinstance(user, User) and user.is_authenticated:
        row = PlayerRating.objects.filter(user=user).only("rating").first()
        base = row.rating if row else START_RATING
        if difficulty == "same":
            due = [r for r in due_reviews(user) if r.puzzle_id not in skip]
            rated = in_rated_pool(Puzzle.objects.only("id", "kind", "rating"))
            found = rated.in_bulk([r.puzzle_id for r in due])
            for review in due:  # soonest due first
                puzzle = found.get(review.puzzle_id)
                if puzzle is not None and (kind is None or puzzle.kind == kind):
                    return NextPuzzle(puzzle, review)
    target = base + DIFFICULTY_OFFSETS.get(difficulty, 0.0)
    puzzles = in_rated_pool(Puzzle.objects.all())
    if kind:
        puzzles = puzzles.filter(kind=kind)
    fresh = puzzles.exclude(pk__in=list(skip))
    if isinstance(user, User) and user.is_authenticated:
        fresh = fresh.exclude(pk__in=PuzzleAttempt.objects.filter(user=user).values("puzzle_id"))
    if difficulty == "harder":
        pools = [fresh.filter(rating__gt=base)]
    elif difficulty == "easier":
        pools = [fresh.filter(rating__lt=base)]
    else:
        pools = [fresh, puzzles.exclude(pk__in=list(skip)), puzzles]
    recent = _recent(user, excluded)
    for pool in pools:
        if kind is None:
            # The types within reach of the target (any type when none is).
            reach = pool.filter(rating__gte=target - MAX_WINDOW, rating__lte=target + MAX_WINDOW)
            kinds = set(reach.order_by().values_list("kind", flat=True).distinct()) or set(
                pool.order_by().values_list("kind", flat=True).distinct()
            )
            if not kinds:
                continue
            met = Counter(Puzzle.objects.filter(pk__in=recent).values_list("kind", flat=True))
            pool = pool.filter(kind=_least_seen(rng, kinds, met))
        rows = _near(pool, target)
        if rows:
            chosen = _balanced(rng, rows, recent)
            return NextPuzzle(Puzzle.objects.only("id", "kind", "rating").get(pk=chosen))
    return None


def pick_puzzles(
    theme: Theme | str | None = None,
    rating_min: float | None = None,
    rating_max: float | None = None,
    count: int = 10,
    rng: random.Random | None = None,
) -> list[Puzzle]:
    """Up to ``count`` puzzles with this theme (a :class:`Theme` or its slug) within the rating
    range, chosen at random and returned easiest first (for instructors' assignments); never a
    retired one."""
    puzzles = Puzzle.objects.filter(retired=None)
    if theme:
        slug = theme.slug if isinstance(theme, Theme) else theme
        puzzles = puzzles.filter(themes__slug=slug)
    if rating_min is not None:
        puzzles = puzzles.filter(rating__gte=rating_min)
    if rating_max is not None:
        puzzles = puzzles.filter(rating__lte=rating_max)
    ids = list(puzzles.values_list("pk", flat=True).distinct())
    chosen = (rng or random.Random()).sample(ids, min(max(count, 0), len(ids)))
    return list(Puzzle.objects.filter(pk__in=chosen).order_by("rating", "id"))


# --- votes and reports -----------------------------------------------------------------------


class BadOpinion(ValueError):
    """A vote or a report the form cannot have sent (a tampered value, an over-long note)."""


VOTES = {"up": PuzzleVote.UP, "down": PuzzleVote.DOWN}
NOTE_LIMIT = 1000


@dataclass(frozen=True)
class Opinion:
    """What players think of a puzzle, and what this player said: their vote (``"up"``,
    ``"down"`` or ``""``) and whether they have a report waiting for staff."""

    up: int = 0
    down: int = 0
    vote: str = ""
    reported: bool = False


def opinion(user: User | AnonymousUser | None, puzzle_id: int) -> Opinion:
    """The vote counts of a puzzle and, for a logged-in player, their own vote and whether
    they have a report waiting for staff (one query)."""
    votes: dict[str, Aggregate | Exists] = {
        "up": Count("votes", filter=Q(votes__value=PuzzleVote.UP)),
        "down": Count("votes", filter=Q(votes__value=PuzzleVote.DOWN)),
    }
    if isinstance(user, User) and user.is_authenticated:
        mine = PuzzleReport.objects.filter(
            user=user, puzzle=OuterRef("pk"), status=ReportStatus.OPEN
        )
        votes["mine"] = Max("votes__value", filter=Q(votes__user=user))
        votes["reported"] = Exists(mine)
    found = Puzzle.objects.filter(pk=puzzle_id).values("pk").annotate(**votes).first()
    row: Mapping[str, Any] = found or {}
    names: dict[int | None, str] = {v: k for k, v in VOTES.items()}
    return Opinion(
        up=row.get("up", 0),
        down=row.get("down", 0),
        vote=names.get(row.get("mine"), ""),
        reported=bool(row.get("reported")),
    )


def cast_vote(user: User, puzzle: Puzzle, value: str) -> PuzzleVote:
    """Record the player's vote (``"up"`` or ``"down"``): one per player, a new one replaces
    the old, the same one again changes nothing."""
    if value not in VOTES:
        raise BadOpinion(_("A vote is up or down."))
    vote, _created = PuzzleVote.objects.update_or_create(
        user=user, puzzle=puzzle, defaults={"value": VOTES[value]}
    )
    return vote


def report_puzzle(
    user: User, puzzle: Puzzle, reason: str, note: str = ""
) -> tuple[PuzzleReport, bool]:
    """File the player's report that a puzzle is flawed; the puzzle leaves the rated pool
    until staff look at it. Returns the report and whether it is new: a player's second
    report while the first is still open changes nothing."""
    if reason not in ReportReason.values:
        raise BadOpinion(_("Choose one of the reasons in the list."))
    note = note.strip()
    if len(note) > NOTE_LIMIT:
        raise BadOpinion(_("Keep the note under %(limit)d characters.") % {"limit": NOTE_LIMIT})
    if "\x00" in note:
        raise BadOpinion(_("The note cannot contain a NUL character."))
    existing = PuzzleReport.objects.filter(user=user, puzzle=puzzle, status=ReportStatus.OPEN)
    if (report := existing.first()) is not None:
        return report, False
    try:
        with transaction.atomic():
            return PuzzleReport.objects.create(
                user=user, puzzle=puzzle, reason=reason, note=note
            ), True
    except IntegrityError:  # the same report sent twice at once: the first one stands
        return existing.get(), False


def review_report(report: PuzzleReport, staff: User, upheld: bool) -> None:
    """Staff looked at a report: a dismissed one puts the puzzle back in the rated pool (unless
    other reports keep it out), an upheld one keeps it out for good."""
    report.status = ReportStatus.UPHELD if upheld else ReportStatus.DISMISSED
    report.reviewed_by = staff
    report.reviewed = timezone.now()
    report.save(update_fields=["status", "reviewed_by", "reviewed"])
