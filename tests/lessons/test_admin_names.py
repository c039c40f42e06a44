"""The admin names the lessons' and puzzles' models in good English and in Spanish."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from lessons.models import StepProgress
from puzzles.models import GenerationBatch


def test_step_progress_is_named_step_progress_in_the_plural():
    assert str(StepProgress._meta.verbose_name_plural) == "step progress"


def test_generation_batches_are_named_with_es():
    assert str(GenerationBatch._meta.verbose_name_plural) == "generation batches"


def test_the_admin_names_read_in_spanish():
    with translation.override("es"):
        assert str(StepProgress._meta.verbose_name_plural) == "progreso del paso"
        assert str(GenerationBatch._meta.verbose_name_plural) == "lotes de generación"


@pytest.mark.django_db
def test_the_admin_index_shows_no_doubled_s(client, make_user):
    admin = make_user("boss")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    client.force_login(admin)
    html = client.get(reverse("admin:index")).content.decode()
    assert "Step progress" in html and "Generation batches" in html
    assert "progresss" not in html and "batchs" not in html
