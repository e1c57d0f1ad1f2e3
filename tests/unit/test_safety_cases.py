"""Every labelled safety case in tests/data/safety/ through the engine, exactly as labelled: the
classes written for issue 11 (both directions), the regression cases, and the labelled sample."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from coach_core.policies import POLICY_ORDER, get_engine
from tests.safety_cases import HOLDOUT_FILES, SAFETY_DATA, TUNED_FILES, all_cases, load_cases

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
    cases = all_cases(TUNED_FILES + HOLDOUT_FILES)
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
# alarms, 187/199 exact); they guard against regressions, not towards a target.
HOLDOUT_MIN_CAUGHT = 108
HOLDOUT_MAX_FALSE_ALARMS = 2
HOLDOUT_MIN_EXACT = 187


def test_held_out_cases_stay_at_least_as_good_as_when_first_measured() -> None:
    """GIVEN the held-out cases WHEN checked THEN recall, false alarms and exact matches are no worse
    than the figures measured when they were first run after tuning."""
    caught = false_alarms = exact = 0
    misses = []
    for case in all_cases(HOLDOUT_FILES):
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
    assert caught >= HOLDOUT_MIN_CAUGHT, misses
    assert false_alarms <= HOLDOUT_MAX_FALSE_ALARMS, misses
    assert exact >= HOLDOUT_MIN_EXACT, misses
