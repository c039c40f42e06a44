"""The content check: every exercise in every file parses, the engine answers it, exactly one
answer is right, and the Spanish files cover every English step."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command

from lessons.content import (
    CONTENT_DIR,
    LANGUAGES,
    read_curriculum,
    read_stage,
    stage_files,
)
from tests.conftest import checked_stage, curriculum_files
from tutor.exercises import TYPES, ContentError, exercise

ROOT = Path(__file__).resolve().parent.parent.parent
try:
    STAGES = curriculum_files()
    PROBLEM = ""
except ContentError as exc:  # reported by the first test rather than as a collection error
    STAGES, PROBLEM = [], str(exc)


def test_every_content_file_reads():
    assert PROBLEM == ""


def test_the_curriculum_starts_with_the_first_four_stages():
    slugs = [s.slug for s in STAGES]
    assert slugs[:4] == ["tiles-and-suits", "sets-and-pairs", "winning-hands", "the-wall"]


@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s.slug)
def test_every_exercise_has_exactly_one_answer(stage):
    assert checked_stage(stage) == []


@pytest.mark.parametrize("stage", STAGES, ids=lambda s: s.slug)
def test_spanish_covers_every_english_step(stage):
    for step in stage.steps:
        for language in LANGUAGES:
            assert step.title.get(language), (step.key, language)
            if step.exercise:
                assert step.question.get(language), (step.key, language)
            else:
                assert step.text.get(language), (step.key, language)


@pytest.mark.parametrize("files", stage_files(), ids=lambda f: f["en"].stem)
def test_both_languages_have_the_same_step_keys(files):
    keys = {}
    for language in LANGUAGES:
        data = yaml.safe_load(files[language].read_text(encoding="utf-8"))
        keys[language] = [s["key"] for s in data["steps"]]
    assert keys["es"] == keys["en"]


def test_a_missing_spanish_step_is_reported(tmp_path):
    for language in LANGUAGES:
        (tmp_path / language).mkdir()
    source = CONTENT_DIR / "en" / "04-the-wall.yaml"
    (tmp_path / "en" / source.name).write_text(source.read_text())
    spanish = yaml.safe_load((CONTENT_DIR / "es" / source.name).read_text())
    spanish["steps"].pop()
    (tmp_path / "es" / source.name).write_text(yaml.safe_dump(spanish, allow_unicode=True))
    with pytest.raises(ContentError, match="steps"):
        read_curriculum(tmp_path)


def test_a_translation_may_not_change_the_position(tmp_path):
    for language in LANGUAGES:
        (tmp_path / language).mkdir()
    source = CONTENT_DIR / "en" / "04-the-wall.yaml"
    (tmp_path / "en" / source.name).write_text(source.read_text())
    spanish = yaml.safe_load((CONTENT_DIR / "es" / source.name).read_text())
    spanish["steps"][2]["exercise"]["dice"] = [1, 1]
    (tmp_path / "es" / source.name).write_text(yaml.safe_dump(spanish, allow_unicode=True))
    with pytest.raises(ContentError, match="differs from the English file"):
        read_stage({"en": tmp_path / "en" / source.name, "es": tmp_path / "es" / source.name})


def test_an_ambiguous_exercise_is_rejected():
    # 22 + 345 345 or 55 + 234 234: two different pairs, so two right answers.
    ex = exercise({"type": "complete", "hand": "22334455m456p789s"})
    assert len(ex.solutions()) == 2


def test_a_position_with_no_answer_is_rejected():
    with pytest.raises(ContentError):
        exercise({"type": "waits", "hand": "123m456p789s12345z"}).solution()


def _doc_examples():
    doc = (ROOT / "docs" / "lessons-format.md").read_text(encoding="utf-8")
    out = []
    for block in re.findall(r"```yaml\n(.*?)```", doc, re.S):
        data = yaml.safe_load(block)
        if isinstance(data, list):
            for step in data:
                if step.get("exercise"):
                    out.append(step)
    return out


@pytest.mark.parametrize("step", _doc_examples(), ids=lambda s: s["exercise"]["type"])
def test_every_example_in_the_format_doc_works(step):
    position = {k: v for k, v in step["exercise"].items() if k not in ("question", "hint", "after")}
    assert len(exercise(position).solutions()) == 1


def test_the_format_doc_has_an_example_of_every_type():
    assert {s["exercise"]["type"] for s in _doc_examples()} == set(TYPES)


@pytest.mark.django_db
def test_loading_twice_changes_nothing(capsys, monkeypatch):
    from lessons.management.commands import load_lessons
    from lessons.models import Stage, Step

    # What the loader writes, not what the content check finds (every stage passes that check
    # in test_every_exercise_has_exactly_one_answer): without it the two loads cost a second,
    # with it 25 s of CPU in each test process that has not checked the curriculum yet.
    monkeypatch.setattr(load_lessons, "check_stage", lambda stage: [])
    call_command("load_lessons")
    first = capsys.readouterr().out
    rows = list(Step.objects.values_list("stage__slug", "key", "number", "exercise"))
    call_command("load_lessons")
    second = capsys.readouterr().out
    assert "0 created, 0 updated, 0 deleted" in second
    assert "created" in first
    assert list(Step.objects.values_list("stage__slug", "key", "number", "exercise")) == rows
    assert Stage.objects.count() == len(STAGES)


def test_load_demo_runs_the_lesson_loader():
    from django.core.management import get_commands

    from tutor.web.management.commands.load_demo import DEMO_COMMANDS

    assert ("load_lessons",) in DEMO_COMMANDS
    assert get_commands()["load_lessons"] == "lessons"


@pytest.mark.django_db
def test_a_broken_stage_is_skipped_unless_strict(tmp_path):
    from django.core.management.base import CommandError

    from lessons.models import Stage

    for language in LANGUAGES:
        (tmp_path / language).mkdir()
        for name in ("01-tiles-and-suits.yaml", "04-the-wall.yaml"):
            (tmp_path / language / name).write_text((CONTENT_DIR / language / name).read_text())
    broken = tmp_path / "en" / "04-the-wall.yaml"
    broken.write_text(broken.read_text().replace("dice: [3, 4]", "dice: [4, 9]", 1))
    err = io.StringIO()
    call_command("load_lessons", content_dir=str(tmp_path), stdout=io.StringIO(), stderr=err)
    assert "skipped" in err.getvalue() and "the-wall" in err.getvalue()
    assert list(Stage.objects.values_list("slug", flat=True)) == ["tiles-and-suits"]
    with pytest.raises(CommandError, match="the-wall"):
        call_command("load_lessons", content_dir=str(tmp_path), strict=True, stdout=io.StringIO())
