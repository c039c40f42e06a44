"""Text people type into the site: nothing invisible, no lookalike names.

Every form of the site inherits :class:`VisibleTextForm` (or mixes in :class:`VisibleTextMixin`),
which gives each text field one validator: it refuses Unicode format and control characters --
right-to-left overrides that reverse what a teacher reads, zero-width characters that make two
names look the same, NUL bytes. Line breaks and tabs stay allowed in multi-line fields.

Usernames are also refused when they mix scripts (a Cyrillic "а" inside a Latin name) or when
their *skeleton* -- each character replaced by one representative of the characters it can be
mistaken for (Unicode's confusables list, from ``confusable_homoglyphs``), after case folding
and NFKC -- equals an existing user's.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from confusable_homoglyphs import confusables, utils
from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

# Cc control, Cf format (bidi controls, zero-width), Co private use, Cs surrogates, Cn unassigned,
# Zl/Zp line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
LINE_BREAKS = frozenset("\n\r\t")


def hidden_characters(value: str, *, multiline: bool = False) -> list[str]:
    """The invisible or control characters in ``value``, as ``U+XXXX`` codes.

    >>> hidden_characters("Ana\\u202egnp.exe")
    ['U+202E']
    >>> hidden_characters("two\\nlines", multiline=True)
    []
    >>> hidden_characters("two\\nlines")
    ['U+000A']
    """
    hidden = (
        f"U+{ord(char):04X}"
        for char in value
        if unicodedata.category(char) in HIDDEN_CATEGORIES
        and not (multiline and char in LINE_BREAKS)
    )
    return list(dict.fromkeys(hidden))  # each once, in order


def _refuse_hidden(value: Any, multiline: bool) -> None:
    if not isinstance(value, str):
        return
    found = hidden_characters(value, multiline=multiline)
    if found:
        raise ValidationError(
            _(
                "Remove the invisible or control characters (%(codes)s): they can make text "
                "read differently from what it says."
            ),
            code="hidden_character",
            params={"codes": ", ".join(found)},
        )


def validate_visible_line(value: Any) -> None:
    """Refuse format and control characters, line breaks included."""
    _refuse_hidden(value, multiline=False)


def validate_visible_text(value: Any) -> None:
    """Refuse format and control characters; line breaks and tabs are fine."""
    _refuse_hidden(value, multiline=True)


class VisibleTextMixin:
    """Give every text field of a form the visible-text validator (passwords excepted)."""

    fields: dict[str, forms.Field]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if not isinstance(field, forms.CharField) or isinstance(
                field.widget, forms.PasswordInput
            ):
                continue
            multiline = isinstance(field.widget, forms.Textarea)
            validator = validate_visible_text if multiline else validate_visible_line
            if validator not in field.validators:
                field.validators.append(validator)


class VisibleTextForm(VisibleTextMixin, forms.Form):
    """A plain form whose text fields refuse invisible characters."""


class VisibleTextModelForm[M: models.Model](VisibleTextMixin, forms.ModelForm[M]):
    """A model form whose text fields refuse invisible characters."""


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character mapped to one representative of its group (the smallest)."""
    parent: dict[str, str] = {}

    def find(char: str) -> str:
        while parent.setdefault(char, char) != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    for char, homoglyphs in utils.load("confusables.json").items():
        if len(char) != 1:
            continue
        for glyph in homoglyphs:
            other = glyph["c"].replace("\u200e", "")
            if len(other) == 1:
                a, b = find(char), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    return {char: find(char) for char in parent}


def username_skeleton(name: str) -> str:
    """What a name looks like: two names with the same skeleton can be mistaken for each other.

    >>> username_skeleton("paypal") == username_skeleton("\\u0440\\u0430\\u0443\\u0440\\u0430l")
    True
    >>> username_skeleton("Ana") == username_skeleton("ana")
    True
    >>> username_skeleton("ana") == username_skeleton("ann")
    False
    >>> username_skeleton("Ilya") == username_skeleton("llya")
    True
    """
    prototypes = _prototypes()

    def shapes(text: str) -> str:
        return "".join(prototypes.get(char, char) for char in text)

    # Before case folding too, so that a capital I still looks like a small l.
    return shapes(shapes(unicodedata.normalize("NFKC", name)).casefold())


def validate_single_script(name: str) -> None:
    """Refuse a name mixing scripts (digits and punctuation go with any script)."""
    if confusables.is_mixed_script(name, allowed_aliases=["COMMON", "INHERITED"]):
        raise ValidationError(
            _("Use letters of one alphabet only: this name mixes several."),
            code="mixed_scripts",
        )
