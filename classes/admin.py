from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from .models import Assignment, Classroom, Instructor, InstructorRequest, Membership, NewsPost
from .services import decide_request


def _staff(request: HttpRequest) -> User:
    """The staff account deciding in the admin (which lets no one else in)."""
    assert isinstance(request.user, User)
    return request.user


def _decide_all(request: HttpRequest, queryset: QuerySet[InstructorRequest], approve: bool) -> int:
    """Decide every request of ``queryset``; how many were still pending."""
    by = _staff(request)
    return sum(decide_request(pk, approve, by) for pk in queryset.values_list("pk", flat=True))


@admin.register(Instructor)
class InstructorAdmin(admin.ModelAdmin[Instructor]):
    list_display = ("user", "granted_at", "granted_by")
    search_fields = ("user__username",)
    autocomplete_fields = ("user",)
    readonly_fields = ("granted_by",)

    def save_model(self, request: HttpRequest, obj: Instructor, form: Any, change: bool) -> None:
        if not change:
            obj.granted_by = _staff(request)
        super().save_model(request, obj, form, change)


@admin.register(InstructorRequest)
class InstructorRequestAdmin(admin.ModelAdmin[InstructorRequest]):
    """Staff decide a request from the list (actions) or on its own page (the status), and
    both go through :func:`classes.services.decide_request`: the role is granted and the
    requester told, whichever page it is done from."""

    list_display = ("user", "status", "created", "decided_by")
    ordering = ("-status", "-created")  # pending first, then the newest
    list_filter = ("status",)
    search_fields = ("user__username", "message")
    readonly_fields = ("user", "message", "created", "decided_at", "decided_by")
    actions = ("approve", "decline")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = tuple(super().get_readonly_fields(request, obj))
        if obj is not None and obj.status != InstructorRequest.Status.PENDING:
            fields += ("status",)  # decided once: the change page cannot undo it
        return fields

    def save_model(
        self, request: HttpRequest, obj: InstructorRequest, form: Any, change: bool
    ) -> None:
        status = obj.status
        if not (change and "status" in form.changed_data):
            super().save_model(request, obj, form, change)
            return
        obj.status = form.initial.get("status", InstructorRequest.Status.PENDING)
        super().save_model(request, obj, form, change)
        if status != InstructorRequest.Status.PENDING:
            decide_request(obj.pk, status == InstructorRequest.Status.APPROVED, _staff(request))
        obj.refresh_from_db()

    @admin.action(description=_("Approve: make them instructors"))
    def approve(self, request: HttpRequest, queryset: QuerySet[InstructorRequest]) -> None:
        done = _decide_all(request, queryset, True)
        text = ngettext("%d request approved.", "%d requests approved.", done)
        self.message_user(request, text % done, messages.SUCCESS)

    @admin.action(description=_("Decline"))
    def decline(self, request: HttpRequest, queryset: QuerySet[InstructorRequest]) -> None:
        done = _decide_all(request, queryset, False)
        text = ngettext("%d request declined.", "%d requests declined.", done)
        self.message_user(request, text % done, messages.SUCCESS)


class MembershipInline(admin.TabularInline[Membership, Classroom]):
    model = Membership
    extra = 0
    autocomplete_fields = ("student",)


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin[Classroom]):
    list_display = ("name", "created", "created_by")
    search_fields = ("name",)
    filter_horizontal = ("teachers",)
    inlines = (MembershipInline,)


@admin.register(Assignment)
class AssignmentAdmin(admin.ModelAdmin[Assignment]):
    list_display = ("title", "classroom", "kind", "due")
    list_filter = ("kind",)


admin.site.register(NewsPost)


def pending_badge(name: str, pending: int) -> str:
    """The model's name in the admin's list, with the number of requests waiting."""
    label = ngettext("%d request waiting", "%d requests waiting", pending) % pending
    return format_html(
        '{} <span class="badge pending-requests" title="{}" aria-label="{}" '
        'style="background: var(--delete-button-bg, #ba2121); color: #fff; '
        'border-radius: 1em; padding: 0 .5em; font-weight: bold">{}</span>',
        name,
        label,
        label,
        pending,
    )


_app_list = admin.site.get_app_list


def _app_list_with_pending_requests(request: HttpRequest, app_label: str | None = None) -> Any:
    # The admin builds its list (index page and sidebar) here; the site is shared, so wrap it
    # rather than replace the whole site for one badge.
    apps = _app_list(request, app_label)
    for app in apps:
        for model in app["models"]:
            if model["model"] is InstructorRequest:
                waiting = InstructorRequest.objects.filter(status=InstructorRequest.Status.PENDING)
                if pending := waiting.count():
                    model["name"] = pending_badge(model["name"], pending)
    return apps


# Django has no hook for the admin index's list of apps: the pending count is patched in.
admin.site.get_app_list = _app_list_with_pending_requests  # type: ignore[method-assign]
