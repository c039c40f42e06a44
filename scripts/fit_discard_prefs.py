"""Fit the discard preference weights on the shared Phoenix games and write their data file.

    .venv/bin/python scripts/fit_discard_prefs.py            # writes tutor/engine/data/discard_prefs.json
    .venv/bin/python scripts/fit_discard_prefs.py --every 3  # a third of the decisions, faster

Decisions come from replaying ``../shared/reference/tenhou_logs/`` (363 games) with
:mod:`tutor.engine.gamelog`; kept are those the issue measures on: a closed hand, nobody in
riichi, and no discard leaving the hand tenpai. Each decision is ranked by
:func:`tutor.engine.value.rank_discards`; every candidate discard gets the features of
:func:`tutor.engine.value.candidate_features` (expected score, win and tenpai rates, shanten,
uke-ire and 2-step relative to the best candidate, and what the tile is: isolated honor or
terminal, value honor, dora, red five, a pair, how many copies are in view...).

A conditional logit (one softmax over the candidates of each decision, L2-penalised, fitted by
Newton's method with numpy) learns how much each feature weighs in the Phoenix players' choice.
:func:`cross_validate` splits the decisions **by game** into folds and measures the top-1
agreement of the weights fitted on the other folds, so the figure is never in-sample.
``bench/bench_ranking.py`` imports :func:`collect`, :func:`fit` and :func:`cross_validate`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.analysis import discard_analysis  # noqa: E402
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.gamelog.replay import replay_game  # noqa: E402
from tutor.engine.tiles import parse_tile  # noqa: E402
from tutor.engine.value import (  # noqa: E402
    RankedDiscard,
    TableContext,
    candidate_features,
    decision_from_json,
    has_top_value,
    is_clear,
    rank_discards,
)

LOGS = ROOT.parent / "shared" / "reference" / "tenhou_logs"
OUT = ROOT / "tutor" / "engine" / "data" / "discard_prefs.json"
FOLDS = 5
L2 = 1.0


@dataclass
class Sample:
    """One kept decision: its candidates' features, which one the player chose, and figures."""

    game: str
    features: list[dict[str, float]]
    chosen: int
    efficiency_first: bool
    ev_first: bool
    rows: list[RankedDiscard]
    shanten: int
    seconds: float
    hand: tuple[int, ...] = ()
    context: TableContext | None = None
    decision: dict[str, object] = field(default_factory=dict)


@dataclass
class Dataset:
    """Every kept decision, and how many decisions were read and skipped."""

    samples: list[Sample] = field(default_factory=list)
    read: int = 0


def _keep(every: int, key: str) -> bool:
    if every <= 1:
        return True
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) % every == 0


def decisions(games: int | None = None) -> Iterator[dict[str, object]]:
    """The replayed decisions of the shared games, as ``replay`` JSON objects."""
    paths = sorted(LOGS.glob("*.xml"))
    if games is not None:
        paths = paths[:games]
    for path in paths:
        for d in replay_game(load_mjlog(path)).decisions:
            yield d.as_json()


def collect(games: int | None = None, every: int = 1) -> Dataset:
    """Rank the kept decisions (closed, nobody in riichi, not tenpai after the best discard)."""
    data = Dataset()
    for obj in decisions(games):
        data.read += 1
        if obj["melds"] or obj["riichi"]:
            continue
        key = f"{obj['log_id']}/{obj['round_seq']}/{obj['seat']}/{obj['turn']}"
        if not _keep(every, key):
            continue
        hand, ctx = decision_from_json(obj)
        table = discard_analysis(hand.concealed)
        if table[0].shanten <= 0:
            continue
        start = time.perf_counter()
        ranking = rank_discards(hand, ctx)
        seconds = time.perf_counter() - start
        rows = sorted(ranking.rows, key=lambda r: r.discard)
        kinds = [r.discard for r in rows]
        target = parse_tile(str(obj["discard"]))
        if target not in kinds:
            continue
        eff_first = table[0].discard == target
        ev_best = max(rows, key=lambda r: (r.ev, r.win_rate, -r.shanten, r.count))
        data.samples.append(
            Sample(
                game=str(obj["log_id"]),
                features=candidate_features(hand.concealed, rows, ctx),
                chosen=kinds.index(target),
                efficiency_first=eff_first,
                ev_first=ev_best.discard == target,
                rows=rows,
                shanten=table[0].shanten,
                seconds=seconds,
                hand=hand.concealed,
                context=ctx,
                decision={k: v for k, v in obj.items() if k != "rivers"},
            )
        )
    return data


def load_or_collect(cache: Path | None, games: int | None, every: int) -> Dataset:
    """:func:`collect`, or the pickle ``cache`` it left (features recomputed: they may have
    changed since)."""
    if cache is not None and cache.exists():
        data: Dataset = pickle.loads(cache.read_bytes())
        for s in data.samples:
            if s.context is not None:
                s.features = candidate_features(s.hand, s.rows, s.context)
        return data
    data = collect(games, every)
    if cache is not None:
        cache.write_bytes(pickle.dumps(data))
    return data


def _matrix(samples: list[Sample], names: list[str]) -> tuple[npt.NDArray[np.float64], ...]:
    x = np.array([[f[n] for n in names] for s in samples for f in s.features], dtype=np.float64)
    sizes = np.array([len(s.features) for s in samples])
    group = np.repeat(np.arange(len(samples)), sizes)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    y = np.zeros(len(x))
    y[starts + np.array([s.chosen for s in samples], dtype=np.int64)] = 1.0
    return x, group.astype(np.float64), y, starts.astype(np.float64)


def _probabilities(
    x: npt.NDArray[np.float64], group: npt.NDArray[np.intp], w: npt.NDArray[np.float64], n: int
) -> npt.NDArray[np.float64]:
    u = x @ w
    top = np.full(n, -np.inf)
    np.maximum.at(top, group, u)
    e = np.exp(u - top[group])
    total = np.bincount(group, weights=e, minlength=n)
    out: npt.NDArray[np.float64] = e / total[group]
    return out


def fit(samples: list[Sample], names: list[str], l2: float = L2) -> dict[str, float]:
    """Weights of the conditional logit over ``names`` (Newton's method, L2 penalty)."""
    x, groupf, y, _ = _matrix(samples, names)
    group = groupf.astype(np.intp)
    n = len(samples)
    w = np.zeros(len(names))
    for _ in range(30):
        p = _probabilities(x, group, w, n)
        grad = x.T @ (y - p) - l2 * w
        mean = np.zeros((n, len(names)))
        np.add.at(mean, group, p[:, None] * x)
        xc = x - mean[group]
        hess = (xc * p[:, None]).T @ xc + l2 * np.eye(len(names))
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-6:
            break
    return {k: float(v) for k, v in zip(names, w, strict=True)}


def order(sample: Sample, weights: dict[str, float]) -> list[int]:
    """Candidate indices best first under ``weights`` (expected score when there are none)."""
    if not weights:
        keys = [(-r.ev, -r.win_rate, r.shanten, -r.count) for r in sample.rows]
        return sorted(range(len(sample.rows)), key=lambda i: keys[i])
    scores = [sum(weights.get(k, 0.0) * v for k, v in f.items()) for f in sample.features]
    can_win = any(r.win_rate > 0 for r in sample.rows)
    # as the engine orders: a discard that can no longer win goes below those that can
    return sorted(
        range(len(scores)), key=lambda i: (can_win and sample.rows[i].win_rate <= 0, -scores[i])
    )


def fold_of(game: str) -> int:
    """The cross-validation fold of a game (a stable hash of its log id)."""
    return int(hashlib.sha1(game.encode()).hexdigest()[:8], 16) % FOLDS


@dataclass
class Result:
    """Out-of-fold figures: agreement, and agreement where the ranking says clear."""

    decisions: int
    agreed: int
    clear: int
    clear_agreed: int


def _scores(sample: Sample, weights: dict[str, float]) -> list[float]:
    return [sum(weights.get(k, 0.0) * v for k, v in f.items()) for f in sample.features]


def evaluate(
    samples: list[Sample],
    weights_by_fold: dict[int, dict[str, float]],
    gap_by_fold: dict[int, float] | None = None,
) -> Result:
    """Top-1 agreement and the clear rule, each sample ranked with its own fold's weights.

    With weights, clear is the lead in score of the first row (``gap_by_fold``); without, the
    engine's expected-score rule."""
    agreed = clear = clear_agreed = 0
    for s in samples:
        k = fold_of(s.game)
        weights = weights_by_fold.get(k, {})
        idx = order(s, weights)
        ok = idx[0] == s.chosen
        agreed += ok
        if weights:
            scores = _scores(s, weights)
            lead = scores[idx[0]] - max((scores[i] for i in idx[1:]), default=-1e9)
            is_clear_now = has_top_value([s.rows[i] for i in idx]) and lead >= (
                gap_by_fold or {}
            ).get(k, 1e9)
        else:
            is_clear_now = is_clear([s.rows[i] for i in idx], gap=0)
        if is_clear_now:
            clear += 1
            clear_agreed += ok
    return Result(len(samples), agreed, clear, clear_agreed)


def choose_gap(samples: list[Sample], weights: dict[str, float], aim: float = 0.9) -> float:
    """The smallest lead in score above which the players agree at least ``aim`` of the time
    with the first row on ``samples`` (counting at least 20 decisions)."""
    leads = []
    for s in samples:
        idx = order(s, weights)
        scores = _scores(s, weights)
        lead = scores[idx[0]] - max((scores[i] for i in idx[1:]), default=1e9)
        if not has_top_value([s.rows[i] for i in idx]):
            continue  # never clear, whatever the lead (see tutor.engine.value.is_clear)
        leads.append((lead, idx[0] == s.chosen))
    leads.sort(reverse=True)
    best = leads[0][0] + 1.0
    agreed = 0
    for i, (lead, ok) in enumerate(leads, start=1):
        agreed += ok
        if i >= 20 and agreed / i >= aim:
            best = lead
    return float(best)


def cross_validate(samples: list[Sample], names: list[str]) -> tuple[Result, dict[int, float]]:
    """Fit on four folds of games, measure on the fifth, for each fold in turn.

    The clear rule's lead in score is chosen on the four training folds too."""
    weights: dict[int, dict[str, float]] = {}
    gaps: dict[int, float] = {}
    for k in range(FOLDS):
        train = [s for s in samples if fold_of(s.game) != k]
        weights[k] = fit(train, names)
        gaps[k] = choose_gap(train, weights[k])
    return evaluate(samples, weights, gaps), gaps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--every", type=int, default=1, help="keep one decision in N")
    parser.add_argument("--cache", type=Path, help="pickle of the ranked decisions, reused")
    args = parser.parse_args()
    data = load_or_collect(args.cache, args.games, args.every)
    names = sorted(data.samples[0].features[0])
    result, _ = cross_validate(data.samples, names)
    weights = fit(data.samples, names)
    gap = choose_gap(data.samples, weights)
    print(
        f"{len(data.samples)} decisions; cross-validated top-1 "
        f"{result.agreed / result.decisions:.1%}"
    )
    OUT.write_text(
        json.dumps(
            {
                "about": "conditional-logit weights of tutor.engine.value.candidate_features, "
                "fitted by scripts/fit_discard_prefs.py on the shared Phoenix games",
                "decisions": len(data.samples),
                "cross_validated_top1": round(result.agreed / result.decisions, 4),
                "clear_score_gap": round(gap, 4),
                "weights": {k: round(v, 5) for k, v in sorted(weights.items())},
            },
            indent=2,
        )
        + "\n"
    )
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
