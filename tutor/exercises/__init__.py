"""Exercise types: each reads a position from a content file, asks the engine for the answer,
reads a learner's answer from a form and says whether it is right and why.

An exercise type is a class registered in :data:`TYPES` under its ``type`` name. It is built
from the position fields of a content file (``exercise(data)``) and offers:

* ``solutions()`` — every answer the engine accepts, in canonical form (the content check
  demands exactly one);
* ``read(post)`` — the learner's answer from the submitted form, canonical, or
  :class:`AnswerError` for input no honest form can send (tampering: a 400);
* ``check(answer)`` — a :class:`Verdict`: right or wrong, with reasons built from the engine's
  results;
* ``widget(answer)`` — what the template draws and how the learner answers.

No answer is stored anywhere: ``solutions()`` is computed from the position each time.
"""

from . import (  # noqa: F401 - each module registers its types
    calls,
    defense,
    hands,
    scoring,
    settlement,
    tiles,
    wall,
)
from .base import (
    SEATS,
    TYPES,
    AnswerError,
    ContentError,
    EmptyAnswer,
    Exercise,
    Verdict,
    Widget,
    exercise,
    with_position,
)
from .wall import wall_figure

__all__ = [
    "SEATS",
    "TYPES",
    "AnswerError",
    "ContentError",
    "EmptyAnswer",
    "Exercise",
    "Verdict",
    "Widget",
    "exercise",
    "wall_figure",
    "with_position",
]
