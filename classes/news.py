"""The news wall's Markdown: rendered once when a post is saved, stored sanitised.

The parser is markdown-it's Rust port, which takes time linear in the text (about a
millisecond for a 5,000-character post, whatever it contains: ``bench/bench_markdown.py``);
Python-Markdown took 14 s for a post of 5,000 ``[``. Raw HTML is not a Markdown feature here
(it is shown as text), and nh3 still sanitises the output: no scripts, no styles, no event
attributes, links only to http, https and mailto.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import nh3
from markdown_it_pyrs import MarkdownIt

if TYPE_CHECKING:
    from markdown_it_pyrs.markdown_it_pyrs import _PLUGIN_NAME  # the names of its rules

NEWS_TAGS = {
    "p", "br", "strong", "em", "code", "pre", "blockquote", "ul", "ol", "li", "a", "h3", "h4",
    "h5", "hr",
}  # fmt: skip

# Headings, quotes, lists, code, emphasis, links and line breaks; no raw HTML, no images, no
# reference definitions (700 of them in one post took 45 ms to resolve).
_RULES: list[_PLUGIN_NAME] = [
    "blockquote", "code", "fence", "heading", "lheading", "hr", "list", "paragraph",
    "autolink", "backticks", "emphasis", "entity", "escape", "link", "newline",
]  # fmt: skip

_parser = MarkdownIt("zero")
_parser.enable_many(_RULES)

MAX_NESTING = 6
"""Quotes and lists opened at the start of one line: ``> > - 1.`` is four. A line of 2,500
``> `` nests 2,500 quotes, and sanitising that took 350 ms, so the markers past this many are
escaped and read as text."""

# One container marker at the start of a line (after earlier ones): a quote, or a list item's
# bullet or number followed by a space; group 1 is the character to escape.
_MARKER = re.compile(r"[ ]{0,3}(?:(>)|([-+*])(?=[ \t])|\d{1,9}([.)])(?=[ \t]))[ \t]?")


def limit_nesting(text: str) -> str:
    """Escape the container markers of a line past :data:`MAX_NESTING`.

    >>> limit_nesting("> " * 8 + "deep")
    '> > > > > > \\\\> > deep'
    >>> limit_nesting("- 1. > plain")
    '- 1. > plain'
    """
    lines = text.split("\n")
    for i, line in enumerate(lines):
        pos = depth = 0
        while (match := _MARKER.match(line, pos)) is not None:
            if depth == MAX_NESTING:
                char = next(g for g in range(1, 4) if match.group(g) is not None)
                at = match.start(char)
                lines[i] = line[:at] + "\\" + line[at:]
                break
            depth += 1
            pos = match.end()
    return "\n".join(lines)


def render_news(text: str) -> str:
    """A post's Markdown as sanitised HTML.

    >>> render_news("**Homework** for *Monday* <b>x</b>")
    '<p><strong>Homework</strong> for <em>Monday</em> &lt;b&gt;x&lt;/b&gt;</p>\\n'
    """
    return nh3.clean(
        _parser.render(limit_nesting(text)),
        tags=NEWS_TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )
