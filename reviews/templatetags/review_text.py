"""Template filters of game reviews."""

from __future__ import annotations

from typing import Any

from django import template

from tutor.web import engine_text

register = template.Library()


@register.filter
def discard_reason(reason: Any) -> str:
    """A stored reason of the expected-value ranking (``code`` and ``params``) as a sentence."""
    return engine_text.discard_reason_text(reason)
