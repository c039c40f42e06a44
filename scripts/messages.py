"""Refresh the Spanish catalogues without losing a translation: ``make messages`` runs this.

Django's ``makemessages`` writes each string to the catalogue nearest the file that uses it.
When code or a template moves between apps (the exercise layer left ``lessons/`` for
``tutor/exercises/``; the shared tables moved to ``templates/web/``), its strings land in
another catalogue *untranslated*, while ``--no-obsolete`` drops the old translations from the
catalogue they came from. So before extracting, every translation of every catalogue is read
into one memory (each file's own first), and afterwards any entry left empty, or only given
a fuzzy guess, takes the exact translation it had anywhere. What is still untranslated is
listed, then everything is compiled.

    .venv/bin/python scripts/messages.py
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
IGNORED = [".venv/*", "tests/*", "bench/*", "tools/*", "var/*", "staticfiles/*", "tutor/engine/*"]

Key = tuple[str, str, str]
Translation = tuple[str, dict[int, str]]


def catalogues() -> list[Path]:
    """The Spanish catalogues git knows (new ones appear after extraction)."""
    out = subprocess.run(
        ["git", "ls-files", "*/es/LC_MESSAGES/django.po"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [ROOT / line for line in out.split()]


def key(entry: polib.POEntry) -> Key:
    """Context, singular and plural: what a translation is looked up by."""
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def remember(paths: list[Path]) -> dict[Key, Translation]:
    """Every finished (translated, not fuzzy) entry of these catalogues, the first one kept."""
    known: dict[Key, Translation] = {}
    for path in paths:
        for entry in polib.pofile(str(path)):
            if entry.translated() and not entry.obsolete:
                known.setdefault(key(entry), (entry.msgstr, dict(entry.msgstr_plural)))
    return known


def restore(path: Path, known: dict[Key, Translation]) -> tuple[int, list[str]]:
    """Fill this catalogue's empty or fuzzy entries from ``known``; the count and what is left."""
    po = polib.pofile(str(path))
    filled, missing = 0, []
    for entry in po:
        if entry.obsolete or (entry.translated() and not entry.fuzzy):
            continue
        found = known.get(key(entry))
        if found is None:
            missing.append(entry.msgid)
            continue
        entry.msgstr, plural = found
        if plural:
            entry.msgstr_plural = plural
        if entry.fuzzy:
            entry.flags.remove("fuzzy")
            entry.previous_msgid = entry.previous_msgid_plural = entry.previous_msgctxt = None
        filled += 1
    if filled:
        po.save(str(path))
        # gettext's own wrapping, as makemessages writes it, so the next run changes nothing
        subprocess.run(["msgcat", "--output-file", str(path), str(path)], check=True)
    return filled, missing


def main() -> int:
    before = catalogues()
    # A catalogue's own translations first, so a string worded two ways in two apps keeps each.
    memory = {path: remember([path, *(p for p in before if p != path)]) for path in before}
    everything = remember(before)
    manage = [sys.executable, "manage.py"]
    ignores = [f"--ignore={pattern}" for pattern in IGNORED]
    subprocess.run(
        [*manage, "makemessages", "-l", "es", "--no-obsolete", *ignores], cwd=ROOT, check=True
    )
    left = 0
    for path in catalogues():
        filled, missing = restore(path, memory.get(path, everything))
        name = path.relative_to(ROOT)
        if filled:
            print(f"{name}: {filled} translations carried over from another catalogue")
        for msgid in missing:
            print(f"{name}: untranslated: {msgid!r}")
        left += len(missing)
    subprocess.run([*manage, "compilemessages", "--ignore=.venv/*"], cwd=ROOT, check=True)
    print(f"{left} strings left to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
