"""Personas for the classes tests: a teacher and their class, a student of it, a student of
another class, an outsider, and an anonymous visitor (the test client without log-in)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.cache import cache

from classes.models import Assignment, AssignmentKind, Classroom, Instructor, Membership

PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # Personas are made in every test; the default hasher would dominate the run time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Join throttling lives in the cache: every test starts with a clean slate.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def world(make_user):
    teacher = make_user("teacher")
    Instructor.objects.create(user=teacher)
    other_teacher = make_user("other_teacher")
    Instructor.objects.create(user=other_teacher)
    student = make_user("student")
    stranger_student = make_user("stranger_student")
    outsider = make_user("outsider")
    classroom = Classroom.objects.create(name="Riichi 101", created_by=teacher)
    classroom.teachers.add(teacher)
    other = Classroom.objects.create(name="Other class", created_by=other_teacher)
    other.teachers.add(other_teacher)
    Membership.objects.create(classroom=classroom, student=student)
    Membership.objects.create(classroom=other, student=stranger_student)
    exercise = Assignment.objects.create(
        classroom=classroom,
        kind=AssignmentKind.EXERCISE,
        title="Score this",
        exercise_kind="score",
        hand="234567m23455p678s",
        situation={"win_tile": "5p", "riichi": True, "seat_wind": "S", "round_wind": "E"},
        analysis={"points": 2600, "han": 2, "fu": 40, "yaku": [], "fu_lines": []},
    )
    return SimpleNamespace(
        teacher=teacher,
        other_teacher=other_teacher,
        student=student,
        stranger_student=stranger_student,
        outsider=outsider,
        classroom=classroom,
        other=other,
        exercise=exercise,
    )


@pytest.fixture
def login(client):
    def as_(user):
        client.force_login(user)
        return client

    return as_
