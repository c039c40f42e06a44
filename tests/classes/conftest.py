"""Personas for the classes tests: a teacher and their class, a student of it, a student of
another class, an outsider, and an anonymous visitor (the test client without log-in)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.core.cache import cache

from tests import factories


@pytest.fixture(autouse=True)
def _fresh_cache():
    # Join throttling lives in the cache: every test starts with a clean slate.
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def world(db):
    teacher = factories.teacher("teacher")
    other_teacher = factories.teacher("other_teacher")
    student = factories.user("student")
    stranger_student = factories.user("stranger_student")
    classroom = factories.classroom("Riichi 101", teacher, student)
    other = factories.classroom("Other class", other_teacher, stranger_student)
    return SimpleNamespace(
        teacher=teacher,
        other_teacher=other_teacher,
        student=student,
        stranger_student=stranger_student,
        outsider=factories.user("outsider"),
        classroom=classroom,
        other=other,
        exercise=factories.score_exercise(classroom),
    )


@pytest.fixture
def login(client):
    def as_(user):
        client.force_login(user)
        return client

    return as_
