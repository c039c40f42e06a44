"""Writes of the puzzle miner: a job of game logs, one task per game, puzzles stored idempotently.

A :class:`~puzzles.models.MiningJob` holds one :class:`~puzzles.models.GameLog` per game. The
task of a game (:func:`run_game_log`) replays and judges it outside any transaction (the slow
part), then stores its puzzles and marks itself done in one transaction: a task whose worker
dies leaves nothing behind and runs again. A puzzle is unique by (game, round, seat, turn), so
mining a game again, in the same job or another, stores nothing twice.

Uploads are checked before anything is saved (:func:`read_upload`): a file too large, not a
game log, or a game that contradicts itself is refused with a message naming the round and the
tag or event, and no job is created.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tutor.engine.gamelog.events import GameLogError
from tutor.engine.gamelog.read import read_game
from tutor.engine.gamelog.replay import replay_game

from . import defense_mining, mining
from .models import BatchStatus, ChunkStatus, GameLog, MiningJob, Puzzle, PuzzleKind
from .services import NOT_STARTED, store_rows


class UploadError(ValueError):
    """An uploaded game log that cannot be mined; the message says why, for staff."""


@dataclass(frozen=True)
class LogFile:
    """A game log read into memory: its file name and text."""

    name: str
    text: str


def too_large(name: str) -> UploadError:
    """The refusal of a log file larger than :data:`~puzzles.mining.MAX_LOG_BYTES` (a form
    says it before reading the upload)."""
    return UploadError(
        _("%(name)s is too large: a game log may have at most %(kb)d kB.")
        % {"name": name, "kb": mining.MAX_LOG_BYTES // 1024}
    )


def decode_log(name: str, data: bytes) -> LogFile:
    """The text of a log file's bytes (gunzipped when it is gzip), or :class:`UploadError`."""
    if len(data) > mining.MAX_LOG_BYTES:
        raise too_large(name)
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as exc:
            raise UploadError(_("%(name)s is not a readable gzip file.") % {"name": name}) from exc
        if len(data) > 4 * mining.MAX_LOG_BYTES:
            raise UploadError(_("%(name)s is too large once unpacked.") % {"name": name})
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UploadError(
            _("%(name)s is not a text file (mjlog XML or tenhou.net/6 JSON).") % {"name": name}
        ) from exc
    return LogFile(name, text)


def read_upload(name: str, data: bytes) -> LogFile:
    """Decode and check one uploaded log: it must read and replay without contradiction.

    Raises :class:`UploadError` with the reader's message (which names the round and the tag or
    event) when it cannot.
    """
    log_file = decode_log(name, data)
    try:
        replay_game(read_game(log_file.text, name), decisions=False)
    except GameLogError as exc:
        raise UploadError(
            _("%(name)s cannot be mined: %(error)s") % {"name": name, "error": str(exc)}
        ) from exc
    return log_file


# --- requesting a job --------------------------------------------------------------------------


def request_mining(
    files: Sequence[LogFile], *, user: User | AnonymousUser | None = None
) -> MiningJob:
    """Create a job with one game per file; nothing is queued.

    The caller queues the games once its transaction commits
    (``transaction.on_commit(partial(tasks.dispatch_mining, job.pk))``) or runs them here
    (:func:`run_game_log`).
    """
    with transaction.atomic():
        job = MiningJob.objects.create(
            games_total=len(files), requested_by=user if isinstance(user, User) else None
        )
        GameLog.objects.bulk_create(GameLog(job=job, name=f.name[:200], text=f.text) for f in files)
    return job


def games_to_queue(job_id: int) -> list[int]:
    """The games of a job not yet run."""
    games = GameLog.objects.filter(job_id=job_id, status=ChunkStatus.PENDING)
    return list(games.values_list("pk", flat=True))


def mark_job_queued(job_id: int, queued: bool) -> None:
    """Record that the games of a job were queued, or (``queued`` false) that the broker could
    not be reached and the job waits to be queued again."""
    if queued:
        MiningJob.objects.filter(
            pk=job_id, status__in=[BatchStatus.PENDING, BatchStatus.UNAVAILABLE]
        ).update(status=BatchStatus.QUEUED)
    else:
        MiningJob.objects.filter(pk=job_id).exclude(status=BatchStatus.DONE).update(
            status=BatchStatus.UNAVAILABLE
        )


# --- running a game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameResult:
    decisions: int
    created: int
    duplicates: int
    agreed: int
    error: str = ""
    already_done: bool = False

    @classmethod
    def of_finished(cls, game: GameLog) -> GameResult:
        """What a game already done or failed found (a task delivered again does nothing)."""
        return cls(game.decisions, game.created_count, 0, game.agreed, game.error, True)


def _finish_job_if_done(job_id: int) -> None:
    MiningJob.objects.filter(
        pk=job_id, games_total__lte=F("games_done") + F("games_failed")
    ).exclude(status__in=[BatchStatus.DONE, BatchStatus.FAILED]).update(
        status=BatchStatus.DONE, finished=timezone.now()
    )


def fail_game_log(game_log_id: int, message: str) -> GameResult:
    """Mark a pending game failed with ``message`` (it stores no puzzle)."""
    with transaction.atomic():
        game = GameLog.objects.select_for_update().get(pk=game_log_id)
        if game.status != ChunkStatus.PENDING:
            return GameResult.of_finished(game)
        game.status = ChunkStatus.FAILED
        game.error = message
        game.finished = timezone.now()
        game.save()
        MiningJob.objects.filter(pk=game.job_id).update(games_failed=F("games_failed") + 1)
        _finish_job_if_done(game.job_id)
    return GameResult(0, 0, 0, 0, message)


def run_game_log(game_log_id: int) -> GameResult | None:
    """Mine one game of a job and store its puzzles; idempotent (a game done does nothing).

    A log that cannot be read or replayed marks the game failed with the reader's message and
    stores no puzzle. Returns None when the game no longer exists.
    """
    game = GameLog.objects.filter(pk=game_log_id).first()
    if game is None:
        return None
    if game.status != ChunkStatus.PENDING:
        return GameResult.of_finished(game)
    MiningJob.objects.filter(pk=game.job_id, status__in=NOT_STARTED).update(
        status=BatchStatus.RUNNING
    )
    try:
        played = read_game(game.text, game.name)
        mined = mining.mine_game(played)
        # the positions facing one riichi make defense puzzles too
        defended = defense_mining.defense_rows(played)
    except GameLogError as exc:
        return fail_game_log(game.pk, f"{game.name}: {exc}")
    with transaction.atomic():
        game = GameLog.objects.select_for_update().get(pk=game_log_id)
        if game.status != ChunkStatus.PENDING:
            return GameResult.of_finished(game)
        rows = [
            {
                **g.fields(),
                "source_log": d.log_id,
                "source_round": d.round_seq,
                "source_seat": d.seat,
                "source_turn": d.turn,
            }
            for d, g in mined.puzzles
        ]
        stored = store_rows(rows, Q(mining_job_id=game.job_id), mining_job_id=game.job_id)
        created = len(stored) + len(store_rows(defended, mining_job_id=game.job_id))
        duplicates = len(mined.puzzles) + len(defended) - created
        agreed = sum(
            1 for _d, g in mined.puzzles if g.canonical_key in stored and g.analysis["agrees"]
        )
        game.status = ChunkStatus.DONE
        game.log_id = mined.log_id[:80]
        game.decisions = mined.decisions
        game.created_count = created
        game.agreed = agreed
        game.finished = timezone.now()
        game.save()
        MiningJob.objects.filter(pk=game.job_id).update(
            games_done=F("games_done") + 1,
            decisions=F("decisions") + mined.decisions,
            created_count=F("created_count") + created,
            duplicates=F("duplicates") + duplicates,
            agreed=F("agreed") + agreed,
        )
        _finish_job_if_done(game.job_id)
    return GameResult(mined.decisions, created, duplicates, agreed)


def run_job_here(job_id: int) -> MiningJob:
    """Mine every pending game of a job in this process (no worker needed)."""
    for pk in games_to_queue(job_id):
        run_game_log(pk)
    return MiningJob.objects.get(pk=job_id)


def read_paths(paths: Iterable[str | Path]) -> tuple[list[LogFile], list[str]]:
    """Read log files from disk: the readable ones, and a message for each that is not."""
    files: list[LogFile] = []
    errors: list[str] = []
    for path in paths:
        p = Path(path)
        try:
            files.append(decode_log(str(p), p.read_bytes()))
        except OSError as exc:
            errors.append(f"{p}: cannot read it: {exc.strerror}")
        except UploadError as exc:
            errors.append(str(exc))
    return files, errors


# --- a fixture of mined puzzles -----------------------------------------------------------------

SHARED_LOGS = Path(settings.BASE_DIR).parent / "shared" / "reference" / "tenhou_logs"
"""The shared Phoenix games the fixtures below were mined from (there on a development machine,
not on a deployed site): where a puzzle of a fixture is judged again from."""


FIXTURE = Path(__file__).resolve().parent / "fixtures" / "real_game_puzzles.jsonl"
"""Puzzles mined from a few of the shared Phoenix games, loaded by ``ensure_puzzles`` so that a
fresh site serves real-game puzzles at once (written by ``mine_puzzles --fixture PATH
--fixture-size 80`` on the first 60 games: a game gives about 75 what-to-discard puzzles, so
the fixture keeps a spread of them, :func:`spread`; since then judged again with the current
engine, which left 68 clear)."""

_FIXTURE_FIELDS = (
    "kind",
    "hand",
    "context",
    "analysis",
    "difficulty",
    "rating",
    "canonical_key",
    "source_log",
    "source_round",
    "source_seat",
    "source_turn",
)


def spread(puzzles: Iterable[Puzzle], size: int) -> list[Puzzle]:
    """``size`` of the what-to-discard ``puzzles`` spread over their games: one from every game,
    then a second from every game, and so on; within a game, in the order of a hash of each
    puzzle's key (stable from run to run, unrelated to the hand's strength); returned in the
    order given.

    >>> class P:
    ...     def __init__(self, game, key):
    ...         self.kind, self.source_log, self.canonical_key = "discard", game, key
    >>> picked = spread([P("a", "1"), P("a", "2"), P("a", "3"), P("b", "4")], 3)
    >>> [p.source_log for p in picked]
    ['a', 'a', 'b']
    """
    discards = [p for p in puzzles if p.kind == PuzzleKind.DISCARD]
    keys = [hashlib.sha1(p.canonical_key.encode()).hexdigest() for p in discards]
    place: dict[int, int] = {}  # each puzzle's place within its game, by key
    seen: dict[str, int] = {}
    for i in sorted(range(len(discards)), key=keys.__getitem__):
        game = discards[i].source_log
        place[i] = seen[game] = seen.get(game, -1) + 1
    picked = sorted(range(len(discards)), key=lambda i: (place[i], keys[i]))[:size]
    return [discards[i] for i in sorted(picked)]


def write_rows(rows: Iterable[Mapping[str, Any]], path: Path) -> int:
    """Write puzzles given as rows of their fields (theme slugs as ``themes``) as JSON lines, a
    fixture :func:`load_fixture` reads; returns how many."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n" for row in rows]
    path.write_text("".join(lines), encoding="utf-8")
    return len(lines)


def write_fixture(puzzles: Iterable[Puzzle], path: Path) -> int:
    """Write stored puzzles as JSON lines (fields and theme slugs); returns how many."""

    def row(p: Puzzle) -> dict[str, Any]:
        themes = sorted(t.slug for t in p.themes.all())
        return {**{name: getattr(p, name) for name in _FIXTURE_FIELDS}, "themes": themes}

    return write_rows(map(row, puzzles), path)


def load_fixture(path: Path = FIXTURE) -> int:
    """Store the puzzles of a fixture that are not stored yet; returns how many were new."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    with transaction.atomic():
        # A fixture written before the facts' current version is stored upgraded.
        return len(store_rows(rows))
