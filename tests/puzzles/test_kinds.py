"""One vocabulary of puzzle kinds: the Django-free enum, the Django choices built from it, and
the kinds generation deals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from puzzles import generation
from puzzles.models import PuzzleKind
from tutor.exercises import kinds
from tutor.exercises.kinds import GENERATED, Kind


def test_the_django_choices_are_the_plain_kinds_with_labels() -> None:
    assert PuzzleKind.values == [k.value for k in Kind]
    assert all(PuzzleKind(k) == k for k in Kind)


def test_generation_deals_every_kind_but_the_mined_ones_by_the_enum() -> None:
    assert generation.KINDS == GENERATED and set(Kind) - set(GENERATED) == {
        Kind.DEFENSE,
        Kind.PUSH_FOLD,
    }
    assert all(isinstance(k, Kind) for k in generation.KINDS)
    assert set(generation.KIND_THEMES) == set(GENERATED)
    dealt = generation.generate("waits", seed=3, count=1, limit=40).puzzles
    assert dealt and all(p.kind is Kind.WAITS for p in dealt)


def test_the_vocabulary_module_loads_without_django() -> None:
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('kinds', {str(Path(kinds.__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "assert module.Kind.WAITS == 'waits'\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
