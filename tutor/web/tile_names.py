"""Accessible, translated names of the tiles ("red five of circles", "East wind").

Each name is a whole msgid, not assembled from parts, so a translator can make every word agree
(Spanish: "cinco rojo de círculos", "dragón blanco").
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from tutor.engine.tiles import FIVES, NUM_KINDS

# Indexed by tile kind (0..33), in the engine's order: 1m..9m, 1p..9p, 1s..9s, winds, dragons.
KIND_NAMES: tuple[StrPromise, ...] = (
    _("one of characters"),
    _("two of characters"),
    _("three of characters"),
    _("four of characters"),
    _("five of characters"),
    _("six of characters"),
    _("seven of characters"),
    _("eight of characters"),
    _("nine of characters"),
    _("one of circles"),
    _("two of circles"),
    _("three of circles"),
    _("four of circles"),
    _("five of circles"),
    _("six of circles"),
    _("seven of circles"),
    _("eight of circles"),
    _("nine of circles"),
    _("one of bamboo"),
    _("two of bamboo"),
    _("three of bamboo"),
    _("four of bamboo"),
    _("five of bamboo"),
    _("six of bamboo"),
    _("seven of bamboo"),
    _("eight of bamboo"),
    _("nine of bamboo"),
    _("East wind"),
    _("South wind"),
    _("West wind"),
    _("North wind"),
    _("white dragon"),
    _("green dragon"),
    _("red dragon"),
)
assert len(KIND_NAMES) == NUM_KINDS

RED_FIVE_NAMES: dict[int, StrPromise] = {
    FIVES[0]: _("red five of characters"),
    FIVES[1]: _("red five of circles"),
    FIVES[2]: _("red five of bamboo"),
}

BACK_NAME: StrPromise = _("face-down tile")


def tile_name(kind: int, red: bool = False) -> str:
    """The translated name of a tile kind (``red=True`` for a red five)."""
    return str(RED_FIVE_NAMES[kind] if red else KIND_NAMES[kind])
