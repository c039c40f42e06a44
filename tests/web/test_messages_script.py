"""``make messages`` keeps a translation when its string moves to another app's catalogue."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import polib

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "messages.py"
spec = importlib.util.spec_from_file_location("messages_script", SCRIPT)
assert spec and spec.loader
messages = importlib.util.module_from_spec(spec)
spec.loader.exec_module(messages)


def catalogue(path: Path, entries: list[polib.POEntry]) -> Path:
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": "es"}
    for entry in entries:
        po.append(entry)
    po.save(str(path))
    return path


def test_a_string_that_moved_apps_takes_its_old_translation(tmp_path: Path) -> None:
    # Before extraction: lessons translated "Closed wait"; after, the string is extracted
    # into the exercise layer's catalogue, empty, and marked fuzzy with a wrong guess.
    old = catalogue(
        tmp_path / "old.po", [polib.POEntry(msgid="Closed wait", msgstr="Espera cerrada")]
    )
    new = catalogue(
        tmp_path / "new.po",
        [
            polib.POEntry(msgid="Closed wait"),
            polib.POEntry(msgid="Edge", msgstr="Todas", flags=["fuzzy"]),
            polib.POEntry(msgid="Never translated"),
        ],
    )
    known = messages.remember([old])
    known[("", "Edge", "")] = ("Borde", {})

    filled, missing = messages.restore(new, known)

    result = {e.msgid: e for e in polib.pofile(str(new))}
    assert filled == 2
    assert missing == ["Never translated"]
    assert result["Closed wait"].msgstr == "Espera cerrada"
    assert result["Edge"].msgstr == "Borde" and not result["Edge"].fuzzy


def test_a_catalogues_own_wording_comes_first(tmp_path: Path) -> None:
    mine = catalogue(tmp_path / "mine.po", [polib.POEntry(msgid="Wait", msgstr="Espera")])
    other = catalogue(tmp_path / "other.po", [polib.POEntry(msgid="Wait", msgstr="Aguarda")])
    assert messages.remember([mine, other])[("", "Wait", "")] == ("Espera", {})
    assert messages.remember([other, mine])[("", "Wait", "")] == ("Aguarda", {})
