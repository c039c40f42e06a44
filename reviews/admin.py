from django.contrib import admin

from .models import GameReview


@admin.register(GameReview)
class GameReviewAdmin(admin.ModelAdmin[GameReview]):
    list_display = ("name", "owner", "seat", "status", "total", "big_mistakes", "created")
    list_filter = ("status",)
    search_fields = ("name", "log_id", "owner__username")
    raw_id_fields = ("owner", "assignment")
    readonly_fields = ("text", "error")
