"""``python -m tutor.engine.scoring``: the same as ``python -m tutor.engine score``."""

import sys

from .cli import score_command

sys.exit(score_command())
