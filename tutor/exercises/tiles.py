"""Exercises about tiles and shapes: pick tiles, pick a set or pair, is the hand complete."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine import shanten as sh
from tutor.engine import tiles as et
from tutor.engine.hand import InvalidMeldError, Meld, MeldKind
from tutor.engine.shapes import decompositions
from tutor.web.tile_names import tile_name

from .base import (
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _choices,
    _indexes,
    _kinds,
    _one,
    _parse_hand,
    _parse_tiles,
    display,
    join_and,
    names,
    register,
    tile_picker,
)

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


_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
# Categories taught after terminals and simples: feedback on them may use those words.
_FINE_CATEGORIES = frozenset({"terminals", "simples", "terminals_and_honors", "red_fives"})


def _suit_or_honor(kind: int) -> str:
    """What a tile is in the words of the course's first steps: a tile of its suit or an
    honor (terminals and simples are taught later)."""
    if et.is_honor(kind):
        return _("an honor")
    return _tile_categories()[_SUIT_NAMES[et.suit_of(kind)]][1]


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


def _tile_row(value: Any, low: int) -> tuple[list[int], list[bool], str]:
    """A row of ``low`` to 14 tiles to pick from: its kinds, which are red, its notation."""
    kinds, red = _parse_tiles(value, "tiles")
    if not low <= len(kinds) <= 14:
        raise ContentError(f"tiles: show {low} to 14 tiles")
    return kinds, red, "".join(et.tile_str(k, r) for k, r in zip(kinds, red, strict=True))


@register
class PickTiles(Exercise[frozenset[int]]):
    type = "pick_tiles"
    fields = ("tiles", "find")

    def parse(self) -> None:
        self.kinds, self.red, self.notation = _tile_row(self.data["tiles"], 3)
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

    def solutions(self) -> set[frozenset[int]]:
        test, _label = self._category()
        found = frozenset(i for i, k in enumerate(self.kinds) if test(k, self.red[i]))
        return {found} if found else set()

    def read(self, post: Mapping[str, Any]) -> frozenset[int]:
        return _indexes(post, "tile", len(self.kinds))

    def check(self, answer: frozenset[int]) -> Verdict:
        right = self.solution()
        one = self.one_kind is not None  # the find-one-kind question words its lines its own way
        label = self._category()[1]
        reasons = [self._not_it(i, label) for i in sorted(answer - right)]
        if right - answer:
            more = (
                ngettext(
                    "One more %(wanted)s is in the row.",
                    "%(n)s more copies of the %(wanted)s are in the row.",
                    len(right - answer),
                )
                if one
                else ngettext(
                    "One more tile of the row is %(what)s.",
                    "%(n)s more tiles of the row are %(what)s.",
                    len(right - answer),
                )
            )
            reasons.append(more % {"n": len(right - answer), "what": label, "wanted": label})
        if answer == right:
            done = (
                ngettext(
                    "The tile you picked is the %(wanted)s.",
                    "Each of the %(n)s tiles you picked is the %(wanted)s.",
                    len(right),
                )
                if one
                else ngettext("%(tiles)s is %(what)s.", "%(tiles)s are each %(what)s.", len(right))
            )
            tiles = join_and(tile_name(self.kinds[i], self.red[i]) for i in sorted(right))
            reasons.append(done % {"n": len(right), "tiles": tiles, "what": label, "wanted": label})
        return Verdict(answer == right, reasons)

    def _not_it(self, i: int, label: str) -> str:
        """Why the tile at ``i``, picked, is not what the question asks for."""
        values = {"tile": tile_name(self.kinds[i], self.red[i]), "what": label, "wanted": label}
        if self.one_kind is not None:
            return _("That tile is the %(tile)s, not the %(wanted)s.") % values
        if self.data["find"] not in _FINE_CATEGORIES:
            actual = _suit_or_honor(self.kinds[i])
            return _("%(tile)s is not %(what)s: it is %(actual)s.") % {**values, "actual": actual}
        what_it_is = capfirst(_what_it_is(self.kinds[i], self.red[i]))
        return _("%(tile)s is not %(what)s.") % values + " " + what_it_is

    def widget(self, answer: frozenset[int] | None = None) -> Widget:
        checked = [str(i) for i in sorted(answer)] if isinstance(answer, frozenset) else []
        # A tooltip naming the tile ("East wind") would answer "pick every honor".
        return Widget(
            "tiles",
            notation=self.notation,
            select="many",
            value="index",
            checked=checked,
            titles=False,
        )


# --- pick_group ---------------------------------------------------------------------------

_GROUP_SIZE = {"chi": 3, "pon": 3, "kan": 4, "pair": 2}


def _wrong_size(find: str, n: int) -> str:
    """A group of the wrong size, named whole so each language can agree its words."""
    texts = {
        "chi": ngettext(
            "A sequence has 3 tiles; you picked %(n)s.",
            "A sequence has 3 tiles; you picked %(n)s.",
            n,
        ),
        "pon": ngettext(
            "A triplet has 3 tiles; you picked %(n)s.",
            "A triplet has 3 tiles; you picked %(n)s.",
            n,
        ),
        "kan": ngettext(
            "A quad has 4 tiles; you picked %(n)s.", "A quad has 4 tiles; you picked %(n)s.", n
        ),
        "pair": ngettext(
            "A pair has 2 tiles; you picked %(n)s.", "A pair has 2 tiles; you picked %(n)s.", n
        ),
    }
    return texts[find] % {"n": n}


def _not_a_sequence(kinds: tuple[int, ...]) -> str:
    """Why three tiles are not a sequence, naming the usual slip."""
    numbers = {k % 9 + 1 for k in kinds}
    if any(et.is_honor(k) for k in kinds):
        text = _("%(tiles)s are not a sequence: honors have no numbers, so they never make one.")
    elif len({et.suit_of(k) for k in kinds}) > 1:
        text = _("%(tiles)s are not a sequence: its three tiles must all be of one suit.")
    elif 9 in numbers and 1 in numbers:
        text = _("%(tiles)s are not a sequence: numbers do not wrap around, nothing follows the 9.")
    else:
        text = _("%(tiles)s are not a sequence: a sequence is three numbers in a row of one suit.")
    return text % {"tiles": names(kinds)}


def _group_problem(find: str, kinds: tuple[int, ...]) -> str | None:
    """Why ``kinds`` are not a group of the kind ``find`` (None when they are), from the engine's
    set rules (:class:`tutor.engine.hand.Meld`)."""
    if len(kinds) != _GROUP_SIZE[find]:
        return _wrong_size(find, len(kinds))
    # A pair is two copies of one kind: as a triplet is three, so test it through the
    # engine's pon rule with one more copy.
    tiles = (*kinds, kinds[0]) if find == "pair" else kinds
    kind = {"chi": MeldKind.CHI, "kan": MeldKind.CLOSED_KAN}.get(find, MeldKind.PON)
    try:
        Meld(kind, tuple(sorted(tiles)))
    except InvalidMeldError:
        if find == "chi":
            return _not_a_sequence(kinds)
        texts = {
            "pon": _("%(tiles)s are not a triplet: it needs three copies of one tile."),
            "kan": _("%(tiles)s are not a quad: it needs all four copies of one tile."),
            "pair": _("%(tiles)s are not a pair: it needs two copies of one tile."),
        }
        return texts[find] % {"tiles": names(kinds)}
    return None


@register
class PickGroup(Exercise[tuple[int, ...]]):
    type = "pick_group"
    fields = ("tiles", "find")

    def parse(self) -> None:
        self.kinds, self.red, self.notation = _tile_row(self.data["tiles"], 4)
        if self.data["find"] not in _GROUP_SIZE:
            raise ContentError(f"find: one of {', '.join(_GROUP_SIZE)}")
        try:
            et.to_counts(self.kinds)
        except ValueError as exc:
            raise ContentError(f"tiles: {exc}") from exc

    def solutions(self) -> set[tuple[int, ...]]:
        size = _GROUP_SIZE[self.data["find"]]
        found: set[tuple[int, ...]] = set()
        for combo in itertools.combinations(range(len(self.kinds)), size):
            kinds = tuple(sorted(self.kinds[i] for i in combo))
            if _group_problem(self.data["find"], kinds) is None:
                found.add(kinds)
        return found

    def read(self, post: Mapping[str, Any]) -> tuple[int, ...]:
        picked = _indexes(post, "tile", len(self.kinds))
        if not picked:
            raise EmptyAnswer(_("Pick some tiles first."))
        return tuple(sorted(self.kinds[i] for i in picked))

    def check(self, answer: tuple[int, ...]) -> Verdict:
        problem = _group_problem(self.data["find"], answer)
        if problem is not None:
            return Verdict(False, [problem])
        what = {
            "chi": _("%(tiles)s: three numbers in a row of one suit, a sequence."),
            "pon": _("%(tiles)s: three copies of one tile, a triplet."),
            "kan": _("%(tiles)s: all four copies of one tile, a quad."),
            "pair": _("%(tiles)s: two copies of one tile, a pair."),
        }[self.data["find"]]
        return Verdict(True, [what % {"tiles": names(answer)}])

    def widget(self, answer: tuple[int, ...] | None = None) -> Widget:
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
class Complete(Exercise[tuple[str, int | None]]):
    type = "complete"
    fields = ("hand",)

    def parse(self) -> None:
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=(14,))

    def _splits(self) -> list[Any]:
        return decompositions(self.hand.concealed, self.hand.melds)

    def _forms(self) -> dict[str, set[int]]:
        """Each complete form of the hand, with the pair kinds of the standard form."""
        out: dict[str, set[int]] = {}
        for d in self._splits():
            pairs = out.setdefault(d.form.value, set())
            if d.form.value == "standard" and d.pair is not None:
                pairs.add(d.pair)
        return out

    def solutions(self) -> set[tuple[str, int | None]]:
        # The standard form is answered with its pair, the others with the form alone.
        found: set[tuple[str, int | None]] = {
            (form, p) for form, pairs in self._forms().items() for p in pairs or [None]
        }
        return found or {("not_complete", None)}

    def read(self, post: Mapping[str, Any]) -> tuple[str, int | None]:
        form = _one(post, "shape", FORMS)
        if form != "standard":
            # A pair ticked before another form was chosen is ignored: the form decides.
            return (form, None)
        pair = _kinds(post, "pair", set(self.hand.concealed_tiles()))
        if len(pair) != 1:
            raise EmptyAnswer(_("For four sets and a pair, also pick one tile of the pair."))
        return (form, next(iter(pair)))

    def check(self, answer: tuple[str, int | None]) -> Verdict:
        reasons = []
        forms = self._forms()
        if not forms:
            n = sh.shanten(self.hand.concealed, len(self.hand.melds)) + 1
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
        if answer in self.solutions():
            return Verdict(True, reasons)
        form, pair = answer
        # The split itself would give the answer away: only say what was wrong, and why.
        return Verdict(False, self._mistakes(form, pair, forms, reasons))

    def _mistakes(
        self, form: str, pair: int | None, forms: dict[str, set[int]], reasons: list[str]
    ) -> list[str]:
        counts = self.hand.concealed
        fours = [k for k, n in enumerate(counts) if n == 4]
        pairs = sum(1 for n in counts if n >= 2)
        # The tile each text names: the pair picked, a quad, the hand's own pair.
        tile = {"standard": pair, "seven_pairs": min(fours, default=None)}.get(
            form, min(forms.get("standard", ()), default=None)
        )
        if form == "standard" and "standard" in forms and pair not in forms["standard"]:
            assert pair is not None
            if counts[pair] < 2:
                text = _("There is only one %(tile)s in the hand: a pair needs two.")
            else:
                text = _(
                    "A pair of %(tile)s leaves tiles that do not split into sets: it is not this "
                    "hand's pair."
                )
        elif form == "seven_pairs" and form not in forms:
            if fours and pairs + len(fours) >= 7:
                text = _(
                    "Seven pairs must be seven different pairs: four copies of %(tile)s are "
                    "not two pairs."
                )
            else:
                text = ngettext(
                    "This hand has only %(n)s pair; seven pairs needs seven.",
                    "This hand has only %(n)s pairs; seven pairs needs seven.",
                    pairs,
                )
        elif form != "not_complete" and form not in forms:
            out = [_("This hand is not made of %(form)s.") % {"form": _form_labels()[form].lower()}]
            return out + (reasons[:1] if not forms else [])
        elif "standard" in forms:
            text = _(
                "Look again: this hand is complete. Start from the pair of %(tile)s: the "
                "other tiles all fit in sets."
            )
        elif "seven_pairs" in forms:
            text = _("Look again: this hand is complete. Count its pairs: all seven differ.")
        elif "thirteen_orphans" in forms:
            text = _(
                "Look again: this hand is complete. Check each terminal and honor: all "
                "thirteen are there."
            )
        else:
            text = _("Look again: this hand is complete.")
        return [text % {"tile": tile_name(tile) if tile is not None else "", "n": pairs}]

    def widget(self, answer: tuple[str, int | None] | None = None) -> Widget:
        labels = _form_labels()
        form, pair = answer if isinstance(answer, tuple) else ("", None)
        label = _("For four sets and a pair: pick a tile of the pair")
        second = tile_picker(display(self.hand), pair, name="pair", label=label)
        return _choices([Choice(f, labels[f]) for f in FORMS], form, name="shape", second=second)
