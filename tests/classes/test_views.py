"""The instructor's and the student's paths through the pages, plain and with htmx."""

from __future__ import annotations

import csv
import io
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from classes import services
from classes.models import (
    Assignment,
    AssignmentKind,
    Attempt,
    Classroom,
    InstructorRequest,
    Membership,
    NewsPost,
    Progress,
)
from lessons.models import Stage
from puzzles.models import Puzzle, Theme

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
CLEAR_DISCARD = "23467m456p789s11z1s"


def test_a_user_asks_to_become_an_instructor_once(login, world):
    client = login(world.outsider)
    url = reverse("classes:request_instructor")
    assert client.get(url).status_code == 200
    assert client.post(url, {"message": ""}).status_code == 400
    assert client.post(url, {"message": "I teach at the club"}).status_code == 302
    client.post(url, {"message": "again"})
    assert InstructorRequest.objects.filter(user=world.outsider).count() == 1


def test_an_instructor_creates_a_class_and_teaches_it(login, world):
    client = login(world.teacher)
    response = client.post(reverse("classes:new"), {"name": "Sunday club", "description": "Hi"})
    classroom = Classroom.objects.get(name="Sunday club")
    assert response["Location"] == reverse("classes:detail", args=[classroom.pk])
    assert classroom.is_teacher(world.teacher)
    page = client.get(response["Location"]).content.decode()
    assert classroom.join_code in page


def test_a_class_needs_a_name(login, world):
    response = login(world.teacher).post(reverse("classes:new"), {"name": ""})
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()


def test_a_student_joins_with_the_code(login, world):
    client = login(world.outsider)
    response = client.post(reverse("classes:join"), {"code": world.classroom.join_code})
    assert response["Location"] == reverse("classes:detail", args=[world.classroom.pk])
    assert world.classroom.is_student(world.outsider)


def test_a_wrong_code_says_so_and_joins_nothing(login, world):
    response = login(world.outsider).post(reverse("classes:join"), {"code": "nope"})
    assert response.status_code == 400
    assert "No class has this code" in response.content.decode()
    assert not Membership.objects.filter(student=world.outsider).exists()


def test_guessing_codes_is_throttled(login, world, monkeypatch):
    monkeypatch.setattr(services, "JOIN_LIMIT_PER_USER", 2)
    client = login(world.outsider)
    for _ in range(2):
        client.post(reverse("classes:join"), {"code": "guess"})
    response = client.post(reverse("classes:join"), {"code": world.classroom.join_code})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not world.classroom.is_student(world.outsider)


def test_the_join_link_asks_then_joins(login, world):
    client = login(world.outsider)
    url = reverse("classes:join_link", args=[world.classroom.join_code])
    assert "Riichi 101" in client.get(url).content.decode()
    assert not world.classroom.is_student(world.outsider)
    client.post(url)
    assert world.classroom.is_student(world.outsider)


def test_an_old_join_link_stops_working(login, world):
    old = world.classroom.join_code
    login(world.teacher).post(reverse("classes:regenerate_code", args=[world.classroom.pk]))
    client = login(world.outsider)
    response = client.get(reverse("classes:join_link", args=[old]))
    assert response.status_code == 404
    assert "Riichi 101" not in response.content.decode()


def test_a_student_leaves(login, world):
    login(world.student).post(reverse("classes:leave", args=[world.classroom.pk]))
    assert not world.classroom.is_student(world.student)


def test_a_class_can_have_several_teachers(login, world):
    client = login(world.teacher)
    url = reverse("classes:add_teacher", args=[world.classroom.pk])
    client.post(url, {"username": "outsider"})  # not an instructor
    assert not world.classroom.is_teacher(world.outsider)
    client.post(url, {"username": "other_teacher"})
    assert world.classroom.is_teacher(world.other_teacher)
    dashboard = reverse("classes:dashboard", args=[world.classroom.pk])
    assert login(world.other_teacher).get(dashboard).status_code == 200


def test_the_news_wall_shows_sanitised_markdown_to_students(login, world):
    login(world.teacher).post(
        reverse("classes:news", args=[world.classroom.pk]),
        {"body": "**Tournament** on Sunday <script>alert(1)</script>"},
    )
    assert NewsPost.objects.count() == 1
    page = login(world.student).get(reverse("classes:detail", args=[world.classroom.pk]))
    body = page.content.decode()
    assert "<strong>Tournament</strong>" in body
    assert "<script>alert(1)" not in body


def _new(client, world, kind, **data):
    url = reverse("classes:assignment_new", args=[world.classroom.pk]) + f"?kind={kind}"
    return client.post(url, {"kind": kind, **data})


def test_a_teacher_assigns_a_lesson_stage(login, world):
    Stage.objects.create(slug="the-wall", number=4, title={"en": "The wall", "es": "El muro"})
    response = _new(login(world.teacher), world, "stage", stage="the-wall", due="2030-01-31T18:00")
    assert response.status_code == 302
    a = Assignment.objects.get(kind=AssignmentKind.STAGE)
    assert (a.stage_slug, a.title, a.due.year) == ("the-wall", "", 2030)
    # A title made from the content follows the reader's language.
    assert a.display_title == "4. The wall"
    with translation.override("es"):
        assert a.display_title == "4. El muro"


def test_an_unknown_stage_is_refused(login, world):
    response = _new(login(world.teacher), world, "stage", stage="no-such-stage")
    assert response.status_code == 400
    assert not Assignment.objects.filter(kind=AssignmentKind.STAGE).exists()


@pytest.fixture
def some_puzzles():
    theme = Theme.objects.create(slug="tenpai", name="Tenpai")
    made = []
    for i, rating in enumerate((1200, 1500, 1800)):
        p = Puzzle.objects.create(
            kind="discard", hand="123m456p789s11345z", canonical_key=f"k{i}", rating=rating
        )
        p.themes.add(theme)
        made.append(p)
    return made


def test_a_teacher_assigns_chosen_puzzles(login, world, some_puzzles):
    ids = f"{some_puzzles[2].pk}, {some_puzzles[0].pk}"
    response = _new(login(world.teacher), world, "puzzles", mode="chosen", puzzle_ids=ids, count=10)
    assert response.status_code == 302
    a = Assignment.objects.get(kind=AssignmentKind.PUZZLES)
    assert a.puzzle_ids == [some_puzzles[2].pk, some_puzzles[0].pk]


def test_a_teacher_assigns_puzzles_by_theme_and_rating(login, world, some_puzzles):
    response = _new(
        login(world.teacher),
        world,
        "puzzles",
        mode="theme",
        theme="tenpai",
        rating_min=1300,
        rating_max=2000,
        count=5,
    )
    assert response.status_code == 302
    a = Assignment.objects.get(kind=AssignmentKind.PUZZLES)
    assert sorted(a.puzzle_ids) == [some_puzzles[1].pk, some_puzzles[2].pk]
    assert (a.theme, a.display_title) == ("tenpai", "2 puzzles: Tenpai")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"mode": "chosen", "puzzle_ids": "99999"}, "There is no puzzle number 99999"),
        ({"mode": "chosen", "puzzle_ids": "1; DROP TABLE"}, "puzzle numbers only"),
        ({"mode": "theme", "rating_min": 3000}, "No puzzle matches"),
        ({"mode": "theme", "rating_min": 1800, "rating_max": 1000}, "below the lowest"),
        ({"mode": "theme", "count": 0}, "greater than or equal to 1"),
    ],
)
def test_a_bad_puzzle_set_says_why(login, world, some_puzzles, data, message):
    response = _new(login(world.teacher), world, "puzzles", **{"count": 10, **data})
    assert response.status_code == 400
    assert message in response.content.decode()


def test_a_retired_puzzle_cannot_be_assigned_and_the_teacher_is_told_why(
    login, world, some_puzzles
):
    Puzzle.objects.filter(pk=some_puzzles[0].pk).update(
        retired="2026-12-05T12:00:00Z", retired_reason="not-clear"
    )
    chosen = f"{some_puzzles[1].pk}, {some_puzzles[0].pk}"
    response = _new(
        login(world.teacher), world, "puzzles", mode="chosen", puzzle_ids=chosen, count=10
    )
    assert response.status_code == 400
    assert f"Puzzle {some_puzzles[0].pk} was retired" in response.content.decode()
    assert not Assignment.objects.filter(kind=AssignmentKind.PUZZLES).exists()


def test_a_puzzle_retired_after_it_was_assigned_is_marked_on_the_assignment(
    login, world, some_puzzles
):
    a = Assignment.objects.create(
        classroom=world.classroom, kind="puzzles", title="Set", puzzle_ids=[some_puzzles[0].pk]
    )
    Puzzle.objects.filter(pk=some_puzzles[0].pk).update(
        retired="2026-12-05T12:00:00Z", retired_reason="answer-changed"
    )
    url = reverse("classes:assignment", args=[world.classroom.pk, a.pk])
    for person in (world.teacher, world.student):
        body = login(person).get(url).content.decode()
        assert 'data-testid="retired-badge"' in body
        assert "The engine now finds a different best answer here." in body


def test_a_discard_hand_without_one_best_answer_is_not_saved(login, world):
    response = _new(
        login(world.teacher), world, "exercise", type="best_discard", hand="123m456p789s11345z"
    )
    assert response.status_code == 400
    assert "3 right answers" in response.content.decode()
    assert Assignment.objects.count() == 1  # only the fixture's


def test_a_worksheet_is_saved_with_its_first_hand(login, world):
    response = _new(
        login(world.teacher), world, "exercise", type="best_discard", hand=CLEAR_DISCARD,
        instructions="Think about the waits.",
    )  # fmt: skip
    assert response.status_code == 302
    a = Assignment.objects.get(title="", kind=AssignmentKind.EXERCISE)
    assert a.worksheet == [{"type": "best_discard", "hand": CLEAR_DISCARD}]
    assert a.display_title == "Worksheet of 1 hand"
    with translation.override("es"):
        assert a.display_title == "Hoja de ejercicios de 1 mano"


@pytest.fixture
def discard_exercise(world):
    return Assignment.objects.create(
        classroom=world.classroom,
        kind=AssignmentKind.EXERCISE,
        title="Discard",
        worksheet=[{"type": "best_discard", "hand": CLEAR_DISCARD}],
    )


def _answer_url(world, a):
    return reverse("classes:answer", args=[world.classroom.pk, a.pk])


def test_the_student_page_shows_the_hand_to_click_but_not_the_answer(
    login, world, discard_exercise
):
    url = reverse("classes:assignment", args=[world.classroom.pk, discard_exercise.pk])
    body = login(world.student).get(url).content.decode()
    assert 'name="tile"' in body and 'name="item" value="1"' in body
    assert "tile-mark" not in body and "Right answer" not in body


def test_a_wrong_then_right_answer_by_htmx(login, world, discard_exercise):
    client = login(world.student)
    wrong = client.post(_answer_url(world, discard_exercise), {"item": "1", "tile": "7m"}, **HTMX)
    body = wrong.content.decode()
    assert wrong.status_code == 200 and "<html" not in body
    assert "Not quite" in body and "Discarding seven of characters" in body
    right = client.post(_answer_url(world, discard_exercise), {"item": "1", "tile": "1s"}, **HTMX)
    assert "Correct!" in right.content.decode()
    assert 'id="work-status" hx-swap-oob="true"' in right.content.decode()
    progress = Progress.objects.get(assignment=discard_exercise, student=world.student)
    assert (progress.attempts, progress.correct, progress.score) == (2, 1, 0)
    assert progress.completed_at is not None
    given = list(Attempt.objects.order_by("pk").values_list("given", "answer"))
    assert given == [({"tile": ["7m"]}, "7m"), ({"tile": ["1s"]}, "1s")]


def test_an_answer_by_plain_post_shows_the_whole_page(login, world, discard_exercise):
    response = login(world.student).post(
        _answer_url(world, discard_exercise), {"item": "1", "tile": "1s"}
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" in body and "Correct!" in body


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"item": "1"}, "Pick one tile to discard"),
        ({"item": "1", "tile": "9z"}, "is not a tile"),
        ({"item": "1", "tile": "5z"}, "cannot be chosen here"),
        ({"item": "1", "tile": "x" * 300}, "is not a tile"),
        ({"item": "1", "tile": ["1s", "2m"]}, "Pick one tile"),
    ],
)
def test_a_tampered_answer_is_a_400_and_records_nothing(
    login, world, discard_exercise, data, message
):
    for headers in (HTMX, {}):
        response = login(world.student).post(_answer_url(world, discard_exercise), data, **headers)
        assert response.status_code == 400
        assert "answer-error" in response.content.decode()
        assert message in unescape(response.content.decode())
    assert not Progress.objects.filter(assignment=discard_exercise).exists()


@pytest.mark.parametrize("item", ["", "0", "2", "exercise", "1' or 1=1"])
def test_an_item_the_worksheet_does_not_have_is_a_404(login, world, discard_exercise, item):
    response = login(world.student).post(
        _answer_url(world, discard_exercise), {"item": item, "tile": "1s"}
    )
    assert response.status_code == 404
    assert not Attempt.objects.exists()


def test_a_stage_is_not_answered_on_the_class_page(login, world):
    a = Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="W", stage_slug="the-wall"
    )
    response = login(world.student).post(_answer_url(world, a), {"item": "1", "tile": "1s"})
    assert response.status_code == 400


def test_the_time_spent_comes_from_a_signed_token(login, world, discard_exercise):
    client = login(world.student)
    client.post(_answer_url(world, discard_exercise), {"item": "1", "tile": "1s", "shown": "x"})
    progress = Progress.objects.get(assignment=discard_exercise, student=world.student)
    assert progress.seconds == 0


def test_the_dashboard_and_csv_show_each_students_work(login, world, discard_exercise):
    login(world.student).post(_answer_url(world, discard_exercise), {"item": "1", "tile": "1s"})
    client = login(world.teacher)
    body = client.get(reverse("classes:dashboard", args=[world.classroom.pk])).content.decode()
    assert "student" in body and "Discard" in body
    assert 'data-status="done"' in body
    assert "Exercise: What to discard" in body  # accuracy per theme
    response = client.get(reverse("classes:dashboard_csv", args=[world.classroom.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    done = {r["assignment"]: r["status"] for r in rows}
    assert done == {"Score this": "not_started", "Discard": "done"}


def test_the_page_per_student(login, world, discard_exercise):
    login(world.student).post(_answer_url(world, discard_exercise), {"item": "1", "tile": "7m"})
    url = reverse("classes:student", args=[world.classroom.pk, world.student.pk])
    body = login(world.teacher).get(url).content.decode()
    assert "Discard" in body and "7m" in body
    review = ("classes:review", [world.classroom.pk, discard_exercise.pk, world.student.pk])
    assert reverse(review[0], args=review[1]) in body  # their answers, drawn


def test_my_assignments_shows_late_work(login, world):
    from datetime import timedelta

    from django.utils import timezone

    world.exercise.due = timezone.now() - timedelta(hours=1)
    world.exercise.save()
    body = login(world.student).get(reverse("classes:mine")).content.decode()
    assert "Score this" in body and "status-late" in body


def test_every_kind_of_assignment_page_renders_for_teacher_and_student(login, world, some_puzzles):
    Stage.objects.create(slug="the-wall", number=4, title={"en": "The wall", "es": "El muro"})
    made = [
        Assignment.objects.create(
            classroom=world.classroom, kind="stage", title="Wall", stage_slug="the-wall"
        ),
        Assignment.objects.create(
            classroom=world.classroom,
            kind="puzzles",
            title="Set",
            puzzle_ids=[p.pk for p in some_puzzles],
        ),
        Assignment.objects.create(
            classroom=world.classroom,
            kind="exercise",
            title="Waits",
            worksheet=[{"type": "waits", "hand": "23m456p789s11z111m"}],
        ),
    ]
    expected = {
        "Wall": ['href="/learn/the-wall/"', "The wall"],
        "Set": [f'href="/puzzles/{some_puzzles[0].pk}/"'],
        "Waits": ['name="tile"', 'value="9p"'],
    }
    for user in (world.teacher, world.student):
        client = login(user)
        for a in made:
            body = client.get(
                reverse("classes:assignment", args=[world.classroom.pk, a.pk])
            ).content.decode()
            if a.title == "Waits" and user == world.teacher:
                assert "tile-mark" in body and "Add a hand" in body  # the answer key
                continue
            for fragment in expected[a.title]:
                assert fragment in body, (user, a.title, fragment)
    # The student answers the waits exercise with several tiles.
    response = login(world.student).post(
        _answer_url(world, made[2]), {"item": "1", "tile": ["1m", "4m", "1z"]}, **HTMX
    )
    assert "Correct!" in response.content.decode()
    # Who pays what: the points typed in.
    response = login(world.student).post(
        _answer_url(world, world.exercise), {"item": "1", "pay_west": "2600"}
    )
    assert "Correct!" in response.content.decode()
