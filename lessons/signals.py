"""Signals other apps listen to (the classes app tracks assignments with them).

``step_answered`` is sent whenever a signed-in learner answers a step (an explanation step's
*Continue* counts as a correct answer) with ``user``, ``stage_slug``, ``step_key``,
``correct: bool`` and ``seconds: float | None`` (time since the step was shown).
``stage_completed`` is sent once, when a signed-in learner finishes every step of a stage, with
``user``, ``stage_slug`` and ``stars`` (1–3).
"""

from django.dispatch import Signal

step_answered = Signal()
stage_completed = Signal()
