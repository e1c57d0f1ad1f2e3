"""The crisis detector set as data: every detector proves its own examples (at least two) and
counterexamples (at least one), no counterexample fires any detector of the rule layer or the whole
engine, its gates
are derived from its pattern and pass on every example, its id names its kind, and its guards
are named. Plus the pattern builder the gates come from."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from coach_core.policies import get_engine
from coach_core.policies.crisis import DETECTORS, find_crisis, fires
from coach_core.policies.crisis.detector import KINDS, Detector, guard_name
from coach_core.policies.crisis.patterns import either, expand_leading, gap, literal_prefix, opt, seq, words
from coach_core.policies.crisis.registry import present_literals
from coach_core.policies.extraction import DURATION, DURATION_UNIT_WORDS
from coach_core.policies.text import normalize

ENGINE = get_engine()
IDS = [d.id for d in DETECTORS]
EXAMPLES = [(d, ex, direction) for d in DETECTORS for ex in d.examples for direction in sorted(d.directions)]
COUNTER = [(d, cx, direction) for d in DETECTORS for cx in d.counterexamples for direction in sorted(d.directions)]


@pytest.mark.parametrize(("detector", "text", "direction"), EXAMPLES, ids=[f"{d.id}:{t[:40]}" for d, t, _ in EXAMPLES])
def test_every_example_fires_its_detector(detector: Detector, text: str, direction: str) -> None:
    """GIVEN a detector's example WHEN scanned in each direction it runs on THEN that detector fires,
    and the engine's crisis policy fires too."""
    assert fires(detector, text, direction)  # type: ignore[arg-type]
    assert "crisis" in ENGINE.check(text, direction).violation_types  # type: ignore[arg-type]


@pytest.mark.parametrize(("detector", "text", "direction"), COUNTER, ids=[f"{d.id}:{t[:40]}" for d, t, _ in COUNTER])
def test_no_counterexample_fires_its_detector(detector: Detector, text: str, direction: str) -> None:
    """GIVEN a detector's counterexample WHEN scanned THEN that detector does not fire."""
    assert not fires(detector, text, direction)  # type: ignore[arg-type]


@pytest.mark.parametrize(("detector", "text", "direction"), COUNTER, ids=[f"{d.id}:{t[:40]}" for d, t, _ in COUNTER])
def test_no_counterexample_fires_any_detector_of_the_rule_layer(detector: Detector, text: str, direction: str) -> None:
    """GIVEN a detector's counterexample WHEN the whole rule layer scans it in each direction the
    detector runs on THEN no detector fires: a near miss of one rule is no other rule's false alarm;
    and the whole engine (rules and the learned model) does not call it a crisis either."""
    hit = find_crisis(text, direction)  # type: ignore[arg-type]
    assert hit is None, hit.rule_id
    assert "crisis" not in ENGINE.check(text, direction).violation_types  # type: ignore[arg-type]


@pytest.mark.parametrize("detector", DETECTORS, ids=IDS)
def test_every_detector_documents_itself_with_two_examples_and_a_counterexample(detector: Detector) -> None:
    """GIVEN a detector THEN it has at least two examples and at least one counterexample."""
    assert len(detector.examples) >= 2 and len(detector.counterexamples) >= 1


@pytest.mark.parametrize(("detector", "text", "direction"), EXAMPLES, ids=[f"{d.id}:{t[:40]}" for d, t, _ in EXAMPLES])
def test_every_example_passes_every_gate_of_its_detector(detector: Detector, text: str, direction: str) -> None:
    """GIVEN a detector's example THEN each of its derived gates has a literal in the normalised text
    (a gate that could switch its detector off would fail here first)."""
    norm = normalize(text)
    assert detector.gates, f"{detector.id} has no derivable gate"
    for gate in detector.gates:
        assert any(lit in norm for lit in gate), (detector.id, sorted(gate)[:10])
    assert not detector.gated_out(present_literals(norm))


def test_detector_ids_are_unique_name_their_kind_and_every_kind_is_covered() -> None:
    assert [i for i, n in Counter(IDS).items() if n > 1] == []
    for d in DETECTORS:
        assert re.fullmatch(rf"crisis\.{d.kind}\.[a-z0-9_]+", d.id), d.id
    assert {d.kind for d in DETECTORS} == set(KINDS)


def test_every_detector_is_gated_and_has_named_guards() -> None:
    """GIVEN the detector set THEN every detector has at least one derived gate (so it is cheap to
    skip) and every guard has a name for tracing (a function or a guard value, never a lambda)."""
    for d in DETECTORS:
        assert d.gates, d.id
        for guard in d.guards:
            assert guard_name(guard) != "<lambda>", d.id


def test_gates_are_sound_on_every_labelled_match() -> None:
    """GIVEN every text any detector matches in its examples THEN the literal scan finds each gate: the
    one-pass literal finder agrees with plain substring search."""
    for d in DETECTORS:
        for text in d.examples:
            norm = normalize(text)
            found = present_literals(norm)
            for gate in d.gates:
                assert {lit for lit in gate if lit in norm} <= found, d.id


@pytest.mark.parametrize(
    ("form", "prefix"),
    [
        ("laxatives?", "laxative"),
        ("self[- ]?harm", "self"),
        ("throw(?:s|ing)? up", "throw"),
        ("starv(?:e|ed|ing)", "starv"),
        ("b/p", "b/p"),
        ("ex-?lax", "ex"),
        ("\\w+ing", ""),
        ("(?:a|b)c", ""),
        ("k\\.o", "k.o"),
    ],
)
def test_literal_prefix_is_what_every_match_starts_with(form: str, prefix: str) -> None:
    assert literal_prefix(form) == prefix


def test_expand_leading_writes_out_a_leading_group() -> None:
    assert expand_leading("(?:hide|hid) (?:it )?away") == ["hide (?:it )?away", "hid (?:it )?away"]
    assert expand_leading("(?:the )?weekend") == ["the weekend", "weekend"]
    assert expand_leading("(?:a|b)+c") == ["(?:a|b)+c"]


def test_sequence_keeps_every_required_gate_and_alternatives_unite() -> None:
    """GIVEN patterns built from tables THEN a sequence requires a literal from each required part,
    an optional part adds none, and an alternative needs one of its branches' literals."""
    pat = seq(words("hide", "hiding"), opt(words("my", "the")), gap(2), words("food", "meals?"))
    assert pat.gates == (frozenset({"hide", "hiding"}), frozenset({"food", "meal"}))
    assert re.search(pat.regex, "hiding all the food") and not re.search(pat.regex, "hiding all of it from the food")
    alt = either(words("kms"), seq(words("unalive"), words("myself")))
    assert alt.gates == (frozenset({"kms", "unalive"}),)  # a branch's most selective gate: "unalive"


@pytest.mark.parametrize(
    "phrase", ["3 days", "a week", "the next two or three days", "48 hours", "a fortnight", "months"]
)
def test_every_duration_contains_a_duration_unit_word(phrase: str) -> None:
    """GIVEN the DURATION regex the fasting detectors gate on THEN each of its matches contains one of
    DURATION_UNIT_WORDS (the declared gate)."""
    m = re.fullmatch(DURATION, phrase)
    assert m is not None
    assert any(w in phrase for w in DURATION_UNIT_WORDS)


def test_given_a_detector_when_first_used_then_it_compiles_its_pattern_once() -> None:
    """GIVEN a detector built from a pattern WHEN nothing has asked for its regex THEN nothing is
    compiled (a cold start compiles only the detectors a message's gates select); WHEN asked twice
    THEN it compiles the pattern once and returns the same object."""
    template = DETECTORS[0]
    det = Detector(id=template.id, kind=template.kind, pattern=template.pattern, examples=template.examples)
    assert not det.is_compiled
    first = det.regex
    assert first.pattern == template.pattern.regex and det.regex is first and det.is_compiled
