"""Classes in Chromium, in English and in Spanish: an instructor creates a class; a student joins
with the code; the instructor assigns the wall stage and a worksheet with a what-to-discard hand (checked by
the engine); the student completes both; the dashboard and the CSV show it."""

from __future__ import annotations

import csv
import io

import pytest
from django.utils import translation

from classes.models import Instructor
from lessons.models import Step
from tests.browser.test_lessons import answer_by_clicking, page_form
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-9"
DISCARD_HAND = "23467m456p789s11z1s"  # discarding 1s makes tenpai; anything else does not


def t(language: str, text: str) -> str:
    """A label of the classes pages in the test's language (from our own catalogue)."""
    with translation.override(language):
        return translation.gettext(text)


@pytest.fixture
def people(make_user, curriculum):
    teacher = make_user("sensei", PASSWORD)
    Instructor.objects.create(user=teacher)
    make_user("kaede", PASSWORD)


def open_tab(browser_instance, live_server, language: str):
    context = browser_instance.new_context(
        base_url=live_server.url, viewport={"width": 1280, "height": 900}, locale="en-US"
    )
    context.set_default_timeout(15_000)
    tab = context.new_page()
    if language == "es":
        tab.goto("/")
        tab.get_by_role("button", name="Español").click()
        tab.wait_for_load_state()
    return tab


def log_in(page, username: str) -> None:
    page.goto("/accounts/login/?next=/classes/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/classes/")


def both_sizes(page, name: str) -> None:
    screenshot(page, f"{name}-1280")
    page.set_viewport_size({"width": 375, "height": 800})
    screenshot(page, f"{name}-375")
    page.set_viewport_size({"width": 1280, "height": 900})


def click_lesson_button(page, *names: str) -> None:
    lesson = page.locator("#lesson")
    for name in names:
        target = lesson.get_by_role("button", name=name).or_(lesson.get_by_role("link", name=name))
        if target.count():
            target.first.click()
            return
    raise AssertionError(f"none of {names} on the page")


def complete_the_wall_stage(page) -> None:
    """Answer every step of the wall stage by clicking, as a learner would."""
    for step in Step.objects.filter(stage__slug="the-wall").order_by("number"):
        page.wait_for_selector(f'#lesson input[name="step"][value="{step.key}"]', state="attached")
        if not step.has_exercise:
            click_lesson_button(
                page, "Continue →", "Continuar →", "Finish the stage →", "Terminar la etapa →"
            )
            continue
        answer_by_clicking(page, page_form(page, step))  # the position the page drew
        click_lesson_button(page, "Check", "Comprobar")
        page.locator("#feedback.feedback-correct").wait_for()
        click_lesson_button(
            page, "Next step →", "Siguiente paso →", "Finish the stage →", "Terminar la etapa →"
        )
    page.wait_for_url("**/learn/the-wall/complete/")


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_instructor_assigns_work_and_sees_the_student_complete_it(
    browser_instance, live_server, people, language
) -> None:
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    try:
        _the_whole_path(teacher, student, language)
    finally:
        teacher.context.close()
        student.context.close()


def _the_whole_path(teacher, student, language: str) -> None:
    # The instructor creates a class.
    log_in(teacher, "sensei")
    teacher.get_by_role("link", name=t(language, "Create a class")).click()
    teacher.locator("#id_name").fill("Dojo Sunday")
    teacher.locator("#id_description").fill("Beginners, Sunday mornings.")
    teacher.get_by_role("button", name=t(language, "Save the class")).click()
    code = teacher.locator(".join-code").inner_text().strip()
    assert len(code) >= 16
    class_url = teacher.url

    # A student joins with the code.
    log_in(student, "kaede")
    student.locator("#id_code").fill(code)
    student.get_by_role("button", name=t(language, "Join the class")).click()
    student.wait_for_url(class_url)
    student.get_by_role("heading", name="Dojo Sunday").wait_for()

    # The instructor assigns the wall stage ...
    teacher.reload()
    teacher.get_by_role("link", name=t(language, "New assignment")).click()
    teacher.get_by_role("link", name=t(language, "Lesson stage")).click()
    teacher.locator("#id_stage").select_option("the-wall")
    teacher.get_by_role("button", name=t(language, "Assign")).click()
    teacher.locator(".alert-success").wait_for()
    # ... and a worksheet with a what-to-discard hand: the engine checks the position.
    teacher.goto(class_url)
    teacher.get_by_role("link", name=t(language, "New assignment")).click()
    teacher.get_by_role("link", name=t(language, "Worksheet")).click()
    assert teacher.locator("#id_type").input_value() == "best_discard"
    teacher.locator("#id_hand").fill("123m456p789s11345z")
    teacher.get_by_role("button", name=t(language, "Assign"), exact=True).click()
    # No single best answer: the form says why and keeps what was typed.
    teacher.locator(".item-error").wait_for()
    assert teacher.locator("#id_hand").input_value() == "123m456p789s11345z"
    teacher.locator("#id_hand").fill(DISCARD_HAND)
    teacher.locator("#id_instructions").fill("Look for tenpai.")
    both_sizes(teacher, f"classes-exercise-preview-{language}")
    teacher.get_by_role("button", name=t(language, "Assign"), exact=True).click()
    teacher.locator(".alert-success").wait_for()

    # A word on the class's news wall, in Markdown (rendered sanitised).
    teacher.goto(class_url)
    teacher.locator("#id_body").fill("**Homework**: the wall, by *Sunday*. <script>x()</script>")
    teacher.get_by_role("button", name=t(language, "Post"), exact=True).click()
    teacher.locator(".news-body strong").wait_for()
    both_sizes(teacher, f"classes-teacher-class-{language}")

    # The student sees both in "My assignments", not started, and the news.
    student.goto(class_url)
    assert student.locator(".news-body strong").inner_text() == "Homework"
    assert student.locator(".news-body script").count() == 0
    rows = student.locator(".work-table tbody tr")
    assert rows.count() == 2
    assert student.locator(".status-not_started").count() == 2
    both_sizes(student, f"classes-student-class-{language}")

    # The student does the wall stage on the lessons pages ...
    student.get_by_role("link", name="4.").first.click()
    student.get_by_role("link", name=t(language, "Go to the lesson")).click()
    complete_the_wall_stage(student)
    # ... and answers the exercise on the class page: a wrong tile first, then the right one.
    student.goto(class_url)
    with translation.override(language):
        sheet = translation.ngettext("Worksheet of %(n)d hand", "Worksheet of %(n)d hands", 1)
    student.get_by_role("link", name=sheet % {"n": 1}).click()
    # Nothing picked: the button waits for a choice (the server refuses an empty answer too).
    assert student.get_by_role("button", name=t(language, "Check"), exact=True).is_disabled()
    student.locator('label.tile-option:has(input[value="7m"])').click()
    student.get_by_role("button", name=t(language, "Check"), exact=True).click()
    student.locator("#feedback.feedback-wrong").wait_for()
    student.locator('label.tile-option:has(input[value="1s"])').click()
    student.get_by_role("button", name=t(language, "Check"), exact=True).click()
    student.locator("#feedback.feedback-correct").wait_for()
    student.locator("#work-status .status-done").wait_for()
    both_sizes(student, f"classes-student-answer-{language}")
    student.goto(class_url)
    assert student.locator(".status-done").count() == 2
    student.goto("/classes/")
    student.locator(".all-done").wait_for()
    both_sizes(student, f"classes-student-index-{language}")

    # The dashboard shows both done, and so does the CSV.
    teacher.goto(class_url)
    teacher.get_by_role("link", name=t(language, "Dashboard")).first.click()
    # count() does not wait: under load it ran before the dashboard had loaded (0 cells)
    teacher.locator(".dashboard-grid").wait_for()
    cells = teacher.locator(".dashboard-grid td.grid-cell")
    assert cells.count() == 2
    assert [c.get_attribute("data-status") for c in cells.all()] == ["done", "done"]
    assert "★★★" in teacher.locator(".dashboard-grid").inner_text()
    assert "50%" in teacher.locator(".theme-table").inner_text()  # the exercise: 1 of 2 right
    both_sizes(teacher, f"classes-dashboard-{language}")
    csv_url = teacher.get_by_role("link", name=t(language, "Download CSV")).get_attribute("href")
    response = teacher.request.get(csv_url)
    assert response.ok
    rows = list(csv.DictReader(io.StringIO(response.text())))
    assert {(r["student"], r["status"], r["attempts"]) for r in rows} >= {("kaede", "done", "2")}
    assert [r["done"] for r in rows] == ["yes", "yes"]
