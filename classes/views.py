"""Pages of the classes app. Who may see what:

* anonymous visitors are sent to the log-in page;
* a class's pages are visible to its teachers and students only; anyone else gets a 404 (the
  class's existence is not revealed);
* teachers' pages (dashboard, CSV, a student's work, assignment forms) give a student of the
  class a 403;
* a student sees only their own work.
"""

from __future__ import annotations

import time
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from reviews.models import GameReview
from tutor.exercises import AnswerError, ContentError
from tutor.web.client import client_address
from tutor.web.http import AuthenticatedHttpRequest, wants_partial

from . import mail, services, worksheets
from .forms import (
    AddTeacherForm,
    AssignmentBaseForm,
    ClassroomForm,
    InstructorRequestForm,
    ItemForm,
    JoinForm,
    NewsForm,
    PuzzleSetForm,
    ReviewAssignmentForm,
    StageAssignmentForm,
)
from .models import (
    Assignment,
    AssignmentKind,
    Attempt,
    Classroom,
    Instructor,
    InstructorRequest,
    LastTeacherError,
    NewsPost,
)

MAX_ASSIGNMENTS_PER_CLASS = 100
"""Past this, the dashboard (students × assignments) grows too wide to read or to serve fast."""

ASSIGNMENT_FORMS = {
    AssignmentKind.STAGE: StageAssignmentForm,
    AssignmentKind.PUZZLES: PuzzleSetForm,
    AssignmentKind.EXERCISE: AssignmentBaseForm,
    AssignmentKind.REVIEW: ReviewAssignmentForm,
}


def _member_class(request: AuthenticatedHttpRequest, class_id: int) -> tuple[Classroom, bool]:
    """The class and whether the user teaches it; 404 for anyone outside it."""
    classroom = get_object_or_404(Classroom, pk=class_id)
    if classroom.is_teacher(request.user):
        return classroom, True
    if classroom.is_student(request.user):
        return classroom, False
    raise Http404("No such class.")


def _teacher_class(request: AuthenticatedHttpRequest, class_id: int) -> Classroom:
    classroom, teacher = _member_class(request, class_id)
    if not teacher:
        raise PermissionDenied(_("Only the class's teachers can see this page."))
    return classroom


def _form_page(
    request: AuthenticatedHttpRequest, template: str, context: dict[str, Any]
) -> HttpResponse:
    """A form's page: shown for a GET; for a POST that ends here the form was refused (400)."""
    return render(request, template, context, status=400 if request.method == "POST" else 200)


def _done(request: AuthenticatedHttpRequest, text: str, to: str, *args: int) -> HttpResponse:
    """Say that it is done (a message on the next page) and go to page ``to`` (``args``)."""
    messages.success(request, text)
    return redirect(to, *args)


def _own_work(request: AuthenticatedHttpRequest, item: Assignment) -> services.Work:
    return services.works([item], [request.user])[(request.user.pk, item.pk)]


# --- the classes home, the instructor role -------------------------------------------------


@login_required
def index(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    context = {
        "teaching": Classroom.objects.filter(teachers=user),
        "joined": Classroom.objects.filter(memberships__student=user),
        "work": [w for w in services.my_work(user) if w.status != services.Status.DONE][:5],
        "is_instructor": Instructor.is_instructor(user),
        "pending_request": InstructorRequest.objects.filter(
            user=user, status=InstructorRequest.Status.PENDING
        ).first(),
        "join_form": JoinForm(),
    }
    return render(request, "classes/index.html", context)


@login_required
def request_instructor(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Ask for the instructor role, and see what became of earlier requests."""
    is_instructor = Instructor.is_instructor(request.user)
    history = list(InstructorRequest.objects.filter(user=request.user)[:10])
    pending = next((r for r in history if r.status == InstructorRequest.Status.PENDING), None)
    form = InstructorRequestForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and (is_instructor or pending is not None):
        messages.info(
            request,
            _("You are already an instructor.")
            if is_instructor
            else _("Your request is waiting for the staff's answer."),
        )
        return redirect("classes:request_instructor")
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.instance.user = request.user
            req = form.save()
            review = reverse("admin:classes_instructorrequest_change", args=[req.pk])
            url = request.build_absolute_uri(review)
            transaction.on_commit(lambda: mail.send_request_mail(req.pk, url))
        thanks = _("Thank you. The staff will look at your request soon.")
        return _done(request, thanks, "classes:request_instructor")
    context = {"form": form, "pending": pending, "history": history, "is_instructor": is_instructor}
    return _form_page(request, "classes/request_instructor.html", context)


@login_required
def class_new(request: AuthenticatedHttpRequest) -> HttpResponse:
    if not Instructor.is_instructor(request.user):
        raise PermissionDenied(_("Only instructors can create classes."))
    form = ClassroomForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.instance.created_by = request.user
            classroom = form.save()
            classroom.teachers.add(request.user)
        ready = _("Your class is ready. Share its join code with your students.")
        return _done(request, ready, "classes:detail", classroom.pk)
    return _form_page(request, "classes/class_form.html", {"form": form})


# --- joining and leaving ------------------------------------------------------------------


@login_required
def join(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = JoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            classroom = services.find_class_for_join(
                request.user, client_address(request), form.cleaned_data["code"]
            )
            return _joined(request, classroom)
        except services.JoinError as error:
            form.add_error("code", str(error))
            if isinstance(error, services.JoinThrottled):
                return render(request, "classes/join.html", {"form": form}, status=429)
    return _form_page(request, "classes/join.html", {"form": form})


@login_required
def join_link(request: AuthenticatedHttpRequest, code: str) -> HttpResponse:
    try:
        classroom = services.find_class_for_join(request.user, client_address(request), code)
    except services.JoinError as error:
        status = 429 if isinstance(error, services.JoinThrottled) else 404
        context = {"form": JoinForm(), "error": str(error)}
        return render(request, "classes/join.html", context, status=status)
    if request.method == "POST":
        return _joined(request, classroom)
    return render(request, "classes/join_link.html", {"classroom": classroom, "code": code})


def _joined(request: AuthenticatedHttpRequest, classroom: Classroom) -> HttpResponse:
    if classroom.is_student(request.user):
        messages.info(request, _("You are already in %(name)s.") % {"name": classroom.name})
        return redirect("classes:detail", class_id=classroom.pk)
    try:
        services.join_class(request.user, classroom)
    except services.JoinError as error:
        messages.error(request, str(error))
        return redirect("classes:index")
    welcome = _("Welcome to %(name)s!") % {"name": classroom.name}
    return _done(request, welcome, "classes:detail", classroom.pk)


@require_POST
@login_required
def leave(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom, teacher = _member_class(request, class_id)
    if teacher:
        raise PermissionDenied(_("Teachers do not leave a class this way."))
    services.leave_class(request.user, classroom)
    return _done(request, _("You left %(name)s.") % {"name": classroom.name}, "classes:index")


# --- a class's page -------------------------------------------------------------------------


@login_required
def detail(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom, teacher = _member_class(request, class_id)
    return _class_page(request, classroom, teacher)


def _class_page(
    request: AuthenticatedHttpRequest, classroom: Classroom, teacher: bool, **refused: Any
) -> HttpResponse:
    """The class's page; a form refused on it (``news_form``, ``teacher_form``) is shown again
    with its errors, with status 400."""
    news = list(classroom.news.select_related("author")[:20])
    context: dict[str, Any] = {"classroom": classroom, "teacher": teacher, "news": news}
    if teacher:
        context.update(
            assignments=Assignment.load_stages(list(classroom.assignments.all())),
            teachers=classroom.teachers.order_by("username"),
            student_count=classroom.memberships.count(),
            join_url=request.build_absolute_uri(
                reverse("classes:join_link", args=[classroom.join_code])
            ),
            news_form=NewsForm(),
            teacher_form=AddTeacherForm(classroom=classroom),
        )
        context.update(refused)
    else:
        context["work"] = services.my_work(request.user, classroom)
    return render(request, "classes/detail.html", context, status=400 if refused else 200)


@login_required
def edit(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    form = ClassroomForm(request.POST or None, instance=classroom)
    if request.method == "POST" and form.is_valid():
        form.save()
        return _done(request, _("The class was saved."), "classes:detail", classroom.pk)
    return _form_page(request, "classes/class_form.html", {"form": form, "classroom": classroom})


@require_POST
@login_required
def regenerate_code(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    classroom.regenerate_code()
    made = _("A new join code was made; the old code and link no longer work.")
    return _done(request, made, "classes:detail", classroom.pk)


@require_POST
@login_required
def add_teacher(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    form = AddTeacherForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _class_page(request, classroom, True, teacher_form=form)
    teacher = form.cleaned_data["username"]
    classroom.teachers.add(teacher)
    added = _("%(name)s now teaches this class.") % {"name": teacher.username}
    return _done(request, added, "classes:detail", classroom.pk)


@login_required
def teacher_leave(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    """A co-teacher stops teaching the class (asked to confirm first); the last one cannot."""
    classroom = _teacher_class(request, class_id)
    context = {"classroom": classroom, "last": classroom.teachers.count() <= 1}
    if request.method == "POST":
        try:
            classroom.remove_teacher(request.user)
        except LastTeacherError as error:
            context["error"] = str(error)
            return render(request, "classes/teacher_leave.html", context, status=400)
        left = _("You no longer teach %(name)s.") % {"name": classroom.name}
        return _done(request, left, "classes:index")
    return render(request, "classes/teacher_leave.html", context)


@require_POST
@login_required
def news_post(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    form = NewsForm(request.POST)
    if form.is_valid():
        NewsPost.objects.create(
            classroom=classroom, author=request.user, body=form.cleaned_data["body"]
        )
        return _done(request, _("Posted on the news wall."), "classes:detail", classroom.pk)
    # Show the class page again with the errors and the text as typed, so nothing is lost.
    return _class_page(request, classroom, True, news_form=form)


def _own_post(
    request: AuthenticatedHttpRequest, class_id: int, post_id: int
) -> tuple[Classroom, NewsPost]:
    """A news post of a class the user teaches, written by the user (403 for a co-teacher's)."""
    classroom = _teacher_class(request, class_id)
    post = get_object_or_404(NewsPost, pk=post_id, classroom=classroom)
    if post.author_id != request.user.pk:
        raise PermissionDenied(_("Only the post's author can change it."))
    return classroom, post


@login_required
def news_edit(request: AuthenticatedHttpRequest, class_id: int, post_id: int) -> HttpResponse:
    """The author changes their post; it is rendered again when saved."""
    classroom, post = _own_post(request, class_id, post_id)
    form = NewsForm(request.POST or None, instance=post)
    if request.method == "POST" and form.is_valid():
        post.edited = timezone.now()
        form.save()
        return _done(request, _("The post was saved."), "classes:detail", classroom.pk)
    context = {"classroom": classroom, "post": post, "form": form}
    return _form_page(request, "classes/news_edit.html", context)


@login_required
def news_delete(request: AuthenticatedHttpRequest, class_id: int, post_id: int) -> HttpResponse:
    """The author deletes their post, after a confirmation page."""
    classroom, post = _own_post(request, class_id, post_id)
    if request.method == "POST":
        post.delete()
        return _done(request, _("The post was deleted."), "classes:detail", classroom.pk)
    return render(request, "classes/news_delete.html", {"classroom": classroom, "post": post})


# --- assignments ------------------------------------------------------------------------------


@login_required
def assignment_new(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    if classroom.assignments.count() >= MAX_ASSIGNMENTS_PER_CLASS:
        full = _(
            "This class has %(n)d assignments, the most a class can have. Delete the ones "
            "that are over to add new ones."
        )
        messages.error(request, full % {"n": MAX_ASSIGNMENTS_PER_CLASS})
        return redirect("classes:detail", class_id=classroom.pk)
    sent = request.GET.get("kind") or request.POST.get("kind")
    kind = AssignmentKind(sent) if sent in ASSIGNMENT_FORMS else AssignmentKind.EXERCISE
    form = ASSIGNMENT_FORMS[kind](request.POST or None)
    item_form = _item_form(request) if kind == AssignmentKind.EXERCISE else None
    if request.method == "POST" and form.is_valid() and (not item_form or item_form.is_valid()):
        data = form.cleaned_data
        sheet = [item_form.cleaned_data["item"]] if item_form is not None else []
        assignment = Assignment(
            classroom=classroom, kind=kind, created_by=request.user, worksheet=sheet
        )
        _fill_details(assignment, data)
        if kind == AssignmentKind.STAGE:
            assignment.stage_slug = data["stage"]
        elif kind == AssignmentKind.PUZZLES:
            assignment.puzzle_ids = data["chosen_ids"]
            if data.get("mode") == PuzzleSetForm.MODE_THEME:
                assignment.theme = data.get("theme") or ""
        assignment.save()
        title = _("Assigned: %(title)s") % {"title": assignment.display_title}
        return _done(request, title, "classes:assignment", classroom.pk, assignment.pk)
    context = {"classroom": classroom, "form": form, "item_form": item_form, "kind": kind}
    context.update(kinds=AssignmentKind.choices, types=worksheets.TYPES)
    return _form_page(request, "classes/assignment_form.html", context)


def _item_form(
    request: AuthenticatedHttpRequest, initial: dict[str, Any] | None = None
) -> ItemForm:
    """The form of a worksheet item of the type asked for (``type``, else the type of
    ``initial``, the item being edited, else discards)."""
    fallback = (initial or {}).get("type", "best_discard")
    item_type = request.GET.get("type") or request.POST.get("type") or fallback
    known = item_type if item_type in worksheets.TYPES else "best_discard"
    same = initial if initial and initial.get("type") == known else None
    return ItemForm(request.POST or None, item_type=known, initial=same)


def _unknown_type(request: AuthenticatedHttpRequest) -> str:
    """The message for a form sent with an exercise type no page offers ('' when known)."""
    sent = request.POST.get("type", "")
    if request.method == "POST" and sent and sent not in worksheets.TYPES:
        return _(
            "This form asks for an exercise type that does not exist. Choose one from the list."
        )
    return ""


def _fill_details(assignment: Assignment, data: dict[str, Any]) -> None:
    assignment.title = data.get("title") or ""
    assignment.instructions = data.get("instructions") or ""
    assignment.due = data.get("due")


@login_required
def assignment_edit(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int
) -> HttpResponse:
    """Change an assignment's title, instructions and due date (a worksheet's hands are added
    and removed on its own page). Work already recorded is kept."""
    classroom = _teacher_class(request, class_id)
    item = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    initial = {"title": item.title, "instructions": item.instructions, "due": item.due}
    form = AssignmentBaseForm(request.POST if request.method == "POST" else None, initial=initial)
    if request.method == "POST" and form.is_valid():
        _fill_details(item, form.cleaned_data)
        item.save()
        saved = _("The assignment was saved.")
        return _done(request, saved, "classes:assignment", class_id, item.pk)
    context = {"classroom": classroom, "form": form, "kind": item.kind, "editing": item}
    return _form_page(request, "classes/assignment_form.html", {**context, **_kind_context(item)})


def _worksheet(request: AuthenticatedHttpRequest, class_id: int, assignment_id: int) -> Assignment:
    """A worksheet of a class the user teaches (404 for another kind or someone else's)."""
    classroom = _teacher_class(request, class_id)
    return get_object_or_404(
        Assignment, pk=assignment_id, classroom=classroom, kind=AssignmentKind.EXERCISE
    )


@login_required
def item_new(request: AuthenticatedHttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    """Add a hand to a worksheet: the fields of its type, checked by building the exercise."""
    sheet = _worksheet(request, class_id, assignment_id)
    item_form = _item_form(request)
    context = {"classroom": sheet.classroom, "editing": sheet, "adding": True, "kind": sheet.kind}
    context.update(item_form=item_form, types=worksheets.TYPES, error=_unknown_type(request))
    if len(sheet.worksheet) >= worksheets.MAX_ITEMS:
        context["full"] = worksheets.MAX_ITEMS
        return render(request, "classes/assignment_form.html", context, status=400)
    if request.method == "POST" and not context["error"] and item_form.is_valid():
        with transaction.atomic():
            locked = Assignment.objects.select_for_update().get(pk=sheet.pk)
            locked.worksheet = [*locked.worksheet, item_form.cleaned_data["item"]]
            locked.save(update_fields=["worksheet"])
            services.refresh_scores(locked)
        added = _("The hand was added to the worksheet.")
        return _done(request, added, "classes:assignment", class_id, sheet.pk)
    return _form_page(request, "classes/assignment_form.html", context)


def _worksheet_item(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int, number: int
) -> tuple[Assignment, str, bool]:
    """A worksheet of a class the user teaches, the key of its hand ``number`` (404 for none)
    and whether a student has answered that hand (then it is locked)."""
    sheet = _worksheet(request, class_id, assignment_id)
    key = str(number)
    if key not in sheet.items:
        raise Http404("No such hand in this worksheet.")
    return sheet, key, sheet.attempts.filter(item=key).exists()


@login_required
def item_edit(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int, number: int
) -> HttpResponse:
    """Change a worksheet hand (its type too) until a student has answered it."""
    sheet, key, answered = _worksheet_item(request, class_id, assignment_id, number)
    item_form = _item_form(request, initial=sheet.worksheet[number - 1])
    context = {"classroom": sheet.classroom, "editing": sheet, "kind": sheet.kind}
    context.update(item_form=item_form, types=worksheets.TYPES, item_number=key)
    context["error"] = _unknown_type(request)
    if request.method == "POST" and not (answered or context["error"]) and item_form.is_valid():
        try:
            services.change_item(sheet, number, item_form.cleaned_data["item"])
            saved = _("Hand %(n)s was saved.") % {"n": key}
            return _done(request, saved, "classes:assignment", class_id, sheet.pk)
        except services.ItemLocked:  # answered since the form was shown
            answered = True
    if answered:
        context.update(locked=True, items=_hand(sheet, key))
    return _form_page(request, "classes/assignment_form.html", context)


@login_required
def item_delete(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int, number: int
) -> HttpResponse:
    """Remove a worksheet hand that no student has answered, after a confirmation page (with
    htmx, the worksheet's hands are swapped in place); the later hands move up."""
    sheet, key, answered = _worksheet_item(request, class_id, assignment_id, number)
    context: dict[str, Any] = {"classroom": sheet.classroom, "assignment": sheet, "teacher": True}
    context.update(number=key, answered=answered)
    if request.method == "POST":
        done = ""
        try:
            services.change_item(sheet, number, None)
            done = _("Hand %(n)s was removed; the hands after it moved up.") % {"n": key}
        except services.ItemLocked as locked:
            context["error"] = str(locked)
        if wants_partial(request):
            context.update(_sheet_items(sheet), done=done, oob=True)
            status = 200 if done else 400
            return render(request, "classes/assignment.html#items", context, status=status)
        if done:
            return _done(request, done, "classes:assignment", class_id, sheet.pk)
    elif len(sheet.worksheet) == 1:
        context["error"] = services.last_hand_text()
    context["items"] = _hand(sheet, key)
    return _form_page(request, "classes/item_delete.html", context)


def _hand(sheet: Assignment, key: str) -> list[worksheets.Item]:
    """Hand ``key`` with its right answer marked, to show beside a form ([] if it is broken)."""
    try:
        ex = sheet.exercise(key)
        return [worksheets.keyed(key, ex, worksheets.question(ex))]
    except ContentError:
        return []


def _sheet_items(sheet: Assignment) -> dict[str, Any]:
    """The teacher's view of a worksheet's hands: each with its right answer, and which hands
    a student has answered (those are locked)."""
    answered = set(sheet.attempts.values_list("item", flat=True).distinct())
    return {"items": worksheets.items(sheet), "answered": answered}


@login_required
def worksheet_print(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int
) -> HttpResponse:
    """The worksheet on paper: the positions, then the answer key with its explanations."""
    sheet = _worksheet(request, class_id, assignment_id)
    context = {"classroom": sheet.classroom, "assignment": sheet, "items": worksheets.items(sheet)}
    return render(request, "classes/worksheet_print.html", context)


@login_required
def worksheet_review(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int, student_id: int
) -> HttpResponse:
    """One student's answers to a worksheet, a puzzle set or a lesson stage (the first answer
    to each of its exercise steps), each drawn on its hand with the right one marked."""
    classroom = _teacher_class(request, class_id)
    kinds = (AssignmentKind.EXERCISE, AssignmentKind.PUZZLES, AssignmentKind.STAGE)
    sheet = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom, kind__in=kinds)
    pupil = get_object_or_404(User, pk=student_id, class_memberships__classroom=classroom)
    context: dict[str, Any] = {"classroom": classroom, "assignment": sheet, "pupil": pupil}
    if sheet.kind == AssignmentKind.PUZZLES:
        context.update(items=worksheets.puzzle_answers(sheet, pupil), puzzles=True)
    elif sheet.kind == AssignmentKind.STAGE:
        context.update(items=worksheets.stage_answers(sheet.stage_slug, pupil), steps=True)
    else:
        attempts = list(sheet.attempts.filter(student=pupil).order_by("created", "pk"))
        context["items"] = worksheets.items(sheet, attempts)
    return render(request, "classes/worksheet_review.html", context)


@login_required
def assignment_delete(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int
) -> HttpResponse:
    """Delete an assignment and every student's work on it, after a confirmation page that
    says how many students' records go with it."""
    classroom = _teacher_class(request, class_id)
    assignment = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    if request.method == "POST":
        assignment.delete()
        return _done(request, _("The assignment was deleted."), "classes:detail", classroom.pk)
    students = set(assignment.attempts.values_list("student_id", flat=True))
    students |= set(assignment.progress.values_list("student_id", flat=True))
    context = {"classroom": classroom, "assignment": assignment, "students": len(students)}
    context["attempts"] = assignment.attempts.count()
    return render(request, "classes/assignment_delete.html", context)


@login_required
def assignment(
    request: AuthenticatedHttpRequest, class_id: int, assignment_id: int
) -> HttpResponse:
    classroom, teacher = _member_class(request, class_id)
    item = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    context: dict[str, Any] = {"classroom": classroom, "assignment": item, "teacher": teacher}
    context.update(_kind_context(item))
    if item.kind == AssignmentKind.REVIEW:
        handed_in = GameReview.objects.filter(assignment=item).select_related("owner")
        context["reviews"] = handed_in if teacher else handed_in.filter(owner=request.user)
    if teacher:
        grid = services.class_grid(classroom, assignments=[item])
        context["results"] = [(s, works[0]) for s, works in grid.rows()]
        if item.kind == AssignmentKind.EXERCISE:
            context.update(_sheet_items(item))
    else:
        context["work"] = _own_work(request, item)
        if item.kind == AssignmentKind.EXERCISE:
            key = request.GET.get("item", "1")
            context.update(_item_context(request, item, key if key in item.items else "1"))
    return render(request, "classes/assignment.html", context)


def _kind_context(item: Assignment) -> dict[str, Any]:
    if item.kind == AssignmentKind.PUZZLES:
        return {"puzzles": item.puzzles()}
    if item.kind == AssignmentKind.STAGE:
        stage = item.stage()  # its title in the reader's language (the slug if it is gone)
        title = stage.title_text if stage is not None else ""
        return {"stage_title": str(title or item.stage_slug)}
    return {}


def _item_context(
    request: AuthenticatedHttpRequest, sheet: Assignment, key: str, answer: Any = None
) -> dict[str, Any]:
    """A student's view of one worksheet item: its widget (with ``answer`` ticked), the
    items answered right so far, and the signed time it was shown."""
    done = sheet.attempts.filter(student=request.user, correct=True)
    right = set(done.values_list("item", flat=True))
    context: dict[str, Any] = {
        "item_key": key,
        "item_keys": [(k, k in right) for k in sheet.items],
        "shown": signing.dumps(time.time(), salt="classes.shown"),
        "position": worksheets.fingerprint(sheet.worksheet[int(key) - 1]),
        "answer_url": reverse("classes:answer", args=[sheet.classroom_id, sheet.pk]),
    }
    try:
        ex = sheet.exercise(key)
        context.update(widget=ex.widget(answer), question=worksheets.question(ex))
    except ContentError:
        context["error"] = _("This hand cannot be shown right now. Please skip it.")
    return context


@vary_on_headers("HX-Request")
@require_POST
@login_required
def answer(request: AuthenticatedHttpRequest, class_id: int, assignment_id: int) -> HttpResponse:
    classroom, teacher = _member_class(request, class_id)
    sheet = get_object_or_404(Assignment, pk=assignment_id, classroom=classroom)
    if teacher:
        raise PermissionDenied(_("Teachers see the answers on the assignment page."))
    if sheet.kind != AssignmentKind.EXERCISE:
        return HttpResponse(
            _("This assignment is done on the lessons or puzzles pages."), status=400
        )
    key = request.POST.get("item", "")
    if key not in sheet.items:
        raise Http404("No such hand in this worksheet.")
    seconds = _seconds_since(request.POST.get("shown"))
    context: dict[str, Any] = {"classroom": classroom, "assignment": sheet, "teacher": False}
    status = 200
    sent = request.POST.get("position", "")
    try:
        if sent and sent != worksheets.fingerprint(sheet.worksheet[int(key) - 1]):
            # The teacher edited or removed hands since this one was shown: the answer was
            # about another position, so it is not recorded (the page shows the hand now).
            raise AnswerError(
                _(
                    "Your teacher changed this worksheet since you opened it. Here is the "
                    "hand as it is now."
                )
            )
        given, verdict = services.answer_item(sheet, request.user, key, request.POST, seconds)
        context.update(_item_context(request, sheet, key, given), verdict=verdict)
    except (AnswerError, ContentError) as error:
        context.update(_item_context(request, sheet, key), error=str(error))
        status = 400
    context["work"] = _own_work(request, sheet)
    # With htmx, the item alone, and the status badge in the page's header out of band.
    oob = wants_partial(request)
    template = "classes/assignment.html#item" if oob else "classes/assignment.html"
    return render(request, template, {**context, "oob": oob}, status=status)


def _seconds_since(token: str | None) -> float | None:
    if not token:
        return None
    try:
        shown = float(signing.loads(token, salt="classes.shown", max_age=24 * 3600))
    except (signing.BadSignature, TypeError, ValueError):
        return None
    return max(0.0, min(time.time() - shown, 3600.0))


# --- the instructor's dashboard -----------------------------------------------------------


@login_required
def dashboard(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    grid = services.class_grid(classroom)
    context = {
        "classroom": classroom,
        "grid": grid,
        "rows": grid.rows(),
        "themes": services.theme_accuracy(classroom),
    }
    return render(request, "classes/dashboard.html", context)


@login_required
def dashboard_csv(request: AuthenticatedHttpRequest, class_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    response = HttpResponse(services.grid_csv(classroom), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="class-{classroom.pk}-progress.csv"'
    return response


@login_required
def student(request: AuthenticatedHttpRequest, class_id: int, student_id: int) -> HttpResponse:
    classroom = _teacher_class(request, class_id)
    pupil = get_object_or_404(User, pk=student_id, class_memberships__classroom=classroom)
    grid = services.class_grid(classroom, students=[pupil])
    answers = Attempt.objects.filter(assignment__classroom=classroom, student=pupil)
    attempts = list(answers.select_related("assignment").order_by("-created")[:50])
    Assignment.load_stages([a.assignment for a in attempts])
    context = {
        "classroom": classroom,
        "pupil": pupil,
        "works": grid.rows()[0][1],
        "themes": services.theme_accuracy(classroom, student=pupil),
        "attempts": attempts,
    }
    return render(request, "classes/student.html", context)


@login_required
def student_remove(
    request: AuthenticatedHttpRequest, class_id: int, student_id: int
) -> HttpResponse:
    """Take a student out of the class (asked to confirm first). Their recorded work is kept
    but no longer shown, exactly as when a student leaves; they may join again with the code."""
    classroom = _teacher_class(request, class_id)
    pupil = get_object_or_404(User, pk=student_id, class_memberships__classroom=classroom)
    if request.method == "POST":
        services.leave_class(pupil, classroom)
        gone = _("%(name)s is no longer in %(class)s.")
        gone %= {"name": pupil.get_username(), "class": classroom.name}
        return _done(request, gone, "classes:dashboard", classroom.pk)
    return render(request, "classes/student_remove.html", {"classroom": classroom, "pupil": pupil})


@login_required
def my_assignments(request: AuthenticatedHttpRequest) -> HttpResponse:
    return render(request, "classes/my_assignments.html", {"work": services.my_work(request.user)})
