"""A worksheet in Chromium, in English and in Spanish: a teacher assigns five hands of three
types through the forms, a student answers them (three wrong), and the teacher reviews the
student's answers drawn on the hands: each wrong pick raised, the right answer outlined."""

from __future__ import annotations

import pytest
from django.utils import translation

from classes.models import Assignment
from tests import factories
from tests.browser.test_classes import both_sizes, log_in, open_tab, t

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (type, hand, how the student answers: tiles to pick or a choice, whether that is right)
HANDS = [
    ("best_discard", "23467m456p789s11z1s", ["7m"], False),
    ("waits", "23m456p789s11z111m", ["1m", "4m", "1z"], True),
    ("shanten", "123m456p789s1357z", "1", False),
    ("best_discard", "123m456p789s1177z1p", ["1p"], True),
    ("waits", "1112345678999m", ["1m"], False),
]


@pytest.fixture
def room(db):
    return factories.classroom("Dojo Sunday", factories.teacher("sensei"), factories.user("kaede"))


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_reviews_a_students_wrong_answers_drawn_on_the_hands(
    browser_instance, live_server, room, language
) -> None:
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    try:
        sheet_url = _assign(teacher, room, language)
        _answer(student, sheet_url, language)
        _review(teacher, sheet_url, language)
    finally:
        teacher.context.close()
        student.context.close()


def _assign(teacher, room, language: str) -> str:
    log_in(teacher, "sensei")
    teacher.goto(f"/classes/{room.pk}/")
    teacher.get_by_role("link", name=t(language, "New assignment")).click()
    teacher.get_by_role("link", name=t(language, "Worksheet"), exact=True).click()
    kind, hand, _answer, _right = HANDS[0]
    assert teacher.locator("#id_type").input_value() == kind
    teacher.locator("#id_hand").fill(hand)
    teacher.locator("#id_title").fill("Sunday sheet")
    teacher.get_by_role("button", name=t(language, "Assign"), exact=True).click()
    teacher.locator(".alert-success").wait_for()
    sheet_url = teacher.url
    for kind, hand, _answer, _right in HANDS[1:]:
        teacher.get_by_role("link", name=t(language, "Add a hand")).click()
        teacher.locator("#id_type").select_option(kind)
        teacher.get_by_role("button", name=t(language, "Show its fields")).click()
        teacher.wait_for_url(f"**type={kind}**")
        teacher.locator("#id_hand").fill(hand)
        teacher.get_by_role("button", name=t(language, "Add the hand")).click()
        teacher.locator(".alert-success").wait_for()
    # The answer key: every hand drawn with its right answer.
    assert teacher.locator(".worksheet-item").count() == 5
    sheet = Assignment.objects.get(title="Sunday sheet")
    assert [item["type"] for item in sheet.worksheet] == [k for k, *_rest in HANDS]
    return sheet_url


def _answer(student, sheet_url: str, language: str) -> None:
    log_in(student, "kaede")
    student.goto(sheet_url)
    check = t(language, "Check")
    for number, (_kind, _hand, answer, right) in enumerate(HANDS, start=1):
        student.locator(".pagination .page-link", has_text=str(number)).first.click()
        student.locator(f'#item input[name="item"][value="{number}"]').wait_for(state="attached")
        if isinstance(answer, list):
            for tile in answer:
                student.locator(f'#item label.tile-option:has(input[value="{tile}"])').click()
        else:
            student.locator(f'#item input[name="choice"][value="{answer}"]').check()
        student.get_by_role("button", name=check, exact=True).click()
        verdict = "feedback-correct" if right else "feedback-wrong"
        student.locator(f"#feedback.{verdict}").wait_for()


def _review(teacher, sheet_url: str, language: str) -> None:
    teacher.goto(sheet_url)
    teacher.get_by_role("link", name=t(language, "their answers")).click()
    with translation.override(language):
        heading = translation.gettext("%(name)s's answers") % {"name": "kaede"}
    teacher.get_by_role("heading", name=heading).wait_for()
    wrong = teacher.locator('.drawn-answer[data-correct="no"]')
    assert wrong.count() == 3
    assert teacher.locator('.drawn-answer[data-correct="yes"]').count() == 2
    # Hand 1: the 7m picked raised, the 1s outlined as the right answer.
    first = teacher.locator('.review-item[data-item="1"] .drawn-answer')
    assert first.locator('input[value="7m"]').is_checked()
    assert first.locator('input[value="1s"] + img.tile-mark').count() == 1
    # Hand 3: the wrong choice ticked, the right one in words.
    third = teacher.locator('.review-item[data-item="3"] .drawn-answer')
    assert third.locator('input[name="choice"][value="1"]').is_checked()
    assert third.locator(".best-answer").count() == 1
    # Hand 5: one wait picked of nine; the nine outlined.
    fifth = teacher.locator('.review-item[data-item="5"] .drawn-answer')
    assert fifth.locator('input[value="1m"]').is_checked()
    assert fifth.locator("img.tile-mark").count() == 9
    both_sizes(teacher, f"classes-worksheet-review-{language}")
    # On paper: the positions, then the answer key on its own page; no site navigation.
    teacher.goto(sheet_url + "print/")
    teacher.emulate_media(media="print")
    assert teacher.locator(".positions .print-item").count() == 5
    assert teacher.locator(".answer-key .tile-mark").count() >= 1 + 3 + 1 + 9
    assert not teacher.locator("nav.navbar").first.is_visible()
