"""Classes in Chromium, in English and in Spanish: a teacher edits a worksheet a student already
answered (its title and due date change) and the student's recorded work stays; then the
teacher removes the student, after confirming, and the grid no longer shows them."""

from __future__ import annotations

import pytest

from classes import services
from classes.models import Assignment, AssignmentKind, Classroom, Instructor, Membership
from tests.browser.test_classes import PASSWORD, both_sizes, log_in, open_tab, t

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIRST_HAND = "23467m456p789s11z1s"  # discard 1s


@pytest.fixture
def classroom(make_user, db):
    teacher = make_user("sensei", PASSWORD)
    Instructor.objects.create(user=teacher)
    student = make_user("kaede", PASSWORD)
    room = Classroom.objects.create(name="Dojo Sunday", created_by=teacher)
    room.teachers.add(teacher)
    Membership.objects.create(classroom=room, student=student)
    exercise = Assignment.objects.create(
        classroom=room,
        kind=AssignmentKind.EXERCISE,
        title="Homework 1",
        worksheet=[{"type": "best_discard", "hand": FIRST_HAND}],
    )
    services.record_attempt(exercise, student, "1", True, answer="1s", seconds=42)
    return room, exercise


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_edits_an_exercise_and_removes_a_student(
    browser_instance, live_server, classroom, language
) -> None:
    room, exercise = classroom
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    try:
        _edit_then_remove(teacher, student, room, exercise, language)
    finally:
        teacher.context.close()
        student.context.close()


def _edit_then_remove(teacher, student, room, exercise, language: str) -> None:
    class_url = f"/classes/{room.pk}/"
    log_in(teacher, "sensei")
    teacher.goto(f"/classes/{room.pk}/a/{exercise.pk}/")
    teacher.get_by_role("link", name=t(language, "Edit"), exact=True).click()
    teacher.get_by_role("heading", name=t(language, "Edit the assignment")).wait_for()
    # The form holds the saved details; the worksheet's hands are not on it.
    assert teacher.locator("#id_title").input_value() == "Homework 1"
    assert teacher.locator("#id_hand").count() == 0
    teacher.locator("#id_title").fill("Homework 1 (due in June)")
    teacher.locator("#id_due").fill("2030-06-01T18:00")
    both_sizes(teacher, f"classes-edit-exercise-{language}")
    teacher.get_by_role("button", name=t(language, "Save changes")).click()
    teacher.locator(".alert-success").wait_for()
    teacher.get_by_role("heading", name="Homework 1 (due in June)").wait_for()

    # The student's earlier work is still there, on the assignment and in the grid.
    results = teacher.locator("#results-h + .table-responsive")
    assert "kaede" in results.inner_text()
    assert results.locator(".status-done").count() == 1
    teacher.goto(f"/classes/{room.pk}/dashboard/")
    assert teacher.locator(".dashboard-grid td.grid-cell").get_attribute("data-status") == "done"

    # The student sees the new title and their work still done.
    log_in(student, "kaede")
    student.goto(class_url)
    student.get_by_role("link", name="Homework 1 (due in June)").wait_for()
    assert student.locator(".work-table .status-done").count() == 1

    # The teacher removes the student, after a confirmation page.
    teacher.get_by_role("link", name="kaede").click()
    teacher.get_by_role("link", name=t(language, "Remove from the class")).click()
    question = t(language, "Remove %(name)s from %(classname)s?") % {
        "name": "kaede",
        "classname": "Dojo Sunday",
    }
    teacher.get_by_role("heading", name=question).wait_for()
    both_sizes(teacher, f"classes-remove-student-{language}")
    teacher.get_by_role("button", name=t(language, "Remove from the class")).click()
    teacher.wait_for_url(f"**/classes/{room.pk}/dashboard/")
    teacher.locator(".alert-success").wait_for()
    assert teacher.locator(".dashboard-grid").count() == 0  # nobody left in the grid
    assert "kaede" in teacher.locator(".alert-success").inner_text()
    both_sizes(teacher, f"classes-after-removal-{language}")

    # The removed student no longer reaches the class.
    response = student.goto(class_url)
    assert response is not None and response.status == 404


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_adds_a_co_teacher_who_later_leaves(
    browser_instance, live_server, classroom, make_user, language
) -> None:
    room, _exercise = classroom
    Instructor.objects.create(user=make_user("hana", PASSWORD))
    teacher = open_tab(browser_instance, live_server, language)
    colleague = open_tab(browser_instance, live_server, language)
    try:
        log_in(teacher, "sensei")
        teacher.goto(f"/classes/{room.pk}/")
        # A student cannot teach: the form says so and keeps the class page.
        teacher.locator("#add-teacher input[name=username]").fill("kaede")
        teacher.get_by_role("button", name=t(language, "Add teacher")).click()
        teacher.locator("#add-teacher .invalid-feedback").wait_for()
        assert teacher.locator("#add-teacher input[name=username]").input_value() == "kaede"
        teacher.locator("#add-teacher input[name=username]").fill("hana")
        teacher.get_by_role("button", name=t(language, "Add teacher")).click()
        teacher.locator(".alert-success").wait_for()
        assert "hana" in teacher.locator(".teacher-list").inner_text()

        log_in(colleague, "hana")
        colleague.goto(f"/classes/{room.pk}/")
        colleague.get_by_role("link", name=t(language, "Stop teaching this class")).click()
        both_sizes(colleague, f"classes-teacher-leave-{language}")
        colleague.get_by_role("button", name=t(language, "Stop teaching this class")).click()
        colleague.wait_for_url("**/classes/")
        colleague.locator(".alert-success").wait_for()

        # The last teacher is not offered the way out.
        teacher.reload()
        assert "hana" not in teacher.locator(".teacher-list").inner_text()
        assert (
            teacher.get_by_role("link", name=t(language, "Stop teaching this class")).count() == 0
        )
    finally:
        teacher.context.close()
        colleague.context.close()
