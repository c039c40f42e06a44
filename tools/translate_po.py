"""Fill msgstr entries of a .po file from a JSON dictionary of English → Spanish, then compile.

Usage: python tools/translate_po.py path/to/django.po translations.json
Existing translations are kept unless the JSON gives a new one; untranslated ids are listed.
"""

import json
import sys

import polib


def main(po_path: str, json_path: str) -> int:
    po = polib.pofile(po_path)
    with open(json_path, encoding="utf-8") as handle:
        spanish: dict[str, str] = json.load(handle)
    missing = []
    for entry in po:
        if entry.msgid in spanish:
            entry.msgstr = spanish[entry.msgid]
            if "fuzzy" in entry.flags:
                entry.flags.remove("fuzzy")
        elif not entry.msgstr:
            missing.append(entry.msgid)
    po.save(po_path)
    po.save_as_mofile(po_path[: -len(".po")] + ".mo")
    for msgid in missing:
        print("untranslated:", msgid)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
