"""Teachers edit an assignment's details (a worksheet's hands are added on its own page, see
test_worksheets.py) and remove a student; the work students already did is kept."""

from __future__ import annotations

import pytest
from django.urls import reverse

from classes import services
from classes.models import Assignment, AssignmentKind, Attempt, Membership, Progress
from lessons.models import Stage
from puzzles.models import Puzzle

pytestmark = pytest.mark.django_db
CLEAR_DISCARD = "23467m456p789s11z1s"  # discard 1s


@pytest.fixture
def discard(world):
    return Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Discard",
        instructions="Think.",
        worksheet=[{"type": "best_discard", "hand": CLEAR_DISCARD}],
    )


def _edit_url(world, a):
    return reverse("classes:assignment_edit", args=[world.classroom.pk, a.pk])


def _exercise_data(**extra):
    return {"title": "Discard", "instructions": "Think.", **extra}


# --- editing ---------------------------------------------------------------------------------


def test_the_edit_form_is_filled_with_the_assignment(login, world, discard):
    body = login(world.teacher).get(_edit_url(world, discard)).content.decode()
    assert 'value="Discard"' in body and "Think." in body
    assert 'name="kind" value="exercise"' in body


def test_a_teacher_edits_the_details_and_keeps_the_students_work(login, world, discard):
    services.record_attempt(discard, world.student, "1", True, answer="1s")
    response = login(world.teacher).post(
        _edit_url(world, discard),
        _exercise_data(title="Tenpai or not", instructions="Count the tiles.", due="2030-05-01"),
    )
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "classes:assignment", args=[world.classroom.pk, discard.pk]
    )
    discard.refresh_from_db()
    assert (discard.title, discard.instructions) == ("Tenpai or not", "Count the tiles.")
    assert (discard.due.year, discard.due.month) == (2030, 5)
    progress = Progress.objects.get(assignment=discard, student=world.student)
    assert progress.completed_at is not None and progress.score == 100
    assert Attempt.objects.filter(assignment=discard).count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"title": "t" * 121}, "at most 120 characters"),
        ({"instructions": "i" * 4001}, "at most 4000 characters"),
        ({"due": "next tuesday"}, "Enter a valid date/time"),
    ],
)
def test_bad_input_on_the_edit_form_is_a_400_and_loses_nothing(
    login, world, discard, data, message
):
    services.record_attempt(discard, world.student, "1", False, answer="7m")
    response = login(world.teacher).post(
        _edit_url(world, discard), _exercise_data(**{"title": "New", **data})
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert message in body and "invalid-feedback" in body
    assert 'value="New"' in body or "t" * 121 in body  # what was typed is shown again
    discard.refresh_from_db()
    assert (discard.worksheet[0]["hand"], discard.title, discard.instructions) == (
        CLEAR_DISCARD,
        "Discard",
        "Think.",
    )
    assert Attempt.objects.filter(assignment=discard).count() == 1


def test_a_stage_or_puzzle_set_keeps_its_content_and_changes_its_details(login, world):
    Stage.objects.create(slug="the-wall", number=4, title={"en": "The wall", "es": "El muro"})
    puzzle = Puzzle.objects.create(kind="discard", hand="123m456p789s11345z", canonical_key="k")
    stage = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, stage_slug="the-wall"
    )
    puzzles = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=[puzzle.pk]
    )
    client = login(world.teacher)
    body = client.get(_edit_url(world, stage)).content.decode()
    assert "The wall" in body and 'name="stage"' not in body and 'name="hand"' not in body
    body = client.get(_edit_url(world, puzzles)).content.decode()
    assert f"#{puzzle.pk}" in body and 'name="puzzle_ids"' not in body
    # A tampered post cannot change the content, only the details.
    response = client.post(
        _edit_url(world, stage),
        {"title": "Wall homework", "due": "", "stage": "other", "kind": "exercise"},
    )
    assert response.status_code == 302
    stage.refresh_from_db()
    assert (stage.title, stage.stage_slug, stage.kind, stage.due) == (
        "Wall homework",
        "the-wall",
        "stage",
        None,
    )
    client.post(_edit_url(world, puzzles), {"title": "", "puzzle_ids": "1, 2, 3"})
    puzzles.refresh_from_db()
    assert puzzles.puzzle_ids == [puzzle.pk]
    assert puzzles.display_title == "1 puzzle"


def test_the_due_date_can_be_removed(login, world, discard):
    discard.due = "2030-01-01T10:00Z"
    discard.save()
    login(world.teacher).post(_edit_url(world, discard), _exercise_data(due=""))
    discard.refresh_from_db()
    assert discard.due is None


def test_an_assignment_of_another_class_cannot_be_edited_through_this_one(login, world):
    theirs = Assignment.objects.create(
        classroom=world.other, kind=AssignmentKind.STAGE, title="Theirs", stage_slug="x"
    )
    client = login(world.teacher)
    url = reverse("classes:assignment_edit", args=[world.classroom.pk, theirs.pk])
    assert client.get(url).status_code == 404
    assert client.post(url, {"title": "Mine now"}).status_code == 404
    theirs.refresh_from_db()
    assert theirs.title == "Theirs"


def test_the_assignment_page_links_to_the_edit_form_for_teachers_only(login, world, discard):
    url = reverse("classes:assignment", args=[world.classroom.pk, discard.pk])
    assert _edit_url(world, discard) in login(world.teacher).get(url).content.decode()
    assert _edit_url(world, discard) not in login(world.student).get(url).content.decode()


# --- removing a student ------------------------------------------------------------------------


def _remove_url(world, student):
    return reverse("classes:student_remove", args=[world.classroom.pk, student.pk])


def test_removing_a_student_asks_first(login, world):
    client = login(world.teacher)
    student_page = reverse("classes:student", args=[world.classroom.pk, world.student.pk])
    assert _remove_url(world, world.student) in client.get(student_page).content.decode()
    response = client.get(_remove_url(world, world.student))
    assert response.status_code == 200
    assert "Remove student from Riichi 101?" in response.content.decode()
    assert world.classroom.is_student(world.student)


def test_a_removed_students_work_is_kept_but_hidden_from_the_grid(login, world, discard):
    services.record_attempt(discard, world.student, "1", True, answer="1s")
    client = login(world.teacher)
    response = client.post(_remove_url(world, world.student))
    assert response["Location"] == reverse("classes:dashboard", args=[world.classroom.pk])
    assert not world.classroom.is_student(world.student)
    assert Attempt.objects.filter(student=world.student).count() == 1
    assert Progress.objects.filter(student=world.student).count() == 1
    dashboard = client.get(response["Location"]).content.decode()
    assert ">student<" not in dashboard
    csv_text = client.get(reverse("classes:dashboard_csv", args=[world.classroom.pk]))
    assert "\r\nstudent," not in csv_text.content.decode()
    # The student no longer reaches the class ...
    student = login(world.student)
    assert student.get(reverse("classes:detail", args=[world.classroom.pk])).status_code == 404
    # ... and finds their work again if they join again.
    student.post(reverse("classes:join"), {"code": world.classroom.join_code})
    body = student.get(reverse("classes:detail", args=[world.classroom.pk])).content.decode()
    assert "status-done" in body


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_student_of_another_class_cannot_be_removed_through_this_one(login, world, method):
    client = login(world.teacher)
    response = getattr(client, method)(_remove_url(world, world.stranger_student))
    assert response.status_code == 404
    assert Membership.objects.filter(student=world.stranger_student).exists()


def test_a_teacher_cannot_remove_from_a_class_they_do_not_teach(login, world):
    client = login(world.other_teacher)
    url = reverse("classes:student_remove", args=[world.other.pk, world.student.pk])
    assert client.post(url).status_code == 404  # kaede is not in their class
    url = reverse("classes:student_remove", args=[world.classroom.pk, world.student.pk])
    assert client.post(url).status_code == 404  # not their class
    assert world.classroom.is_student(world.student)


def test_a_student_cannot_remove_a_classmate(login, world, make_user):
    classmate = make_user("classmate")
    Membership.objects.create(classroom=world.classroom, student=classmate)
    response = login(world.student).post(_remove_url(world, classmate))
    assert response.status_code == 403
    assert world.classroom.is_student(classmate)


@pytest.mark.parametrize(
    "data",
    [
        {"title": "t" * 121},
        {"instructions": "i" * 4001},
        {"due": "31/31/2031"},
        {"due": "2030-02-30"},
    ],
)
def test_bad_details_of_a_stage_are_a_400_and_change_nothing(login, world, data):
    stage = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Wall", stage_slug="the-wall"
    )
    response = login(world.teacher).post(_edit_url(world, stage), {"title": "Wall", **data})
    assert response.status_code == 400
    assert "invalid-feedback" in response.content.decode()
    stage.refresh_from_db()
    assert (stage.title, stage.instructions, stage.due) == ("Wall", "", None)


def test_the_due_date_shows_in_the_sites_time_zone_and_survives_a_save(
    login, world, discard, settings
):
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    settings.TIME_ZONE = "Europe/Madrid"
    local = datetime(2030, 1, 1, 10, 30, tzinfo=ZoneInfo("Europe/Madrid"))
    assert local == datetime(2030, 1, 1, 9, 30, tzinfo=UTC)
    discard.due = local
    discard.save()
    client = login(world.teacher)
    body = client.get(_edit_url(world, discard)).content.decode()
    assert 'value="2030-01-01T10:30"' in body
    client.post(_edit_url(world, discard), _exercise_data(due="2030-01-01T10:30"))
    discard.refresh_from_db()
    assert discard.due == local and timezone.is_aware(discard.due)
