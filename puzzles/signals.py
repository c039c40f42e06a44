"""Signals other apps listen to (the classes app counts assigned puzzles with it).

``puzzle_attempted`` is sent once per answer by a logged-in player, after the attempt is
committed, with the keyword arguments ``user``, ``puzzle_id``, ``correct``, ``first`` (whether it
was the player's first, rated, attempt at that puzzle) and ``seconds`` (float, or ``None`` when
the time is unknown). The sender is the :class:`~puzzles.models.PuzzleAttempt` class.
"""

from django.dispatch import Signal

puzzle_attempted = Signal()
