"""How well the danger model knows a riichi hand's waits, measured across games.

    .venv/bin/pip install -e '.[fit]'    # lightgbm and scikit-learn refit the model per fold
    .venv/bin/python bench/bench_defense.py

On the 27,313 shared decisions (``defense_decisions.jsonl.gz``), with 5-fold cross-validation
split by game (log_id): every fold's model (shape weights and trees) is fitted on the other
games' decisions, and only those predictions are scored. Figures, over every (decision,
candidate kind) pair:

- ROC AUC of the danger against "the kind is a wait";
- expected calibration error: predictions in 10 equal-width bins, the mean gap between
  predicted and observed rate weighted by the bin's share of pairs;
- how often the safest candidate is not a wait (ties counted by their share of non-waits),
  over all decisions and over those with no genbutsu in hand.

``--learning-curve`` (about half an hour) fits each fold's model on a random eighth, quarter,
half, three quarters and all of its training games and prints the held-out AUC of each: how much
more games would still give.

``--several`` measures instead the danger against two or more riichi
(:func:`tutor.engine.defense.assess_several`) on every such decision replayed from the shared
games, with the same folds.

The same figures for a textbook model fitted the same way (logistic regression on the
textbook categories: genbutsu, passed after riichi, honors by visible copies, suji / half-suji
/ non-suji by number, no-chance, dora, time since riichi). Last, the time of
``python -m tutor.engine danger`` on the whole file.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import fit_defense as fd  # noqa: E402

from tutor.engine.dora import dora_from_indicator  # noqa: E402
from tutor.engine.tiles import parse_tile, tile_str  # noqa: E402

LABELS = ("waits", "discard", "dealt_in", "log_id")


def textbook_columns(rows: fd.Rows) -> np.ndarray:
    """One-hot textbook category of each row, plus dora and the clock."""
    names: dict[str, int] = {}
    cats = []
    extra = []
    for d, t in zip(rows.decision.tolist(), rows.tile.tolist(), strict=True):
        r = rows.records[d]
        river = {x["tile"] for x in r["river"]}
        passed = set(r["discards_after_riichi"])
        kind = tile_str(t)
        safe = river | passed
        visible = r["visible"]
        if kind in river:
            cat = "genbutsu"
        elif kind in passed:
            cat = "passed"
        elif t >= 27:
            cat = f"honor{visible[t]}"
        else:
            n = t % 9 + 1
            sides = [(t + 3, (t + 1, t + 2))] * (n <= 6) + [(t - 3, (t - 2, t - 1))] * (n >= 4)
            fold = min(n, 10 - n)
            closed = sum(tile_str(o) in safe for o, _ in sides)
            walled = sum(max(visible[h] for h in held) == 4 for _, held in sides)
            if closed == len(sides):
                cat = f"suji{fold}"
            elif closed + walled >= len(sides):
                cat = "no_chance"
            elif closed:
                cat = f"half_suji{fold}"
            else:
                cat = f"plain{fold}"
        cats.append(names.setdefault(cat, len(names)))
        dora = {dora_from_indicator(parse_tile(i)) for i in r["dora_indicators"]}
        extra.append([t in dora, r["turns_since_riichi"] / 10, r["tiles_left"] / 10])
    x = np.zeros((len(cats), len(names) + 3))
    x[np.arange(len(cats)), cats] = 1
    x[:, len(names) :] = extra
    return x


def textbook_cv(rows: fd.Rows) -> np.ndarray:
    from sklearn.linear_model import LogisticRegression

    x = textbook_columns(rows)
    fold = fd.game_folds(rows.game)
    p = np.empty(len(rows.y))
    for f in range(fd.FOLDS):
        test = fold == f
        model = LogisticRegression(max_iter=2000).fit(x[~test], rows.y[~test])
        p[test] = model.predict_proba(x[test])[:, 1]
    return p


def ece(p: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    index = np.clip((p * bins).astype(int), 0, bins - 1)
    total = 0.0
    for b in range(bins):
        m = index == b
        if m.any():
            total += m.mean() * abs(p[m].mean() - y[m].mean())
    return total


def safest_not_wait(rows: fd.Rows, p: np.ndarray, mask: np.ndarray) -> float:
    """Share of decisions (where ``mask``) whose safest candidate is not a wait."""
    shares = []
    order = np.argsort(rows.decision, kind="stable")
    bounds = np.flatnonzero(np.diff(rows.decision[order])) + 1
    for group in np.split(order, bounds):
        if not mask[rows.decision[group[0]]]:
            continue
        best = p[group] <= p[group].min() + 1e-12
        shares.append(1 - rows.y[group][best].mean())
    return float(np.mean(shares))


def command_time(records: list[dict[str, object]]) -> tuple[float, int]:
    lines = []
    for r in records:
        data = {k: v for k, v in r.items() if k not in LABELS}
        data["candidates"] = [tile_str(t) for t in range(34) if r["hand"][t]]  # type: ignore[index]
        lines.append(json.dumps(data))
    text = "\n".join(lines) + "\n"
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "tutor.engine", "danger"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    elapsed = time.perf_counter() - start
    answered = sum(1 for x in out.splitlines() if '"danger"' in x)
    return elapsed, answered


def several_riichi(rows: fd.Rows) -> None:
    """The model against two or more riichi (:func:`tutor.engine.defense.assess_several`), on
    every such decision of the shared games (the shared decisions leave them out), each game
    judged by the fold model fitted without it."""
    from sklearn.metrics import roc_auc_score

    from tutor.engine.defense import DangerModel, DefenseState, assess_several
    from tutor.engine.defense_puzzle import riichi_positions
    from tutor.engine.gamelog.mjlog import load_mjlog
    from tutor.engine.push_fold import deal_in_prone_against_several
    from tutor.engine.shanten import shanten

    fold_of_row = fd.game_folds(rows.game)
    fold_of_log = {
        rows.records[d]["log_id"]: int(f) for d, f in zip(rows.decision, fold_of_row, strict=True)
    }
    logs = sorted(fd.DATA.parent.joinpath("tenhou_logs").glob("*.xml"))
    start = time.perf_counter()
    found = [
        (path.stem, [DefenseState.from_json(r) for r in records], records)
        for path in logs
        for _d, records in riichi_positions(load_mjlog(path))
        if len(records) > 1
    ]
    print(
        f"{len(found):,} decisions against two or more riichi, replayed in "
        f"{time.perf_counter() - start:.0f} s"
    )
    y: list[bool] = []
    p: list[float] = []
    safest: list[float] = []
    unsafe: list[float] = []  # decisions with no tile genbutsu against every riichi
    per_y: list[bool] = []
    per_p: list[float] = []
    for f in range(fd.FOLDS):
        test = fold_of_row == f
        theta = fd.fit_theta(rows.subset(~test))
        fitted = rows.with_theta(theta)
        model = DangerModel.from_json(
            fd.export(fd.fit_trees(fitted.x[~test], fitted.y[~test]), theta, rows)
        )
        for log_id, states, records in found:
            if fold_of_log.get(log_id, 0) != f:
                continue
            waits = [{parse_tile(w) for w in r["waits"]} for r in records]
            union = set().union(*waits)
            assessed = assess_several(states, model=model)
            for row in assessed:
                y.append(row.tile in union)
                p.append(row.danger)
                for against, w in zip(row.against, waits, strict=True):
                    per_y.append(row.tile in w)
                    per_p.append(against.danger)
            low = [r.tile not in union for r in assessed if r.danger <= assessed[0].danger + 1e-12]
            safest.append(float(np.mean(low)))
            if assessed[0].danger > 0.005:
                unsafe.append(safest[-1])
    ya, pa = np.array(y), np.array(p)
    print(
        f"(5 folds by game) pairs {len(ya):,}, winning tiles {ya.mean():.4f}, "
        f"mean danger {pa.mean():.4f}"
    )
    print(f"ROC AUC (deals in to any)   {roc_auc_score(ya, pa):.4f}")
    print(f"  each riichi's own waits   {roc_auc_score(per_y, per_p):.4f}")
    print(f"calibration error (ECE)     {ece(pa, ya):.4f}")
    print(f"safest not a wait, all      {np.mean(safest):.4f}")
    print(f"  safest over 0.5% danger   {np.mean(unsafe):.4f} ({len(unsafe):,} decisions)")
    # the review's rule against two riichi, with the shipped model, on the players' own picks
    picks = prone = prone_dealt = dealt = 0
    for _log_id, states, records in found:
        first = records[0]
        if first["declaring_riichi"] or sum(first["hand"]) % 3 != 2:
            continue
        rows = {row.tile: row.danger for row in assess_several(states)}
        kind = parse_tile(first["discard"])
        after = list(first["hand"])
        after[kind] -= 1
        left = shanten(after, len(first["melds"][first["decider"]]))
        picks += 1
        hit = any(r["dealt_in"] for r in records)
        dealt += hit
        if deal_in_prone_against_several(rows[kind], min(rows.values()), left):
            prone += 1
            prone_dealt += hit
    print(
        f"Phoenix picks deal-in prone (push_fold.deal_in_prone_against_several): {prone} of "
        f"{picks:,} ({100 * prone / picks:.1f} %); {prone_dealt} of them dealt in "
        f"({100 * prone_dealt / max(1, prone):.1f} %, all picks {100 * dealt / picks:.1f} %)"
    )


def learning_curve(rows: fd.Rows, shares: list[float], repeats: int = 2) -> None:
    """Held-out AUC of the model fitted on a random share of the training games of each fold
    (the held-out folds unchanged): how much the figure still grows with more games."""
    from sklearn.metrics import roc_auc_score

    fold = fd.game_folds(rows.game)
    games = np.unique(rows.game)
    rng = np.random.default_rng(fd.SEED)
    print(f"{'training games':>15}{'AUC':>8}")
    for share in shares:
        for _ in range(repeats if share < 1 else 1):
            kept = rng.choice(games, round(share * len(games)), replace=False)
            keep = np.isin(rows.game, kept)
            p = np.empty(len(rows.y))
            for f in range(fd.FOLDS):
                test = fold == f
                train = ~test & keep
                theta = fd.fit_theta(rows.subset(train))
                fitted = rows.with_theta(theta)
                model = fd.fit_trees(fitted.x[train], fitted.y[train])
                p[test] = fd.predict(model, fitted.x[test])
            trained = len(np.unique(rows.game[~(fold == 0) & keep]))
            print(f"{trained:>15}{roc_auc_score(rows.y, p):>8.4f}", flush=True)


def main() -> None:
    try:
        from sklearn.metrics import roc_auc_score
    except ImportError:
        print("needs the fitting tools: .venv/bin/pip install -e '.[fit]'")
        return

    rows = fd.load_rows()
    if "--several" in sys.argv[1:]:
        several_riichi(rows)
        return
    if "--learning-curve" in sys.argv[1:]:
        learning_curve(rows, [0.125, 0.25, 0.5, 0.75, 1.0])
        return
    print(f"{len(rows.records):,} decisions, {len(rows.y):,} (decision, candidate) pairs")
    no_genbutsu = np.ones(len(rows.records), dtype=bool)
    genbutsu = (
        rows.x[:, fd.FEATURE_NAMES.index("genbutsu_river")]
        + rows.x[:, fd.FEATURE_NAMES.index("passed_after_riichi")]
    )
    no_genbutsu[rows.decision[genbutsu > 0]] = False
    everyone = np.ones(len(rows.records), dtype=bool)
    print(f"decisions with no genbutsu in hand: {no_genbutsu.sum():,}")
    start = time.perf_counter()
    model = fd.cross_validate(rows)
    print(f"model cross-validated in {time.perf_counter() - start:.0f} s")
    textbook = textbook_cv(rows)
    print(f"{'(5 folds by game)':<26}{'model':>10}{'textbook':>10}")
    for name, f in [
        ("ROC AUC", lambda p: roc_auc_score(rows.y, p)),
        ("calibration error (ECE)", lambda p: ece(p, rows.y)),
        ("safest not a wait, all", lambda p: safest_not_wait(rows, p, everyone)),
        ("  no genbutsu in hand", lambda p: safest_not_wait(rows, p, no_genbutsu)),
    ]:
        print(f"{name:<26}{f(model):>10.4f}{f(textbook):>10.4f}")
    elapsed, answered = command_time(rows.records)
    print(
        f"python -m tutor.engine danger: {answered:,} lines in {elapsed:.1f} s "
        f"({answered / elapsed:,.0f} lines/s, start-up included)"
    )


if __name__ == "__main__":
    main()
