"""The labelled safety corpus (safety_corpus/): one schema, enough independent data in every
voice, and held-out sets that are really held out (nothing learned from them: no copy or
near-copy in another set, in a detector's examples or in a rule)."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from coach_core.policies.crisis import DETECTORS
from safety_ml.corpus import TEAM_SETS, Case, independent_sets, load, near_duplicate_pairs

CASES = load()
BY_SET: dict[str, list[Case]] = {}
for _case in CASES:
    BY_SET.setdefault(_case.set, []).append(_case)
NEW_SETS = [s for s in independent_sets(CASES) if re.match(r"w\d\d-", s)]
EXAMPLES = [
    Case(f"{det.id}#{n}", "input", text, "allow", (), "example", f"detector:{det.id}", "", "")
    for det in DETECTORS
    for n, text in enumerate((*det.examples, *det.counterexamples))
]


def _example(case: Case) -> bool:
    return case.set.startswith("detector:")


def _independent(case: Case) -> bool:
    return case.set not in TEAM_SETS and not _example(case)


@cache
def _pairs() -> list[tuple[Case, Case]]:
    """Every near-duplicate pair among the corpus and the detectors' examples (one search, about a
    minute on the shared machine, for both tests below)."""
    both = CASES + EXAMPLES
    return [(both[i], both[j]) for i, j, _ in near_duplicate_pairs(both)]


def test_given_the_corpus_then_it_holds_ten_thousand_labelled_messages_in_ten_new_independent_sets() -> None:
    """GIVEN the corpus WHEN loaded (every line validated) THEN at least 10,000 cases, and at least ten
    new independent sets of at least 300 messages, each with its writer's brief and date."""
    assert len(CASES) >= 10_000
    big = [s for s in NEW_SETS if len(BY_SET[s]) >= 300]
    assert len(big) >= 10, big
    for name in NEW_SETS:
        assert {c.writer_brief for c in BY_SET[name]} and all(c.date for c in BY_SET[name])
        assert len({c.writer_brief for c in BY_SET[name]}) == 1, name


@pytest.mark.parametrize("name", NEW_SETS)
def test_given_a_voice_then_it_has_at_least_as_many_non_crisis_as_crisis_messages(name: str) -> None:
    """GIVEN an independent set (one voice) THEN non-crisis >= crisis, and it holds coach replies too."""
    counts = Counter(c.crisis for c in BY_SET[name])
    assert counts[False] >= counts[True] > 0
    assert any(c.direction == "output" for c in BY_SET[name])


def test_given_every_pair_of_sets_then_no_case_is_a_near_duplicate_of_another_sets_case() -> None:
    """GIVEN the whole corpus THEN no two cases of different sets are equal or near-duplicates (character
    5-gram Jaccard >= 0.8): a left-out set's cases are never in its fold's training data."""
    corpus = [(a.id, b.id) for a, b in _pairs() if not _example(a) and not _example(b)]
    assert corpus == []


def test_given_the_independent_sets_then_no_case_is_copied_into_a_detector_example_or_a_rule() -> None:
    """GIVEN every case of every independent set (all are reported as unseen) WHEN compared with every
    detector's examples and counterexamples, and with every detector's pattern THEN none is equal or a
    near-duplicate of an example, and no case's words stand inside a pattern."""
    held = [c for c in CASES if c.set not in TEAM_SETS]
    copied = [(a.id, b.id) for a, b in _pairs() if _example(a) != _example(b) and (_independent(a) or _independent(b))]
    assert copied == []
    patterns = " ".join(det.regex.pattern for det in DETECTORS)
    in_rules = [c.id for c in held if len(c.key) >= 25 and c.key in patterns]
    assert in_rules == []
