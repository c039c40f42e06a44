"""Joining, throttling, recording work, statuses, the grid, the CSV and the news wall."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from classes import services
from classes.models import (
    Assignment,
    AssignmentKind,
    Classroom,
    Instructor,
    InstructorRequest,
    Membership,
    Progress,
)

pytestmark = pytest.mark.django_db


def test_a_join_code_is_long_random_and_unique(world):
    codes = {Classroom.objects.create(name=f"c{i}").join_code for i in range(20)}
    assert len(codes) == 20
    assert all(len(code) >= 16 for code in codes)


def test_a_new_code_replaces_the_old_one(world):
    old = world.classroom.join_code
    new = world.classroom.regenerate_code()
    assert new != old
    with pytest.raises(services.JoinError):
        services.find_class_by_code(old)
    assert services.find_class_by_code(new) == world.classroom


@pytest.mark.parametrize("code", ["\x00", "abc\x00def", "x" * 300, "' OR 1=1", ""])
def test_a_code_that_cannot_be_a_code_is_refused_without_a_lookup(world, code):
    with pytest.raises(services.JoinError):
        services.find_class_by_code(code)


def test_a_join_link_with_a_nul_byte_is_a_404(world, client):
    client.force_login(world.outsider)
    assert client.get("/classes/join/%00/").status_code == 404


def test_joining_twice_makes_one_membership(world):
    services.join_class(world.outsider, world.classroom)
    services.join_class(world.outsider, world.classroom)
    assert Membership.objects.filter(classroom=world.classroom, student=world.outsider).count() == 1


def test_a_teacher_cannot_join_their_own_class_as_a_student(world):
    with pytest.raises(services.JoinError):
        services.join_class(world.teacher, world.classroom)


def test_leaving_keeps_the_work_for_a_return(world):
    services.record_attempt(world.exercise, world.student, "1", True)
    assert services.leave_class(world.student, world.classroom)
    assert not world.classroom.is_student(world.student)
    services.join_class(world.student, world.classroom)
    assert Progress.objects.get(student=world.student).completed_at is not None


def test_failed_join_look_ups_are_throttled_per_account(world, monkeypatch):
    monkeypatch.setattr(services, "JOIN_LIMIT_PER_USER", 3)
    for _ in range(3):
        with pytest.raises(services.JoinError):
            services.find_class_for_join(world.outsider, "10.0.0.1", "wrong-code")
    with pytest.raises(services.JoinThrottled):
        services.find_class_for_join(world.outsider, "10.0.0.2", world.classroom.join_code)
    # someone else is not affected
    assert services.find_class_for_join(world.student, "10.0.0.3", world.classroom.join_code)


def test_failed_join_look_ups_are_throttled_per_address(world, monkeypatch):
    monkeypatch.setattr(services, "JOIN_LIMIT_PER_ADDRESS", 2)
    for user in (world.outsider, world.student):
        with pytest.raises(services.JoinError):
            services.find_class_for_join(user, "10.0.0.9", "wrong-code")
    with pytest.raises(services.JoinThrottled):
        services.find_class_for_join(world.teacher, "10.0.0.9", world.classroom.join_code)


def test_good_join_look_ups_are_never_counted(world, monkeypatch):
    monkeypatch.setattr(services, "JOIN_LIMIT_PER_USER", 2)
    monkeypatch.setattr(services, "JOIN_LIMIT_PER_ADDRESS", 2)
    for _ in range(10):
        services.find_class_for_join(world.outsider, "10.0.0.4", world.classroom.join_code)


def test_approving_a_request_grants_the_instructor_role(world):
    req = InstructorRequest.objects.create(user=world.student, message="I run a club")
    assert not Instructor.is_instructor(world.student)
    req.approve(by=world.teacher)
    assert Instructor.is_instructor(world.student)
    assert InstructorRequest.objects.get(pk=req.pk).status == "approved"


def test_a_declined_request_grants_nothing(world):
    req = InstructorRequest.objects.create(user=world.outsider, message="please")
    req.decline(by=world.teacher)
    assert not Instructor.is_instructor(world.outsider)


def _puzzle_set(world, ids=(1, 2)):
    return Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, title="Set", puzzle_ids=list(ids)
    )


def test_a_puzzle_set_is_done_when_every_puzzle_was_solved(world):
    a = _puzzle_set(world)
    services.record_attempt(a, world.student, "1", False, seconds=10)
    p = services.record_attempt(a, world.student, "1", True, seconds=5)
    assert p.completed_at is None
    assert services.work_status(a, p) == services.Status.IN_PROGRESS
    p = services.record_attempt(a, world.student, "2", True, seconds=7)
    assert p.completed_at is not None
    assert (p.attempts, p.correct, p.seconds) == (3, 2, 22)
    assert p.score == 50  # puzzle 2 right at the first try, puzzle 1 not
    assert services.work_status(a, p) == services.Status.DONE


def test_time_spent_ignores_absurd_durations(world):
    p = services.record_attempt(world.exercise, world.student, "1", False, seconds=10**9)
    assert p.seconds == 3600


def test_unfinished_work_past_its_due_date_is_late(world):
    a = _puzzle_set(world)
    a.due = timezone.now() - timedelta(days=1)
    a.save()
    assert services.work_status(a, None) == services.Status.LATE
    p = services.record_attempt(a, world.student, "1", True)
    assert services.work_status(a, p) == services.Status.LATE
    p = services.record_attempt(a, world.student, "2", True)
    work = services.Work(a, p, services.work_status(a, p))
    assert work.status == services.Status.DONE
    assert work.late_done


def test_work_not_begun_is_not_started(world):
    assert services.work_status(world.exercise, None) == services.Status.NOT_STARTED


def test_a_completed_stage_keeps_its_best_stars(world):
    a = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Wall", stage_slug="the-wall"
    )
    p = services.record_stage_completed(a, world.student, 2)
    first_done = p.completed_at
    p = services.record_stage_completed(a, world.student, 3)
    assert (p.stars, p.score, p.completed_at) == (3, 100, first_done)
    p = services.record_stage_completed(a, world.student, 1)
    assert p.stars == 3


def test_the_grid_has_a_cell_per_student_and_assignment(world, make_user):
    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    a = _puzzle_set(world)
    services.record_attempt(a, world.student, "1", True)
    grid = services.class_grid(world.classroom)
    rows = dict(grid.rows())
    assert [s.username for s in grid.students] == ["classmate", "student"]
    assert [w.status for w in rows[world.student]] == ["not_started", "in_progress"]
    assert [w.status for w in rows[classmate]] == ["not_started", "not_started"]
    # A student of another class never shows up.
    assert world.stranger_student not in rows


def test_the_csv_has_one_line_per_student_and_assignment(world):
    services.record_attempt(world.exercise, world.student, "1", True, seconds=42)
    lines = list(csv.reader(io.StringIO(services.grid_csv(world.classroom))))
    assert lines[0] == services.CSV_HEADER
    row = dict(zip(lines[0], lines[1], strict=True))
    assert row["student"] == "student"
    assert row["assignment"] == "Score this"
    assert (row["status"], row["done"], row["score"], row["attempts"], row["seconds"]) == (
        "done",
        "yes",
        "100",
        "1",
        "42",
    )
    assert len(lines) == 2


def test_the_csv_defuses_spreadsheet_formulas(world):
    world.exercise.title = '=HYPERLINK("http://evil")'
    world.exercise.save()
    text = services.grid_csv(world.classroom)
    assert "'=HYPERLINK" in text


def test_accuracy_per_theme_counts_every_answer(world):
    a = _puzzle_set(world)
    services.record_attempt(a, world.student, "1", True, themes=["tenpai", "one-suit"])
    services.record_attempt(a, world.student, "2", False, themes=["tenpai"])
    by_key = {t.key: t for t in services.theme_accuracy(world.classroom)}
    assert (by_key["tenpai"].attempts, by_key["tenpai"].percent) == (2, 50)
    assert by_key["one-suit"].percent == 100


def test_news_markdown_is_rendered_and_sanitised():
    from classes.news import render_news

    html = render_news(
        "**Homework** for *Monday*\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) "
        "<img src=x onerror=alert(1)> [site](https://example.org)"
    )
    assert "<strong>Homework</strong>" in html
    assert "<em>Monday</em>" in html
    assert "<script" not in html
    # unsafe Markdown and HTML stay text: no javascript: link, no element with a handler
    assert 'href="javascript' not in html
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert 'href="https://example.org"' in html


@pytest.mark.parametrize(
    ("seconds", "shown"), [(None, "0:00"), (42.4, "0:42"), (725, "12:05"), (3723, "1:02:03")]
)
def test_time_spent_reads_like_a_clock(seconds, shown):
    from classes.models import format_seconds

    assert format_seconds(seconds) == shown
