"""Loads whatever demo content the apps provide, so a fresh `make run` has something to do.

Each app that has content to load names a management command in DEMO_COMMANDS below; every
command must be idempotent (running it twice changes nothing the second time).
"""

from django.core.management import call_command, get_commands
from django.core.management.base import BaseCommand

DEMO_COMMANDS = [
    "load_lessons",  # lessons: the curriculum files
    "ensure_puzzles",  # puzzles: a starter set and today's daily puzzle
]


class Command(BaseCommand):
    help = "Load the curriculum and a starter set of puzzles (idempotent)."

    def handle(self, *args: object, **options: object) -> None:
        available = get_commands()
        for name in DEMO_COMMANDS:
            if name in available:
                self.stdout.write(f"== {name}")
                call_command(name)
            else:
                self.stdout.write(f"== {name}: not available yet, skipped")
