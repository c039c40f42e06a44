"""What a near miss is, as data: the leaf the scoring modules share.

:class:`NearMiss` (a yaku the hand lacks and why), :class:`SplitShape` (what near misses are
computed from), :data:`YAKU_KEY` and :data:`NEAR_MISS_CODES`. This module imports nothing from
the rest of scoring, so :mod:`~tutor.engine.scoring.situation` can name ``NearMiss`` in
:class:`~tutor.engine.scoring.situation.NoYakuError` while
:mod:`~tutor.engine.scoring.near_miss` (which computes them) imports the situation.

>>> str(NearMiss("pinfu", "the wait is closed (kanchan)"))
'pinfu: the wait is closed (kanchan)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["NEAR_MISS_CODES", "YAKU_KEY", "NearMiss", "SplitShape"]

YAKU_KEY = {
    "pinfu": "pinfu",
    "tanyao": "tanyao",
    "menzen tsumo": "menzen_tsumo",
    "sanshoku": "sanshoku_doujun",
    "ittsu": "ittsu",
    "yakuhai": "yakuhai",
    "chiitoitsu": "chiitoitsu",
    "iipeikou": "iipeikou",
    "toitoi": "toitoi",
    "honitsu": "honitsu",
}
"""The stable key of each yaku a near miss can name (``yakuhai`` stands for every value-tile
yaku; the others are keys of :data:`~tutor.engine.scoring.score.YAKU_KEYS`)."""

NEAR_MISS_CODES: dict[str, frozenset[str]] = {
    "open_hand": frozenset(),
    "seven_pairs_no_sequences": frozenset(),
    "orphans_no_sequences": frozenset(),
    "holds_set": frozenset({"tile"}),
    "value_pair": frozenset({"tile"}),
    "wait_not_two_sided": frozenset({"shape"}),
    "holds_outside_tiles": frozenset({"tiles", "count"}),
    "open_tanyao_not_allowed": frozenset({"rules"}),
    "won_by_ron": frozenset(),
    "no_sequences": frozenset(),
    "missing_sequence": frozenset({"tiles"}),
    "no_sequence_in_two_suits": frozenset(),
    "no_two_of_straight": frozenset(),
    "pair_not_set": frozenset({"tile"}),
    "no_value_set": frozenset(),
    "has_calls": frozenset(),
    "too_few_pairs": frozenset({"count"}),
    "worth_more_as_sets": frozenset(),
    "no_identical_sequences": frozenset(),
    "seven_pairs_are_pairs": frozenset(),
    "holds_sequence": frozenset({"tiles"}),
    "two_suits": frozenset({"suits"}),
    "three_suits": frozenset(),
}
"""Every :attr:`NearMiss.code` with the :attr:`NearMiss.params` it carries.

``tile`` is one tile in notation (``2s``, ``7z``); ``tiles`` a sequence (``234s``) or, for
``holds_outside_tiles``, up to three tiles separated by commas (``1m,9p,9s``); ``shape`` a
:class:`~tutor.engine.waits.WaitShape` value; ``suits`` two suit letters separated by a comma
(``m,p``); ``count`` a number; ``rules`` the preset's name.
"""


@dataclass(frozen=True, slots=True)
class SplitShape:
    """A split of a hand as plain tile kinds: what near misses are computed from.

    ``groups`` is empty for thirteen orphans; ``called`` marks the groups shown open.
    """

    groups: tuple[tuple[int, ...], ...]
    called: tuple[bool, ...]
    win_group: tuple[int, ...]
    wait: str
    tiles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NearMiss:
    """A yaku the hand does not have, and the reason in a learner's words.

    ``code`` and ``params`` give the reason as data (see :data:`NEAR_MISS_CODES`), ``key`` the
    yaku's stable key.

    >>> str(NearMiss("tanyao", "holds 9p"))
    'tanyao: holds 9p'
    >>> m = NearMiss("sanshoku", "missing 234s", "missing_sequence", {"tiles": "234s"})
    >>> m.key, m.code, m.params["tiles"]
    ('sanshoku_doujun', 'missing_sequence', '234s')
    """

    yaku: str
    reason: str
    code: str = ""
    params: Mapping[str, str | int] = field(default_factory=dict, compare=False)

    @property
    def key(self) -> str:
        """The stable key of the yaku this near miss is about."""
        return YAKU_KEY.get(self.yaku, self.yaku.replace(" ", "_"))

    def __str__(self) -> str:
        return f"{self.yaku}: {self.reason}"
