"""LazyPattern: a guard vocabulary compiled on first use answers exactly as the compiled regex."""

from __future__ import annotations

import re

import pytest

from coach_core.policies.text.regex import LazyPattern

CASES = [
    # (pattern, text, pos, endpos)
    (r"\bskip\w* meals?\b", "I skipped meals all week", 0, 100),
    (r"\bskip\w* meals?\b", "I skipped meals all week", 3, 10),
    (r"(?:purg\w*|throw\w* up)", "after dinner I threw up again", 0, 100),
    (r"\s+(?:well|better)\b", " well done", 0, 100),
    (r"x", "", 0, 0),
]


@pytest.mark.parametrize(("pattern", "text", "pos", "endpos"), CASES)
def test_given_a_lazy_pattern_when_used_then_it_answers_as_the_compiled_regex(
    pattern: str, text: str, pos: int, endpos: int
) -> None:
    """GIVEN a pattern WHEN searched, matched or iterated lazily THEN the spans equal re's."""
    lazy, compiled = LazyPattern(pattern), re.compile(pattern)
    got_spans = [m.span() for m in lazy.finditer(text, pos, endpos)]
    assert got_spans == [m.span() for m in compiled.finditer(text, pos, endpos)]
    for method in ("search", "match"):
        got, want = getattr(lazy, method)(text, pos, endpos), getattr(compiled, method)(text, pos, endpos)
        assert (got and got.span()) == (want and want.span())


def test_given_a_lazy_pattern_when_not_used_then_nothing_is_compiled_and_compile_all_forces_it() -> None:
    """GIVEN a new lazy pattern THEN it holds no compiled regex WHEN compile_all runs (before a
    snapshot) THEN it is compiled, once: later uses return the same object."""
    lazy = LazyPattern(r"\bnot yet compiled\b")
    assert not lazy.is_compiled and lazy.pattern == r"\bnot yet compiled\b"
    assert LazyPattern.compile_all() >= 1
    first = lazy.compiled()
    assert lazy.is_compiled and lazy.compiled() is first


SUB_CASES = [
    # (pattern, flags, text)
    (r"\b(?:one|two)\b", 0, "one or two or three"),
    (r"[ \t]*[0-9]{1,3}\.", re.IGNORECASE, "1. eat 2. sleep"),
    (r"KCAL", re.IGNORECASE, "1800 kcal a day, 200 Kcal more"),
    (r",", 0, "a,b,,c"),
]


@pytest.mark.parametrize(("pattern", "flags", "text"), SUB_CASES)
def test_given_a_lazy_pattern_with_flags_when_substituting_splitting_or_finding_then_it_answers_as_re(
    pattern: str, flags: int, text: str
) -> None:
    """GIVEN a pattern and flags WHEN sub, split, findall or fullmatch run lazily THEN they equal re's."""
    lazy, compiled = LazyPattern(pattern, flags), re.compile(pattern, flags)
    assert lazy.sub("#", text) == compiled.sub("#", text)
    assert lazy.sub(lambda m: m.group(0).upper(), text, 1) == compiled.sub(lambda m: m.group(0).upper(), text, 1)
    assert lazy.split(text) == compiled.split(text)
    assert lazy.findall(text) == compiled.findall(text)
    assert (lazy.fullmatch(text) is None) == (compiled.fullmatch(text) is None)
    assert lazy.compiled().flags == compiled.flags


def test_given_the_rule_engine_when_warmed_then_no_rule_pattern_is_left_to_compile() -> None:
    """GIVEN every policy module imported WHEN the engine is warmed (the SnapStart hook) THEN no
    lazy pattern is left uncompiled, so a restored function compiles nothing on its first message."""
    from coach_core.policies.engine import SafetyPolicyEngine

    SafetyPolicyEngine().warm()
    assert LazyPattern.pending() == 0
