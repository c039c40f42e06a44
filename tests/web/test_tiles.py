"""The {% tiles %} tag, its siblings, the /tiles/ page and the tile artwork."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from tests.conftest import missing
from tutor.engine.tiles import NUM_KINDS, tile_str
from tutor.web.tile_names import KIND_NAMES, tile_name

ROOT = Path(__file__).resolve().parents[2]
TILES_DIR = ROOT / "static" / "tiles"
SVG = "{http://www.w3.org/2000/svg}"

ALL_STEMS = [tile_str(k) for k in range(NUM_KINDS)] + ["0m", "0p", "0s", "back"]

ENGLISH_NAMES = {
    "1m": "one of characters",
    "5m": "five of characters",
    "9m": "nine of characters",
    "1p": "one of circles",
    "7p": "seven of circles",
    "3s": "three of bamboo",
    "1s": "one of bamboo",
    "1z": "East wind",
    "2z": "South wind",
    "3z": "West wind",
    "4z": "North wind",
    "5z": "white dragon",
    "6z": "green dragon",
    "7z": "red dragon",
    "0m": "red five of characters",
    "0p": "red five of circles",
    "0s": "red five of bamboo",
}


class Elements(HTMLParser):
    """Collects start tags as (tag, attrs) so tests can look at the markup, not at text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.tags.append((f"/{tag}", {}))

    def of(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for t, attrs in self.tags if t == tag]


def render(source: str, **context: object) -> str:
    return Template("{% load tiles %}" + source).render(Context(context))


def parse(html: str) -> Elements:
    elements = Elements()
    elements.feed(html)
    return elements


# --- showing a hand -----------------------------------------------------------------------


@pytest.mark.parametrize("kind", range(NUM_KINDS))
def test_every_kind_is_shown_with_its_artwork_and_name(kind: int) -> None:
    notation = tile_str(kind)
    (img,) = parse(render("{% tiles n %}", n=notation)).of("img")
    assert img["src"] == f"/static/tiles/{notation}.svg"
    assert img["alt"] == str(KIND_NAMES[kind])
    assert img["alt"]


@pytest.mark.parametrize(("notation", "name"), sorted(ENGLISH_NAMES.items()))
def test_tiles_are_named_as_a_player_says_them(notation: str, name: str) -> None:
    (img,) = parse(render("{% tiles n %}", n=notation)).of("img")
    assert img["alt"] == name


def test_every_kind_has_a_different_name() -> None:
    names = [tile_name(k) for k in range(NUM_KINDS)]
    names += [tile_name(k, red=True) for k in (4, 13, 22)]
    assert len(set(names)) == NUM_KINDS + 3


def test_red_fives_use_the_red_artwork() -> None:
    imgs = parse(render('{% tiles "0m5m0p5p0s5s" %}')).of("img")
    assert [i["src"].rsplit("/", 1)[1] for i in imgs] == [
        "0m.svg",
        "5m.svg",
        "0p.svg",
        "5p.svg",
        "0s.svg",
        "5s.svg",
    ]
    assert [i["alt"] for i in imgs[::2]] == [
        "red five of characters",
        "red five of circles",
        "red five of bamboo",
    ]
    assert all("tile-red" in i["class"] for i in imgs[::2])
    assert not any("tile-red" in i["class"] for i in imgs[1::2])


def test_a_hand_keeps_the_order_it_was_written_in() -> None:
    imgs = parse(render('{% tiles "11z 406p 123m" %}')).of("img")
    stems = [i["src"].rsplit("/", 1)[1].removesuffix(".svg") for i in imgs]
    assert stems == ["1z", "1z", "4p", "0p", "6p", "1m", "2m", "3m"]


def test_size_sets_the_height_and_a_three_to_four_width() -> None:
    (img,) = parse(render('{% tiles "1m" size=64 %}')).of("img")
    assert (img["height"], img["width"]) == ("64", "48")
    (img,) = parse(render('{% tiles "1m" %}')).of("img")
    assert (img["height"], img["width"]) == ("40", "30")


def test_a_silly_size_falls_back_to_a_sane_one() -> None:
    (img,) = parse(render('{% tiles "1m" size="huge" %}')).of("img")
    assert img["height"] == "40"
    (img,) = parse(render('{% tiles "1m" size=100000 %}')).of("img")
    assert int(img["height"]) <= 240


def test_a_long_hand_shrinks_to_fit_a_narrow_screen() -> None:
    html = render('{% tiles "123456789m12345p" %}')
    (span,) = [a for a in parse(html).of("span") if "tiles" in (a["class"] or "").split()]
    # 14 tiles, 40 px high: static/css/layout.css turns these into
    # min(40px, calc((100vw - 5rem) / 14 * 4 / 3)) without an inline style.
    assert (span["data-tile-h"], span["data-tile-fit"]) == ("40", str(14 * 4))
    assert "style" not in span


def groups_of(html: str) -> list[dict[str, str | None]]:
    return [a for a in parse(html).of("span") if "tile-group" in (a["class"] or "")]


def layout(html: str) -> list[str]:
    """Each tile of the first called set as ``up:7p``, ``turned:7p`` or ``down:back``."""
    out: list[str] = []
    page = parse(html)
    in_turned = False
    for tag, attrs in page.tags:
        cls = attrs.get("class") or ""
        if tag == "span" and "tile-turned" in cls:
            in_turned = True
        elif tag == "/span":
            in_turned = False
        if tag == "img":
            stem = (attrs["src"] or "").rsplit("/", 1)[1].removesuffix(".svg")
            out.append(f"{'turned' if in_turned else 'down' if stem == 'back' else 'up'}:{stem}")
    return out


def test_called_sets_are_shown_apart_and_named() -> None:
    html = render('{% tiles "23m44p [777p] (1111z)" %}')
    groups = groups_of(html)
    assert ["tile-called" in (g["class"] or "") for g in groups] == [False, True, True]
    assert [g.get("aria-label") for g in groups[1:]] == ["pon (called set)", "closed kan"]
    assert len(parse(html).of("img")) == 4 + 3 + 4


def test_a_chi_lays_the_called_tile_sideways_on_the_left() -> None:
    html = render('{% tiles "[34*5m]L" %}')
    assert layout(html) == ["turned:4m", "up:3m", "up:5m"]
    (turned,) = [i for i in parse(html).of("img") if "called" in (i["alt"] or "")]
    assert turned["alt"] == "four of characters, called from the player on the left"


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("[7*77p]L", ["turned:7p", "up:7p", "up:7p"]),
        ("[7*77p]A", ["up:7p", "turned:7p", "up:7p"]),
        ("[7*77p]R", ["up:7p", "up:7p", "turned:7p"]),
        ("[7777p]", ["up:7p", "up:7p", "up:7p", "up:7p"]),
        ("[1*111z]A", ["up:1z", "turned:1z", "up:1z", "up:1z"]),
    ],
)
def test_a_called_tile_lies_on_the_side_of_the_player_it_came_from(
    notation: str, expected: list[str]
) -> None:
    assert layout(render("{% tiles n %}", n=notation)) == expected


def test_a_closed_kan_shows_its_ends_face_down_and_a_red_five_face_up() -> None:
    assert layout(render('{% tiles "(1111z)" %}')) == ["down:back", "up:1z", "up:1z", "down:back"]
    assert layout(render('{% tiles "(0555m)" %}')) == ["down:back", "up:0m", "up:5m", "down:back"]
    alts = [i["alt"] for i in parse(render('{% tiles "(1111z)" %}')).of("img")]
    assert alts[0] == "East wind, face down"


def test_an_added_kan_stacks_the_fourth_tile_on_the_called_one() -> None:
    html = render('{% tiles "{2*222s}R" %}')
    assert layout(html) == ["up:2s", "up:2s", "turned:2s", "turned:2s"]
    assert "tile-turned tile-stacked" in html
    assert "two of bamboo, added to the set" in html


def test_a_set_that_is_not_a_set_gives_an_error() -> None:
    html = render('{% tiles "123m [135m]" %}')
    assert "tile-error" in html and "is not a chi" in html


def test_a_list_of_kinds_is_shown_too() -> None:
    imgs = parse(render("{% tiles kinds %}", kinds=[0, 27, 33])).of("img")
    assert [i["alt"] for i in imgs] == ["one of characters", "East wind", "red dragon"]


def test_an_empty_hand_shows_nothing_and_no_error() -> None:
    html = render("{% tiles missing %}")
    assert "<img" not in html and "tile-error" not in html


# --- bad notation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "words"),
    [
        ("123x", "not part of tile notation"),
        ("8z", "honors are 1z–7z"),
        ("123", "no suit letter"),
        ("m", "no numbers before it"),
        ("1m[22p", "never closed"),
        ("1m]", "closes a set that was never opened"),
        ("(12m]", "use [..], (..) or {..}"),
        ("[]1m", "hold no tiles"),
        ("[1[2]m]", "cannot be nested"),
    ],
)
def test_bad_notation_shows_an_inline_error_instead_of_failing(notation: str, words: str) -> None:
    html = render("<p>before</p>{% tiles n %}<p>after</p>", n=notation)
    assert "<p>before</p>" in html and "<p>after</p>" in html
    assert 'class="tile-error" role="alert"' in html
    assert words in html
    assert "<img" not in html


def test_bad_notation_is_escaped_in_the_error() -> None:
    html = render("{% tiles n %}", n="<script>1m")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_a_single_kind_is_shown_too() -> None:
    (img,) = parse(render("{% tile k %}", k=27)).of("img")
    assert img["alt"] == "East wind"


@pytest.mark.parametrize("notation", [42, -1, True, [99], ["1m"], object()])
def test_values_that_are_not_notation_give_an_error(notation: object) -> None:
    assert "tile-error" in render("{% tiles n %}", n=notation)


def test_empty_options_mean_the_defaults() -> None:
    html = render('{% tiles "12m" select=unset value=unset name=unset %}')
    assert "tile-error" not in html and "<input" not in html
    inputs = parse(render('{% tiles "12m" select="one" value=unset name=unset %}')).of("input")
    assert [(i["name"], i["value"]) for i in inputs] == [("tile", "1m"), ("tile", "2m")]


def test_bad_options_give_an_error() -> None:
    assert "select must be" in render('{% tiles "1m" select="all" %}')
    assert "value must be" in render('{% tiles "1m" select="one" value="kind" %}')


# --- selectable tiles ---------------------------------------------------------------------


def test_select_one_renders_a_radio_group_valued_by_notation() -> None:
    html = render('{% tiles "12m0p5p" select="one" name="discard" label="Discard" %}')
    page = parse(html)
    (fieldset,) = page.of("fieldset")
    assert fieldset["data-tile-select"] == "one"
    inputs = page.of("input")
    assert [i["type"] for i in inputs] == ["radio"] * 4
    assert {i["name"] for i in inputs} == {"discard"}
    assert [i["value"] for i in inputs] == ["1m", "2m", "0p", "5p"]
    assert '<legend class="visually-hidden">Discard</legend>' in html
    # every input is wrapped in a <label> holding the tile image, which names it
    assert html.count("<label") == 4
    assert [i["alt"] for i in page.of("img")][2] == "red five of circles"


def test_show_label_turns_the_hidden_legend_into_the_question() -> None:
    html = render('{% tiles "12m" select="one" label="Discard?" show_label=True %}')
    assert '<legend class="tile-legend">Discard?</legend>' in html


def test_select_many_renders_checkboxes() -> None:
    inputs = parse(render('{% tiles "19m1z" select="many" name="yaochuu" %}')).of("input")
    assert [i["type"] for i in inputs] == ["checkbox"] * 3
    assert [i["value"] for i in inputs] == ["1m", "9m", "1z"]


def test_index_values_tell_two_copies_of_a_tile_apart() -> None:
    inputs = parse(render('{% tiles "5m5m5p" select="one" value="index" %}')).of("input")
    assert [i["value"] for i in inputs] == ["0", "1", "2"]
    assert [i["data-tile"] for i in inputs] == ["5m", "5m", "5p"]
    assert {i["name"] for i in inputs} == {"tile"}


def test_checked_values_are_shown_selected() -> None:
    inputs = parse(render('{% tiles "123m" select="many" checked=c %}', c=["1m", "3m"])).of("input")
    assert ["checked" in i for i in inputs] == [True, False, True]
    inputs = parse(render('{% tiles "55m" select="one" value="index" checked=1 %}')).of("input")
    assert ["checked" in i for i in inputs] == [False, True]


def test_called_sets_are_shown_but_not_selectable() -> None:
    html = render('{% tiles "13m[555z]" select="one" value="index" %}')
    page = parse(html)
    assert [i["value"] for i in page.of("input")] == ["0", "1"]
    assert len(page.of("img")) == 5


def test_required_and_disabled_reach_the_form() -> None:
    page = parse(render('{% tiles "12m" select="one" required=True disabled=True %}'))
    assert all("required" in i for i in page.of("input"))
    assert "disabled" in page.of("fieldset")[0]


def test_marked_tiles_are_outlined() -> None:
    imgs = parse(render('{% tiles "1234m" mark="24m" %}')).of("img")
    assert ["tile-mark" in i["class"] for i in imgs] == [False, True, False, True]
    imgs = parse(render('{% tiles "55m" mark=idx %}', idx=[1])).of("img")
    assert ["tile-mark" in i["class"] for i in imgs] == [False, True]


# --- single tiles, backs, names -----------------------------------------------------------


def test_tile_shows_one_tile_inline() -> None:
    (img,) = parse(render('{% tile "0s" %}')).of("img")
    assert img["alt"] == "red five of bamboo"
    assert "tile-inline" in img["class"]
    assert "tile-error" in render('{% tile "12m" %}')


def test_tile_back_shows_face_down_tiles() -> None:
    imgs = parse(render("{% tile_back size=24 count=3 %}")).of("img")
    assert len(imgs) == 3
    assert {i["src"] for i in imgs} == {"/static/tiles/back.svg"}
    assert {i["alt"] for i in imgs} == {"face-down tile"}


def test_tile_label_names_the_tiles_of_a_notation() -> None:
    assert render('{{ "0p7z"|tile_label }}') == "red five of circles, red dragon"
    assert render('{{ "zz"|tile_label }}') == "zz"


def test_names_are_translated_to_spanish() -> None:
    with translation.override("es"):
        html = render('{% tiles "0p1z5z3s" %}')
        assert [i["alt"] for i in parse(html).of("img")] == [
            "cinco rojo de círculos",
            "viento Este",
            "dragón blanco",
            "tres de bambú",
        ]
        assert "no se pueden mostrar" in render('{% tiles "9z" %}').lower()


# --- the /tiles/ page ---------------------------------------------------------------------


def test_the_tiles_page_shows_every_tile_at_three_sizes(client) -> None:
    response = client.get("/tiles/")
    assert response.status_code == 200
    page = parse(response.content.decode())
    imgs = [i for i in page.of("img") if "/static/tiles/" in (i["src"] or "")]
    for stem in ALL_STEMS:
        heights = {i["height"] for i in imgs if i["src"] == f"/static/tiles/{stem}.svg"}
        assert {"24", "40", "64"} <= heights, stem
    radios = [i for i in page.of("input") if i["type"] == "radio"]
    boxes = [i for i in page.of("input") if i["type"] == "checkbox"]
    assert radios and boxes


def test_the_tiles_page_speaks_spanish(client) -> None:
    response = client.get("/tiles/", HTTP_ACCEPT_LANGUAGE="es")
    html = response.content.decode()
    assert "Todas las fichas" in html
    assert 'alt="cinco rojo de círculos"' in html
    assert "kan cerrado" in html


def test_the_tiles_page_echoes_a_chosen_tile_without_javascript(client) -> None:
    response = client.get("/tiles/", {"discard": "0p"})
    html = response.content.decode()
    assert 'value="0p" data-tile="0p" checked' in html
    assert "red five of circles</p>" in html


def test_the_tiles_page_survives_a_tampered_answer(client) -> None:
    response = client.get("/tiles/", {"discard": "<b>99z"})
    assert response.status_code == 200
    assert "<b>99z" not in response.content.decode()


# --- the artwork --------------------------------------------------------------------------


@pytest.mark.parametrize("stem", ALL_STEMS)
def test_every_tile_svg_is_valid_and_small(stem: str) -> None:
    path = TILES_DIR / f"{stem}.svg"
    assert path.exists(), path
    root = ET.parse(path).getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 300 400"
    assert root.find(f".//{SVG}image") is None, "no embedded raster images"
    assert root.find(f".//{SVG}text") is None, "glyphs are paths, not text needing a font"
    assert path.stat().st_size < 8_000


def test_the_artwork_is_what_the_generator_draws(tmp_path: Path) -> None:
    pytest.importorskip("fontTools")
    spec = importlib.util.spec_from_file_location("draw_tiles", ROOT / "tools" / "draw_tiles.py")
    assert spec is not None and spec.loader is not None
    draw_tiles = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(draw_tiles)
    if not draw_tiles.SERIF_BOLD.exists():
        missing(f"{draw_tiles.SERIF_BOLD} is missing (apt-get install fonts-noto-cjk)")
    draw_tiles.main(["draw_tiles", str(tmp_path)])

    # Glyph outlines may shift by a unit with another fontTools or Noto release; everything
    # else (layout, colours, the drawn shapes) must match the committed files exactly.
    def without_glyph_outlines(svg: str) -> str:
        return re.sub(r'(<path fill="[^"]*"[^>]*? d=")[^"]*"', r'\1…"', svg)

    for stem in ALL_STEMS:
        drawn = without_glyph_outlines((tmp_path / f"{stem}.svg").read_text())
        assert drawn == without_glyph_outlines((TILES_DIR / f"{stem}.svg").read_text()), stem


def test_red_fives_are_drawn_red() -> None:
    red = re.compile(r"#d3202a", re.I)
    for suit in "mps":
        plain = (TILES_DIR / f"5{suit}.svg").read_text()
        redfive = (TILES_DIR / f"0{suit}.svg").read_text()
        assert len(red.findall(redfive)) > len(red.findall(plain)), suit


def test_titles_false_drops_the_tooltips_but_keeps_the_names() -> None:
    from tutor.web.templatetags.tiles import tiles

    html = str(tiles("1m1z", select="many", titles=False))
    assert "title=" not in html
    assert 'alt="one of characters"' in html and 'alt="East wind"' in html
    assert 'title="East wind"' in str(tiles("1z"))
