"""Fit the discard preference weights on the shared Phoenix games and write their data file.

    .venv/bin/python scripts/fit_discard_prefs.py            # writes tutor/engine/data/discard_prefs.json
    .venv/bin/python scripts/fit_discard_prefs.py --every 8 --offset K --cache var/ranked8_K.pkl --rank-only
    .venv/bin/python scripts/fit_discard_prefs.py --cache var/ranked8_{0..7}.pkl --scores var/cv.pkl
    .venv/bin/python scripts/fit_discard_prefs.py --cache var/ranked8_{0..7}.pkl --screen [--without F ...]

The shipped model is fitted on every kept decision: rank them once in eight pickles (the first
command for K = 0 to 7, about 6 minutes of CPU each; two at a time on two cores), then fit from
their union (the second; about 11 GB of memory at the peak, so one fit at a time).

``--scores`` keeps the cross-validated scores (:func:`fold_scores`, the slow part) for the same
decisions, features and parameters, so that ``bench/bench_ranking.py --scores`` and a refit of
the clear rule reuse them. ``--screen`` fits once on four folds and prints the top-1 agreement
on the fifth (the logit alone, then with the trees), to try a change of features quickly;
``--without`` leaves candidate features out (to screen the figure without them).

Every decision of the games is ranked (``--every 1``, as ``bench/bench_ranking.py`` measures);
``--every N`` keeps those whose key (game, round, seat, turn) hashes to ``--offset`` (default 0)
modulo N (earlier fits used one in 8, then one in 4: see the tables below). Several
``--cache`` pickles are cross-validated as one set, in the order of a collection of them all
(:func:`union`; those of offsets 0 and 4 of 8 are exactly ``--every 4``); folds stay by game,
so a game's decisions from every pickle fall in the same fold. ``--subsets 8`` also prints the
figures on each offset's held-out decisions; ``--rounds``, ``--l2`` (the logit's), ``--leaves``,
``--depth``, ``--min-leaf``, ``--tree-l2`` and ``--learning-rate`` override the fit's settings.

Decisions come from replaying ``../shared/reference/tenhou_logs/`` (363 games) with
:mod:`tutor.engine.gamelog`; kept are those the issue measures on: a closed hand, nobody in
riichi, and no discard leaving the hand tenpai. Each decision is ranked by
:func:`tutor.engine.value.rank_discards`; every candidate discard gets the features of
:func:`tutor.engine.value.candidate_features` (expected score, win and tenpai rates, shanten,
uke-ire and 2-step relative to the best candidate, and what the tile is: isolated honor or
terminal, value honor, dora, red five, a pair, how many copies are in view, the shape it
belongs to, the player's own river beside it, and products of these with the turn and the
distance to tenpai).

A conditional logit (one softmax over the candidates of each decision, L2-penalised, fitted by
Newton's method with numpy) learns how much each feature weighs in the Phoenix players' choice;
then LightGBM boosts 600 trees (depth 6, 63 leaves, at least 200 rows a leaf, L2 10) from
its score with the same loss (:func:`fit_model`), over the features and the linear score; the
trees are exported as node arrays that :mod:`tutor.engine.trees` sums with numpy.
:func:`cross_validate` splits the decisions **by game** into folds and measures the top-1
agreement of the model fitted on the other folds, so the figure is never in-sample. The clear
rule is a second stage: a logistic model of whether the player agrees with the first row, over
facts of the decision (:func:`tutor.engine.value.clear_features`), with a threshold on its
confidence where the agreement reaches :data:`AIM`; for each held-out fold both are fitted on
the training folds' out-of-fold scores alone (the threshold on the logistic model's own
held-out confidences over those folds, :func:`clear_threshold`), and measured on the held-out
fold. ``bench/bench_ranking.py``
imports :func:`load_or_collect` and :func:`cross_validate`.

Measured on 2026-12-01 (12,643 decisions, 5 folds by game, thresholds from out-of-fold scores):

======================================  =======  ======================
model                                   top-1    clear: share, agreed
======================================  =======  ======================
linear logit alone                      62.8 %   9.7 %, 90.2 %
+ trees, softmax loss, 150 rounds       63.4 %   12.0 %, 89.7 %
+ trees, softmax loss, 300 rounds       63.6 %   13.2 %, 90.1 % (shipped)
+ trees, 300 rounds, 15 leaves depth 4  63.7 %   13.4 %, 90.2 %
LightGBM lambdarank, 300 rounds         63.4 %   12.4 %, 89.7 %
+ 8 safety features, others' rivers     63.6 %   12.8 %, 90.3 % (not shipped)
======================================  =======  ======================

Measured on 2026-12-02 (12,643 decisions, 5 folds by game; ``--cache`` of the same decisions,
``.venv/bin/python scripts/fit_discard_prefs.py --cache /work/cache/ranked.pkl --scores
/tmp/rank_cv.pkl``), with 9 local-shape features (the tiles one and two steps either side of
the candidate, the two-sided and weak partials and the pair its discard breaks, the lone tiles
left and made: 84 features) and the clear rule as the logistic second stage described above:

======================================  =======  ======================
model                                   top-1    clear: share, agreed
======================================  =======  ======================
screen, fold 0, logit alone, before     63.21 %
screen, fold 0, logit alone, +local     63.80 %
screen, fold 0, + trees, before         64.11 %
screen, fold 0, + trees, +local         64.77 %
5 folds, + trees, +local, 2nd stage     64.1 %   12.8 %, 90.0 % (shipped)
======================================  =======  ======================

Measured on 2026-12-02 with the 84 features and the same cache and folds (single-threaded
LightGBM, which reproduces the shipped figures exactly: 64.08 %, clear 12.76 % at 90.02 %),
LightGBM's ranking objectives in place of the softmax trees (labels: the chosen discard, groups:
the decisions, boosted from the logit's score like the shipped trees):

==============================================  =======  ======================
model                                           top-1    clear: share, agreed
==============================================  =======  ======================
screen, fold 0, softmax trees (shipped)         64.77 %
screen, fold 0, lambdarank, truncation 3        65.09 %
screen, fold 0, lambdarank, learning rate 0.1   65.24 %
screen, fold 0, rank_xendcg                     60.20 %
screen, fold 0, rank_xendcg, learning rate 0.1  61.76 %
5 folds, lambdarank, truncation 3               64.02 %  12.39 %, 89.91 %
5 folds, lambdarank, learning rate 0.1          63.86 %  12.52 %, 89.89 %
==============================================  =======  ======================

The gain on fold 0 was noise; the listwise objective does not beat the softmax loss (which is
already one softmax per decision). What caps ``clear`` is the condition that no other row has a
higher expected score: the first row has the top expected score in 55.3 % of the held-out
decisions (the player agrees on 67.1 % of those, 60.4 % elsewhere). Without the condition,
fitted the same way on the training folds, ``clear`` covers 17.39 % at 90.17 % (the first
row's fitted chance alone: 17.47 % at 89.95 %); even a threshold chosen on the held-out scores
themselves reaches only 13.45 % with the condition and 18.07 % without it, so a fifth at 90 %
needs a better first row, not a better threshold. The condition stays: a learner shown the
table must never see a better figure beside the answer.

The second stage did not widen ``clear`` (the fitted chance of the first row alone gave
13.2 % at 90.1 % with the earlier features); the aims (65 %; 90 % on a fifth) are not met.

(The linear logit with its threshold chosen in-sample at 91 %, before: 62.8 %, 8.6 % at 90.3 %.
The safety features, measured on 2026-12-01 with 300 rounds: against how many other players a
tile is in their river, suji of it, in the dealer's river, among their last three discards,
all three, a middle tile safe by neither, and products with the turn and with lone tiles; the
linear logit with them: 62.75 %, 9.7 % at 90.2 %. Strong players do prefer the safer of two lone tiles, but ``seen`` already carries it.)

Measured on 2026-12-03, more data (measured, not shipped). The offset-0 decisions ranked again
by today's engine (``--every 8 --cache ranked8_0.pkl``, 12,643 decisions, the same ones) do not
give the figures of the old cache exactly: 64.01 %, clear 13.25 % at 89.85 % (the old
``/work/cache/ranked.pkl`` is gone; its ranked rows were kept across engine changes while only
the features were recomputed, and the logit's 84 weights, a deterministic Newton fit of the
features, differ from the shipped ones in every weight, by up to 0.012 on ``win``, so the
rows differed; today's ranking is deterministic: 43 of the decisions ranked again match the new
cache exactly). The comparison below is on that fresh cache. Offset 4 of 8 adds 12,984
decisions (``--offset 4``); their union is ``--every 4`` (25,627 decisions, folds by game):

===============================================  =======  ======================
model                                            top-1    clear: share, agreed
===============================================  =======  ======================
5 folds, offset 0 alone (shipped settings)       64.01 %  13.25 %, 89.85 %
5 folds, union, all held-out decisions           63.44 %  13.93 %, 90.00 %
5 folds, union, its offset-0 decisions           63.95 %  13.90 %, 90.04 %
5 folds, union, its offset-4 decisions           62.95 %  13.96 %, 89.96 %
screen, fold 0, union, 300 rounds (shipped)      63.97 %  (offset 0: 64.38 %)
screen, fold 0, union, 600 rounds                64.52 %  (offset 0: 65.13 %)
screen, fold 0, union, 15 leaves depth 4         64.66 %  (offset 0: 65.21 %)
screen, fold 0, union, 600 rounds, min leaf 100  64.60 %  (offset 0: 65.21 %)
5 folds, union, 15 leaves depth 4, all           63.92 %  14.11 %, 90.43 %
5 folds, union, 15 leaves depth 4, offset 0      64.42 %  14.13 %, 90.26 %
5 folds, union, 15 leaves depth 4, offset 4      63.42 %  14.09 %, 90.60 %
===============================================  =======  ======================

Twice the decisions do not raise top-1 on the same decisions (63.95 % against 64.01 %, within
the noise of about 0.3 points); ``clear`` widens a little (13.90 % against 13.25 %) at the same
agreement, far from a fifth. The offset-4 decisions are harder for the model (62.95 %).
With larger trees (``--leaves 15 --depth 4``) the union reaches 64.42 % on the offset-0
decisions (+0.41 points, just above that noise) and ``clear`` 14.13 % at 90.26 %. The larger
trees alone, on the offset-0 decisions alone (``--every 8 --cache ranked8_0.pkl --leaves 15
--depth 4``), give 64.19 %, clear 13.34 % at 90.21 %: about half the gain is the trees, half
the data. With 600 rounds as well (``--rounds 600``, the other thing the fold-0 screen liked):
64.34 % over all 25,627 held-out decisions, 64.86 % on the offset-0 ones (63.84 % on offset
4); clear 14.94 % at 90.18 % (offset 0: 15.11 % at 89.84 %; offset 4: 14.77 % at 90.51 %).
**Shipped** (2026-12-03): the union (``EVERY = 4``), 600 rounds of 15-leaf trees of depth 4,
fitted by ``.venv/bin/python scripts/fit_discard_prefs.py --every 4 --cache ranked8_0.pkl
ranked8_4.pkl --subsets 8``. The model shipped before measures 64.01 % with clear at 89.85 %
on the offset-0 decisions ranked by today's engine. The aims (65 %; a fifth at 90 %) are not
met.

Measured on 2026-12-03 (later), nothing shipped. The caches rebuilt by today's engine
(``--every 8 --offset 0`` and ``--offset 4``) give the shipped figures again exactly
(64.34 %, clear 14.94 % at 90.18 %). The clear second stage was tried with the same protocol
as :func:`cross_validate` (fitted on the training folds' out-of-fold scores, threshold from its
own held-out confidences over those folds, measured on the held-out fold), on the shipped
scores; *extra* adds 20 facts to :func:`tutor.engine.value.clear_features`: the second and third
rows' fitted chances and the score gap between them, the log ratio of the first row's expected
score to the best other's and the first row's expected score itself, its lead in win and tenpai
rate, in uke-ire and 2-step over the rows of its shanten, the share of rows at the lowest
shanten, whether the second row goes back a shanten, its expected-score gap and whether it has
the top other expected score, the draws left, and the second row's tile (lone honor, terminal,
honor, the drawn tile, a pair, and whether it is an honor or not and held as many times as the
first). *Trees*: LightGBM's binary objective, 200 rounds of 7 leaves (learning rate 0.05, at
least 100 rows a leaf, L2 10) in place of the logistic model. *Top only*: fitted on the
decisions whose first row has the top expected score alone (the only ones that can be clear).
*Oracle*: the same confidences (fitted on the four training folds) with one threshold chosen on
the held-out decisions themselves, pooled: the most ``clear`` could cover at 90 % with these
first rows.

==============================================  ======================  =========================
clear second stage (25,627 decisions)           clear: share, agreed    oracle share at 90 %
==============================================  ======================  =========================
logistic, shipped features (shipped)            14.94 %, 90.18 %        15.67 % (20 %: 87.69 %)
logistic, shipped features, top only            14.64 %, 90.27 %
trees, shipped features                         14.22 %, 90.64 %
trees, shipped features, top only               13.81 %, 90.81 %
logistic, extra                                 14.69 %, 90.28 %        15.46 % (20 %: 87.71 %)
logistic, extra, top only                       15.07 %, 90.45 %
trees, extra                                    14.77 %, 90.51 %        16.00 % (20 %: 87.84 %)
trees, extra, top only                          14.37 %, 90.63 %
==============================================  ======================  =========================

None is more than noise ahead of the shipped rule (the best, 15.07 % at 90.45 %, clears 34 more
of 25,627 decisions). Even with the threshold chosen on the held-out decisions the second stage
cannot cover a fifth at 90 %: the first row has the top expected score on 55.40 % of the
held-out decisions and the player makes it on 67.53 % of those, and the 20 % of all decisions
each second stage is most confident of (among those) agree only 87.7-87.8 % of the time. The
clear aim needs a first row that is right more often, not a better second stage.

More boosting rounds (each model of the cross-validation fitted once to 1000 rounds and scored
after 600, 800 and 1000; the 600-round scores equal the shipped ones exactly): top-1 64.34 %,
64.38 % and 64.35 % over the 25,627 held-out decisions (by fold at 600 / 800 / 1000:
64.87 / 64.85 / 64.91, 64.08 / 64.08 / 64.01, 63.49 / 63.83 / 63.72, 64.41 / 64.27 / 64.35,
65.03 / 65.01 / 64.88 %), with clear on 14.94 % at 90.18 %, 15.05 % at 90.41 % and 15.27 % at
90.39 % (``--rounds 800`` and ``--rounds 1000`` with those scores as ``--scores``). The trees
have converged by 600 rounds; the clear gain is within the noise and each 300 rounds cost
7-10 ms of ranking time (measured when 600 replaced 300): not shipped.

Measured on 2026-12-04: every kept decision (``--every 8`` pickles at offsets 0 to 7, 102,738
decisions) and what the player's own river says. The screens fit on four folds and measure fold
0 (20,845 decisions, every offset), 600 rounds:

==============================================================  =========  ==============
model (screen, fold 0, all decisions)                           logit      + trees
==============================================================  =========  ==============
84 features, 15 leaves depth 4 (the model shipped before)       61.68 %    64.11 %
  its one-in-4 decisions alone (offsets 0 and 4 of 8)                      65.49 %
+ the river beside the tile: ``own_same``, ``own_near``,        62.14 %    64.62 %
  ``own_suji``, ``furiten_shape`` (:func:`~tutor.engine.value.furiten_waits`)
+ the river's plan: ``own_suit``, ``own_recent`` (90 features)  62.77 %    65.22 %
84 features, 31 leaves depth 5                                             64.47 %
90 features, 31 leaves depth 5                                             65.55 %
90 features, 63 leaves depth 6 (shipped)                                   65.94 %
90 features, 63 leaves depth 6, at least 100 rows a leaf                   65.89 %
90 features, 127 leaves depth 7                                            65.83 %
90 features, 63/6, learning rate 0.03, 1000 rounds                         65.87 %
90 features, 63/6, feature fraction 0.8                                    65.72 %
+ the last discard the same kind or beside it, the dealer       62.75 %    65.68 % (31/5)
+ against how many others the tile is genbutsu, suji; the       62.93 %    65.85 % (63/6)
  dealer threw it (:func:`~tutor.engine.value.river_safety`)
==============================================================  =========  ==============

On the same one-in-4 decisions, four times the data alone lifts the old model from 64.52 % to
65.49 % on fold 0; over every decision it gives 64.11 %, as the other offsets are harder for it
(62.5-66.0 % each, within the noise of about 0.9 points of 2,600 decisions). The river's
features are new information (the expected score sees a furiten wait only once tenpai): +1.1
points; with four times the data larger trees pay (+0.7); the other players' rivers still add
nothing (as on 2026-12-01). **Shipped** (2026-12-04):
90 features, 600 rounds of 63-leaf trees of depth 6, fitted by ``.venv/bin/python
scripts/fit_discard_prefs.py --cache ranked8_0.pkl ... ranked8_7.pkl --subsets 8 --scores
cv_all_l63.pkl``. Five folds by game over all 102,738 decisions: top-1 **65.99 %** (aim 65 %:
met; each offset 65.17-66.80 %, the old one-in-4 decisions 66.26 %), clear on **18.82 %** at
**90.11 %** agreed (aim: a fifth at 90 %, not met; thresholds 0.798-0.806 on the training
folds). The CV and the final fit took 27 minutes on one core.

Measured on 2026-12-04 (later), the same decisions and model. New information for the first
stage, not kept (fold-0 screen, 600 rounds; the shipped features give 65.93 % in that run):
the other players' calls (how many are open, the most sets one holds, a pon of honours, a flush
in the candidate's suit or on honours, the tile safe against every player with two sets, a dora
against an open hand) 65.89 %; the scores (placement, the gaps to the first and to the players
just above and below, the south round, all-last, the dealer) 65.72 %; the player's own
tsumogiri (of the last three discards, and the river's share) 65.83 %; four seeds of the trees
averaged 65.95 % (each 65.80-65.93 %). The first row is as good as these features make it.

The clear rule's cap was what held ``clear`` back. A row that goes back a shanten had the
highest expected score in 25.07 % of the decisions (a median 1.30 times the best row keeping
the shanten, quartiles 1.12-1.66), and there the Phoenix player made that discard in 3.96 %
(backed off at all in 7.19 %; 3.14 % over every decision): the search's figure for a slower hand
is not one strong players follow. With such rows no longer rivals of the first row in the cap
(:func:`tutor.engine.value.has_top_value`, as in the rule without a model; the table keeps
their figure with the reason ``backs_off_estimate``), the first row has the top value among its
rivals in 74.61 % of the decisions, not 54.36 %, and ``clear`` covers **25.04 %** of the
held-out decisions at **90.12 %** agreed (each offset 24.53-25.56 % at 89.45-90.84 %;
thresholds 0.805-0.809), against 18.82 % at 90.11 % with every row a rival: shipped, the aim
(a fifth at 90 %) met. Among the clear decisions, those where pure efficiency picks another
tile agree 88.84 % (1,443 decisions), those where it picks the same 90.19 %.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.engine.analysis import discard_analysis  # noqa: E402
from tutor.engine.gamelog.mjlog import load_mjlog  # noqa: E402
from tutor.engine.gamelog.replay import replay_game  # noqa: E402
from tutor.engine.tiles import parse_tile  # noqa: E402
from tutor.engine.trees import flatten_lightgbm  # noqa: E402
from tutor.engine.value import (  # noqa: E402
    RankedDiscard,
    TableContext,
    candidate_features,
    clear_features,
    decision_from_json,
    has_top_value,
    order_rows,
    rank_discards,
)

LOGS = ROOT.parent / "shared" / "reference" / "tenhou_logs"
OUT = ROOT / "tutor" / "engine" / "data" / "discard_prefs.json"
FOLDS = 5
L2 = 1.0
AIM = 0.90
"""The players' agreement the clear rule's threshold must reach on the training games'
out-of-fold scores (see :func:`cross_validate`)."""


@dataclass
class Sample:
    """One kept decision: its candidates' features, which one the player chose, and figures."""

    game: str
    features: npt.NDArray[np.float64]  # one row per candidate, columns in FEATURES order
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


FEATURES = sorted(
    candidate_features(
        (1,) * 14 + (0,) * 20, [RankedDiscard(0, 1, 1, 0, 0.0, 0.0, 0.0, ())], TableContext()
    )[0]
)
"""The names of :func:`tutor.engine.value.candidate_features`, in the columns' order."""


def feature_array(
    hand: tuple[int, ...], rows: list[RankedDiscard], context: TableContext
) -> npt.NDArray[np.float64]:
    """:func:`tutor.engine.value.candidate_features` of ``rows`` as one array (columns in
    :data:`FEATURES` order): a dict per candidate costs about 5 kB, and every decision of the
    363 games has 1.3 million candidates."""
    return np.array(
        [[f[n] for n in FEATURES] for f in candidate_features(hand, rows, context)],
        dtype=np.float64,
    ).reshape(-1, len(FEATURES))


def decision_key(obj: dict[str, object]) -> str:
    """The key of a decision that :func:`collect` keeps one in ``every`` of (by its hash)."""
    return f"{obj['log_id']}/{obj['round_seq']}/{obj['seat']}/{obj['turn']}"


def key_hash(obj: dict[str, object]) -> int:
    """The stable hash of :func:`decision_key` (the first 32 bits of its sha1)."""
    return int(hashlib.sha1(decision_key(obj).encode()).hexdigest()[:8], 16)


def _keep(every: int, obj: dict[str, object], offset: int = 0) -> bool:
    if every <= 1:
        return True
    return key_hash(obj) % every == offset


def decisions(games: int | None = None) -> Iterator[dict[str, object]]:
    """The replayed decisions of the shared games, as ``replay`` JSON objects."""
    paths = sorted(LOGS.glob("*.xml"))
    if games is not None:
        paths = paths[:games]
    for path in paths:
        for d in replay_game(load_mjlog(path)).decisions:
            yield d.as_json()


def collect(games: int | None = None, every: int = 1, offset: int = 0) -> Dataset:
    """Rank the kept decisions (closed, nobody in riichi, not tenpai after the best discard)
    among those whose key hashes to ``offset`` modulo ``every``."""
    data = Dataset()
    for obj in decisions(games):
        data.read += 1
        if obj["melds"] or obj["riichi"]:
            continue
        if not _keep(every, obj, offset):
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
                features=feature_array(hand.concealed, rows, ctx),
                chosen=kinds.index(target),
                efficiency_first=eff_first,
                ev_first=ev_best.discard == target,
                rows=rows,
                shanten=table[0].shanten,
                seconds=seconds,
                hand=hand.concealed,
                context=ctx,
                decision=dict(obj),
            )
        )
    return data


def load_or_collect(
    cache: Path | list[Path] | None, games: int | None, every: int, offset: int = 0
) -> Dataset:
    """:func:`collect`, or the pickle ``cache`` it left (the table read again from the decision
    and the features recomputed: they may have changed since; the ranked rows are kept).

    Several pickles (which must exist) give the union of their decisions (:func:`union`): the
    pickles of ``--every 8`` at offsets 0 and 4 are the decisions of ``--every 4``."""
    caches = cache if isinstance(cache, list) else [] if cache is None else [cache]
    if len(caches) > 1:
        return union([_load(c) for c in caches])
    if caches and caches[0].exists():
        return _load(caches[0])
    data = collect(games, every, offset)
    if caches:
        caches[0].write_bytes(pickle.dumps(data))
    return data


class _Unpickler(pickle.Unpickler):
    """Reads a pickle this script wrote when it ran as ``__main__`` from the bench too (which
    imports it as ``fit_discard_prefs``): the classes are looked up in this module."""

    def find_class(self, module: str, name: str) -> Any:
        if module in ("__main__", "fit_discard_prefs") and name in globals():
            return globals()[name]
        return super().find_class(module, name)


def _load(cache: Path) -> Dataset:
    with cache.open("rb") as f:
        data: Dataset = _Unpickler(f).load()
    for s in data.samples:
        if s.decision:
            s.context = decision_from_json(s.decision)[1]
        if s.context is not None:
            s.features = feature_array(s.hand, s.rows, s.context)
    return data


def union(parts: list[Dataset]) -> Dataset:
    """The decisions of every part once, in the order :func:`collect` would have kept them
    (the games replayed again for that order, which is cheap: the ranking is what is slow), so
    that the union of two offsets gives the same figures as collecting them together."""
    by_key: dict[str, Sample] = {}
    for part in parts:
        for s in part.samples:
            by_key.setdefault(decision_key(s.decision), s)
    games = {s.game for s in by_key.values()}
    order: dict[str, int] = {}
    for obj in decisions():
        if obj["log_id"] in games:
            order.setdefault(decision_key(obj), len(order))
    samples = sorted(by_key.values(), key=lambda s: order[decision_key(s.decision)])
    return Dataset(samples, max(part.read for part in parts))


@dataclass
class Matrix:
    """Every candidate of every sample as one row of features, grouped by decision."""

    x: npt.NDArray[np.float64]
    group: npt.NDArray[np.intp]
    chosen: npt.NDArray[np.bool_]
    cant_win: npt.NDArray[np.bool_]  # the row cannot win while another row of its decision can
    ev: npt.NDArray[np.float64]
    n: int

    def take(self, keep: npt.NDArray[np.bool_]) -> Matrix:
        """The rows of the decisions marked in ``keep`` (one flag per decision)."""
        rows = keep[self.group]
        renumber = np.cumsum(keep) - 1
        return Matrix(
            self.x[rows],
            renumber[self.group[rows]],
            self.chosen[rows],
            self.cant_win[rows],
            self.ev[rows],
            int(keep.sum()),
        )


def matrix(samples: list[Sample], names: list[str]) -> Matrix:
    """The feature rows of ``samples`` over ``names``."""
    columns = [FEATURES.index(n) for n in names]
    x = np.concatenate([s.features for s in samples])[:, columns]
    sizes = np.array([len(s.features) for s in samples])
    group = np.repeat(np.arange(len(samples)), sizes)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    chosen = np.zeros(len(x), dtype=bool)
    chosen[starts + np.array([s.chosen for s in samples], dtype=np.int64)] = True
    win = np.array([r.win_rate > 0 for s in samples for r in s.rows])
    can_win = np.array([any(r.win_rate > 0 for r in s.rows) for s in samples])
    ev = np.array([r.ev for s in samples for r in s.rows])
    return Matrix(x, group.astype(np.intp), chosen, can_win[group] & ~win, ev, len(samples))


def _group_softmax(
    u: npt.NDArray[np.float64], group: npt.NDArray[np.intp], n: int
) -> npt.NDArray[np.float64]:
    """Softmax of ``u`` within each decision (rows of a decision are contiguous)."""
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    top = np.maximum.reduceat(u, starts)
    e = np.exp(u - top[group])
    out: npt.NDArray[np.float64] = e / np.add.reduceat(e, starts)[group]
    return out


def fit(m: Matrix, names: list[str], l2: float | None = None) -> dict[str, float]:
    """The weights of the conditional logit over ``names`` (one softmax over the candidates of
    each decision, L2-penalised: :data:`L2` unless given), fitted by Newton's method."""
    l2 = L2 if l2 is None else l2
    return {
        k: float(x) for k, x in zip(names, _newton(m, m.chosen.astype(np.float64), l2), strict=True)
    }


def _newton(m: Matrix, y: npt.NDArray[np.float64], l2: float) -> npt.NDArray[np.float64]:
    """The linear conditional logit by Newton's method with step halving (the loss is convex,
    a few steps suffice)."""
    starts = np.flatnonzero(np.r_[True, m.group[1:] != m.group[:-1]])

    def loss(w: npt.NDArray[np.float64]) -> float:
        p = _group_softmax(m.x @ w, m.group, m.n)
        return -float(np.log(np.maximum(p[m.chosen], 1e-300)).sum()) + 0.5 * l2 * float(w @ w)

    w = np.zeros(m.x.shape[1])
    current = loss(w)
    for _ in range(50):
        p = _group_softmax(m.x @ w, m.group, m.n)
        grad = m.x.T @ (y - p) - l2 * w
        xc = m.x - np.add.reduceat(p[:, None] * m.x, starts)[m.group]
        hess = (xc * p[:, None]).T @ xc + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        for _ in range(30):
            new = loss(w + step)
            if new <= current:
                break
            step = step / 2
        w, improvement, current = w + step, current - new, new
        if improvement < 1e-7 * max(1.0, abs(current)):
            break
    return w


def scores(m: Matrix, names: list[str], weights: dict[str, float]) -> npt.NDArray[np.float64]:
    """The score of every row under ``weights``, as :class:`PreferenceModel` computes it."""
    out: npt.NDArray[np.float64] = m.x @ np.array([weights.get(n, 0.0) for n in names])
    return out


@dataclass
class Picks:
    """Per decision: whether the first row is the player's, its fitted chance, and whether it
    has the top expected score (the clear rule needs it)."""

    agreed: npt.NDArray[np.bool_]
    probability: npt.NDArray[np.float64]
    top_value: npt.NDArray[np.bool_]


def picks(m: Matrix, u: npt.NDArray[np.float64]) -> Picks:
    """The first row of each decision as the engine orders them (a row that cannot win goes
    below those that can), from the scores ``u``."""
    ranked = u - 1e9 * m.cant_win
    starts = np.flatnonzero(np.r_[True, m.group[1:] != m.group[:-1]])
    top = np.maximum.reduceat(ranked, starts)
    first = np.zeros(m.n, dtype=np.intp)
    is_top = ranked == top[m.group]
    rows = np.flatnonzero(is_top)
    first[m.group[rows[::-1]]] = rows[::-1]  # the first top row of each decision
    p = _group_softmax(u, m.group, m.n)
    best_ev = np.maximum.reduceat(m.ev, starts)
    return Picks(m.chosen[first], p[first], m.ev[first] >= best_ev)


@dataclass
class Result:
    """Out-of-fold figures: agreement, and agreement where the ranking says clear; and the clear
    threshold chosen on every game's out-of-fold scores (the shipped model's); and per decision
    (in sample order) whether the first row was the player's and whether it was clear."""

    decisions: int
    agreed: int
    clear: int
    clear_agreed: int
    threshold: float = 1.0
    agreed_each: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, dtype=bool))
    clear_each: npt.NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, dtype=bool))

    def subset(self, keep: npt.NDArray[np.bool_]) -> Result:
        """The same figures over the decisions marked in ``keep``."""
        a, c = self.agreed_each[keep], self.clear_each[keep]
        return Result(
            int(keep.sum()), int(a.sum()), int(c.sum()), int((a & c).sum()), self.threshold, a, c
        )

    def summary(self) -> str:
        """Top-1 and clear (share, agreed) as the fit script prints them."""
        n = max(1, self.decisions)
        return (
            f"{self.decisions} decisions; cross-validated top-1 {self.agreed / n:.2%}; "
            f"clear {self.clear / n:.2%}, agreed {self.clear_agreed / max(1, self.clear):.2%}"
        )


def choose_threshold(pk: Picks, aim: float | None = None) -> float:
    """The lowest fitted chance above which the first row agrees with the players at least
    ``aim`` of the time on the decisions of ``pk`` (counting at least 20 clear decisions)."""
    aim = AIM if aim is None else aim
    keep = pk.top_value
    prob, ok = pk.probability[keep], pk.agreed[keep]
    order_ = np.argsort(-prob, kind="stable")
    prob, ok = prob[order_], ok[order_]
    precision = np.cumsum(ok) / np.arange(1, len(ok) + 1)
    good = np.flatnonzero((precision >= aim) & (np.arange(1, len(ok) + 1) >= 20))
    if not len(good):
        return 1.0
    return float(prob[good[-1]])


def fold_of(game: str) -> int:
    """The cross-validation fold of a game (a stable hash of its log id)."""
    return int(hashlib.sha1(game.encode()).hexdigest()[:8], 16) % FOLDS


TREES: dict[str, Any] = {
    "learning_rate": 0.05,
    "num_leaves": 63,
    "max_depth": 6,
    "min_data_in_leaf": 200,
    "feature_fraction": 0.5,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 10.0,
    "seed": 13,
    "deterministic": True,
    "force_row_wise": True,
    "num_threads": 1,
    "verbose": -1,
}
"""Small regularised trees boosted on top of the linear score (see :func:`fit_model`)."""
ROUNDS = 600
EVERY = 1
"""One decision in this many is kept (``--every``; ``bench/bench_ranking.py`` uses the same)."""


@dataclass
class Model:
    """The linear weights and the trees boosted from their score (None: linear alone)."""

    weights: dict[str, float]
    booster: Any = None

    def scores(self, m: Matrix, names: list[str]) -> npt.NDArray[np.float64]:
        """Every row's score: the linear score plus the trees' (log-odds of the choice)."""
        linear = scores(m, names, self.weights)
        if self.booster is None:
            return linear
        extra = self.booster.predict(np.column_stack([m.x, linear]), raw_score=True)
        out: npt.NDArray[np.float64] = linear + extra
        return out


def fit_model(m: Matrix, names: list[str], rounds: int = ROUNDS) -> Model:
    """The conditional logit, then LightGBM trees boosted from its score with the same loss
    (a custom objective: one softmax over the candidates of each decision, gradient ``p - y``,
    hessian ``p (1 - p)``), over the features and the linear score."""
    import lightgbm as lgb

    weights = fit(m, names)
    if rounds <= 0:
        return Model(weights)
    linear = scores(m, names, weights)
    y = m.chosen.astype(np.float64)

    def objective(
        preds: npt.NDArray[np.float64], _data: Any
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        p = _group_softmax(preds, m.group, m.n)
        return p - y, np.maximum(p * (1.0 - p), 1e-6)

    data = lgb.Dataset(np.column_stack([m.x, linear]), init_score=linear)
    return Model(weights, lgb.train(dict(TREES, objective=objective), data, rounds))


@dataclass
class FoldScores:
    """The rows' scores of the cross-validation, by models that never saw the rows' games:
    ``pair[(k, j)]`` scores fold ``j`` by the model fitted outside folds ``j`` and ``k`` (what
    the clear rule of held-out fold ``k`` is fitted on), ``test[k]`` scores fold ``k`` by the
    model fitted outside it."""

    pair: dict[tuple[int, int], npt.NDArray[np.float64]]
    test: dict[int, npt.NDArray[np.float64]]


def fold_scores(
    m: Matrix, folds: npt.NDArray[np.int64], names: list[str], rounds: int, cache: Path | None
) -> FoldScores:
    """Fit the models of :func:`cross_validate` and score their held-out games (one model per
    pair of folds serves both: fitted outside folds j and k, it scores j for k and k for j).
    With ``cache``, scores saved there for the same rows, features and parameters are reused."""
    key = hashlib.sha1(
        m.x.tobytes()
        + m.chosen.tobytes()
        + folds.tobytes()
        + json.dumps([names, TREES, rounds, FOLDS, L2], sort_keys=True).encode()
    ).hexdigest()
    if cache is not None and cache.exists():
        saved = pickle.loads(cache.read_bytes())
        if saved.get("key") == key:
            return FoldScores(saved["pair"], saved["test"])
    pair: dict[tuple[int, int], npt.NDArray[np.float64]] = {}
    for j in range(FOLDS):
        for k in range(j + 1, FOLDS):
            model = fit_model(m.take((folds != j) & (folds != k)), names, rounds)
            pair[(k, j)] = model.scores(m.take(folds == j), names)
            pair[(j, k)] = model.scores(m.take(folds == k), names)
    test = {
        k: fit_model(m.take(folds != k), names, rounds).scores(m.take(folds == k), names)
        for k in range(FOLDS)
    }
    scores = FoldScores(pair, test)
    if cache is not None:
        cache.write_bytes(pickle.dumps({"key": key, "pair": pair, "test": test}))
    return scores


@dataclass
class Judged:
    """Per decision, its rows ordered as the engine orders them under some scores: whether the
    first row is the player's, whether it has the top expected score, and the clear rule's
    facts (:func:`tutor.engine.value.clear_features`, in :data:`CLEAR_FEATURES` order)."""

    agreed: npt.NDArray[np.bool_]
    top_value: npt.NDArray[np.bool_]
    x: npt.NDArray[np.float64]


def judge(samples: list[Sample], u: npt.NDArray[np.float64]) -> Judged:
    """:class:`Judged` for ``samples`` whose rows (in sample order) have the scores ``u``."""
    agreed, top, xs = [], [], []
    at = 0
    for s in samples:
        scored = [
            replace(r, score=float(x))
            for r, x in zip(s.rows, u[at : at + len(s.rows)], strict=True)
        ]
        at += len(s.rows)
        ordered = order_rows(scored)
        assert s.context is not None
        f = clear_features(ordered, s.hand, s.context)
        agreed.append(ordered[0].discard == s.rows[s.chosen].discard)
        top.append(has_top_value(ordered))
        xs.append([f[k] for k in CLEAR_FEATURES])
    return Judged(np.array(agreed), np.array(top), np.array(xs, dtype=np.float64))


CLEAR_FEATURES = sorted(
    clear_features(
        [
            RankedDiscard(0, 1, 1, 0, 0.0, 0.0, 0.0, ()),
            RankedDiscard(1, 1, 1, 0, 0.0, 0.0, 0.0, ()),
        ],
        (1,) * 14 + (0,) * 20,
        TableContext(),
    )
)
CLEAR_L2 = 1.0


def fit_clear(j: Judged, keep: npt.NDArray[np.bool_]) -> tuple[dict[str, float], float]:
    """The logistic model of agreement with the first row over the clear features, fitted by
    Newton's method (L2-penalised, the bias free) on the decisions marked in ``keep``."""
    x = np.column_stack([np.ones(int(keep.sum())), j.x[keep]])
    y = j.agreed[keep].astype(np.float64)
    penalty = CLEAR_L2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (y - p) - penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w = w + step
        if np.abs(step).max() < 1e-8:
            break
    return {k: float(v) for k, v in zip(CLEAR_FEATURES, w[1:], strict=True)}, float(w[0])


def confidence(j: Judged, weights: dict[str, float], bias: float) -> npt.NDArray[np.float64]:
    """:meth:`tutor.engine.value.ClearModel.confidence` of every decision of ``j``."""
    z = bias + j.x @ np.array([weights[k] for k in CLEAR_FEATURES])
    out: npt.NDArray[np.float64] = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    return out


def clear_threshold(j: Judged, groups: npt.NDArray[np.int64], aim: float | None = None) -> float:
    """The clear rule's threshold on the decisions of ``j``: the logistic model is fitted on
    all groups but one and scores that one, for each group in turn, and the threshold is the
    lowest confidence whose clear decisions (with the top expected score) agree ``aim`` of
    the time on those held-out confidences."""
    conf = np.empty(len(j.agreed))
    for g in np.unique(groups):
        weights, bias = fit_clear(j, groups != g)
        held = groups == g
        conf[held] = confidence(j, weights, bias)[held]
    return choose_threshold(Picks(j.agreed, conf, j.top_value), aim)


@dataclass
class ClearFit:
    """The shipped clear rule: the logistic weights and bias and the threshold."""

    weights: dict[str, float]
    bias: float
    threshold: float


def cross_validate(
    samples: list[Sample],
    names: list[str],
    rounds: int = ROUNDS,
    cache: Path | None = None,
) -> tuple[Result, dict[int, float], ClearFit]:
    """Fit on four folds of games, measure on the fifth, for each fold in turn.

    The clear rule of a held-out fold k is fitted on the four training folds alone, from their
    **out-of-fold** scores (each training fold j scored by the model fitted outside j and k),
    so the trees' fit to their own games does not loosen it: the logistic model of agreement
    over :func:`tutor.engine.value.clear_features`, and its threshold chosen on its own
    held-out confidences over those four folds (:func:`clear_threshold`). The shipped rule is
    fitted the same way on every game scored by the model fitted outside its fold."""
    m = matrix(samples, names)
    folds = np.array([fold_of(s.game) for s in samples])
    fs = fold_scores(m, folds, names, rounds, cache)
    row_fold = folds[m.group]
    agreed = clear = clear_agreed = 0
    thresholds: dict[int, float] = {}
    every = np.empty(len(m.x))
    index = np.arange(len(samples))
    agreed_each = np.zeros(len(samples), dtype=bool)
    clear_each = np.zeros(len(samples), dtype=bool)
    for k in range(FOLDS):
        every[row_fold == k] = fs.test[k]
        train_idx = index[folds != k]
        u_train = np.empty(int((row_fold != k).sum()))
        train_fold = row_fold[row_fold != k]
        for j in range(FOLDS):
            if j != k:
                u_train[train_fold == j] = fs.pair[(k, j)]
        train = judge([samples[i] for i in train_idx], u_train)
        thresholds[k] = clear_threshold(train, folds[train_idx])
        weights, bias = fit_clear(train, np.ones(len(train_idx), dtype=bool))
        test = judge([samples[i] for i in index[folds == k]], fs.test[k])
        is_clear = test.top_value & (confidence(test, weights, bias) >= thresholds[k])
        agreed += int(test.agreed.sum())
        clear += int(is_clear.sum())
        clear_agreed += int((is_clear & test.agreed).sum())
        agreed_each[folds == k] = test.agreed
        clear_each[folds == k] = is_clear
    whole = judge(samples, every)
    weights, bias = fit_clear(whole, np.ones(len(samples), dtype=bool))
    shipped = ClearFit(weights, bias, clear_threshold(whole, folds))
    return (
        Result(
            len(samples),
            agreed,
            clear,
            clear_agreed,
            shipped.threshold,
            agreed_each,
            clear_each,
        ),
        thresholds,
        shipped,
    )


def screen(samples: list[Sample], names: list[str], rounds: int = ROUNDS, subsets: int = 0) -> None:
    """A quick look at a change of features: the top-1 agreement on one fold of games (fold 0)
    of the logit alone and with the trees, fitted on the other four (with ``subsets``, also on
    the held-out decisions of each offset modulo ``subsets``, see :func:`offsets`)."""
    m = matrix(samples, names)
    folds = np.array([fold_of(s.game) for s in samples])
    held = folds == 0
    train, test = m.take(~held), m.take(held)
    offset = offsets(samples, subsets)[held] if subsets else None
    for r in (0, rounds):
        start = time.perf_counter()
        u = fit_model(train, names, r).scores(test, names)
        pk = picks(test, u)
        parts = (
            ""
            if offset is None
            else "".join(
                f"; offset {o}: {pk.agreed[offset == o].mean():.2%} of {(offset == o).sum()}"
                for o in np.unique(offset)
            )
        )
        print(
            f"screen, fold 0 of {FOLDS} ({test.n} decisions), {r} rounds: "
            f"top-1 {pk.agreed.mean():.2%}{parts} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


def offsets(samples: list[Sample], every: int) -> npt.NDArray[np.int64]:
    """Each sample's offset modulo ``every`` (the ``--offset`` of ``--every`` that keeps it)."""
    return np.array([key_hash(s.decision) % every for s in samples], dtype=np.int64)


def add_data_options(parser: argparse.ArgumentParser) -> None:
    """The options that pick the decisions and the caches (this script and the bench)."""
    parser.add_argument("--games", type=int, default=None, help="only the first N games")
    parser.add_argument("--every", type=int, default=EVERY, help="keep one decision in N")
    parser.add_argument(
        "--offset", type=int, default=0, help="the one kept: its key's hash modulo N is this"
    )
    parser.add_argument(
        "--cache",
        type=Path,
        nargs="+",
        help="pickle of the ranked decisions, reused; several (existing): their union",
    )
    parser.add_argument(
        "--scores", type=Path, help="pickle of the cross-validated scores, reused if current"
    )


def main() -> None:
    global L2
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_data_options(parser)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="boosting rounds")
    parser.add_argument("--l2", type=float, default=L2, help="the logit's L2 penalty")
    parser.add_argument("--leaves", type=int, default=TREES["num_leaves"], help="tree leaves")
    parser.add_argument("--depth", type=int, default=TREES["max_depth"], help="tree depth")
    parser.add_argument(
        "--min-leaf", type=int, default=TREES["min_data_in_leaf"], help="rows a leaf at least"
    )
    parser.add_argument(
        "--tree-l2", type=float, default=TREES["lambda_l2"], help="the trees' L2 penalty"
    )
    parser.add_argument(
        "--learning-rate", type=float, default=TREES["learning_rate"], help="boosting step"
    )
    parser.add_argument(
        "--subsets",
        type=int,
        default=0,
        help="also print the figures on the decisions of each offset modulo this (e.g. 8)",
    )
    parser.add_argument(
        "--no-write", action="store_true", help="cross-validate only, write no data file"
    )
    parser.add_argument(
        "--rank-only", action="store_true", help="rank the decisions into --cache and stop"
    )
    parser.add_argument(
        "--screen",
        action="store_true",
        help="only the top-1 agreement on one fold, nothing written",
    )
    parser.add_argument(
        "--without", nargs="*", default=[], help="leave these candidate features out"
    )
    args = parser.parse_args()
    L2 = args.l2
    TREES.update(
        num_leaves=args.leaves,
        max_depth=args.depth,
        min_data_in_leaf=args.min_leaf,
        lambda_l2=args.tree_l2,
        learning_rate=args.learning_rate,
    )
    data = load_or_collect(args.cache, args.games, args.every, args.offset)
    if args.rank_only:
        print(f"{len(data.samples):,} decisions ranked ({data.read:,} read)")
        return
    names = [n for n in FEATURES if n not in args.without]
    if args.screen:
        screen(data.samples, names, args.rounds, args.subsets)
        return
    result, thresholds, shipped = cross_validate(
        data.samples, names, args.rounds, cache=args.scores
    )
    print(
        f"{result.summary()} (thresholds {sorted(round(t, 3) for t in thresholds.values())})",
        flush=True,
    )
    if args.subsets:
        offset = offsets(data.samples, args.subsets)
        for o in np.unique(offset):
            print(f"  offset {o} of {args.subsets}: {result.subset(offset == o).summary()}")
    if args.no_write:
        return
    model = fit_model(matrix(data.samples, names), names, args.rounds)
    n = result.decisions
    trees = flatten_lightgbm(model.booster.dump_model()["tree_info"])
    OUT.write_text(
        json.dumps(
            {
                "about": "conditional-logit weights of tutor.engine.value.candidate_features "
                "and LightGBM trees boosted from their score (input: the features in "
                "trees.features order, then the linear score), fitted by "
                "scripts/fit_discard_prefs.py on the shared Phoenix games",
                "decisions": n,
                "cross_validated_top1": round(result.agreed / n, 4),
                "cross_validated_clear": round(result.clear / n, 4),
                "cross_validated_clear_agreed": round(
                    result.clear_agreed / max(1, result.clear), 4
                ),
                "clear_model": {
                    "bias": round(shipped.bias, 5),
                    "weights": {k: round(v, 5) for k, v in sorted(shipped.weights.items())},
                    "threshold": round(shipped.threshold, 4),
                },
                "weights": {k: round(v, 5) for k, v in sorted(model.weights.items())},
            },
            indent=2,
        )[:-2]
        # the trees' node arrays on one line each, not one number per line
        + ',\n  "trees": '
        + json.dumps(
            {
                "features": names,
                "rounds": args.rounds,
                "params": {k: v for k, v in TREES.items() if k != "verbose"},
                **trees,
            }
        )
        + "\n}\n"
    )
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
