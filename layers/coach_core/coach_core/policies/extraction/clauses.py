"""Clause boundaries and negation right before a figure ("never below 1,200", "dont want to
lose 2 kg a week"), shared by the calorie and weight extractors."""

from __future__ import annotations

from coach_core.policies.text.regex import LazyPattern

_CLAUSE_BREAK_RE = LazyPattern(
    r",\s|\s(?:but|and|so|because|since|while|although|though|then|whereas|plus)\s|\s-\s|\(|\)"
)
_NEGATION_HEAD_RE = LazyPattern(
    r"\b(?:never|not|dont|do not|doesnt|does not|didnt|did not|wont|will not|would not|wouldnt|cant|cannot|"
    r"can not|shouldnt|should not|no longer|refuse to|refusing to|avoid|avoiding|stop|stopped|quit|"
    r"instead of|rather than|no way|nor)\b(?P<gap>(?:\s+\S+){0,5})\s*$"
)
_UNCERTAIN_RE = LazyPattern(r"\b(?:dont|do not|didnt) know\b|\bnot sure\b|\bno idea\b|\bnot certain\b")
_CAP_RE = LazyPattern(r"\b(?:more than|over|above|exceed\w*|higher than|as much as)\b")


def clause_start(text: str, lower: int, pos: int) -> int:
    """Start of the clause holding `pos`, never before `lower`."""
    start = lower
    for m in _CLAUSE_BREAK_RE.finditer(text, lower, pos):
        start = m.end()
    return start


def clause_end(text: str, pos: int, upper: int) -> int:
    m = _CLAUSE_BREAK_RE.search(text, pos, upper)
    return m.start() if m else upper


def negated_head(head: str, *, caps_count: bool) -> bool:
    """A negation word shortly before the value ("never below", "dont want to eat").
    With caps_count, "not more than N" is a cap on N, not a rejection of it."""
    if _UNCERTAIN_RE.search(head):
        return False
    m = _NEGATION_HEAD_RE.search(head)
    if m is None:
        return False
    return not (caps_count and _CAP_RE.search(m.group("gap")))
