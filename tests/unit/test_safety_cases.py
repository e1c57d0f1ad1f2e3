"""The safety layers on the labelled corpus (safety_corpus/), held at the figures `make eval-safety`
measured and recorded in safety_corpus/figures.json (one scorer: `safety_ml.evaluate`).

- The rules alone are deterministic: on every independent set they catch no fewer crises and raise
  no more false alarms than recorded.
- Both layers with the committed model: on every independent set no worse than the leave-one-set-out
  figure (the model was trained on these sets, so this is a floor, not the honest figure).
- Every policy, per set, for the committed engine: recall, false alarms and exact matches.
- The labelled sample that came with the policies comes out exactly as labelled.
If the corpus or the artifact changed, the figures are stale: `make train-safety` then
`make eval-safety ARGS=--write`, and read the new table before committing it."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from coach_core.policies import get_engine
from coach_core.policies.learned import load_model
from safety_ml.corpus import ROOT, Case, digest, independent_sets, load
from safety_ml.evaluate import FIGURES, Layers, engine_summary, rules_fire, score_engine
from safety_ml.report import report

CASES = load()
RECORDED: dict[str, Any] = json.loads(FIGURES.read_text(encoding="utf-8"))
INDEPENDENT = independent_sets(CASES)
DIRECTIONS = ("input", "output")


@pytest.fixture(scope="module")
def engine_verdicts() -> dict[str, tuple[str, tuple[str, ...]]]:
    """The committed engine's (action, violations) for every case, computed once."""
    engine = get_engine()
    out = {}
    for c in CASES:
        r = engine.check(c.text, c.direction)
        out[c.id] = (r.action, r.violation_types)
    return out


def _layers(cases: list[Case], flagged: np.ndarray) -> dict[str, tuple[int, int, int, int]]:
    """Per direction: (crises caught, crises, false alarms, non-crises)."""
    crisis = np.array([c.crisis for c in cases])
    directions = np.array([c.direction for c in cases])
    return {
        d: (
            int((flagged & crisis & (directions == d)).sum()),
            int((crisis & (directions == d)).sum()),
            int((flagged & ~crisis & (directions == d)).sum()),
            int((~crisis & (directions == d)).sum()),
        )
        for d in DIRECTIONS
        if (directions == d).any()
    }


def test_given_the_recorded_figures_then_they_were_measured_on_this_corpus_and_this_model() -> None:
    """GIVEN safety_corpus/figures.json THEN its corpus hash and model hash are the current ones, and it
    holds a leave-one-set-out row for every independent set."""
    stale = "make train-safety, then make eval-safety ARGS=--write"
    assert RECORDED["corpus_sha256"] == digest(CASES), f"the corpus changed since: {stale}"
    assert RECORDED["model_sha256"] == load_model().sha256, f"the artifact changed since: {stale}"
    assert sorted(RECORDED["loso"]) == sorted(INDEPENDENT)


@pytest.mark.parametrize("name", INDEPENDENT)
def test_given_an_independent_set_then_the_rules_alone_hold_their_measured_figures(name: str) -> None:
    """GIVEN an independent set WHEN the crisis rules alone judge it THEN, per direction, no fewer crises
    caught and no more false alarms than recorded (the rules are deterministic)."""
    cases = [c for c in CASES if c.set == name]
    now = _layers(cases, rules_fire(cases))
    for d, (caught, positives, false_alarms, negatives) in now.items():
        was = Layers(**RECORDED["loso"][name][d])
        assert (positives, negatives) == (was.positives, was.negatives)
        assert caught >= was.rules[0] and false_alarms <= was.rules[1], (d, now[d], was)


@pytest.mark.parametrize("name", INDEPENDENT)
def test_given_an_independent_set_then_both_layers_are_no_worse_than_on_unseen_data(
    name: str, engine_verdicts: dict[str, tuple[str, tuple[str, ...]]]
) -> None:
    """GIVEN an independent set WHEN the committed engine (rules + committed model) judges it THEN, per
    direction, it catches at least as many crises and raises no more false alarms than both layers did
    with the set left out of training (a floor that catches a broken artifact or feature change)."""
    cases = [c for c in CASES if c.set == name]
    flagged = np.array(["crisis" in engine_verdicts[c.id][1] for c in cases])
    for d, (caught, _, false_alarms, _) in _layers(cases, flagged).items():
        was = Layers(**RECORDED["loso"][name][d])
        assert caught >= was.both[0] and false_alarms <= was.both[1], (d, caught, false_alarms, was)


def test_given_every_set_then_every_policy_holds_its_recorded_figures() -> None:
    """GIVEN every set WHEN the committed engine judges every case THEN per set: recall (action and at
    least the labelled policies), false alarms and exact matches no worse than recorded."""
    now = engine_summary(score_engine(CASES))
    worse = {
        name: (now[name], was)
        for name, was in RECORDED["engine"].items()
        if now[name]["caught"] < was["caught"]
        or now[name]["false_alarms"] > was["false_alarms"]
        or now[name]["exact"] < was["exact"]
    }
    assert worse == {}


def test_given_the_labelled_sample_of_the_policies_then_every_case_comes_out_exactly_as_labelled(
    engine_verdicts: dict[str, tuple[str, tuple[str, ...]]],
) -> None:
    """GIVEN the sample that came with the policy definitions (verbatim) THEN each case has exactly the
    labelled action and policies."""
    sample = [c for c in CASES if c.set == "spec-sample"]
    assert len(sample) == 40
    wrong = [
        (c.id, engine_verdicts[c.id])
        for c in sample
        if engine_verdicts[c.id] != (c.expected_action, c.expected_violations)
    ]
    assert wrong == []


def test_given_the_recorded_figures_then_the_model_card_quotes_their_table_verbatim() -> None:
    """GIVEN safety_corpus/figures.json WHEN rendered (`python -m safety_ml.report`) THEN
    docs/SAFETY_MODEL.md holds that exact table: the card cannot drift from the measurement."""
    card = (ROOT / "docs" / "SAFETY_MODEL.md").read_text(encoding="utf-8")
    assert report(RECORDED) in card
