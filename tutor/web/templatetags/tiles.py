"""Template tags that show riichi tiles: ``{% tiles %}``, ``{% tile %}``, ``{% tile_back %}``.

``{% tiles "123m406p789s11z" %}`` shows a hand written in mpsz notation (or given as a tile kind
0–33, or a list of kinds) as a row of tile images with accessible names, in the order written.

Called sets use the engine's hand notation (:mod:`tutor.engine.hand`) and are laid out as on the
table: ``{% tiles "23m44p [7*77p]A (1111z)" %}`` shows the pon with its called tile lying
sideways in the middle (it came from across) and the closed kan with its end tiles face down;
``[3*45m]L`` is a chi, ``{2*222s}R`` an added kan.

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
    ``"index"``: its position in the hand, counting from 0 in the order shown (called sets
    included), for hands that hold two copies of the same tile.
``checked``
    A value or a list of values to show selected (re-showing a learner's answer).
``required``, ``disabled``
    Passed to the inputs / the fieldset.
``label``
    An accessible name for the whole hand or group of inputs (a hidden ``<legend>`` when
    selectable); ``show_label=True`` shows that legend as the question above the tiles.
``mark``
    Tiles to outline (a notation such as ``"5m"``, or a list of indexes), e.g. the right answer.
``titles``
    ``False`` leaves out the tiles' hover tooltips (their names stay as ``alt`` text), for a
    question the tooltip would answer, such as "pick every honor".

Bad notation never raises: the tag shows an inline error message instead, so a typo in a lesson
shows up on the page, not as a server error.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tutor.engine.hand import ACROSS, LEFT, RIGHT, Meld, MeldKind, parse_meld
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

    red: bool
    notation: str
    name: str
    src: str
    value: str
    checked: bool
    img: SafeString


@dataclass
class Slot:
    """A place in a row of tiles: one upright tile, one face down, or one or two lying sideways.

    A called tile lies sideways (``turned``); an added kan stacks the added tile on it.
    """

    pose: str  # "up", "down" or "turned"
    tiles: list[ShownTile]


@dataclass
class TileGroup:
    """The concealed tiles (``meld`` empty), or one called set."""

    meld: str = ""
    label: str = ""
    slots: list[Slot] = field(default_factory=list)

    @property
    def called(self) -> bool:
        return bool(self.meld)

    @property
    def tiles(self) -> list[ShownTile]:
        return [t for slot in self.slots for t in slot.tiles]

    @property
    def width(self) -> float:
        """Width in tile widths (a tile lying sideways is 4/3 of one)."""
        return sum(4 / 3 if slot.pose == "turned" else 1 for slot in self.slots)


class NotationError(ValueError):
    """Notation the tag cannot show (the message is shown in the page)."""


@lru_cache(maxsize=128)
def _static_url(path: str, _static_root_url: str | None) -> str:
    # Looking a file up in the static storage (a hashed manifest in production) costs more than
    # drawing the tile; the answer only changes with STATIC_URL, which is part of the key.
    return static(path)


def _size(
    value: Any, default: int = DEFAULT_SIZE, low: int = MIN_SIZE, high: int = MAX_SIZE
) -> int:
    """``value`` as a whole number from ``low`` to ``high``; ``default`` if it is not one."""
    try:
        return max(low, min(high, int(value)))
    except (TypeError, ValueError):
        return default


# A called set from its opening bracket to the first closing one (and its seat letter), or a
# closing bracket with no set open.
_SET_RE = re.compile(r"([\[({])([^\])}]*)([\])}]?)[LAR]?|([\])}])")


def _split_groups(text: str) -> list[tuple[bool, str]]:
    """Split hand notation into concealed runs and called sets, in the order written.

    ``"23m [7*77p]A (1111z)"`` gives ``[(False, "23m "), (True, "[7*77p]A"), (True, "(1111z)")]``;
    the sets keep their brackets and seat letter for :func:`tutor.engine.hand.parse_meld`.
    """
    groups: list[tuple[bool, str]] = []
    run_start = 0
    for found in _SET_RE.finditer(text):
        opener, inner, closer, stray = found.groups()
        if stray:
            raise NotationError(
                _("a “%(bracket)s” closes a set that was never opened") % {"bracket": stray}
            )
        if not closer:
            raise NotationError(_("a “%(bracket)s” is never closed") % {"bracket": opener})
        if any(c in inner for c in "[({"):
            raise NotationError(_("called sets in brackets cannot be nested"))
        if not inner.strip():
            raise NotationError(
                _("the brackets “%(brackets)s” hold no tiles") % {"brackets": opener + closer}
            )
        if text[run_start : found.start()].strip():
            groups.append((False, text[run_start : found.start()]))
        groups.append((True, found.group()))
        run_start = found.end()
    if text[run_start:].strip():
        groups.append((False, text[run_start:]))
    return groups


# What a called set is called, for screen readers.
def _meld_label(kind: MeldKind) -> str:
    return {
        MeldKind.CHI: _("chi (called set)"),
        MeldKind.PON: _("pon (called set)"),
        MeldKind.OPEN_KAN: _("open kan (called set)"),
        MeldKind.ADDED_KAN: _("added kan (called set)"),
        MeldKind.CLOSED_KAN: _("closed kan"),
    }[kind]


def _turned_name(kind: int, red: bool, source: int | None) -> str:
    names: dict[int | None, str] = {
        LEFT: _("%(tile)s, called from the player on the left"),
        ACROSS: _("%(tile)s, called from the player across"),
        RIGHT: _("%(tile)s, called from the player on the right"),
    }
    return names.get(source, _("%(tile)s, called")) % {"tile": tile_name(kind, red)}


Pose = tuple[int, bool, str, str]  # kind, red, pose, accessible name


def _upright(pairs: Iterable[tuple[int, bool]]) -> list[list[Pose]]:
    """One slot per (kind, red), each tile standing up."""
    return [[(k, r, "up", tile_name(k, r))] for k, r in pairs]


def _meld_poses(meld: Meld) -> list[list[Pose]]:
    """The slots of a called set as a player lays it on the table.

    The called tile lies sideways on the side of the player it came from: first for the left
    (always for chi), second for across, last for the right. An added kan stacks the added tile
    on the sideways one. A closed kan shows its two end tiles face down (a red five face up).
    """
    pairs = list(zip(meld.tiles, meld.red, strict=True))
    if meld.kind is MeldKind.CLOSED_KAN:
        pairs.sort(key=lambda p: not p[1])  # a red five goes to a face-up place
        order = [pairs[1], pairs[0], pairs[2], pairs[3]] if pairs[0][1] else pairs
        down = _("%(tile)s, face down")
        ends = [[(k, r, "down", down % {"tile": tile_name(k, r)})] for k, r in order[::3]]
        return [ends[0], *_upright(order[1:3]), ends[1]]
    called = meld.called
    if called is None and meld.kind is MeldKind.ADDED_KAN:
        called = meld.tiles[0]
    if called is None:
        return _upright(pairs)
    at = next(i for i, (k, _r) in enumerate(pairs) if k == called)
    turned = pairs.pop(at)
    slot: list[Pose] = [(*turned, "turned", _turned_name(*turned, meld.source))]
    if meld.kind is MeldKind.ADDED_KAN:
        added = pairs.pop()
        slot.append(
            (*added, "turned", _("%(tile)s, added to the set") % {"tile": tile_name(*added)})
        )
    slots = _upright(pairs)
    source = LEFT if meld.kind is MeldKind.CHI else meld.source or LEFT
    slots.insert({LEFT: 0, ACROSS: 1, RIGHT: len(slots)}.get(source, 0), slot)
    return slots


def _parse(notation: Any) -> list[tuple[Meld | None, list[list[Pose]]]]:
    """Groups of slots from hand notation or from a list of kinds."""
    if notation is None or notation == "":
        return []
    if isinstance(notation, int) and not isinstance(notation, bool):
        notation = [notation]
    if isinstance(notation, str):
        out: list[tuple[Meld | None, list[list[Pose]]]] = []
        for called, part in _split_groups(notation):
            if called:
                meld = parse_meld(part)
                out.append((meld, _meld_poses(meld)))
            else:
                kinds, reds = parse_tiles_red(part, max_red=_SHOW_ANY_RED)
                out.append((None, _upright(zip(kinds, reds, strict=True))))
        return out
    if isinstance(notation, Iterable):
        kinds = list(notation)
        if not all(
            isinstance(k, int) and not isinstance(k, bool) and 0 <= k < NUM_KINDS for k in kinds
        ):
            raise NotationError(_("a list of tiles must hold tile kinds 0–33"))
        return [(None, _upright((k, False) for k in kinds))]
    raise NotationError(_("tiles must be written as text such as “123m55z”"))


def _as_set(values: Any) -> set[str]:
    if values is None or values == "":
        return set()
    if isinstance(values, str | int):
        values = [values]
    return {str(v) for v in values}


def _mark_set(mark: Any) -> tuple[set[str], set[str]]:
    """Marked tiles as (notations, indexes)."""
    if isinstance(mark, str):
        kinds, reds = parse_tiles_red(re.sub(r"[\[\](){}*LAR]", "", mark), max_red=_SHOW_ANY_RED)
        return {tile_str(k, red=r) for k, r in zip(kinds, reds, strict=True)}, set()
    return set(), _as_set(mark)


def _build(
    notation: Any,
    value_mode: str,
    checked: Any,
    mark: Any,
    size: int = DEFAULT_SIZE,
    titles: bool = True,
) -> tuple[list[TileGroup], int]:
    checked_values = _as_set(checked)
    marked_notations, marked_indexes = _mark_set(mark)
    groups: list[TileGroup] = []
    index = 0
    for meld, slots in _parse(notation):
        group = TileGroup(
            meld=meld.kind.value if meld else "", label=_meld_label(meld.kind) if meld else ""
        )
        for poses in slots:
            shown = []
            for kind, red, pose, name in poses:
                text = tile_str(kind, red=red)
                value = str(index) if value_mode == "index" else text
                src = _static_url(f"tiles/{text}.svg", settings.STATIC_URL)
                back = pose == "down"
                classes = "tile tile-back" if back else "tile tile-red" if red else "tile"
                if text in marked_notations or str(index) in marked_indexes:
                    classes += " tile-mark"
                # Each <img> is built here rather than in a template because hands are drawn by
                # the dozen. Without ``titles`` the tile's name is only its ``alt`` text, with no
                # hover tooltip (for a question such as "spot the honors", which it would answer).
                img = format_html(
                    '<img class="{}" src="{}" alt="{}"{} width="{}" height="{}" draggable="false">',
                    classes,
                    _static_url("tiles/back.svg", settings.STATIC_URL) if back else src,
                    name,
                    format_html(' title="{}"', name) if titles else "",
                    round(size * ASPECT),
                    size,
                )
                checked_now = meld is None and value in checked_values
                shown.append(ShownTile(red, text, name, src, value, checked_now, img))
                index += 1
            group.slots.append(Slot(pose=poses[0][2], tiles=shown))
        groups.append(group)
    return groups, index


def _error(notation: Any, reason: str) -> SafeString:
    message = _("Cannot show the tiles “%(notation)s”: %(reason)s") % {
        "notation": notation,
        "reason": reason,
    }
    return SafeString(render_to_string("web/_tile_error.html", {"message": message}).strip())


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
    titles: bool = True,
) -> SafeString:
    """Render a hand (see the module docstring for the options)."""
    # Empty values (an unset variable in a template) mean the defaults.
    select = select or ""
    value = value or "tile"
    name = name or "tile"
    if select not in ("", "one", "many"):
        return _error(notation, _("select must be “one” or “many”"))
    if value not in ("tile", "index"):
        return _error(notation, _("value must be “tile” or “index”"))
    try:
        groups, _count = _build(notation, value, checked, mark, _size(size), titles is not False)
    except ValueError as exc:  # TileParseError, ImpossibleHandError, NotationError
        reason = getattr(exc, "reason", None) or str(exc)
        return _error(notation, reason)
    # How many tile widths the hand needs (a gap before a called set is a quarter tile), so that
    # on a narrow screen the tiles shrink to keep the hand on one line. The template leaves 5rem
    # of the viewport for the page's and a card's padding; a hand that still does not fit wraps.
    slots = max(1.0, sum(g.width for g in groups) + max(0, len(groups) - 1) * 0.25)
    context = {
        "groups": groups,
        "size": _size(size),
        # The width in quarter tiles, rounded up: static/css/layout.css has a rule for each.
        "quarters": min(160, math.ceil(slots * 4)),
        "select": select,
        "input_type": "radio" if select == "one" else "checkbox",
        "name": name,
        "required": required,
        "disabled": disabled,
        "label": label,
        "show_label": show_label,
    }
    return SafeString(render_to_string("web/_tiles.html", context).strip())


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
    return SafeString(render_to_string("web/_tile.html", context).strip())


@register.simple_tag
def tile_back(size: Any = DEFAULT_SIZE, count: Any = 1) -> SafeString:
    """Face-down tiles: ``{% tile_back %}`` or ``{% tile_back size=24 count=3 %}``."""
    height = _size(size)
    context = {
        "size": height,
        "width": round(height * ASPECT),
        "backs": range(_size(count, 1, 1, 18)),
        "src": _static_url("tiles/back.svg", settings.STATIC_URL),
        "name": str(BACK_NAME),
    }
    return SafeString(render_to_string("web/_tile_back.html", context).strip())


@register.filter
def tile_label(notation: Any) -> str:
    """The accessible names of the tiles in a notation, joined with commas:
    ``{{ "0p"|tile_label }}``; bad notation gives back the text unchanged."""
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
    for key, heading, notation in (
        ("m", _("Characters (man)"), "123456789m"),
        ("p", _("Circles (pin)"), "123456789p"),
        ("s", _("Bamboo (sou)"), "123456789s"),
        ("winds", _("Winds"), "1234z"),
        ("dragons", _("Dragons"), "567z"),
        ("red", _("Red fives"), "0m0p0s"),
    ):
        kinds, reds = parse_tiles_red(notation)
        entries = [
            CatalogueEntry(tile_str(k, red=r), tile_name(k, red=r))
            for k, r in zip(kinds, reds, strict=True)
        ]
        suits.append({"key": key, "heading": heading, "entries": entries})
    melds = [
        CatalogueEntry("[3*45m]L", _("chi: the called tile came from the left")),
        CatalogueEntry("[7*77p]A", _("pon: the called tile came from across")),
        CatalogueEntry("[1*111z]R", _("open kan: the called tile came from the right")),
        CatalogueEntry("{2*222s}L", _("added kan: a fourth tile laid on a pon")),
        CatalogueEntry("(0555m)", _("closed kan: four drawn tiles, two shown face down")),
    ]
    return {
        "suits": suits,
        "melds": melds,
        "back_name": str(BACK_NAME),
        "text": {
            "title": _("All the tiles"),
            "intro": _(
                "A riichi set has 136 tiles: four copies of each of these 34 kinds. Three of the "
                "fives are usually red and count as dora. Each tile is shown at 24, 40 and 64 "
                "pixels high, with its notation."
            ),
            "back": _("Tile back"),
            "melds": _("Called sets"),
            "melds_help": _(
                "A called set is laid apart from the hand, with the called tile turned sideways "
                "towards the player who discarded it."
            ),
            "back_help": _("A face-down tile, as in the wall or a closed kan."),
            "demo": _("Choosing tiles"),
            "demo_help": _(
                "Lessons and puzzles ask you to pick tiles. Use the mouse, or Tab into the hand, "
                "move with the arrow keys and choose with Space or Enter."
            ),
            "demo_one": _("Which tile would you discard?"),
            "demo_many": _("Which tiles are terminals or honors?"),
            "answer": _("Answer"),
            "chosen": _("You chose:"),
            "notation": _("Notation"),
        },
    }
