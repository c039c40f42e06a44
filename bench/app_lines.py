"""Python lines of the app code above the engine, per package, at any git revision.

Run: ``.venv/bin/python bench/app_lines.py [--any] [REV ...]`` (default ``HEAD``). Counts the
lines (newlines, as ``wc -l``) of every tracked ``*.py`` file under the packages below, leaving
out ``migrations/`` folders; the tests live in ``tests/`` at the top, outside every package.
``--any`` counts instead the lines that name ``Any`` as a word (the untyped seams). The
files are read from git, so the working tree does not matter and old revisions count the same
way: issue 11 quotes ``bench/app_lines.py dc81929 7641c4b`` (before the exercise layer, and
the end of the session that built it).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

PACKAGES = (
    "lessons",
    "tutor/exercises",
    "puzzles",
    "classes",
    "reviews",
    "tutor/web",
    "tutor/config",
)


def git(*args: str) -> str:
    return subprocess.run(("git", *args), check=True, capture_output=True, text=True).stdout


ANY = re.compile(r"\bAny\b")


def counts(rev: str, only_any: bool = False) -> dict[str, int]:
    """Lines per package at ``rev`` (or only those naming ``Any``)."""
    names = git("ls-tree", "-r", "--name-only", rev, "--", *PACKAGES).splitlines()
    out = dict.fromkeys(PACKAGES, 0)
    for name in names:
        if not name.endswith(".py") or "/migrations/" in name:
            continue
        package = max((p for p in PACKAGES if name.startswith(p + "/")), key=len)
        text = git("show", f"{rev}:{name}")
        if only_any:
            out[package] += sum(1 for line in text.splitlines() if ANY.search(line))
        else:
            out[package] += text.count("\n")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revs", nargs="*", default=["HEAD"])
    parser.add_argument("--any", action="store_true", help="count the lines naming Any")
    args = parser.parse_args()
    table = {rev: counts(rev, args.any) for rev in args.revs}
    print("package".ljust(18) + "".join(rev.rjust(10) for rev in args.revs))
    for package in (*PACKAGES, "total"):
        row = [sum(c.values()) if package == "total" else c[package] for c in table.values()]
        print(package.ljust(18) + "".join(f"{n:>10,}" for n in row))


if __name__ == "__main__":
    sys.exit(main())
