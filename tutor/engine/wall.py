"""The wall: shuffle, build, roll the dice, break, deal, draw and kan replacements.

Everything is reproducible from ``(seed, dice)``: :func:`build_wall` shuffles the physical tiles
with ``random.Random(seed)`` and builds four walls of two-tile stacks, one in front of each seat;
:func:`deal` gives the starting hands; :func:`draw` and :func:`kan_replacement` take tiles.
Every state is an immutable :class:`WallState`.

Seats and walls are counted from the dealer in turn order (counterclockwise on the table):
0 East (the dealer), 1 South (on the dealer's right), 2 West (across), 3 North (on the left).
Wall ``w`` stands in front of seat ``w``.

Coordinates (what a lesson page shows and checks a click against): a stack is
:class:`StackPos` ``(wall, stack)`` with ``stack`` counted **from 0 at the wall's right end**,
as its owner sees it; a tile is :class:`TilePos` ``(wall, stack, level)`` with level 0 the top
tile and 1 the bottom one. The seeds count stacks from 1, so their "stack 7" is ``stack=6``.

The procedure, as the seeds describe it:

* The dealer rolls two dice and counts their sum counterclockwise starting from himself
  (1 East, 2 South, 3 West, 4 North, 5 East, ...): that seat's wall is broken. A 7 breaks West's.
* That wall's owner counts the same number of stacks from the right end of his wall. Where the
  wall is broken depends on the :class:`BreakConvention`:

  - :attr:`BreakConvention.RIICHI_STANDARD` (seed 002, the usual Japanese procedure): the break
    is just **after** the counted stacks, so with a 7 the dead wall is exactly stacks 1–7 and
    the dealer takes stacks 8 and 9 first. :data:`RIICHI` uses it.
  - :attr:`BreakConvention.CLASSICAL` (seed 000): the counted stack is where the dealing
    starts, so with a 7 the dealer takes stacks 7 and 8 ("hileras 7 y 8"), South 9 and 10, and
    the dead wall is stacks 1–6 and one stack round the corner. :data:`CLASSICAL` uses it.

  Seed 002 has the owner of the broken wall roll again for the count
  (``WallRules.second_roll``); by default the same roll is used for both.
* The 7 stacks (14 tiles) on the right of the break are the dead wall. Its 3rd stack counted from
  the break shows its top tile: the dora indicator. Each kan reveals the next stack's top tile,
  further from the break, as a new indicator, and takes its replacement tile from the two stacks
  nearest the break (top, bottom, top, bottom), so at most four kans fit. (Seed 002 says the
  new indicator is "to the left of the first one": that is how it looks from across the table;
  it is the only way five indicators and four replacement tiles fit beside the third stack.)
* Dealing goes clockwise from the break, top tile before bottom: four tiles each (East, South,
  West, North) three times, then one each, then the dealer's 14th. (Seed 002's "the dealer takes
  the top tiles of the 1st and 3rd stacks, the others one each" takes exactly the same tiles.)
* The dead wall always keeps 14 tiles: every replacement tile moves the end of the live wall one
  tile closer. With 136 tiles, 52 dealt and 14 dead, 70 tiles are drawn when nobody calls a kan,
  the dealer's 14th counting as the first (seed 004: East and South draw 18 times, West and North
  17); each kan leaves one draw fewer.

The classical set (seed 000, :data:`CLASSICAL`) has 144 tiles, flowers and seasons included, and
walls of 18 stacks; the same break and dealing, no dora, and a flower or season is shown and
replaced from the dead wall like a kong.

>>> state = deal(build_wall(seed=7, dice=(3, 4)))
>>> state.break_wall, state.break_stack, [len(h) for h in state.hands]
(2, 7, [14, 13, 13, 13])
>>> state.remaining_draws
69
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from .tiles import Tile136, is_red_136, tile_str

__all__ = [
    "SEAT_NAMES",
    "WallError",
    "DiceError",
    "WallExhaustedError",
    "BreakConvention",
    "WallRules",
    "RIICHI",
    "CLASSICAL",
    "StackPos",
    "TilePos",
    "StackRole",
    "WallState",
    "DealStep",
    "roll_dice",
    "broken_wall",
    "build_wall",
    "deal",
    "draw",
    "kan_replacement",
    "flower_replacement",
    "dealing_sequence",
    "draws_per_seat",
    "tile_label",
    "is_flower",
    "stack_role",
    "WallQuestion",
    "answers",
    "is_correct_click",
    "ClickMistake",
    "with_convention",
    "click_mistake",
    "wall_picture",
]

SEAT_NAMES: tuple[str, str, str, str] = ("East", "South", "West", "North")
"""Seat names, indexed by the seat counted from the dealer in turn order."""

DEAD_WALL_STACKS = 7
_FIRST_FLOWER = 136


class WallError(ValueError):
    """A wall operation that the rules do not allow (bad dice, too many kans, ...).

    >>> try:
    ...     build_wall(seed=1, dice=(0, 7))
    ... except WallError as e:
    ...     print(e)
    a die shows 1 to 6, not 0
    """


class DiceError(WallError):
    """Dice that cannot have been rolled."""


class WallExhaustedError(WallError):
    """No tile is left to draw (or to replace a kan with)."""


class BreakConvention(StrEnum):
    """Where the wall is broken once its owner has counted the dice total from its right end.

    >>> [c.counted_stacks_are_dead for c in BreakConvention]
    [True, False]
    """

    RIICHI_STANDARD = "riichi_standard"
    """The break is just after the counted stacks: they are the start of the dead wall (with a
    7, the dead wall is exactly stacks 1–7) and the dealer starts on the next stack (seed 002)."""
    CLASSICAL = "classical"
    """The counted stack is the first one dealt: with a 7 the dealer takes stacks 7 and 8 and
    the dead wall is stacks 1–6 plus one round the corner (seed 000)."""

    @property
    def counted_stacks_are_dead(self) -> bool:
        """Whether the last counted stack belongs to the dead wall (rather than being dealt)."""
        return self is BreakConvention.RIICHI_STANDARD


@dataclass(frozen=True)
class WallRules:
    """How the wall is built.

    ``flowers`` selects the classical 144-tile set with walls of 18 stacks; ``red_fives`` is
    0, 3 or 4 (red fives are copy 0 of each five, plus 53 for the second red 5p);
    ``second_roll`` makes the owner of the broken wall roll again for the count (seed 002);
    ``convention`` says where the wall breaks (:class:`BreakConvention`).

    >>> RIICHI.tile_count, RIICHI.stacks_per_wall, CLASSICAL.tile_count, CLASSICAL.stacks_per_wall
    (136, 17, 144, 18)
    >>> WallRules(red_fives=2)
    Traceback (most recent call last):
    ...
    tutor.engine.wall.WallError: red_fives must be 0, 3 or 4, not 2
    """

    flowers: bool = False
    red_fives: int = 3
    second_roll: bool = False
    convention: BreakConvention = BreakConvention.RIICHI_STANDARD
    max_kans: int = 4

    def __post_init__(self) -> None:
        if self.red_fives not in (0, 3, 4):
            raise WallError(f"red_fives must be 0, 3 or 4, not {self.red_fives}")

    @property
    def tile_count(self) -> int:
        """136 tiles, or 144 with flowers and seasons."""
        return 144 if self.flowers else 136

    @property
    def stacks_per_wall(self) -> int:
        """17 stacks per wall, or 18 with flowers and seasons."""
        return self.tile_count // 8

    @property
    def has_dora(self) -> bool:
        """Whether the dead wall shows dora indicators (riichi rules, not the classical set)."""
        return not self.flowers


RIICHI = WallRules()
"""Riichi: 136 tiles with three red fives, broken after the counted stacks."""

CLASSICAL = WallRules(flowers=True, red_fives=0, convention=BreakConvention.CLASSICAL)
"""The classical set of seed 000: 144 tiles with flowers and seasons, walls of 18 stacks,
dealing from the counted stack."""


@dataclass(frozen=True, order=True)
class StackPos:
    """A stack: the wall (the seat it stands in front of) and its index from that wall's right end.

    >>> str(StackPos(2, 6))
    'West wall, stack 7 from the right'
    """

    wall: int
    stack: int

    def __str__(self) -> str:
        return f"{SEAT_NAMES[self.wall]} wall, stack {self.stack + 1} from the right"


@dataclass(frozen=True, order=True)
class TilePos:
    """A tile: its stack and ``level`` (0 the top tile, 1 the bottom one).

    >>> str(TilePos(2, 3, 0))
    'West wall, stack 4 from the right, top'
    """

    wall: int
    stack: int
    level: int

    @property
    def stack_pos(self) -> StackPos:
        """The stack holding this tile."""
        return StackPos(self.wall, self.stack)

    def __str__(self) -> str:
        return f"{self.stack_pos}, {'top' if self.level == 0 else 'bottom'}"


class StackRole(StrEnum):
    """What a stack is for, as a lesson asks it ("click the dora indicator")."""

    LIVE = "live"
    """In the live wall, not yet taken."""
    TAKEN = "taken"
    """Both tiles already dealt or drawn."""
    FIRST_LIVE = "first_live"
    """The first live stack, just left of the break: the dealer takes it first."""
    DEAD = "dead"
    """In the dead wall, neither a replacement stack nor an indicator's stack."""
    REPLACEMENT = "replacement"
    """One of the two dead-wall stacks next to the break that give kan replacement tiles."""
    DORA_INDICATOR = "dora_indicator"
    """A dead-wall stack whose top tile is a revealed dora indicator."""


@dataclass(frozen=True)
class DealStep:
    """One tile of the deal: who takes it, from where, and which tile it is."""

    seat: int
    pos: TilePos
    tile: Tile136


def _check_die(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise DiceError(f"a die shows a whole number from 1 to 6, not {value!r}")
    if not 1 <= value <= 6:
        raise DiceError(f"a die shows 1 to 6, not {value}")
    return value


def _check_dice(dice: tuple[int, int] | list[int]) -> tuple[int, int]:
    if len(dice) != 2:
        raise DiceError(f"roll two dice, not {len(dice)}")
    return (_check_die(dice[0]), _check_die(dice[1]))


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Roll two dice with ``rng``.

    >>> roll_dice(random.Random(0))
    (4, 4)
    """
    return (rng.randint(1, 6), rng.randint(1, 6))


def broken_wall(total: int) -> int:
    """The wall broken for a dice total: count counterclockwise from the dealer, who is 1.

    >>> [SEAT_NAMES[broken_wall(n)] for n in (5, 6, 7, 8)]
    ['East', 'South', 'West', 'North']
    """
    if not 2 <= total <= 12:
        raise DiceError(f"two dice add up to 2–12, not {total}")
    return (total - 1) % 4


def is_flower(tile: Tile136) -> bool:
    """Whether a physical tile is a flower or a season (144-tile set: 136–139, 140–143).

    >>> is_flower(135), is_flower(136)
    (False, True)
    """
    return tile >= _FIRST_FLOWER


def tile_label(tile: Tile136, red_fives: int = 3) -> str:
    """A two-character label: mpsz for the 136 tiles (``0p`` a red five), ``F1``–``F4`` for the
    flowers and ``S1``–``S4`` for the seasons.

    >>> tile_label(0), tile_label(52), tile_label(52, red_fives=0), tile_label(137), tile_label(143)
    ('1m', '0p', '5p', 'F2', 'S4')
    """
    if not 0 <= tile < 144:
        raise WallError(f"{tile!r} is not a tile: physical tiles are 0–143")
    if is_flower(tile):
        n = tile - _FIRST_FLOWER
        return f"{'F' if n < 4 else 'S'}{n % 4 + 1}"
    return tile_str(tile // 4, red=is_red_136(tile, red_fives))


@dataclass(frozen=True)
class _Geometry:
    stack_order: tuple[StackPos, ...]
    tile_order: tuple[TilePos, ...]
    replacement_order: tuple[TilePos, ...]
    index_of_stack: dict[StackPos, int]


@lru_cache(maxsize=512)
def _geometry(break_wall: int, break_stack: int, n: int) -> _Geometry:
    """The order of the stacks for one break; shared by every state of a hand."""
    order: list[StackPos] = []
    w, s = break_wall, break_stack
    for _ in range(4 * n):
        order.append(StackPos(w, s))
        s += 1
        if s == n:  # the left end of a wall meets the right end of the wall clockwise
            w, s = (w - 1) % 4, 0
    stacks = tuple(order)
    return _Geometry(
        stack_order=stacks,
        tile_order=tuple(TilePos(p.wall, p.stack, lv) for p in stacks for lv in (0, 1)),
        replacement_order=tuple(
            TilePos(p.wall, p.stack, lv) for p in reversed(stacks) for lv in (0, 1)
        ),
        index_of_stack={p: i for i, p in enumerate(stacks)},
    )


@dataclass(frozen=True)
class WallState:
    """The wall at one moment of a hand. Build it with :func:`build_wall`; never mutated.

    ``stacks[w][s]`` is ``(top, bottom)`` of stack ``s`` (from the right end) of wall ``w``.
    ``break_wall`` is the broken wall and ``break_stack`` the first live stack on it (the one the
    dealer takes first). ``hands`` holds the dealt tiles (sorted, the dealer's 14th included),
    ``flowers`` the flowers and seasons each seat showed during the deal (classical set only).
    ``taken`` counts tiles taken from the live wall (the deal included) and ``replacements``
    the tiles taken from the dead wall; ``kans`` the kans declared.

    >>> s = build_wall(seed=3, dice=(1, 1))
    >>> SEAT_NAMES[s.break_wall], s.break_stack, s.remaining_draws
    ('South', 2, 70)
    """

    rules: WallRules
    seed: int
    dice: tuple[int, int]
    break_dice: tuple[int, int]
    stacks: tuple[tuple[tuple[Tile136, Tile136], ...], ...]
    break_wall: int
    break_stack: int
    hands: tuple[tuple[Tile136, ...], ...] = ((), (), (), ())
    flowers: tuple[tuple[Tile136, ...], ...] = ((), (), (), ())
    dealt: bool = False
    taken: int = 0
    replacements: int = 0
    kans: int = 0

    # --- geometry ---------------------------------------------------------------------------

    @property
    def stack_order(self) -> tuple[StackPos, ...]:
        """Every stack clockwise from the first live stack; the dead wall is the last 7.

        >>> s = build_wall(seed=0, dice=(3, 4))
        >>> s.stack_order[0], s.stack_order[-1]
        (StackPos(wall=2, stack=7), StackPos(wall=2, stack=6))
        """
        return self._geometry.stack_order

    @property
    def tile_order(self) -> tuple[TilePos, ...]:
        """Every tile clockwise from the break, top before bottom (the live wall's draw order,
        followed by the dead wall)."""
        return self._geometry.tile_order

    @property
    def _geometry(self) -> _Geometry:
        return _geometry(self.break_wall, self.break_stack, self.rules.stacks_per_wall)

    @property
    def _index_of_stack(self) -> dict[StackPos, int]:
        return self._geometry.index_of_stack

    @property
    def live_length(self) -> int:
        """Tiles outside the original dead wall: 122, or 130 with flowers."""
        return self.rules.tile_count - 2 * DEAD_WALL_STACKS

    @property
    def dead_wall(self) -> tuple[StackPos, ...]:
        """The 7 dead-wall stacks, counted from the break (index 0 touches the break).

        These are the stacks set aside at the break. After a replacement tile the live wall's
        last tile joins the dead wall as well (the count stays 14), which :attr:`draw_order`
        and :attr:`remaining_draws` reflect; the stacks listed here do not change.

        >>> [str(p) for p in build_wall(seed=0, dice=(3, 4)).dead_wall[:2]]
        ['West wall, stack 7 from the right', 'West wall, stack 6 from the right']
        """
        return tuple(reversed(self.stack_order[-DEAD_WALL_STACKS:]))

    @property
    def first_live_stack(self) -> StackPos:
        """The stack just left of the break, where the dealing starts."""
        return self.stack_order[0]

    def tile_at(self, pos: TilePos) -> Tile136:
        """The tile at a position.

        >>> s = build_wall(seed=0, dice=(3, 4))
        >>> s.tile_at(TilePos(0, 0, 0)) == s.stacks[0][0][0]
        True
        """
        if not (0 <= pos.wall < 4 and 0 <= pos.stack < self.rules.stacks_per_wall):
            raise WallError(f"there is no stack {pos.stack + 1} on wall {pos.wall}")
        if pos.level not in (0, 1):
            raise WallError("a tile's level is 0 (top) or 1 (bottom)")
        return self.stacks[pos.wall][pos.stack][pos.level]

    # --- draws ------------------------------------------------------------------------------

    @property
    def draw_order(self) -> tuple[TilePos, ...]:
        """The live wall in the order its tiles are taken (the deal first).

        Its last tile is the last one that can be drawn now (the end moves one tile closer
        with every replacement tile).
        """
        return self.tile_order[: self.live_length - self.replacements]

    @property
    def remaining_draws(self) -> int:
        """How many tiles can still be drawn from the live wall.

        >>> deal(build_wall(seed=1, dice=(2, 5))).remaining_draws
        69
        """
        return max(0, self.live_length - self.replacements - max(self.taken, 52))

    @property
    def draws_made(self) -> int:
        """Draws since the deal; the dealer's 14th counts as the first (seed 004)."""
        return max(0, self.taken - 52) if self.dealt else 0

    @property
    def next_draw(self) -> TilePos | None:
        """Where the next draw comes from, or ``None`` when the live wall is empty."""
        return self.tile_order[self.taken] if self.remaining_draws else None

    @property
    def last_draw(self) -> TilePos:
        """The last tile that can be drawn (haitei) as things stand."""
        return self.tile_order[self.live_length - self.replacements - 1]

    @property
    def replacement_order(self) -> tuple[TilePos, ...]:
        """Where replacement tiles come from, in order: the dead wall from the break outwards,
        top before bottom (riichi uses the first four)."""
        return self._geometry.replacement_order

    # --- dora -------------------------------------------------------------------------------

    @property
    def dora_indicator_positions(self) -> tuple[TilePos, ...]:
        """The revealed indicators: the top of the 3rd dead-wall stack from the break, then one
        stack further out per kan. Empty for the classical set.

        >>> [str(p) for p in build_wall(seed=0, dice=(3, 4)).dora_indicator_positions]
        ['West wall, stack 5 from the right, top']
        """
        if not self.rules.has_dora:
            return ()
        dead = self.dead_wall
        return tuple(TilePos(dead[2 + k].wall, dead[2 + k].stack, 0) for k in range(self.kans + 1))

    @property
    def dora_indicators(self) -> tuple[Tile136, ...]:
        """The revealed dora indicators (physical tiles)."""
        return tuple(self.tile_at(p) for p in self.dora_indicator_positions)

    @property
    def ura_indicators(self) -> tuple[Tile136, ...]:
        """The tiles under the revealed indicators (ura dora indicators, shown after a riichi
        win)."""
        return tuple(
            self.tile_at(TilePos(p.wall, p.stack, 1)) for p in self.dora_indicator_positions
        )

    # --- who took what ----------------------------------------------------------------------

    def is_taken(self, pos: TilePos) -> bool:
        """Whether the tile at ``pos`` has left the wall (dealt, drawn or a replacement).

        >>> s = deal(build_wall(seed=0, dice=(3, 4)))
        >>> s.is_taken(TilePos(2, 7, 0)), s.is_taken(s.next_draw)
        (True, False)
        """
        i = self._index_of_stack[pos.stack_pos] * 2 + pos.level
        if i < self.taken:
            return True
        j = 2 * len(self.stack_order) - 1 - i  # index counted from the dead wall's break end
        k = 2 * (j // 2) + (1 - j % 2)  # top before bottom within a stack
        return k < self.replacements


def build_wall(
    seed: int,
    dice: tuple[int, int] | None = None,
    rules: WallRules = RIICHI,
    break_dice: tuple[int, int] | None = None,
) -> WallState:
    """Shuffle with ``random.Random(seed)``, build the four walls and break them.

    Dice not given are rolled from the same generator after the shuffle; the generator always
    rolls (given dice or not), so the shuffle and the second roll depend on the seed only.

    >>> s = build_wall(seed=42, dice=(6, 6))
    >>> SEAT_NAMES[s.break_wall], str(s.first_live_stack)
    ('North', 'North wall, stack 13 from the right')
    >>> build_wall(seed=42) == build_wall(seed=42)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise WallError(f"the seed is a whole number, not {seed!r}")
    rng = random.Random(seed)
    tiles = list(range(rules.tile_count))
    rng.shuffle(tiles)
    rolled = roll_dice(rng)
    rolled_again = roll_dice(rng)
    first = _check_dice(dice) if dice is not None else rolled
    if rules.second_roll:
        count_dice = _check_dice(break_dice) if break_dice is not None else rolled_again
    else:
        if break_dice is not None and _check_dice(break_dice) != first:
            raise DiceError("these rules count the break with the first roll: no second roll")
        count_dice = first
    n = rules.stacks_per_wall
    stacks = tuple(
        tuple((tiles[2 * (w * n + s)], tiles[2 * (w * n + s) + 1]) for s in range(n))
        for w in range(4)
    )
    count = sum(count_dice)
    first_live = count if rules.convention.counted_stacks_are_dead else count - 1
    return WallState(
        rules=rules,
        seed=seed,
        dice=first,
        break_dice=count_dice,
        stacks=stacks,
        break_wall=broken_wall(sum(first)),
        break_stack=first_live,
    )


def dealing_sequence(state: WallState) -> tuple[DealStep, ...]:
    """The 53 tiles of the deal in the order they are taken: four each three times (East,
    South, West, North), one each, then the dealer's 14th.

    >>> steps = dealing_sequence(build_wall(seed=0, dice=(3, 4)))
    >>> [str(st.pos) for st in steps[:5]][::4]
    ['West wall, stack 8 from the right, top', 'West wall, stack 10 from the right, top']
    >>> [st.seat for st in steps[48:]]
    [0, 1, 2, 3, 0]
    """
    seats = [seat for _ in range(3) for seat in range(4) for _ in range(4)] + [0, 1, 2, 3, 0]
    order = state.tile_order
    return tuple(DealStep(seat, order[i], state.tile_at(order[i])) for i, seat in enumerate(seats))


def _take_replacement(state: WallState) -> tuple[WallState, Tile136]:
    if state.remaining_draws == 0:
        raise WallExhaustedError("the live wall is empty: no replacement tile after the last draw")
    pos = state.replacement_order[state.replacements]
    return replace(state, replacements=state.replacements + 1), state.tile_at(pos)


def deal(state: WallState) -> WallState:
    """Deal the starting hands (13 each and the dealer's 14th).

    With flowers, each seat from the dealer on shows its flowers and seasons and replaces them
    from the dead wall until it holds none.

    >>> s = deal(build_wall(seed=5, dice=(4, 4), rules=CLASSICAL))
    >>> [len(h) for h in s.hands], s.remaining_draws + s.replacements
    ([14, 13, 13, 13], 77)
    >>> deal(s)
    Traceback (most recent call last):
    ...
    tutor.engine.wall.WallError: the tiles are already dealt
    """
    if state.dealt:
        raise WallError("the tiles are already dealt")
    hands: list[list[Tile136]] = [[], [], [], []]
    for step in dealing_sequence(state):
        hands[step.seat].append(step.tile)
    state = replace(state, taken=53, dealt=True)
    flowers: list[list[Tile136]] = [[], [], [], []]
    if state.rules.flowers:
        for seat in range(4):
            while any(is_flower(t) for t in hands[seat]):
                shown = [t for t in hands[seat] if is_flower(t)]
                hands[seat] = [t for t in hands[seat] if not is_flower(t)]
                flowers[seat].extend(shown)
                for _ in shown:
                    state, tile = _take_replacement(state)
                    hands[seat].append(tile)
    return replace(
        state,
        hands=tuple(tuple(sorted(h)) for h in hands),
        flowers=tuple(tuple(f) for f in flowers),
    )


def draw(state: WallState) -> tuple[WallState, Tile136]:
    """Draw the next live tile.

    >>> s = deal(build_wall(seed=0, dice=(3, 4)))
    >>> s2, tile = draw(s)
    >>> s2.remaining_draws, tile == s.tile_at(s.next_draw)
    (68, True)
    """
    if not state.dealt:
        raise WallError("deal the tiles before drawing")
    if state.remaining_draws == 0:
        raise WallExhaustedError("the live wall is empty: the hand is over")
    pos = state.tile_order[state.taken]
    return replace(state, taken=state.taken + 1), state.tile_at(pos)


def kan_replacement(state: WallState) -> tuple[WallState, Tile136]:
    """Take a kan's replacement tile from the dead wall; under riichi rules a new dora indicator
    is revealed. The live wall gives up its last tile so the dead wall keeps 14.

    A kan needs a tile left to draw (none after the last one) and at most four kans fit.

    >>> s = deal(build_wall(seed=0, dice=(3, 4)))
    >>> s2, tile = kan_replacement(s)
    >>> len(s2.dora_indicators), s2.remaining_draws, tile == s.tile_at(s.replacement_order[0])
    (2, 68, True)
    """
    if not state.dealt:
        raise WallError("deal the tiles before a kan")
    if state.kans >= state.rules.max_kans:
        raise WallError(f"only {state.rules.max_kans} kans fit in one hand")
    state, tile = _take_replacement(state)
    return replace(state, kans=state.kans + 1), tile


def flower_replacement(state: WallState) -> tuple[WallState, Tile136]:
    """Replace a flower or season drawn during play (classical set only).

    >>> s = deal(build_wall(seed=0, dice=(3, 4), rules=CLASSICAL))
    >>> flower_replacement(s)[0].replacements == s.replacements + 1
    True
    >>> flower_replacement(deal(build_wall(seed=0)))
    Traceback (most recent call last):
    ...
    tutor.engine.wall.WallError: these rules have no flowers
    """
    if not state.rules.flowers:
        raise WallError("these rules have no flowers")
    if not state.dealt:
        raise WallError("deal the tiles before drawing")
    return _take_replacement(state)


def draws_per_seat(state: WallState) -> tuple[int, int, int, int]:
    """How many live draws each seat gets if nobody calls from now on (the dealer's 14th is
    East's first draw).

    >>> draws_per_seat(deal(build_wall(seed=0, dice=(3, 4))))
    (18, 18, 17, 17)
    """
    total = state.draws_made + state.remaining_draws
    out = [0, 0, 0, 0]
    for i in range(total):
        out[i % 4] += 1
    return (out[0], out[1], out[2], out[3])


def stack_role(state: WallState, pos: StackPos) -> StackRole:
    """What a stack is, for checking a learner's click.

    >>> s = build_wall(seed=0, dice=(3, 4))
    >>> stack_role(s, StackPos(2, 7)), stack_role(s, StackPos(2, 4)), stack_role(s, StackPos(2, 6))
    (<StackRole.FIRST_LIVE: 'first_live'>, <StackRole.DORA_INDICATOR: 'dora_indicator'>, <StackRole.REPLACEMENT: 'replacement'>)
    """
    if pos not in state._index_of_stack:
        raise WallError(f"there is no stack {pos.stack + 1} on wall {pos.wall}")
    dead = state.dead_wall
    if pos in dead:
        if any(p.stack_pos == pos for p in state.dora_indicator_positions):
            return StackRole.DORA_INDICATOR
        if state.rules.has_dora and pos in dead[:2]:
            return StackRole.REPLACEMENT
        return StackRole.DEAD
    top, bottom = TilePos(pos.wall, pos.stack, 0), TilePos(pos.wall, pos.stack, 1)
    if state.is_taken(top) and state.is_taken(bottom):
        return StackRole.TAKEN
    if pos == state.first_live_stack:
        return StackRole.FIRST_LIVE
    return StackRole.LIVE


class WallQuestion(StrEnum):
    """What a lesson can ask the learner to click on the wall."""

    BREAK = "break"
    """Either stack beside the break (the first live stack or the dead wall's first)."""
    FIRST_LIVE = "first_live"
    """The stack the dealer takes first."""
    DEAD_WALL = "dead_wall"
    """Any of the 7 dead-wall stacks."""
    DORA_INDICATOR = "dora_indicator"
    """The stack of a revealed dora indicator."""
    NEXT_DRAW = "next_draw"
    """The stack the next draw comes from."""
    LAST_DRAW = "last_draw"
    """The stack of the last tile that can be drawn (haitei)."""
    NEXT_REPLACEMENT = "next_replacement"
    """The stack the next kan replacement tile comes from."""


def answers(state: WallState, question: WallQuestion) -> frozenset[StackPos]:
    """Every stack that is a right answer to ``question``.

    >>> s = build_wall(seed=0, dice=(3, 4))
    >>> sorted(str(p) for p in answers(s, WallQuestion.BREAK))
    ['West wall, stack 7 from the right', 'West wall, stack 8 from the right']
    >>> [str(p) for p in answers(s, WallQuestion.NEXT_DRAW)]
    []
    """
    if question is WallQuestion.BREAK:
        return frozenset({state.first_live_stack, state.dead_wall[0]})
    if question is WallQuestion.FIRST_LIVE:
        return frozenset({state.first_live_stack})
    if question is WallQuestion.DEAD_WALL:
        return frozenset(state.dead_wall)
    if question is WallQuestion.DORA_INDICATOR:
        return frozenset(p.stack_pos for p in state.dora_indicator_positions)
    if question is WallQuestion.NEXT_DRAW:
        nxt = state.next_draw if state.dealt else None
        return frozenset({nxt.stack_pos}) if nxt is not None else frozenset()
    if question is WallQuestion.LAST_DRAW:
        return frozenset({state.last_draw.stack_pos})
    if state.replacements < len(state.replacement_order):
        return frozenset({state.replacement_order[state.replacements].stack_pos})
    return frozenset()


def is_correct_click(state: WallState, question: WallQuestion, pos: StackPos) -> bool:
    """Whether a learner's click on ``pos`` answers ``question``.

    >>> s = build_wall(seed=0, dice=(3, 4))
    >>> is_correct_click(s, WallQuestion.DORA_INDICATOR, StackPos(2, 4))
    True
    >>> is_correct_click(s, WallQuestion.DORA_INDICATOR, StackPos(2, 3))
    False
    """
    if pos not in state._index_of_stack:
        raise WallError(f"there is no stack {pos.stack + 1} on wall {pos.wall}")
    return pos in answers(state, question)


class ClickMistake(StrEnum):
    """A typical wrong answer to a :class:`WallQuestion`, recognised by :func:`click_mistake`."""

    OTHER_CONVENTION = "other_convention"
    """The right answer under the other :class:`BreakConvention` (one stack off at the break)."""
    FROM_LEFT_END = "from_left_end"
    """The right stacks counted from the left end of their wall instead of the right end."""
    WRONG_WALL = "wrong_wall"
    """The right stack numbers, but on another seat's wall (the dice counted from the wrong
    seat, or without the dealer as one)."""
    FAR_END_OF_DEAD_WALL = "far_end_of_dead_wall"
    """The dora indicator counted three stacks from the far end of the dead wall, not the
    break."""


def with_convention(state: WallState, convention: BreakConvention) -> WallState:
    """The same shuffle, dice and play with the wall broken the other way.

    >>> s = build_wall(seed=0, dice=(3, 4))
    >>> str(with_convention(s, BreakConvention.CLASSICAL).first_live_stack)
    'West wall, stack 7 from the right'
    """
    count = sum(state.break_dice)
    first_live = count if convention.counted_stacks_are_dead else count - 1
    rules = replace(state.rules, convention=convention)
    return replace(state, rules=rules, break_stack=first_live)


def click_mistake(
    state: WallState, question: WallQuestion, picked: frozenset[StackPos]
) -> ClickMistake | None:
    """Which typical slip ``picked`` is, or ``None`` (right, or no slip recognised).

    >>> s = build_wall(seed=0, dice=(3, 4))  # riichi: West's stacks 1-7 dead, deal from 8
    >>> click_mistake(s, WallQuestion.FIRST_LIVE, frozenset({StackPos(2, 6)}))
    <ClickMistake.OTHER_CONVENTION: 'other_convention'>
    >>> click_mistake(s, WallQuestion.FIRST_LIVE, frozenset({StackPos(2, 9)}))
    <ClickMistake.FROM_LEFT_END: 'from_left_end'>
    >>> click_mistake(s, WallQuestion.FIRST_LIVE, frozenset({StackPos(3, 7)}))
    <ClickMistake.WRONG_WALL: 'wrong_wall'>
    >>> click_mistake(s, WallQuestion.DORA_INDICATOR, frozenset({StackPos(2, 2)}))
    <ClickMistake.FAR_END_OF_DEAD_WALL: 'far_end_of_dead_wall'>
    >>> click_mistake(s, WallQuestion.FIRST_LIVE, frozenset({StackPos(2, 7)})) is None
    True
    """
    right = answers(state, question)
    if not picked or picked == right or not right:
        return None
    other = next(c for c in BreakConvention if c is not state.rules.convention)
    if picked == answers(with_convention(state, other), question):
        return ClickMistake.OTHER_CONVENTION
    n = state.rules.stacks_per_wall
    if picked == {StackPos(p.wall, n - 1 - p.stack) for p in right}:
        return ClickMistake.FROM_LEFT_END
    if len({p.wall for p in picked}) == 1 and {p.stack for p in picked} == {p.stack for p in right}:
        return ClickMistake.WRONG_WALL
    dead = state.dead_wall
    if question is WallQuestion.DORA_INDICATOR and state.kans == 0 and picked == {dead[-3]}:
        return ClickMistake.FAR_END_OF_DEAD_WALL
    return None


_MARK = {
    StackRole.LIVE: " ",
    StackRole.TAKEN: " ",
    StackRole.FIRST_LIVE: "^",
    StackRole.DEAD: "x",
    StackRole.REPLACEMENT: "r",
    StackRole.DORA_INDICATOR: "*",
}


def wall_picture(state: WallState, reveal: bool = True) -> str:
    """A text picture of the table seen from above, the dealer (East) at the bottom.

    Each stack shows its top and bottom tile (``..`` once taken, ``##`` face down when
    ``reveal`` is false; indicators are always face up). Marks: ``^`` the first live stack (the
    break is on its right), ``>`` the next draw, ``r`` the dead wall's replacement stacks, ``*`` a stack whose top is
    a dora indicator, ``x`` the rest of the dead wall.

    >>> pic = wall_picture(build_wall(seed=0, dice=(3, 4)))
    >>> print(pic.splitlines()[-1])
    Live draws left: 70 (the dealer's 14th is the first)
    """
    n = state.rules.stacks_per_wall
    red = state.rules.red_fives
    shown = set(state.dora_indicator_positions)

    def label(pos: TilePos) -> str:
        if state.is_taken(pos):
            return ".."
        if reveal or pos in shown:
            return tile_label(state.tile_at(pos), red)
        return "##"

    nxt = state.next_draw.stack_pos if state.dealt and state.next_draw else None

    def mark(w: int, s: int) -> str:
        pos = StackPos(w, s)
        if pos == state.first_live_stack:
            return "^"
        if pos == nxt:
            return ">"
        return _MARK[stack_role(state, pos)]

    def hrow(w: int, order: list[int], level: int) -> str:
        return " ".join(label(TilePos(w, s, level)) for s in order)

    def hmarks(w: int, order: list[int]) -> str:
        return " ".join(mark(w, s) + " " for s in order)

    def vcell(w: int, s: int) -> str:
        return f"{label(TilePos(w, s, 0))}/{label(TilePos(w, s, 1))}{mark(w, s)}"

    width = 3 * n - 1
    pad = " " * 8
    top_order = list(range(n))  # West's wall: its right end is on the picture's left
    bottom_order = list(range(n - 1, -1, -1))  # the dealer's wall: right end on the right
    lines = [
        pad + "<- right end   West (wall 2)",
        pad + hmarks(2, top_order).rstrip().ljust(width),
        pad + hrow(2, top_order, 0),
        pad + hrow(2, top_order, 1),
        "",
    ]
    lines[4] = "North (wall 3)".ljust(width + 8) + "South (wall 1)"
    for i in range(n):
        left = vcell(3, n - 1 - i)  # North's wall: right end at the bottom
        right = vcell(1, i)  # South's wall: right end at the top
        lines.append(f"{left} {' ' * width} {right}")
    lines[-1] += "  North's right end is at the bottom, South's at the top"
    lines += [
        "",
        pad + hrow(0, bottom_order, 0),
        pad + hrow(0, bottom_order, 1),
        pad + hmarks(0, bottom_order).rstrip().ljust(width),
        pad + "East (wall 0, the dealer)   right end ->".rjust(width),
    ]
    lines.append("")
    lines += _summary(state)
    return "\n".join(line.rstrip() for line in lines)


def _summary(state: WallState) -> list[str]:
    a, b = state.dice
    total = a + b
    seat = SEAT_NAMES[state.break_wall]
    counting = ", ".join(f"{k} {SEAT_NAMES[(k - 1) % 4]}" for k in range(1, total + 1))
    out = [
        f"Dice {a}+{b} = {total}: counting from the dealer ({counting}), {seat}'s wall breaks.",
    ]
    if state.break_dice != state.dice:
        c, d = state.break_dice
        out.append(f"{seat} rolls again for the count: {c}+{d} = {c + d}.")
    first = state.first_live_stack
    if state.rules.convention.counted_stacks_are_dead:
        out.append(
            f"Riichi standard: {seat} counts {sum(state.break_dice)} stacks from the right end;"
            " the wall breaks just after them, so they start the dead wall."
        )
    else:
        out.append(
            f"Classical: {seat} counts {sum(state.break_dice)} stacks from the right end;"
            " the dealing starts at the counted stack."
        )
    out.append(
        f"Break: right of {first}; the dealer takes it first. "
        "Marks: ^ first live stack, > next draw, r replacement stacks, * dora indicator,"
        " x dead wall."
    )
    groups: list[tuple[int, list[int]]] = []
    for p in state.dead_wall:
        if groups and groups[-1][0] == p.wall:
            groups[-1][1].append(p.stack + 1)
        else:
            groups.append((p.wall, [p.stack + 1]))
    out.append(
        "Dead wall, from the break: "
        + "; ".join(f"{SEAT_NAMES[w]}'s stacks {', '.join(map(str, nums))}" for w, nums in groups)
        + " (counted from each wall's right end)."
    )
    red = state.rules.red_fives
    if state.rules.has_dora:
        ind = ", ".join(
            f"{tile_label(t, red)} ({p})"
            for t, p in zip(state.dora_indicators, state.dora_indicator_positions, strict=True)
        )
        out.append(f"Dora indicator: {ind}.")
    if state.dealt:
        for seat_i, hand in enumerate(state.hands):
            tiles = " ".join(tile_label(t, red) for t in hand)
            flw = " ".join(tile_label(t, red) for t in state.flowers[seat_i])
            out.append(f"{SEAT_NAMES[seat_i]:<5} {tiles}" + (f"  flowers: {flw}" if flw else ""))
    if state.dealt:
        out.append(f"Live draws left: {state.remaining_draws}")
    else:
        out.append(f"Live draws left: {state.remaining_draws} (the dealer's 14th is the first)")
    return out
