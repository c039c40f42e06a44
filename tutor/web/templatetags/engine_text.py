"""Template filters that show the engine's figures in the reader's language.

``{% load engine_text %}`` then ``{{ ev|points }}``, ``{{ chance|percent }}`` or
``{{ reason|furiten_text }}``. The engine's other reasons are rendered by
:mod:`tutor.web.engine_text` in the views and the exercise layer, which hand the templates plain
text; the output is escaped as usual.
"""

from __future__ import annotations

from django import template

from tutor.exercises.base import points_text
from tutor.web import engine_text
from tutor.web.defense_text import percent_text

register = template.Library()


# A furiten reason as a sentence (the game review shows the stored ones).
register.filter("furiten_text", engine_text.furiten_text)


@register.filter
def points(value: float | str | None) -> str:
    """Points rounded to a whole number and grouped as the course writes them: 25,000 in
    English, 25.000 in Spanish (:func:`tutor.exercises.base.points_text`); "—" for none."""
    if value is None or value == "":
        return "—"
    return points_text(round(float(value)))


@register.filter
def percent(value: float | str | None) -> str:
    """A chance as a percentage with one decimal, the reader's way (12.5% or 12.5 %); "—" for
    none."""
    if value is None or value == "":
        return "—"
    return percent_text(float(value))
