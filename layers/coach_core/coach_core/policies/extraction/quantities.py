"""Every quantity a text states, with its unit: what the numeric grounding check reads.

Built from the calorie and weight extractors' own parts, so there is one number parser: the
`prepare` form (normalised, number words as digits), NUM and `parse_number`, the mass and
energy unit spellings and conversions (kg/lb/st, kcal/kJ), the calorie classifier (intake,
per meal, burned, delta, reference; weekly totals divided by 7), the weight-direction reader
(loss/gain words) and the attached-rate reader ("a week", "/wk", "a month"). It adds the other
units a coach states about a user's data: grams (macros), g/kg, percent, hours, days and counts
(weigh-ins, check-ins, "12 of the last 14 days"), x/5 ratings, age and height.

Each `Quantity` says how precisely it is written: `tolerance` is half its rounding step ("82.4"
±0.05, "82" ±0.5, "1,750" ±25, "1,700" ±50), read with at least two significant figures
("2,000" ±50, not ±500), in the canonical unit (so "154 lb" is ±0.5 lb in kg).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from coach_core.policies.extraction.calories import (
    _BARE_INTAKE_RANGE,
    _BARE_RE,
    ENERGY_UNIT,
    KJ_PER_KCAL,
    CalorieContext,
    _classify_calorie,
    _other_quantity,
)
from coach_core.policies.extraction.clauses import clause_start
from coach_core.policies.extraction.durations import DAYS_PER_UNIT, duration_days
from coach_core.policies.extraction.numbers import _THOUSANDS_RE, NUM, number_starts, parse_number, prepare
from coach_core.policies.extraction.weight import (
    _ATTACHED_RATE_RE,
    _DIRECTION_RE,
    _NOT_BODY_GRAMS_RE,
    _NOT_BODY_KIT_RE,
    _NOT_BODY_RE,
    KG_PER_LB,
    MASS_UNIT,
    WeightDirection,
    _direction,
    _is_ordinal,
    unit_kg,
)
from coach_core.policies.text import sentence_around
from coach_core.policies.text.regex import LazyPattern

Kind = Literal["mass", "energy", "grams", "g_per_kg", "percent", "hours", "days", "rating", "age", "height"]

_COUNT_UNIT = (
    r"(?P<counted>(?:logged|tracked|recorded|full|straight|consecutive|separate|complete)\s+)?"
    r"(?P<cunit>days?|weigh\s?ins?|check\s?ins?|checkins?)(?![a-z])"
)
_QUANTITY_RE = LazyPattern(
    rf"(?P<n1>{NUM})(?:\s*(?P<conn>-|to)\s*(?P<n2>{NUM}))?(?P<space>\s*)(?:"
    r"(?P<gkg>(?:g|grams?)\s*(?:/|per|a)\s*(?:kg|kilos?|kilograms?)(?![a-z]))"
    rf"|(?P<mid>(?:fewer|less|more|extra|additional)\s+)?(?P<energy>{ENERGY_UNIT})(?![a-z])"
    r"|(?P<gm>gms?)(?![a-z])"
    rf"|(?P<mass>{MASS_UNIT})(?:\s*(?P<lbs>[0-9]+(?:\.[0-9]+)?)\s*(?:pounds?|lbs?)\b)?(?![a-z])(?!\s*(?:cal|joule))"
    r"|(?P<pct>%|percent\b|per\s?cent\b)"
    r"|(?P<hours>hours?|hrs?|h)(?![a-z])"
    r"|(?P<rating>(?:/|out\s+of)\s*5)(?![0-9]|[.,][0-9]|\s*(?:days?|weigh|check))"
    rf"|{_COUNT_UNIT}"
    r"|(?P<age>(?:years?|yrs?)[\s-]+old|yo)(?![a-z])"
    r"|(?P<cm>cm|centimet(?:er|re)s?)(?![a-z])"
    r")"
)
# "12 of the last 14 days", "12/14 days", "12 out of 14 check-ins": a count and its window.
_FRACTION_RE = LazyPattern(
    rf"(?P<n1>{NUM})\s*(?:/|of|out\s+of)\s*(?:the\s+)?(?:(?:last|past|previous)\s+)?(?P<n2>{NUM})\s*{_COUNT_UNIT}"
)
_FROM_HEAD_RE = LazyPattern(r"\bfrom\s+$")
# "the last 14 days", "over 30 days", "a 7-day average": the figure names a window, not a count.
_WINDOW_HEAD_RE = LazyPattern(
    r"\b(?:last|past|previous|over|across|within|during|spanning|covering|in)\s+(?:the\s+)?(?:last\s+|past\s+)?$"
)
_WINDOW_TAIL_RE = LazyPattern(r"\s*(?:average|avg|window|period|trend|moving|rolling|span|mean|total|summary)\b")
# "30 days ago", "14 days back", "30 days in, you're ...": where a window starts, not a count.
_AGO_TAIL_RE = LazyPattern(r"\s*(?:ago|back|earlier|before|in\b(?!\s+a\s+row))\b")
_STREAK_TAIL_RE = LazyPattern(r"\s*(?:streak|in\s+a\s+row|running|straight)\b")
_LIFT_HEAD_RE = LazyPattern(
    r"\b(?:lift\w*|squat\w*|bench\w*|deadlift\w*|press(?:ed|ing)?|curl\w*|dumbbells?|barbells?|kettlebells?|"
    r"plates?|bar)\b"
)
# "add 10 kg to their squat": a load on a lift, whoever's it is.
_LIFT_TAIL_RE = LazyPattern(
    r"\s*(?:to|on|onto|off|from|for)\s+(?:\w+\s+)?(?:squat|bench|deadlift|press|lift|lifts|bar|barbell|total|1rm|"
    r"max|pr)s?\b"
)
_MASS_DIRECTIONS = frozenset({"loss", "gain"})
_UNIT_SPELLING = {"k": "kg", "g": "g", "p": "lb", "l": "lb", "s": "st"}
MIN_BARE_DAILY_KCAL = 800.0
LB_PER_STONE = 14


@dataclass(frozen=True, slots=True)
class Quantity:
    """One quantity in the `prepare` form of a text. `value`/`high` (a range's ends, equal for
    a single figure) and `tolerance` are in the kind's canonical unit: kg, kcal (per day when a
    weekly total), g, g/kg, %, h, days, x/5, years, cm. A mass or energy rate is per week /
    per day (`per_week` says a mass was written with a period)."""

    kind: Kind
    value: float
    high: float
    tolerance: float
    unit: str
    sign: int
    text: str
    start: int
    end: int
    per_week: bool = False
    direction: WeightDirection | None = None
    energy_context: CalorieContext | None = None
    window: bool = False
    streak: bool = False
    from_to: bool = False
    """One of "from A to B <unit>": a value said of a point in time, not a summary."""
    written: float | None = None
    """The (first) number as written, in the unit written ("154 lb": 154)."""


@lru_cache(maxsize=1024)
def written_step(token: str) -> float:
    """The rounding step of a number as written: "82.4" 0.1, "82" 1, "1,750" 50, "1,700" 100,
    "1.7k" 100; never coarser than two significant figures ("2,000" 100, "70" 1)."""
    tok = token.strip().replace(" ", "")
    scale = 1.0
    if tok.endswith("k"):
        tok, scale = tok[:-1], 1000.0
    tok = tok.replace(",", "") if _THOUSANDS_RE.fullmatch(tok) else tok.replace(",", ".")
    whole, _, decimals = tok.partition(".")
    if decimals:
        step = 10.0 ** -len(decimals) * scale
    else:
        digits = whole.lstrip("0")
        if not digits:
            return 1.0 * scale
        significant = digits.rstrip("0")
        zeros = len(digits) - len(significant)
        step = 10.0**zeros * (5 if zeros and significant[-1] == "5" else 1) * scale
    size = len(str(int(abs(parse_number(token)))))
    return min(step, 10.0 ** max(0, size - 2)) if size >= 2 else step


def _tolerance(tokens: list[str], factor: float) -> float:
    return max(written_step(t) for t in tokens) / 2 * factor


def _sign(text: str, start: int) -> int:
    if start and text[start - 1] in "-+" and (start < 2 or not text[start - 2].isalnum()):
        return -1 if text[start - 1] == "-" else 1
    return 0


def _rate_weeks(tail: str) -> float | None:
    """Weeks per period of a rate written right after a mass ("a week" 1, "a day" 1/7)."""
    m = _ATTACHED_RATE_RE.match(tail)
    if m is None:
        return None
    if m.group("ru"):
        return DAYS_PER_UNIT[m.group("ru")] / 7
    if m.group("ra"):
        unit = {"daily": "day", "weekly": "week", "fortnightly": "fortnight", "monthly": "month"}.get(m.group("ra"))
        return DAYS_PER_UNIT[unit or "year"] / 7
    if m.group("pw"):
        return 1.0
    days = duration_days(m.group("every") or "")
    return days / 7 if days else None


def extract_quantities(text: str) -> list[Quantity]:
    """Every quantity in `text` with a unit this module knows, in order (see the module docstring)."""
    t = prepare(text)
    out: list[Quantity] = []
    taken_until = -1
    prev_end = 0
    for a in number_starts(t):
        if a < taken_until:
            continue
        m = _QUANTITY_RE.match(t, a)
        frac = _FRACTION_RE.match(t, a) if m is None else None
        if frac is not None:
            n1, n2 = frac.group("n1"), frac.group("n2")
            end = frac.end()
            out.append(_count(t, a, frac.end("n1"), n1, window=False))
            out.append(_count(t, frac.start("n2"), end, n2, window=True))
            taken_until = prev_end = end
            continue
        if m is None:
            q = _bare_daily_energy(t, a, prev_end)
            if q is not None:
                out.append(q)
                taken_until = prev_end = q.end
            continue
        taken_until = m.end()
        if m.group("conn") == "to" and _FROM_HEAD_RE.search(t, max(0, a - 6), a):
            # "from 82.4 to 80.9 kg": two values with one unit, not a range
            first = _read(t, m, a, m.end("n1"), [m.group("n1")], prev_end)
            second = _read(t, m, m.start("n2"), m.end(), [m.group("n2")], prev_end)
            out.extend(dataclasses.replace(q, from_to=True) for q in (first, second) if q is not None)
        else:
            tokens = [m.group("n1")] + ([m.group("n2")] if m.group("n2") else [])
            q = _read(t, m, a, m.end(), tokens, prev_end)
            if q is not None:
                out.append(q)
        prev_end = m.end()
    return out


def _count(t: str, start: int, end: int, token: str, *, window: bool) -> Quantity:
    value = parse_number(token)
    return Quantity(
        "days",
        value,
        value,
        _tolerance([token], 1.0),
        "days",
        0,
        t[start:end],
        start,
        end,
        window=window,
        written=value,
    )


def _bare_daily_energy(t: str, a: int, prev_end: int) -> Quantity | None:
    """ "you're averaging about 1,740 a day": a plausible daily energy figure with no unit."""
    m = _BARE_RE.match(t, a)
    if m is None or m.group("n2"):
        return None
    value = parse_number(m.group("n1"))
    if not MIN_BARE_DAILY_KCAL <= value <= _BARE_INTAKE_RANGE[1] * 1.5 or _other_quantity(t, a, m.end()):
        return None
    context, _, _ = _classify_calorie(t, a, m.end(), prev_end, None)
    tol = _tolerance([m.group("n1")], 1.0)
    return Quantity(
        "energy", value, value, tol, "kcal", 0, t[a : m.end()], a, m.end(), energy_context=context, written=value
    )


def _read(t: str, m: re.Match[str], start: int, end: int, tokens: list[str], prev_end: int) -> Quantity | None:
    """The quantity of one match of _QUANTITY_RE; `start:end` is its span (the whole match, or
    one number of "from A to B unit") and `tokens` its numbers as written."""
    values = [parse_number(tok) for tok in tokens]
    lo, hi = min(values), max(values)
    sign = _sign(t, start)

    def make(kind: Kind, factor: float, unit: str, **extra: Any) -> Quantity:
        return Quantity(
            kind,
            lo * factor,
            hi * factor,
            _tolerance(tokens, abs(factor)),
            unit,
            sign,
            t[start:end],
            start,
            end,
            written=values[0],
            **extra,
        )

    s_start, s_end = sentence_around(t, start, m.end())
    if m.group("gkg"):
        return make("g_per_kg", 1.0, "g/kg")
    if m.group("energy"):
        context, _, period = _classify_calorie(t, m.start(), m.end(), prev_end, m.group("mid"))
        kj = "j" in m.group("energy")
        factor = (1 / KJ_PER_KCAL if kj else 1.0) / (7 if period == "week" else 1)
        return make("energy", factor, "kJ" if kj else "kcal", energy_context="delta" if m.group("mid") else context)
    if m.group("mass"):
        return _mass(t, m, start, s_start, s_end, make)
    if m.group("gm"):
        return make("grams", 1.0, "g")
    if m.group("pct"):
        return make("percent", 1.0, "%")
    if m.group("hours"):
        return make("hours", 1.0, "h")
    if m.group("rating"):
        return make("rating", 1.0, "/5")
    if m.group("cunit"):
        tail = t[m.end() : m.end() + 24]
        streak = bool(_STREAK_TAIL_RE.match(tail))
        window = (
            not streak
            and not m.group("counted")
            and (
                bool(_WINDOW_HEAD_RE.search(t, max(s_start, m.start() - 30), m.start()))
                or (m.group("cunit") == "day" and bool(_WINDOW_TAIL_RE.match(tail)))
                or bool(_AGO_TAIL_RE.match(tail))
            )
        )
        unit = m.group("cunit")
        counted = "weigh-ins" if unit.startswith("weigh") else "check-ins" if unit.startswith("check") else "days"
        return make("days", 1.0, counted, window=window and counted == "days", streak=streak)
    if m.group("age"):
        return make("age", 1.0, "years")
    return make("height", 1.0, "cm")


def _mass(
    t: str, m: re.Match[str], start: int, s_start: int, s_end: int, make: Callable[..., Quantity]
) -> Quantity | None:
    """A mass: a body weight, a change (with its direction) or a rate (per week); grams of a
    food or macro are `grams`. Barbell loads and "of <food>" are not about the body."""
    unit = m.group("mass")
    if _is_ordinal(m.group("n1"), m.group("space"), unit):
        return None
    after = t[m.end() : m.end() + 30]
    grams = unit[0] == "g"
    if grams and _NOT_BODY_GRAMS_RE.match(after):  # "106 g protein", "30 g of chicken": food, not body
        return make("grams", 1.0, "g")
    head_from = clause_start(t, max(s_start, m.start() - 60), m.start())
    if (
        _NOT_BODY_RE.match(after)
        or _NOT_BODY_KIT_RE.match(after)
        or _LIFT_TAIL_RE.match(after)
        or _LIFT_HEAD_RE.search(t, head_from, m.start())
    ):
        return None
    weeks = _rate_weeks(t[m.end() : min(s_end, m.end() + 60)])
    kg = unit_kg(unit)
    amount = kg * parse_number(m.group("n1"))
    # A body weight has no direction to check; a change or a rate does ("down 1.6 kg").
    direction = _direction(t, m.start(), m.end(), head_from, s_start, s_end, amount) if amount < 30 else None
    moving = direction if direction in _MASS_DIRECTIONS else None
    if grams and (weeks is None or weeks < 1):
        # "136 g a day", "72.6 g on average" are food; "470 g a week" and "lost 470 g" are body weight
        # (a loss or gain verb before it, not a word after it such as "on").
        verbs = list(_DIRECTION_RE.finditer(t, head_from, m.start()))
        if not verbs:
            return make("grams", 1.0, "g")
        moving = "loss" if verbs[-1].group("loss") else "gain"
    spelled = "kg" if unit.startswith(("kg", "kilo")) else _UNIT_SPELLING[unit[0]]
    if m.group("lbs"):  # "11 st 4 lb": stones and pounds, precise to the pound (a stone is 14 lb exactly)
        whole = (parse_number(m.group("n1")) * LB_PER_STONE + float(m.group("lbs"))) * KG_PER_LB
        return Quantity(
            "mass",
            whole,
            whole,
            written_step(m.group("lbs")) / 2 * KG_PER_LB,
            "st",
            _sign(t, start),
            t[start : m.end()],
            start,
            m.end(),
            direction=moving,
            written=round(whole / kg, 2),
        )
    return make("mass", kg / (weeks or 1.0), spelled, per_week=weeks is not None, direction=moving)
