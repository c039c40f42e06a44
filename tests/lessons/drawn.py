"""The positions the lesson families draw and their right answers, computed once per session.

Several test modules walk the same seeds of the same family steps: every drawn position has
exactly one answer (``test_fresh_positions``), every drawn yaku hand has the yaku its step
teaches (``test_yaku_families``), the example just shown is never drawn, a ron claimant
completes the hand. A draw is a pure function of the step's data and the seed, and drawing and
solving the 200 seeds of every family step is most of what those modules cost, so they share
one draw and one solution per step and seed instead of each paying for its own. Each caller
gets its own copy of the drawn data.

>>> data = {"type": "waits", "family": "two_sided_wait"}
>>> position(data, 3) == position(data, 3) and position(data, 3) is not position(data, 3)
True
>>> len(solutions(data, 3))
1
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Mapping
from typing import Any

from tutor.exercises import exercise, with_position

_DATA: dict[str, Mapping[str, Any]] = {}


def _key(data: Mapping[str, Any]) -> str:
    key = json.dumps(data, sort_keys=True, default=str)
    _DATA.setdefault(key, copy.deepcopy(data))
    return key


@functools.cache
def _position(key: str, seed: int) -> dict[str, Any]:
    return with_position(_DATA[key], seed)


@functools.cache
def _solutions(key: str, seed: int) -> frozenset[Any]:
    return frozenset(exercise(copy.deepcopy(_position(key, seed))).solutions())


def position(data: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """``with_position(data, seed)``, drawn once per session."""
    return copy.deepcopy(_position(_key(data), seed))


def solutions(data: Mapping[str, Any], seed: int) -> set[Any]:
    """``exercise(with_position(data, seed)).solutions()``, solved once per session."""
    return set(_solutions(_key(data), seed))
