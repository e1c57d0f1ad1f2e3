"""Regex building help: a large alternation regrouped by first character, so the matcher tries
only the branches that can start at each position; and patterns compiled on first use."""

from __future__ import annotations

import re
import sys
import weakref
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any, ClassVar, TypeAlias


class LazyPattern:
    """A regex compiled on first use. The rules hold a few hundred patterns and a message
    needs a handful (the guards of the detectors that matched), so compiling them all at
    import would cost every cold start ~30 ms for nothing. `compiled()` forces it."""

    __slots__ = ("__weakref__", "_compiled", "flags", "pattern")
    _instances: ClassVar[weakref.WeakSet[LazyPattern]] = weakref.WeakSet()

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None
        LazyPattern._instances.add(self)

    @classmethod
    def compile_all(cls) -> int:
        """Compile every lazy pattern now (before a SnapStart snapshot); how many."""
        patterns = list(cls._instances)
        for p in patterns:
            p.compiled()
        return len(patterns)

    @classmethod
    def pending(cls) -> int:
        """How many lazy patterns are not compiled yet (0 after `compile_all`)."""
        return sum(1 for p in list(cls._instances) if not p.is_compiled)

    @property
    def is_compiled(self) -> bool:
        return self._compiled is not None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r})"


# What the guards and span helpers accept: a compiled pattern or one compiled on first use.
Regex: TypeAlias = "re.Pattern[str] | LazyPattern"


def top_level_terms(pattern: str) -> list[str]:
    """Split a regex at its top-level "|" (not inside groups, classes or escapes)."""
    return list(_top_level_terms(pattern))


# What can change the nesting or split a term: an escape, a whole character class, a paren, a bar.
_STRUCTURE = re.compile(r"\\.|\[(?:\\.|[^\]\\])*\]|[()|]", re.DOTALL)


@lru_cache(maxsize=8192)
def _top_level_terms(pattern: str) -> tuple[str, ...]:
    # The tables are mostly plain words: without a group, class or escape every "|" is top-level.
    # Otherwise only the structural tokens are visited, not every character. Cached: the rule
    # modules split the same shared tables many times at import (cold start).
    if not any(c in pattern for c in "\\[("):
        return tuple(pattern.split("|"))
    terms: list[str] = []
    depth = 0
    start = 0
    for m in _STRUCTURE.finditer(pattern):
        token = m.group()
        if token == "(":
            depth += 1
        elif token == ")":
            depth -= 1
        elif token == "|" and depth == 0:
            terms.append(pattern[start : m.start()])
            start = m.end()
    terms.append(pattern[start:])
    return tuple(terms)


@lru_cache(maxsize=4096)
def alternation(pattern: str) -> str:
    """The alternatives of `pattern` regrouped by first character (several times faster than a
    flat alternation of hundreds of words). Same language as `(?:pattern)`."""
    groups: dict[str, list[str]] = {}
    rest: list[str] = []
    for term in top_level_terms(pattern):
        head = term[0] if term else ""
        if head.isalnum() and len(term) > 1 and term[1] not in "?*+{":
            groups.setdefault(head, []).append(term[1:])
        else:
            rest.append(term)
    parts = [f"{re.escape(c)}(?:{'|'.join(tails)})" for c, tails in sorted(groups.items())]
    return "(?:" + "|".join(parts + rest) + ")"
