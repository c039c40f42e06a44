"""Defense against one riichi: pick the safest tile, rank three tiles, say how a suji tile can
still deal in. Every answer comes from :mod:`tutor.engine.defense`.

A position gives the riichi player's ``river`` in order (``riichi`` is the 1-based place of
the declaration tile, the last one by default), the tiles ``passed`` after the declaration,
any other ``seen`` tiles (other rivers, called sets), the ``dora`` indicator and one's own
``hand``. Everything shown counts as visible, with one's own hand.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from django.utils.translation import gettext as _

from tutor.engine import defense as ed
from tutor.engine import push_fold as pf
from tutor.engine import tiles as et
from tutor.engine.defense_puzzle import lesson_state, lesson_states
from tutor.engine.hand import Hand
from tutor.web.defense_text import percent_text, reason_text
from tutor.web.engine_text import named_tile, wait_shape_phrase
from tutor.web.push_fold_text import mistake_texts, reason_texts
from tutor.web.tile_names import tile_name

from .base import (
    AnswerError,
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _choices,
    _kinds,
    _many,
    _one,
    _tiles_field,
    join_and,
    names,
    register,
    tile_picker,
)

SHAPES = ("two_sided", "closed", "edge", "shanpon", "tanki")
"""The wait shapes a learner can name, in the order the choices show them."""


def _shape_labels() -> dict[str, str]:
    # The one wording of each shape, shared with every other page.
    return {shape: wait_shape_phrase(shape) for shape in SHAPES}


class DefenseExercise[A: Hashable](Exercise[A]):
    """What the three defense exercises share: the table, the state, the dangers."""

    base_fields = ("river", "riichi", "passed", "seen", "dora", "hand")

    def parse(self) -> None:
        self.river = _tiles_field(self.data, "river")
        if not self.river:
            raise ContentError(f"{self.type}: river: give the riichi player's discards")
        at = self.data.get("riichi", len(self.river))
        if not isinstance(at, int) or not 1 <= at <= len(self.river):
            raise ContentError(f"{self.type}: riichi: the place of the declaration tile")
        self.riichi_at = at
        self.passed = _tiles_field(self.data, "passed")
        self.seen = _tiles_field(self.data, "seen")
        self.dora = _tiles_field(self.data, "dora")
        self.hand = _tiles_field(self.data, "hand")
        if len(self.hand) != 14:
            raise ContentError(
                f"{self.type}: hand: 14 tiles, the hand about to discard",
                field="hand",
                text=_("Give 14 tiles: the hand about to discard."),
            )
        if max(Counter(self.hand + self.river + self.passed + self.seen + self.dora).values()) > 4:
            raise ContentError(
                f"{self.type}: more than four copies of a tile are shown",
                text=_("More than four copies of a tile are shown between the hand and the river."),
            )
        try:
            self.state = lesson_state(
                self.river,
                self.hand,
                riichi_at=at,
                passed=self.passed,
                seen=self.seen,
                dora=self.dora,
            )
        except ValueError as exc:
            raise ContentError(f"{self.type}: {exc}") from exc

    def why(self, tile: int) -> str:
        """The tile's danger and its reasons, as one sentence."""
        rows = ed.assess(self.state, [tile])
        found = [reason_text(r) for r in rows[0].reasons]
        text = _("%(tile)s: %(percent)s") % {
            "tile": tile_name(tile),
            "percent": percent_text(rows[0].danger),
        }
        if found:
            text += " (" + "; ".join(found) + ")"
        return text + "."

    def shown(self, *extra: tuple[str, str], hand: bool = True) -> list[tuple[str, str]]:
        """The river and the other tiles in view, then (unless ``hand`` is false, when the hand
        is what the learner picks from) one's hand and the ``extra`` captions."""
        rows = [
            (_("The riichi player's river"), self.river),
            (_("Tiles that went by since the riichi"), self.passed),
            (_("Other tiles in view"), self.seen),
            (_("The dora indicator"), self.dora),
        ]
        out = [(caption, "".join(map(et.tile_str, tiles))) for caption, tiles in rows if tiles]
        if hand:
            out.append((_("Your hand"), self.hand_notation()))
        return [*out, *extra]

    def hand_notation(self) -> str:
        return "".join(et.tile_str(t) for t in sorted(self.hand))

    def facts(self) -> list[str]:
        return [
            _("The riichi was declared with discard %(place)s, %(tile)s.")
            % {"place": self.riichi_at, "tile": tile_name(self.river[self.riichi_at - 1])}
        ]


@register
class SafestTile(DefenseExercise[int]):
    """Pick the tile least likely to deal in from one's hand."""

    type = "safest_tile"
    fields: ClassVar[tuple[str, ...]] = DefenseExercise.base_fields
    required: ClassVar[tuple[str, ...] | None] = ("river", "hand")

    def solutions(self) -> set[int]:
        d = ed.danger(self.state, sorted(set(self.hand)))
        low = min(d.values())
        return {t for t, p in d.items() if p == low}

    def read(self, post: Mapping[str, Any]) -> int:
        picked = _kinds(post, "tile", set(self.hand))
        if len(picked) != 1:
            raise EmptyAnswer(_("Pick one tile to discard."))
        return next(iter(picked))

    def check(self, answer: int) -> Verdict:
        best = self.solution()
        details = [self.why(r.tile) for r in ed.assess(self.state, sorted(set(self.hand)))]
        if answer == best:
            return Verdict(True, [self.why(best)], details=details)
        reasons = [_mistake(self.state, answer), self.why(best)]
        return Verdict(False, reasons, details=details)

    def widget(self, answer: int | None = None) -> Widget:
        return tile_picker(
            self.hand_notation(), answer, shown=self.shown(hand=False), facts=self.facts()
        )


@register
class SafestAgainstTwo(SafestTile):
    """Pick the tile least likely to deal in to either of two riichi
    (:func:`tutor.engine.defense.assess_several`); ``river2`` is the second riichi's river."""

    type = "safest_against_two"
    fields = (*DefenseExercise.base_fields, "river2")
    required = ("river", "river2", "hand")

    def parse(self) -> None:
        self.river2 = _tiles_field(self.data, "river2")
        if not self.river2:
            raise ContentError(f"{self.type}: river2: give the second riichi player's discards")
        super().parse()
        shown = self.hand + self.river + self.river2 + self.passed + self.seen + self.dora
        if max(Counter(shown).values()) > 4:
            raise ContentError(
                f"{self.type}: more than four copies of a tile are shown",
                text=_("More than four copies of a tile are shown between the hand and the river."),
            )
        states = lesson_states([self.river, self.river2], self.hand, seen=self.seen, dora=self.dora)
        # every kind in hand against both, safest first: the model runs once per exercise
        self.rows = ed.assess_several(states, sorted(set(self.hand)))
        self.row_of = {r.tile: r for r in self.rows}

    def solutions(self) -> set[int]:
        return {r.tile for r in self.rows if r.danger == self.rows[0].danger}

    def why(self, tile: int) -> str:
        """The tile's chance of dealing in to either riichi, and its danger against each."""
        row = self.row_of[tile]
        each = []
        names = (_("the first riichi"), _("the second riichi"))
        for name, one in zip(names, row.against, strict=True):
            found = [reason_text(r) for r in one.reasons]
            text = _("%(percent)s against %(riichi)s") % {
                "percent": percent_text(one.danger),
                "riichi": name,
            }
            each.append(text + (" (" + "; ".join(found) + ")" if found else ""))
        return _("%(tile)s: %(percent)s to deal in to either (%(each)s).") % {
            "tile": tile_name(tile),
            "percent": percent_text(row.danger),
            "each": ", ".join(each),
        }

    def check(self, answer: int) -> Verdict:
        best = self.solution()
        details = [self.why(r.tile) for r in self.rows]
        if answer == best:
            return Verdict(True, [self.why(best)], details=details)
        row = self.row_of[answer]
        first, second = row.against
        if (first.danger < ed.SAFE_DANGER) != (second.danger < ed.SAFE_DANGER):
            # the classic slip: a tile one riichi threw, read as safe against both
            text = (
                _(
                    "%(tile)s is safe against the first riichi, but the second never threw it: "
                    "against the second it deals in about %(percent)s of the time."
                )
                if first.danger < second.danger
                else _(
                    "%(tile)s is safe against the second riichi, but the first never threw it: "
                    "against the first it deals in about %(percent)s of the time."
                )
            )
            worst = max(first.danger, second.danger)
            mistake = text % {"tile": tile_name(answer), "percent": percent_text(worst)}
        else:
            mistake = _("%(tile)s deals in to one of the two about %(percent)s of the time.") % {
                "tile": tile_name(answer),
                "percent": percent_text(row.danger),
            }
        return Verdict(False, [mistake, self.why(best)], details=details)

    def shown(self, *extra: tuple[str, str], hand: bool = True) -> list[tuple[str, str]]:
        rows = super().shown(*extra, hand=hand)
        first = (_("The first riichi player's river"), "".join(map(et.tile_str, self.river)))
        second = (_("The second riichi player's river"), "".join(map(et.tile_str, self.river2)))
        return [first, second, *rows[1:]]

    def facts(self) -> list[str]:
        return [_("Both riichi were declared with the last tile of their river.")]


# What still protects a tile that is not the safest: saying "nothing protects it" would be false.
WEAKER_PROTECTION = (
    "passed_after_riichi",
    "no_chance",
    "one_chance",
    "only_pair_waits",
    "early_outside",
)


def _mistake(state: ed.DefenseState, tile: int) -> str:
    """Why a tile a learner took for safe is not the safest, naming the usual trap."""
    codes = {r.code: r for r in ed.reasons(state, tile)}
    if "suji" in codes:
        waits = possible_shapes(state, tile) - {"two_sided"}
        labels = _shape_labels()
        return _(
            "%(tile)s is suji of %(by)s, so a two-sided wait on it would be furiten, but the riichi "
            "could still be waiting on it with %(shapes)s."
        ) % {
            "tile": tile_name(tile),
            "by": names(et.parse_tile(t) for t in codes["suji"].params["by"]),
            "shapes": join_and(labels[s] for s in SHAPES if s in waits),
        }
    if "half_suji" in codes:
        return _("%(tile)s is only half suji: the other two-sided wait on it is still open.") % {
            "tile": tile_name(tile)
        }
    if "honor_visible" in codes:
        return _(
            "%(tile)s is an honor, but only %(visible)s copies are in view: the riichi can still "
            "wait on it with a pair."
        ) % {"tile": tile_name(tile), "visible": codes["honor_visible"].params["visible"]}
    weaker = [reason_text(r) for r in codes.values() if r.code in WEAKER_PROTECTION]
    if weaker:
        return _(
            "%(tile)s has some protection (%(reasons)s), but less than the safest tile has."
        ) % {"tile": tile_name(tile), "reasons": "; ".join(weaker)}
    return _("Nothing in the river protects %(tile)s.") % {"tile": tile_name(tile)}


def possible_shapes(state: ed.DefenseState, tile: int) -> set[str]:
    """The wait shapes the riichi hand could still have on ``tile``, read from the engine's
    table of shapes (a shape with no way to hold it, or with a furiten wait, has weight 0)."""
    ways, evidence = ed.shape_table(state)
    column = {n: ed.SHAPE_EVIDENCE.index(n) for n in ("closed", "edge", "shanpon", "tanki")}
    return {
        next((n for n, c in column.items() if evidence[i][c]), "two_sided")
        for i in range(len(ways))
        if not (ways[i] <= 0 or ed.SHAPE_COVER[i, tile] == 0)
    }


@register
class RankTiles(DefenseExercise[str]):
    """Order three tiles from the safest to the most dangerous."""

    type = "rank_tiles"
    fields = (*DefenseExercise.base_fields, "tiles")
    required = ("river", "hand", "tiles")

    def parse(self) -> None:
        super().parse()
        self.tiles = _tiles_field(self.data, "tiles")
        if len(set(self.tiles)) != 3 or any(t not in self.hand for t in self.tiles):
            raise ContentError("rank_tiles: tiles: three different tiles of the hand")

    def _order(self) -> tuple[int, ...]:
        d = ed.danger(self.state, self.tiles)
        if len(set(d.values())) != 3:
            raise ContentError("rank_tiles: two of the tiles are equally dangerous")
        return tuple(sorted(self.tiles, key=lambda t: d[t]))

    def _choices(self) -> list[str]:
        return [",".join(map(et.tile_str, p)) for p in itertools.permutations(self.tiles)]

    def solutions(self) -> set[str]:
        return {",".join(map(et.tile_str, self._order()))}

    def read(self, post: Mapping[str, Any]) -> str:
        return _one(post, "choice", self._choices())

    def check(self, answer: str) -> Verdict:
        order = self._order()
        given = [et.parse_tile(t) for t in str(answer).split(",")]
        details = [self.why(t) for t in order]
        if tuple(given) == order:
            return Verdict(True, details)
        rank = {t: i for i, t in enumerate(order)}
        # the first pair the learner put the wrong way round
        a, b = next((x, y) for x, y in itertools.combinations(given, 2) if rank[x] > rank[y])
        reasons = [
            _rank_mistake(self.state, a, b)
            or _("You put %(a)s before %(b)s, but %(a)s is the more dangerous of the two.")
            % {"a": tile_name(a), "b": tile_name(b)},
            self.why(b),
            self.why(a),
        ]
        if a != order[-1] and any(r.code == "suji" for r in ed.reasons(self.state, a)):
            reasons.insert(1, _mistake(self.state, a))
        return Verdict(False, reasons, details=details)

    def widget(self, answer: str | None = None) -> Widget:
        choices = [
            Choice(
                value,
                _("%(tiles)s (safest first)")
                % {"tiles": ", ".join(tile_name(et.parse_tile(t)) for t in value.split(","))},
            )
            for value in self._choices()
        ]
        return _choices(
            choices,
            answer,
            shown=self.shown((_("The three tiles"), "".join(map(et.tile_str, self.tiles)))),
            facts=self.facts(),
        )


def _rank_mistake(state: ed.DefenseState, a: int, b: int) -> str | None:
    """Why the safer tile ``b`` belongs before ``a``, named by what protects ``b`` and ``a``
    lacks; None when no single fact tells them apart."""
    on_b = {r.code: r for r in ed.reasons(state, b)}
    on_a = {r.code for r in ed.reasons(state, a)}
    both = {"a": tile_name(a), "b": tile_name(b)}
    if "genbutsu" in on_b:
        return _(
            "%(b)s is in the riichi player's own river (discard %(position)s): it can never "
            "deal in, so it is safer than %(a)s and goes first."
        ) % {**both, "position": on_b["genbutsu"].params["position"]}
    if "passed_after_riichi" in on_b:
        return (
            _(
                "%(b)s went by after the riichi and the riichi player did not win on it: it cannot "
                "deal in now, so it is safer than %(a)s."
            )
            % both
        )
    if "honor_visible" in on_b and "honor_visible" not in on_a:
        return _(
            "%(b)s is an honor with %(visible)s copies in view: only a pair wait can still win "
            "on it, so it is safer than %(a)s."
        ) % {**both, "visible": on_b["honor_visible"].params["visible"]}
    if "suji" in on_b and not on_a & {"suji", "genbutsu", "passed_after_riichi"}:
        return _(
            "%(b)s is suji of %(by)s, so no two-sided wait can win on it, and nothing protects "
            "%(a)s: put the suji tile before it."
        ) % {**both, "by": names(et.parse_tile(t) for t in on_b["suji"].params["by"])}
    return None


def _missed_shape(shape: str, tile: int) -> str:
    """Why ``shape`` still wins on the suji ``tile``: the tiles of that shape, and that the
    river says nothing about them."""
    if shape == "closed":
        text = _(
            "You left out the closed wait: holding %(around)s (kanchan), the riichi wins only "
            "on %(tile)s, so the suji in the river does not rule it out."
        )
    elif shape == "edge":
        text = _(
            "You left out the edge wait: holding %(pair)s (penchan), the riichi wins only on "
            "%(tile)s, so the suji in the river does not rule it out."
        )
    elif shape == "shanpon":
        text = _(
            "You left out the wait on two pairs: a pair of %(tile)s beside another pair "
            "(shanpon) wins on %(tile)s whatever was thrown, as suji only rules out two-sided "
            "waits."
        )
    elif shape != "tanki":
        text = _("%(tile)s is suji, but the riichi could be waiting on it with %(shape)s.")
    else:
        text = _(
            "You left out the pair wait: a single %(tile)s waiting for its pair (tanki) wins on "
            "%(tile)s whatever was thrown, as suji only rules out two-sided waits."
        )
    return text % {
        "tile": tile_name(tile),
        "around": names([tile - 1, tile + 1]),
        "pair": names([tile - 2, tile - 1] if tile % 9 == 2 else [tile + 1, tile + 2]),
        "shape": wait_shape_phrase(shape),
    }


@register
class SujiWaits(DefenseExercise[frozenset[str]]):
    """Name every wait shape that can still win on a suji tile."""

    type = "suji_waits"
    fields = (*DefenseExercise.base_fields, "tile")
    required = ("river", "hand", "tile")

    def parse(self) -> None:
        super().parse()
        tiles = _tiles_field(self.data, "tile")
        if len(tiles) != 1:
            raise ContentError("suji_waits: tile: exactly one tile")
        self.tile = tiles[0]
        if not any(r.code == "suji" for r in ed.reasons(self.state, self.tile)):
            raise ContentError("suji_waits: the tile is not suji against this river")

    def solutions(self) -> set[frozenset[str]]:
        return {frozenset(possible_shapes(self.state, self.tile))}

    def read(self, post: Mapping[str, Any]) -> frozenset[str]:
        return _many(post, "choice", SHAPES, empty=_("Tick at least one kind of wait."))

    def check(self, answer: frozenset[str]) -> Verdict:
        if not isinstance(answer, frozenset):
            raise AnswerError(_("That is not one of the choices."))
        right = possible_shapes(self.state, self.tile)
        labels = _shape_labels()
        tile = tile_name(self.tile)
        by = next(r for r in ed.reasons(self.state, self.tile) if r.code == "suji").params["by"]
        reasons: list[str] = []
        if "two_sided" in answer:
            reasons.append(
                _(
                    "A two-sided wait on %(tile)s would also win on %(by)s, which the riichi "
                    "player threw: it would be furiten, so it cannot deal in."
                )
                % {"tile": tile, "by": names(et.parse_tile(t) for t in by)}
            )
        for s in SHAPES:
            if s in right and s not in answer:
                reasons.append(_missed_shape(s, self.tile))
            elif s in answer and s not in right and s != "two_sided":
                reasons.append(
                    _("%(shape)s cannot wait on %(tile)s here.")
                    % {"shape": labels[s], "tile": tile}
                )
        summary = _("%(tile)s can still deal in against %(shapes)s.") % {
            "tile": tile,
            "shapes": join_and(labels[s] for s in SHAPES if s in right),
        }
        ok = answer == frozenset(right)
        return Verdict(ok, [summary] if ok else reasons, details=[self.why(self.tile)])

    def widget(self, answer: frozenset[str] | None = None) -> Widget:
        labels = _shape_labels()
        return _choices(
            [Choice(s, labels[s]) for s in SHAPES],
            answer,
            "many",
            shown=self.shown((_("The suji tile"), et.tile_str(self.tile))),
            facts=self.facts(),
        )


def push_fold_choice(name: str, tile: str) -> Choice:
    """``Push: discard 5m`` or ``Fold: discard 1z`` (``tile``, named), for ``push`` or ``fold``."""
    text = _("Push: discard %(tile)s") if name == "push" else _("Fold: discard %(tile)s")
    return Choice(name, text % {"tile": tile})


@register
class PushOrFold(DefenseExercise[str]):
    """Push (throw the tile best for one's own hand) or fold (throw the safest tile) against
    the riichi, judged by the engine's expected points (:func:`tutor.engine.push_fold.
    push_or_fold`). The position is a lesson table: the riichi player is South, not the
    dealer, the learner West, no scores. A position whose verdict the engine's rule does not
    find clear (:func:`tutor.engine.push_fold.clear_answer`) is a content error: a lesson asks
    only what a strong player would answer one way."""

    type = "push_fold"
    fields = DefenseExercise.base_fields
    required = ("river", "hand")
    ANSWERS = ("push", "fold")

    def parse(self) -> None:
        super().parse()
        hand = Hand.from_counts(list(self.state.hand), sizes=(14,))
        self.verdict = pf.push_or_fold(self.state, hand, pf.state_context(self.state))
        answer = pf.clear_answer(self.verdict)
        if answer is None:
            raise ContentError(
                f"push_fold: the engine finds no clear answer here (push worth "
                f"{self.verdict.push.value:.0f}, fold {self.verdict.fold.value:.0f})",
                text=self._unclear(),
            )
        self.answer = answer

    def _unclear(self) -> str:
        """Why the position makes no push-or-fold question, for a teacher typing it."""
        push, fold = self.verdict.push, self.verdict.fold
        if pf.verdict(self.verdict) == "nothing":
            return _(
                "The safest tile, %(tile)s, is also the tile this hand wants to throw: there is "
                "nothing to weigh. Change the hand or the river."
            ) % {"tile": tile_name(fold.tile)}
        return _(
            "Neither pushing %(push)s nor folding with %(fold)s is clearly better here: change "
            "the hand or the river."
        ) % {"push": tile_name(push.tile), "fold": tile_name(fold.tile)}

    def solutions(self) -> set[str]:
        return {self.answer}

    def read(self, post: Mapping[str, Any]) -> str:
        return _one(post, "choice", self.ANSWERS)

    def check(self, answer: str) -> Verdict:
        doc = self.verdict.as_json()
        why = reason_texts([r.as_json() for r in pf.reasons(self.verdict)])
        details = [self.why(self.verdict.push.tile), self.why(self.verdict.fold.tile)]
        if answer == self.answer:
            return Verdict(True, why, details=details)
        return Verdict(False, mistake_texts(doc, answer), details=[*why, *details])

    def widget(self, answer: str | None = None) -> Widget:
        options = {"push": self.verdict.push, "fold": self.verdict.fold}
        return _choices(
            [push_fold_choice(name, named_tile(o.tile_str)) for name, o in options.items()],
            answer if answer in self.ANSWERS else None,
            shown=self.shown(),
            facts=self.facts(),
        )
