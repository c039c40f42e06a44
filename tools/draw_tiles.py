"""Draw the dojo's riichi tiles as small SVG files in ``static/tiles/``.

Run from the repository root (needs fontTools from the ``dev`` extra and Debian's
``fonts-noto-cjk``)::

    .venv/bin/python tools/draw_tiles.py [OUTPUT_DIR]

Every tile is drawn here from circles, rounded rectangles and a few hand-written paths. The
kanji (萬, the numerals, 東南西北, 發, 中) are taken from Noto Serif CJK (SIL Open Font License)
and converted to SVG paths at generation time, so the site never depends on the viewer having a
CJK font. Coordinates are rounded to whole units of a 300 x 400 viewBox, which is far finer than
a screen pixel at the sizes the site shows (24 to 64 px high) and keeps each file a few KB.

Output: ``1m..9m``, ``1p..9p``, ``1s..9s``, ``1z..7z`` (East, South, West, North, white, green,
red dragon), the red fives ``0m 0p 0s`` and ``back.svg``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "tiles"
SERIF_BOLD = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
SERIF_JP = 0  # index of the Japanese face inside the collection

W, H = 300, 400

# Palette. The three suit colours are the ones printed on real sets: deep blue, green, red.
IVORY = "#fbf6e8"
IVORY_SHADE = "#ece2c8"
BODY = "#ded2b2"  # the ivory body seen under the face (depth)
BACK = "#e0952c"  # the coloured back layer, as on Japanese sets
BACK_DARK = "#b8701a"
EDGE = "#7d6e52"
INK = "#17171c"
RED = "#d3202a"
BLUE = "#1d4fa0"
GREEN = "#17853a"
GREEN_DARK = "#0d5a26"
TEAL = "#11706b"

# The face of the tile (where the design goes) and the area inside its margin.
FACE_X0, FACE_Y0, FACE_X1, FACE_Y1 = 10, 8, 290, 364
AREA = (30, 28, 270, 344)


def n(v: float) -> str:
    """A coordinate, rounded to a whole unit (or one decimal for tiny values)."""
    r = round(v)
    if abs(v - r) < 0.05 or abs(v) >= 20:
        return str(r)
    return f"{v:.1f}".rstrip("0").rstrip(".")


# --- glyphs -------------------------------------------------------------------------------


@cache
def _font() -> TTFont:
    return TTFont(SERIF_BOLD, fontNumber=SERIF_JP, lazy=True)


def _glyph(ch: str) -> tuple[Any, str, tuple[float, float, float, float]]:
    font = _font()
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(ch)]
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    assert bounds.bounds is not None, ch
    return glyphs, name, bounds.bounds


def glyph_path(
    ch: str,
    box: tuple[float, float, float, float],
    fill: str,
    scale: float | None = None,
    stretch: float = 1.0,
    bolden: float = 0,
) -> str:
    """``<path>`` of one kanji centred in ``box`` (x0, y0, x1, y1).

    Without ``scale`` the glyph is made as large as fits; ``stretch`` widens it (tiles carve their
    characters a little wider than a font draws them).
    """
    glyphs, name, (gx0, gy0, gx1, gy1) = _glyph(ch)
    bx0, by0, bx1, by1 = box
    if scale is None:
        scale = min((bx1 - bx0) / ((gx1 - gx0) * stretch), (by1 - by0) / (gy1 - gy0))
    sx, sy = scale * stretch, scale
    # Centre the glyph's ink box in the target box; font y grows upwards, SVG y downwards.
    dx = (bx0 + bx1) / 2 - (gx0 + gx1) / 2 * sx
    dy = (by0 + by1) / 2 + (gy0 + gy1) / 2 * sy
    pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
    glyphs[name].draw(TransformPen(pen, (sx, 0, 0, -sy, dx, dy)))
    # A stroke in the fill colour thickens thin strokes so that they survive at 24 px.
    outline = (
        f' stroke="{fill}" stroke-width="{n(bolden)}" stroke-linejoin="round"' if bolden else ""
    )
    return f'<path fill="{fill}"{outline} d="{pen.getCommands()}"/>'


def fit_scale(chars: str, w: float, h: float, stretch: float = 1.0) -> float:
    """One scale at which every glyph of ``chars`` fits a ``w`` x ``h`` box."""
    scales = []
    for ch in chars:
        _, _, (x0, y0, x1, y1) = _glyph(ch)
        scales.append(min(w / ((x1 - x0) * stretch), h / (y1 - y0)))
    return min(scales)


# --- the tile body ------------------------------------------------------------------------


def tile_svg(content: str, title: str) -> str:
    """A whole tile: coloured back layer, ivory body for depth, shaded face, then ``content``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W // 10 * 3}" height="{H // 10 * 3}">'
        f"<title>{title}</title>"
        '<defs><linearGradient id="f" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="#fffdf6"/><stop offset=".6" stop-color="{IVORY}"/>'
        f'<stop offset="1" stop-color="{IVORY_SHADE}"/></linearGradient></defs>'
        # back layer (seen at the bottom), body, face
        f'<rect x="4" y="4" width="292" height="392" rx="30" fill="{BACK}" '
        f'stroke="{EDGE}" stroke-width="4"/>'
        f'<rect x="6" y="6" width="288" height="372" rx="28" fill="{BODY}"/>'
        f'<rect x="{FACE_X0}" y="{FACE_Y0}" width="{FACE_X1 - FACE_X0}" '
        f'height="{FACE_Y1 - FACE_Y0}" rx="24" fill="url(#f)" stroke="#c9bc9c" stroke-width="2"/>'
        f"{content}</svg>\n"
    )


def back_svg() -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" '
        f'width="{W // 10 * 3}" height="{H // 10 * 3}">'
        "<title>back</title>"
        '<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1">'
        f'<stop offset="0" stop-color="#f2b457"/><stop offset="1" stop-color="{BACK}"/>'
        "</linearGradient></defs>"
        f'<rect x="4" y="4" width="292" height="392" rx="30" fill="{BACK_DARK}" '
        f'stroke="{EDGE}" stroke-width="4"/>'
        f'<rect x="{FACE_X0}" y="{FACE_Y0}" width="{FACE_X1 - FACE_X0}" '
        f'height="{FACE_Y1 - FACE_Y0}" rx="24" fill="url(#b)"/>'
        f'<rect x="34" y="32" width="232" height="308" rx="14" fill="none" '
        f'stroke="#fbd79a" stroke-width="5" opacity=".55"/>'
        "</svg>\n"
    )


# --- man (characters) ---------------------------------------------------------------------

NUMERALS = "一二三四五六七八九"


def man(number: int, red: bool = False) -> str:
    top_color = RED if red else INK
    scale = fit_scale(NUMERALS, 196, 124, stretch=1.2)
    numeral = glyph_path(
        NUMERALS[number - 1], (52, 28, 248, 152), top_color, scale, stretch=1.2, bolden=9
    )
    wan = glyph_path("萬", (42, 170, 258, 348), RED, stretch=1.1, bolden=3)
    return numeral + wan


# --- pin (circles) ------------------------------------------------------------------------


def dot(cx: float, cy: float, r: float, color: str) -> str:
    """One circle of the pin suit: a coloured ring, an ivory gap, a coloured core."""
    return (
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{color}"/>'
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r * 0.7)}" fill="none" stroke="{IVORY}" '
        f'stroke-width="{n(r * 0.17)}"/>'
        f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r * 0.22)}" fill="{IVORY}"/>'
    )


def one_pin() -> str:
    cx, cy = 150, 186
    parts = [f'<circle cx="{cx}" cy="{cy}" r="118" fill="{GREEN}"/>']
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="104" fill="{IVORY}"/>')
    # a wreath of petals between the outer ring and the red centre
    for i in range(12):
        a = math.radians(i * 30)
        px, py = cx + 78 * math.cos(a), cy + 78 * math.sin(a)
        parts.append(
            f'<ellipse cx="{n(px)}" cy="{n(py)}" rx="20" ry="11" fill="{BLUE}" '
            f'transform="rotate({i * 30} {n(px)} {n(py)})"/>'
        )
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="52" fill="{RED}"/>')
    parts.append(
        f'<circle cx="{cx}" cy="{cy}" r="36" fill="none" stroke="{IVORY}" stroke-width="7"/>'
    )
    parts.append(f'<circle cx="{cx}" cy="{cy}" r="14" fill="{IVORY}"/>')
    return "".join(parts)


def pin(number: int, red: bool = False) -> str:
    if number == 1:
        return one_pin()
    b, g, r = BLUE, GREEN, RED
    if red:
        b = g = r = RED
    dots: list[tuple[float, float, float, str]]
    if number == 2:
        dots = [(150, 102, 64, g), (150, 268, 64, b)]
    elif number == 3:
        dots = [(78, 78, 50, b), (150, 186, 50, r), (222, 294, 50, g)]
    elif number == 4:
        dots = [(88, 102, 55, b), (212, 102, 55, g), (88, 268, 55, g), (212, 268, 55, b)]
    elif number == 5:
        dots = [
            (80, 82, 47, b),
            (220, 82, 47, g),
            (150, 186, 47, r),
            (80, 290, 47, g),
            (220, 290, 47, b),
        ]
    elif number == 6:
        dots = [(90, 74, 44, g), (210, 74, 44, g)]
        dots += [(x, y, 44, r) for y in (190, 292) for x in (90, 210)]
    elif number == 7:
        dots = [(72, 66, 38, g), (150, 104, 38, g), (228, 142, 38, g)]
        dots += [(x, y, 38, r) for y in (222, 304) for x in (100, 200)]
    elif number == 8:
        dots = [(x, y, 37, b) for y in (66, 146, 226, 306) for x in (96, 204)]
    else:  # 9
        dots = [(x, y, 38, c) for y, c in ((72, b), (186, r), (300, g)) for x in (70, 150, 230)]
    return "".join(dot(x, y, rad, c) for x, y, rad, c in dots)


# --- sou (bamboo) -------------------------------------------------------------------------


def stick(cx: float, cy: float, length: float, width: float, color: str, angle: float = 0) -> str:
    """One bamboo stick: a rounded stem with a node in the middle and a light groove."""
    dark = {GREEN: GREEN_DARK, RED: "#8e1016", BLUE: "#0f2f66", TEAL: "#074440"}[color]
    hw, hl = width / 2, length / 2
    groove = width * 0.12
    rot = f' transform="rotate({n(angle)} {n(cx)} {n(cy)})"' if angle else ""
    x0 = cx - hw
    return (
        f"<g{rot}>"
        f'<rect x="{n(x0)}" y="{n(cy - hl)}" width="{n(width)}" height="{n(length)}" '
        f'rx="{n(hw * 0.8)}" fill="{color}"/>'
        f'<path d="M{n(cx)} {n(cy - hl + width * 0.5)}V{n(cy - width * 0.35)}'
        f'M{n(cx)} {n(cy + width * 0.35)}V{n(cy + hl - width * 0.5)}" '
        f'stroke="{IVORY}" stroke-width="{n(groove)}" stroke-linecap="round" opacity=".6"/>'
        f'<rect x="{n(cx - hw * 1.25)}" y="{n(cy - width * 0.17)}" width="{n(width * 1.25)}" '
        f'height="{n(width * 0.34)}" rx="{n(width * 0.15)}" fill="{dark}"/>'
        f'<rect x="{n(cx - hw * 1.15)}" y="{n(cy - hl)}" width="{n(width * 1.15)}" '
        f'height="{n(width * 0.28)}" rx="{n(width * 0.14)}" fill="{dark}"/>'
        f'<rect x="{n(cx - hw * 1.15)}" y="{n(cy + hl - width * 0.28)}" '
        f'width="{n(width * 1.15)}" height="{n(width * 0.28)}" rx="{n(width * 0.14)}" '
        f'fill="{dark}"/>'
        "</g>"
    )


def feather(x: float, y: float, angle: float, length: float, width: float) -> str:
    """A peacock tail feather from (x, y), leaning ``angle`` degrees right of upright."""
    w, ln = width / 2, length
    return (
        f'<g transform="translate({n(x)} {n(y)}) rotate({n(angle)})">'
        f'<path d="M0 0C{n(-w * 0.5)} {n(-ln * 0.3)} {n(-w * 1.3)} {n(-ln * 0.75)} 0 {n(-ln)}'
        f'C{n(w * 1.3)} {n(-ln * 0.75)} {n(w * 0.5)} {n(-ln * 0.3)} 0 0Z" fill="{GREEN}" '
        f'stroke="{GREEN_DARK}" stroke-width="5"/>'
        f'<circle cy="{n(-ln * 0.74)}" r="{n(w * 0.55)}" fill="{BLUE}" stroke="{IVORY}" '
        f'stroke-width="5"/>'
        f'<circle cy="{n(-ln * 0.74)}" r="{n(w * 0.18)}" fill="{RED}"/>'
        "</g>"
    )


def bird() -> str:
    """The 1 of bamboo: a stylised peacock standing on a bamboo stem, facing left."""
    g, gd, r, b = GREEN, GREEN_DARK, RED, BLUE
    parts = [
        # the tail fans out behind the body
        *(feather(170, 232, a, 152, 54) for a in (-20, 2, 24, 46)),
        # body
        f'<path d="M110 150C84 196 96 262 160 272C214 280 236 244 214 214'
        f'C196 190 160 192 146 150Z" fill="{g}" stroke="{gd}" stroke-width="6"/>',
        # wing
        f'<path d="M128 214C152 194 192 200 208 228C182 250 148 246 128 214Z" fill="{r}"/>',
        # neck and head
        f'<path d="M108 158C100 134 98 118 100 100L132 102C130 122 134 138 148 156Z" fill="{b}"/>',
        f'<circle cx="112" cy="92" r="30" fill="{b}"/>',
        f'<path d="M86 84L50 98L86 104Z" fill="{r}"/>',
        f'<circle cx="104" cy="86" r="9" fill="{IVORY}"/>',
        f'<circle cx="102" cy="86" r="4.5" fill="{INK}"/>',
        # crest
        f'<path d="M114 62L106 36M124 64L132 38M104 66L88 44" stroke="{r}" stroke-width="7" '
        f'stroke-linecap="round"/>',
        # legs and the stem it stands on
        f'<path d="M150 270L140 318M184 272L188 318" stroke="{r}" stroke-width="9" '
        f'stroke-linecap="round"/>',
        f'<rect x="70" y="316" width="180" height="20" rx="10" fill="{gd}"/>',
    ]
    return "".join(parts)


def sou(number: int, red: bool = False) -> str:
    if number == 1:
        return bird()
    g, r, b = GREEN, RED, TEAL
    if red:
        g = r = b = RED
    sticks: list[tuple[float, float, float, float, str, float]]
    if number == 2:
        sticks = [(150, 102, 136, 46, b, 0), (150, 270, 136, 46, g, 0)]
    elif number == 3:
        sticks = [(150, 102, 136, 44, b, 0), (94, 270, 136, 44, g, 0), (206, 270, 136, 44, g, 0)]
    elif number == 4:
        sticks = [(x, y, 136, 44, c, 0) for y in (102, 270) for x, c in ((94, b), (206, g))]
    elif number == 5:
        sticks = [(x, y, 136, 40, c, 0) for y in (102, 270) for x, c in ((70, b), (230, g))]
        sticks.append((150, 186, 136, 40, r, 0))
    elif number == 6:
        sticks = [(x, y, 136, 38, c, 0) for y, c in ((102, b), (270, g)) for x in (72, 150, 228)]
    elif number == 7:
        sticks = [(150, 70, 92, 36, r, 0)]
        sticks += [(x, y, 92, 36, c, 0) for y, c in ((186, b), (298, g)) for x in (72, 150, 228)]
    elif number == 8:
        sticks = [
            (56, 102, 132, 34, g, 0),
            (244, 102, 132, 34, g, 0),
            (118, 102, 136, 34, b, 22),
            (182, 102, 136, 34, b, -22),
            (56, 270, 132, 34, g, 0),
            (244, 270, 132, 34, g, 0),
            (118, 270, 136, 34, b, -22),
            (182, 270, 136, 34, b, 22),
        ]
    else:  # 9
        sticks = [
            (x, y, 94, 36, c, 0) for y in (72, 186, 300) for x, c in ((72, g), (150, r), (228, b))
        ]
    return "".join(stick(*s) for s in sticks)


# --- honours ------------------------------------------------------------------------------

WIND_CHARS = "東南西北"


def wind(number: int) -> str:
    scale = fit_scale(WIND_CHARS, 216, 270, stretch=1.05)
    return glyph_path(
        WIND_CHARS[number - 1], (42, 48, 258, 324), INK, scale, stretch=1.05, bolden=5
    )


def white_dragon() -> str:
    return (
        f'<rect x="56" y="56" width="188" height="264" rx="10" fill="none" stroke="{BLUE}" '
        f'stroke-width="16"/>'
        f'<rect x="80" y="80" width="140" height="216" rx="4" fill="none" stroke="{BLUE}" '
        f'stroke-width="6"/>'
    )


def dragon(number: int) -> str:
    if number == 5:
        return white_dragon()
    ch, color = ("發", GREEN) if number == 6 else ("中", RED)
    return glyph_path(ch, (40, 44, 260, 328), color, stretch=1.0, bolden=4)


# --- all tiles ----------------------------------------------------------------------------

SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
HONOR_NAMES = ["East", "South", "West", "North", "white dragon", "green dragon", "red dragon"]


def all_tiles() -> dict[str, str]:
    """File stem -> SVG text for every tile and the back."""
    draw: dict[str, Callable[[int, bool], str]] = {"m": man, "p": pin, "s": sou}
    out: dict[str, str] = {}
    for suit, fn in draw.items():
        for number in range(1, 10):
            out[f"{number}{suit}"] = tile_svg(fn(number, False), f"{number} {SUIT_NAMES[suit]}")
        out[f"0{suit}"] = tile_svg(fn(5, True), f"red 5 {SUIT_NAMES[suit]}")
    for number in range(1, 8):
        content = wind(number) if number <= 4 else dragon(number)
        out[f"{number}z"] = tile_svg(content, HONOR_NAMES[number - 1])
    out["back"] = back_svg()
    return out


def main(argv: list[str]) -> int:
    out_dir = Path(argv[1]) if len(argv) > 1 else OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for stem, svg in sorted(all_tiles().items()):
        (out_dir / f"{stem}.svg").write_text(svg, encoding="utf-8")
        total += len(svg.encode())
        print(f"{stem:>5}.svg {len(svg.encode()):6d} bytes")
    print(f"{total} bytes in total")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
