"""Judge every finished game review again with today's engine.

``python manage.py rejudge_reviews`` replaces each done review's judged decisions (its big
mistakes, its agreement, the points given away) with today's, after a change to how the engine
judges; ``--dry-run`` only says how many there are; ``--stale`` judges only the reviews judged
with an older :data:`tutor.engine.judgment.VERSION` (``make run`` does that on every start). About 20 s of CPU a review, in this process.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from reviews import services
from reviews.models import GameReview, ReviewStatus


class Command(BaseCommand):
    help = "Judge every finished game review again with today's engine."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="count, change nothing")
        parser.add_argument(
            "--stale",
            action="store_true",
            help="only those judged with an older judgment version than today's",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        done = (
            services.stale_reviews()
            if options["stale"]
            else GameReview.objects.filter(status=ReviewStatus.DONE).order_by("pk")
        )
        rows = list(done.values_list("pk", "big_mistakes"))
        if options["dry_run"]:
            self.stdout.write(f"{len(rows)} finished reviews would be judged again")
            return
        before = after = 0
        for pk, mistakes in rows:
            review = services.rejudge_review(pk)
            before += mistakes
            after += review.big_mistakes if review is not None else 0
            if options["verbosity"] > 1 and review is not None:
                self.stdout.write(f"review {pk}: {mistakes} → {review.big_mistakes} big mistakes")
        self.stdout.write(
            f"{len(rows)} reviews judged again: {before} big mistakes before, {after} now"
        )
