"""Exercise types: each reads a position from a content file, asks the engine for the answer,
reads a learner's answer from a form and says whether it is right and why.

An exercise type is a class registered in :data:`TYPES` under its ``type`` name. It is built
from the position fields of a content file (``exercise(data)``) and offers:

* ``solutions()`` — every answer the engine accepts, in canonical form (the content check
  demands exactly one);
* ``read(post)`` — the learner's answer from the submitted form, canonical, or
  :class:`AnswerError` for input no honest form can send (tampering: a 400);
* ``check(answer)`` — a :class:`Verdict`: right or wrong, with reasons built from the engine's
  results;
* ``widget(answer)`` — what the template draws and how the learner answers.

No answer is stored anywhere: ``solutions()`` is computed from the position each time.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine import tiles as et
from tutor.engine.hand import Hand, InvalidMeldError, Meld, MeldKind, parse_hand
from tutor.web.tile_names import tile_name

Answer = Hashable

SEATS = ("east", "south", "west", "north")
PALETTE = "123456789m123456789p123456789s1234567z"


class ContentError(ValueError):
    """An exercise in a content file that cannot be used (bad notation, no unique answer...)."""


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
    rows: tuple[str, ...] = ("123456789m", "123456789p", "123456789s", "1234567z")

    def palette_rows(self) -> list[tuple[str, str]]:
        """The palette's rows with the name a screen reader gives each."""
        labels = (_("Characters"), _("Circles"), _("Bamboo"), _("Honors"))
        return list(zip(self.rows, labels, strict=True))


@dataclass
class Verdict:
    correct: bool
    reasons: list[str]
    mark: str = ""


def names(kinds: Iterable[int]) -> str:
    """Translated tile names joined for a sentence."""
    return ", ".join(str(tile_name(k)) for k in kinds)


def _parse_tiles(value: Any, what: str) -> tuple[list[int], list[bool]]:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{what}: give tiles in mpsz notation, e.g. 123m55z")
    try:
        return et.parse_tiles_red(value)
    except ValueError as exc:
        raise ContentError(f"{what}: {exc}") from exc


def _parse_hand(value: Any, what: str, sizes: tuple[int, ...] = (13, 14)) -> Hand:
    if not isinstance(value, str) or not value.strip():
        raise ContentError(f"{what}: give a hand in hand notation, e.g. 123m456p789s1122z")
    try:
        return parse_hand(value, sizes=sizes)
    except ValueError as exc:
        raise ContentError(f"{what}: {exc}") from exc


def display(hand: Hand) -> str:
    """Hand notation the ``{% tiles %}`` tag can draw: concealed tiles, then each set in []."""
    from tutor.engine.hand import hand_str

    text = hand_str(hand)
    out = []
    for ch in text:
        if ch in "({":
            out.append("[")
        elif ch in ")}":
            out.append("]")
        elif ch in "*LAR":
            continue
        else:
            out.append(ch)
    return "".join(out)


def _indexes(post: Mapping[str, Any], name: str, count: int) -> frozenset[int]:
    values = post.getlist(name) if hasattr(post, "getlist") else post.get(name, [])
    out: set[int] = set()
    for v in values:
        try:
            i = int(v)
        except (TypeError, ValueError):
            raise AnswerError(
                _("“%(value)s” is not a tile of this exercise.") % {"value": v}
            ) from None
        if not 0 <= i < count or i in out:
            raise AnswerError(_("“%(value)s” is not a tile of this exercise.") % {"value": v})
        out.add(i)
    return frozenset(out)


def _kinds(post: Mapping[str, Any], name: str, allowed: Iterable[int]) -> frozenset[int]:
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
    return frozenset(out)


def _one(post: Mapping[str, Any], name: str, allowed: Iterable[str]) -> str:
    values = post.getlist(name) if hasattr(post, "getlist") else [post.get(name)]
    values = [v for v in values if v not in (None, "")]
    if not values:
        raise EmptyAnswer(_("Choose an answer first."))
    if len(values) > 1 or values[0] not in set(allowed):
        raise AnswerError(_("That is not one of the choices."))
    return str(values[0])


def _many(post: Mapping[str, Any], name: str, allowed: Iterable[str]) -> frozenset[str]:
    values = post.getlist(name) if hasattr(post, "getlist") else post.get(name, [])
    allowed_set = set(allowed)
    out: set[str] = set()
    for v in values:
        if v not in allowed_set or v in out:
            raise AnswerError(_("That is not one of the choices."))
        out.add(str(v))
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


class Exercise:
    """Base class of the exercise types."""

    type: ClassVar[str]
    fields: ClassVar[tuple[str, ...]] = ()
    required: ClassVar[tuple[str, ...]] = ()
    label: ClassVar[str] = ""

    def __init__(self, data: Mapping[str, Any]) -> None:
        unknown = set(data) - set(self.fields) - {"type"}
        if unknown:
            raise ContentError(f"{self.type}: unknown fields {', '.join(sorted(unknown))}")
        missing = [f for f in self.required if f not in data]
        if missing:
            raise ContentError(f"{self.type}: missing fields {', '.join(missing)}")
        self.data = dict(data)
        self.parse()

    def parse(self) -> None:
        raise NotImplementedError

    def solutions(self) -> set[Answer]:
        raise NotImplementedError

    def read(self, post: Mapping[str, Any]) -> Answer:
        raise NotImplementedError

    def check(self, answer: Answer) -> Verdict:
        raise NotImplementedError

    def widget(self, answer: Answer | None = None) -> Widget:
        raise NotImplementedError

    def solution(self) -> Answer:
        """The one right answer (the content check guarantees there is exactly one)."""
        found = self.solutions()
        if len(found) != 1:
            raise ContentError(f"{self.type}: {len(found)} answers are right, not exactly one")
        return next(iter(found))


TYPES: dict[str, type[Exercise]] = {}


def register(cls: type[Exercise]) -> type[Exercise]:
    TYPES[cls.type] = cls
    return cls


def exercise(data: Mapping[str, Any]) -> Exercise:
    """Build the exercise a content file describes."""
    kind = data.get("type")
    if kind not in TYPES:
        raise ContentError(f"unknown exercise type {kind!r}; known: {', '.join(sorted(TYPES))}")
    return TYPES[str(kind)](data)


# --- pick_tiles ---------------------------------------------------------------------------


def _tile_categories() -> dict[str, tuple[Callable[[int, bool], bool], str]]:
    # Each category is decided by the engine's tile predicates.
    return {
        "characters": (lambda k, r: et.suit_of(k) == "m", _("a tile of characters")),
        "circles": (lambda k, r: et.suit_of(k) == "p", _("a tile of circles")),
        "bamboo": (lambda k, r: et.suit_of(k) == "s", _("a tile of bamboo")),
        "honors": (lambda k, r: et.is_honor(k), _("an honor")),
        "winds": (lambda k, r: k in et.WINDS, _("a wind")),
        "dragons": (lambda k, r: k in et.DRAGONS, _("a dragon")),
        "terminals": (lambda k, r: et.is_terminal(k), _("a terminal (a 1 or a 9 of a suit)")),
        "simples": (lambda k, r: et.is_simple(k), _("a simple (2 to 8 of a suit)")),
        "terminals_and_honors": (
            lambda k, r: et.is_terminal_or_honor(k),
            _("a terminal or an honor"),
        ),
        "red_fives": (lambda k, r: r, _("a red five")),
    }


def _what_it_is(kind: int, red: bool) -> str:
    """A short description of a tile built from the engine's predicates."""
    if et.is_honor(kind):
        what = _("a wind") if kind in et.WINDS else _("a dragon")
        return _("%(tile)s is an honor: %(what)s.") % {"tile": tile_name(kind, red), "what": what}
    if et.is_terminal(kind):
        return _("%(tile)s is a terminal of its suit.") % {"tile": tile_name(kind, red)}
    if red:
        return _("%(tile)s is a red five, a simple.") % {"tile": tile_name(kind, red)}
    return _("%(tile)s is a simple of its suit.") % {"tile": tile_name(kind, red)}


@register
class PickTiles(Exercise):
    type = "pick_tiles"
    fields = ("tiles", "find")
    required = fields

    def parse(self) -> None:
        self.kinds, self.red = _parse_tiles(self.data["tiles"], "tiles")
        if not 3 <= len(self.kinds) <= 14:
            raise ContentError("tiles: show 3 to 14 tiles")
        self.notation = "".join(
            et.tile_str(k, r) for k, r in zip(self.kinds, self.red, strict=True)
        )
        find = self.data["find"]
        self.one_kind: int | None = None
        if find not in _tile_categories():
            # One tile by name: "find: 6z" asks for every green dragon.
            try:
                self.one_kind = et.parse_tile(str(find))
            except ValueError:
                raise ContentError(
                    f"find: one of {', '.join(_tile_categories())}, or one tile such as 6z"
                ) from None

    def _category(self) -> tuple[Callable[[int, bool], bool], str]:
        if self.one_kind is not None:
            kind = self.one_kind
            return (lambda k, r: k == kind), str(tile_name(kind))
        return _tile_categories()[self.data["find"]]

    def _matches(self, i: int) -> bool:
        test, _label = self._category()
        return test(self.kinds[i], self.red[i])

    def solutions(self) -> set[Answer]:
        found = frozenset(i for i in range(len(self.kinds)) if self._matches(i))
        return {found} if found else set()

    def read(self, post: Mapping[str, Any]) -> Answer:
        return _indexes(post, "tile", len(self.kinds))

    def check(self, answer: Answer) -> Verdict:
        assert isinstance(answer, frozenset)
        right = self.solution()
        assert isinstance(right, frozenset)
        label = self._category()[1]
        if self.one_kind is not None:
            return self._check_one_kind(answer, right)
        reasons = []
        for i in sorted(answer - right):
            reasons.append(
                _("%(tile)s is not %(what)s.")
                % {"tile": tile_name(self.kinds[i], self.red[i]), "what": label}
                + " "
                + _what_it_is(self.kinds[i], self.red[i])
            )
        left_out = right - answer
        if left_out:
            reasons.append(
                ngettext(
                    "One more tile of the row is %(what)s.",
                    "%(n)s more tiles of the row are %(what)s.",
                    len(left_out),
                )
                % {"n": len(left_out), "what": label}
            )
        if answer == right:
            reasons.append(
                ngettext(
                    "Right: %(tiles)s is %(what)s.",
                    "Right: %(tiles)s are each %(what)s.",
                    len(right),
                )
                % {
                    "tiles": ", ".join(
                        str(tile_name(self.kinds[i], self.red[i])) for i in sorted(right)
                    ),
                    "what": label,
                }
            )
        return Verdict(answer == right, reasons)

    def _check_one_kind(self, answer: frozenset[int], right: frozenset[int]) -> Verdict:
        wanted = tile_name(self.one_kind)  # type: ignore[arg-type]
        reasons = [
            _("That tile is the %(tile)s, not the %(wanted)s.")
            % {"tile": tile_name(self.kinds[i], self.red[i]), "wanted": wanted}
            for i in sorted(answer - right)
        ]
        if right - answer:
            reasons.append(
                ngettext(
                    "One more %(wanted)s is in the row.",
                    "%(n)s more copies of the %(wanted)s are in the row.",
                    len(right - answer),
                )
                % {"n": len(right - answer), "wanted": wanted}
            )
        if answer == right:
            reasons.append(_("Right: that is the %(wanted)s.") % {"wanted": wanted})
        return Verdict(answer == right, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        checked = [str(i) for i in sorted(answer)] if isinstance(answer, frozenset) else []
        return Widget(
            "tiles", notation=self.notation, select="many", value="index", checked=checked
        )


# --- pick_group ---------------------------------------------------------------------------

_GROUP_SIZE = {"chi": 3, "pon": 3, "kan": 4, "pair": 2}


def _group_problem(find: str, kinds: tuple[int, ...]) -> str | None:
    """Why ``kinds`` are not a group of the kind ``find`` (None when they are), from the engine's
    set rules (:class:`tutor.engine.hand.Meld`)."""
    size = _GROUP_SIZE[find]
    shown = names(kinds)
    if len(kinds) != size:
        return ngettext(
            "A %(group)s has %(size)s tiles; you picked %(n)s.",
            "A %(group)s has %(size)s tiles; you picked %(n)s.",
            len(kinds),
        ) % {"group": _group_name(find), "size": size, "n": len(kinds)}
    if find == "pair":
        # A pair is two copies of one kind: as a pon is three, so test it through the engine's
        # pon rule with one more copy.
        kind_of = {MeldKind.PON}
        tiles = (*kinds, kinds[0])
    else:
        kind_of = {"chi": {MeldKind.CHI}, "pon": {MeldKind.PON}, "kan": {MeldKind.CLOSED_KAN}}[find]
        tiles = kinds
    try:
        Meld(next(iter(kind_of)), tuple(sorted(tiles)))
    except InvalidMeldError:
        if find == "chi":
            return _("%(tiles)s are not a chi: a chi is three numbers in a row of one suit.") % {
                "tiles": shown
            }
        return _("%(tiles)s are not a %(group)s: it needs %(size)s copies of one tile.") % {
            "tiles": shown,
            "group": _group_name(find),
            "size": size,
        }
    return None


def _group_name(find: str) -> str:
    return {"chi": _("chi"), "pon": _("pon"), "kan": _("kan"), "pair": _("pair")}[find]


@register
class PickGroup(Exercise):
    type = "pick_group"
    fields = ("tiles", "find")
    required = fields

    def parse(self) -> None:
        self.kinds, self.red = _parse_tiles(self.data["tiles"], "tiles")
        if not 4 <= len(self.kinds) <= 14:
            raise ContentError("tiles: show 4 to 14 tiles")
        if self.data["find"] not in _GROUP_SIZE:
            raise ContentError(f"find: one of {', '.join(_GROUP_SIZE)}")
        try:
            et.to_counts(self.kinds)
        except ValueError as exc:
            raise ContentError(f"tiles: {exc}") from exc
        self.notation = "".join(
            et.tile_str(k, r) for k, r in zip(self.kinds, self.red, strict=True)
        )

    def solutions(self) -> set[Answer]:
        size = _GROUP_SIZE[self.data["find"]]
        found: set[Answer] = set()
        for combo in itertools.combinations(range(len(self.kinds)), size):
            kinds = tuple(sorted(self.kinds[i] for i in combo))
            if _group_problem(self.data["find"], kinds) is None:
                found.add(kinds)
        return found

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _indexes(post, "tile", len(self.kinds))
        if not picked:
            raise EmptyAnswer(_("Pick some tiles first."))
        return tuple(sorted(self.kinds[i] for i in picked))

    def check(self, answer: Answer) -> Verdict:
        assert isinstance(answer, tuple)
        problem = _group_problem(self.data["find"], answer)
        if problem is not None:
            return Verdict(False, [problem])
        what = {
            "chi": _("%(tiles)s: three numbers in a row of one suit, a chi."),
            "pon": _("%(tiles)s: three copies of one tile, a pon."),
            "kan": _("%(tiles)s: four copies of one tile, a kan."),
            "pair": _("%(tiles)s: two copies of one tile, a pair."),
        }[self.data["find"]]
        return Verdict(True, [what % {"tiles": names(answer)}])

    def widget(self, answer: Answer | None = None) -> Widget:
        return Widget("tiles", notation=self.notation, select="many", value="index")


# --- complete -----------------------------------------------------------------------------

FORMS = ("not_complete", "standard", "seven_pairs", "thirteen_orphans")


def _form_labels() -> dict[str, str]:
    return {
        "not_complete": _("Not complete"),
        "standard": _("Four sets and a pair"),
        "seven_pairs": _("Seven pairs"),
        "thirteen_orphans": _("Thirteen orphans"),
    }


@register
class Complete(Exercise):
    type = "complete"
    fields = ("hand",)
    required = fields

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(14,))

    def _splits(self) -> list[Any]:
        from tutor.engine.shapes import decompositions

        return decompositions(self.hand.concealed, self.hand.melds)

    def _forms(self) -> dict[str, set[int]]:
        """Each complete form of the hand, with the pair kinds of the standard form."""
        out: dict[str, set[int]] = {}
        for d in self._splits():
            pairs = out.setdefault(d.form.value, set())
            if d.form.value == "standard" and d.pair is not None:
                pairs.add(d.pair)
        return out

    def solutions(self) -> set[Answer]:
        forms = self._forms()
        if not forms:
            return {("not_complete", None)}
        found: set[Answer] = set()
        for form, pairs in forms.items():
            if form == "standard":
                found |= {(form, p) for p in pairs}
            else:
                found.add((form, None))
        return found

    def read(self, post: Mapping[str, Any]) -> Answer:
        form = _one(post, "shape", FORMS)
        if form != "standard":
            # A pair ticked before another form was chosen is ignored: the form decides.
            return (form, None)
        pair = _kinds(post, "pair", set(self.hand.concealed_tiles()))
        if len(pair) != 1:
            raise EmptyAnswer(_("For four sets and a pair, also pick one tile of the pair."))
        return (form, next(iter(pair)))

    def check(self, answer: Answer) -> Verdict:
        from tutor.engine import shanten as sh

        assert isinstance(answer, tuple)
        right = self.solutions()
        counts = self.hand.concealed
        melds = len(self.hand.melds)
        reasons = []
        forms = self._forms()
        if not forms:
            n = sh.shanten(counts, melds) + 1
            reasons.append(
                ngettext(
                    "This hand is not complete: it is %(n)s tile away from a winning shape.",
                    "This hand is not complete: it is %(n)s tiles away from a winning shape.",
                    n,
                )
                % {"n": n}
            )
        for d in self._splits():
            if d.form.value == "standard":
                groups = " ".join(f"`tiles:{part}`" for part in str(d).split())
                reasons.append(_("It splits as %(split)s.") % {"split": groups})
        if "seven_pairs" in forms:
            reasons.append(_("It is seven different pairs."))
        if "thirteen_orphans" in forms:
            reasons.append(_("It holds every terminal and honor, one of them twice."))
        if answer in right:
            return Verdict(True, reasons)
        form, pair = answer
        if form == "standard" and "standard" in forms and pair not in forms["standard"]:
            reasons.insert(
                0,
                _("%(tile)s is not the pair of this hand.") % {"tile": tile_name(int(pair))},  # type: ignore[arg-type]
            )
        elif form != "not_complete" and form not in forms:
            reasons.insert(
                0, _("This hand is not made of %(form)s.") % {"form": _form_labels()[form].lower()}
            )
        elif form == "not_complete":
            reasons.insert(0, _("Look again: this hand is complete."))
        # The split itself would give the answer away: only say what was wrong.
        return Verdict(False, reasons[:1])

    def widget(self, answer: Answer | None = None) -> Widget:
        labels = _form_labels()
        form, pair = answer if isinstance(answer, tuple) else ("", None)
        second = Widget(
            "tiles",
            notation=display(self.hand),
            select="one",
            value="tile",
            name="pair",
            checked=[et.tile_str(pair)] if pair is not None else [],
            label=_("For four sets and a pair: pick a tile of the pair"),
        )
        return Widget(
            "choices",
            select="one",
            name="shape",
            choices=[Choice(f, labels[f]) for f in FORMS],
            checked=[form] if form else [],
            second=second,
        )


# --- wall ---------------------------------------------------------------------------------

WALL_FINDS = ("first_live", "dead_wall", "dora_indicator", "replacement", "last_draw")


def _seat_names() -> tuple[str, str, str, str]:
    return (_("East"), _("South"), _("West"), _("North"))


def stack_label(wall: int, stack: int) -> str:
    return _("%(seat)s's wall, stack %(n)s from the right") % {
        "seat": _seat_names()[wall],
        "n": stack + 1,
    }


@register
class WallExercise(Exercise):
    type = "wall"
    fields = ("seed", "dice", "find", "kans")
    required = ("seed", "dice", "find")

    def parse(self) -> None:
        from tutor.engine import wall as ew

        seed, dice = self.data["seed"], self.data["dice"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ContentError("seed: a whole number")
        if not isinstance(dice, list) or len(dice) != 2:
            raise ContentError("dice: two numbers, e.g. [3, 4]")
        kans = self.data.get("kans", 0)
        if isinstance(kans, bool) or not isinstance(kans, int) or not 0 <= kans <= 3:
            raise ContentError("kans: 0 to 3")
        if self.data["find"] not in WALL_FINDS:
            raise ContentError(f"find: one of {', '.join(WALL_FINDS)}")
        try:
            state = ew.build_wall(seed=seed, dice=(dice[0], dice[1]))
            if kans:
                state = ew.deal(state)
                for _k in range(kans):
                    state, _tile = ew.kan_replacement(state)
        except ValueError as exc:
            raise ContentError(f"wall: {exc}") from exc
        self.state = state
        self.kans = kans
        self.stacks = state.rules.stacks_per_wall

    @property
    def many(self) -> bool:
        return self.data["find"] == "dead_wall" or (
            self.data["find"] == "dora_indicator" and self.kans > 0
        )

    def _right(self) -> frozenset[tuple[int, int]]:
        return self.stacks_for(self.data["find"])

    def stacks_for(self, find: str) -> frozenset[tuple[int, int]]:
        """The stacks a ``find`` names, as ``(wall, stack)`` pairs, from the engine's wall."""
        s = self.state
        if find == "first_live":
            stacks = [s.first_live_stack]
        elif find == "dead_wall":
            stacks = list(s.dead_wall)
        elif find == "dora_indicator":
            stacks = [p.stack_pos for p in s.dora_indicator_positions]
        elif find == "replacement":
            stacks = [s.replacement_order[s.replacements].stack_pos]
        else:
            stacks = [s.last_draw.stack_pos]
        return frozenset((p.wall, p.stack) for p in stacks)

    def solutions(self) -> set[Answer]:
        return {self._right()}

    def read(self, post: Mapping[str, Any]) -> Answer:
        values = post.getlist("stack") if hasattr(post, "getlist") else post.get("stack", [])
        out: set[tuple[int, int]] = set()
        for v in values:
            try:
                w, st = (int(x) for x in str(v).split("-"))
            except ValueError:
                raise AnswerError(
                    _("“%(value)s” is not a stack of this wall.") % {"value": v}
                ) from None
            if not (0 <= w < 4 and 0 <= st < self.stacks) or (w, st) in out:
                raise AnswerError(_("“%(value)s” is not a stack of this wall.") % {"value": v})
            out.add((w, st))
        if not out:
            raise EmptyAnswer(_("Click a stack first."))
        if not self.many and len(out) > 1:
            raise AnswerError(_("Click only one stack."))
        return frozenset(out)

    def _story(self) -> list[str]:
        """How the engine found the break, in words."""
        from tutor.engine import wall as ew

        s = self.state
        a, b = s.dice
        total = a + b
        seats = _seat_names()
        broken = ew.broken_wall(total)
        first = s.first_live_stack
        dead = s.dead_wall
        lines = [
            _(
                "The dice show %(a)s + %(b)s = %(total)s. Counting around the table from the "
                "dealer (East is 1, South 2, West 3, North 4, East 5...), %(total)s lands on "
                "%(seat)s: that wall is broken."
            )
            % {"a": a, "b": b, "total": total, "seat": seats[broken]},
            _(
                "%(seat)s counts %(total)s stacks from the right end of the wall: the dealer "
                "takes the tiles starting at %(stack)s, and the break is on its right."
            )
            % {
                "seat": seats[broken],
                "total": total,
                "stack": stack_label(first.wall, first.stack),
            },
            _(
                "The seven stacks on the other side of the break are the dead wall, from %(near)s "
                "to %(far)s."
            )
            % {
                "near": stack_label(dead[0].wall, dead[0].stack),
                "far": stack_label(dead[-1].wall, dead[-1].stack),
            },
        ]
        positions = s.dora_indicator_positions
        lines.append(
            ngettext(
                "The top tile of the third dead-wall stack from the break is the dora indicator: "
                "%(stacks)s.",
                "Dora indicators (the third stack from the break, then one more per kan): "
                "%(stacks)s.",
                len(positions),
            )
            % {"stacks": "; ".join(stack_label(p.wall, p.stack) for p in positions)}
        )
        find = self.data["find"]
        if find == "replacement":
            p = s.replacement_order[s.replacements]
            lines.append(
                _(
                    "Kan replacement tiles come from the dead-wall stacks next to the break, top "
                    "tile first: the next one is in %(stack)s."
                )
                % {"stack": stack_label(p.wall, p.stack)}
            )
        if find == "last_draw":
            p = s.last_draw
            lines.append(
                _(
                    "The live wall ends where the dead wall begins (one tile earlier for each "
                    "kan): the last tile to draw is in %(stack)s."
                )
                % {"stack": stack_label(p.wall, p.stack)}
            )
        return lines

    def check(self, answer: Answer) -> Verdict:
        from tutor.engine import wall as ew

        assert isinstance(answer, frozenset)
        right = self._right()
        reasons: list[str] = []
        if answer != right:
            for w, st in sorted(answer - right):
                role = ew.stack_role(self.state, ew.StackPos(w, st))
                reasons.append(
                    _("%(stack)s is %(role)s.")
                    % {"stack": stack_label(w, st), "role": _role_name(role)}
                )
            if right - answer and self.many:
                reasons.append(
                    ngettext(
                        "%(n)s stack is missing.", "%(n)s stacks are missing.", len(right - answer)
                    )
                    % {"n": len(right - answer)}
                )
            # Only the first part of the story on a wrong answer: which wall breaks.
            reasons += self._story()[:1]
            return Verdict(False, reasons)
        return Verdict(True, self._story())

    def widget(self, answer: Answer | None = None) -> Widget:
        n = self.stacks
        picked = answer if isinstance(answer, frozenset) else frozenset()
        cells = [
            WallCell(f"{wall}-{st}", stack_label(wall, st), row, col, (wall, st) in picked)
            for wall, st, row, col in wall_cells(n)
        ]
        a, b = self.state.dice
        facts = [_("Dice: %(a)s and %(b)s (total %(total)s).") % {"a": a, "b": b, "total": a + b}]
        if self.kans:
            facts.append(
                ngettext(
                    "%(n)s kan has been declared.", "%(n)s kans have been declared.", self.kans
                )
                % {"n": self.kans}
            )
        return Widget(
            "wall",
            select="many" if self.many else "one",
            wall=cells,
            facts=facts,
            name="stack",
            number=str(n + 2),
            label=_("The wall seen from above, the dealer (East) at the bottom"),
        )


def wall_cells(n: int) -> list[tuple[int, int, int, int]]:
    """``(wall, stack, row, col)`` of every stack in a square grid of ``n + 2`` cells a side.

    Seen from above with the dealer at the bottom, in DOM order clockwise from East's right
    end: East's wall right to left, North's bottom to top, West's left to right, South's top to
    bottom. Each wall's stacks are counted from its right end, so the index grows clockwise.
    """
    out = []
    for wall in (0, 3, 2, 1):
        for st in range(n):
            if wall == 0:
                row, col = n + 2, n + 1 - st
            elif wall == 3:
                row, col = n + 1 - st, 1
            elif wall == 2:
                row, col = 1, st + 2
            else:
                row, col = st + 2, n + 2
            out.append((wall, st, row, col))
    return out


def _mark_names() -> dict[str, str]:
    return {
        "first_live": _("first stack the dealer takes"),
        "dead_wall": _("dead wall"),
        "dora_indicator": _("dora indicator"),
        "replacement": _("next kan replacement tile"),
        "last_draw": _("last tile to draw"),
    }


@dataclass
class WallFigure:
    cells: list[tuple[int, int, str, str]]  # (row, col, mark, label)
    legend: list[tuple[str, str]]  # (mark, label)
    facts: list[str]
    indicators: str  # the dora indicator tiles, face up
    size: int


def wall_figure(data: Mapping[str, Any]) -> WallFigure:
    """A wall drawn with some stacks marked, for an explanation step (``figure:`` in a step).

    ``data`` has ``type: wall``, ``seed``, ``dice``, optional ``kans`` and ``mark``: a list of
    ``first_live``, ``dead_wall``, ``dora_indicator``, ``replacement``, ``last_draw`` (later
    marks are drawn over earlier ones).
    """
    from tutor.engine.wall import tile_label

    if data.get("type") != "wall":
        raise ContentError("figure: only type: wall figures exist")
    marks = data.get("mark", [])
    if not isinstance(marks, list) or not marks or any(m not in WALL_FINDS for m in marks):
        raise ContentError(f"figure.mark: a list of {', '.join(WALL_FINDS)}")
    unknown = set(data) - {"type", "seed", "dice", "kans", "mark"}
    if unknown:
        raise ContentError(f"figure: unknown fields {', '.join(sorted(unknown))}")
    wall = WallExercise(
        {
            "type": "wall",
            "seed": data.get("seed"),
            "dice": data.get("dice"),
            "kans": data.get("kans", 0),
            "find": marks[0],
        }
    )
    marked: dict[tuple[int, int], str] = {}
    for mark in marks:
        for pos in wall.stacks_for(mark):
            marked[pos] = mark
    names_ = _mark_names()
    cells = []
    for w, st, row, col in wall_cells(wall.stacks):
        mark = marked.get((w, st), "")
        label = stack_label(w, st) + (f": {names_[mark]}" if mark else "")
        cells.append((row, col, mark, label))
    state = wall.state
    indicators = "".join(tile_label(t, state.rules.red_fives) for t in state.dora_indicators)
    a, b = state.dice
    return WallFigure(
        cells=cells,
        legend=[(m, names_[m]) for m in dict.fromkeys(marks)],
        facts=[_("Dice: %(a)s and %(b)s (total %(total)s).") % {"a": a, "b": b, "total": a + b}],
        indicators=indicators if "dora_indicator" in marks else "",
        size=wall.stacks + 2,
    )


def _role_name(role: Any) -> str:
    from tutor.engine.wall import StackRole

    return {
        StackRole.LIVE: _("in the live wall"),
        StackRole.TAKEN: _("already taken"),
        StackRole.FIRST_LIVE: _("the first live stack, where the dealer starts taking tiles"),
        StackRole.DEAD: _("in the dead wall"),
        StackRole.REPLACEMENT: _("a dead-wall stack that gives kan replacement tiles"),
        StackRole.DORA_INDICATOR: _("the stack whose top tile is a dora indicator"),
    }[role]


# --- dora ---------------------------------------------------------------------------------


@register
class Dora(Exercise):
    type = "dora"
    fields = ("indicators", "hand")
    required = ("indicators",)

    def parse(self) -> None:
        self.indicators, _red = _parse_tiles(self.data["indicators"], "indicators")
        if not 1 <= len(self.indicators) <= 5:
            raise ContentError("indicators: 1 to 5 tiles")
        self.hand = _parse_hand(self.data["hand"], "hand") if "hand" in self.data else None

    def solutions(self) -> set[Answer]:
        from tutor.engine import dora

        if self.hand is None:
            return {frozenset(dora.dora_tiles(self.indicators))}
        return {dora.count_all_dora(self.hand, self.indicators)}

    def read(self, post: Mapping[str, Any]) -> Answer:
        if self.hand is None:
            picked = _kinds(post, "tile", range(et.NUM_KINDS))
            if not picked:
                raise EmptyAnswer(_("Pick a tile first."))
            return picked
        return _number(post, "number", 0, 40)

    def check(self, answer: Answer) -> Verdict:
        from tutor.engine import dora

        if answer != self.solution():
            reasons = [
                _(
                    "The dora is the tile after the indicator: the next number of its suit "
                    "(after 9 comes 1), East → South → West → North → East for winds, and white → "
                    "green → red → white for dragons."
                )
            ]
            if self.hand is None and isinstance(answer, frozenset):
                right = self.solution()
                assert isinstance(right, frozenset)
                reasons += [
                    _("%(tile)s is not a dora here.") % {"tile": tile_name(k)}
                    for k in sorted(answer - right)
                ]
            else:
                reasons.append(
                    _(
                        "Count each dora once per indicator that shows it, and one more per red five."
                    )
                )
            return Verdict(False, reasons)
        reasons = [
            _("The indicator %(indicator)s makes %(dora)s the dora.")
            % {"indicator": tile_name(i), "dora": tile_name(dora.dora_from_indicator(i))}
            for i in self.indicators
        ]
        if self.hand is not None:
            plain = dora.count_dora(self.hand, self.indicators)
            red = dora.count_red_fives(self.hand)
            reasons.append(
                _("This hand holds %(plain)s dora from the indicators and %(red)s red fives.")
                % {"plain": plain, "red": red}
            )
        right = answer == self.solution()
        return Verdict(right, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        indicators = "".join(et.tile_str(k) for k in self.indicators)
        if self.hand is None:
            checked = (
                [et.tile_str(k) for k in sorted(answer)] if isinstance(answer, frozenset) else []
            )
            return Widget(
                "palette",
                notation=PALETTE,
                select="many",
                value="tile",
                checked=checked,
                shown=[(_("Dora indicator"), indicators)],
            )
        return Widget(
            "number",
            shown=[(_("Dora indicator"), indicators), (_("The hand"), display(self.hand))],
            number=str(answer) if isinstance(answer, int) else "",
            label=_("Number of dora"),
        )


# --- waits --------------------------------------------------------------------------------


@register
class Waits(Exercise):
    type = "waits"
    fields = ("hand",)
    required = fields

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))

    def solutions(self) -> set[Answer]:
        from tutor.engine import furiten

        waits = frozenset(furiten.winning_tiles(self.hand))
        return {waits} if waits else set()

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _kinds(post, "tile", range(et.NUM_KINDS))
        if not picked:
            raise EmptyAnswer(_("Pick at least one tile."))
        return picked

    def check(self, answer: Answer) -> Verdict:
        assert isinstance(answer, frozenset)
        right = self.solution()
        assert isinstance(right, frozenset)
        reasons = []
        for k in sorted(answer - right):
            reasons.append(_("%(tile)s does not complete this hand.") % {"tile": tile_name(k)})
        missed = right - answer
        if missed:
            reasons.append(
                ngettext(
                    "One more tile completes this hand.",
                    "%(n)s more tiles complete this hand.",
                    len(missed),
                )
                % {"n": len(missed)}
            )
        if answer != right:
            return Verdict(False, reasons)
        reasons.append(
            ngettext(
                "This hand waits on one tile: %(tiles)s.",
                "This hand waits on %(n)s tiles: %(tiles)s.",
                len(right),
            )
            % {"n": len(right), "tiles": names(sorted(right))}
        )
        from tutor.engine.waits import wait_shapes

        shape_names = _wait_shape_names()
        for tile, shapes in sorted(wait_shapes(self.hand.concealed, len(self.hand.melds)).items()):
            reasons.append(
                _("%(tile)s: %(shapes)s.")
                % {
                    "tile": tile_name(tile),
                    "shapes": ", ".join(sorted(shape_names[s.value] for s in shapes)),
                }
            )
        return Verdict(answer == right, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        checked = [et.tile_str(k) for k in sorted(answer)] if isinstance(answer, frozenset) else []
        return Widget(
            "palette",
            notation=PALETTE,
            select="many",
            value="tile",
            checked=checked,
            shown=[(_("The hand"), display(self.hand))],
        )


def _wait_shape_names() -> dict[str, str]:
    return {
        "two_sided": _("a two-sided wait (ryanmen)"),
        "closed": _("a closed wait in the middle (kanchan)"),
        "edge": _("an edge wait (penchan)"),
        "dual_pon": _("one of two pairs becoming a pon (shanpon)"),
        "single": _("a single-tile wait on the pair (tanki)"),
        "nobetan": _("a single wait at either end of a run of four (nobetan)"),
        "multi_sided": _("a wait with several shapes"),
    }


# --- shanten ------------------------------------------------------------------------------


@register
class Shanten(Exercise):
    type = "shanten"
    fields = ("hand",)
    required = fields

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand")

    def _value(self) -> int:
        from tutor.engine.shanten import shanten

        return shanten(self.hand.concealed, len(self.hand.melds))

    def solutions(self) -> set[Answer]:
        return {self._value()}

    def _choices(self) -> list[Choice]:
        out = [Choice("-1", _("Complete"))] if self.hand.tile_count == 14 else []
        out.append(Choice("0", _("Tenpai (ready)")))
        for n in range(1, 7):
            out.append(Choice(str(n), ngettext("%(n)s away", "%(n)s away", n) % {"n": n}))
        return out

    def read(self, post: Mapping[str, Any]) -> Answer:
        return int(_one(post, "choice", [c.value for c in self._choices()]))

    def check(self, answer: Answer) -> Verdict:
        value = self._value()
        if value == -1:
            text = _("The engine finds this hand complete.")
        elif value == 0:
            text = _("The engine finds this hand tenpai: one tile from complete.")
        else:
            text = ngettext(
                "The engine finds this hand %(n)s step from tenpai (shanten %(n)s).",
                "The engine finds this hand %(n)s steps from tenpai (shanten %(n)s).",
                value,
            ) % {"n": value}
        if answer != value:
            return Verdict(
                False,
                [
                    _(
                        "Not %(n)s. Count the complete sets, the pairs and the partial sets "
                        "(two tiles that need one more) again."
                    )
                    % {"n": answer}
                ],
            )
        return Verdict(True, [text])

    def widget(self, answer: Answer | None = None) -> Widget:
        return Widget(
            "choices",
            select="one",
            name="choice",
            choices=self._choices(),
            checked=[str(answer)] if answer is not None else [],
            shown=[(_("The hand"), display(self.hand))],
        )


# --- furiten ------------------------------------------------------------------------------

FURITEN_CHOICES = ("win", "no_wait", "permanent", "temporary", "riichi")


def _furiten_labels() -> dict[str, str]:
    return {
        "win": _("Yes, you can win on it"),
        "no_wait": _("No: it does not complete the hand"),
        "permanent": _("No: furiten, it is among your own discards"),
        "temporary": _("No: temporary furiten, a winning tile went by"),
        "riichi": _("No: riichi furiten, a winning tile went by after riichi"),
    }


@register
class Furiten(Exercise):
    type = "furiten"
    fields = ("hand", "discards", "tile", "win", "passed", "riichi")
    required = ("hand", "discards", "tile")

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))
        self.discards = (
            _parse_tiles(self.data["discards"], "discards")[0] if self.data["discards"] else []
        )
        self.tile = _parse_tiles(self.data["tile"], "tile")[0]
        if len(self.tile) != 1:
            raise ContentError("tile: exactly one tile")
        self.passed = (
            _parse_tiles(self.data["passed"], "passed")[0] if self.data.get("passed") else []
        )
        self.riichi = bool(self.data.get("riichi", False))
        self.win = self.data.get("win", "ron")
        if self.win not in ("ron", "tsumo"):
            raise ContentError("win: ron or tsumo")

    def _status(self) -> Any:
        from tutor.engine import furiten

        # After riichi every passed tile counts since the riichi: that is riichi furiten,
        # which outlasts (and so replaces) the temporary kind.
        if self.riichi:
            return furiten.furiten(self.hand, self.discards, (), self.passed)
        return furiten.furiten(self.hand, self.discards, self.passed, None)

    def solutions(self) -> set[Answer]:
        from tutor.engine import furiten

        tile = self.tile[0]
        if not furiten.is_winning_tile(self.hand, tile):
            return {"no_wait"}
        if self.win == "tsumo":
            return {"win"}
        status = self._status()
        if not status.is_furiten:
            return {"win"}
        return {k.value for k in status.kinds}

    def read(self, post: Mapping[str, Any]) -> Answer:
        return _one(post, "choice", FURITEN_CHOICES)

    def check(self, answer: Answer) -> Verdict:
        from tutor.engine import furiten

        status = self._status()
        reasons = [
            _("This hand waits on %(tiles)s.") % {"tiles": names(status.waits)},
        ]
        tile = self.tile[0]
        if not furiten.is_winning_tile(self.hand, tile):
            reasons.append(_("%(tile)s is not one of them.") % {"tile": tile_name(tile)})
        elif self.win == "tsumo":
            reasons.append(
                _("You drew %(tile)s yourself: furiten never stops a win by tsumo.")
                % {"tile": tile_name(tile)}
            )
        else:
            kinds = {
                "permanent": _(
                    "%(tile)s, a winning tile, is among your own discards: permanent furiten."
                ),
                "temporary": _(
                    "%(tile)s, a winning tile, went by since your last discard: temporary furiten."
                ),
                "riichi": _(
                    "%(tile)s, a winning tile, went by after your riichi: riichi furiten, until "
                    "the hand ends."
                ),
            }
            for r in status.reasons:
                reasons.append(kinds[r.kind.value] % {"tile": tile_name(r.tile)})
            if not status.is_furiten:
                reasons.append(
                    _("None of your waits is among your discards or went by: no furiten.")
                )
        right = answer in self.solutions()
        return Verdict(right, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        labels = _furiten_labels()
        choices = [Choice(c, labels[c]) for c in FURITEN_CHOICES if c != "riichi" or self.riichi]
        shown = [(_("Your hand"), display(self.hand))]
        if self.discards:
            shown.append((_("Your discards"), "".join(et.tile_str(k) for k in self.discards)))
        if self.passed:
            shown.append((_("Tiles that went by"), "".join(et.tile_str(k) for k in self.passed)))
        caption = _("The tile you drew") if self.win == "tsumo" else _("The tile just discarded")
        shown.append((caption, et.tile_str(self.tile[0])))
        facts = [_("You declared riichi.")] if self.riichi else []
        return Widget(
            "choices",
            select="one",
            name="choice",
            choices=choices,
            checked=[str(answer)] if answer else [],
            shown=shown,
            facts=facts,
        )


# --- the winning situation: yaku, fu, payment ---------------------------------------------

_WIND = {"east": 27, "south": 28, "west": 29, "north": 30}
_FLAGS = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei")


class _Winning(Exercise):
    """Shared parsing of a winning situation (see docs/lessons-format.md)."""

    base_fields: ClassVar[tuple[str, ...]] = (
        "hand",
        "win_tile",
        "win",
        "seat",
        "round",
        *_FLAGS,
        "dora",
        "ura",
        "honba",
        "sticks",
        "discarder",
    )

    def parse(self) -> None:
        from tutor.engine.scoring import ScoringError
        from tutor.engine.scoring.situation import situation_from_hand

        d = self.data
        self.hand = _parse_hand(d["hand"], "hand", sizes=(14,))
        win = _parse_tiles(d["win_tile"], "win_tile")[0]
        if len(win) != 1:
            raise ContentError("win_tile: exactly one tile")
        if d["win"] not in ("ron", "tsumo"):
            raise ContentError("win: ron or tsumo")
        for key in ("seat", "round", "discarder"):
            if key in d and d[key] not in _WIND:
                raise ContentError(f"{key}: one of east, south, west, north")
        for key in _FLAGS:
            if not isinstance(d.get(key, False), bool):
                raise ContentError(f"{key}: true or false")
        seat = d.get("seat", "south")
        if "discarder" in d and (d["win"] != "ron" or d["discarder"] == seat):
            raise ContentError("discarder: only for a ron, and not the winner's own seat")
        indicators = _parse_tiles(d["dora"], "dora")[0] if d.get("dora") else []
        ura = _parse_tiles(d["ura"], "ura")[0] if d.get("ura") else []
        win_red = str(d["win_tile"]).strip().startswith("0")
        self.seat = seat
        try:
            situation = situation_from_hand(
                self.hand,
                win[0],
                win_red=win_red,
                tsumo=d["win"] == "tsumo",
                seat_wind=_WIND[seat],
                round_wind=_WIND[d.get("round", "east")],
                honba=int(d.get("honba", 0)),
                riichi_sticks=int(d.get("sticks", 0)),
                **{k: bool(d.get(k, False)) for k in _FLAGS},
            )
            used = set(situation.all_tiles)
            physical = []
            for k in [*indicators, *ura]:
                copy = next(t for t in range(4 * k + 3, 4 * k - 1, -1) if t not in used)
                used.add(copy)
                physical.append(copy)
            from dataclasses import replace

            self.situation = replace(
                situation,
                dora_indicators=tuple(physical[: len(indicators)]),
                ura_indicators=tuple(physical[len(indicators) :]),
            )
        except (ScoringError, ValueError, StopIteration) as exc:
            raise ContentError(f"situation: {exc}") from exc

    def result(self) -> Any:
        from tutor.engine.scoring import score

        return score(self.situation)

    def solutions(self) -> set[Answer]:
        from tutor.engine.scoring import ScoringError

        try:
            return {self._answer(self.result())}
        except ScoringError as exc:
            raise ContentError(f"the engine cannot score this hand: {exc}") from exc

    def _answer(self, result: Any) -> Answer:
        raise NotImplementedError

    def facts(self) -> list[str]:
        d = self.data
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        out = [
            _("Round wind: %(round)s. Your seat: %(seat)s%(dealer)s.")
            % {
                "round": seats[d.get("round", "east")],
                "seat": seats[self.seat],
                "dealer": _(" (the dealer)") if self.seat == "east" else "",
            },
            _("You win by tsumo (you drew the tile).")
            if d["win"] == "tsumo"
            else (
                _("You win by ron on %(seat)s's discard.") % {"seat": seats[d["discarder"]]}
                if "discarder" in d
                else _("You win by ron (on another player's discard).")
            ),
        ]
        flags = {
            "riichi": _("riichi"),
            "double_riichi": _("double riichi"),
            "ippatsu": _("ippatsu"),
            "rinshan": _("after a kan (rinshan)"),
            "chankan": _("robbing a kan (chankan)"),
            "haitei": _("on the last draw (haitei)"),
            "houtei": _("on the last discard (houtei)"),
        }
        on = [str(flags[k]) for k in _FLAGS if d.get(k)]
        if on:
            out.append(_("Also: %(flags)s.") % {"flags": ", ".join(on)})
        if d.get("honba") or d.get("sticks"):
            out.append(
                _("Counters on the table: %(honba)s honba, %(sticks)s riichi sticks.")
                % {"honba": d.get("honba", 0), "sticks": d.get("sticks", 0)}
            )
        return out

    def shown(self) -> list[tuple[str, str]]:
        out = [
            (_("The hand"), display(self.hand)),
            (_("Winning tile"), str(self.data["win_tile"]).strip()),
        ]
        if self.data.get("dora"):
            out.append((_("Dora indicators"), str(self.data["dora"])))
        if self.data.get("ura"):
            out.append((_("Ura-dora indicators"), str(self.data["ura"])))
        return out


@register
class YakuExercise(_Winning):
    type = "yaku"
    fields = (*_Winning.base_fields, "choices")
    required = ("hand", "win_tile", "win", "choices")

    def parse(self) -> None:
        super().parse()
        choices = self.data["choices"]
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ContentError("choices: a list of yaku names")
        self.choices = list(dict.fromkeys(choices))
        from tutor.engine.scoring import TENHOU_NAMES

        known = set(TENHOU_NAMES.values())
        bad = [c for c in self.choices if c not in known]
        if bad:
            raise ContentError(f"choices: not engine yaku names: {', '.join(bad)}")

    def _answer(self, result: Any) -> Answer:
        present = frozenset(y.name for y in result.yaku if y.name in TENHOU_YAKU_ONLY())
        missing = present - set(self.choices)
        if missing:
            raise ContentError(f"choices: add {', '.join(sorted(missing))} (the hand has it)")
        return present

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _many(post, "choice", self.choices)
        if not picked:
            raise EmptyAnswer(_("Tick at least one yaku."))
        return picked

    def check(self, answer: Answer) -> Verdict:
        assert isinstance(answer, frozenset)
        result = self.result()
        right = self._answer(result)
        assert isinstance(right, frozenset)
        reasons = []
        for name in sorted(answer - right):
            why = next((m.reason for m in result.near_misses if m.yaku.lower() == name.lower()), "")
            if not (translation.get_language() or "en").startswith("en"):
                why = ""  # the engine explains near misses in English only
            reasons.append(
                _("%(yaku)s is not in this hand.") % {"yaku": name} + (f" ({why})" if why else "")
            )
        if right - answer:
            reasons.append(
                ngettext(
                    "The hand has one more yaku.",
                    "The hand has %(n)s more yaku.",
                    len(right - answer),
                )
                % {"n": len(right - answer)}
            )
        if answer != right:
            return Verdict(False, reasons)
        lines = ", ".join(f"{y.name} {y.han}" for y in result.yaku)
        reasons.append(_("The engine counts: %(lines)s (han).") % {"lines": lines})
        ok = answer == right
        return Verdict(ok, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        return Widget(
            "choices",
            select="many",
            name="choice",
            choices=[Choice(c, c) for c in self.choices],
            checked=sorted(answer) if isinstance(answer, frozenset) else [],
            shown=self.shown(),
            facts=self.facts(),
        )


def TENHOU_YAKU_ONLY() -> set[str]:  # noqa: N802
    """Engine yaku names that are yaku proper (dora, ura dora and red fives are not)."""
    from tutor.engine.scoring import TENHOU_NAMES

    return {name for i, name in TENHOU_NAMES.items() if i < 52}


def _engine_tile(name: str) -> str:
    """The engine's learner-facing tile name (``9p``, ``Red dragon``) as a drawn tile."""
    from tutor.engine.scoring import tile_name as engine_name

    for kind in range(et.NUM_KINDS):
        if engine_name(kind) == name:
            return f"`tiles:{et.tile_str(kind)}`"
    return name


def fu_line_text(line: Any) -> str:
    """One of the engine's fu lines in the learner's language (the engine writes English).

    Lines the patterns below do not know are shown as the engine wrote them.
    """
    import re

    reason: str = line.reason
    amount = f"{line.sign}{line.fu}"
    also = " (the sequence can also be read as two-sided)"
    two_sided_too = reason.endswith(also)
    if two_sided_too:
        reason = reason[: -len(also)]
    fixed = {
        "Base": _("Base"),
        "Closed ron": _("Closed ron"),
        "Tsumo": _("Tsumo"),
        "Tsumo with pinfu: no tsumo fu": _("Tsumo with pinfu: no tsumo fu"),
        "Open hand with no fu, won by ron": _("Open hand with no fu, won by ron"),
        "Thirteen orphans": _("Thirteen orphans"),
        "Seven pairs (chiitoitsu), always, never rounded": _(
            "Seven pairs (chiitoitsu), always, never rounded"
        ),
        "Thirteen orphans is a yakuman: no fu are counted": _(
            "Thirteen orphans is a yakuman: no fu are counted"
        ),
    }
    text = fixed.get(reason)
    waits = {
        "Two-sided wait (ryanmen) on ": _("Two-sided wait (ryanmen) on %(tile)s"),
        "Closed wait (kanchan) on ": _("Closed wait (kanchan) on %(tile)s"),
        "Edge wait (penchan) on ": _("Edge wait (penchan) on %(tile)s"),
        "Pair wait (tanki) on ": _("Pair wait (tanki) on %(tile)s"),
    }
    for prefix, template in waits.items():
        if text is None and reason.startswith(prefix):
            text = template % {"tile": _engine_tile(reason[len(prefix) :])}
    grades = {"honor": _("honor"), "terminal": _("terminal"), "simple": _("simple")}
    states = {
        "open": _("open"),
        "closed": _("closed"),
        "closed but completed by ron, so counted open": _(
            "closed but completed by ron, so counted open"
        ),
    }
    patterns: list[tuple[str, Callable[[re.Match[str]], str]]] = [
        (
            r"Wait on two pairs \(shanpon\), (.+) makes the set",
            lambda m: (
                _("Wait on two pairs (shanpon), %(tile)s makes the set")
                % {"tile": _engine_tile(m[1])}
            ),
        ),
        (
            r"Pair of (.+) \(a dragon\)",
            lambda m: _("Pair of %(tile)s (a dragon)") % {"tile": _engine_tile(m[1])},
        ),
        (
            r"Pair of (.+) \((seat|round|seat and round) wind\)",
            lambda m: (
                {
                    "seat": _("Pair of %(tile)s (your seat wind)"),
                    "round": _("Pair of %(tile)s (the round wind)"),
                    "seat and round": _("Pair of %(tile)s (your seat wind and the round wind)"),
                }[m[2]]
                % {"tile": _engine_tile(m[1])}
            ),
        ),
        (r"Pair of (.+)", lambda m: _("Pair of %(tile)s") % {"tile": _engine_tile(m[1])}),
        (
            r"Sequence (\w+), (called|closed)",
            lambda m: (
                {
                    "called": _("Sequence %(tiles)s, called"),
                    "closed": _("Sequence %(tiles)s, closed"),
                }[m[2]]
                % {"tiles": f"`tiles:{m[1]}`"}
            ),
        ),
        (
            r"(Kan|Pon|Set) of (.+), (open|closed|closed but completed by ron, so counted open), "
            r"(honor|terminal|simple)",
            lambda m: (
                {
                    "Kan": _("Kan of %(tile)s, %(state)s, %(grade)s"),
                    "Pon": _("Pon of %(tile)s, %(state)s, %(grade)s"),
                    "Set": _("Set of %(tile)s, %(state)s, %(grade)s"),
                }[m[1]]
                % {"tile": _engine_tile(m[2]), "state": states[m[3]], "grade": grades[m[4]]}
            ),
        ),
        (
            r"Rounding (\d+) up to (\d+)",
            lambda m: _("Rounding %(raw)s up to %(fu)s") % {"raw": m[1], "fu": m[2]},
        ),
    ]
    for pattern, build in patterns:
        if text is not None:
            break
        match = re.fullmatch(pattern, reason)
        if match:
            text = build(match)
    if text is None:
        return str(line)
    if two_sided_too:
        text += " " + _("(the sequence can also be read as two-sided)")
    return f"{text}: {amount}"


@register
class Fu(_Winning):
    type = "fu"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def _answer(self, result: Any) -> Answer:
        return int(result.fu)

    def read(self, post: Mapping[str, Any]) -> Answer:
        return _number(post, "number", 0, 200)

    def check(self, answer: Answer) -> Verdict:
        result = self.result()
        ok = answer == result.fu
        reasons = [fu_line_text(line) for line in result.fu_lines]
        reasons.append(_("Total: %(fu)s fu (rounded up to the next ten).") % {"fu": result.fu})
        return Verdict(ok, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        return Widget(
            "number",
            number=str(answer) if isinstance(answer, int) else "",
            shown=self.shown(),
            facts=self.facts(),
            label=_("Fu"),
        )


@register
class Payment(_Winning):
    type = "payment"
    fields = _Winning.base_fields
    required = ("hand", "win_tile", "win")

    def parse(self) -> None:
        super().parse()
        if self.data["win"] == "ron" and "discarder" not in self.data:
            raise ContentError("discarder: required for a ron")

    def payers(self) -> list[str]:
        if self.data["win"] == "ron":
            return [self.data["discarder"]]
        return [s for s in SEATS if s != self.seat]

    def _answer(self, result: Any) -> Answer:
        winner = SEATS.index(self.seat)
        discarder = SEATS.index(self.data["discarder"]) if "discarder" in self.data else None
        delta = result.payments.by_seat(winner, discarder, 0)
        return tuple((s, -delta[SEATS.index(s)]) for s in self.payers())

    def read(self, post: Mapping[str, Any]) -> Answer:
        return tuple((s, _number(post, f"pay_{s}", 0, 200_000)) for s in self.payers())

    def check(self, answer: Answer) -> Verdict:
        result = self.result()
        right = self._answer(result)
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        reasons = [
            _("%(han)s han %(fu)s fu: %(points)s points.")
            % {"han": result.han, "fu": result.fu, "points": result.points}
        ]
        ok = answer == right
        if ok:
            for seat, amount in right:  # type: ignore[misc]
                reasons.append(
                    _("%(seat)s pays %(amount)s.") % {"seat": seats[seat], "amount": amount}
                )
        return Verdict(ok, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        seats = dict(zip(SEATS, _seat_names(), strict=True))
        given = dict(answer) if isinstance(answer, tuple) else {}  # type: ignore[arg-type]
        return Widget(
            "numbers",
            inputs=[
                (f"pay_{s}", _("%(seat)s pays") % {"seat": seats[s]}, str(given.get(s, "")))
                for s in self.payers()
            ],
            shown=self.shown(),
            facts=self.facts(),
        )


# --- calls, claim, kuikae -----------------------------------------------------------------

RELATIVE = {"left": 1, "across": 2, "right": 3}  # my seat when the discarder is seat 0


def _call_reason(reason: Any) -> str:
    from tutor.engine.calls import Reason

    return {
        Reason.CHI_ONLY_FROM_LEFT: _("a chi can only take the discard of the player on your left"),
        Reason.RIICHI_ONLY_RON: _("after riichi you may only win (ron), not call"),
        Reason.LAST_DISCARD: _("nobody may call the last discard of the hand"),
        Reason.FURITEN: _("the hand is furiten"),
        Reason.NO_YAKU: _("the win would have no yaku"),
        Reason.KUIKAE: _("every tile left would be a forbidden discard (kuikae)"),
        Reason.NO_KAN_LEFT: _("no more kans are allowed"),
        Reason.RIICHI_KAN_NOT_DRAWN: _("in riichi a kan must use the tile just drawn"),
        Reason.RIICHI_KAN_CHANGES_WAITS: _("in riichi a kan may not change the waits"),
        Reason.RON_BEATS_CALLS: _("a ron on the same tile comes first"),
        Reason.PON_BEATS_CHI: _("a pon or kan on the same tile beats a chi"),
        Reason.HEAD_BUMP: _("another player nearer in turn order also won on it"),
        Reason.TRIPLE_RON_DRAW: _("three players won on it: the hand is drawn"),
    }[reason]


def _call_value(kind: str, uses: tuple[int, ...]) -> str:
    return f"chi:{et.tiles_str(uses)}" if kind == "chi" else kind


@register
class Calls(Exercise):
    type = "calls"
    fields = ("hand", "discard", "from")
    required = fields

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(13,))
        tile = _parse_tiles(self.data["discard"], "discard")[0]
        if len(tile) != 1:
            raise ContentError("discard: exactly one tile")
        self.tile = tile[0]
        if self.data["from"] not in RELATIVE:
            raise ContentError("from: left, across or right")
        self.seat = RELATIVE[self.data["from"]]

    def _options(self) -> Any:
        from tutor.engine.calls import Caller, call_options

        players: list[Any] = [None, None, None, None]
        players[self.seat] = Caller(self.hand)
        try:
            return call_options(self.tile, 0, players)
        except ValueError as exc:
            raise ContentError(f"calls: {exc}") from exc

    def _choices(self) -> list[Choice]:
        out = []
        if self.tile < 27:
            n = self.tile % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if n + a >= 0 and n + b <= 8:
                    uses = (self.tile + a, self.tile + b)
                    out.append(
                        Choice(
                            _call_value("chi", uses),
                            _("Chi with %(tiles)s") % {"tiles": names(uses)},
                        )
                    )
        out.append(Choice("pon", _("Pon")))
        out.append(Choice("open_kan", _("Kan")))
        out.append(Choice("none", _("No call")))
        return out

    def _legal(self) -> frozenset[str]:
        legal = {
            _call_value(c.kind.value, tuple(sorted(c.uses)))
            for c in self._options().calls
            if c.kind.value != "ron"
        }
        return frozenset(legal) if legal else frozenset({"none"})

    def solutions(self) -> set[Answer]:
        return {self._legal()}

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _many(post, "choice", [c.value for c in self._choices()])
        if not picked:
            raise EmptyAnswer(_("Tick at least one answer (or “No call”)."))
        if "none" in picked and len(picked) > 1:
            raise EmptyAnswer(_("“No call” cannot go with a call: tick one or the other."))
        return picked

    def check(self, answer: Answer) -> Verdict:
        assert isinstance(answer, frozenset)
        right = self._legal()
        labels = {c.value: c.label for c in self._choices()}
        blocked = {
            _call_value(b.kind.value, tuple(sorted(b.uses))): b.reason
            for b in self._options().blocked
            if b.kind.value != "ron"
        }
        reasons = []
        for value in sorted(answer - right):
            if value == "none":
                reasons.append(_("You can call this tile."))
            elif value in blocked:
                reasons.append(
                    _("%(call)s: not allowed, %(why)s.")
                    % {"call": labels[value], "why": _call_reason(blocked[value])}
                )
            else:
                reasons.append(
                    _("%(call)s: your hand does not hold the tiles for it.")
                    % {"call": labels[value]}
                )
        missed = right - answer
        if missed:
            reasons.append(
                ngettext("One more answer is right.", "%(n)s more answers are right.", len(missed))
                % {"n": len(missed)}
            )
        if answer != right:
            return Verdict(False, reasons)
        reasons = []
        for value in sorted(right):
            if value != "none":
                reasons.append(_("%(call)s is allowed.") % {"call": labels[value]})
        for value, why in blocked.items():
            reasons.append(
                _("%(call)s: not allowed, %(why)s.")
                % {"call": labels.get(value, value), "why": _call_reason(why)}
            )
        if right == {"none"}:
            reasons.append(_("No call is possible on this tile."))
        return Verdict(True, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        where = {"left": _("on your left"), "across": _("across"), "right": _("on your right")}
        return Widget(
            "choices",
            select="many",
            name="choice",
            choices=self._choices(),
            checked=sorted(answer) if isinstance(answer, frozenset) else [],
            shown=[
                (_("Your hand"), display(self.hand)),
                (
                    _("Discarded by the player %(where)s") % {"where": where[self.data["from"]]},
                    et.tile_str(self.tile),
                ),
            ],
        )


def _ron_has_yaku(seat: int, hand: Hand, tile: int) -> bool:
    """Whether a ron on ``tile`` would have a yaku (seat 0 is East; the round is East's)."""
    from tutor.engine.scoring import score
    from tutor.engine.scoring.situation import situation_from_hand

    counts = list(hand.concealed)
    counts[tile] += 1
    try:
        won = Hand.from_counts(counts, melds=hand.melds, red=hand.red)
        score(situation_from_hand(won, tile, seat_wind=_WIND[SEATS[seat]]))
    except ValueError:  # no yaku (NoYakuError), or not a win at all
        return False
    return True


@register
class Claim(Exercise):
    type = "claim"
    fields = ("discarder", "discard", "claims", "ask")
    required = fields

    def parse(self) -> None:
        from tutor.engine.calls import Caller, CallKind, call_options

        if self.data["discarder"] not in SEATS:
            raise ContentError("discarder: east, south, west or north")
        self.discarder = SEATS.index(self.data["discarder"])
        tile = _parse_tiles(self.data["discard"], "discard")[0]
        if len(tile) != 1:
            raise ContentError("discard: exactly one tile")
        self.tile = tile[0]
        if self.data["ask"] not in ("taker", "skipped"):
            raise ContentError("ask: taker or skipped")
        claims = self.data["claims"]
        if not isinstance(claims, dict) or not claims:
            raise ContentError("claims: a map of seat to {call, hand}")
        players: list[Any] = [None, None, None, None]
        self.wanted: dict[int, str] = {}
        self.hands: dict[int, Hand] = {}
        for seat_name, claim in claims.items():
            if seat_name not in SEATS or seat_name == self.data["discarder"]:
                raise ContentError(f"claims: {seat_name!r} is not another seat")
            if not isinstance(claim, dict) or set(claim) != {"call", "hand"}:
                raise ContentError(f"claims.{seat_name}: give call and hand")
            if claim["call"] not in ("chi", "pon", "kan", "ron"):
                raise ContentError(f"claims.{seat_name}.call: chi, pon, kan or ron")
            seat = SEATS.index(seat_name)
            hand = _parse_hand(claim["hand"], f"claims.{seat_name}.hand", sizes=(13,))
            self.hands[seat] = hand
            players[seat] = Caller(hand)
            self.wanted[seat] = "open_kan" if claim["call"] == "kan" else claim["call"]
        try:
            self.legal = call_options(self.tile, self.discarder, players, has_yaku=_ron_has_yaku)
        except ValueError as exc:
            raise ContentError(f"claims: {exc}") from exc
        self.declared = []
        for seat, kind in self.wanted.items():
            match = [c for c in self.legal.for_seat(seat) if c.kind == CallKind(kind)]
            if not match:
                raise ContentError(
                    f"claims.{SEATS[seat]}: {kind} is not a legal call for this hand"
                )
            self.declared.append(match[0])

    def _resolution(self) -> Any:
        from tutor.engine.calls import resolve_calls

        return resolve_calls(self.declared, self.discarder, legal=self.legal)

    def _answer(self) -> frozenset[str]:
        res = self._resolution()
        if self.data["ask"] == "taker":
            return frozenset(SEATS[c.seat] for c in res.winners)
        return frozenset(SEATS[s] for s in res.skipped) or frozenset({"nobody"})

    def solutions(self) -> set[Answer]:
        answer = self._answer()
        if self.data["ask"] == "taker" and len(answer) != 1:
            return set()  # a double ron has no single taker: not a good question
        return {answer}

    def _choices(self) -> list[Choice]:
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        out = [Choice(s, names_[s]) for s in SEATS if s != self.data["discarder"]]
        if self.data["ask"] == "skipped":
            out.append(Choice("nobody", _("Nobody")))
        return out

    def read(self, post: Mapping[str, Any]) -> Answer:
        values = [c.value for c in self._choices()]
        if self.data["ask"] == "taker":
            return frozenset({_one(post, "choice", values)})
        picked = _many(post, "choice", values)
        if not picked:
            raise EmptyAnswer(_("Tick at least one answer (or “Nobody”)."))
        if "nobody" in picked and len(picked) > 1:
            raise EmptyAnswer(_("“Nobody” cannot go with a seat: tick one or the other."))
        return picked

    def check(self, answer: Answer) -> Verdict:
        res = self._resolution()
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        call_names = {"chi": _("chi"), "pon": _("pon"), "open_kan": _("kan"), "ron": _("ron")}
        ok = answer == self._answer()
        reasons = []
        if ok or self.data["ask"] == "skipped":
            for c in res.winners:
                reasons.append(
                    _("%(seat)s takes the tile with a %(call)s.")
                    % {"seat": names_[SEATS[c.seat]], "call": call_names[c.kind.value]}
                )
        for c, why in res.overridden:
            reasons.append(
                _("%(seat)s's %(call)s loses: %(why)s.")
                % {
                    "seat": names_[SEATS[c.seat]],
                    "call": call_names[c.kind.value],
                    "why": _call_reason(why),
                }
            )
        if ok:
            if res.skipped:
                reasons.append(
                    _("The turn jumps to the caller: %(seats)s lose their turn.")
                    % {"seats": ", ".join(names_[SEATS[s]] for s in res.skipped)}
                )
            elif res.next_seat is not None:
                reasons.append(_("Nobody between the discarder and the caller loses a turn."))
        return Verdict(ok, reasons)

    def widget(self, answer: Answer | None = None) -> Widget:
        names_ = dict(zip(SEATS, _seat_names(), strict=True))
        call_names = {"chi": _("chi"), "pon": _("pon"), "open_kan": _("kan"), "ron": _("ron")}
        shown = [
            (
                _("Discarded by %(seat)s") % {"seat": names_[self.data["discarder"]]},
                et.tile_str(self.tile),
            )
        ]
        for seat, hand in sorted(self.hands.items()):
            shown.append(
                (
                    _("%(seat)s calls %(call)s with")
                    % {"seat": names_[SEATS[seat]], "call": call_names[self.wanted[seat]]},
                    display(hand),
                )
            )
        return Widget(
            "choices",
            select="one" if self.data["ask"] == "taker" else "many",
            name="choice",
            choices=self._choices(),
            checked=sorted(answer) if isinstance(answer, frozenset) else [],
            shown=shown,
        )


@register
class Kuikae(Exercise):
    type = "kuikae"
    fields = ("hand", "meld")
    required = fields

    def parse(self) -> None:
        from tutor.engine.calls import Call, CallKind

        self.hand = _parse_hand(f"{self.data['hand']} {self.data['meld']}", "hand", sizes=(14,))
        meld = self.hand.melds[-1]
        if meld.kind.value not in ("chi", "pon") or meld.called is None:
            raise ContentError("meld: a chi or pon with the called tile marked, e.g. [3*45m]L")
        uses = list(meld.tiles)
        uses.remove(meld.called)
        self.call = Call(
            seat=1,
            kind=CallKind.CHI if meld.kind.value == "chi" else CallKind.PON,
            tile=meld.called,
            uses=tuple(uses),
            discarder=0,
        )

    def _answer(self) -> frozenset[int]:
        from tutor.engine.calls import forbidden_discards

        held = set(self.hand.concealed_tiles())
        return frozenset(forbidden_discards(self.call) & held)

    def solutions(self) -> set[Answer]:
        answer = self._answer()
        return {answer} if answer else set()

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _kinds(post, "tile", set(self.hand.concealed_tiles()))
        if not picked:
            raise EmptyAnswer(_("Pick at least one tile."))
        return picked

    def check(self, answer: Answer) -> Verdict:
        from tutor.engine.calls import forbidden_discards

        assert isinstance(answer, frozenset)
        right = self._answer()
        reasons = []
        for k in sorted(answer - right):
            reasons.append(_("%(tile)s may be discarded.") % {"tile": tile_name(k)})
        if right - answer:
            reasons.append(
                ngettext(
                    "One more tile is forbidden.",
                    "%(n)s more tiles are forbidden.",
                    len(right - answer),
                )
                % {"n": len(right - answer)}
            )
        if answer != right:
            return Verdict(False, reasons)
        banned = sorted(forbidden_discards(self.call))
        return Verdict(
            True,
            [
                _(
                    "Right after a call you may not discard the tile you called, nor, after a "
                    "chi, the tile at the other end of the run: here %(tiles)s."
                )
                % {"tiles": names(banned)},
            ],
        )

    def widget(self, answer: Answer | None = None) -> Widget:
        checked = [et.tile_str(k) for k in sorted(answer)] if isinstance(answer, frozenset) else []
        return Widget(
            "tiles", notation=display(self.hand), select="many", value="tile", checked=checked
        )


# --- best discard -------------------------------------------------------------------------


@register
class BestDiscard(Exercise):
    type = "best_discard"
    fields = ("hand",)
    required = fields

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(14,))

    def _rows(self) -> list[Any]:
        from tutor.engine.analysis import discard_analysis

        return discard_analysis(self.hand.concealed, len(self.hand.melds), two_step=False)

    def solutions(self) -> set[Answer]:
        rows = self._rows()
        best = (rows[0].shanten, rows[0].count)
        return {r.discard for r in rows if (r.shanten, r.count) == best}

    def read(self, post: Mapping[str, Any]) -> Answer:
        picked = _kinds(post, "tile", set(self.hand.concealed_tiles()))
        if len(picked) != 1:
            raise EmptyAnswer(_("Pick one tile to discard."))
        return next(iter(picked))

    def _row_text(self, row: Any) -> str:
        if row.shanten == 0:
            return ngettext(
                "Discard %(tile)s: tenpai, %(count)s tile wins (%(kinds)s).",
                "Discard %(tile)s: tenpai, %(count)s tiles win (%(kinds)s).",
                row.count,
            ) % {"tile": tile_name(row.discard), "count": row.count, "kinds": names(row.accepted)}
        return ngettext(
            "Discard %(tile)s: %(shanten)s away, %(count)s tile improves it.",
            "Discard %(tile)s: %(shanten)s away, %(count)s tiles improve it.",
            row.count,
        ) % {"tile": tile_name(row.discard), "shanten": row.shanten, "count": row.count}

    def check(self, answer: Answer) -> Verdict:
        rows = self._rows()
        ok = answer in self.solutions()
        mine = next(r for r in rows if r.discard == answer)
        if not ok:
            return Verdict(
                False,
                [
                    self._row_text(mine),
                    _("Another discard keeps the hand closer to ready or accepts more tiles."),
                ],
            )
        return Verdict(True, [self._row_text(r) for r in rows[:3]])

    def widget(self, answer: Answer | None = None) -> Widget:
        checked = [et.tile_str(int(answer))] if isinstance(answer, int) else []  # type: ignore[arg-type]
        return Widget(
            "tiles", notation=display(self.hand), select="one", value="tile", checked=checked
        )
