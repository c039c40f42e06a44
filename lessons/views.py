"""Lesson pages: the curriculum map, a stage's steps, answering, and the end of a stage.

Answering and moving on swap the ``lesson`` partial of ``lessons/step.html`` for htmx requests;
the same URLs work as plain form posts without JavaScript: an answer is kept in the session and
the browser redirected to the step (post/redirect/get), which shows the verdict once.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.engine.scoring.chart import HAN_COLUMNS, ChartCell, limit_cells, points_chart
from tutor.exercises import (
    AnswerError,
    ContentError,
    EmptyAnswer,
    Verdict,
    exercise,
    wall_figure,
    with_position,
)
from tutor.exercises.base import points_text
from tutor.web.http import HtmxHttpRequest, wants_partial

from . import services, text
from .drill import Drill, drill_record, new_seed, read_seed, record_attempt
from .models import Stage, Step


def _step_url(step: Step) -> str:
    return reverse("lessons:step", args=[step.stage.slug, step.number])


def _next_url(step: Step) -> str:
    following = step.stage.steps.filter(number__gt=step.number).order_by("number").first()
    if following is not None:
        return _step_url(following)
    return reverse("lessons:complete", args=[step.stage.slug])


def _context(
    request: HtmxHttpRequest,
    step: Step,
    verdict: Verdict | None = None,
    answer: Any = None,
    error: str = "",
    seed: int | None = None,
) -> dict[str, Any]:
    stage = step.stage
    texts = step.texts()
    widget = None
    position = None
    if step.has_exercise:
        if "family" in step.exercise:
            position = seed or services.position_seed(request, step)
        try:
            widget = exercise(with_position(step.exercise, position)).widget(answer)
        except ContentError:
            # Content is checked when loaded; if an engine change broke it since, say so
            # instead of failing the page.
            error = error or _("This exercise cannot be shown right now. Please skip it.")
    figure = None
    if step.figure:
        with suppress(ContentError):  # checked when loaded: at worst the step shows without it
            figure = wall_figure(step.figure)
    recs = services.records(request, stage)
    steps = list(stage.steps.all())
    return {
        "stage": stage,
        "step": step,
        "steps": [(s, recs.get(s.key)) for s in steps],
        "status": services.status_from(stage, recs, services.best_stars(request, stage)),
        "title": texts["title"],
        **{name: text.render(texts[name]) for name in ("text", "question", "hint")},
        "after": text.render(texts["after"]) if verdict and verdict.correct else "",
        "widget": widget,
        "position": position,
        "figure": figure,
        "verdict": verdict,
        "reveal": bool(verdict and not verdict.correct and services.reveals_working(request, step)),
        "error": error,
        "done": bool(recs.get(step.key) and recs[step.key].done),
        "next_url": _next_url(step),
        "next_is_step": step.number < len(steps),
        "previous_url": _step_url(steps[step.number - 2]) if step.number > 1 else "",
        "answer_url": reverse("lessons:answer", args=[stage.slug, step.number]),
        "page_url": _step_url(step),
    }


# A plain (non-htmx) answer is stored here and the browser redirected to the step, which shows
# the verdict once (post/redirect/get): reloading the step then does not post the answer again.
ANSWER_KEY = "lessons.answer_to_show"


def _keep_answer(request: HtmxHttpRequest, step: Step) -> None:
    fields = {k: request.POST.getlist(k) for k in request.POST if k != "csrfmiddlewaretoken"}
    request.session[ANSWER_KEY] = {"step": f"{step.stage.slug}/{step.key}", "post": fields}


def _shown_answer(request: HtmxHttpRequest, step: Step) -> tuple[Verdict | None, Any, int | None]:
    """The verdict kept for this step by ``_keep_answer``, checked again (in the page's
    language), and forgotten: it is shown once."""
    kept = request.session.get(ANSWER_KEY)
    if not kept or kept.get("step") != f"{step.stage.slug}/{step.key}" or not step.has_exercise:
        return None, None, None
    del request.session[ANSWER_KEY]
    post = QueryDict(mutable=True)
    for key, values in kept.get("post", {}).items():
        post.setlist(key, [str(v) for v in values])
    try:
        seed = _seed(request, step, post.get("position"))
        ex = exercise(with_position(step.exercise, seed))
        given = ex.read(post)
        return ex.check(given), given, seed
    except (AnswerError, ContentError):
        return None, None, None


def _seed(request: HtmxHttpRequest, step: Step, posted: Any) -> int | None:
    """The learner's position in a family exercise (None for a fixed one), or AnswerError."""
    if "family" not in step.exercise:
        return None
    try:
        return services.position_seed(request, step, posted)
    except ValueError:
        raise AnswerError(
            _("This position was not drawn for you. Reload the page and try again.")
        ) from None


def _render_step(
    request: HtmxHttpRequest, step: Step, status: int = 200, **context: Any
) -> HttpResponse:
    """The step page (its ``lesson`` partial for htmx); ``context`` goes to :func:`_context`."""
    template = "lessons/step.html#lesson" if wants_partial(request) else "lessons/step.html"
    return render(request, template, _context(request, step, **context), status=status)


@require_GET
def index(request: HtmxHttpRequest) -> HttpResponse:
    stages = [(stage, services.request_status(request, stage)) for stage in Stage.objects.all()]
    # Where to go on: the first stage not finished yet.
    resume = next(((stage, status) for stage, status in stages if not status["done"]), None)
    return render(request, "lessons/index.html", {"stages": stages, "resume": resume})


@require_GET
def stage(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = get_object_or_404(Stage, slug=slug)
    return redirect("lessons:step", slug=found.slug, number=services.resume_number(request, found))


@require_GET
@vary_on_headers("HX-Request")
def step(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    found = get_object_or_404(Step, stage__slug=slug, number=number)
    verdict, given, seed = _shown_answer(request, found)
    if verdict is None:
        services.mark_shown(request, found)
    return _render_step(request, found, verdict=verdict, answer=given, seed=seed)


@require_POST
@vary_on_headers("HX-Request")
def answer(request: HtmxHttpRequest, slug: str, number: int) -> HttpResponse:
    found = get_object_or_404(Step.objects.select_related("stage"), stage__slug=slug, number=number)
    if request.POST.get("step") != found.key:
        error = _("This answer was sent for another step. Reload the page and try again.")
        return _render_step(request, found, 400, error=error)
    if request.POST.get("op") == "reset":
        services.reset_stage(request, found.stage)
        return redirect("lessons:stage", slug=found.stage.slug)
    if not found.has_exercise:
        services.record_answer(request, found, correct=True)
        return _go_next(request, found)
    seed = None
    try:
        seed = _seed(request, found, request.POST.get("position"))
        ex = exercise(with_position(found.exercise, seed))
        given = ex.read(request.POST)
    except AnswerError as exc:
        # Nothing is recorded: a missing or malformed answer is neither right nor wrong.
        status = 200 if isinstance(exc, EmptyAnswer) else 400
        return _render_step(request, found, status, error=str(exc), seed=seed)
    except ContentError:  # pragma: no cover - the content check prevents this
        return _render_step(request, found, 400)
    try:
        verdict = ex.check(given)
    except ContentError as exc:  # pragma: no cover - the content check prevents this
        return _render_step(request, found, 400, error=str(exc))
    given_fields = ex.widget().sent(request.POST)
    services.record_answer(
        request, found, correct=verdict.correct, seed=seed or 0, given=given_fields
    )
    services.count_miss(request, found, verdict.correct)
    if not wants_partial(request):
        _keep_answer(request, found)
        return HttpResponseRedirect(_step_url(found), status=303)
    return _render_step(request, found, verdict=verdict, answer=given, seed=seed)


def _go_next(request: HtmxHttpRequest, found: Step) -> HttpResponse:
    url = _next_url(found)
    if wants_partial(request):
        following = found.stage.steps.filter(number=found.number + 1).first()
        if following is not None:
            services.mark_shown(request, following)
            response = _render_step(request, following)
            response["HX-Push-Url"] = url
            return response
        return HttpResponse(status=204, headers={"HX-Redirect": url})
    return HttpResponseRedirect(url, status=303)


@require_GET
def complete(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    found = get_object_or_404(Stage, slug=slug)
    context = {
        "stage": found,
        "status": services.request_status(request, found),
        "next_stage": Stage.objects.filter(number__gt=found.number).order_by("number").first(),
        "first_key": found.steps.values_list("key", flat=True).first(),
    }
    return render(request, "lessons/complete.html", context)


def _tsumo_text(cell: ChartCell) -> str:
    if cell.tsumo is None:
        return ""
    if cell.dealer:
        return _("%(each)s all") % {"each": points_text(cell.tsumo[0])}
    return "/".join(points_text(n) for n in cell.tsumo)


def _cell(cell: ChartCell) -> dict[str, str]:
    return {
        "ron": points_text(cell.ron) if cell.ron is not None else "",
        "tsumo": _tsumo_text(cell),
        "limit": cell.limit.capitalize(),
    }


@require_GET
def chart(request: HtmxHttpRequest) -> HttpResponse:
    """The han × fu chart for a non-dealer and for the dealer, every number from the engine."""
    tables = [
        {
            "id": who,
            "caption": caption,
            "rows": [(row[0].fu, [_cell(c) for c in row]) for row in points_chart(dealer=dealer)],
            "limits": [(c.han, _cell(c)) for c in limit_cells(dealer=dealer)],
        }
        for who, caption, dealer in (
            ("non-dealer", _("A non-dealer's win"), False),
            ("dealer", _("The dealer's win"), True),
        )
    ]
    points = Stage.objects.filter(slug="points-and-payments").first()
    context = {"tables": tables, "han_columns": HAN_COLUMNS, "points_stage": points}
    return render(request, "lessons/chart.html", context)


@require_http_methods(["GET", "POST"])
def drill(request: HtmxHttpRequest) -> HttpResponse:
    """The scoring drill: a winning hand from a seed; han, fu and payment graded apart."""
    raw = request.POST.get("seed") if request.method == "POST" else request.GET.get("seed")
    if raw is None:
        return redirect(f"{reverse('lessons:drill')}?seed={new_seed()}")
    context: dict[str, Any] = {"next_url": f"{reverse('lessons:drill')}?seed={new_seed()}"}
    try:
        seed = read_seed(raw)
    except AnswerError as exc:
        return render(request, "lessons/drill.html", {**context, "error": str(exc)}, status=400)
    found = Drill.of(seed)
    status = 200
    verdicts = None
    error = ""
    if request.method == "POST":
        try:
            verdicts = found.grade(request.POST)
            record_attempt(request, found, request.POST, verdicts)
        except AnswerError as exc:
            error = str(exc)
            status = 200 if isinstance(exc, EmptyAnswer) else 400
    typed = request.POST if request.method == "POST" else QueryDict()
    fields = [("han", _("Han")), ("fu", _("Fu")), *found.payers()]
    parts = [(name, label, typed.get(name, "")) for name, label in fields]
    context.update(
        {
            "drill": found,
            "parts": parts,
            "verdicts": verdicts,
            "all_right": bool(verdicts) and all(v.correct for v in (verdicts or {}).values()),
            "error": error,
            "action": reverse("lessons:drill"),
            "record": drill_record(request),
        }
    )
    return render(request, "lessons/drill.html", context, status=status)
