"""Write static/css/layout.css: the sizes and positions pages used to set in style="" attributes.

The Content-Security-Policy forbids inline styles, so a template says ``data-tile-h="48"`` or
``data-row="3"`` and this stylesheet holds one rule for every value those attributes can take
(tile heights MIN_SIZE..MAX_SIZE, hand widths in quarter tiles, wall grid cells, bar percents).

Usage: python tools/layout_css.py   (run again when a range changes; a test checks the file)
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "static" / "css" / "layout.css"
# A hand or set of up to 40 tile widths, counted in quarter tiles (see the {% tiles %} tag).
QUARTERS = range(4, 161)
WALL_CELLS = range(1, 41)
GRID_LINES = range(1, 41)
PERCENTS = range(0, 101)


def stylesheet() -> str:
    from tutor.web.templatetags.tiles import MAX_SIZE, MIN_SIZE

    lines = [
        "/* Written by tools/layout_css.py: do not edit by hand. */",
        "",
        "/* Tile height: {% tiles %} sets data-tile-h; a hand shrinks to fit narrow screens. */",
        ".tiles[data-tile-h], img.tile-inline[data-tile-h] { --tile-h: var(--tile-size); }",
        ".tiles[data-tile-h][data-tile-fit] {",
        "  --tile-h: min(var(--tile-size), calc((100vw - 5rem) / var(--tile-slots) * 4 / 3));",
        "}",
    ]
    lines += [
        f'[data-tile-h="{n}"] {{ --tile-size: {n}px; }}' for n in range(MIN_SIZE, MAX_SIZE + 1)
    ]
    lines += [f'[data-tile-fit="{q}"] {{ --tile-slots: {q / 4:g}; }}' for q in QUARTERS]
    lines += ["", "/* The wall drawn as a grid. */"]
    lines += [f'[data-wall-cells="{n}"] {{ --wall-cells: {n}; }}' for n in WALL_CELLS]
    lines += [f'[data-row="{n}"] {{ grid-row: {n}; }}' for n in GRID_LINES]
    lines += [f'[data-col="{n}"] {{ grid-column: {n}; }}' for n in GRID_LINES]
    lines += ["", "/* Progress bars. */"]
    lines += [f'[data-bar="{n}"] {{ width: {n}%; }}' for n in PERCENTS]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    OUT.write_text(stylesheet())
    print(f"wrote {OUT.relative_to(ROOT)}")
