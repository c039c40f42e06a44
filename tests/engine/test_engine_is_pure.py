"""The engine is plain Python: importing it pulls in neither Django nor Celery."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = """
import sys
import tutor.engine
import tutor.engine.analysis, tutor.engine.shapes, tutor.engine.waits, tutor.engine.dora
import tutor.engine.__main__
import tutor.engine.gamelog.cli, tutor.engine.gamelog.replay, tutor.engine.gamelog.tenhou6
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("django", "celery", "kombu"))
print(",".join(bad))
"""


def test_importing_the_engine_loads_neither_django_nor_celery() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
