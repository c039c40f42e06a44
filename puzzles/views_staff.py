"""Staff pages: request a generation batch and watch its progress (htmx polling every second)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any, Concatenate

from django import forms
from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from tutor.exercises.kinds import GENERATED
from tutor.web.forms import SubmitMixin
from tutor.web.http import HtmxHttpRequest

from . import generation, services, services_mining, tasks
from .mining import MAX_LOG_BYTES
from .models import THEME_LABELS, BatchStatus, GenerationBatch, MiningJob, PuzzleKind
from .views import render_part


def staff_only[**P](
    view: Callable[Concatenate[HtmxHttpRequest, P], HttpResponse],
) -> Callable[Concatenate[HtmxHttpRequest, P], HttpResponse]:
    """Anonymous visitors go to the log-in page; signed-in non-staff get a 403."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, /, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not request.user.is_staff:
            raise PermissionDenied(_("Only staff can generate puzzles."))
        return view(request, *args, **kwargs)

    return wrapper


def _theme_choices() -> list[tuple[str, Any]]:
    dealers = {
        "one-suit": gettext_lazy("Deal one suit only"),
        "near-tenpai": gettext_lazy("Deal near tenpai"),
        "random-deal": gettext_lazy("Deal at random"),
    }
    others = [(slug, label) for slug, label in THEME_LABELS.items() if slug not in dealers]
    return [("", gettext_lazy("Any theme")), *dealers.items(), *others]


class BatchForm(SubmitMixin, forms.Form):
    submit = gettext_lazy("Generate")
    form_tag = False

    kind = forms.ChoiceField(
        label=gettext_lazy("Puzzle type"),
        choices=[c for c in PuzzleKind.choices if c[0] in GENERATED],
    )
    count = forms.IntegerField(
        label=gettext_lazy("How many"), min_value=1, max_value=services.MAX_BATCH, initial=50
    )
    theme = forms.ChoiceField(label=gettext_lazy("Theme"), choices=_theme_choices, required=False)
    difficulty = forms.TypedChoiceField(
        label=gettext_lazy("Target difficulty"),
        choices=[("", gettext_lazy("Any"))]
        + [(str(d), str(d)) for d in range(1, generation.MAX_DIFFICULTY + 1)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"),
        required=False,
        min_value=0,
        max_value=2**62,
        help_text=gettext_lazy(
            "Leave empty for a new random seed. The same seed and settings give the same "
            "puzzles, so running a seed again creates nothing new."
        ),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind, theme = data.get("kind"), data.get("theme")
        if kind and theme and not generation.theme_fits(kind, theme):
            self.add_error("theme", _("Puzzles of this type never carry this theme."))
        return data


@staff_only
@require_http_methods(["GET", "POST"])
def batches(request: HtmxHttpRequest) -> HttpResponse:
    """The list of recent batches and the form that requests a new one."""
    form = BatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        batch = services.request_batch(
            data["kind"],
            data["count"],
            seed=data["seed"],
            theme=data["theme"] or "",
            difficulty=data["difficulty"],
            user=request.user,
        )
        transaction.on_commit(partial(tasks.dispatch_batch, batch.pk))
        return redirect("puzzles:staff_batch", batch_id=batch.pk)
    recent = GenerationBatch.objects.select_related("requested_by")[:20]
    status = 400 if request.method == "POST" else 200
    return render(
        request, "puzzles/staff_batches.html", {"form": form, "batches": recent}, status=status
    )


@staff_only
@require_http_methods(["GET"])
@vary_on_headers("HX-Request")
def batch(request: HtmxHttpRequest, batch_id: int) -> HttpResponse:
    """One batch with a progress bar; htmx polls the ``progress`` partial until it is done."""
    record = get_object_or_404(GenerationBatch, pk=batch_id)
    context = {
        "batch": record,
        "stalled": services.is_stalled(record),
        "status_label": services.status_label(record),
        "latest": record.puzzles.prefetch_related("themes").order_by("-pk")[:6],
    }
    return render_part(request, "puzzles/staff_batch.html", "progress", context)


@staff_only
@require_POST
def batch_queue(request: HtmxHttpRequest, batch_id: int) -> HttpResponse:
    """Queue the unfinished chunks of a batch again (the broker was down, a worker was lost)."""
    record = get_object_or_404(GenerationBatch, pk=batch_id)
    if record.status == BatchStatus.DONE:
        messages.info(request, _("This batch is already done."))
    elif tasks.dispatch_batch(record.pk):
        messages.success(request, _("The batch is queued again."))
    else:
        messages.error(
            request, _("The task queue is still unavailable. The batch is saved; try again later.")
        )
    return redirect("puzzles:staff_batch", batch_id=record.pk)


# --- mining real games ---------------------------------------------------------------------------

MAX_UPLOAD_FILES = 50
"""Game logs one upload may hold."""


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """A file field that takes several files (Django's documented recipe)."""

    def clean(self, data: Any, initial: Any = None) -> Any:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(d, initial) for d in data]
        return [single(data, initial)]


class MineForm(SubmitMixin, forms.Form):
    submit = gettext_lazy("Mine puzzles")
    form_tag = False

    logs = MultipleFileField(
        label=gettext_lazy("Game logs"),
        widget=MultipleFileInput(attrs={"accept": ".xml,.mjlog,.json,.gz"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["logs"].help_text = _(
            "Tenhou mjlog XML (gzipped or not) or tenhou.net/6 JSON, at most %(kb)d kB each and "
            "%(files)d files at a time."
        ) % {"kb": MAX_LOG_BYTES // 1024, "files": MAX_UPLOAD_FILES}

    def clean_logs(self) -> list[services_mining.LogFile]:
        uploads = self.cleaned_data.get("logs") or []
        if not uploads:
            raise forms.ValidationError(_("Choose at least one game log."))
        if len(uploads) > MAX_UPLOAD_FILES:
            raise forms.ValidationError(
                _("Upload at most %(files)d game logs at a time.") % {"files": MAX_UPLOAD_FILES}
            )
        files = []
        errors = []
        for upload in uploads:
            name = upload.name or "log"
            try:
                if upload.size is not None and upload.size > MAX_LOG_BYTES:
                    raise services_mining.too_large(name)
                files.append(services_mining.read_upload(name, upload.read()))
            except services_mining.UploadError as exc:
                errors.append(str(exc))
        if errors:
            raise forms.ValidationError(errors)
        return files


@staff_only
@require_http_methods(["GET", "POST"])
def mining(request: HtmxHttpRequest) -> HttpResponse:
    """Recent mining jobs and the upload form; a bad file refuses the whole upload."""
    form = MineForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = services_mining.request_mining(form.cleaned_data["logs"], user=request.user)
        transaction.on_commit(partial(tasks.dispatch_mining, job.pk))
        return redirect("puzzles:staff_mining_job", job_id=job.pk)
    recent = MiningJob.objects.select_related("requested_by")[:20]
    status = 400 if request.method == "POST" else 200
    return render(
        request, "puzzles/staff_mining.html", {"form": form, "jobs": recent}, status=status
    )


@staff_only
@require_http_methods(["GET"])
@vary_on_headers("HX-Request")
def mining_job(request: HtmxHttpRequest, job_id: int) -> HttpResponse:
    """One mining job with a progress bar; htmx polls the ``progress`` partial until done."""
    job = get_object_or_404(MiningJob, pk=job_id)
    context = {
        "job": job,
        "failed": job.games.filter(status="failed").only("name", "error")[:20],
        "latest": job.puzzles.prefetch_related("themes").order_by("-pk")[:6],
    }
    return render_part(request, "puzzles/staff_mining_job.html", "progress", context)
