"""Body-weight changes with a period, as kg per week with a direction."""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Literal

from coach_core.policies.extraction.clauses import clause_start, negated_head
from coach_core.policies.extraction.durations import DAYS_PER_UNIT, DURATION, ahead_durations, duration_days
from coach_core.policies.extraction.goals import BodyWeight, role_of, start_target_changes
from coach_core.policies.extraction.numbers import NUM, number_starts, parse_number, prepare
from coach_core.policies.text import is_question_span, occurs_within, sentence_around
from coach_core.policies.text.regex import LazyPattern

KG_PER_LB = 0.45359237
KG_PER_STONE = 6.35


WeightDirection = Literal["loss", "gain", "maintain", "unknown"]


@dataclass(frozen=True, slots=True)
class WeightChange:
    """A body-weight change with a period. For a range the largest amount and the shortest
    period are used, i.e. the fastest rate stated."""

    kg_per_week: float
    amount_kg: float
    weeks: float
    direction: WeightDirection
    negated: bool
    question: bool
    text: str
    start: int
    end: int
    from_start_and_target: bool = False

    @property
    def is_loss(self) -> bool:
        return self.direction == "loss"


# Every spelling of a mass unit, shared with the quantity extractor.
MASS_UNIT = r"(?:kilograms?|kilos?|kgs?|grams?|g|pounds?|lbs?|stones?|st)"
_W_UNIT = MASS_UNIT
_WEIGHT_RE = LazyPattern(
    rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?P<space>\s*)(?P<unit>{_W_UNIT})"
    r"(?:\s*(?P<lbs>[0-9]+(?:\.[0-9]+)?)\s*(?:pounds?|lbs?)\b)?(?![a-z])(?!\s*(?:cal|joule))"
)
_FROM_TO_RE = LazyPattern(
    rf"\bfrom\s+(?P<a>{NUM})\s*(?:{_W_UNIT}\s+)?(?:down\s+|"
    rf"up\s+)?to\s+(?P<b>{NUM})\s*(?P<unit>{_W_UNIT})(?![a-z])"
)
_NOT_BODY_RE = LazyPattern(r"^\s*of\s+(?!(?:body\s*)?(?:fat|weight|mass|muscle|water weight|bodyweight|it|that)\b)\w+")
_NOT_BODY_KIT_RE = LazyPattern(
    r"^\s*(?:(?:plates?|dumbbells?|dbs?|kettlebells?|kbs?|bars?|barbells?|bags?|weights?|vest|sandbags?)\b|"
    r"(?:from|off|on|to|for)\s+(?:my|the|your|his|her)\s+(?:squat|bench|deadlift|press|lift|lifts|bar|"
    r"barbell|total|1rm|max|pr)\b|(?:for|x)\s*[0-9]+\s*(?:reps?|sets?)\b)"
)
_ABSOLUTE_HEAD_RE = LazyPattern(
    r"(?:(?<!up )\bto|\bat|\bweigh\w*|\bbe|\breach|\bhit|\bunder|\bbelow|\bis|\bam|\bim|\bwas|\bare|"
    r"\bof|\byoure|\btheyre|\bshes|\bhes|\bcurrently|\bnow|\bstart(?:ing)?(?: weight)?|\bcurrent weight|"
    r"\b(?:goal|target)(?: weight)?(?: is| of|:)?)\s+(?:(?:about|around|roughly|approximately|approx|under|below|~|"
    r"only|"
    r"just)\s+)*$"
)
_NOT_CHANGE_HEAD_RE = LazyPattern(
    r"\b(?:eat|eats|eating|ate|drink|drinks|drinking|drank|consume\w*|carry\w*|carried|lift\w*|squat\w*|"
    r"bench\w*|deadlift\w*|press\w*|row\w*|pull\w*|curl\w*|push\w*|hold\w*|load\w*|cook\w*|buy\w*|bought|"
    r"order\w*)\b"
)
_NOT_BODY_GRAMS_RE = LazyPattern(
    r"^\s*(?:carbs?|protein|fats?|sugars?|fib(?:re|er)|sodium|salt|creatine|caffeine|of)\b"
)
_LOSS = (
    r"lose|losing|lost|loses|loose|loosing|drop|dropping|dropped|drops|shed|shedding|sheds|shift|shifting|"
    r"cut|cutting|take off|taking off|took off|knock off|knocking off|knocked off|get rid of|"
    r"getting rid of|got rid of|burn|burning|burned|burnt|melt|melting|trim|trimming|slim down|slimming|"
    r"reduce|reducing|reduced|down|lighter|loss|deficit"
)
_GAIN = (
    r"gain|gaining|gained|gains|put on|putting on|put|putting|add|adding|added|adds|build|building|pack on|"
    r"packing on|bulk|bulking|grow|growing|increase|increasing|up|heavier|surplus"
)
_DIRECTION_RE = LazyPattern(rf"\b(?:(?P<loss>{_LOSS})|(?P<gain>{_GAIN}))\b")
_LOSS_SUFFIX_RE = LazyPattern(
    r"^\s*(?:of\s+(?:body\s*)?(?:fat|weight)\s+)?(?:(?:come|comes|coming|came|fall|falls|falling|drop|drops|melt|melts)"
    r"\s+)?(?:off|gone|down|lighter|less|lost|loss)\b"
)
_GAIN_SUFFIX_RE = LazyPattern(r"^\s*(?:of\s+(?:muscle|mass|lean\s+mass)\s+)?(?:heavier|up|gain(?:ed)?|on)\b")
_TAIL_VERB_RE = LazyPattern(rf"^\s*(?:\w+\s+)?(?:to\s+)?(?:(?P<loss>{_LOSS})|(?P<gain>{_GAIN}))\b")
_MAINTAIN_RE = LazyPattern(
    r"\bmaint(?:ain|aining|ained|enance)\b|\bstay (?:at|around|within)\b|\bfluctuat\w*|\bvar(?:y|ies|"
    r"ied)\b|\bswings?\b"
)
_SENTENCE_GAIN_RE = LazyPattern(r"\b(?:bulk\w*|gain\w*|put(?:ting)? on|heavier|weight gain)\b")

_RATE = (
    r"(?:(?:a|per|each|every|/|p|an)\s*-?\s*(?P<ru>day|week|wk|fortnight|month|year|yr)s?\b|(?P<ra>daily|"
    r"weekly|fortnightly|monthly|yearly|annually)\b|(?P<pw>pw|p/w)\b"
    rf"|every\s+(?P<every>{DURATION}))"
)
_PERIOD_FILLER = (
    r"(?:(?:off|gone|down|lighter|less|of\s+(?:body\s*)?(?:fat|weight)|total|in\s+total|or\s+so|or\s+more|come|comes|"
    r"coming|fall|falls|drop|drops|melt|melts|"
    r"max|at\s+most|at\s+least|more|each|roughly|about|around|approximately|of\s+\w+)\s+)*"
)
_DUR_PREP = (
    r"(?:(?:in|within|over|during|across|inside|under|for|after|by|since)\s+)?(?:(?:just|only|about|around|"
    r"roughly|less\s+than|under|the|my|our|your|her|his|first|initial|opening)\s+)*"
)
_ATTACHED_RATE_RE = LazyPattern(rf"^\s*{_PERIOD_FILLER}{_RATE}")
_TAIL_PERIOD_RE = LazyPattern(
    rf"^\s*{_PERIOD_FILLER}(?:{_RATE}|(?P<dur>{_DUR_PREP}{DURATION})|(?P<now>(?:this|last|past)\s+(?:week|"
    rf"month|fortnight)|yesterday|today|overnight|by\s+tomorrow|by\s+next\s+(?:week|month)|by\s+(?:the\s+)?end\s+"
    rf"of\s+(?:the\s+|this\s+)?(?:week|month|fortnight)|by\s+(?:the\s+)?weekend))"
)
_REJECT_RATE_RE = LazyPattern(
    r"^[^?]{0,40}?\b(?:too (?:fast|quick|quickly|much|aggressive|extreme|steep)|not (?:safe|sustainable|"
    r"realistic|healthy|recommended|advisable)|isnt (?:safe|sustainable|realistic|healthy|recommended)|"
    r"unsafe|unsustainable|unrealistic|dangerous|risky|a bad idea|not a good idea)\b"
)
_UNTIL_RE = LazyPattern(r"\b(?:until|till|til|untill|unless)\b")
_MASS_KG = {"k": 1.0, "g": 0.001, "p": KG_PER_LB, "l": KG_PER_LB, "s": KG_PER_STONE}


def unit_kg(unit: str) -> float:
    """Kilograms in one of `unit` (a MASS_UNIT spelling)."""
    if unit.startswith(("kg", "kilo")):
        return 1.0
    return _MASS_KG[unit[0]]


def _is_ordinal(number: str, space: str, unit: str) -> bool:
    """ "1st", "21st" are ordinals; "11st" and "3 st" are stone."""
    return unit == "st" and not space and "." not in number and number.endswith("1") and not number.endswith("11")


def _period_weeks(
    text: str, end: int, s_start: int, s_end: int, *, whole_text: bool, attached_only: bool
) -> float | None:
    """Weeks the change at text[..end] is spread over: a rate or duration right after it,
    else the nearest forward-looking duration in its sentence (or anywhere, for goals)."""
    m = _TAIL_PERIOD_RE.match(text[end : min(s_end, end + 60)])
    if m:
        if m.group("ru"):
            return DAYS_PER_UNIT[m.group("ru")] / 7
        if m.group("ra"):
            word = m.group("ra")
            unit = {"daily": "day", "weekly": "week", "fortnightly": "fortnight", "monthly": "month"}.get(word, "year")
            return DAYS_PER_UNIT[unit] / 7
        if m.group("pw"):
            return 1.0
        if m.group("every"):
            days = duration_days(m.group("every"))
            return days / 7 if days else None
        if m.group("dur"):
            days = duration_days(m.group("dur"))
            return days / 7 if days else None
        now = m.group("now")
        if now in ("yesterday", "today", "overnight", "by tomorrow"):
            return 1 / 7
        return DAYS_PER_UNIT["month" if "month" in now else "fortnight" if "fortnight" in now else "week"] / 7
    if attached_only:
        return None
    durations = ahead_durations(text)
    spans = [(s_start, s_end)] + ([(0, len(text))] if whole_text else [])
    for lo, hi in spans:
        near = [(abs(d_start - end), weeks) for d_start, d_end, weeks in durations if lo <= d_start and d_end <= hi]
        if near:
            return min(near)[1]
    return None


# "a goal of 6 kg in 4 weeks": an amount to lose, not a body weight (no adult weighs 6 kg).
_GOAL_AMOUNT_HEAD_RE = LazyPattern(r"\b(?:goal|target|aim|plan|challenge|hope)\s+(?:is\s+|of\s+|was\s+)?$")
MIN_BODY_WEIGHT_KG = 30.0


def _direction(
    text: str, start: int, end: int, head_from: int, s_start: int, s_end: int, kg: float
) -> WeightDirection | None:
    """Which way the amount at text[start:end] goes; None when it is a body weight, not a
    change ("get down to 70 kg", "I weigh 90 kg")."""
    head = _UNTIL_RE.split(text[head_from:start])[-1]  # "not eating until i lose 5 kg": the goal's own words
    tail = text[end : min(s_end, end + 40)]
    if _LOSS_SUFFIX_RE.match(tail):
        return "loss"
    if _GAIN_SUFFIX_RE.match(tail):
        return "gain"
    if kg < MIN_BODY_WEIGHT_KG and _GOAL_AMOUNT_HEAD_RE.search(head):
        return "unknown"
    verbs = list(_DIRECTION_RE.finditer(head))
    # "eat 1,000 calories a day to lose 8 kg": a loss verb after the eating verb owns the amount.
    not_change = [m.end() for m in _NOT_CHANGE_HEAD_RE.finditer(head)]
    if not_change and not (verbs and verbs[-1].start() >= not_change[-1]):
        return None
    if _ABSOLUTE_HEAD_RE.search(head) and not _ATTACHED_RATE_RE.match(tail):
        return None  # "get down to 70 kg in 3 weeks" is a target weight; "to 1.5 kg a week" is a rate
    if verbs:
        return "loss" if verbs[-1].group("loss") else "gain"
    tv = _TAIL_VERB_RE.match(tail)
    if tv:
        return "loss" if tv.group("loss") else "gain"
    if occurs_within(_MAINTAIN_RE, text, s_start, s_end):
        return "maintain"
    if occurs_within(_SENTENCE_GAIN_RE, text, s_start, s_end):
        return "gain"
    return "unknown"


def extract_weekly_weight_change_kg(text: str) -> list[WeightChange]:
    """Every body-weight change in `text` that comes with a period, as kg per week."""
    t = prepare(text)
    amounts: list[tuple[int, int, float, WeightDirection | None]] = []
    spans: list[tuple[int, int]] = []  # "from 90 kg to 80 kg" spans, in order
    for ft in _FROM_TO_RE.finditer(t) if "from" in t else ():
        delta = (parse_number(ft.group("b")) - parse_number(ft.group("a"))) * unit_kg(ft.group("unit"))
        if delta:
            amounts.append((ft.start(), ft.end(), abs(delta), "loss" if delta < 0 else "gain"))
            spans.append((ft.start(), ft.end()))
    taken_until = -1
    for start in number_starts(t):
        m = _WEIGHT_RE.match(t, start) if start >= taken_until else None
        if m is None:
            continue
        inside = bisect_right(spans, (start, len(t) + 1))
        if inside and spans[inside - 1][0] <= start < spans[inside - 1][1]:
            continue
        taken_until = m.end()
        unit = m.group("unit")
        if _is_ordinal(m.group("n1"), m.group("space"), unit):
            continue
        after = t[m.end() : m.end() + 30]
        if (
            _NOT_BODY_RE.match(after)
            or _NOT_BODY_KIT_RE.match(after)
            or (unit[0] == "g" and _NOT_BODY_GRAMS_RE.match(after))
        ):
            continue
        values = [parse_number(m.group("n1"))] + ([parse_number(m.group("n2"))] if m.group("n2") else [])
        kg = max(values) * unit_kg(unit) + (float(m.group("lbs")) * KG_PER_LB if m.group("lbs") else 0.0)
        if kg > 0:
            amounts.append((m.start(), m.end(), kg, None))
    amounts.sort()

    changes: list[WeightChange] = []
    body_weights: list[BodyWeight] = []
    prev_end = 0
    for start, end, kg, fixed in amounts:
        s_start, s_end = sentence_around(t, start, end)
        head_from = clause_start(t, max(s_start, prev_end, start - 60), start)
        direction = fixed or _direction(t, start, end, head_from, s_start, s_end, kg)
        head = t[head_from:start]
        if direction is None:
            role = role_of(t[max(s_start, start - 40) : start])
            if role is not None and kg >= MIN_BODY_WEIGHT_KG:
                body_weights.append(BodyWeight(start, end, kg, _kg_per_unit(t, start, end), role))
            prev_end = end
            continue
        goal = direction == "loss" and (
            not re.search(r"\b(?:lost|dropped|shed|went down)\b", head) or _UNTIL_RE.search(head) is not None
        )
        weeks = _period_weeks(t, end, s_start, s_end, whole_text=goal, attached_only=direction == "unknown")
        prev_end = end
        if not weeks:
            continue
        # "not eating until i lose 10 lbs": the negation ends at "until", the loss is the goal.
        own_head = _UNTIL_RE.split(head)[-1]
        negated = negated_head(own_head, caps_count=False) or bool(_REJECT_RATE_RE.match(t[end:s_end]))
        changes.append(
            WeightChange(
                kg_per_week=round(kg / weeks, 6),
                amount_kg=round(kg, 6),
                weeks=round(weeks, 6),
                direction=direction,
                negated=negated,
                question=is_question_span(t, s_start, s_end),
                text=t[start:end],
                start=start,
                end=end,
            )
        )
    for start, end, kg, weeks in start_target_changes(t, body_weights):
        s_start, s_end = sentence_around(t, start, end)
        changes.append(
            WeightChange(
                kg_per_week=round(kg / weeks, 6),
                amount_kg=round(kg, 6),
                weeks=round(weeks, 6),
                direction="loss",
                negated=bool(_REJECT_RATE_RE.match(t[end:s_end])),
                question=is_question_span(t, s_start, s_end),
                text=t[start:end],
                start=start,
                end=end,
                from_start_and_target=True,
            )
        )
    return changes


def _kg_per_unit(text: str, start: int, end: int) -> float:
    m = _WEIGHT_RE.match(text, start)
    return unit_kg(m.group("unit")) if m is not None and m.end() <= end else 1.0
