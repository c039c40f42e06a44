"""Judge stored puzzles again with today's engine: keep them, refresh their figures, or retire
them.

The engine's judgment improves (a tie stopped being a clear best, the value ranking began to
count the called sets), but a stored puzzle keeps the answer and the figures it was made with.
``manage.py recheck_puzzles`` judges each one again the way it was made:

- a generated puzzle from its hand and table (:func:`puzzles.generation.candidate_of`) by its
  kind's evaluator (:func:`puzzles.generation.evaluate`);
- a puzzle mined from a game (what to discard, defense, push or fold) by judging its decision
  of the game again (:func:`fresh_rows`), the game read from the log staff uploaded, from a
  reviewed game, or from a file.

The same answer: the stored analysis becomes today's (figures, reasons, the margin), the rating
and the attempts stay. No clear answer any more, or another one: the puzzle is retired
(:class:`puzzles.models.Retired`), out of the stream, the daily puzzle, assignments and reviews,
its answers unrated, but kept so that past attempts and links still read. A mined puzzle whose
game cannot be found is left as it is and counted.

Every puzzle judged is stamped with today's judgment version
(:data:`tutor.engine.judgment.VERSION`), so :func:`stale_puzzles` finds those an engine upgrade
left behind: ``manage.py load_demo`` (so ``make run``) and the periodic task
:func:`puzzles.tasks.recheck_stale_puzzles` judge them again.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from reviews.models import GameReview
from tutor.engine import judgment
from tutor.engine.gamelog.events import Game, GameLogError
from tutor.engine.gamelog.read import TENHOU_ID, read_game
from tutor.engine.gamelog.replay import replay_game

from . import defense, defense_mining, generation, mining, push_fold
from .models import GameLog, Puzzle, Retired

type Row = dict[str, Any]


@dataclass
class Rechecked:
    """What :func:`recheck` found: puzzles judged again, by outcome."""

    unchanged: int = 0
    refreshed: int = 0
    retired: Counter[str] = field(default_factory=Counter)
    no_log: int = 0
    left: int = 0
    """Mined puzzles of games past ``max_games``: still stale, for the next run."""
    errors: list[str] = field(default_factory=list)
    """What could not be judged (a game log that no longer reads, a position stored malformed):
    such puzzles are left as they are."""

    @property
    def checked(self) -> int:
        return self.unchanged + self.refreshed + self.retired.total()


def fresh_rows(game: Game, keys: Collection[str]) -> dict[str, Row]:
    """What today's engine makes of the decisions of ``game`` that ``keys`` name (stored
    puzzles' canonical keys), by key: a clear what-to-discard decision, a defense position
    whose safest tile stands out, a clear push or fold. A key missing from the result is no
    puzzle any more. Only those decisions are judged, not the whole game."""
    rows: dict[str, Row] = {}
    for d in replay_game(game).decisions:
        if mining.game_key(d) in keys:
            with suppress(ValueError):  # a position the engine refuses makes no puzzle
                made = mining.mine_decision(d)
                if not isinstance(made, generation.Rejected):
                    rows[made.canonical_key] = made.fields()
    # a defense or push-or-fold key is its kind and the position's key (against two riichi,
    # each riichi's position key joined by "+")
    wanted = {key.partition(":")[2] for key in keys}
    readable = defense_mining.readable_riichi_positions(game)
    positions = [
        (d, records[0])
        for d, records in readable
        if len(records) == 1 and defense.position_key(records[0]) in wanted
    ]
    found = [defense.puzzle_fields(record) for _d, record in positions]
    found += [
        defense.several_fields(records)
        for _d, records in readable
        if len(records) > 1 and "+".join(map(defense.position_key, records)) in wanted
    ]
    found += push_fold.push_fold_rows(game, None, positions)
    rows.update(
        (row["canonical_key"], row) for row in found if row and row["canonical_key"] in keys
    )
    return rows


def judge_again(puzzle: Puzzle, fresh: Mapping[str, Row]) -> Row | Retired:
    """Today's stored fields of ``puzzle`` (``fresh``: what its game mines to now), or why it
    is retired."""
    row = fresh.get(puzzle.canonical_key)
    if row is None:
        return Retired.NOT_CLEAR
    if row["analysis"].get("answer") != puzzle.analysis.get("answer"):
        return Retired.ANSWER_CHANGED
    return row


def regenerated(puzzle: Puzzle) -> dict[str, Row]:
    """What a generated puzzle's position makes today, by canonical key (nothing: not clear)."""
    candidate = generation.candidate_of(puzzle.kind, puzzle.hand, puzzle.context, puzzle.seed or 0)
    made = generation.evaluate(candidate)
    return {} if isinstance(made, generation.Rejected) else {made.canonical_key: made.fields()}


def stored_logs(log_ids: Iterable[str]) -> dict[str, Callable[[], Game]]:
    """Readers of the games the site holds (uploaded for mining or for a review), by log id."""
    wanted = set(log_ids)
    out: dict[str, Callable[[], Game]] = {}
    for model in (GameLog, GameReview):
        for log_id, name, text in model.objects.filter(log_id__in=wanted).values_list(
            "log_id", "name", "text"
        ):
            out.setdefault(log_id, partial(read_game, text, name))
    return out


def file_logs(folder: Path, log_ids: Iterable[str]) -> dict[str, Callable[[], Game]]:
    """Readers of the files in ``folder`` named after the wanted log ids (Tenhou ids)."""
    wanted = set(log_ids)
    out: dict[str, Callable[[], Game]] = {}
    for path in sorted(folder.iterdir()):
        found = TENHOU_ID.search(path.name)
        if found and found.group(0) in wanted and path.is_file():
            out.setdefault(found.group(0), partial(_read_file, path))
    return out


def _read_file(path: Path) -> Game:
    return read_game(path.read_text("utf-8"), path.name)


def recheck(
    puzzles: Iterable[Puzzle],
    logs: Path | None = None,
    *,
    dry_run: bool = False,
    max_games: int | None = None,
    progress: Callable[[str], None] = lambda _line: None,
) -> Rechecked:
    """Judge ``puzzles`` again and store the outcome (nothing with ``dry_run``), each stamped
    with today's judgment version. Mined ones are grouped by game, each game replayed once; its
    log comes from the site's stored games, else from ``logs``. With ``max_games``, the games
    past that many found are left for another run (:attr:`Rechecked.left`)."""
    done = Rechecked()
    by_game: dict[str, list[Puzzle]] = {}
    for puzzle in puzzles:
        if puzzle.source_log:
            by_game.setdefault(puzzle.source_log, []).append(puzzle)
        elif puzzle.kind in generation.KINDS:
            try:
                made = regenerated(puzzle)
            except (ValueError, TypeError, AttributeError) as exc:  # a position stored malformed
                done.errors.append(f"puzzle {puzzle.pk}: {exc}")
                continue
            _store(puzzle, judge_again(puzzle, made), done, dry_run)
    readers = file_logs(logs, by_game) if logs else {}
    readers.update(stored_logs(by_game))
    replayed = 0
    for n, (log_id, group) in enumerate(sorted(by_game.items()), 1):
        reader = readers.get(log_id)
        if reader is None:
            done.no_log += len(group)
            continue
        if max_games is not None and replayed >= max_games:
            done.left += len(group)
            continue
        replayed += 1
        try:
            fresh = fresh_rows(reader(), {p.canonical_key for p in group})
        except (GameLogError, OSError, UnicodeDecodeError) as exc:
            done.errors.append(f"{log_id}: {exc}")
            done.no_log += len(group)
            continue
        for puzzle in group:
            _store(puzzle, judge_again(puzzle, fresh), done, dry_run)
        progress(f"{n}/{len(by_game)} {log_id}: {len(group)} puzzles")
    return done


def _store(puzzle: Puzzle, outcome: Row | Retired, done: Rechecked, dry_run: bool) -> None:
    rows = Puzzle.objects.filter(pk=puzzle.pk)
    stamp = {"judged_with": judgment.VERSION}
    if isinstance(outcome, Retired):
        done.retired[outcome] += 1
        if not dry_run:
            rows.update(retired=timezone.now(), retired_reason=outcome, **stamp)
    elif _same(outcome["analysis"], puzzle.analysis):
        done.unchanged += 1
        if not dry_run:
            rows.update(**stamp)
    else:
        done.refreshed += 1
        if not dry_run:
            rows.update(analysis=outcome["analysis"], **stamp)


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def live_puzzles(kinds: Iterable[str] = ()) -> QuerySet[Puzzle]:
    """The puzzles to judge again: every one not yet retired (of ``kinds``, when given)."""
    chosen = Puzzle.objects.filter(retired=None).order_by("pk")
    return chosen.filter(kind__in=list(kinds)) if kinds else chosen


def stale_puzzles(kinds: Iterable[str] = ()) -> QuerySet[Puzzle]:
    """The live puzzles judged with an older judgment version than today's
    (:data:`tutor.engine.judgment.VERSION`): the ones a start or the periodic task rechecks."""
    return live_puzzles(kinds).filter(judged_with__lt=judgment.VERSION)
