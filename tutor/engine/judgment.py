"""The version of the engine's judgment: what it calls best, clear, safest or a mistake.

The site stores what the engine judged: a puzzle keeps its answer and figures, a game review
its big mistakes and the points given away. When the engine's judgment improves, those stored
verdicts are stale, and a learner could be marked wrong by a rule the engine no longer holds.
Each stored puzzle and review records the :data:`VERSION` it was judged with; the site judges
again those judged with an older one (``puzzles.recheck``, ``reviews.services.rejudge_review``:
on ``manage.py load_demo``, so on ``make run``, and by the periodic tasks a worker runs).

Bump :data:`VERSION` (and say why in :data:`HISTORY`) with any change that can change a
verdict: a clear rule, a ranking, the danger model's data, push or fold's constants.
``tests/engine/test_judgment_version.py`` holds a digest of the verdicts on a fixed set of
positions for the current version and fails when they change while the version stays the same.

>>> VERSION == max(HISTORY)
True
"""

from __future__ import annotations

__all__ = ["VERSION", "HISTORY", "current"]

HISTORY: dict[int, str] = {
    1: (
        "Everything judged before versions were stored: a clear answer leads by 20 points or 3 %, "
        "a thin tenpai is not clear when a step back shows more, the review shows the danger "
        "against two riichi and claims no loss there."
    ),
    2: (
        "The game review calls a push against two riichi deal-in prone, a big mistake, when it "
        "leaves the hand short of tenpai with a tile 5 points more likely to deal in than the "
        "safest, and the safest was under 1 % (push_fold.deal_in_prone_against_several); a "
        "deal-in-prone pick no longer counts as agreeing with the engine when it tops the value "
        "ranking."
    ),
}
"""What changed the verdicts at each version."""

VERSION = 2
"""The judgment the engine makes today."""


def current() -> int:
    """:data:`VERSION`, read when called (a default for stored rows that follows a bump).

    >>> current() == VERSION
    True
    """
    return VERSION
