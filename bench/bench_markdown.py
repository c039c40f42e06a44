"""News-wall Markdown: render time of adversarial 5,000-character posts.

Run: ``.venv/bin/python bench/bench_markdown.py [--repeat N] [--compare]``. For each body it
prints the median and the maximum of N renders (sanitising included), then the worst median
and the worst maximum over all bodies. The aim is under 50 ms for any post. ``--compare``
also times Python-Markdown, the parser used before, on the first bodies (it is quadratic).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from classes.news import render_news  # noqa: E402

N = 5000


def _fill(unit: str) -> str:
    return (unit * (N // len(unit) + 1))[:N]


BODIES = {
    "open brackets [": _fill("["),
    "nested brackets [a": _fill("[a"),
    "closing brackets ]": _fill("]"),
    "emphasis run *a": _fill("*a"),
    "underscore run _a": _fill("_a"),
    "strong run **a": _fill("**a"),
    "link run [a](b)": _fill("[a](b)"),
    "unclosed links [a](": _fill("[a]("),
    "link labels [a][": _fill("[a]["),
    "reference defs": _fill("[a]: b\n"),
    "backticks `a": _fill("`a"),
    "backtick runs ``": _fill("``a`"),
    "angle brackets <": _fill("<"),
    "autolinks <http:": _fill("<http:"),
    "entities &#": _fill("&#"),
    "escapes \\[": _fill("\\["),
    "nested quotes >": _fill(">"),
    "nested quotes > ": _fill("> "),
    "nested lists - ": _fill("- "),
    "nested lists + ": _fill("+ "),
    "nested numbers 1. ": _fill("1. "),
    "quotes in lists - > ": _fill("- > "),
    "indented lists": "".join("  " * i + "- a\n" for i in range(70))[:N].ljust(N, "a"),
    "mixed *[`_": _fill("*[`_"),
    "mixed [*](": _fill("[*]("),
    "plain prose": _fill("The club meets on Friday. "),
}


def timings(render: object, body: str, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        render(body)  # type: ignore[operator]
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--compare", action="store_true")
    args = parser.parse_args()
    render_news("warm *up*")
    medians, maxima = [], []
    print(f"{'body (5,000 characters)':28} {'median ms':>10} {'max ms':>8}")
    for name, body in BODIES.items():
        assert len(body) == N
        ms = timings(render_news, body, args.repeat)
        medians.append(statistics.median(ms))
        maxima.append(max(ms))
        print(f"{name:28} {medians[-1]:10.2f} {maxima[-1]:8.2f}")
    print(
        f"worst median {max(medians):.2f} ms, worst max {max(maxima):.2f} ms "
        f"over {len(BODIES)} bodies x {args.repeat} renders (aim: under 50 ms)"
    )
    if args.compare:
        import markdown

        for name in list(BODIES)[:2]:
            body = BODIES[name][:2000]
            ms = timings(lambda t: markdown.markdown(t), body, 1)
            print(f"Python-Markdown, {name}, 2,000 characters: {ms[0]:.0f} ms")


if __name__ == "__main__":
    main()
