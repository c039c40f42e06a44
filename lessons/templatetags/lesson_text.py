"""``{{ reason|lesson_inline }}``: one line of feedback as inline Markdown, with tiles drawn."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe

from lessons import text

register = template.Library()


@register.filter
def lesson_inline(value: str) -> SafeString:
    html = str(text.render(str(value))).strip()
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return mark_safe(html)  # noqa: S308 - text.render sanitises
