"""Spans: where sentences start and end (for scoping a match to its sentence), whether a
sentence asks a question, and whether a pattern occurs inside a span (one scan per text).

A sentence ends at . ! ? ; followed by a space or the end (so "1.5" is not a boundary) or at a
newline, and reaches at most SENTENCE_RADIUS characters either side of what it is asked about.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from coach_core.policies.text.regex import LazyPattern, Regex

_SENTENCE_END_RE = LazyPattern(r"[.!?;]+(?=\s|$)|\n")


@lru_cache(maxsize=32)
def _sentence_ends(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every sentence-ending mark, computed once per text."""
    return tuple((m.start(), m.end()) for m in _SENTENCE_END_RE.finditer(text))


# A "sentence" reaches at most this far either side of what it is asked about: real sentences
# are shorter, and a 4,000-character run-on must not make every lookup scan all of it.
SENTENCE_RADIUS = 240


def sentence_around(text: str, start: int, end: int | None = None) -> tuple[int, int]:
    """The span of the sentence that contains position `start` (through `end` if given),
    clipped at a word boundary to SENTENCE_RADIUS characters either side."""
    stop = start if end is None else end
    marks = _sentence_ends(text)
    i = bisect_right(marks, (start, len(text) + 1))  # first mark starting after `start`
    while i > 0 and marks[i - 1][1] > start:  # a mark overlapping `start` belongs to this sentence
        i -= 1
    first = marks[i - 1][1] if i > 0 else 0
    while i < len(marks) and marks[i][0] < stop:
        i += 1
    last = marks[i][1] if i < len(marks) else len(text)
    if start - first > SENTENCE_RADIUS:
        lo = start - SENTENCE_RADIUS
        space = text.find(" ", lo, start)
        first = space + 1 if space != -1 else lo
    if last - stop > SENTENCE_RADIUS:
        hi = stop + SENTENCE_RADIUS
        space = text.rfind(" ", stop, hi)
        last = space if space != -1 else hi
    return first, last


_QUESTION_START_RE = LazyPattern(
    r"^\W*(?:and\s+|but\s+|so\s+|ok\s+|okay\s+|hey\s+|hi\s+|coach\s+|also\s+|then\s+)*"
    r"(?:is|isnt|are|arent|am|was|can|cant|could|couldnt|should|shouldnt|would|wouldnt|will|do|does|"
    r"doesnt|did|didnt|dont|how|what|whats|why|when|where|which|who|any\s+tips)\b"
)
_QUESTION_PHRASE_RE = LazyPattern(
    r"\b(?:is it (?:ok|okay|safe|fine|bad|too)|is that (?:ok|okay|safe|fine|bad|too|enough)|"
    r"do you think|would it be|wondering (?:if|whether)|not sure (?:if|whether)|"
    r"dont know (?:if|whether)|im curious (?:if|whether))\b"
)


def is_question(sentence: str) -> bool:
    """A sentence that asks: ends with '?', starts like a question, or says it wonders."""
    s = sentence.strip()
    return s.endswith("?") or bool(_QUESTION_START_RE.match(s) or _QUESTION_PHRASE_RE.search(s))


def is_question_span(text: str, start: int, end: int) -> bool:
    """`is_question(text[start:end])` without rescanning the span for every figure in it."""
    last = end - 1
    while last >= start and text[last].isspace():
        last -= 1
    if last >= start and text[last] == "?":
        return True
    return bool(
        _QUESTION_START_RE.match(text[start : min(end, start + 120)].lstrip())
        or occurs_within(_QUESTION_PHRASE_RE, text, start, end)
    )


@lru_cache(maxsize=256)
def _match_spans(pattern: Regex, text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of every match of `pattern` in `text`, found in one scan."""
    return tuple(m.span() for m in pattern.finditer(text))


def occurs_within(pattern: Regex, text: str, lo: int, hi: int) -> bool:
    """Whether a match of `pattern` lies inside text[lo:hi]. One scan per (pattern, text),
    then a binary search per question: many figures in one long text ask about overlapping
    windows, and rescanning each window would make the work grow with the square of the length."""
    spans = _match_spans(pattern, text)
    i = bisect_right(spans, (lo, -1))
    return i < len(spans) and spans[i][1] <= hi
