from django.contrib import admin

from .models import Stage, Step, StepProgress


class StepInline(admin.TabularInline[Step, Stage]):
    model = Step
    fields = ("number", "key", "exercise")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin[Stage]):
    """Stages come from lessons/content/ (manage.py load_lessons): shown here, edited there."""

    list_display = ("number", "slug", "title_text")
    readonly_fields = ("slug", "number", "title", "summary")
    inlines = [StepInline]


@admin.register(StepProgress)
class StepProgressAdmin(admin.ModelAdmin[StepProgress]):
    list_display = ("user", "step", "done", "mistakes", "updated_at")
    list_filter = ("done", "step__stage")
    search_fields = ("user__username",)
