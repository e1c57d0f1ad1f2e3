"""Durations: "3 weeks", "a fortnight", "the last month", "48 hours", "several days", and
their length in days; forward-looking durations ("in 3 weeks", "3 weeks away") found once
per text."""

from __future__ import annotations

from functools import lru_cache

from coach_core.policies.extraction.numbers import NUM, NUM_RE, WORD_NUMBER, parse_number, words_to_numbers
from coach_core.policies.text.regex import LazyPattern

WEEKS_PER_MONTH = 4.345
DAYS_PER_UNIT = {
    "hour": 1 / 24,
    "hr": 1 / 24,
    "day": 1.0,
    "week": 7.0,
    "wk": 7.0,
    "fortnight": 14.0,
    "month": 7 * WEEKS_PER_MONTH,
    "year": 365.25,
    "yr": 365.25,
}


_COUNT_WORDS = {
    "several": 3.0,
    "a few": 3.0,
    "few": 3.0,
    "a couple of": 2.0,
    "a couple": 2.0,
    "couple of": 2.0,
    "multiple": 2.0,
    "many": 3.0,
    "some": 2.0,
    "a": 1.0,
    "an": 1.0,
    "the": 1.0,
}
_COUNT = (
    rf"(?:{NUM}(?:\s*(?:-|to|or)\s*{NUM})?|{WORD_NUMBER}(?:[\s-]+(?:and[\s-]+)?{WORD_NUMBER})*"
    rf"(?:\s+(?:or|to)\s+{WORD_NUMBER})?|several|a\s+few|few|"
    r"a\s+couple(?:\s+of)?|couple\s+of|multiple|many|some|an?|the)"
)
_DUR_UNIT = r"(?:days?|weeks?|wks?|fortnights?|months?|years?|yrs?|hours?|hrs?)"
# Every DURATION contains one of these (each spelling of _DUR_UNIT starts with one): a gate for
# patterns built on DURATION.
DURATION_UNIT_WORDS = ("day", "week", "wk", "fortnight", "month", "year", "yr", "hour", "hr")
# A duration phrase, e.g. "3 weeks", "a fortnight", "18 days", "several days", "4-6 weeks",
# "the last month", "days". No capture groups, so other modules can embed it in a pattern.
DURATION = rf"(?:(?:the\s+)?(?:last|past|next|first|coming)\s+)?(?:{_COUNT}\s*-?\s*)?{_DUR_UNIT}\b"
_DURATION_PARTS_RE = LazyPattern(
    rf"(?:(?:the\s+)?(?:last|past|next|first|"
    rf"coming)\s+)?(?:(?P<count>{_COUNT})\s*-?\s*)?(?P<unit>{_DUR_UNIT})\b"
)
_WORD_RANGE_RE = LazyPattern(r"\s+(?:or|to)\s+")


def duration_days(phrase: str) -> float | None:
    """Length in days of a DURATION phrase; the shortest end of a range ("4-6 weeks" -> 28).
    A bare plural ("days", "weeks") counts as two."""
    m = _DURATION_PARTS_RE.search(phrase)
    if m is None:
        return None
    unit = m.group("unit").rstrip("s")
    count_text = " ".join((m.group("count") or "").split())
    if not count_text:
        count = 2.0 if m.group("unit").endswith("s") else 1.0
    elif count_text in _COUNT_WORDS:
        count = _COUNT_WORDS[count_text]
    elif not count_text[0].isdigit() and count_text[0] != ".":
        ends = _WORD_RANGE_RE.split(count_text)  # "two or three": the shortest end
        count = min(parse_number(n) for end in ends for n in words_to_numbers(end).split())
    else:
        count = min(parse_number(n) for n in NUM_RE.findall(count_text))
    return count * DAYS_PER_UNIT[unit]


_AHEAD_DURATION_RE = LazyPattern(
    rf"\b(?:in|within|inside|over\s+the\s+next|in\s+the\s+next|before|until)\s+(?:(?:just|only|about|"
    rf"around|roughly|less\s+than|under)\s+)*(?P<d1>{DURATION})|(?P<d2>{DURATION})\s+(?:left|to\s+go|away|"
    rf"from\s+now|until|till|out)\b|\b(?:have|got|only|just)\s+(?P<d3>{DURATION})|"
    rf"(?P<d4>{DURATION})-?\s*(?:plan|challenge|program|programme|cut|diet)\b|"
    rf"\b(?:timeline|timeframe|time frame|deadline)(?:\s+of|\s+is|:)?\s+(?P<d5>{DURATION})"
)


@lru_cache(maxsize=32)
def ahead_durations(text: str) -> tuple[tuple[int, int, float], ...]:
    """(start, end, weeks) of every forward-looking duration ("in 3 weeks", "3 weeks away"),
    found once per text however many amounts look for one."""
    found: list[tuple[int, int, float]] = []
    for d in _AHEAD_DURATION_RE.finditer(text):
        days = duration_days(next(g for g in d.groups() if g))
        if days:
            found.append((d.start(), d.end(), days / 7))
    return tuple(found)
