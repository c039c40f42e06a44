"""Fit the defense danger model on the shared decisions and write its data file.

    .venv/bin/pip install -e '.[fit]'        # lightgbm and scikit-learn, for fitting only
    .venv/bin/python scripts/fit_defense.py  # writes tutor/engine/data/defense_model.json

Every (decision, candidate kind) pair of ``defense_decisions.jsonl.gz`` is a row: the features of
:func:`tutor.engine.defense.features`, labelled 1 when the kind is one of the riichi player's
waits. First the weights of the wait-shape evidence (theta, see
:func:`tutor.engine.defense.shape_table`) are fitted by maximum likelihood, which gives the
trees their strongest feature; then a logistic fit on log(share) gives the base log-odds, and
gradient-boosted trees (LightGBM, fixed seed, one thread, deterministic) correct it on all rows
with a log-loss objective. Their out-of-fold probabilities are already calibrated (see the
expected calibration error printed by ``bench/bench_defense.py``), so no calibration layer is
stacked on them. The engine reads the file with numpy alone.

``bench/bench_defense.py`` imports :func:`load_rows` and :func:`cross_validate` from here to
measure the model by game-split cross-validation.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.defense import (  # noqa: E402
    FEATURE_NAMES,
    SHAPE_COVER,
    SHAPE_EVIDENCE,
    SHARE_CONTEXT,
    DefenseState,
    features,
    shape_share,
    shape_table,
    share_context,
)
from tutor.engine.tiles import parse_tile  # noqa: E402
from tutor.engine.trees import flatten_lightgbm  # noqa: E402

DATA = ROOT.parent / "shared" / "reference" / "defense_decisions.jsonl.gz"
OUT = ROOT / "tutor" / "engine" / "data" / "defense_model.json"
SEED = 20261201
FOLDS = 5
# Small, strongly regularised trees and few rounds, started from the logistic fit on the shape
# share: the decisions of one riichi share its hand, so deeper trees or more rounds learn single
# hands and lose AUC on other games. Measured by game-split cross-validation: 31 leaves and 700
# rounds 0.725, 15 leaves and 300 rounds 0.740 (both from zero, on fewer features); the base fit
# alone 0.7482; these 100 rounds on it 0.7477 (50: 0.7480, 250: 0.7468).
# Tried later and not kept (the base fit alone on the same folds, its theta fitted without the
# genbutsu rows, gives 0.7478): eight more evidence columns from the river read (aida-yon-ken,
# ura-suji cut at any time, honour pairs after late honour cuts, tanki after an honour
# declaration tile, copies of the held kinds in the river, dora just outside the held tiles,
# two-sided after late cuts, closed next to a cut tile) 0.7477; the same with theta fitted on
# every kind that is not genbutsu (not only the candidates) 0.7472.
# Tried next and not kept: training-only rows replayed from the same 363 games (the record of
# defense_positions for every other moment someone was tenpai), in the training folds only, the
# held-out folds still exactly the shared decisions; the shipped model measures 0.7476 on these
# folds. A riichi hand facing a second riichi (4,895 decisions the shared file leaves out) in the
# theta and base fit, no trees: 0.7467. Those, the closed dama hands (6,842, the discard that
# made them tenpai taken as the declaration tile, furiten ones left out) and the open tenpai
# hands (22,339) for the base fit and these trees, theta on the shared rows: 0.7463.
# Tried after that and not kept, the base fit alone on the same folds (0.7482 here): seven more
# evidence columns for new information (tanki and shanpon weighed by the share of 2-8 tiles among
# the early discards from the hand and pairs by the share of 3-7 tiles among all of them, the
# seven-pairs look; a terminal or honour tanki whose kind was cut late; a two-sided shape with a
# dead wait; the live copies of the waits as the table saw them at the declaration, without the
# decider's hand and what was discarded since; how late in the river a held kind was first cut)
# 0.7479, though theta gives them real weights (2.97 on the first); in place of the trees, a
# logistic fit on log(share), its context (entropy, largest share, rank, kinds over 2%) and the
# clock, with their products with log(share), 0.7481; the same with the textbook categories, dora,
# the riichi tile's neighbours 0.7480 (and log(share) squared 0.7479); that and the other players'
# pushing after the declaration (tiles cut that were not yet safe, and safe ones) and the visible
# dora, each also times log(share), 0.7478.
# Tried in the fourteenth session and not kept: simulated tables as a second source of river
# reading. Four closed players discard by shanten, then uke-ire over the unseen copies, then a
# small keep-value (pairs of honours, yakuhai, dora, middle tiles) with Gumbel noise; the first
# to reach tenpai declares (a wait of 4 tiles or fewer before the ninth discard waits with 60 %),
# the others play on, and up to three decisions a hand after the declaration are written in the
# shared file's shape (50,000 hands: 137,027 decisions, 1.47 million rows; 1.48 waits a hand
# against 1.75 real). Theta fitted on them alone scores 0.7377 on the real decisions (the real
# theta per fold, no trees: 0.7481), and trees (63 leaves, 400 rounds) fitted on them alone
# 0.7402: the bot's river reads like a textbook reader, not like a Phoenix player (its theta
# disagrees in sign on tsumogiri of a held kind, late closed and late tanki waits). Their
# log-odds as a second input of the base fit, beside log(share): 0.7492 without trees, 0.7486
# with them. Not worth the simulator, a second tree set and its cost per call.
# Tried in the fifteenth session and not kept, the base fit alone on the same folds (theta per
# fold, no trees: 0.7480, ECE 0.0016 here): compound wait shapes in the shape table, 99 more rows
# covering up to three kinds (three-sided 23456 on 1-4-7, a tanki beside a two-sided or edge
# shape 2223 on 1-3-4 and 1112 on 2-3, a tanki beside a closed shape 1113 on 2-3; ways from the
# unseen copies of the whole block, an indicator column each and one for the declaration turn)
# 0.7475 (ECE 0.0017): theta weighs them well under the plain shapes (three-sided -0.2 to -1.6,
# tanki beside a closed shape -2.3 to -4.5). Shanpon as a pair of pairs (two held pairs waiting
# on both kinds, weight the product of the two pair weights, gradient by hand) 0.7481 (ECE
# 0.0015). Each decision's probabilities over its 34 kinds shifted in log-odds so that they sum
# to a fitted expected number of waits (least squares on the training folds from the sum of
# the probabilities, the clock, the open kinds, the share's entropy and largest value; it
# explains 3 % of the variance of the real count, mean 1.75), by a fraction 0.25 to 1 of the
# shift: 0.7480 to 0.7478 (towards a constant 1.75: 0.7479 to 0.7471; on the compound or the
# pair-of-pairs shares: no gain either). The number of waits a hand has is not readable from
# the table, so the per-decision totals carry no ranking information the share lacks.
PARAMS: dict[str, Any] = {
    "objective": "binary",
    "learning_rate": 0.02,
    "num_leaves": 7,
    "max_depth": 4,
    "min_data_in_leaf": 1000,
    "feature_fraction": 0.3,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 10.0,
    "seed": SEED,
    "deterministic": True,
    "force_row_wise": True,
    "num_threads": 1,
    "verbose": -1,
}
ROUNDS = 100
CONTEXT = [FEATURE_NAMES.index(name) for name in SHARE_CONTEXT]


@dataclass
class Rows:
    """All (decision, candidate) pairs: features, labels, and which decision and game."""

    x: np.ndarray
    y: np.ndarray
    decision: np.ndarray
    game: np.ndarray
    tile: np.ndarray
    candidate: np.ndarray  # the kind is in the decider's hand (the rows that are judged)
    records: list[dict[str, Any]]
    ways: np.ndarray  # (decisions, shapes)
    evidence: np.ndarray  # (decisions, shapes, evidence columns), float32

    def subset(self, mask: np.ndarray) -> Rows:
        """The rows where ``mask`` is true (the decision tables are shared)."""
        return Rows(
            self.x[mask],
            self.y[mask],
            self.decision[mask],
            self.game[mask],
            self.tile[mask],
            self.candidate[mask],
            self.records,
            self.ways,
            self.evidence,
        )

    def with_theta(self, theta: np.ndarray) -> Rows:
        """The rows with the shape-share feature and its context computed from ``theta``."""
        share = shape_share(self.ways, self.evidence, theta)
        x = self.x.copy()
        x[:, 0] = share[self.decision, self.tile]
        x[:, CONTEXT] = share_context(share)[self.decision, self.tile]
        return Rows(
            x,
            self.y,
            self.decision,
            self.game,
            self.tile,
            self.candidate,
            self.records,
            self.ways,
            self.evidence,
        )


def load_rows(path: Path = DATA) -> Rows:
    """Read the decisions file: a row for every candidate kind (in the decider's hand).

    (Training on every kind of each decision, not only the candidates, was tried: three
    times the rows, the same cross-validated AUC.)
    """
    with gzip.open(path, "rt") as lines:
        records = [json.loads(line) for line in lines]
    xs, ys, ds, gs, ts, cs = [], [], [], [], [], []
    ways = np.empty((len(records), len(SHAPE_COVER)))
    evidence = np.empty((len(records), len(SHAPE_COVER), len(SHAPE_EVIDENCE)), dtype=np.float32)
    games: dict[str, int] = {}
    zero = np.zeros(len(SHAPE_EVIDENCE))
    for i, r in enumerate(records):
        state = DefenseState.from_json(r)
        x = features(state, zero)
        ways[i], evidence[i] = shape_table(state)
        kinds = [t for t in range(34) if state.hand[t]]
        waits = {parse_tile(w) for w in r["waits"]}
        g = games.setdefault(r["log_id"], len(games))
        xs.append(x[kinds])
        ys.extend(int(t in waits) for t in kinds)
        ds.extend([i] * len(kinds))
        gs.extend([g] * len(kinds))
        ts.extend(kinds)
        cs.extend(state.hand[t] > 0 for t in kinds)
    return Rows(
        np.vstack(xs),
        np.array(ys),
        np.array(ds),
        np.array(gs),
        np.array(ts),
        np.array(cs),
        records,
        ways,
        evidence,
    )


EPS = 1e-3
RIDGE = 1e-6


def fit_theta(rows: Rows) -> np.ndarray:
    """Weights of the shape evidence: the best logistic fit of the labels on log(share).

    Only the decisions present in ``rows`` count. Gradient by hand (see the comments), so
    L-BFGS needs no finite differences.
    """
    from scipy.optimize import minimize

    decisions, inverse = np.unique(rows.decision, return_inverse=True)
    ways = rows.ways[decisions]
    ev = rows.evidence[decisions].astype(np.float64)
    cover = SHAPE_COVER
    n, k = len(decisions), ev.shape[2]
    y = rows.y.astype(np.float64)

    def loss(params: np.ndarray) -> tuple[float, np.ndarray]:
        alpha, beta, theta = params[0], params[1], params[2:]
        w = ways * np.exp(ev @ theta)  # (n, shapes)
        z_n = w.sum(axis=1)
        z_safe = np.where(z_n > 0, z_n, 1.0)
        share_all = (w @ cover) / z_safe[:, None]
        share = share_all[inverse, rows.tile]
        log_share = np.log(share + EPS)
        p = 1 / (1 + np.exp(-(alpha + beta * log_share)))
        p = np.clip(p, 1e-9, 1 - 1e-9)
        value = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
        g = (p - y) / len(y)
        # d share_nt / d theta = (sum_s w_ns C_st e_ns - share_nt sum_s w_ns e_ns) / Z_n
        q = g * beta / (share + EPS) / z_safe[inverse]
        q_mat = np.zeros((n, cover.shape[1]))
        np.add.at(q_mat, (inverse, rows.tile), q)
        first = np.einsum("ns,nsk->k", w * (q_mat @ cover.T), ev)
        second = np.einsum(
            "n,nk->k", (q_mat * share_all).sum(axis=1), np.einsum("ns,nsk->nk", w, ev)
        )
        grad = np.concatenate([[g.sum(), (g * log_share).sum()], first - second])
        value += RIDGE * float(theta @ theta)
        grad[2:] += 2 * RIDGE * theta
        return float(value), grad

    start = np.zeros(2 + k)
    start[1] = 1.0
    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"maxiter": 300})
    return np.asarray(result.x[2:])


GENBUTSU = FEATURE_NAMES.index("genbutsu_river")
PASSED = FEATURE_NAMES.index("passed_after_riichi")


def safe_masks(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows whose kind is in the riichi river, and rows passed after riichi (not in it)."""
    river = x[:, GENBUTSU] > 0
    return river, (x[:, PASSED] > 0) & ~river


@dataclass
class Fitted:
    """A fitted model: the base log-odds on the shape share, the trees that correct it, and
    the observed wait rates of genbutsu and passed tiles."""

    booster: Any
    base: tuple[float, float]
    genbutsu_rate: float
    passed_rate: float

    def raw(self, x: np.ndarray) -> np.ndarray:
        """The log-odds the engine's :meth:`DangerModel.raw` gives."""
        alpha, beta = self.base
        base = alpha + beta * np.log(x[:, 0] + EPS)
        return base + np.asarray(self.booster.predict(x, raw_score=True))


def fit_base(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """The logistic fit of the labels on log(fitted shape share): the trees start from it."""
    from sklearn.linear_model import LogisticRegression

    share = np.log(x[:, :1] + EPS)
    fit = LogisticRegression(C=1e6).fit(share, y)
    return float(fit.intercept_[0]), float(fit.coef_[0, 0])


def fit_trees(x: np.ndarray, y: np.ndarray, rounds: int = ROUNDS) -> Fitted:
    """Boosted trees on the rows that are not genbutsu (LightGBM booster), started from the
    base fit on the shape share, and the observed wait rates of the genbutsu and passed rows
    (smoothed by half a wait)."""
    import lightgbm as lgb

    river, passed = safe_masks(x)
    rest = ~(river | passed)
    alpha, beta = fit_base(x[rest], y[rest])
    init = alpha + beta * np.log(x[rest, 0] + EPS)
    data = lgb.Dataset(x[rest], y[rest], feature_name=list(FEATURE_NAMES), init_score=init)
    booster = lgb.train(PARAMS, data, rounds)
    rates = [(y[m].sum() + 0.5) / (m.sum() + 1) for m in (river, passed)]
    return Fitted(booster, (alpha, beta), float(rates[0]), float(rates[1]))


def predict(fitted: Fitted, x: np.ndarray) -> np.ndarray:
    """What the engine's :meth:`DangerModel.predict` gives for the fitted model."""
    p = 1.0 / (1.0 + np.exp(-fitted.raw(x)))
    river, passed = safe_masks(x)
    p[river] = fitted.genbutsu_rate
    p[passed] = fitted.passed_rate
    return p


def game_folds(game: np.ndarray, folds: int = FOLDS) -> np.ndarray:
    """A fold number per row: whole games go to one fold, shuffled with a fixed seed."""
    ids = np.unique(game)
    order = np.random.default_rng(SEED).permutation(len(ids))
    fold_of_game = np.empty(ids.max() + 1, dtype=np.int64)
    fold_of_game[ids[order]] = np.arange(len(ids)) % folds
    return fold_of_game[game]


def cross_validate(rows: Rows, rounds: int = ROUNDS) -> np.ndarray:
    """Out-of-fold danger for every row: theta and the trees are fitted on the other games."""
    fold = game_folds(rows.game)
    p = np.empty(len(rows.y))
    for f in range(FOLDS):
        test = fold == f
        theta = fit_theta(rows.subset(~test))
        fitted = rows.with_theta(theta)
        model = fit_trees(fitted.x[~test], fitted.y[~test], rounds)
        p[test] = predict(model, fitted.x[test])
        print(f"  fold {f + 1}/{FOLDS} done", file=sys.stderr, flush=True)
    return p


def export(fitted: Fitted, theta: np.ndarray, rows: Rows) -> dict[str, Any]:
    """The model as flat node arrays (leaves point to themselves), the base fit and the shape
    weights."""
    flat = flatten_lightgbm(fitted.booster.dump_model()["tree_info"])
    return {
        "features": list(FEATURE_NAMES),
        "evidence": list(SHAPE_EVIDENCE),
        "theta": [round(float(v), 7) for v in theta],
        "base": [round(v, 9) for v in fitted.base],
        "base_eps": EPS,
        "genbutsu_rate": round(fitted.genbutsu_rate, 7),
        "passed_rate": round(fitted.passed_rate, 7),
        **flat,
        "meta": {
            "decisions": len(rows.records),
            "rows": len(rows.y),
            "trees": len(flat["roots"]),
            "params": PARAMS,
            "rounds": ROUNDS,
            "fitted_by": "scripts/fit_defense.py",
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = load_rows()
    print(f"{len(rows.records)} decisions, {len(rows.y)} rows", file=sys.stderr)
    theta = fit_theta(rows)
    rows = rows.with_theta(theta)
    fitted = fit_trees(rows.x, rows.y)
    model = export(fitted, theta, rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(model, separators=(",", ":")) + "\n")
    # the numpy traversal must give LightGBM's own answer
    from tutor.engine.defense import DangerModel

    mine = DangerModel.from_json(model).raw(rows.x[:5000])
    theirs = fitted.raw(rows.x[:5000])
    gap = float(np.abs(mine - theirs).max())
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes); max raw gap {gap:.2e}")
    if gap > 1e-4:  # leaf values are rounded to 7 decimals in the file
        raise SystemExit("the exported trees disagree with LightGBM")


if __name__ == "__main__":
    main()
