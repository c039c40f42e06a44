"""Lesson text: Markdown with inline tiles (`` `tiles:123m [777p]` ``), sanitised."""

from __future__ import annotations

import html
import re

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

from tutor.web.templatetags.tiles import tiles as tiles_tag

TILES_RE = re.compile(r"<code>tiles:\s*([^<]*)</code>")
INLINE_SIZE = 30


def render(source: str) -> SafeString:
    """Markdown to safe HTML, with `` `tiles:...` `` spans drawn as tiles (the tag reads the
    engine's set notation, called tiles sideways and closed kans' ends face down).

    >>> str(render("**Hi** <script>x</script>"))
    '<p><strong>Hi</strong> </p>'
    """
    if not source:
        return mark_safe("")
    body = nh3.clean(markdown.markdown(source, extensions=["tables", "sane_lists"]))

    def draw(match: re.Match[str]) -> str:
        return str(tiles_tag(html.unescape(match.group(1)).strip(), size=INLINE_SIZE))

    return mark_safe(TILES_RE.sub(draw, body))  # noqa: S308 - sanitised above; tiles are ours
