"""What every exercise type shares: errors, widgets, verdicts, reading forms, the registry."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils.formats import number_format
from django.utils.text import capfirst, get_text_list
from django.utils.translation import gettext as _

from tutor.engine import tiles as et
from tutor.engine.hand import Hand, hand_str, parse_hand
from tutor.engine.positions import UnknownFamilyError, draw_position
from tutor.web.tile_names import tile_name

from .tables import DiscardRow

Answer = Hashable
"""What any exercise's answers are; each type is an ``Exercise[...]`` of its own answer type
(a tile ``int``, a ``frozenset`` of tiles or choices, a ``tuple`` of per-seat amounts...)."""

SEATS = ("east", "south", "west", "north")
PALETTE = "123456789m123456789p123456789s1234567z"
_WIND = {"east": 27, "south": 28, "west": 29, "north": 30}


class ContentError(ValueError):
    """An exercise in a content file that cannot be used (bad notation, no unique answer...).

    The message is for the content file's author, in English. ``field`` names the field at
    fault when one is, and ``text`` says what is wrong in the reader's language, for a
    teacher typing the position into a form (empty when the cause is an engine error, which
    :func:`tutor.web.engine_text.error_text` words, or when no form can send it).

    >>> error = ContentError("tile: exactly one tile", field="tile", text="Give one tile.")
    >>> str(error), error.field, error.text
    ('tile: exactly one tile', 'tile', 'Give one tile.')
    """

    def __init__(self, message: str, *, field: str = "", text: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.text = text


class AnswerError(ValueError):
    """A submitted answer that no honest form can produce (tampered or malformed): a 400."""


class EmptyAnswer(AnswerError):
    """The form was sent without an answer: an honest slip, answered with a reminder."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass
class WallCell:
    value: str
    label: str
    row: int
    col: int
    checked: bool = False
    wall: int = 0  # whose wall (0 East ... 3 North) and the stack's place in it, from its right
    stack: int = 0  # end, 0-based: the zoomed single-wall view on phones lays them out by these


@dataclass
class Widget:
    """What the template shows: ``kind`` is ``tiles`` (pick from a row), ``palette`` (pick from
    all 34 kinds), ``choices`` (radio buttons or checkboxes), ``number`` or ``wall``."""

    kind: str
    notation: str = ""
    select: str = "many"  # "one" or "many"
    value: str = "index"  # tiles: inputs carry "index" or "tile"
    checked: list[str] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    shown: list[tuple[str, str]] = field(default_factory=list)  # (caption, notation) above
    facts: list[str] = field(default_factory=list)  # plain sentences above (dice, seats...)
    wall: list[WallCell] = field(default_factory=list)
    number: str = ""
    second: Widget | None = None  # a second question on the same form (the pair tile)
    label: str = ""
    name: str = "tile"
    inputs: list[tuple[str, str, str]] = field(default_factory=list)  # (name, label, value)
    low: str = "0"  # numbers: the inputs' minimum ("" lets a learner type a negative)
    step: str = "1"  # numbers: any whole number, so a wrongly rounded answer reaches the site
    rows: tuple[str, ...] = ("123456789m", "123456789p", "123456789s", "1234567z")
    titles: bool = True  # tiles: False drops the name tooltips when they would give the answer

    def palette_rows(self) -> list[tuple[str, str]]:
        """The palette's rows with the name a screen reader gives each."""
        labels = (_("Characters"), _("Circles"), _("Bamboo"), _("Honors"))
        return list(zip(self.rows, labels, strict=True))

    def sent(self, post: Any) -> dict[str, list[str]]:
        """The fields of ``post`` that this widget's inputs send, bounded (at most 40 values
        of 8 characters each): an answer as its form sent it, to be read and drawn again.

        >>> from django.http import QueryDict
        >>> Widget("tiles").sent(QueryDict("tile=3&tile=5&step=x&csrfmiddlewaretoken=t"))
        {'tile': ['3', '5']}
        """
        names = {self.name, "number", "stack", *(name for name, _l, _v in self.inputs)}
        names |= {self.second.name} if self.second is not None else set()
        return {n: [str(v)[:8] for v in post.getlist(n)[:40]] for n in sorted(names) if n in post}


@dataclass
class Verdict:
    """Right or wrong, and why: each reason is a sentence, so it starts with a capital even
    when it starts with a tile's name ("Six of bamboo does not complete this hand.")."""

    correct: bool
    reasons: list[str]
    mark: str = ""
    details: list[str] = field(default_factory=list)
    """The whole working, shown folded under the reasons: a wrong answer's reasons name the
    mistake, and the learner opens the details to see the full solution."""
    table: list[DiscardRow] = field(default_factory=list)
    """A what-to-discard answer's whole discard table, drawn folded by the one table partial
    (``templates/web/_discard_table.html``)."""

    def __post_init__(self) -> None:
        self.reasons = [capfirst(str(r)) for r in self.reasons]
        self.details = [capfirst(str(r)) for r in self.details]


def points_text(n: int) -> str:
    """Points as the course writes them: 3,900 in English, 3.900 in Spanish.

    Django's Spanish format groups thousands with a no-break space; the Spanish lessons use a
    point, and feedback must read the same as the text above it.
    """
    return number_format(n, force_grouping=True).replace("\xa0", ".").replace("\u202f", ".")


def join_and(items: Iterable[Any]) -> str:
    """Items joined for a sentence: "a, b and c" in English, "a, b y c" in Spanish (and
    "e" before an i sound, as Spanish spells it: "Pinfu e Iipeikou")."""
    words = [str(i) for i in items]
    if not words:
        return ""
    word = _("and")
    if word == "y" and re.match(r"(?i)h?i(?![aeou])", words[-1]):
        word = "e"
    return str(get_text_list(words, word))


def names(kinds: Iterable[int]) -> str:
    """Translated tile names joined for a sentence ("one, two and three of circles")."""
    return join_and(tile_name(k) for k in kinds)


def tile_picker(
    notation: str, answer: object, select: str = "one", kind: str = "tiles", **more: Any
) -> Widget:
    """Tiles to pick by kind, those of ``answer`` (a tile or a set of tiles) ticked."""
    kinds = {answer} if isinstance(answer, int) else answer if isinstance(answer, frozenset) else ()
    checked = [et.tile_str(k) for k in sorted(kinds)]
    return Widget(kind, notation=notation, select=select, value="tile", checked=checked, **more)


def palette(answer: object, shown: list[tuple[str, str]]) -> Widget:
    """All 34 kinds to tick, those of ``answer`` (a set of tiles) ticked, below ``shown``."""
    return tile_picker(PALETTE, answer, "many", "palette", shown=shown)


def _choices(
    choices: list[Choice], answer: object, select: str = "one", name: str = "choice", **more: Any
) -> Widget:
    """Radio buttons (checkboxes when ``select`` is ``many``) with ``answer`` (a value or a set
    of them) ticked."""
    if isinstance(answer, frozenset):
        checked = sorted(str(a) for a in answer)
    else:
        checked = [] if answer in (None, "") else [str(answer)]
    return Widget("choices", select=select, name=name, choices=choices, checked=checked, **more)


def _per_seat_inputs(
    answer: object, label: str, seats: Iterable[str] = SEATS, prefix: str = "score"
) -> list[tuple[str, str, str]]:
    """A number input per seat (``score_east``...), labelled, with ``answer``'s amounts."""
    names = dict(zip(SEATS, _seat_names(), strict=True))
    given = dict(answer) if isinstance(answer, tuple) else {}
    return [(f"{prefix}_{s}", label % {"seat": names[s]}, str(given.get(s, ""))) for s in seats]


def _parsed[T](value: Any, what: str, example: str, parse: Callable[[str], T]) -> T:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{what}: give {example}")
    try:
        return parse(value)
    except ValueError as exc:
        raise ContentError(f"{what}: {exc}", field=what) from exc


def _parse_tiles(value: Any, what: str) -> tuple[list[int], list[bool]]:
    return _parsed(value, what, "tiles in mpsz notation, e.g. 123m55z", et.parse_tiles_red)


def _parse_hand(value: Any, what: str, sizes: tuple[int, ...] = (13, 14)) -> Hand:
    example = "a hand in hand notation, e.g. 123m456p789s1122z"
    return _parsed(value, what, example, lambda v: parse_hand(v, sizes=sizes))


def _one_tile(data: Mapping[str, Any], key: str) -> int:
    """The tile of the field ``key``, which must hold exactly one."""
    tiles = _parse_tiles(data[key], key)[0]
    if len(tiles) != 1:
        raise ContentError(f"{key}: exactly one tile", field=key, text=_("Give exactly one tile."))
    return tiles[0]


def _tiles_field(data: Mapping[str, Any], key: str) -> list[int]:
    """The tiles of an optional field of ``data``: none when it is absent or empty."""
    return _parse_tiles(data[key], key)[0] if data.get(key) else []


display = hand_str
"""Hand notation for the ``{% tiles %}`` tag: each called set as the engine writes it
(``[6*45p]L``, ``(9999p)``), so the tag lays the called tile sideways."""


def _indexes(post: Mapping[str, Any], name: str, count: int) -> frozenset[int]:
    values = post.getlist(name) if hasattr(post, "getlist") else post.get(name, [])
    out: set[int] = set()
    for v in values:
        try:
            i = int(v)
        except (TypeError, ValueError):
            i = -1
        if not 0 <= i < count or i in out:
            raise AnswerError(_("“%(value)s” is not a tile of this exercise.") % {"value": v})
        out.add(i)
    return frozenset(out)


def _kinds(
    post: Mapping[str, Any], name: str, allowed: Iterable[int], empty: str = ""
) -> frozenset[int]:
    """The tile kinds ticked; ``empty``, when given, is the reminder for ticking none."""
    values = post.getlist(name) if hasattr(post, "getlist") else post.get(name, [])
    allowed_set = set(allowed)
    if len(values) > 2 * et.NUM_KINDS:
        raise AnswerError(_("That is not one of the choices."))
    out: set[int] = set()
    for v in values:
        try:
            k = et.parse_tile(str(v))
        except ValueError:
            raise AnswerError(_("“%(value)s” is not a tile.") % {"value": v}) from None
        if k not in allowed_set:
            raise AnswerError(_("“%(value)s” cannot be chosen here.") % {"value": v})
        # Two copies of one tile ticked in a hand name the same kind: not an error.
        out.add(k)
    if empty and not out:
        raise EmptyAnswer(empty)
    return frozenset(out)


def _one(post: Mapping[str, Any], name: str, allowed: Iterable[str]) -> str:
    values = post.getlist(name) if hasattr(post, "getlist") else [post.get(name)]
    values = [v for v in values if v not in (None, "")]
    if not values:
        raise EmptyAnswer(_("Choose an answer first."))
    if len(values) > 1 or values[0] not in set(allowed):
        raise AnswerError(_("That is not one of the choices."))
    return str(values[0])


def _many(
    post: Mapping[str, Any], name: str, allowed: Iterable[str], empty: str = ""
) -> frozenset[str]:
    """The choices ticked; ``empty``, when given, is the reminder for ticking none."""
    values = post.getlist(name) if hasattr(post, "getlist") else post.get(name, [])
    allowed_set = set(allowed)
    out: set[str] = set()
    for v in values:
        if v not in allowed_set or v in out:
            raise AnswerError(_("That is not one of the choices."))
        out.add(str(v))
    if empty and not out:
        raise EmptyAnswer(empty)
    return frozenset(out)


def _number(post: Mapping[str, Any], name: str, low: int, high: int) -> int:
    raw = post.get(name)
    if raw in (None, ""):
        raise EmptyAnswer(_("Type a number first."))
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise AnswerError(_("“%(value)s” is not a whole number.") % {"value": raw}) from None
    if not low <= value <= high:
        raise AnswerError(
            _("Answer with a number from %(low)s to %(high)s.") % {"low": low, "high": high}
        )
    return value


class Exercise[A: Hashable]:
    """Base class of the exercise types, generic in the type ``A`` of their answers: what
    :meth:`read` makes of a form, :meth:`check` judges and :meth:`solutions` lists."""

    type: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    required: ClassVar[tuple[str, ...] | None] = None  # None: every field is required
    label: ClassVar[str] = ""

    def __init__(self, data: Mapping[str, Any]) -> None:
        unknown = set(data) - set(self.fields) - {"type"}
        if unknown:
            raise ContentError(f"{self.type}: unknown fields {', '.join(sorted(unknown))}")
        required = self.fields if self.required is None else self.required
        missing = [f for f in required if f not in data]
        if missing:
            raise ContentError(f"{self.type}: missing fields {', '.join(missing)}")
        self.data = dict(data)
        self.parse()

    def parse(self) -> None:
        raise NotImplementedError

    def solutions(self) -> set[A]:
        raise NotImplementedError

    def read(self, post: Mapping[str, Any]) -> A:
        raise NotImplementedError

    def check(self, answer: A) -> Verdict:
        raise NotImplementedError

    def widget(self, answer: A | None = None) -> Widget:
        raise NotImplementedError

    def solution(self) -> A:
        """The one right answer (the content check guarantees there is exactly one)."""
        found = self.solutions()
        if len(found) != 1:
            raise ContentError(f"{self.type}: {len(found)} answers are right, not exactly one")
        return next(iter(found))


TYPES: dict[str, type[Exercise[Any]]] = {}


def register[E: type[Exercise[Any]]](cls: E) -> E:
    TYPES[cls.type] = cls
    return cls


DEFAULT_SEED = 1
"""The position a family exercise shows when no learner's seed is given (content checks)."""


def _same_position(field: str, drawn: str, shown: str) -> bool:
    """Whether a drawn field shows the example ``shown``: the same concealed tiles for a
    hand, the same tiles in any order for a row or indicators."""
    if field == "hand":
        return parse_hand(drawn).concealed == _parse_hand(shown, "avoid").concealed
    return sorted(zip(*et.parse_tiles_red(drawn), strict=True)) == sorted(
        zip(*_parse_tiles(shown, "avoid"), strict=True)
    )


def with_position(data: Mapping[str, Any], seed: int | None = None) -> dict[str, Any]:
    """The exercise data with its position drawn by the engine when the content names a
    ``family``: the family fills its fields (``hand``, a row's ``tiles``, ``indicators``),
    ``seed`` (or the data's own ``seed``) picks the position, and a drawn position equal to
    ``avoid`` (the example the prose just showed, or a list of them) is skipped."""
    out = dict(data)
    if "family" not in out:
        return out  # a fixed position (a wall's own ``seed`` is one of its fields)
    family = out.pop("family")
    avoid = out.pop("avoid", None)
    chosen = out.pop("seed", DEFAULT_SEED) if seed is None else seed
    try:
        seed_value = int(chosen)
        for attempt in range(100):
            drawn = draw_position(str(family), seed_value * 101 + attempt)
            main = next(iter(drawn))
            shown = avoid if isinstance(avoid, list) else [avoid] if avoid else []
            if not any(_same_position(main, str(drawn[main]), str(a)) for a in shown):
                break
    except (UnknownFamilyError, ValueError) as exc:
        raise ContentError(f"family: {exc}") from exc
    both = sorted(set(drawn) & set(out))
    if both:
        raise ContentError(f"family: the family draws {', '.join(both)}; give one or the other")
    out.update(drawn)
    return out


def exercise(data: Mapping[str, Any]) -> Exercise[Any]:
    """Build the exercise a content file describes (a ``family`` one at its ``seed``)."""
    if "family" in data:
        data = with_position(data)
    kind = data.get("type")
    if kind not in TYPES:
        raise ContentError(f"unknown exercise type {kind!r}; known: {', '.join(sorted(TYPES))}")
    return TYPES[str(kind)](data)


def _seat_names() -> tuple[str, str, str, str]:
    return (_("East"), _("South"), _("West"), _("North"))
