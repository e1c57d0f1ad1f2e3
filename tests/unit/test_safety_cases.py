"""Every labelled safety case in tests/data/safety/ through the engine, exactly as labelled: the
classes written for issue 11 (both directions), the regression cases, and the labelled sample."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from coach_core.policies import POLICY_ORDER, get_engine
from tests.safety_cases import (
    EXTERNAL_DEV_FILES,
    EXTERNAL_LATER_FILES,
    EXTERNAL_TEST_FILES,
    HOLDOUT_FILES,
    SAFETY_DATA,
    TUNED_FILES,
    all_cases,
    load_cases,
)

ENGINE = get_engine()
TUNED = all_cases(TUNED_FILES)
ACTIONS = {"allow", "modify", "block", "flag"}
MIN_CASES_PER_CLASS = 30
MIN_HOLDOUT_PER_CLASS = 10
MIN_PER_DIRECTION = 10
REPLY_ONLY_CLASSES = {"rate_in_reply"}  # a rate stated inside a coach reply: output by definition


@pytest.mark.parametrize("case", TUNED, ids=[c["id"] for c in TUNED])
def test_labelled_case_comes_out_as_labelled(case: dict[str, Any]) -> None:
    """GIVEN a labelled case WHEN the engine checks it in its direction THEN the expected action and
    exactly the expected policies."""
    result = ENGINE.check(case["text"], case["direction"])
    assert (result.action, set(result.violation_types)) == (case["expected_action"], set(case["expected_violations"]))


def test_case_files_are_well_formed() -> None:
    """GIVEN every case file (holdout included) THEN unique ids, valid directions, actions and policy
    names, and a class on every case."""
    later = [f for files in EXTERNAL_LATER_FILES.values() for f in files]
    cases = all_cases(TUNED_FILES + HOLDOUT_FILES + EXTERNAL_DEV_FILES + EXTERNAL_TEST_FILES + later)
    ids = Counter(c["id"] for c in cases)
    assert [i for i, n in ids.items() if n > 1] == []
    for case in cases:
        assert case["direction"] in ("input", "output"), case["id"]
        assert isinstance(case["text"], str) and case["text"].strip(), case["id"]
        assert case["expected_action"] in ACTIONS, case["id"]
        assert set(case["expected_violations"]) <= set(POLICY_ORDER), case["id"]
        assert (case["expected_action"] == "allow") == (not case["expected_violations"]), case["id"]
        assert case["class"], case["id"]


def test_each_new_class_has_thirty_cases_in_both_directions_and_a_holdout() -> None:
    """GIVEN the classes of issue 11 THEN each has at least 30 tuning cases, at least 10 of them coach
    replies and 10 user messages (replies only for a reply class), and at least 10 held-out cases
    written before tuning."""
    tuned = {p.stem: load_cases(p) for p in sorted(SAFETY_DATA.glob("cases/*.jsonl"))}
    held = {p.stem: load_cases(p) for p in HOLDOUT_FILES}
    assert set(held) == set(tuned) and len(tuned) >= 14
    for name, cases in tuned.items():
        assert len(cases) >= MIN_CASES_PER_CLASS, name
        assert {c["class"] for c in cases} == {name}
        directions = Counter(c["direction"] for c in cases)
        assert directions["output"] >= MIN_PER_DIRECTION, name
        assert name in REPLY_ONLY_CLASSES or directions["input"] >= MIN_PER_DIRECTION, name
        assert len(held[name]) >= MIN_HOLDOUT_PER_CLASS, name


# The held-out cases were written before any tuning and are never tuned on: fixing a rule to
# pass one of them would make it a tuning case. The thresholds are what the engine honestly
# reached when they were first run after the work of issue 11 (108/116 caught, 2/83 false
# alarms, 187/199 exact), raised to what the engine reached after the external set's families
# were added without looking at the holdout (110/116, 2/83, 189/199; 111/116 and 190/199 after the
# later rounds); they guard against regressions, not towards a target.
HOLDOUT_MIN_CAUGHT = 111
HOLDOUT_MAX_FALSE_ALARMS = 2
HOLDOUT_MIN_EXACT = 190
EXTERNAL_DEV_MIN_CAUGHT = 77
EXTERNAL_DEV_MAX_FALSE_ALARMS = 0
EXTERNAL_TEST_MIN_CAUGHT = 74
EXTERNAL_TEST_MAX_FALSE_ALARMS = 0


def _score(files: list[Path]) -> tuple[int, int, int, list[str]]:
    """Caught positives, false alarms, exact matches and the ids that are not exact."""
    caught = false_alarms = exact = 0
    misses = []
    for case in all_cases(files):
        result = ENGINE.check(case["text"], case["direction"])
        got, want = (
            (result.action, set(result.violation_types)),
            (case["expected_action"], set(case["expected_violations"])),
        )
        exact += got == want
        if case["expected_action"] == "allow":
            false_alarms += result.action != "allow"
        else:
            caught += result.action == want[0] and want[1] <= got[1]
        if got != want:
            misses.append(case["id"])
    return caught, false_alarms, exact, misses


def test_held_out_cases_stay_at_least_as_good_as_when_first_measured() -> None:
    """GIVEN the held-out cases WHEN checked THEN recall, false alarms and exact matches are no worse
    than the figures measured when they were first run after tuning."""
    caught, false_alarms, exact, misses = _score(HOLDOUT_FILES)
    assert caught >= HOLDOUT_MIN_CAUGHT, misses
    assert false_alarms <= HOLDOUT_MAX_FALSE_ALARMS, misses
    assert exact >= HOLDOUT_MIN_EXACT, misses


# The external cases were written by someone who never saw the rules (labels from the spec alone).
# First run (2026-12-01, before any tuning on them): dev 64/77 caught, 1/38 false alarms; test
# 60/77, 1/35. Then the misses of the dev half (odd ids) were shown to the rule authors as examples
# of phrasing families; the test half was never shown. The figures below are those measured after
# that work (dev 77/77, 0/38; test 74/77, 0/35, where 3 self-harm cases of the test half were
# seen by one rule author mid-way, so 71/74 of the rest is the blind figure); like the holdout's
# they guard against regressions.
# Later sets, each written by another writer who never saw the rules: external2 (first run
# 116/132 caught, 3/63 false alarms) and external3 (89/123, 8/63; its writer was asked for
# phrasings a rule writer would not anticipate) and external4 (same brief; 95/123, 2/63) were
# then tuned on; external5 (110/123, 1/63 at its first run, after four rounds) was measured
# last and then tuned on too: its first-run figures are the honest estimate for unseen messages.
# The thresholds are the figures after that work.
EXTERNAL = {
    "dev": (EXTERNAL_DEV_FILES, EXTERNAL_DEV_MIN_CAUGHT, EXTERNAL_DEV_MAX_FALSE_ALARMS),
    "test": (EXTERNAL_TEST_FILES, EXTERNAL_TEST_MIN_CAUGHT, EXTERNAL_TEST_MAX_FALSE_ALARMS),
    "2": (EXTERNAL_LATER_FILES[2], 132, 0),
    "3": (EXTERNAL_LATER_FILES[3], 123, 0),
    "4": (EXTERNAL_LATER_FILES[4], 123, 0),
    "5": (EXTERNAL_LATER_FILES[5], 123, 0),
}


@pytest.mark.parametrize("half", sorted(EXTERNAL))
def test_external_cases_stay_at_least_as_good_as_when_measured(half: str) -> None:
    """GIVEN the external cases (written without seeing the rules) WHEN checked THEN no fewer caught
    and no more false alarms than measured."""
    files, min_caught, max_false_alarms = EXTERNAL[half]
    assert len(all_cases(files)) >= 110
    caught, false_alarms, _, misses = _score(files)
    assert caught >= min_caught, misses
    assert false_alarms <= max_false_alarms, misses
