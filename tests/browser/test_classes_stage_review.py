"""A lesson stage assignment reviewed in Chromium, in English and in Spanish: a student answers
a step of the assigned stage wrong on the lesson page (a position drawn for them), and the
teacher's review of that student shows the wrong pick drawn on that same hand, the right
answer outlined (issue 11)."""

from __future__ import annotations

import pytest
from django.utils import translation

from classes.models import Assignment, AssignmentKind
from lessons.models import Step, StepAnswer
from tests import factories
from tests.browser.test_classes import both_sizes, log_in, open_tab, t
from tests.browser.test_lessons import answer_by_clicking, click_button
from tests.lessons.answers import widget_values
from tutor.exercises import exercise, with_position

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SLUG = "tenpai-and-waits"


@pytest.fixture
def assigned(curriculum):
    room = factories.classroom("Dojo Sunday", factories.teacher("sensei"), factories.user("kaede"))
    return Assignment.objects.create(
        classroom=room, kind=AssignmentKind.STAGE, title="Waits", stage_slug=SLUG
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_sees_a_students_wrong_pick_on_a_lesson_step_drawn_on_their_hand(
    browser_instance, live_server, assigned, language
) -> None:
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    step = Step.objects.get(stage__slug=SLUG, key="two-sided")
    try:
        # The student answers the step wrong on the position the page drew for them.
        log_in(student, "kaede")
        student.goto(f"/learn/{SLUG}/{step.number}/")
        seed = int(student.locator('#lesson input[name="position"]').get_attribute("value"))
        drawn = with_position(step.exercise, seed)
        ex = exercise(drawn)
        right = ex.widget(ex.solution()).checked
        # A tile it does not wait on.
        wrong = {"tile": [v for v, _kind in widget_values(ex) if v not in right][:1]}
        answer_by_clicking(student, wrong)
        with translation.override(language):
            click_button(student, translation.gettext("Check"))
        student.locator("#feedback.feedback-wrong").wait_for()
        assert StepAnswer.objects.get(step=step).seed == seed

        # The teacher opens the student's answers from the assignment page.
        log_in(teacher, "sensei")
        teacher.goto(f"/classes/{assigned.classroom_id}/a/{assigned.pk}/")
        teacher.get_by_role("link", name=t(language, "their answers")).click()
        with translation.override(language):
            heading = translation.gettext("%(name)s's answers") % {"name": "kaede"}
        teacher.get_by_role("heading", name=heading).wait_for()
        item = teacher.locator(f'.review-item[data-item="{step.number}"]')
        answer = item.locator('.drawn-answer[data-correct="no"]')
        assert answer.count() == 1
        for value in wrong["tile"]:
            assert answer.locator(f'input[value="{value}"]').is_checked()
        assert right and wrong["tile"]
        for value in right:
            assert answer.locator(f'input[value="{value}"] + img.tile-mark').count() == 1
        assert answer.locator("li").count() >= 1  # the verdict's reasons
        # The other exercise steps were not answered.
        assert teacher.locator(".drawn-answer").count() == 1
        both_sizes(teacher, f"classes-stage-review-{language}")
    finally:
        teacher.context.close()
        student.context.close()
