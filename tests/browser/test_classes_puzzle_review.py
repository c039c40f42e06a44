"""A puzzle set reviewed in Chromium, in English and in Spanish: a student answers two puzzles
of an assigned set wrong on the puzzle pages (and leaves the third), and the teacher's review
of that student shows each wrong pick drawn on the hand, the right answer outlined (issue 11)."""

from __future__ import annotations

import pytest
from django.utils import translation

from classes.models import Assignment, AssignmentKind
from puzzles.models import Puzzle, PuzzleAttempt, PuzzleKind
from tests import factories
from tests.browser.test_classes import both_sizes, log_in, open_tab, t
from tests.puzzles.play_factories import DISCARD_HAND, SHANTEN_HAND, WAITS_HAND, make_puzzle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def puzzle_set(db):
    student = factories.user("kaede")
    room = factories.classroom("Dojo Sunday", factories.teacher("sensei"), student)
    puzzles = [
        make_puzzle(PuzzleKind.DISCARD, DISCARD_HAND),  # the best discard is 1z
        make_puzzle(PuzzleKind.WAITS, WAITS_HAND),  # waits on 2m, 5m and 8m
        make_puzzle(PuzzleKind.SHANTEN, SHANTEN_HAND),  # left unanswered
    ]
    return Assignment.objects.create(
        classroom=room,
        kind=AssignmentKind.PUZZLES,
        title="Three puzzles",
        puzzle_ids=[p.pk for p in puzzles],
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_teacher_sees_a_students_wrong_puzzle_picks_drawn_on_the_hands(
    browser_instance, live_server, puzzle_set, language
) -> None:
    discard, waits, shanten = puzzle_set.puzzle_ids
    teacher = open_tab(browser_instance, live_server, language)
    student = open_tab(browser_instance, live_server, language)
    assignment_url = f"/classes/{puzzle_set.classroom_id}/a/{puzzle_set.pk}/"
    try:
        # The student follows the set's links to the puzzle pages and answers two wrong.
        log_in(student, "kaede")
        for pk, picks in ((discard, ["1p"]), (waits, ["2m"])):
            student.goto(assignment_url)
            with translation.override(language):
                name = translation.gettext("Puzzle #%(n)s") % {"n": pk}
            student.get_by_role("link", name=name).click()
            for tile in picks:
                student.locator(f'.puzzle-form label:has(input[value="{tile}"])').click()
            student.get_by_role("button", name=t(language, "Answer"), exact=True).click()
            student.get_by_test_id("verdict").wait_for()
        answers = PuzzleAttempt.objects.filter(user__username="kaede").order_by("pk")
        assert [(a.puzzle_id, a.answer, a.correct) for a in answers] == [
            (discard, ["1p"], False),
            (waits, ["2m"], False),
        ]

        # The teacher opens the student's answers from the assignment page.
        log_in(teacher, "sensei")
        teacher.goto(assignment_url)
        teacher.get_by_role("link", name=t(language, "their answers")).click()
        with translation.override(language):
            heading = translation.gettext("%(name)s's answers") % {"name": "kaede"}
        teacher.get_by_role("heading", name=heading).wait_for()
        assert teacher.locator('.drawn-answer[data-correct="no"]').count() == 2
        assert teacher.locator('.drawn-answer[data-correct="yes"]').count() == 0
        # The discard: the 1p picked is raised on the hand, the 1z outlined.
        first = teacher.locator(f'.review-item[data-puzzle="{discard}"] .drawn-answer')
        assert first.locator('input[value="1p"]').is_checked()
        assert first.locator("input:checked").count() == 1
        assert first.locator('input[value="1z"] + img.tile-mark').count() == 1
        assert first.locator("img.tile-mark").count() == 1
        # The waits: one wait picked from every tile, the three waits outlined.
        second = teacher.locator(f'.review-item[data-puzzle="{waits}"] .drawn-answer')
        assert second.locator('input[value="2m"]').is_checked()
        assert second.locator("input:checked").count() == 1
        for tile in ("2m", "5m", "8m"):
            assert second.locator(f'input[value="{tile}"] + img.tile-mark').count() == 1
        assert second.locator("img.tile-mark").count() == 3
        # The 13 tiles of the hand are drawn above the 34 of the palette it was answered on.
        assert second.locator("img.tile").count() == 13 + 34
        unanswered = teacher.locator(f'.review-item[data-puzzle="{shanten}"]')
        assert unanswered.locator(".drawn-answer").count() == 0
        assert t(language, "Not answered yet.") in unanswered.inner_text()
        both_sizes(teacher, f"classes-puzzle-review-{language}")
    finally:
        teacher.context.close()
        student.context.close()


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_puzzle_retired_after_it_was_assigned_is_marked_for_the_teacher(
    browser_instance, live_server, puzzle_set, language
) -> None:
    Puzzle.objects.filter(pk=puzzle_set.puzzle_ids[0]).update(
        retired="2026-12-05T12:00:00Z", retired_reason="not-clear"
    )
    teacher = open_tab(browser_instance, live_server, language)
    try:
        log_in(teacher, "sensei")
        teacher.goto(f"/classes/{puzzle_set.classroom_id}/a/{puzzle_set.pk}/")
        badge = teacher.get_by_test_id("retired-badge")
        assert badge.count() == 1 and badge.is_visible()
        assert badge.inner_text() == t(language, "retired")
        both_sizes(teacher, f"classes-assignment-retired-{language}")
    finally:
        teacher.context.close()
