"""A start weight, a target weight and a duration make a rate: "I'm 90 kg and want to be 80 kg
in 5 weeks" is 2 kg a week, in a user's message or a coach's reply.

A body weight is a *start* when said as the present ("I'm 90 kg", "currently 75 kg", "starting
weight 110 kg", "you're 75 kg now", "from 76 kg") and a *target* when said as a goal ("want to
be 80 kg", "goal 68 kg", "get you to 70 kg", "hit 160"). A target may leave out the unit when
the start has one and the two are close ("I'm 180 pounds, want to hit 160"). The duration is
a forward-looking one anywhere in the text ("in 5 weeks", "my wedding is in 5 weeks",
"timeline 10 weeks"). Only a target below the start (a loss) makes a rate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from coach_core.policies.extraction.durations import ahead_durations
from coach_core.policies.extraction.numbers import NUM, parse_number
from coach_core.policies.text.regex import LazyPattern

Role = Literal["start", "target"]

_START_HEAD: Final = LazyPattern(
    r"(?:\b(?:im|i am|im at|i am at|i weigh|weigh(?:ing|s)?|currently(?: at)?|current(?:ly)?(?: weight)?(?: is| of|:)?|"
    r"start(?:ing)?(?: weight)?(?: is| of| was|:)?|started at|at|from|youre|you are|you weigh|(?:she|he|they)(?:s| is| "
    r"are| "
    r"weighs?)|my \w+ (?:is|weighs)|now|right now)\s+(?:(?:about|around|roughly|approximately|~|only|just|now)\s+)*)$"
)
_TARGET_HEAD: Final = LazyPattern(
    r"(?:\b(?:to|be|reach(?:ing)?|hit(?:ting)?|goal(?: weight)?(?: is| of|:)?|target(?: weight)?(?: is| of|:)?|"
    r"aim(?:ing)? for|down to|under|below|to weigh)\s+(?:(?:about|around|roughly|approximately|~|only|just)\s+)*)$"
)
# A bare number right after a target word: "want to hit 160", "need to be 75".
_UNITLESS_TARGET_RE: Final = LazyPattern(
    rf"(?:\b(?:to|be|reach|hit|goal(?: weight)?(?: is| of|:)?|target(?: weight)?(?: is| of|:)?|down to|under|below)\s+"
    rf"(?:(?:about|around|roughly|~)\s+)?)(?P<n>{NUM})(?![0-9.,]|\s*(?:%|/|(?:k?g|kgs?|kilo\w*|lbs?|pounds?|st|stones?|"
    rf"reps?|sets?|mins?|minutes|hours?|km|kms|miles?|steps|k|cal\w*|kcal|years?|yrs?|bpm|percent)\b))"
)
MAX_RELATIVE_GAP: Final = 0.5  # a unitless target within half the start either way


@dataclass(frozen=True, slots=True)
class BodyWeight:
    """A body weight stated in the text, in kg, with its role."""

    start: int
    end: int
    kg: float
    kg_per_unit: float
    role: Role


def role_of(head: str) -> Role | None:
    """Whether the words before a body weight make it the start or the target."""
    if _TARGET_HEAD.search(head):
        return "target"
    if _START_HEAD.search(head):
        return "start"
    return None


def unitless_targets(text: str, after: BodyWeight, limit: int) -> list[BodyWeight]:
    """Targets written without a unit after a start that has one ("hit 160"), before `limit`."""
    found: list[BodyWeight] = []
    for m in _UNITLESS_TARGET_RE.finditer(text, after.end, limit):
        value = parse_number(m.group("n")) * after.kg_per_unit
        if abs(value - after.kg) <= MAX_RELATIVE_GAP * after.kg:
            found.append(BodyWeight(m.start("n"), m.end("n"), value, after.kg_per_unit, "target"))
    return found


def _weeks_for(text: str, target: BodyWeight) -> float | None:
    """The forward-looking duration nearest the target, anywhere in the text."""
    durations = ahead_durations(text)
    if not durations:
        return None
    return min(durations, key=lambda d: abs(d[0] - target.end))[2]


def start_target_changes(text: str, weights: list[BodyWeight]) -> list[tuple[int, int, float, float]]:
    """(start, end, kg lost, weeks) for each start weight followed by a lower target weight and
    a duration. A later start weight replaces an earlier one."""
    out: list[tuple[int, int, float, float]] = []
    starts = [w for w in weights if w.role == "start"]
    for i, begin in enumerate(starts):
        limit = starts[i + 1].start if i + 1 < len(starts) else len(text)
        targets = [w for w in weights if w.role == "target" and begin.end <= w.start < limit]
        targets += unitless_targets(text, begin, limit)
        for target in targets:
            lost = begin.kg - target.kg
            weeks = _weeks_for(text, target)
            if lost > 0 and weeks:
                out.append((begin.start, target.end, lost, weeks))
    return out
