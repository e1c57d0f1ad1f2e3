"""Guards: named checks on the words around a match. Each is a small frozen value with a
`name` (shown when tracing a flag) or a named function; none is a lambda.

`InSentence(name, pattern)`: the pattern occurs in the match's sentence. `Near`: within
`width` characters or the sentence. `FollowedBy` / `PrecededBy`: right after / before the
match. Each has a negated twin (`NotInSentence`...). Patterns are compiled from phrase tables
with `vocab(...)`.
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
class NotNear:
    name: str
    pattern: Regex
    width: int = 90

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return not occurs_near(text, m, self.pattern, self.width)


@dataclass(frozen=True, slots=True)
class FollowedBy:
    """`pattern` matches right after the match (anchored), within `width` characters."""

    name: str
    pattern: Regex
    width: int = 40

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return self.pattern.match(text[m.end() : m.end() + self.width]) is not None


@dataclass(frozen=True, slots=True)
class NotFollowedBy:
    name: str
    pattern: Regex
    width: int = 40

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return self.pattern.match(text[m.end() : m.end() + self.width]) is None


@dataclass(frozen=True, slots=True)
class PrecededBy:
    """`pattern` (written to end at "$") matches the `width` characters before the match."""

    name: str
    pattern: Regex
    width: int = 30

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return self.pattern.search(text[max(0, m.start() - self.width) : m.start()]) is not None


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


@dataclass(frozen=True, slots=True)
class Not:
    name: str
    guard: Guard

    def __call__(self, text: str, m: re.Match[str]) -> bool:
        return not self.guard(text, m)


# "I don't purge or anything like that", "she's never made herself sick": the speaker denies the
# behaviour. Not when a qualifier keeps part of it ("I don't purge as often", "... unless I binge").
_DENIAL_BEFORE = LazyPattern(
    r"\b(?:i|im|she|shes|he|hes|they|theyre|we|you|youre)\s+(?:\w+\s+)?(?:dont|do not|doesnt|does not|never|didnt|"
    r"did not|have never|has never|havent ever|hasnt ever|wont|would never|am not|is not|isnt|are not|arent|not)\s+"
    r"(?:ever\s+|really\s+|actually\s+|even\s+|at all\s+)?$"
)
_DENIAL_KEPT = LazyPattern(
    r"\s*(?:(?:as|that|so|very)\s+)?(?:much|often|every|unless|except|only|anymore|any more|as much|when|until|but)\b"
)


def not_self_denied(text: str, m: re.Match[str]) -> bool:
    """The behaviour is not denied by the speaker right before it ("I don't purge or anything")."""
    if not _DENIAL_BEFORE.search(text[max(0, m.start() - 40) : m.start()]):
        return True
    return _DENIAL_KEPT.match(text, m.end()) is not None
