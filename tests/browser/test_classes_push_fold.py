"""A teacher's own push-or-fold position in Chromium, in English and in Spanish: the teacher
adds it to a worksheet through the form (a position with no clear answer is refused, what was
typed kept), the student pushes a hand that should fold and is told why."""

from __future__ import annotations

import pytest

from classes.models import Assignment, AssignmentKind
from tests import factories
from tests.browser.test_classes import both_sizes, log_in, open_tab, t

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = {"river": "1z9m3p6p2z5s", "dora": "3p"}
SLOW = "478m3466p55789s11z"  # 2-shanten, its best tile a bare 4m: fold
UNCLEAR = "147m258p369s4567z6p"  # nothing to weigh


@pytest.fixture
def sheet(db):
    room = factories.classroom("Dojo Sunday", factories.teacher("sensei"), factories.user("kaede"))
    return Assignment.objects.create(
        classroom=room,
        kind=AssignmentKind.EXERCISE,
        title="Defense sheet",
        worksheet=[
            {"type": "safest_tile", "river": "1z9m2z1m8p7m", "hand": "234m4m66p789p4s56s77z"}
        ],
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teachers_push_or_fold_hand_tells_the_student_why_not_to_push(
    browser_instance, live_server, sheet, language
) -> None:
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    sheet_url = f"/classes/{sheet.classroom_id}/a/{sheet.pk}/"
    try:
        log_in(teacher, "sensei")
        teacher.goto(sheet_url)
        teacher.get_by_role("link", name=t(language, "Add a hand")).click()
        teacher.locator("#id_type").select_option("push_fold")
        teacher.get_by_role("button", name=t(language, "Show its fields")).click()
        teacher.wait_for_url("**type=push_fold**")
        teacher.locator("#id_river").fill(TABLE["river"])
        teacher.locator("#id_dora").fill(TABLE["dora"])
        teacher.locator("#id_hand").fill(UNCLEAR)
        teacher.get_by_role("button", name=t(language, "Add the hand")).click()
        refused = teacher.locator(".alert-danger").first
        refused.wait_for()
        nothing = "nothing to weigh" if language == "en" else "no hay nada que sopesar"
        assert nothing in refused.inner_text()
        assert teacher.locator("#id_hand").input_value() == UNCLEAR  # nothing typed is lost
        teacher.locator("#id_hand").fill(SLOW)
        teacher.get_by_role("button", name=t(language, "Add the hand")).click()
        teacher.locator(".alert-success").wait_for()
        sheet.refresh_from_db()
        assert [item["type"] for item in sheet.worksheet] == ["safest_tile", "push_fold"]

        log_in(student, "kaede")
        student.goto(sheet_url)
        student.locator(".pagination .page-link", has_text="2").first.click()
        student.locator('#item input[name="item"][value="2"]').wait_for(state="attached")
        student.locator('#item input[name="choice"][value="push"]').check()
        student.get_by_role("button", name=t(language, "Check"), exact=True).click()
        feedback = student.locator("#feedback.feedback-wrong")
        feedback.wait_for()
        shape = "leaves your hand 2-shanten" if language == "en" else "deja tu mano a 2-shanten"
        assert shape in feedback.inner_text()
        both_sizes(student, f"classes-worksheet-push-fold-{language}")
    finally:
        teacher.context.close()
        student.context.close()
