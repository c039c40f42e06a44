"""Puzzle pages: the rated stream, one puzzle and its answer, the daily puzzle, the dashboard
and the hand analyzer.

Each page is one template; the regions htmx swaps are ``{% partialdef %}`` blocks in it, served
alone for an htmx request (not boosted, not a history restore). Every form also works as a
plain POST or GET without JavaScript.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import connection
from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.exercises import AnswerError, tables
from tutor.exercises.puzzles import SHANTEN_CHOICES, DiscardPuzzle
from tutor.web.engine_text import error_text, wait_shape_name
from tutor.web.http import AuthenticatedHttpRequest, HtmxHttpRequest, wants_partial
from tutor.web.push_fold_text import reason_texts, verdict_text
from tutor.web.text import validate_visible_text

from . import analyzer as hand_analyzer
from . import defense, feedback, play, push_fold, services
from .dashboard import dashboard as player_dashboard
from .models import DailyPuzzle, Puzzle, PuzzleKind, ReportReason

START_SALT = "puzzles.started"
#: Anonymous visitors: how many answered puzzle ids the session remembers.
SEEN_LIMIT = 200
#: An answer slower than this is stored without a time (the tab was left open).
MAX_SECONDS = 3600


def render_part(
    request: HtmxHttpRequest,
    template: str,
    partial: str,
    context: dict[str, Any],
    status: int = 200,
) -> HttpResponse:
    """The page, or only its ``partial`` for an htmx request that wants one."""
    name = f"{template}#{partial}" if wants_partial(request) else template
    return render(request, name, context, status=status)


def _elapsed(token: str | None, puzzle_id: int) -> float | None:
    """Seconds since the puzzle was shown, from the signed token in the form (None if absent,
    tampered, for another puzzle or too old)."""
    if not token:
        return None
    try:
        data = signing.loads(token, salt=START_SALT, max_age=MAX_SECONDS)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or data.get("p") != puzzle_id:
        return None
    return round(max(0.0, time.time() - float(data.get("t", 0))), 1)


def _kind(params: QueryDict) -> str | None:
    """The stream's type filter in a query string or a form, if it names a kind of puzzle."""
    value = params.get("kind") or None
    return value if value in PuzzleKind.values else None


def _seen(request: HtmxHttpRequest) -> list[int]:
    seen = request.session.get("puzzles_seen", [])
    return [int(x) for x in seen if isinstance(x, int)] if isinstance(seen, list) else []


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    """The rated stream: go to the next puzzle near the player's rating."""
    kind = _kind(request.GET)
    exclude = _seen(request) if not request.user.is_authenticated else []
    after = request.GET.get("after", "")
    if after.isdigit():
        exclude.append(int(after))
    difficulty = request.GET.get("difficulty", "same")
    if difficulty not in play.DIFFICULTY_OFFSETS:
        difficulty = "same"
    chosen = play.pick_next(request.user, difficulty, kind, exclude)
    if chosen is None:
        # "Harder" or "easier" with nothing left in that direction says so (never a puzzle
        # served again in silence); otherwise there are no puzzles at all yet.
        context = {
            "kind": kind,
            "kind_label": dict(PuzzleKind.choices).get(kind or "", ""),
            "kinds": PuzzleKind.choices,
            "exhausted": difficulty if difficulty != "same" else "",
            "after": after if after.isdigit() else "",
        }
        return render(request, "puzzles/index.html", context)
    query = urlencode({k: v for k, v in (("kind", kind), ("review", chosen.review and "1")) if v})
    url = reverse("puzzles:detail", args=[chosen.puzzle.pk])
    return redirect(f"{url}?{query}" if query else url)


def _page_context(
    request: HtmxHttpRequest, puzzle: Puzzle, *, with_rating: bool = True, **extra: Any
) -> dict[str, Any]:
    context: dict[str, Any] = {
        "puzzle": puzzle,
        "situation": feedback.situation(puzzle),
        "kinds": PuzzleKind,
        "started": signing.dumps({"p": puzzle.pk, "t": time.time()}, salt=START_SALT),
        "shanten_choices": SHANTEN_CHOICES,
        "push_fold_choices": push_fold.choices(puzzle),
        "palette": ("123456789m", "123456789p", "123456789s", "1234567z"),
        # The stream's type filter, carried through the answer to the "next" links.
        "stream_kind": _kind(request.GET if request.method == "GET" else request.POST),
        "kind_choices": PuzzleKind.choices,
        "player_rating": (
            play.player_rating(request.user)
            if with_rating and request.user.is_authenticated
            else None
        ),
    }
    context.update(extra)
    return context


@require_GET
@vary_on_headers("HX-Request")
def detail(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    # The analysis is not shown before an answer, so it is not even loaded.
    puzzle = get_object_or_404(Puzzle.objects.defer("analysis"), pk=puzzle_id)
    return render(
        request,
        "puzzles/detail.html",
        _page_context(request, puzzle, review=request.GET.get("review") == "1"),
    )


def _daily_date(value: str | None) -> dt.date | None:
    try:
        return dt.date.fromisoformat(value) if value else None
    except ValueError:
        return None


@require_POST
@vary_on_headers("HX-Request")
def answer(request: HtmxHttpRequest, puzzle_id: int) -> HttpResponse:
    """Check an answer; store and rate it for a logged-in player; show the analysis."""
    # An id outside the primary key's range (2**70) cannot name a puzzle; the foreign-key
    # filters below would overflow the database integer with it, so refuse it here, without a
    # query (an unknown id inside the range gives DoesNotExist below, also a 404).
    low, high = connection.ops.integer_field_range(Puzzle._meta.pk.get_internal_type())
    if (low is not None and puzzle_id < low) or (high is not None and puzzle_id > high):
        raise Http404("No such puzzle.")
    raw = request.POST.getlist("answer")
    daily = _daily_date(request.POST.get("daily"))
    if daily is not None and not DailyPuzzle.objects.filter(date=daily, puzzle=puzzle_id).exists():
        daily = None
    seconds = _elapsed(request.POST.get("started"), puzzle_id)
    try:
        if request.user.is_authenticated:
            # Every puzzle answered as a visitor showed its solution; the session (kept across
            # log-in) remembers them, and such a first attempt is not rated.
            seen = puzzle_id in _seen(request)
            result = play.record_attempt(request.user, puzzle_id, raw, seconds, solution_seen=seen)
        else:
            result = play.grade(get_object_or_404(Puzzle, pk=puzzle_id), raw)
            kept = [x for x in _seen(request) if x != puzzle_id] + [puzzle_id]
            request.session["puzzles_seen"] = kept[-SEEN_LIMIT:]
    except Puzzle.DoesNotExist as exc:
        raise Http404("No such puzzle.") from exc
    except AnswerError as exc:
        puzzle = get_object_or_404(Puzzle, pk=puzzle_id)
        context = _page_context(request, puzzle, daily=daily, error=str(exc), checked=raw)
        return render_part(request, "puzzles/detail.html", "feedback", context, status=400)
    puzzle = result.puzzle
    context = _page_context(request, puzzle, with_rating=False, daily=daily)
    if daily is not None:
        context.update(_daily_context(request, daily))
    exercise = play.exercise_of(puzzle)
    rows = exercise.rows(result.answer) if isinstance(exercise, DiscardPuzzle) else []
    many = puzzle.kind in (PuzzleKind.IMPROVE, PuzzleKind.WAITS)
    marks = tables.marked_answer(result.answer, result.solution) if many else []
    context.update(
        result=result,
        rows=rows,
        marks=marks,
        credit=tables.credit(marks) if many else None,
        two_step_words=feedback.two_step_words(rows),
        accepted=tables.improving_tiles(puzzle.analysis),
        waits=tables.waits_accepted(puzzle.analysis),
        wait_rows=tables.wait_rows(puzzle.analysis),
        forms=feedback.hand_forms(puzzle) if puzzle.kind == PuzzleKind.SHANTEN else [],
        explanation=exercise.explanation(),
        # A wrong answer's reasons name the mistake (the exercise layer's verdict).
        mistakes=[] if result.correct or result.verdict is None else result.verdict.reasons,
        **_defense_context(puzzle, result.answer),
        **_opinion_context(request, puzzle),
        marked="".join(result.solution) if puzzle.kind != PuzzleKind.SHANTEN else "",
        answer_key="".join(result.answer),
        player_rating=result.player,
        # An htmx answer also refreshes the sidebar's rating and streak (out-of-band swaps).
        oob=wants_partial(request),
    )
    return render_part(request, "puzzles/detail.html", "feedback", context)


def _defense_context(puzzle: Puzzle, answer: list[str]) -> dict[str, Any]:
    """What the page shows after the answer about the recorded player's choice and, for the
    puzzles facing a riichi, each tile's danger (and both options of a push or fold)."""
    if puzzle.kind == PuzzleKind.PUSH_FOLD:
        return {
            "danger_rows": push_fold.danger_rows(puzzle, answer),
            "option_rows": push_fold.option_rows(puzzle, answer),
            "played_words": push_fold.played_words(puzzle),
            "dealt_in_words": push_fold.outcome_words(puzzle),
        }
    context: dict[str, Any] = {"played_words": feedback.played_words(puzzle)}
    if puzzle.kind == PuzzleKind.DEFENSE:
        context["danger_rows"] = defense.feedback_rows(puzzle, answer)
        context["dealt_in_words"] = defense.dealt_in_words(puzzle)
    return context


def _opinion_context(request: HtmxHttpRequest, puzzle: Puzzle, **extra: Any) -> dict[str, Any]:
    return {
        "puzzle": puzzle,
        "opinion": play.opinion(request.user, puzzle.pk),
        "report_reasons": ReportReason.choices,
        **extra,
    }


def _opinion_response(
    request: HtmxHttpRequest, puzzle: Puzzle, message: str, status: int = 200, **extra: Any
) -> HttpResponse:
    """The votes-and-report box for htmx; without JavaScript, back to the puzzle with a note."""
    if wants_partial(request):
        context = _opinion_context(
            request, puzzle, notice=message, error_status=status >= 400, **extra
        )
        return render(request, "puzzles/detail.html#opinion", context, status=status)
    (messages.error if status >= 400 else messages.success)(request, message)
    return redirect("puzzles:detail", puzzle_id=puzzle.pk)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def vote(request: AuthenticatedHttpRequest, puzzle_id: int) -> HttpResponse:
    """A thumbs up or down on a puzzle: one per player, a new vote replaces the old one."""
    puzzle = get_object_or_404(Puzzle.objects.only("id"), pk=puzzle_id)
    try:
        play.cast_vote(request.user, puzzle, request.POST.get("vote", ""))
    except play.BadOpinion as exc:
        return _opinion_response(request, puzzle, str(exc), status=400)
    return _opinion_response(request, puzzle, gettext("Thank you: your vote counts."))


@login_required
@require_POST
@vary_on_headers("HX-Request")
def report(request: AuthenticatedHttpRequest, puzzle_id: int) -> HttpResponse:
    """Report a flawed puzzle: it leaves the rated pool until staff have looked at it."""
    puzzle = get_object_or_404(Puzzle.objects.only("id"), pk=puzzle_id)
    note, reason = request.POST.get("note", ""), request.POST.get("reason", "")
    try:
        validate_visible_text(note)
        _report, new = play.report_puzzle(request.user, puzzle, reason, note)
    except (ValidationError, play.BadOpinion) as exc:
        message = " ".join(exc.messages) if isinstance(exc, ValidationError) else str(exc)
        return _opinion_response(request, puzzle, message, status=400, report_open=True)
    if new:
        message = gettext(
            "Thank you: the puzzle is out of the rated pool until staff have looked at it."
        )
    else:
        message = gettext("You have already reported this puzzle; staff will look at it.")
    return _opinion_response(request, puzzle, message)


@require_GET
@vary_on_headers("HX-Request")
def daily(request: HtmxHttpRequest, date: str | None = None) -> HttpResponse:
    """Today's puzzle, the same for everyone, or an earlier day's at its shareable URL."""
    today = timezone.localdate()
    day = today if date is None else _daily_date(date)
    if day is None or day > today:
        raise Http404("No daily puzzle for that date.")
    if day == today:
        chosen = services.daily_puzzle(day)
    else:
        chosen = DailyPuzzle.objects.select_related("puzzle").filter(date=day).first()
    if chosen is None:
        return render(request, "puzzles/index.html", {"daily_missing": True}, status=404)
    return render(
        request,
        "puzzles/detail.html",
        _page_context(request, chosen.puzzle, **_daily_context(request, day)),
    )


def _daily_context(request: HtmxHttpRequest, day: dt.date) -> dict[str, Any]:
    """The daily card: the date, its shareable URL, and the player's streak and progress."""
    user = request.user
    return {
        "daily": day,
        "share_url": request.build_absolute_uri(
            reverse("puzzles:daily_on", args=[day.isoformat()])
        ),
        "daily_solved": user.is_authenticated and play.solved_daily(user, day),
        "streak": play.current_streak(play.player_rating(user)) if user.is_authenticated else 0,
    }


@login_required
@require_GET
def dashboard(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "puzzles/dashboard.html", {"board": player_dashboard(request.user)})


ANALYZER_PALETTE = (
    *(tuple(f"{n}{suit}" for n in "1234567890") for suit in "mps"),  # each suit's red five last
    tuple(f"{n}z" for n in range(1, 8)),
)


@require_GET
@vary_on_headers("HX-Request")
def analyzer(request: HtmxHttpRequest) -> HttpResponse:
    """Type a hand or click tiles; see its shanten, discard table and waits."""
    hand_text = hand_analyzer.edited_hand(request.GET)
    river = (request.GET.get("riichi") or "").strip()[: hand_analyzer.MAX_HAND_TEXT]
    second = (request.GET.get("riichi2") or "").strip()[: hand_analyzer.MAX_HAND_TEXT]
    context: dict[str, Any] = {
        "palette": ANALYZER_PALETTE,
        "hand": hand_text,
        "riichi": river,
        "riichi2": second,
    }
    status = 200
    if hand_text:
        try:
            report = hand_analyzer.analyze(hand_text, river, second)
        except hand_analyzer.IncompleteHand as exc:
            context["notice"] = str(exc)
        except ValueError as exc:
            context["error"] = error_text(exc)
            status = 400
        else:
            context["report"] = report
            context["rows"] = hand_analyzer.table(report)
            context["wait_rows"] = tables.wait_table(report["waits"])
            if any("against" in row for row in report.get("danger") or []):
                # against two riichi: a line per riichi in place of the reasons
                names = [gettext("The first riichi"), gettext("The second riichi")]
                context["danger_rows"] = [
                    {**row, "against": defense.against_lines(row, names, titled=True)}
                    for row in report["danger"]
                ]
            else:
                context["danger_rows"] = report.get("danger") or []
            if report.get("push_fold"):
                context["push_fold_verdict"] = verdict_text(report["push_fold"])
                context["push_fold_reasons"] = reason_texts(report["push_fold"]["reasons"])
            if report["wait_pattern"]:
                context["wait_pattern_label"] = wait_shape_name(report["wait_pattern"])
    return render_part(request, "puzzles/analyzer.html", "result", context, status=status)
