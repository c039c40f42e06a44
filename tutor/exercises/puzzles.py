"""The puzzle exercise types: one per kind of puzzle, built from a stored puzzle's hand and its
engine facts (``Puzzle.analysis``, read through :mod:`tutor.exercises.facts`).

The puzzles app keeps ratings, the daily puzzle, streaks and reviews; what a submitted form
means, which answer is right and why an answer is right or wrong are decided here, as for every
other exercise type. Nothing here imports a model: the caller passes the plain stored values
(:func:`puzzle_exercise`). An answer is a tuple of strings, canonical: the tile kinds in tile
order (a red five reads as its five), or the one shanten number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tutor.engine.defense import SAFE_DANGER, DangerReason
from tutor.engine.tiles import TileParseError, parse_tile, tile_str
from tutor.engine.value import BACK_OFF_TAKEN_PERCENT
from tutor.web.defense_text import percent_text, reason_text
from tutor.web.engine_text import named_tile, tile_text, wait_shape_name
from tutor.web.push_fold_text import mistake_texts, points_text, reason_texts, shanten_text

from . import facts, tables
from .base import (
    AnswerError,
    Choice,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    _parse_hand,
    display,
    names,
)
from .defense import push_fold_choice
from .kinds import Kind
from .tables import DiscardRow, kind_text


class PuzzleKind(models.TextChoices):
    """The kinds of puzzle: the one vocabulary of the puzzles app, its pages and its
    exercise types (``puzzles.models.PuzzleKind`` is this enum): the values of
    :class:`tutor.exercises.kinds.Kind`, with their labels."""

    DISCARD = Kind.DISCARD.value, gettext_lazy("What to discard")
    EFFICIENCY = Kind.EFFICIENCY.value, gettext_lazy("Efficiency: the most tiles")
    IMPROVE = Kind.IMPROVE.value, gettext_lazy("Which tiles improve this hand")
    WAITS = Kind.WAITS.value, gettext_lazy("What are the waits")
    SHANTEN = Kind.SHANTEN.value, gettext_lazy("How many shanten")
    DEFENSE = Kind.DEFENSE.value, gettext_lazy("Defense: the safest tile")
    PUSH_FOLD = Kind.PUSH_FOLD.value, gettext_lazy("Push or fold against a riichi")


SHANTEN_CHOICES = tuple(range(0, 7))

type PuzzleAnswer = tuple[str, ...]


def _shanten_words(n: int) -> str:
    return _("complete") if n < 0 else shanten_text(n)


SAME_WIN_RATE = 0.02
"""Win rates this close (0-1) are "about as often" when a value mistake is named."""
SAME_WORTH = 0.9
"""A win worth at least this share of the answer's is not called "for less"."""


class PuzzleExercise(Exercise[PuzzleAnswer]):
    """A stored puzzle as an exercise: ``hand`` in hand notation and ``analysis``, the stored
    engine facts with the ``answer`` the generator (or the miner) found."""

    kind: ClassVar[PuzzleKind]
    fields = ("hand", "analysis")
    answer_widget: ClassVar[tuple[str, str]] = ("choices", "one")
    """How the answer is given: the widget's kind and its ``select`` (one or many)."""

    def parse(self) -> None:
        # A hand mined from a game after a call shows its concealed tiles only (11, 8...).
        self.hand = _parse_hand(self.data["hand"], "hand", sizes=tuple(range(1, 15)))
        try:
            self.facts = facts.from_json(self.data["analysis"])
        except facts.FactsError as exc:
            raise ContentError(f"{self.type}: {exc}") from exc
        stored = self.facts.get("answer")
        if stored is None:
            raise ContentError(f"{self.type}: the analysis has no stored answer")
        self.answer = self._canonical(stored)

    def _canonical(self, stored: Any) -> PuzzleAnswer:
        values = stored if isinstance(stored, list) else [stored]
        return tuple(sorted({kind_text(str(v)) for v in values}, key=parse_tile))

    def solutions(self) -> set[PuzzleAnswer]:
        return {self.answer}

    def read(self, post: Mapping[str, Any]) -> PuzzleAnswer:
        values = post.getlist("answer") if hasattr(post, "getlist") else post.get("answer", [])
        return self.read_values([str(v) for v in values])

    def read_values(self, raw: Sequence[str]) -> PuzzleAnswer:
        """The answer in canonical form from the form's raw values (``answer`` fields).

        Raises :class:`~tutor.exercises.AnswerError` with a message for the learner when the
        values cannot answer this puzzle at all (a tampered form, a tile not in the hand), and
        :class:`~tutor.exercises.EmptyAnswer` when nothing was chosen.
        """
        values = [v for v in (str(x).strip() for x in raw) if v]
        if not values:
            raise EmptyAnswer(_("Choose an answer first."))
        return self._read_values(values)

    def _read_values(self, values: list[str]) -> PuzzleAnswer:
        try:
            kinds = sorted({parse_tile(v) for v in values})
        except (TileParseError, ValueError) as exc:
            raise AnswerError(
                _("“%(answer)s” is not a tile.") % {"answer": ", ".join(values)}
            ) from exc
        return tuple(tile_str(k) for k in kinds)

    def check(self, answer: PuzzleAnswer) -> Verdict:
        """Right when the answer is the stored solution (every tile, no extra one). A wrong
        answer's reasons name the mistake; the explanation of the solution follows in the
        details."""
        explanation = [text] if (text := self.explanation()) else []
        if tuple(answer) == self.answer:
            return Verdict(True, explanation)
        return Verdict(False, self.mistakes(tuple(answer)), details=explanation)

    def choices(self) -> list[Choice]:
        """The answers a ``choices`` widget offers."""
        return []

    def widget(self, answer: PuzzleAnswer | None = None) -> Widget:
        kind, select = self.answer_widget
        return Widget(
            kind,
            notation=display(self.hand),
            select=select,
            value="tile",
            name="answer",
            choices=self.choices(),
            checked=list(answer or ()),
        )

    def explanation(self) -> str:
        """Why the solution is right, in a sentence or two built from the stored facts."""
        raise NotImplementedError

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        """What is wrong with a wrong answer, from the stored facts."""
        raise NotImplementedError


class _OneDiscard(PuzzleExercise):
    """A puzzle answered with one tile of the hand."""

    answer_widget = ("tiles", "one")

    def _read_values(self, values: list[str]) -> PuzzleAnswer:
        answer = super()._read_values(values)
        if len(answer) != 1:
            raise AnswerError(_("Choose exactly one tile to discard."))
        if parse_tile(answer[0]) not in set(self.hand.concealed_tiles()):
            raise AnswerError(_("You can only discard a tile from the hand."))
        return answer


class DiscardPuzzle(_OneDiscard):
    """What to discard: the engine's discard table, judged by expected value or by
    efficiency (``judge`` in the facts)."""

    type = "puzzle_discard"
    kind = PuzzleKind.DISCARD

    def rows(self, answer: Sequence[str] = ()) -> list[DiscardRow]:
        """The stored discard table, best first, marking the solution and ``answer``."""
        return tables.discard_rows(self.data["analysis"], best=self.answer, answer=answer)

    def _best(self, rows: list[DiscardRow]) -> DiscardRow:
        return next((r for r in rows if r.best), rows[0])

    def explanation(self) -> str:
        rows = self.rows()
        if not rows:
            return ""
        if self.facts.get("judge") == "value":  # ranked by expected value, not efficiency
            return self._value_explanation(rows)
        best = self._best(rows)
        second = next((r for r in rows if r is not best), None)
        text = _(
            "Discarding %(tile)s keeps the hand %(shanten)s and leaves %(count)d tiles of "
            "%(kinds)d kinds that improve it."
        ) % {
            "tile": named_tile(best.discard),
            "shanten": _shanten_words(best.shanten),
            "count": best.count,
            "kinds": best.kinds,
        }
        if second is None:
            return text
        if second.shanten > best.shanten:
            more = _("The next choice, %(tile)s, would leave the hand %(shanten)s.")
        elif second.count == best.count and None not in (best.after_draw, second.after_draw):
            return f"{text} {self._after_draw_words(second, best)}"
        elif second.count == best.count and best.two_step is not None:
            more = _(
                "Discarding %(tile)s instead accepts as many tiles but leaves a worse shape for "
                "the next draw: the 2-step figure of %(best)s is %(best_two).0f against "
                "%(other_two).0f."
            )
        else:
            more = _("The next best, %(tile)s, accepts only %(count)d.")
        return f"{text} " + more % {
            "tile": named_tile(second.discard),
            "shanten": _shanten_words(second.shanten),
            "best": best.discard,
            "best_two": best.two_step,
            "other_two": second.two_step or 0.0,
            "count": second.count,
        }

    def _after_draw_words(self, other: DiscardRow, best: DiscardRow) -> str:
        return _(
            "%(other)s accepts as many tiles, but after a useful draw it keeps about "
            "%(other_n)d tiles that improve the hand again, against about %(best_n)d "
            "for %(tile)s."
        ) % {
            "other": named_tile(other.discard),
            "other_n": round(other.after_draw or 0),
            "best_n": round(best.after_draw or 0),
            "tile": best.discard,
        }

    def _value_explanation(self, rows: list[DiscardRow]) -> str:
        """Why the discard judged by value is best: its chances and expected points against
        the runner-up's."""
        best = self._best(rows)
        text = _(
            "Discarding %(tile)s gives the best expected result: tenpai in %(tenpai)d %% of "
            "the deals that follow, a win in %(win)d %%, about %(ev)s points on average."
        ) % {
            "tile": named_tile(best.discard),
            "tenpai": best.tenpai_percent or 0,
            "win": best.win_percent or 0,
            "ev": points_text(best.ev or 0),
        }
        # The runner-up is the best-valued row as close to tenpai; a step back that the table
        # values higher is named apart, with why its figure is not followed.
        rivals = [r for r in rows if r is not best and r.shanten <= best.shanten]
        second = max(rivals, key=lambda r: r.ev or 0.0, default=None)
        if second is not None:
            text += " " + _(
                "The next best, %(tile)s, wins in %(win)d %% for about %(ev)s points."
            ) % {
                "tile": named_tile(second.discard),
                "win": second.win_percent or 0,
                "ev": points_text(second.ev or 0),
            }
        back = [r for r in rows if r.shanten > best.shanten and (r.ev or 0.0) > (best.ev or 0.0)]
        if back:
            step = max(back, key=lambda r: r.ev or 0.0)
            text += " " + _(
                "Stepping back with %(tile)s shows more (about %(ev)s points), but the estimate "
                "for a slower hand runs high: where it was the highest figure, Phoenix players "
                "stepped back only %(percent)d times in 100."
            ) % {
                "tile": named_tile(step.discard),
                "ev": points_text(step.ev or 0),
                "percent": BACK_OFF_TAKEN_PERCENT,
            }
        if best.reasons:
            text += " " + _("Why: %(reasons)s.") % {"reasons": "; ".join(best.reasons)}
        return text

    def _value_mistake(self, mine: DiscardRow, best: DiscardRow) -> str:
        """What a discard judged by value gives up against the answer: speed, the chance to
        win, or what the hand is worth when it wins (its expected points over its win rate)."""
        facts = {
            "tile": named_tile(mine.discard),
            "best": best.discard,
            "win": mine.win_percent or 0,
            "best_win": best.win_percent or 0,
            "ev": points_text(mine.ev or 0),
            "best_ev": points_text(best.ev or 0),
            "shanten": _shanten_words(mine.shanten),
            "count": mine.count,
            "best_count": best.count,
            "percent": BACK_OFF_TAKEN_PERCENT,
        }
        mine_win, best_win = mine.win_rate or 0.0, best.win_rate or 0.0
        worth = (mine.ev or 0.0) / mine_win if mine_win else 0.0
        best_worth = (best.ev or 0.0) / best_win if best_win else 0.0
        if mine.shanten > best.shanten and (mine.ev or 0.0) > (best.ev or 0.0):
            # The table shows the step back with the higher figure: say why it is not followed.
            text = _(
                "Discarding %(tile)s steps back to %(shanten)s. The table's estimate for it is "
                "higher (about %(ev)s points against %(best_ev)s with %(best)s), but the "
                "estimate for a slower hand runs high: where stepping back showed the highest "
                "figure, Phoenix players stepped back only %(percent)d times in 100 and kept the "
                "hand closer to tenpai."
            )
        elif mine.shanten > best.shanten:
            text = _(
                "Discarding %(tile)s leaves the hand %(shanten)s, further from tenpai than "
                "%(best)s does: it wins in %(win)d %% of the deals that follow, for about "
                "%(ev)s points on average, against %(best_win)d %% and %(best_ev)s."
            )
        elif mine.shanten < best.shanten:
            text = _(
                "Discarding %(tile)s keeps the hand closer to tenpai, but what it keeps is "
                "worth less: about %(ev)s points on average (a win in %(win)d %% of the deals "
                "that follow), against %(best_ev)s after stepping back with %(best)s "
                "(%(best_win)d %%)."
            )
        elif mine_win > best_win + SAME_WIN_RATE:
            text = _(
                "Discarding %(tile)s wins more often (in %(win)d %% of the deals that follow, "
                "against %(best_win)d %% with %(best)s), but its wins are worth so much less "
                "that it averages about %(ev)s points against %(best_ev)s."
            )
        elif mine_win >= best_win - SAME_WIN_RATE:
            text = _(
                "Discarding %(tile)s wins about as often (in %(win)d %% of the deals that "
                "follow, against %(best_win)d %% with %(best)s) but for less: about %(ev)s "
                "points on average against %(best_ev)s, because the hand it keeps is worth "
                "less when it wins."
            )
        elif worth < SAME_WORTH * best_worth:
            text = _(
                "Discarding %(tile)s wins less often and for less: in %(win)d %% of the deals "
                "that follow against %(best_win)d %% with %(best)s, and about %(ev)s points "
                "on average against %(best_ev)s."
            )
        elif mine.count < best.count:
            facts["tiles"] = (
                _("it waits on %(count)d tiles, against %(best_count)d with %(best)s")
                if mine.shanten == 0
                else _("%(count)d tiles improve it, against %(best_count)d with %(best)s")
            ) % facts
            text = _(
                "Discarding %(tile)s wins less often: %(tiles)s, so it wins in %(win)d %% of "
                "the deals that follow against %(best_win)d %% (about %(ev)s points on "
                "average against %(best_ev)s)."
            )
        else:
            text = _(
                "Discarding %(tile)s wins less often: in %(win)d %% of the deals that follow "
                "against %(best_win)d %% with %(best)s, so about %(ev)s points on average "
                "against %(best_ev)s."
            )
        return text % facts

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        rows = self.rows()
        mine = next((r for r in rows if r.discard in answer), None)
        if mine is None or not rows:
            return [_("%(tile)s is not the best discard.") % {"tile": named_tile(answer[0])}]
        best = self._best(rows)
        if mine.shanten == 0 and (mine.furiten or mine.dead_wait):
            text = _(
                "Discarding %(tile)s makes the hand tenpai, but on a wait that cannot win "
                "(furiten, or every copy already in sight)."
            )
        elif self.facts.get("judge") == "value":
            return [self._value_mistake(mine, best)]
        elif mine.shanten > best.shanten:
            text = _(
                "Discarding %(tile)s leaves the hand %(shanten)s, further from tenpai than "
                "after discarding %(best)s."
            )
        elif mine.count < best.count:
            text = _(
                "Discarding %(tile)s leaves only %(count)d tiles that improve the hand, "
                "against %(best_count)d after discarding %(best)s."
            )
        elif mine.after_draw is not None and best.after_draw is not None:
            return [self._after_draw_words(mine, best)]
        else:
            text = _("%(tile)s is not the best discard.")
        return [
            text
            % {
                "tile": named_tile(mine.discard),
                "shanten": _shanten_words(mine.shanten),
                "count": mine.count,
                "best_count": best.count,
                "best": best.discard,
            }
        ]


class EfficiencyPuzzle(DiscardPuzzle):
    """Efficiency: the discard that keeps the most tiles (the engine's clear-best rule)."""

    type = "puzzle_efficiency"
    kind = PuzzleKind.EFFICIENCY


class _ManyTiles(PuzzleExercise):
    """A puzzle answered with every tile kind of a set (its improving tiles, its waits)."""

    answer_widget = ("palette", "many")

    def _extra(self, tiles: str, n: int) -> str:
        raise NotImplementedError

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        chosen, right = set(answer), set(self.answer)
        out = []
        missed = sorted(right - chosen, key=parse_tile)
        extra = sorted(chosen - right, key=parse_tile)
        if missed:
            out.append(_("You missed %(tiles)s.") % {"tiles": names(parse_tile(t) for t in missed)})
        if extra:
            out.append(self._extra(names(parse_tile(t) for t in extra), len(extra)))
        return out


class ImprovePuzzle(_ManyTiles):
    """Which tiles improve this hand: its uke-ire."""

    type = "puzzle_improve"
    kind = PuzzleKind.IMPROVE

    def _extra(self, tiles: str, n: int) -> str:
        return ngettext(
            "%(tiles)s does not bring this hand closer to tenpai.",
            "%(tiles)s do not bring this hand closer to tenpai.",
            n,
        ) % {"tiles": tiles}

    def explanation(self) -> str:
        tiles = tables.improving_tiles(self.data["analysis"])
        n_kinds, n_tiles = len(tiles), sum(t.count for t in tiles)
        values = {
            "shanten": _shanten_words(int(self.facts.get("shanten", 0))),
            "kinds": n_kinds,
            "tiles": ", ".join(t.tile for t in tiles),
            "count": n_tiles,
        }
        kinds = ngettext(
            "This hand is %(shanten)s: %(kinds)d kind improves it (%(tiles)s)",
            "This hand is %(shanten)s: %(kinds)d kinds improve it (%(tiles)s)",
            n_kinds,
        )
        count = ngettext(
            "%(count)d tile in all that you have not seen.",
            "%(count)d tiles in all that you have not seen.",
            n_tiles,
        )
        return f"{kinds % values}, {count % values}"


class WaitsPuzzle(_ManyTiles):
    """What are the waits of a tenpai hand."""

    type = "puzzle_waits"
    kind = PuzzleKind.WAITS

    def _extra(self, tiles: str, n: int) -> str:
        return ngettext(
            "%(tiles)s does not complete this hand.", "%(tiles)s do not complete this hand.", n
        ) % {"tiles": tiles}

    def explanation(self) -> str:
        tiles = tables.waits_accepted(self.data["analysis"])
        shapes = self.facts.get("wait_shapes") or []
        unseen = sum(t.count for t in tiles)
        text = ngettext(
            "The hand is tenpai and waits on %(tiles)s: %(count)d tile still unseen.",
            "The hand is tenpai and waits on %(tiles)s: %(count)d tiles still unseen.",
            unseen,
        ) % {"tiles": ", ".join(t.tile for t in tiles), "count": unseen}
        if shapes:
            text += " " + _("Wait shape: %(shapes)s.") % {
                "shapes": ", ".join(wait_shape_name(str(shape)) for shape in shapes)
            }
        return text


class ShantenPuzzle(PuzzleExercise):
    """How many shanten: one number from 0 to 6."""

    type = "puzzle_shanten"
    kind = PuzzleKind.SHANTEN

    def _canonical(self, stored: Any) -> PuzzleAnswer:
        value = stored[0] if isinstance(stored, list) else stored
        return (str(int(value)),)

    def _read_values(self, values: list[str]) -> PuzzleAnswer:
        if len(values) != 1:
            raise AnswerError(_("Give one number of shanten."))
        try:
            number = int(values[0])
        except ValueError as exc:
            raise AnswerError(_("The number of shanten must be a whole number.")) from exc
        if number not in SHANTEN_CHOICES:
            raise AnswerError(_("The number of shanten must be between 0 and 6."))
        return (str(number),)

    def explanation(self) -> str:
        shanten = int(self.facts.get("shanten", 0))
        if shanten == 0:
            return _("The hand is tenpai: one more useful tile completes it.")
        return ngettext(
            "The hand is %(shanten)s: it needs at least %(n)d useful tile to reach tenpai.",
            "The hand is %(shanten)s: it needs at least %(n)d useful tiles to reach tenpai.",
            shanten,
        ) % {"shanten": _shanten_words(shanten), "n": shanten}

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        return [
            _("You said %(answer)s, but the hand is %(shanten)s.")
            % {
                "answer": _shanten_words(int(answer[0])),
                "shanten": _shanten_words(int(self.answer[0])),
            }
        ]

    def choices(self) -> list[Choice]:
        return [Choice(str(n), _shanten_words(n)) for n in SHANTEN_CHOICES]


class DefensePuzzle(_OneDiscard):
    """Defense: the safest tile against one riichi, by the engine's danger estimate."""

    type = "puzzle_defense"
    kind = PuzzleKind.DEFENSE

    def _danger(self) -> list[dict[str, Any]]:
        return list(self.facts.get("danger") or [])

    def _riichi_names(self) -> list[str]:
        """Against several riichi: each one named by its seat wind ("the East wind riichi")."""
        return [
            _("the %(wind)s riichi") % {"wind": tile_text(str(r.get("wind") or ""))}
            for r in self.facts.get("riichi") or []
        ]

    def explanation(self) -> str:
        """The safest tile, its chance of dealing in and the next tile's."""
        rows = self._danger()
        if len(rows) < 2:
            return ""
        best, second = rows[0], rows[1]
        values = {
            "tile": tile_text(best["tile"]).capitalize(),
            "best": percent_text(best["danger"]),
            "next": percent_text(second["danger"]),
            "other": tile_text(second["tile"]),
        }
        if self._riichi_names():
            return (
                _(
                    "%(tile)s is the safest tile against both riichi: it deals in to one of "
                    "them about %(best)s of the time, against %(next)s for the next safest, "
                    "%(other)s."
                )
                % values
            )
        return (
            _(
                "%(tile)s is the safest tile: it deals in about %(best)s of the time, against "
                "%(next)s for the next safest, %(other)s."
            )
            % values
        )

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        mine = next((r for r in self._danger() if kind_text(str(r["tile"])) in answer), None)
        if mine is None:
            return [_("%(tile)s is not the safest tile.") % {"tile": named_tile(answer[0])}]
        tile = tile_text(mine["tile"]).capitalize()
        against = list(zip(self._riichi_names(), mine.get("against") or [], strict=False))
        safe = [(name, row) for name, row in against if row["danger"] < SAFE_DANGER]
        if safe and len(safe) < len(against):
            # the classic slip against two riichi: a tile safe against one, read as safe
            name, row = safe[0]
            worst_name, worst = max(against, key=lambda pair: pair[1]["danger"])
            reasons = row.get("reasons") or []
            why = (
                reason_text(DangerReason(reasons[0]["code"], reasons[0].get("params") or {}))
                if reasons
                else percent_text(row["danger"])
            )
            return [
                _(
                    "%(tile)s is safe against %(safe)s (%(why)s), but not against %(other)s: "
                    "there it deals in about %(percent)s of the time."
                )
                % {
                    "tile": tile,
                    "safe": name,
                    "why": why,
                    "other": worst_name,
                    "percent": percent_text(worst["danger"]),
                }
            ]
        if against:
            return [
                _(
                    "%(tile)s deals in to one of the riichi about %(percent)s of the time (%(each)s)."
                )
                % {
                    "tile": tile,
                    "percent": percent_text(mine["danger"]),
                    "each": ", ".join(
                        f"{name} {percent_text(row['danger'])}" for name, row in against
                    ),
                }
            ]
        return [
            _("%(tile)s deals in about %(percent)s of the time.")
            % {"tile": tile, "percent": percent_text(mine["danger"])}
        ]


class PushFoldPuzzle(PuzzleExercise):
    """Push or fold against one riichi: ``push`` (throw the tile best for one's own hand) or
    ``fold`` (throw the safest tile), judged by the engine's expected points
    (:func:`tutor.engine.push_fold.push_or_fold`) and stored only where its rule finds the
    verdict clear (:func:`tutor.engine.push_fold.clear_answer`). The stored ``push_fold`` facts
    hold both options and the ``reasons`` as codes with their params."""

    type = "puzzle_push_fold"
    kind = PuzzleKind.PUSH_FOLD
    ANSWERS = ("push", "fold")

    def _canonical(self, stored: Any) -> PuzzleAnswer:
        value = stored[0] if isinstance(stored, list) else stored
        if value not in self.ANSWERS:
            raise ContentError(f"{self.type}: the stored answer must be push or fold")
        return (str(value),)

    def _read_values(self, values: list[str]) -> PuzzleAnswer:
        if len(values) != 1 or values[0] not in self.ANSWERS:
            raise AnswerError(_("Answer push or fold."))
        return (values[0],)

    def explanation(self) -> str:
        return " ".join(
            reason_texts(list((self.facts.get("push_fold") or {}).get("reasons") or []))
        )

    def mistakes(self, answer: PuzzleAnswer) -> list[str]:
        doc = self.facts.get("push_fold") or {}
        if not doc.get("push") or not doc.get("fold"):
            return [_("That is not the better choice here.")]
        return mistake_texts(doc, answer[0])

    def choices(self) -> list[Choice]:
        doc = self.facts.get("push_fold") or {}
        tiles = {name: str((doc.get(name) or {}).get("tile", "")) for name in self.ANSWERS}
        return [push_fold_choice(name, named_tile(t) if t else "") for name, t in tiles.items()]


PUZZLE_TYPES: dict[PuzzleKind, type[PuzzleExercise]] = {
    cls.kind: cls
    for cls in (
        DiscardPuzzle,
        EfficiencyPuzzle,
        ImprovePuzzle,
        WaitsPuzzle,
        ShantenPuzzle,
        DefensePuzzle,
        PushFoldPuzzle,
    )
}
"""The exercise type of each kind of puzzle."""


def puzzle_exercise(kind: str, hand: str, analysis: Mapping[str, Any]) -> PuzzleExercise:
    """The exercise of a stored puzzle, from its plain values: its ``kind``, its ``hand`` in
    hand notation and its stored ``analysis``.

    Raises :class:`~tutor.exercises.ContentError` for an unknown kind, a hand that cannot be
    read or facts that are not the current version's.

    >>> ex = puzzle_exercise("shanten", "123m456p789s1134z", {"version": 3, "answer": 1})
    >>> ex.solution(), ex.read_values([" 1 "]), ex.check(("1",)).correct
    (('1',), ('1',), True)
    >>> ex.mistakes(("0",))
    ['You said tenpai, but the hand is 1-shanten.']
    >>> puzzle_exercise("riddle", "123m", {})
    Traceback (most recent call last):
    ...
    tutor.exercises.base.ContentError: unknown kind of puzzle 'riddle'
    """
    try:
        cls = PUZZLE_TYPES[PuzzleKind(kind)]
    except ValueError as exc:
        raise ContentError(f"unknown kind of puzzle {kind!r}") from exc
    return cls({"hand": hand, "analysis": analysis})
