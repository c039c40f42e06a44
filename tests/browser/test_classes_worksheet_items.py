"""A worksheet's hands edited and removed in Chromium, in English and in Spanish: the teacher
edits an unanswered hand, removes another in place (htmx, after the browser's confirmation)
and sees the answered hand locked; without JavaScript a removal asks on its own page."""

from __future__ import annotations

import pytest
from django.utils import translation

from classes import services
from classes.models import Assignment, AssignmentKind, Attempt
from tests import factories
from tests.browser.test_classes import both_sizes, log_in, open_tab, t
from tests.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = [
    {"type": "best_discard", "hand": "23467m456p789s11z1s"},
    {"type": "waits", "hand": "23m456p789s11z111m"},
    {"type": "best_discard", "hand": "123m456p789s1177z1p"},
]


@pytest.fixture
def sheet(db):
    student = factories.user("kaede")
    room = factories.classroom("Dojo Sunday", factories.teacher("sensei"), student)
    sheet = Assignment.objects.create(
        classroom=room, kind=AssignmentKind.EXERCISE, title="Sunday sheet", worksheet=HANDS
    )
    services.record_attempt(sheet, student, "2", False, answer="1m", given={"tile": ["1m"]})
    return sheet


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_edits_and_removes_unanswered_hands(
    browser_instance, live_server, sheet, language
) -> None:
    teacher = open_tab(browser_instance, live_server, language)
    url = f"/classes/{sheet.classroom_id}/a/{sheet.pk}/"
    try:
        log_in(teacher, "sensei")
        teacher.goto(url)
        answered = teacher.locator('.worksheet-item[data-item="2"]')
        assert answered.locator(".item-locked").is_visible()
        assert answered.locator(".item-actions").count() == 0
        both_sizes(teacher, f"classes-worksheet-items-{language}")

        # Edit hand 1: the form holds the hand; the new one is checked by the engine.
        teacher.locator('.worksheet-item[data-item="1"]').get_by_role(
            "link", name=t(language, "Edit")
        ).click()
        assert teacher.locator("#id_hand").input_value() == HANDS[0]["hand"]
        both_sizes(teacher, f"classes-worksheet-item-edit-{language}")
        teacher.locator("#id_hand").fill("1112345678999m")  # not one best discard: refused
        teacher.get_by_role("button", name=t(language, "Save the hand")).click()
        teacher.locator(".alert-danger, .invalid-feedback").first.wait_for()
        teacher.locator("#id_hand").fill("123m456p789s1177z1p")  # discard 1p
        teacher.get_by_role("button", name=t(language, "Save the hand")).click()
        teacher.locator(".alert-success").wait_for()
        sheet.refresh_from_db()
        assert sheet.worksheet[0] == {"type": "best_discard", "hand": "123m456p789s1177z1p"}

        # Remove hand 3 in place, after the browser's confirmation.
        teacher.once("dialog", lambda dialog: dialog.accept())
        teacher.locator('.worksheet-item[data-item="3"]').get_by_role(
            "button", name=t(language, "Remove")
        ).click()
        teacher.locator("#worksheet-items .alert-success").wait_for()
        assert teacher.url.endswith(url)
        assert teacher.locator(".worksheet-item").count() == 2
        sheet.refresh_from_db()
        assert len(sheet.worksheet) == 2
        assert list(Attempt.objects.values_list("item", flat=True)) == ["2"]
        screenshot(teacher, f"classes-worksheet-item-removed-{language}-1280")

        # A position the exercise layer refuses is explained on its field, in their language.
        teacher.goto(f"{url}items/?type=dora")
        teacher.locator("#id_indicators").fill("123456m")
        teacher.get_by_role("button", name=t(language, "Add the hand")).click()
        error = teacher.locator("#error_1_id_indicators")
        error.wait_for()
        assert error.inner_text() == t(language, "Give from 1 to 5 dora indicators.")
        both_sizes(teacher, f"classes-worksheet-item-refused-{language}")
    finally:
        teacher.context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_without_javascript_a_removal_asks_on_its_own_page(
    browser_instance, live_server, sheet, language
):
    context = browser_instance.new_context(base_url=live_server.url, java_script_enabled=False)
    tab = context.new_page()
    try:
        if language == "es":  # the language switch is a plain form: no JavaScript needed
            tab.goto("/")
            tab.get_by_role("button", name="Español").click()
        log_in(tab, "sensei")
        tab.goto(f"/classes/{sheet.classroom_id}/a/{sheet.pk}/")
        first = tab.locator('.worksheet-item[data-item="1"]')
        first.get_by_role("button", name=t(language, "Remove")).click()
        with translation.override(language):
            heading = translation.gettext("Remove hand %(n)s?") % {"n": 1}
        tab.get_by_role("heading", name=heading).wait_for()
        both_sizes(tab, f"classes-worksheet-item-delete-{language}")
        tab.get_by_role("button", name=t(language, "Remove the hand")).click()
        tab.locator(".alert-success").wait_for()
        assert tab.locator(".worksheet-item").count() == 2
        sheet.refresh_from_db()
        assert sheet.worksheet == HANDS[1:]
        # The answer to the old hand 2 moved up with it.
        assert list(Attempt.objects.values_list("item", flat=True)) == ["1"]
    finally:
        context.close()
