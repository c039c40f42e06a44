from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import play
from .models import (
    DailyPuzzle,
    GameLog,
    GenerationBatch,
    GenerationChunk,
    MiningJob,
    PlayerRating,
    Puzzle,
    PuzzleAttempt,
    PuzzleReport,
    PuzzleVote,
    ReportStatus,
    Theme,
)


@admin.register(Theme)
class ThemeAdmin(admin.ModelAdmin[Theme]):
    list_display = ("slug", "name")
    search_fields = ("slug", "name")


class ReportInline(admin.TabularInline[PuzzleReport, Puzzle]):
    """A puzzle's reports, read-only: staff decide on them from the reports' list."""

    model = PuzzleReport
    fk_name = "puzzle"
    extra = 0
    can_delete = False
    fields = ("reason", "note", "status", "user", "created")
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin[Puzzle]):
    list_display = ("id", "kind", "hand", "difficulty", "rating", "attempts", "solved", "created")
    list_filter = ("kind", "difficulty", "themes", "retired_reason")
    search_fields = ("hand", "canonical_key", "source_log")
    readonly_fields = (
        "canonical_key",
        "seed",
        "batch",
        "chunk",
        "source_log",
        "source_round",
        "source_seat",
        "source_turn",
        "mining_job",
        "created",
    )
    filter_horizontal = ("themes",)
    inlines = [ReportInline]


class ChunkInline(admin.TabularInline[GenerationChunk, GenerationBatch]):
    model = GenerationChunk
    extra = 0
    can_delete = False
    fields = ("index", "status", "target", "accepted", "created_count", "duplicates", "runs")
    readonly_fields = fields


@admin.register(GenerationBatch)
class GenerationBatchAdmin(admin.ModelAdmin[GenerationBatch]):
    list_display = (
        "id",
        "kind",
        "theme",
        "count",
        "status",
        "created_count",
        "duplicates",
        "rejected",
        "created",
        "finished",
    )
    list_filter = ("status", "kind")
    readonly_fields = ("celery_ids", "created", "finished")
    inlines = [ChunkInline]


@admin.register(DailyPuzzle)
class DailyPuzzleAdmin(admin.ModelAdmin[DailyPuzzle]):
    list_display = ("date", "puzzle")
    raw_id_fields = ("puzzle",)


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(admin.ModelAdmin[PuzzleAttempt]):
    list_display = ("user", "puzzle", "correct", "first_attempt", "seconds", "created")
    list_filter = ("correct", "first_attempt")
    raw_id_fields = ("user", "puzzle")


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin[PlayerRating]):
    list_display = ("user", "rating", "deviation", "daily_streak", "updated")
    raw_id_fields = ("user",)


@admin.register(PuzzleReport)
class PuzzleReportAdmin(admin.ModelAdmin[PuzzleReport]):
    list_display = ("puzzle", "reason", "status", "user", "created", "reviewed_by")
    list_filter = ("status", "reason")
    raw_id_fields = ("user", "puzzle")
    readonly_fields = ("user", "puzzle", "reason", "note", "created", "reviewed_by", "reviewed")
    actions = ["dismiss_reports", "uphold_reports"]

    def _review(self, request: HttpRequest, queryset: QuerySet[PuzzleReport], upheld: bool) -> None:
        staff = request.user
        assert isinstance(staff, User)  # the admin lets only staff accounts in
        reports = list(queryset.filter(status=ReportStatus.OPEN))
        for report in reports:
            play.review_report(report, staff, upheld=upheld)
        self.message_user(
            request,
            ngettext(
                "%(n)d report marked as looked at.",
                "%(n)d reports marked as looked at.",
                len(reports),
            )
            % {"n": len(reports)},
            messages.SUCCESS,
        )

    @admin.action(description=_("Looked at: the puzzle is fine (back to the rated pool)"))
    def dismiss_reports(self, request: HttpRequest, queryset: QuerySet[PuzzleReport]) -> None:
        self._review(request, queryset, upheld=False)

    @admin.action(description=_("Looked at: the puzzle is flawed (keep it out of the rated pool)"))
    def uphold_reports(self, request: HttpRequest, queryset: QuerySet[PuzzleReport]) -> None:
        self._review(request, queryset, upheld=True)

    def save_model(
        self, request: HttpRequest, obj: PuzzleReport, form: object, change: bool
    ) -> None:
        if change and obj.status != ReportStatus.OPEN and obj.reviewed is None:
            assert isinstance(request.user, User)  # the admin lets only staff accounts in
            play.review_report(obj, request.user, upheld=obj.status == ReportStatus.UPHELD)
            return
        super().save_model(request, obj, form, change)


@admin.register(PuzzleVote)
class PuzzleVoteAdmin(admin.ModelAdmin[PuzzleVote]):
    list_display = ("puzzle", "value", "user", "updated")
    list_filter = ("value",)
    raw_id_fields = ("user", "puzzle")


class GameLogInline(admin.TabularInline[GameLog, MiningJob]):
    """A mining job's games, read-only (the text of the log is left out: it is long)."""

    model = GameLog
    extra = 0
    can_delete = False
    fields = ("name", "log_id", "status", "decisions", "created_count", "agreed", "error")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(MiningJob)
class MiningJobAdmin(admin.ModelAdmin[MiningJob]):
    list_display = ("id", "status", "games_total", "games_done", "created_count", "created")
    list_filter = ("status",)
    readonly_fields = (
        "status",
        "games_total",
        "games_done",
        "games_failed",
        "decisions",
        "created_count",
        "duplicates",
        "agreed",
        "requested_by",
        "created",
        "finished",
    )
    inlines = [GameLogInline]
