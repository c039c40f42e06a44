"""The wall exercise (click the break, the dead wall, the indicator...) and wall figures."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .base import (
    Answer,
    AnswerError,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    WallCell,
    Widget,
    _seat_names,
    register,
)

# --- wall ---------------------------------------------------------------------------------

WALL_FINDS = ("first_live", "dead_wall", "dora_indicator", "replacement", "last_draw")


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
