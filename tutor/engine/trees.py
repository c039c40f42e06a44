"""Boosted regression trees flattened into node arrays, summed with numpy.

The fitting scripts (``scripts/fit_defense.py``, ``scripts/fit_discard_prefs.py``) export
LightGBM's trees in this shape; the engine only evaluates them, so it needs neither LightGBM
nor anything beyond numpy.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["Trees", "flatten_lightgbm"]


@dataclass(frozen=True)
class Trees:
    """Trees as node arrays: a node sends a row to ``left`` when its feature is
    ``<= threshold``, else to ``right``; a leaf points to itself, so ``depth`` steps from the
    ``roots`` reach every leaf, whose ``value`` the trees sum.

    >>> t = Trees.from_json({"roots": [0], "depth": 1, "nodes": {"feature": [0, 0, 0],
    ...     "threshold": [0.5, 0, 0], "left": [1, 1, 2], "right": [2, 1, 2],
    ...     "value": [0, -1.0, 2.0]}})
    >>> t.raw(np.array([[0.0], [1.0]])).tolist()
    [-1.0, 2.0]
    """

    feature: npt.NDArray[np.int64]
    threshold: npt.NDArray[np.float64]
    left: npt.NDArray[np.int64]
    right: npt.NDArray[np.int64]
    value: npt.NDArray[np.float64]
    roots: npt.NDArray[np.int64]
    depth: int

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Trees:
        """Read ``{"roots": [...], "depth": n, "nodes": {"feature": [...], ...}}``."""
        nodes = data["nodes"]
        return cls(
            feature=np.asarray(nodes["feature"], dtype=np.int64),
            threshold=np.asarray(nodes["threshold"], dtype=np.float64),
            left=np.asarray(nodes["left"], dtype=np.int64),
            right=np.asarray(nodes["right"], dtype=np.int64),
            value=np.asarray(nodes["value"], dtype=np.float64),
            roots=np.asarray(data["roots"], dtype=np.int64),
            depth=int(data["depth"]),
        )

    def raw(self, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        """The trees' summed leaf values for each row of ``x``."""
        rows = np.arange(len(x))[:, None]
        node = np.broadcast_to(self.roots, (len(x), len(self.roots))).copy()
        for _ in range(self.depth):
            go_left = x[rows, self.feature[node]] <= self.threshold[node]
            node = np.where(go_left, self.left[node], self.right[node])
        total: npt.NDArray[np.float64] = self.value[node].sum(axis=1)
        return total


def flatten_lightgbm(tree_info: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The ``roots``, ``depth`` and ``nodes`` of :class:`Trees` from the ``tree_info`` of a
    LightGBM ``Booster.dump_model()`` (numerical ``<=`` splits only).

    >>> flat = flatten_lightgbm([{"tree_structure": {"decision_type": "<=", "split_feature": 0,
    ...     "threshold": 0.5, "left_child": {"leaf_value": -1.0},
    ...     "right_child": {"leaf_value": 2.0}}}])
    >>> flat["roots"], flat["depth"], flat["nodes"]["left"]
    ([0], 1, [1, 1, 2])
    """
    feature: list[int] = []
    threshold: list[float] = []
    left: list[int] = []
    right: list[int] = []
    value: list[float] = []
    roots: list[int] = []
    depth = 0

    def add(node: Mapping[str, Any], level: int) -> int:
        nonlocal depth
        me = len(feature)
        feature.append(0)
        threshold.append(0.0)
        left.append(me)
        right.append(me)
        value.append(0.0)
        if "leaf_value" in node:
            value[me] = float(node["leaf_value"])
            depth = max(depth, level)
            return me
        if node["decision_type"] != "<=":
            raise ValueError(f"unexpected split {node['decision_type']}")
        feature[me] = int(node["split_feature"])
        threshold[me] = float(node["threshold"])
        left[me] = add(node["left_child"], level + 1)
        right[me] = add(node["right_child"], level + 1)
        return me

    for tree in tree_info:
        roots.append(add(tree["tree_structure"], 0))
    return {
        "roots": roots,
        "depth": depth,
        "nodes": {
            "feature": feature,
            "threshold": threshold,
            "left": left,
            "right": right,
            "value": [round(v, 7) for v in value],
        },
    }
