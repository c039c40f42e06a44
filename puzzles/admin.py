from django.contrib import admin

from .models import (
    DailyPuzzle,
    GenerationBatch,
    GenerationChunk,
    PlayerRating,
    Puzzle,
    PuzzleAttempt,
    Theme,
)


@admin.register(Theme)
class ThemeAdmin(admin.ModelAdmin):
    list_display = ("slug", "name")
    search_fields = ("slug", "name")


@admin.register(Puzzle)
class PuzzleAdmin(admin.ModelAdmin):
    list_display = ("id", "kind", "hand", "difficulty", "rating", "attempts", "solved", "created")
    list_filter = ("kind", "difficulty", "themes")
    search_fields = ("hand", "canonical_key")
    readonly_fields = ("canonical_key", "seed", "batch", "chunk", "created")
    filter_horizontal = ("themes",)


class ChunkInline(admin.TabularInline):
    model = GenerationChunk
    extra = 0
    can_delete = False
    fields = ("index", "status", "target", "accepted", "created_count", "duplicates", "runs")
    readonly_fields = fields


@admin.register(GenerationBatch)
class GenerationBatchAdmin(admin.ModelAdmin):
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
class DailyPuzzleAdmin(admin.ModelAdmin):
    list_display = ("date", "puzzle")
    raw_id_fields = ("puzzle",)


@admin.register(PuzzleAttempt)
class PuzzleAttemptAdmin(admin.ModelAdmin):
    list_display = ("user", "puzzle", "correct", "first_attempt", "seconds", "created")
    list_filter = ("correct", "first_attempt")
    raw_id_fields = ("user", "puzzle")


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = ("user", "rating", "deviation", "daily_streak", "updated")
    raw_id_fields = ("user",)
