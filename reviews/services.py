"""Writes of game reviews: checking an upload, judging a game in a task, and turning the
player's mistakes into puzzles in their spaced-repetition queue.

An upload is read and replayed before anything is saved (:func:`check_upload`): a bad file
is refused with the reader's message (which round, which tag) and no review is created. The
task (:func:`run_review`) judges outside any transaction, counting its progress as it goes,
then writes every decision and the summary in one transaction; a review already done does
nothing, and the decisions are unique by (review, index), so running it twice is harmless.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from classes.services import locked_progress
from puzzles.models import Puzzle, PuzzleAttempt
from puzzles.services import store_rows
from puzzles.services_mining import UploadError, decode_log
from tutor.engine import judgment
from tutor.engine.gamelog.events import Game, GameLogError
from tutor.engine.gamelog.read import read_game
from tutor.engine.gamelog.replay import replay_game
from tutor.web.engine_text import gamelog_error_text

from .judge import (
    PUZZLE_FIELDS,
    JudgedDecision,
    judge_seat,
    judged_to_json,
    seat_decisions,
    seat_positions,
)
from .models import GameReview, ReviewedDecision, ReviewStatus

PROGRESS_EVERY = 4
"""Decisions judged between two progress writes."""


@dataclass(frozen=True)
class CheckedLog:
    """An upload that reads and replays: its name, text and game."""

    name: str
    text: str
    game: Game


def check_upload(name: str, data: bytes) -> CheckedLog:
    """Decode, read and replay an uploaded log, or raise :class:`UploadError` saying why
    (too large, not text, or the reader's message naming the round and the tag)."""
    log_file = decode_log(name, data)
    try:
        game = read_game(log_file.text, name)
        replay_game(game, decisions=False)
    except GameLogError as exc:
        raise UploadError(
            _("%(name)s: %(error)s") % {"name": name, "error": gamelog_error_text(exc)}
        ) from exc
    return CheckedLog(name, log_file.text, game)


def guess_seat(game: Game, player: str) -> int | None:
    """The seat of the player named ``player`` (ignoring case and spaces), or None."""
    wanted = player.strip().casefold()
    if not wanted:
        return None
    found = [i for i, name in enumerate(game.players) if name.strip().casefold() == wanted]
    return found[0] if len(found) == 1 else None


def create_review(
    owner: User, log: CheckedLog, seat: int, assignment_id: int | None = None
) -> GameReview:
    """Store a review of ``seat``; the caller queues its task once the row is committed
    (``tasks.judge_review.delay_on_commit(review.pk)``)."""
    return GameReview.objects.create(
        owner=owner,
        name=log.name[:200],
        log_id=log.game.log_id[:80],
        text=log.text,
        seat=seat,
        player=(log.game.players[seat] if seat < len(log.game.players) else "")[:100],
        assignment_id=assignment_id,
    )


def fail_review(review_id: int, message: str) -> None:
    GameReview.objects.filter(pk=review_id).exclude(status=ReviewStatus.DONE).update(
        status=ReviewStatus.FAILED, error=message[:2000], finished=timezone.now()
    )


def run_review(review_id: int) -> GameReview | None:
    """Judge every decision of the review's seat and store them; idempotent."""
    review = GameReview.objects.filter(pk=review_id).first()
    if review is None or review.status == ReviewStatus.DONE:
        return review
    try:
        game = read_game(review.text, review.name)
        decisions = seat_decisions(game, review.seat)
        positions = seat_positions(game, review.seat)
    except GameLogError as exc:
        fail_review(review_id, f"{review.name}: {exc}")
        return GameReview.objects.get(pk=review_id)
    GameReview.objects.filter(pk=review_id).update(
        status=ReviewStatus.RUNNING, total=len(decisions), done=0
    )
    judged = []
    for j in judge_seat(decisions, positions):
        judged.append(j)
        if len(judged) % PROGRESS_EVERY == 0:
            GameReview.objects.filter(pk=review_id).update(done=len(judged))
    return _store_judged(review_id, judged)


def rejudge_review(review_id: int) -> GameReview | None:
    """Judge a finished review again with today's engine (after a change to how it judges:
    ``manage.py rejudge_reviews``, and the periodic :func:`reviews.tasks.rejudge_stale_reviews`
    for those judged with an older :data:`tutor.engine.judgment.VERSION`). The review stays
    done and readable while it is judged; its decisions are then replaced and recounted in one
    transaction, and a review handed in for an assignment gets its score again. A log that no
    longer reads leaves the review as it was. The puzzles already queued from its mistakes stay
    queued."""
    review = GameReview.objects.filter(pk=review_id, status=ReviewStatus.DONE).first()
    if review is None:
        return None
    try:
        game = read_game(review.text, review.name)
        judged = list(
            judge_seat(seat_decisions(game, review.seat), seat_positions(game, review.seat))
        )
    except GameLogError:
        return review
    return _store_judged(review_id, judged, again=True)


def stale_reviews() -> QuerySet[GameReview]:
    """The finished reviews judged with an older judgment version than today's, oldest first."""
    return GameReview.objects.filter(
        status=ReviewStatus.DONE, judged_with__lt=judgment.VERSION
    ).order_by("pk")


def _store_judged(review_id: int, judged: list[JudgedDecision], again: bool = False) -> GameReview:
    with transaction.atomic():
        review = GameReview.objects.select_for_update().get(pk=review_id)
        if review.status == ReviewStatus.DONE and not again:
            return review
        ReviewedDecision.objects.filter(review=review).delete()
        ReviewedDecision.objects.bulk_create(
            ReviewedDecision(
                review=review,
                index=j.index,
                big_mistake=j.is_big_mistake,
                makes_puzzle=j.puzzle is not None,
                data=judged_to_json(j),
            )
            for j in judged
        )
        review.status = ReviewStatus.DONE
        review.total = review.done = len(judged)
        review.choices = sum(1 for j in judged if not j.forced)
        review.agreed = sum(1 for j in judged if j.agrees)
        review.big_mistakes = sum(1 for j in judged if j.is_big_mistake)
        review.missed_wins = sum(1 for j in judged if j.missed)
        review.loss = round(sum(j.loss for j in judged), 1)
        review.judged_with = judgment.VERSION
        review.finished = review.finished if again and review.finished else timezone.now()
        review.save()
        if review.assignment_id is not None:
            # Handed in for a class assignment: done, scored by the share of decisions where
            # the owner chose the engine's best discard.
            progress = locked_progress(review.assignment_id, review.owner)
            progress.score = round(100 * review.agreed / review.choices) if review.choices else 0
            progress.completed_at = progress.completed_at or review.finished
            progress.last_activity = review.finished
            progress.save()
    return review


def mistakes_to_puzzles(review: GameReview) -> int:
    """Add the review's clear mistakes to the owner's spaced-repetition queue; returns how many.

    Each decision the player got wrong where the engine's best answer is clear (see
    :func:`puzzles.mining.mine_decision`) becomes a real-game puzzle (or the one already mined
    from that decision) and the player's choice in the game is recorded as a missed, unrated
    attempt made a day ago: the puzzles app's review schedule then serves it now, and again
    after each interval until it is learnt.
    """
    marked = review.decisions.filter(makes_puzzle=True)
    wanted = [p for d in marked if (p := d.judged.puzzle) is not None]
    if not wanted:
        return 0
    with transaction.atomic():
        # A decision judged before the facts' current version: its puzzle is stored upgraded.
        source = ("source_log", "source_round", "source_seat", "source_turn")
        store_rows(
            {**{k: p[k] for k in PUZZLE_FIELDS}, **dict(zip(source, p["source"], strict=True))}
            for p in wanted
        )
        puzzles = Puzzle.objects.filter(canonical_key__in=[p["canonical_key"] for p in wanted])
        stored = dict(puzzles.values_list("canonical_key", "pk"))
        tried = PuzzleAttempt.objects.filter(user=review.owner, puzzle_id__in=stored.values())
        queued = set(tried.values_list("puzzle_id", flat=True))
        when = timezone.now() - dt.timedelta(days=1)
        attempts = [
            PuzzleAttempt(
                user=review.owner,
                puzzle_id=stored[p["canonical_key"]],
                answer=[p["analysis"].get("played", "")],
                correct=False,
            )
            for p in wanted
            if p["canonical_key"] in stored and stored[p["canonical_key"]] not in queued
        ]
        added = PuzzleAttempt.objects.bulk_create(attempts)
        # ``created`` is auto_now_add: date the miss back so the first review is due now.
        PuzzleAttempt.objects.filter(pk__in=[a.pk for a in added]).update(created=when)
    return len(added)
