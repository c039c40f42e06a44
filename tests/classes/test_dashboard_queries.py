"""The teacher's pages cost a fixed number of queries whatever the class size (issue 10,
item 5): a class of 30 students with 60 assignments of every kind costs what a class of one
student with three assignments does."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from classes import services
from classes.models import Assignment, AssignmentKind, Attempt, Membership, Progress
from lessons.models import Stage, StageBest, Step, StepProgress
from puzzles.models import Puzzle

pytestmark = pytest.mark.django_db


def _stages(n: int) -> list[Stage]:
    stages = []
    for i in range(n):
        stage, _ = Stage.objects.get_or_create(
            slug=f"stage-{i}", defaults={"number": 100 + i, "title": {"en": f"Stage {i}"}}
        )
        for j in range(3):
            Step.objects.get_or_create(stage=stage, key=f"s{j}", defaults={"number": j + 1})
        stages.append(stage)
    return stages


def grow(world, students: int, per_kind: int) -> list[Assignment]:
    """Make the class ``students`` students (world.student first) and add ``per_kind`` assignments of each kind,
    with work in every cell: progress, attempts with themes, and lesson stages some students
    finished on the lessons pages before they were assigned (the dashboard counts them)."""
    classroom = world.classroom
    users = list(User.objects.filter(class_memberships__classroom=classroom).order_by("pk"))
    added = [User.objects.create(username=f"pupil{i:02d}") for i in range(len(users), students)]
    Membership.objects.bulk_create([Membership(classroom=classroom, student=u) for u in added])
    users += added
    stages = _stages(min(per_kind, 5))
    puzzle_ids = list(Puzzle.objects.values_list("pk", flat=True)[:3])
    assignments = []
    for i in range(per_kind):
        assignments.append(
            Assignment(
                classroom=classroom,
                kind=AssignmentKind.STAGE,
                stage_slug=stages[i % len(stages)].slug,
            )
        )
        assignments.append(
            Assignment(classroom=classroom, kind=AssignmentKind.PUZZLES, puzzle_ids=puzzle_ids)
        )
        assignments.append(
            Assignment(
                classroom=classroom,
                kind=AssignmentKind.EXERCISE,
                worksheet=world.exercise.worksheet,
                due=timezone.now() if i % 2 else None,
            )
        )
    Assignment.objects.bulk_create(assignments)
    assignments = list(classroom.assignments.all())
    now = timezone.now()
    Progress.objects.bulk_create(
        [
            Progress(assignment=a, student=u, attempts=2, correct=1, score=50, last_activity=now)
            for a in assignments
            for u in users
            if a.kind != AssignmentKind.STAGE
        ],
        ignore_conflicts=True,
    )
    Attempt.objects.bulk_create(
        [
            Attempt(
                assignment=a,
                student=u,
                item="exercise",
                correct=True,
                themes=[f"lesson:{stages[0].slug}", "exercise:score", "tenpai"],
            )
            for a in assignments[:6]
            for u in users
        ]
    )
    # every other student finished the first stage on the lessons pages
    StageBest.objects.bulk_create(
        [StageBest(user=u, stage=stages[0], stars=2) for u in users[::2]], ignore_conflicts=True
    )
    StepProgress.objects.bulk_create(
        [
            StepProgress(user=u, step=step, done=True)
            for u in users[1::2]
            for step in stages[1].steps.all()
        ],
        ignore_conflicts=True,
    )
    return assignments


def count(client, url: str) -> int:
    connection.queries_log.clear()  # it keeps 9,000 queries: a full log would count 0
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def page_costs(client, world, assignments) -> dict[str, int]:
    cid = world.classroom.pk
    by_kind = {a.kind: a for a in assignments}
    costs = {
        "dashboard": count(client, reverse("classes:dashboard", args=[cid])),
        "csv": count(client, reverse("classes:dashboard_csv", args=[cid])),
        "student": count(client, reverse("classes:student", args=[cid, world.student.pk])),
        "class page": count(client, reverse("classes:detail", args=[cid])),
    }
    for kind, a in by_kind.items():
        costs[f"assignment ({kind})"] = count(
            client, reverse("classes:assignment", args=[cid, a.pk])
        )
    return costs


def test_the_teachers_pages_cost_the_same_for_30_students_and_60_assignments(world, login):
    client = login(world.teacher)
    small = page_costs(client, world, grow(world, students=2, per_kind=2))
    small_again = page_costs(client, world, list(world.classroom.assignments.all()))
    big_assignments = grow(world, students=30, per_kind=20)
    assert world.classroom.memberships.count() == 30
    assert len(big_assignments) >= 60
    big_first = page_costs(client, world, big_assignments)
    big = page_costs(client, world, big_assignments)
    # the first reading counts the stages done on the lessons pages: a few writes, once
    assert big_first["dashboard"] <= small["dashboard"]
    assert big == small_again
    assert max(big.values()) <= 30


def test_stage_work_done_before_the_assignment_counts_on_the_dashboard(world, login):
    assignments = grow(world, students=4, per_kind=2)
    login(world.teacher).get(reverse("classes:dashboard", args=[world.classroom.pk]))
    first_stage = next(a for a in assignments if a.stage_slug == "stage-0")
    second_stage = next(a for a in assignments if a.stage_slug == "stage-1")
    users = list(User.objects.filter(class_memberships__classroom=world.classroom))
    done = {
        (p.student_id, p.assignment_id): p
        for p in Progress.objects.filter(completed_at__isnull=False)
    }
    grid = services.class_grid(world.classroom)
    for user in users:
        for a in (first_stage, second_stage):
            cell = grid.cells[(user.pk, a.pk)]
            assert (cell.status == services.Status.DONE) == ((user.pk, a.pk) in done)
    assert sum(1 for (s, a) in done if a == first_stage.pk) == 2  # users[::2] of 4
    assert sum(1 for (s, a) in done if a == second_stage.pk) == 2  # users[1::2] of 4
    assert all(done[(s, a)].stars == 2 for (s, a) in done if a == first_stage.pk)


def test_a_class_holds_at_most_so_many_assignments(world, login, monkeypatch):
    from classes import views

    monkeypatch.setattr(views, "MAX_ASSIGNMENTS_PER_CLASS", 2)
    client = login(world.teacher)
    url = reverse("classes:assignment_new", args=[world.classroom.pk])
    assert client.get(url).status_code == 200  # one assignment so far
    Assignment.objects.create(
        classroom=world.classroom, kind=AssignmentKind.STAGE, title="Second", stage_slug="x"
    )
    for response in (
        client.get(url, follow=True),
        client.post(url, {"kind": "stage"}, follow=True),
    ):
        assert response.redirect_chain[-1][0] == reverse(
            "classes:detail", args=[world.classroom.pk]
        )
        assert "the most a class can have" in response.content.decode()
    assert world.classroom.assignments.count() == 2


def test_a_students_pages_cost_the_same_whatever_the_number_of_assignments(world, login):
    client = login(world.student)
    pages = [
        reverse("classes:detail", args=[world.classroom.pk]),
        reverse("classes:mine"),
        reverse("classes:index"),
    ]
    grow(world, students=2, per_kind=2)
    [count(client, url) for url in pages]  # the first reading may count finished stages
    small = [count(client, url) for url in pages]
    grow(world, students=2, per_kind=20)
    [count(client, url) for url in pages]  # the first reading may count finished stages
    assert [count(client, url) for url in pages] == small
