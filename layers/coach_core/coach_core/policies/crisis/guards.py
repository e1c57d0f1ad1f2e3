"""Guards: named checks on the words around a match. Each is a small frozen value with a
`name` (shown when tracing a flag) or a named function; none is a lambda.

`InSentence(name, pattern)` / `NotInSentence`: the pattern occurs (does not occur) in the
match's sentence. `Near`: within `width` characters or the sentence. `NotFollowedBy` /
`NotPrecededBy`: not right after / before the match. `AnyOf`: one of several guards. Patterns
are compiled from phrase tables with `vocab(...)`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from coach_core.policies.crisis.detector import Guard
from coach_core.policies.crisis.patterns import Pat, words
from coach_core.policies.text import occurs_within, sentence_around
from coach_core.policies.text.regex import LazyPattern, Regex


def vocab(*tables: str | Iterable[str] | Pat) -> LazyPattern:
    """One pattern matching any phrase of the tables (or of the given patterns), compiled when
    a guard first needs it."""
    pats = [t for t in tables if isinstance(t, Pat)]
    forms = [t for t in tables if not isinstance(t, Pat)]
    parts = [p.regex for p in pats] + ([words(*forms).regex] if forms else [])
    return LazyPattern("|".join(parts))


def in_sentence(text: str, m: re.Match[str], pattern: Regex) -> bool:
    s_start, s_end = sentence_around(text, m.start(), m.end())
    return occurs_within(pattern, text, s_start, s_end)


def occurs_near(text: str, m: re.Match[str], pattern: Regex, width: int) -> bool:
    """`pattern` occurs in the match's sentence or within `width` characters of it."""
    s_start, s_end = sentence_around(text, m.start(), m.end())
    lo = min(s_start, max(0, m.start() - width))
    hi = max(s_end, min(len(text), m.end() + width))
    return occurs_within(pattern, text, lo, hi)


@dataclass(frozen=True, slots=True)
class InSentence:
    name: str
    pattern: Regex

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return in_sentence(text, m, self.pattern)


@dataclass(frozen=True, slots=True)
class NotInSentence:
    name: str
    pattern: Regex

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return not in_sentence(text, m, self.pattern)


@dataclass(frozen=True, slots=True)
class Near:
    name: str
    pattern: Regex
    width: int = 90

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return occurs_near(text, m, self.pattern, self.width)


@dataclass(frozen=True, slots=True)
class NotFollowedBy:
    name: str
    pattern: Regex
    width: int = 40

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return self.pattern.match(text[m.end() : m.end() + self.width]) is None


@dataclass(frozen=True, slots=True)
class NotPrecededBy:
    name: str
    pattern: Regex
    width: int = 30

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return self.pattern.search(text[max(0, m.start() - self.width) : m.start()]) is None


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one of the guards accepts."""

    name: str
    guards: tuple[Guard, ...]

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return any(g(text, m) for g in self.guards)
