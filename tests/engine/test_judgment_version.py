"""A change to the engine's judgment comes with a new judgment version.

The site judges again every stored puzzle and review judged with an older
:data:`tutor.engine.judgment.VERSION`; a change that alters verdicts but keeps the version would
leave them stale. So the verdicts on a fixed set of positions are digested here, one digest per
version: generated puzzles of every kind (answer, or why no puzzle), the danger of the tiles of
every 100th shared defense decision and its safest tile by margin, the game review's verdict on
every decision of one shared game made against two riichi, and push or fold's clear verdict on
a few hands. When this fails, bump the version, say why in ``HISTORY`` and record the
new digest below.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from puzzles import generation
from reviews.judge import judge_several
from tests.conftest import missing
from tutor.engine import judgment
from tutor.engine.defense import EXAMPLE, DefenseState, danger
from tutor.engine.defense_puzzle import riichi_positions, safest_by_margin
from tutor.engine.gamelog.mjlog import load_mjlog
from tutor.engine.hand import parse_hand
from tutor.engine.push_fold import clear_answer, push_or_fold
from tutor.engine.value import TableContext, decision_from_json

DEFENSE = (
    Path(__file__).resolve().parents[3] / "shared" / "reference" / "defense_decisions.jsonl.gz"
)

DIGESTS = {1: "3719d25a2c47bea9", 2: "220923a28bdf17af"}
"""The digest of the verdicts below, by judgment version."""

PROBES = {"discard": 200}
"""Candidates dealt per generated kind (40 unless named): what to discard is where the clear
rules decide close calls, so it gets enough deals to meet some."""

PUSH_FOLD_HANDS = (
    "25m34469p346s1234z",
    "234m456p789s2345m6p",
    "123m55p678s2399s11z",
    "19m19p19s1234567z8m",
)


def verdicts() -> list[Any]:
    """The engine's verdicts on the probe positions, as plain values."""
    out: list[Any] = []
    for kind in generation.KINDS:
        for i in range(PROBES.get(kind, 40)):
            c = generation.deal_candidate(kind, "", generation.derive_seed(2026, "probe", kind, i))
            made = generation.evaluate(c)
            if isinstance(made, generation.Rejected):
                out.append([kind, i, "rejected", made.reason])
            else:  # the whole stored analysis: a change of figures is a change to store
                out.append([kind, i, made.canonical_key, made.analysis])
    if not DEFENSE.exists():
        missing(f"the shared defense decisions are not in {DEFENSE}")
    with gzip.open(DEFENSE, "rt") as lines:
        records = [json.loads(line) for n, line in enumerate(lines) if n % 100 == 0]
    for record in records:
        state = DefenseState.from_json(record)
        out.append([{t: round(p, 3) for t, p in danger(state).items()}, safest_by_margin(state)])
    # the game review against two riichi: every such decision of one shared game
    game = load_mjlog(DEFENSE.parent / "tenhou_logs" / "2022010103gm-00a9-0000-8beb2987.xml")
    for d, records in riichi_positions(game):
        if len(records) > 1 and not d.declared_riichi:
            hand, _context = decision_from_json(d.as_json())
            facts = judge_several(records, hand)
            out.append([d.round_seq, d.seat, d.turn, facts["played"], facts["deal_in_prone"]])
    state = DefenseState.from_json(EXAMPLE)
    for hand in PUSH_FOLD_HANDS:
        for draws in (12, 6):
            choice = push_or_fold(state, parse_hand(hand), TableContext(draws_left=draws))
            out.append([hand, draws, choice.answer, clear_answer(choice)])
    return out


def test_the_judgment_version_changes_with_the_verdicts() -> None:
    digest = hashlib.sha256(json.dumps(verdicts(), sort_keys=True).encode()).hexdigest()[:16]
    assert DIGESTS.get(judgment.VERSION) == digest, (
        f"The engine's verdicts changed (digest {digest}): bump tutor.engine.judgment.VERSION, "
        "say why in its HISTORY and record the digest in DIGESTS; stored puzzles and reviews "
        "are then judged again."
    )
