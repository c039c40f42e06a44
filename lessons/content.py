"""Reading the curriculum files in lessons/content/<language>/NN-slug.yaml.

See docs/lessons-format.md for the format. :func:`read_curriculum` reads every stage in every
language, merges the translations into one :class:`StageContent` per stage and raises
:class:`~tutor.exercises.ContentError` naming the file and step of the first problem.
:func:`check_stage` asks the engine to answer every exercise and returns the problems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tutor.exercises import ContentError, exercise, wall_figure

CONTENT_DIR = Path(__file__).resolve().parent / "content"
SOURCE_LANGUAGE = "en"
LANGUAGES = ("en", "es")
TEXT_FIELDS = ("question", "hint", "after")
STAGE_FIELDS = ("slug", "number", "title", "summary", "steps")
KEY_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
FILE_RE = re.compile(r"^(\d\d)-([a-z0-9-]+)\.yaml$")
MIN_STEPS, MAX_STEPS = 4, 10


@dataclass
class StepContent:
    key: str
    title: dict[str, str] = field(default_factory=dict)
    text: dict[str, str] = field(default_factory=dict)
    figure: dict[str, Any] = field(default_factory=dict)
    exercise: dict[str, Any] = field(default_factory=dict)
    question: dict[str, str] = field(default_factory=dict)
    hint: dict[str, str] = field(default_factory=dict)
    after: dict[str, str] = field(default_factory=dict)


@dataclass
class StageContent:
    slug: str
    number: int
    files: dict[str, Path]
    title: dict[str, str] = field(default_factory=dict)
    summary: dict[str, str] = field(default_factory=dict)
    steps: list[StepContent] = field(default_factory=list)


def _text(value: Any, where: str, required: bool = True) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise ContentError(f"{where}: write some text")
    return value.strip()


def read_file(path: Path) -> dict[str, Any]:
    """One content file, parsed and with its top-level fields checked."""
    match = FILE_RE.match(path.name)
    if not match:
        raise ContentError(f"{path}: name content files NN-slug.yaml")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ContentError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise ContentError(f"{path}: the file must be a mapping with slug, number, title, steps")
    for key in STAGE_FIELDS:
        if key not in data:
            raise ContentError(f"{path}: missing {key}")
    unknown = set(data) - set(STAGE_FIELDS)
    if unknown:
        raise ContentError(f"{path}: unknown fields {', '.join(sorted(unknown))}")
    if data["slug"] != match.group(2) or data["number"] != int(match.group(1)):
        raise ContentError(f"{path}: slug and number must match the file name")
    if not isinstance(data["steps"], list) or not data["steps"]:
        raise ContentError(f"{path}: steps must be a list")
    return data


def _merge_step(stage: StageContent, i: int, step: Any, language: str, path: Path) -> None:
    where = f"{path}, step {i + 1}"
    if not isinstance(step, dict):
        raise ContentError(f"{where}: a step is a mapping with key, title, text or exercise")
    unknown = set(step) - {"key", "title", "text", "figure", "exercise"}
    if unknown:
        raise ContentError(f"{where}: unknown fields {', '.join(sorted(unknown))}")
    key = step.get("key")
    if language == SOURCE_LANGUAGE:
        if not isinstance(key, str) or not KEY_RE.match(key):
            raise ContentError(f"{where}: key must be lowercase words joined by hyphens")
        if any(s.key == key for s in stage.steps):
            raise ContentError(f"{where}: key {key!r} is used twice")
        stage.steps.append(StepContent(key=key))
    elif i >= len(stage.steps) or stage.steps[i].key != key:
        expected = stage.steps[i].key if i < len(stage.steps) else "(none)"
        raise ContentError(f"{where}: key {key!r} should be {expected!r} (same keys and order)")
    target = stage.steps[i]
    where = f"{path}, step {key}"
    target.title[language] = _text(step.get("title"), f"{where}: title")
    target.text[language] = _text(step.get("text"), f"{where}: text", required=False)
    figure = step.get("figure")
    if figure is not None:
        if not isinstance(figure, dict):
            raise ContentError(f"{where}: figure must be a mapping")
        if language == SOURCE_LANGUAGE:
            try:
                wall_figure(figure)
            except ContentError as exc:
                raise ContentError(f"{where}: {exc}") from exc
            target.figure = figure
        elif figure != target.figure:
            raise ContentError(f"{where}: the figure differs from the English file")
    data = step.get("exercise")
    if data is None:
        if language != SOURCE_LANGUAGE and target.exercise:
            raise ContentError(f"{where}: the English step has an exercise; translate it")
        if not target.text[language]:
            raise ContentError(f"{where}: a step without an exercise needs text")
        return
    if not isinstance(data, dict):
        raise ContentError(f"{where}: exercise must be a mapping")
    position = {k: v for k, v in data.items() if k not in TEXT_FIELDS}
    if language == SOURCE_LANGUAGE:
        target.exercise = position
    else:
        if not target.exercise:
            raise ContentError(f"{where}: the English step has no exercise")
        for k, v in position.items():
            if target.exercise.get(k) != v:
                raise ContentError(f"{where}: exercise field {k} differs from the English file")
    target.question[language] = _text(data.get("question"), f"{where}: question")
    target.hint[language] = _text(data.get("hint"), f"{where}: hint", required=False)
    target.after[language] = _text(data.get("after"), f"{where}: after", required=False)


def read_stage(files: dict[str, Path]) -> StageContent:
    """Merge one stage's files (``{"en": path, "es": path}``) into one :class:`StageContent`."""
    source = read_file(files[SOURCE_LANGUAGE])
    stage = StageContent(source["slug"], source["number"], files)
    for language in LANGUAGES:
        path = files.get(language)
        if path is None:
            raise ContentError(
                f"{files[SOURCE_LANGUAGE]}: no {language} file (lessons/content/{language}/"
                f"{files[SOURCE_LANGUAGE].name})"
            )
        data = source if language == SOURCE_LANGUAGE else read_file(path)
        if data["slug"] != stage.slug or data["number"] != stage.number:
            raise ContentError(f"{path}: slug and number must match the English file")
        stage.title[language] = _text(data["title"], f"{path}: title")
        stage.summary[language] = _text(data["summary"], f"{path}: summary")
        for i, step in enumerate(data["steps"]):
            _merge_step(stage, i, step, language, path)
        if len(data["steps"]) != len(stage.steps):
            raise ContentError(
                f"{path}: {len(data['steps'])} steps, the English file has {len(stage.steps)}"
            )
    return stage


def stage_files(content_dir: Path = CONTENT_DIR) -> list[dict[str, Path]]:
    """Each stage's files by language, in curriculum order."""
    out = [
        {
            language: f
            for language in LANGUAGES
            if (f := content_dir / language / path.name).exists()
        }
        for path in sorted((content_dir / SOURCE_LANGUAGE).glob("*.yaml"))
    ]
    for language in LANGUAGES[1:]:
        for path in sorted((content_dir / language).glob("*.yaml")):
            if not (content_dir / SOURCE_LANGUAGE / path.name).exists():
                raise ContentError(f"{path}: there is no English file of that name")
    return out


def read_curriculum(content_dir: Path = CONTENT_DIR) -> list[StageContent]:
    """Every stage, merged and checked for structure (not yet for answers)."""
    stages = [read_stage(files) for files in stage_files(content_dir)]
    seen: set[int] = set()
    for stage in stages:
        if stage.number in seen:
            raise ContentError(f"{stage.files[SOURCE_LANGUAGE]}: stage number used twice")
        seen.add(stage.number)
    return stages


FAMILY_SEEDS_CHECKED = 50
"""How many of a family exercise's positions the content check answers."""


def check_stage(stage: StageContent) -> list[str]:
    """Ask the engine to answer every exercise; return the problems (empty when all is well)."""
    problems = []
    if not MIN_STEPS <= len(stage.steps) <= MAX_STEPS:
        problems.append(f"{stage.slug}: {len(stage.steps)} steps; a stage has 4 to 10")
    for step in stage.steps:
        if not step.exercise:
            continue
        try:
            found = exercise(step.exercise).solutions()
        except ContentError as exc:
            problems.append(f"{stage.slug}/{step.key}: {exc}")
            continue
        except Exception as exc:  # an engine failure is a problem of this exercise too
            problems.append(f"{stage.slug}/{step.key}: the engine failed: {exc!r}")
            continue
        if "family" in step.exercise:
            # Every learner sees another position: each must have exactly one answer too.
            for seed in range(FAMILY_SEEDS_CHECKED):
                try:
                    many = exercise({**step.exercise, "seed": seed}).solutions()
                except ContentError as exc:
                    problems.append(f"{stage.slug}/{step.key} seed {seed}: {exc}")
                    break
                if len(many) != 1:
                    problems.append(
                        f"{stage.slug}/{step.key} seed {seed}: {len(many)} right answers"
                    )
                    break
        if len(found) != 1:
            problems.append(
                f"{stage.slug}/{step.key}: {len(found)} answers are right; an exercise needs "
                "exactly one"
            )
    return problems
