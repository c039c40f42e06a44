"""Template filters that show the engine's reasons in the reader's language.

``{% load engine_text %}`` then ``{{ line|fu_text }}``, ``{{ yaku|yaku_name }}``,
``{{ yaku|yaku_gloss }}``, ``{{ miss|near_miss_text }}``, ``{{ reason|reason_text }}``,
``{{ shape|wait_shape }}``, ``{{ reason|furiten_text }}``, ``{{ blocked|blocked_text }}``,
``{{ reason|call_reason }}``, ``{{ result.limit|limit_name }}``, ``{{ ev|points }}``. Each takes the engine's object or its JSON copy (a mapping with
``code`` and ``params``); see :mod:`tutor.web.engine_text`. The output is plain text, escaped as
usual.
"""

from __future__ import annotations

from typing import Any

from django import template

from tutor.web import engine_text

register = template.Library()


@register.filter
def fu_text(line: Any) -> str:
    """A fu line with its amount: "Closed ron: +10"."""
    return engine_text.fu_text(line)


@register.filter
def fu_reason(line: Any) -> str:
    """A fu line's reason without its amount."""
    return engine_text.fu_reason_text(line)


@register.filter
def yaku_name(yaku: Any) -> str:
    """A yaku's name from its key, ``YakuScore`` or mapping: "Yakuhai: red dragon (chun)"."""
    return engine_text.yaku_name(yaku)


@register.filter
def yaku_gloss(yaku: Any) -> str:
    """A short gloss of a yaku ("all simples"), empty when none is needed."""
    return engine_text.yaku_gloss(yaku)


@register.filter
def near_miss_text(miss: Any) -> str:
    """A near miss with its yaku: "Pinfu: the wait is closed (kanchan)"."""
    return engine_text.near_miss_text(miss)


@register.filter
def near_miss_reason(miss: Any) -> str:
    """A near miss's reason without the yaku's name."""
    return engine_text.near_miss_reason(miss)


@register.filter
def furiten_text(reason: Any) -> str:
    """A furiten reason as a sentence."""
    return engine_text.furiten_text(reason)


@register.filter
def blocked_text(blocked: Any) -> str:
    """A blocked call as a sentence."""
    return engine_text.blocked_text(blocked)


@register.filter
def call_reason(reason: Any) -> str:
    """Why a call is blocked (a ``Reason`` or its value)."""
    return engine_text.call_reason_text(reason)


@register.filter
def wait_shape(shape: Any) -> str:
    """The name of a wait shape: "two-sided wait (ryanmen)"."""
    return engine_text.wait_shape_name(shape)


@register.filter
def reason_text(reason: Any) -> str:
    """Any engine reason (see :func:`tutor.web.engine_text.reason_text`)."""
    return engine_text.reason_text(reason)


@register.filter
def limit_name(limit: Any) -> str:
    """A scoring limit's name: "haneman", "doble yakuman"."""
    return engine_text.limit_name(limit)


@register.filter
def points(value: Any) -> str:
    """Points rounded to a whole number and grouped as the course writes them: 25,000 in
    English, 25.000 in Spanish (:func:`tutor.exercises.base.points_text`); "—" for none."""
    from tutor.exercises.base import points_text

    if value is None or value == "":
        return "—"
    return points_text(round(float(value)))
