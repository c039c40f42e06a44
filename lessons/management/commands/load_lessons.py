"""Load the curriculum files into the database (idempotent).

Stages and steps are matched by slug and key: text and positions are updated in place, steps
removed from the files are deleted (with their progress) and nothing is written when nothing
changed. A stage whose files have a problem is left as it is in the database and reported on
stderr, so one unfinished file does not stop ``make run``; ``--strict`` fails instead (the
content test is strict). ``--check`` only reads and checks the files, printing each exercise's
answer as the engine computes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Model

from lessons.content import (
    CONTENT_DIR,
    LANGUAGES,
    SOURCE_LANGUAGE,
    StageContent,
    check_stage,
    read_curriculum,
    read_stage,
    stage_files,
)
from lessons.models import Stage, Step
from tutor.exercises import ContentError, exercise

STEP_FIELDS = ("title", "text", "figure", "exercise", "question", "hint", "after")


class Command(BaseCommand):
    help = "Load lessons/content/ into the database (idempotent); --check only checks."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--check", nargs="*", metavar="FILE", help="check files, write nothing")
        parser.add_argument("--content-dir", default=str(CONTENT_DIR))
        parser.add_argument("--strict", action="store_true", help="fail on any problem")

    def handle(self, *args: Any, **options: Any) -> None:
        content_dir = Path(options["content_dir"])
        if options["check"] is not None:
            self._check(content_dir, [Path(p) for p in options["check"]])
            return
        stages: list[StageContent] = []
        problems: list[str] = []
        for files in stage_files(content_dir):
            try:
                read = read_stage(files)
            except ContentError as exc:
                problems.append(str(exc))
                continue
            found = check_stage(read)
            problems += found
            if not found:
                stages.append(read)
        if problems:
            if options["strict"]:
                raise CommandError("\n".join(problems))
            for problem in problems:
                self.stderr.write(f"skipped: {problem}")
        created = updated = deleted = 0
        with transaction.atomic():
            for content in stages:
                values = {f: getattr(content, f) for f in ("number", "title", "summary")}
                stage, made = Stage.objects.get_or_create(slug=content.slug, defaults=values)
                created += made
                updated += not made and _update(stage, values)
                existing = {s.key: s for s in stage.steps.all()}
                for number, step in enumerate(content.steps, start=1):
                    values = {"number": number} | {f: getattr(step, f) for f in STEP_FIELDS}
                    row = existing.pop(step.key, None)
                    if row is None:
                        Step.objects.create(stage=stage, key=step.key, **values)
                        created += 1
                    else:
                        updated += _update(row, values)
                for row in existing.values():
                    row.delete()
                    deleted += 1
        self.stdout.write(
            f"{len(stages)} stages: {created} created, {updated} updated, {deleted} deleted"
        )

    def _check(self, content_dir: Path, paths: list[Path]) -> None:
        try:
            stages = (
                [read_stage(_stage_files(p)) for p in paths]
                if paths
                else read_curriculum(content_dir)
            )
        except ContentError as exc:
            raise CommandError(str(exc)) from exc
        failed = False
        for stage in stages:
            self.stdout.write(f"== {stage.number}. {stage.slug} ({len(stage.steps)} steps)")
            for step in stage.steps:
                if not step.exercise:
                    self.stdout.write(f"  {step.key}: text")
                    continue
                try:
                    answers = exercise(step.exercise).solutions()
                    self.stdout.write(f"  {step.key}: {step.exercise['type']} -> {answers}")
                except Exception as exc:
                    self.stdout.write(f"  {step.key}: PROBLEM {exc}")
            problems = check_stage(stage)
            for p in problems:
                self.stdout.write(f"  PROBLEM {p}")
            failed |= bool(problems)
        if failed:
            raise CommandError("some exercises have problems (see above)")


def _stage_files(path: Path) -> dict[str, Path]:
    """A stage's files by language from one of them (``.../en/NN-slug.yaml`` or its twin).

    A missing file is left out, so :func:`~lessons.content.read_stage` names it in a
    readable :class:`~tutor.exercises.ContentError` instead of a traceback.
    """
    if not path.is_file():
        raise ContentError(f"{path}: no such file")
    root = path.resolve().parent.parent
    files = {lang: root / lang / path.name for lang in LANGUAGES}
    if not files[SOURCE_LANGUAGE].is_file():
        raise ContentError(f"{path}: there is no English file of that name")
    return {lang: f for lang, f in files.items() if f.is_file()}


def _update(row: Model, values: dict[str, Any]) -> bool:
    """Give ``row`` the ``values`` and save it, if any differs; whether it did."""
    if all(getattr(row, k) == v for k, v in values.items()):
        return False
    for k, v in values.items():
        setattr(row, k, v)
    row.save()
    return True
