"""Template tags that show riichi tiles: ``{% tiles %}``, ``{% tile %}``, ``{% tile_back %}``.

``{% tiles "123m406p789s11z" %}`` shows a hand written in mpsz notation as a row of tile images
with accessible names. Called sets may be written in brackets: ``{% tiles "23m44p[777p][1111z]" %}``
shows each bracketed set apart from the concealed tiles.

Options:

``size``
    Tile height in CSS pixels (default 40). On a narrow screen a long hand shrinks to fit.
``select``
    ``"one"`` renders the tiles as a radio group, ``"many"`` as checkboxes, so a learner can
    answer "which tile?" with a plain form (and htmx where available). Called sets are shown
    but cannot be selected.
``name``
    The form field name of the inputs (default ``"tile"``).
``value``
    ``"tile"`` (default): each input's value is the tile's notation (``5m``, ``0p``);
    ``"index"``: its position in the hand, counting from 0 in the order written, for hands that
    hold two copies of the same tile.
``checked``
    A value or a list of values to show selected (re-showing a learner's answer).
``required``, ``disabled``
    Passed to the inputs / the fieldset.
``label``
    An accessible name for the whole hand or group of inputs (a hidden ``<legend>`` when
    selectable); ``show_label=True`` shows that legend as the question above the tiles.
``mark``
    Tiles to outline (a notation such as ``"5m"``, or a list of indexes), e.g. the right answer.

Bad notation never raises: the tag shows an inline error message instead, so a typo in a lesson
shows up on the page, not as a server error.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tutor.engine.tiles import NUM_KINDS, parse_tiles_red, tile_str
from tutor.web.tile_names import BACK_NAME, tile_name

register = template.Library()

DEFAULT_SIZE = 40
MIN_SIZE, MAX_SIZE = 12, 240
ASPECT = 0.75  # width / height of the artwork (viewBox 300 x 400)
# Any number of red fives may be shown; whether a hand is legal is the engine's business.
_SHOW_ANY_RED = (4, 4, 4)


@dataclass(frozen=True)
class ShownTile:
    """One tile as the templates draw it."""

    kind: int
    red: bool
    index: int
    notation: str
    name: str
    src: str
    value: str = ""
    checked: bool = False
    marked: bool = False


@dataclass
class TileGroup:
    """The concealed tiles, or one called set."""

    called: bool
    tiles: list[ShownTile] = field(default_factory=list)


class NotationError(ValueError):
    """Notation the tag cannot show (the message is shown in the page)."""


def tile_src(kind: int, red: bool = False) -> str:
    """The static URL of a tile's artwork."""
    return static(f"tiles/{tile_str(kind, red=red)}.svg")


def _size(value: Any, default: int = DEFAULT_SIZE) -> int:
    try:
        size = int(value)
    except (TypeError, ValueError):
        return default
    return max(MIN_SIZE, min(MAX_SIZE, size))


def _split_groups(text: str) -> list[tuple[bool, str]]:
    """Split ``"23m[777p]"`` into ``[(False, "23m"), (True, "777p")]``."""
    groups: list[tuple[bool, str]] = []
    rest = text
    while rest:
        start = rest.find("[")
        close = rest.find("]")
        if close != -1 and (start == -1 or close < start):
            raise NotationError(_("a “]” has no “[” before it"))
        if start == -1:
            groups.append((False, rest))
            break
        if start:
            groups.append((False, rest[:start]))
        end = rest.find("]", start)
        if end == -1:
            raise NotationError(_("a “[” is never closed with “]”"))
        inner = rest[start + 1 : end]
        if "[" in inner:
            raise NotationError(_("called sets in brackets cannot be nested"))
        if not inner.strip():
            raise NotationError(_("the brackets “[]” hold no tiles"))
        groups.append((True, inner))
        rest = rest[end + 1 :]
    return [(called, part) for called, part in groups if called or part.strip()]


def _parse(notation: Any) -> list[tuple[bool, list[tuple[int, bool]]]]:
    """Groups of (kind, red) from notation text or from a list of kinds."""
    if notation is None or notation == "":
        return []
    if isinstance(notation, str):
        out = []
        for called, part in _split_groups(notation):
            kinds, reds = parse_tiles_red(part, max_red=_SHOW_ANY_RED)
            out.append((called, list(zip(kinds, reds, strict=True))))
        return out
    if isinstance(notation, Iterable):
        kinds = list(notation)
        if not all(isinstance(k, int) and 0 <= k < NUM_KINDS for k in kinds):
            raise NotationError(_("a list of tiles must hold tile kinds 0–33"))
        return [(False, [(k, False) for k in kinds])]
    raise NotationError(_("tiles must be written as text such as “123m55z”"))


def _as_set(values: Any) -> set[str]:
    if values is None or values == "":
        return set()
    if isinstance(values, str | int):
        values = [values]
    return {str(v) for v in values}


def _mark_set(mark: Any) -> tuple[set[str], set[str]]:
    """Marked tiles as (notations, indexes)."""
    if mark is None or mark == "":
        return set(), set()
    if isinstance(mark, str):
        notations = set()
        for _called, part in _split_groups(mark.replace("[", "").replace("]", "")):
            kinds, reds = parse_tiles_red(part, max_red=_SHOW_ANY_RED)
            notations |= {tile_str(k, red=r) for k, r in zip(kinds, reds, strict=True)}
        return notations, set()
    return set(), _as_set(mark)


def _build(notation: Any, value_mode: str, checked: Any, mark: Any) -> tuple[list[TileGroup], int]:
    checked_values = _as_set(checked)
    marked_notations, marked_indexes = _mark_set(mark)
    groups: list[TileGroup] = []
    index = 0
    for called, tiles in _parse(notation):
        group = TileGroup(called=called)
        for kind, red in tiles:
            text = tile_str(kind, red=red)
            value = str(index) if value_mode == "index" else text
            group.tiles.append(
                ShownTile(
                    kind=kind,
                    red=red,
                    index=index,
                    notation=text,
                    name=tile_name(kind, red),
                    src=tile_src(kind, red),
                    value=value,
                    checked=not called and value in checked_values,
                    marked=text in marked_notations or str(index) in marked_indexes,
                )
            )
            index += 1
        groups.append(group)
    return groups, index


def _error(notation: Any, reason: str) -> SafeString:
    message = _("Cannot show the tiles “%(notation)s”: %(reason)s") % {
        "notation": notation,
        "reason": reason,
    }
    return SafeString(render_to_string("web/_tile_error.html", {"message": message}))


@register.simple_tag
def tiles(
    notation: Any,
    size: Any = DEFAULT_SIZE,
    select: str = "",
    name: str = "tile",
    value: str = "tile",
    checked: Any = None,
    required: bool = False,
    disabled: bool = False,
    label: str = "",
    mark: Any = None,
    show_label: bool = False,
) -> SafeString:
    """Render a hand (see the module docstring for the options)."""
    if select not in ("", "one", "many"):
        return _error(notation, _("select must be “one” or “many”"))
    if value not in ("tile", "index"):
        return _error(notation, _("value must be “tile” or “index”"))
    try:
        groups, count = _build(notation, value, checked, mark)
    except ValueError as exc:  # TileParseError, ImpossibleHandError, NotationError
        reason = getattr(exc, "reason", None) or str(exc)
        return _error(notation, reason)
    height = _size(size)
    # How many tile widths the hand needs (a gap before a called set is a quarter tile), so that
    # on a narrow screen the tiles shrink to keep the hand on one line.
    slots = max(1.0, count + max(0, len(groups) - 1) * 0.25)
    context = {
        "groups": groups,
        "count": count,
        "size": height,
        "width": round(height * ASPECT),
        "slots": f"{slots:.2f}",
        "select": select,
        "input_type": "radio" if select == "one" else "checkbox",
        "name": name,
        "required": required,
        "disabled": disabled,
        "label": label,
        "show_label": show_label,
        "called_label": _("called set"),
    }
    return SafeString(render_to_string("web/_tiles.html", context))


@register.simple_tag
def tile(notation: Any, size: Any = 28) -> SafeString:
    """One tile inline in text: ``{% tile "5m" %}``."""
    try:
        groups, count = _build(notation, "tile", None, None)
    except ValueError as exc:
        return _error(notation, getattr(exc, "reason", None) or str(exc))
    if count != 1:
        return _error(notation, _("a single tile was expected; use “tiles” for a hand"))
    height = _size(size, 28)
    context = {"t": groups[0].tiles[0], "size": height, "width": round(height * ASPECT)}
    return SafeString(render_to_string("web/_tile.html", context))


@register.simple_tag
def tile_back(size: Any = DEFAULT_SIZE, count: Any = 1) -> SafeString:
    """Face-down tiles: ``{% tile_back %}`` or ``{% tile_back size=24 count=3 %}``."""
    height = _size(size)
    try:
        number = max(1, min(18, int(count)))
    except (TypeError, ValueError):
        number = 1
    context = {
        "size": height,
        "width": round(height * ASPECT),
        "backs": range(number),
        "src": static("tiles/back.svg"),
        "name": str(BACK_NAME),
    }
    return SafeString(render_to_string("web/_tile_back.html", context))


@register.filter
def tile_label(notation: Any) -> str:
    """The accessible names of the tiles in a notation: ``{{ "0p"|tile_label }}``.

    Several tiles are joined with commas; bad notation gives back the text unchanged.
    """
    try:
        groups, _count = _build(notation, "tile", None, None)
    except ValueError:
        return str(notation)
    return ", ".join(t.name for g in groups for t in g.tiles)


@dataclass(frozen=True)
class CatalogueEntry:
    notation: str
    name: str


@register.simple_tag
def tile_catalogue() -> dict[str, Any]:
    """Every tile grouped for the ``/tiles/`` page, with that page's translated texts.

    The texts live here rather than in the template so that they sit in this app's catalogue
    beside the tile names they describe.
    """
    suits = []
    for suit, heading in (
        ("m", _("Characters (man)")),
        ("p", _("Circles (pin)")),
        ("s", _("Bamboo (sou)")),
    ):
        entries = [
            CatalogueEntry(f"{number}{suit}", tile_name(kind))
            for number, kind in zip(
                range(1, 10), range("mps".index(suit) * 9, NUM_KINDS), strict=False
            )
        ]
        suits.append({"key": suit, "heading": heading, "entries": entries})
    suits.append(
        {
            "key": "winds",
            "heading": _("Winds"),
            "entries": [CatalogueEntry(f"{n}z", tile_name(26 + n)) for n in range(1, 5)],
        }
    )
    suits.append(
        {
            "key": "dragons",
            "heading": _("Dragons"),
            "entries": [CatalogueEntry(f"{n}z", tile_name(26 + n)) for n in range(5, 8)],
        }
    )
    suits.append(
        {
            "key": "red",
            "heading": _("Red fives"),
            "entries": [
                CatalogueEntry(f"0{s}", tile_name(kind, red=True))
                for s, kind in (("m", 4), ("p", 13), ("s", 22))
            ],
        }
    )
    return {
        "suits": suits,
        "back_name": str(BACK_NAME),
        "text": {
            "title": _("All the tiles"),
            "intro": _(
                "A riichi set has 136 tiles: four copies of each of these 34 kinds. Three of the "
                "fives are usually red and count as dora. Each tile is shown at 24, 40 and 64 "
                "pixels high, with its notation."
            ),
            "back": _("Tile back"),
            "back_help": _("A face-down tile, as in the wall or a closed kan."),
            "demo": _("Choosing tiles"),
            "demo_help": _(
                "Lessons and puzzles ask you to pick tiles. Use the mouse, or Tab into the hand, "
                "move with the arrow keys and choose with Space or Enter."
            ),
            "demo_one": _("Which tile would you discard?"),
            "demo_many": _("Which tiles are terminals or honors?"),
            "answer": _("Answer"),
            "notation": _("Notation"),
        },
    }
