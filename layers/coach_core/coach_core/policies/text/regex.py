"""Regex building help: a large alternation regrouped by first character, so the matcher tries
only the branches that can start at each position."""

from __future__ import annotations

import re


def top_level_terms(pattern: str) -> list[str]:
    """Split a regex at its top-level "|" (not inside groups, classes or escapes)."""
    terms: list[str] = []
    depth = 0
    in_class = False
    current: list[str] = []
    chars = iter(pattern)
    for ch in chars:
        if ch == "\\":
            current.append(ch + next(chars, ""))
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            terms.append("".join(current))
            current = []
            continue
        current.append(ch)
    terms.append("".join(current))
    return terms


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
