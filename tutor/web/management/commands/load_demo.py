"""Loads whatever demo content the apps provide, so a fresh `make run` has something to do.

Each app that has content to load names a management command (and its arguments) in
DEMO_COMMANDS below; every command must be idempotent (running it twice changes nothing the
second time).
"""

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand

DEMO_COMMANDS: list[tuple[str, ...]] = [
    ("load_lessons",),  # lessons: the curriculum files
    ("ensure_puzzles",),  # puzzles: a starter set, stale verdicts judged again, the daily puzzle
    ("rejudge_reviews", "--stale"),  # reviews: those an older engine judged
]


class Command(BaseCommand):
    help = "Load the curriculum and a starter set of puzzles (idempotent)."

    def handle(self, *args: object, **options: object) -> None:
        available = get_commands()
        for name, *arguments in DEMO_COMMANDS:
            if name in available:
                self.stdout.write(f"== {name}")
                call_command(name, *arguments)
            else:
                self.stdout.write(f"== {name}: not available yet, skipped")
