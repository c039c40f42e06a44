"""Judging one player's decisions in a recorded game: pure functions over :mod:`tutor.engine`.

Every own-turn discard of the chosen seat is ranked by expected value
(:func:`tutor.engine.value.rank_discards`); the player's choice is set beside the best options
with the expected points it gave away. A decision also says whether the hand was furiten
(:func:`tutor.engine.furiten.furiten`) and whether the player let a win go: a tsumo on the tile
just drawn, or a ron on a tile another player discarded since the player's last discard.
A clear decision the player got wrong carries the puzzle it would make
(:func:`puzzles.mining.mine_decision`).

When exactly one opponent is in riichi (a defense position,
:func:`tutor.engine.defense_puzzle.riichi_positions`), the decision also carries the danger of
every tile of the hand with its reasons (:func:`tutor.engine.defense.assess`), pushing weighed
against folding (:func:`tutor.engine.push_fold.push_or_fold`), and whether the pick was
deal-in prone (:meth:`tutor.engine.push_fold.PushFold.deal_in_prone`). There the expected
points given away are those of push or fold, which count the risk of dealing in: the value
ranking is blind to it, so a sound fold is not a loss. A deal-in-prone pick is a big mistake,
and so is a pick that gives away :data:`BIG_LOSS` where the verdict is a clear push
(:func:`tutor.engine.push_fold.clear_answer`). Against two or more riichi the decision carries
the danger of every tile against each and against them all
(:func:`tutor.engine.defense.assess_several`); push or fold has no figures there, so the only
big mistake is a deal-in-prone push by the textbook fold
(:func:`tutor.engine.push_fold.deal_in_prone_against_several`), and no loss is claimed.

:class:`JudgedDecision` is what is stored, through :func:`judged_to_json` /
:func:`judged_from_json`; its ranked discard rows are engine facts, stored and read through the
one codec of stored facts (:mod:`tutor.exercises.facts`), and drawn with the one discard table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from typing import Any

from puzzles.generation import Generated
from puzzles.mining import mine_decision, table_context
from tutor.engine import defense as ed
from tutor.engine.analysis import discard_analysis
from tutor.engine.defense_puzzle import riichi_positions
from tutor.engine.furiten import furiten
from tutor.engine.gamelog.events import Game
from tutor.engine.gamelog.replay import Decision, replay_game
from tutor.engine.hand import Hand
from tutor.engine.let_go import before_draw, win_let_go
from tutor.engine.push_fold import (
    DEAL_IN_LOSS,
    clear_answer,
    deal_in_prone_against_several,
    leading,
    push_or_fold,
)
from tutor.engine.shanten import shanten
from tutor.engine.tiles import parse_tile, tile_str
from tutor.engine.value import (
    Ranking,
    TableContext,
    decision_from_json,
    pick_probability,
    rank_discards,
)
from tutor.exercises import facts
from tutor.exercises.facts import Analysis, DiscardRowJSON, FactsError
from tutor.exercises.tables import kind_text

BIG_LOSS = DEAL_IN_LOSS
"""Expected points given away from which a choice counts as a big mistake (the loss that makes a
push deal-in prone, :data:`tutor.engine.push_fold.DEAL_IN_LOSS`)."""

RARE_PICK = 0.05
"""The fitted chance that a strong player makes the same pick
(:func:`tutor.engine.value.pick_probability`) under which a loss of :data:`BIG_LOSS` counts
as a big mistake where nobody else is in riichi. On the first 13 shared Phoenix games, every
seat judged (``bench/bench_review.py``, 5,234 decisions), a loss alone (or a deal-in-prone
push) calls 152 of the Phoenix players' own discards big mistakes, 2.92 a game per seat; the
review's rule 67 (1.29 a game: 22 deal-in-prone pushes and 13 clear decisions among them).
It called 125 (2.40) before a loss facing a riichi counted the deal-in risk: 35 faced one
riichi without being deal-in prone (30 of them give away under 400 points by push or fold,
and none folds a clear push) and 8 faced two; then 82 (1.58) before the value ranking
counted the called sets. Where nobody else is in riichi the fitted chance is calibrated: the
Phoenix pick is under 5 % in 4.7 % of 4,325 decisions."""

SHOWN_OPTIONS = 3
"""How many of the best options a decision keeps beside the player's own."""

PUZZLE_FIELDS = ("kind", "hand", "context", "analysis", "themes", "difficulty", "canonical_key")
"""The fields of a mined puzzle a decision keeps (``puzzle``), with its ``source``."""

STORED_VERSION = 2
"""The version of a stored decision (``"v"``); version 1 kept its own option rows, keyed
``"tile"``, which migration ``reviews.0003`` turns into the facts codec's rows."""


class StoredReviewError(ValueError):
    """A stored decision that does not have the shape :func:`judged_from_json` expects."""


def no_facts() -> Analysis:
    """The facts of a decision without a choice: no discard ranked.

    >>> no_facts()
    {'version': 3}
    """
    return facts.from_json(facts.to_json({}))


@dataclass(frozen=True)
class JudgedDecision:
    """One decision of the reviewed seat, judged.

    ``played`` is the tile thrown (``0p`` for a red five); ``facts`` the engine's ranked
    discards as the facts codec stores them (:class:`tutor.exercises.facts.Analysis`): the
    :data:`SHOWN_OPTIONS` best rows, best first, then the played tile's row when it is not
    among them, and ``answer`` the best discard; empty when there was no choice. ``loss`` the expected points given away against the best; ``forced`` a
    discard after riichi (no choice); ``furiten`` the reasons the hand was furiten before the
    discard; ``missed`` ``"tsumo"`` or ``"ron"`` with ``missed_tile`` when a win was let go.
    """

    index: int
    round: str
    round_seq: int
    turn: int
    hand: str
    melds: tuple[str, ...]
    drawn: str | None
    played: str
    riichi_declared: bool
    forced: bool
    table: dict[str, Any]
    facts: Analysis = field(default_factory=lambda: no_facts())
    loss: float = 0.0
    furiten: tuple[dict[str, Any], ...] = ()
    missed: str = ""
    missed_tile: str = ""
    puzzle: dict[str, Any] | None = field(default=None)
    defense: dict[str, Any] | None = field(default=None)
    pick_chance: float | None = None

    @property
    def best(self) -> tuple[DiscardRowJSON, ...]:
        """The engine's best discards, best first (the facts' rows)."""
        return tuple(self.facts.get("discards", [])[:SHOWN_OPTIONS])

    @property
    def mine(self) -> DiscardRowJSON | None:
        """The row of the played tile (``None`` when the engine ranked no discard)."""
        played = kind_text(self.played)
        return next((r for r in self.facts.get("discards", []) if r["discard"] == played), None)

    @property
    def deal_in_prone(self) -> bool:
        """Whether the pick, against a riichi, risked a deal-in that folding would have avoided."""
        return bool(self.defense and self.defense.get("deal_in_prone"))

    @property
    def is_big_mistake(self) -> bool:
        """Whether the choice gave away at least :data:`BIG_LOSS` expected points with a pick
        strong players rarely make (:data:`RARE_PICK`), or was deal-in prone against a riichi.
        Facing one riichi, the pick chance (fitted where nobody is in riichi) does not apply:
        a loss counts only when the player folded a hand the verdict clearly pushes (which tile
        to push is left to the player: the push values are too close to call); facing two,
        push or fold has no figures and value is blind to the danger, so only a deal-in-prone
        push counts.

        >>> from dataclasses import replace
        >>> j = JudgedDecision(0, "E1", 0, 1, "1m", (), None, "1m", False, False, {}, loss=900.0)
        >>> j.is_big_mistake, replace(j, pick_chance=0.2).is_big_mistake
        (True, False)
        >>> replace(j, table={"seat": 0, "riichi": [1, 2]}).is_big_mistake
        False
        >>> two = replace(j, table={"seat": 0, "riichi": [1, 2]}, loss=0.0)
        >>> replace(two, defense={"riichi": [], "deal_in_prone": True}).is_big_mistake
        True
        >>> folded = replace(j, table={"seat": 0, "riichi": [1]}, defense={"folded": True})
        >>> folded.is_big_mistake, replace(folded, defense={"clear": "push", "folded": True}).is_big_mistake
        (False, True)
        """
        if self.defense is not None:
            folded_a_push = self.defense.get("clear") == "push" and self.defense.get("folded")
            return (bool(folded_a_push) and self.loss >= BIG_LOSS) or self.deal_in_prone
        if self.facing_riichi:
            return False
        rare = self.pick_chance is None or self.pick_chance < RARE_PICK
        return self.loss >= BIG_LOSS and rare

    @property
    def facing_riichi(self) -> bool:
        """Whether another player was in riichi (seats on the stored table).

        >>> JudgedDecision(0, "E1", 0, 1, "1m", (), None, "1m", False, False,
        ...     {"seat": 2, "riichi": [2]}).facing_riichi
        False
        """
        return any(seat != self.table.get("seat") for seat in self.table.get("riichi", ()))

    @property
    def agrees(self) -> bool:
        """Whether the player threw the engine's best tile: the first by value, unless the pick
        was deal-in prone (the value ranking is blind to the danger; a push the defense calls
        a big mistake is nobody's best choice).

        >>> row = {"discard": "1m", "shanten": 1, "accepted": {}, "count": 0, "two_step": 0}
        >>> j = JudgedDecision(0, "E1", 0, 1, "1m", (), None, "1m", False, False, {},
        ...     facts={"discards": [row]})
        >>> from dataclasses import replace
        >>> j.agrees, replace(j, defense={"deal_in_prone": True}).agrees
        (True, False)
        """
        mine = self.mine
        first = bool(self.best) and mine is not None and mine["discard"] == self.best[0]["discard"]
        return first and not self.deal_in_prone


def ranked_facts(hand: Hand, context: TableContext, played: str, ranking: Ranking) -> Analysis:
    """The discards of ``hand`` in the engine's ``ranking`` by value, as the facts codec stores
    them: the :data:`SHOWN_OPTIONS` best, then ``played``'s row if it is not among them;
    ``answer`` is the best discard. Each row is the engine's discard-table row with the value
    columns (:func:`tutor.exercises.facts.discard_row`).

    >>> from tutor.engine.hand import parse_hand
    >>> h, c = parse_hand("123m456p789s23m55p7z"), TableContext(draws_left=10)
    >>> f = ranked_facts(h, c, "1m", rank_discards(h, c))
    >>> f["answer"], [r["discard"] for r in f["discards"]][-1], f["discards"][0]["accepted"]
    ('7z', '1m', {'1m': 3, '4m': 4})
    """
    if not ranking.rows:
        return no_facts()
    seen = tuple(a + b for a, b in zip(context.seen, hand.concealed, strict=True))
    options = {
        o.discard: o
        for o in discard_analysis(hand.concealed, len(hand.melds), seen, held=hand.called_counts())
    }
    rows = [facts.discard_row(options[r.discard], r) for r in ranking.rows]
    kind = kind_text(played)  # each tile is ranked once: its row is shown or comes after
    shown = rows[:SHOWN_OPTIONS] + [r for r in rows[SHOWN_OPTIONS:] if r["discard"] == kind]
    return facts.from_json(facts.to_json({"discards": shown, "answer": rows[0]["discard"]}))


@dataclass
class _SeatState:
    """What one seat has let go in a round: the tiles passed since its riichi."""

    round_seq: int = -1
    since_riichi: list[int] | None = None


def judge_defense(
    record: Mapping[str, Any], hand: Hand, context: TableContext, is_leading: bool = False
) -> dict[str, Any]:
    """The defense facts of a decision facing one riichi: every tile of the hand with its
    danger and reasons (safest first), push against fold, the pick's own figures, whether
    it was deal-in prone, the points it gave away by push-or-fold value (``loss``) and the
    verdict when :func:`~tutor.engine.push_fold.clear_answer` finds it clear (``clear``; the
    player ``is_leading`` in the scores or not), and whether the pick is worth no more than
    folding (``folded``); ``record`` is the position's shared-decision record (its labels,
    ``waits`` and ``dealt_in``, are kept to be shown after the fact).

    >>> from tutor.engine.defense import EXAMPLE
    >>> from tutor.engine.push_fold import EXAMPLE_HAND
    >>> from tutor.engine.hand import parse_hand
    >>> facts = judge_defense({**EXAMPLE, "discard": "4s"}, parse_hand(EXAMPLE_HAND),
    ...     TableContext(draws_left=12))
    >>> facts["tiles"][0]["tile"], facts["played"]["tile"], facts["deal_in_prone"]
    ('3p', '4s', True)
    """
    state = ed.DefenseState.from_json(record)
    rows = ed.assess(state)
    choice = push_or_fold(state, hand, context)
    kind = parse_tile(str(record["discard"]))
    played = choice.option(kind)
    value = played.value if played is not None else None
    if kind == choice.fold.tile:
        value = choice.fold.value
    best = max(o.value for o in (choice.fold, *choice.options))
    return {
        "riichi_seat": record.get("riichi_seat"),
        "tiles": [r.as_json() for r in rows],
        "push_fold": choice.as_json(),
        "played": None if played is None else played.as_json(),
        "deal_in_prone": choice.deal_in_prone(kind, rows[0].danger),
        "loss": None if value is None else round(max(0.0, best - value), 1),
        "clear": clear_answer(choice, is_leading=is_leading),
        "folded": value is not None and value <= choice.fold.value,
        "waits": list(record.get("waits") or []),
        "dealt_in": bool(record.get("dealt_in")),
    }


def judge_several(records: Sequence[Mapping[str, Any]], hand: Hand) -> dict[str, Any]:
    """The defense facts of a decision facing two or more riichi: every tile of the hand with
    its chance of dealing in to any of them and its danger and reasons against each
    (:func:`tutor.engine.defense.assess_several`, safest first), the pick (``played``: its
    tile, danger and the shanten it leaves) and whether it was deal-in prone
    (:func:`tutor.engine.push_fold.deal_in_prone_against_several`), the riichi (seat, seat
    wind, and their waits and whether the pick dealt in, shown after the fact). No push or
    fold: its figures are made for one riichi.

    >>> from tutor.engine.defense import EXAMPLE
    >>> from tutor.engine.hand import parse_hand
    >>> from tutor.engine.push_fold import EXAMPLE_HAND
    >>> two = [{**EXAMPLE, "riichi_seat": 1, "discard": "4s"}, {**EXAMPLE, "riichi_seat": 2}]
    >>> facts = judge_several(two, parse_hand(EXAMPLE_HAND))
    >>> facts["tiles"][0]["tile"], [r["seat"] for r in facts["riichi"]], "push_fold" in facts
    ('3p', [1, 2], False)
    >>> facts["played"]["tile"], facts["deal_in_prone"]
    ('4s', True)
    """
    rows = ed.assess_several([ed.DefenseState.from_json(r) for r in records])
    waits = [list(r.get("waits") or []) for r in records]
    kind = parse_tile(str(records[0].get("discard") or ""))
    mine = next((row for row in rows if row.tile == kind), None)
    if mine is None:  # a log the replay accepted with a discard not in the hand
        raise ed.DefenseInputError(f"the discard {tile_str(kind)} is not in the hand")
    after = list(hand.concealed)
    after[kind] -= 1
    left = shanten(after, len(hand.melds))
    return {
        "played": {"tile": tile_str(kind), "danger": round(mine.danger, 4), "shanten": left},
        "deal_in_prone": deal_in_prone_against_several(mine.danger, rows[0].danger, left),
        "riichi": [
            {
                "seat": r.get("riichi_seat"),
                "wind": r.get("riichi_seat_wind"),
                "waits": w,
                "dealt_in": bool(r.get("dealt_in")),
            }
            for r, w in zip(records, waits, strict=True)
        ],
        "tiles": [row.as_json() for row in rows],
        "waits": sorted({t for w in waits for t in w}, key=parse_tile),
        "dealt_in": any(r.get("dealt_in") for r in records),
    }


def judge_decision(
    d: Decision,
    index: int,
    state: _SeatState | None = None,
    positions: Sequence[Mapping[str, Any]] | None = None,
) -> JudgedDecision:
    """Judge one decision: rank it, and look for furiten and a missed win; ``positions``, the
    decision's defense records when opponents are in riichi (one per riichi), add the danger of
    each tile.

    >>> from tutor.engine.gamelog.replay import Decision
    >>> d = Decision("x", "E1", 0, 0, 0, 0, 0, 3, "123m456p789s23m55p7z", (), ("1z",), "1z",
    ...     "1z", "", (), (), "7z", False, True, False, False, "7z", (25000,) * 4, 60,
    ...     ((),) * 4, ((),) * 4)
    >>> j = judge_decision(d, 0)
    >>> j.best[0]["discard"], j.mine["discard"], j.loss, j.missed
    ('7z', '7z', 0.0, '')
    """
    state = state or _SeatState()
    if state.round_seq != d.round_seq:
        state.round_seq, state.since_riichi = d.round_seq, None
    hand, context = decision_from_json(d.as_json())
    played = ("0" + d.discard[1]) if d.discard_red else d.discard
    forced = d.seat in d.riichi
    furiten_reasons: tuple[dict[str, Any], ...] = ()
    missed, missed_tile = "", ""
    if d.drawn is not None and not d.after_call:
        before = before_draw(hand, d.drawn)
        own = [parse_tile(t) for t in d.own_discards]
        passed = [parse_tile(t) for t in d.passed]
        status = furiten(before, own, passed, state.since_riichi)
        furiten_reasons = tuple({"code": r.code, "params": r.params} for r in status.reasons)
        let_go = win_let_go(
            before,
            parse_tile(d.drawn),
            own,
            passed,
            state.since_riichi,
            riichi=d.seat in d.riichi,
            seat_wind=parse_tile(d.seat_wind),
            round_wind=parse_tile(d.round_wind),
        )
        if let_go is not None:
            missed = let_go[0]
            missed_tile = d.drawn if missed == "tsumo" else tile_str(let_go[1])
        if state.since_riichi is not None:
            state.since_riichi.extend(passed)
    if d.declared_riichi:
        state.since_riichi = []
    judged: dict[str, Any] = {}  # a forced discard has no choice to judge
    if not forced:
        if positions:
            # a table the danger model cannot read (say, a log it was not fitted for): the
            # decision is still judged for value, without the danger of each tile
            is_leading = leading(d.scores, d.seat, d.dealer)
            with suppress(ValueError):
                judged["defense"] = (
                    judge_defense(positions[0], hand, context, is_leading)
                    if len(positions) == 1
                    else judge_several(positions, hand)
                )
        ranking = rank_discards(hand, context)
        judged["facts"] = ranked = ranked_facts(hand, context, played, ranking)
        if not any(seat != d.seat for seat in d.riichi):
            # the preferences were fitted where nobody is in riichi: blind to danger
            judged["pick_chance"] = round(pick_probability(ranking.rows, parse_tile(played)), 4)
        rows = ranked.get("discards", [])
        mine = next((r for r in rows if r["discard"] == kind_text(played)), None)
        if mine is not None:
            # facing a riichi, push or fold's loss: it counts the risk the value ranking ignores;
            # facing two, nothing counts it, so no loss is claimed
            by_danger = judged.get("defense", {}).get("loss")
            by_value = round(max(0.0, rows[0].get("ev", 0.0) - mine.get("ev", 0.0)), 1)
            several = sum(seat != d.seat for seat in d.riichi) > 1
            judged["loss"] = 0.0 if several else by_value if by_danger is None else by_danger
            mined = mine_decision(d) if mine["discard"] != rows[0]["discard"] else None
            if isinstance(mined, Generated):
                puzzle = {k: getattr(mined, k) for k in PUZZLE_FIELDS}
                puzzle["themes"] = list(mined.themes)
                puzzle["source"] = [d.log_id, d.round_seq, d.seat, d.turn]
                judged["puzzle"] = puzzle
    return JudgedDecision(
        index=index,
        round=d.round,
        round_seq=d.round_seq,
        turn=d.turn,
        hand=d.hand,
        melds=tuple(d.melds),
        drawn=d.drawn,
        played=played,
        riichi_declared=d.declared_riichi,
        forced=forced,
        table=table_context(d),
        furiten=furiten_reasons,
        missed=missed,
        missed_tile=missed_tile,
        **judged,
    )


def seat_decisions(game: Game, seat: int) -> list[Decision]:
    """Every own-turn decision of ``seat`` in the game, in order (raises ``GameLogError``)."""
    return [d for d in replay_game(game).decisions if d.seat == seat]


PositionKey = tuple[int, int, int]
"""A decision's place in a game: the round (``round_seq``), the seat and the turn."""


def seat_positions(game: Game, seat: int) -> dict[PositionKey, list[dict[str, Any]]]:
    """The defense records of ``seat``'s decisions facing a riichi, by place in the game: one
    record per riichi opponent (:func:`~tutor.engine.defense_puzzle.riichi_positions`)."""
    return {(d.round_seq, d.seat, d.turn): r for d, r in riichi_positions(game, seat)}


def judge_seat(
    decisions: list[Decision],
    positions: Mapping[PositionKey, Sequence[Mapping[str, Any]]] | None = None,
) -> Iterator[JudgedDecision]:
    """Judge the decisions of one seat in order (the riichi furiten state carries over);
    ``positions`` (:func:`seat_positions`) adds the defense facts where an opponent is in
    riichi."""
    state = _SeatState()
    positions = positions or {}
    for i, d in enumerate(decisions):
        yield judge_decision(d, i, state, positions.get((d.round_seq, d.seat, d.turn)))


def judged_to_json(j: JudgedDecision) -> dict[str, Any]:
    """The stored JSON of a judged decision (see :func:`judged_from_json`); its ranked
    discards are stored by the facts codec (:func:`tutor.exercises.facts.to_json`).

    >>> j = JudgedDecision(0, "E1", 0, 1, "1m", (), None, "1m", False, True, {})
    >>> judged_to_json(j)["facts"]
    {'version': 3}
    >>> judged_from_json(judged_to_json(j)) == j
    True
    """
    return {**asdict(j), "facts": facts.to_json(j.facts), "v": STORED_VERSION}


def judged_from_json(obj: Mapping[str, Any]) -> JudgedDecision:
    """Read back a stored judged decision; :class:`StoredReviewError` when it is malformed or
    of another version.

    >>> judged_from_json({"v": 2})
    Traceback (most recent call last):
    ...
    reviews.judge.StoredReviewError: a stored decision lacks 'index'
    >>> judged_from_json({"v": 1})
    Traceback (most recent call last):
    ...
    reviews.judge.StoredReviewError: a stored decision of version 1, not 2
    """
    if not isinstance(obj, Mapping):
        raise StoredReviewError("a stored decision must be an object")
    if obj.get("v") != STORED_VERSION:
        raise StoredReviewError(
            f"a stored decision of version {obj.get('v')}, not {STORED_VERSION}"
        )
    try:
        return JudgedDecision(
            index=int(obj["index"]),
            round=str(obj["round"]),
            round_seq=int(obj["round_seq"]),
            turn=int(obj["turn"]),
            hand=str(obj["hand"]),
            melds=tuple(str(m) for m in obj.get("melds", ())),
            drawn=None if obj.get("drawn") is None else str(obj["drawn"]),
            played=str(obj["played"]),
            riichi_declared=bool(obj["riichi_declared"]),
            forced=bool(obj["forced"]),
            table=dict(obj["table"]),
            facts=facts.from_json(obj["facts"]),
            loss=float(obj.get("loss", 0.0)),
            furiten=tuple(dict(r) for r in obj.get("furiten", ())),
            missed=str(obj.get("missed", "")),
            missed_tile=str(obj.get("missed_tile", "")),
            puzzle=None if obj.get("puzzle") is None else dict(obj["puzzle"]),
            defense=None if obj.get("defense") is None else dict(obj["defense"]),
            pick_chance=None if obj.get("pick_chance") is None else float(obj["pick_chance"]),
        )
    except KeyError as exc:
        raise StoredReviewError(f"a stored decision lacks {exc}") from exc
    except FactsError as exc:
        raise StoredReviewError(f"a stored decision's facts: {exc}") from exc
    except (TypeError, ValueError) as exc:
        raise StoredReviewError(f"a stored decision is malformed: {exc}") from exc
