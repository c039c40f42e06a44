"""Pages of game reviews: upload a game, watch it being judged, step through its decisions.

The review page is one template; its regions (the progress bar, one decision) are
``{% partialdef %}`` blocks served alone to htmx. Every link has a real ``href`` (``?d=N``), so
stepping through works without JavaScript and the back button returns to the last decision.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from classes.models import Assignment, AssignmentKind
from puzzles.feedback import situation
from puzzles.models import Puzzle
from tutor.exercises import ContentError, tables
from tutor.exercises.puzzles import PuzzleKind, puzzle_exercise
from tutor.web import limits
from tutor.web.http import AuthenticatedHttpRequest, wants_partial

from . import services, tasks
from .defense import defense_context
from .forms import UploadForm
from .judge import BIG_LOSS, RARE_PICK, JudgedDecision, StoredReviewError
from .models import GameReview, ReviewedDecision, ReviewStatus


def _by_user(request: HttpRequest) -> str:
    return f"user:{request.user.pk}"


UPLOAD_LIMIT = limits.Limit("review-user", _by_user)
"""Reviews one learner may start per period (``RATE_LIMITS["review-user"]``): each costs a
worker a few seconds of CPU per decision."""


def _review(request: AuthenticatedHttpRequest, review_id: int) -> GameReview:
    review = GameReview.objects.visible_to(request.user).filter(pk=review_id).first()
    if review is None:
        raise Http404(_("No such review."))
    return review


def _assignment(request: AuthenticatedHttpRequest) -> Assignment | None:
    """The "review a game" assignment this upload answers, if the learner is in its class."""
    raw = request.POST.get("assignment") or request.GET.get("assignment") or ""
    if not raw.isdigit():
        return None
    return Assignment.objects.filter(
        pk=int(raw),
        kind=AssignmentKind.REVIEW,
        classroom__memberships__student=request.user,
    ).first()


@login_required
@limits.limited(UPLOAD_LIMIT, counts=limits.succeeded)
def index(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The learner's reviews and the upload form; a good upload starts a review."""
    form = UploadForm(request.POST or None, request.FILES or None)
    assignment = _assignment(request)
    if request.method == "POST" and form.is_valid() and form.checked is not None:
        seat = int(form.cleaned_data["seat"])
        review = services.create_review(
            request.user, form.checked, seat, assignment.pk if assignment else None
        )
        tasks.judge_review.delay_on_commit(review.pk)
        return redirect("reviews:detail", review.pk)
    reviews = GameReview.objects.filter(owner=request.user)[:50]
    context = {"form": form, "reviews": reviews, "assignment": assignment}
    return render(
        request, "reviews/index.html", context, status=400 if request.method == "POST" else 200
    )


def _step(review: GameReview, raw: str | None) -> dict[str, Any]:
    """The context of one decision (``raw`` is its index from the query string)."""
    try:
        index = int(raw or 0)
    except ValueError:
        index = 0
    index = min(max(index, 0), max(review.total - 1, 0))
    row = ReviewedDecision.objects.filter(review=review, index=index).first()
    if row is None:
        return {"decision": None}
    try:
        judged = row.judged
    except StoredReviewError as exc:
        raise Http404(_("This decision could not be read.")) from exc
    best = [judged.best[0]["discard"]] if judged.best else []
    rows = tables.discard_rows(judged.facts, best=best, answer=[tables.kind_text(judged.played)])
    return {
        "decision": judged,
        "rows": rows,
        "mistake": _mistake(judged),
        "situation": situation(Puzzle(context=judged.table)),
        "defense": defense_context(judged),
        "previous": index - 1 if index > 0 else None,
        "next": index + 1 if index + 1 < review.total else None,
        "position": index + 1,
    }


def _mistake(judged: JudgedDecision) -> str:
    """What the played discard gave up against the engine's best, in the words a puzzle uses
    for the same wrong answer; nothing when it was the best, when there was no choice, or
    against a riichi (the ranking by value does not weigh the danger: the defense table
    speaks there)."""
    mine = judged.mine
    if mine is None or judged.agrees or judged.forced or not judged.loss or judged.defense:
        return ""
    facts = {**judged.facts, "judge": "value"}  # a review ranks every decision by value
    try:
        exercise = puzzle_exercise(PuzzleKind.DISCARD, judged.hand, facts)
    except ContentError:  # a stored hand the exercise cannot read: the table still shows
        return ""
    return exercise.mistakes((mine["discard"],))[0]


@login_required
@vary_on_headers("HX-Request")
def detail(request: AuthenticatedHttpRequest, review_id: int) -> HttpResponse:
    """A review: the progress bar while it runs, then the decisions one at a time."""
    review = _review(request, review_id)
    context: dict[str, Any] = {"review": review}
    if review.status == ReviewStatus.DONE:
        context.update(_step(review, request.GET.get("d")))
        linked = review.decisions.values_list("index", flat=True)  # the decisions to link to
        context["mistakes"] = list(linked.filter(big_mistake=True))
        context["missed"] = list(linked.filter(data__missed__in=["tsumo", "ron"]))
        context["risky"] = list(linked.filter(data__defense__deal_in_prone=True))
        context["owner"] = review.owner_id == request.user.pk
        context["puzzles"] = review.decisions.filter(makes_puzzle=True).count()
        context["big_loss"] = round(BIG_LOSS)
        context["rare_pick"] = round(1 / RARE_PICK)
    if wants_partial(request):
        target = request.htmx.target or ""
        if target == "review-progress":
            response = render(request, "reviews/detail.html#progress", context)
            if review.is_finished:
                # Finished: load the whole page (the decisions) in place of the bar.
                response["HX-Refresh"] = "true"
            return response
        if target == "review-decision" and review.status == ReviewStatus.DONE:
            return render(request, "reviews/detail.html#decision", context)
    return render(request, "reviews/detail.html", context)


@login_required
@require_POST
def to_puzzles(request: AuthenticatedHttpRequest, review_id: int) -> HttpResponse:
    """Turn the review's clear mistakes into puzzles in the owner's review queue."""
    review = _review(request, review_id)
    if review.owner_id != request.user.pk:
        raise Http404(_("No such review."))
    if review.status != ReviewStatus.DONE:
        messages.error(request, _("This game is still being judged."))
        return redirect("reviews:detail", review.pk)
    added = services.mistakes_to_puzzles(review)
    if added:
        text = ngettext(
            "%(n)d mistake is now a puzzle in your review queue.",
            "%(n)d mistakes are now puzzles in your review queue.",
            added,
        )
        messages.success(request, text % {"n": added})
    else:
        messages.info(request, _("No new puzzles: your clear mistakes are already in your queue."))
    return redirect("reviews:detail", review.pk)
