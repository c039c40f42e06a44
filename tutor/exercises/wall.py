"""The wall exercise (click the break, the dead wall, the indicator...) and wall figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tutor.engine import wall as ew
from tutor.engine.wall import StackRole, WallState, tile_label

from .base import (
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

# What an exercise may ask and a figure may mark: the engine's wall questions, by value.
WALL_FINDS = ("first_live", "dead_wall", "dora_indicator", "next_replacement", "last_draw")
WALL_MARKS = (*WALL_FINDS, "break")
# The classical set has no dora indicator and no riichi replacement stacks to ask about.
_CLASSICAL_FINDS = ("first_live", "dead_wall", "last_draw", "break")
WALL_RULES = ("riichi", "classical")


def stack_label(wall: int, stack: int) -> str:
    return _("%(seat)s's wall, stack %(n)s from the right") % {
        "seat": _seat_names()[wall],
        "n": stack + 1,
    }


def _wall_state(data: Mapping[str, Any], finds: tuple[str, ...]) -> WallState:
    """The engine's wall for ``seed``, ``dice``, ``kans`` and ``rules`` in a content file."""
    seed, dice = data.get("seed"), data.get("dice")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ContentError("seed: a whole number")
    if not isinstance(dice, list) or len(dice) != 2:
        raise ContentError("dice: two numbers, e.g. [3, 4]")
    kans = data.get("kans", 0)
    if isinstance(kans, bool) or not isinstance(kans, int) or not 0 <= kans <= 3:
        raise ContentError("kans: 0 to 3")
    rules_name = data.get("rules", "riichi")
    if rules_name not in WALL_RULES:
        raise ContentError(f"rules: one of {', '.join(WALL_RULES)}")
    rules = ew.CLASSICAL if rules_name == "classical" else ew.RIICHI
    allowed = _CLASSICAL_FINDS if rules_name == "classical" else WALL_MARKS
    bad = [f for f in finds if f not in allowed]
    if bad:
        raise ContentError(f"{', '.join(bad)}: not on a {rules_name} wall")
    try:
        state = ew.build_wall(seed=seed, dice=(dice[0], dice[1]), rules=rules)
        if kans:
            state = ew.deal(state)
            for _k in range(kans):
                state, _tile = ew.kan_replacement(state)
    except ValueError as exc:
        raise ContentError(f"wall: {exc}") from exc
    return state


def stacks_for(state: Any, find: str) -> frozenset[tuple[int, int]]:
    """The stacks that answer a ``find`` (an engine :class:`WallQuestion` value), as
    ``(wall, stack)`` pairs."""
    return frozenset((p.wall, p.stack) for p in ew.answers(state, ew.WallQuestion(find)))


@register
class WallExercise(Exercise[frozenset[tuple[int, int]]]):
    type = "wall"
    fields = ("seed", "dice", "find", "kans", "rules")
    required = ("seed", "dice", "find")

    def parse(self) -> None:
        if self.data["find"] not in WALL_FINDS:
            raise ContentError(f"find: one of {', '.join(WALL_FINDS)}")
        self.state = _wall_state(self.data, (self.data["find"],))
        self.kans = self.data.get("kans", 0)
        self.stacks = self.state.rules.stacks_per_wall

    @property
    def many(self) -> bool:
        return bool(
            self.data["find"] == "dead_wall"
            or (self.data["find"] == "dora_indicator" and self.kans > 0)
        )

    def solutions(self) -> set[frozenset[tuple[int, int]]]:
        return {stacks_for(self.state, self.data["find"])}

    def read(self, post: Mapping[str, Any]) -> frozenset[tuple[int, int]]:
        values = post.getlist("stack") if hasattr(post, "getlist") else post.get("stack", [])
        out: set[tuple[int, int]] = set()
        for v in values:
            try:
                w, st = (int(x) for x in str(v).split("-"))
            except ValueError:
                w = st = -1
            if not (0 <= w < 4 and 0 <= st < self.stacks) or (w, st) in out:
                raise AnswerError(_("“%(value)s” is not a stack of this wall.") % {"value": v})
            out.add((w, st))
        if not out:
            raise EmptyAnswer(_("Click a stack first."))
        if not self.many and len(out) > 1:
            raise AnswerError(_("Click only one stack."))
        return frozenset(out)

    def _mistake(self, answer: frozenset[tuple[int, int]]) -> str:
        """A sentence naming the learner's slip, when the engine recognises one."""
        s = self.state
        question = ew.WallQuestion(self.data["find"])
        picked = frozenset(ew.StackPos(w, st) for w, st in answer)
        mistake = ew.click_mistake(s, question, picked)
        total = sum(s.break_dice)
        seats = _seat_names()
        if mistake is ew.ClickMistake.OTHER_CONVENTION:
            if s.rules.convention.counted_stacks_are_dead:
                return _(
                    "You started the dealing at the counted stack, as classical Chinese rules "
                    "do. In riichi the wall breaks after the %(total)s counted stacks: they "
                    "belong to the dead wall, and the dealer starts at stack %(next)s."
                ) % {"total": total, "next": total + 1}
            return _(
                "You broke the wall after the counted stacks, as riichi does. In the classical "
                "rules the dealing starts at the counted stack itself, stack %(total)s."
            ) % {"total": total}
        if mistake is ew.ClickMistake.FROM_LEFT_END:
            return _(
                "You counted from the left end of the wall. Each player counts from the right "
                "end of their own wall, as they see it from their seat."
            )
        if mistake is ew.ClickMistake.WRONG_WALL:
            wall = next(iter(answer))[0]
            return _(
                "You counted on %(picked)s's wall, but %(total)s lands on %(right)s: the dealer "
                "counts as one, then South, West, North, East again."
            ) % {"picked": seats[wall], "total": total, "right": seats[s.break_wall]}
        if mistake is ew.ClickMistake.FAR_END_OF_DEAD_WALL:
            return _(
                "You counted three stacks from the far end of the dead wall. Count them from "
                "the break instead: the two stacks next to it give the kan replacement tiles, "
                "and the third shows the indicator."
            )
        return ""

    def check(self, answer: frozenset[tuple[int, int]]) -> Verdict:
        right = self.solution()
        reasons: list[str] = []
        if answer != right:
            mistake = self._mistake(answer)
            if mistake:
                reasons.append(mistake)
            else:
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
            if not mistake:
                # Only the first part of the story: which wall breaks.
                reasons += wall_story(self.state, self.data["find"])[:1]
            return Verdict(False, reasons)
        return Verdict(True, wall_story(self.state, self.data["find"]))

    def widget(self, answer: frozenset[tuple[int, int]] | None = None) -> Widget:
        n = self.stacks
        picked = answer if isinstance(answer, frozenset) else frozenset()
        cells = [
            WallCell(
                f"{wall}-{st}", stack_label(wall, st), row, col, (wall, st) in picked, wall, st
            )
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


def wall_story(state: Any, find: str = "") -> list[str]:
    """How the engine finds the break, the dead wall and the indicator, in words."""
    s = state
    a, b = s.dice
    total = a + b
    count = sum(s.break_dice)
    seats = _seat_names()
    first = s.first_live_stack
    dead = s.dead_wall
    lines = [
        _(
            "The dice show %(a)s + %(b)s = %(total)s. Counting around the table from the "
            "dealer (East is 1, South 2, West 3, North 4, East 5...), %(total)s lands on "
            "%(seat)s: that wall is broken."
        )
        % {"a": a, "b": b, "total": total, "seat": seats[s.break_wall]},
    ]
    if s.rules.convention.counted_stacks_are_dead:
        text = _(
            "%(seat)s counts %(count)s stacks from the right end of the wall and breaks it "
            "just after them: the dealer starts taking tiles at %(stack)s."
        )
    else:
        text = _(
            "%(seat)s counts %(count)s stacks from the right end of the wall. In the "
            "classical rules the dealer starts taking tiles at the counted stack, %(stack)s, "
            "and the break is on its right."
        )
    stack = stack_label(first.wall, first.stack)
    lines.append(text % {"seat": seats[s.break_wall], "count": count, "stack": stack})
    lines.append(
        _("The seven stacks on the right of the break are the dead wall, from %(near)s to %(far)s.")
        % {
            "near": stack_label(dead[0].wall, dead[0].stack),
            "far": stack_label(dead[-1].wall, dead[-1].stack),
        }
    )
    positions = s.dora_indicator_positions
    if positions:
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
    if find == "next_replacement":
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


def wall_cells(n: int) -> list[tuple[int, int, int, int]]:
    """``(wall, stack, row, col)`` of every stack in a square grid of ``n + 2`` cells a side.

    Seen from above with the dealer at the bottom, in DOM order clockwise from East's right
    end: East's wall right to left, North's bottom to top, West's left to right, South's top to
    bottom. Each wall's stacks are counted from its right end, so the index grows clockwise.
    """
    spots: dict[int, Callable[[int], tuple[int, int]]] = {  # (row, col) of each wall's stacks
        0: lambda st: (n + 2, n + 1 - st),
        3: lambda st: (n + 1 - st, 1),
        2: lambda st: (1, st + 2),
        1: lambda st: (st + 2, n + 2),
    }
    return [(wall, st, *spot(st)) for wall, spot in spots.items() for st in range(n)]


def _mark_names() -> dict[str, str]:
    return {
        "break": _("the break: between these two stacks"),
        "first_live": _("first stack the dealer takes"),
        "dead_wall": _("dead wall"),
        "dora_indicator": _("dora indicator"),
        "next_replacement": _("next kan replacement tile"),
        "last_draw": _("last tile to draw"),
    }


@dataclass
class WallFigure:
    cells: list[tuple[int, int, str, str, str]]  # (row, col, classes, label, number)
    legend: list[tuple[str, str]]  # (mark, label)
    facts: list[str]
    indicators: str  # the dora indicator tiles, face up
    size: int


def wall_figure(data: Mapping[str, Any]) -> WallFigure:
    """A wall drawn with some stacks marked, for an explanation step (``figure:`` in a step).

    ``data`` has ``type: wall``, ``seed``, ``dice``, optional ``kans``, ``rules`` (``riichi``,
    the default, or ``classical``) and ``mark``: a list of ``first_live``, ``dead_wall``,
    ``dora_indicator``, ``next_replacement``, ``last_draw`` (later marks are drawn over earlier
    ones). The break is always drawn, and the broken wall's stacks are numbered from its right
    end so the count can be followed.
    """
    if data.get("type") != "wall":
        raise ContentError("figure: only type: wall figures exist")
    marks = data.get("mark", [])
    if not isinstance(marks, list) or not marks or any(m not in WALL_MARKS for m in marks):
        raise ContentError(f"figure.mark: a list of {', '.join(WALL_MARKS)}")
    unknown = set(data) - {"type", "seed", "dice", "kans", "mark", "rules"}
    if unknown:
        raise ContentError(f"figure: unknown fields {', '.join(sorted(unknown))}")
    marks = [m for m in marks if m != "break"]
    state = _wall_state(data, tuple(marks))
    marked = {pos: mark for mark in marks for pos in stacks_for(state, mark)}  # later marks win
    at_break = stacks_for(state, "break")
    names_ = _mark_names()
    cells = []
    for w, st, row, col in wall_cells(state.rules.stacks_per_wall):
        mark = marked.get((w, st), "")
        classes = " ".join(
            [*([f"mark-{mark}"] if mark else []), *(["mark-break"] if (w, st) in at_break else [])]
        )
        label = stack_label(w, st) + (f": {names_[mark]}" if mark else "")
        number = str(st + 1) if w == state.break_wall else ""
        cells.append((row, col, classes, label, number))
    indicators = "".join(tile_label(t, state.rules.red_fives) for t in state.dora_indicators)
    a, b = state.dice
    return WallFigure(
        cells=cells,
        legend=[(m, names_[m]) for m in dict.fromkeys([*marks, "break"])],
        facts=[_("Dice: %(a)s and %(b)s (total %(total)s).") % {"a": a, "b": b, "total": a + b}],
        indicators=indicators if "dora_indicator" in marks else "",
        size=state.rules.stacks_per_wall + 2,
    )


def _role_name(role: Any) -> str:
    return {
        StackRole.LIVE: _("in the live wall"),
        StackRole.TAKEN: _("already taken"),
        StackRole.FIRST_LIVE: _("the first live stack, where the dealer starts taking tiles"),
        StackRole.DEAD: _("in the dead wall"),
        StackRole.REPLACEMENT: _("a dead-wall stack that gives kan replacement tiles"),
        StackRole.DORA_INDICATOR: _("the stack whose top tile is a dora indicator"),
    }[role]
