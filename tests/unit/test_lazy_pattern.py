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
    assert lazy._compiled is None and lazy.pattern == r"\bnot yet compiled\b"
    assert LazyPattern.compile_all() >= 1
    first = lazy.compiled()
    assert first is lazy._compiled and lazy.compiled() is first
