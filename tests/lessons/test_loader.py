"""``load_lessons --check`` on single files: problems are reported as readable errors."""

from __future__ import annotations

import io
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from lessons.content import CONTENT_DIR


def test_checking_an_english_file_without_its_spanish_twin_says_so(tmp_path):
    (tmp_path / "en").mkdir()
    english = tmp_path / "en" / "04-the-wall.yaml"
    shutil.copy(CONTENT_DIR / "en" / english.name, english)
    with pytest.raises(CommandError, match=r"no es file \(lessons/content/es/04-the-wall.yaml\)"):
        call_command("load_lessons", check=[str(english)], stdout=io.StringIO())


def test_checking_a_file_that_does_not_exist_says_so(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("load_lessons", check=[str(tmp_path / "en" / "04-x.yaml")])


def test_a_spanish_file_is_checked_with_its_english_twin():
    out = io.StringIO()
    call_command("load_lessons", check=[str(CONTENT_DIR / "es" / "04-the-wall.yaml")], stdout=out)
    assert "== 4. the-wall" in out.getvalue()
