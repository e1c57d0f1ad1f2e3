"""Energy figures in free text and what each one is (see the package docstring)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from coach_core.policies.extraction.clauses import clause_end, clause_start, negated_head
from coach_core.policies.extraction.numbers import NUM, NUM_RE, number_starts, parse_number, prepare
from coach_core.policies.text import is_question_span, occurs_within, sentence_around
from coach_core.policies.text.regex import LazyPattern

KJ_PER_KCAL = 4.184


CalorieContext = Literal["intake", "per_meal", "burned", "delta", "reference"]
CaloriePeriod = Literal["day", "week", "none"]


@dataclass(frozen=True, slots=True)
class CalorieValue:
    """One energy figure. `kcal` is per day when `daily` (weekly totals are divided by 7),
    else as written; for a range it is the lowest value and `kcal_high` the highest."""

    kcal: float
    kcal_high: float
    unit: Literal["kcal", "kj", "none"]
    period: CaloriePeriod
    daily: bool
    context: CalorieContext
    negated: bool
    question: bool
    text: str
    start: int
    end: int

    @property
    def is_daily_intake(self) -> bool:
        """A daily amount eaten or planned: what the calorie minimum is about."""
        return self.daily and self.context == "intake"


# Every spelling of an energy unit (kcal or kJ), shared with the quantity extractor.
ENERGY_UNIT = (
    r"k\s?cals?|kilo\s?calories|kilocalories|kilocalorie|ca?l[aeiou]?r[a-z]{0,4}|cals?|kj|"
    r"kilo\s?joules?|kilojoules?"
)
_CAL_UNIT = rf"(?P<unit>{ENERGY_UNIT})"
_CAL_RE = LazyPattern(
    rf"(?P<n1>{NUM})(?:\s*(?:-|to|or|and)\s*(?P<n2>{NUM}))?\s*(?P<mid>(?:fewer|less|more|extra|"
    rf"additional)\s+)?{_CAL_UNIT}(?![a-z])"
)
_DAILY_MARK = (
    r"(?:(?:a|per|each|every|/|p|an|a\s+whole|for\s+the|for\s+a|in\s+a|in\s+one)\s*-?\s*day\b|daily\b|"
    r"/\s*d\b|pd\b|(?:on\s+)?most\s+days\b|all\s+(?:week|month)\b|every\s+single\s+day\b)"
)
_WEEKLY_MARK = (
    r"(?:(?:a|per|each|every|/|p)\s*-?\s*(?:week|wk)\b|weekly\b|pw\b|(?:across|over|for|during|throughout|in)\s+"
    r"(?:the|a)\s+(?:whole\s+|entire\s+)?week\b)"
)
# A weekly budget named before the figure: "my weekly calorie budget is 7,500", "cap the week at
# 7,700", "over the week i get about 7,500". Only cues tied to the amount, so "3 times a week
# i eat 1,800 calories" stays daily.
_WEEKLY_HEAD_RE = LazyPattern(
    r"\b(?:weekly(?:\s+(?:calorie|kcal|energy|food))?(?:\s+(?:budget|total|target|intake|allowance|limit|cap|calories|"
    r"amount|goal))?|(?:calorie\s+|kcal\s+)?(?:budget|total|target|intake|allowance|limit|cap)\s+(?:for|per|each|a|of)"
    r"\s+(?:the\s+)?week|(?:over|across|throughout|for)\s+the\s+(?:whole\s+|entire\s+)?week|(?:cap|limit|set|keep)"
    r"\s+the\s+week(?:\s+(?:at|to|under))?|each\s+week|every\s+week)\b"
)
_BARE_RE = LazyPattern(rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?=\s*{_DAILY_MARK})")
_RANGE_RE = LazyPattern(rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?![0-9a-z%])")
# "my calorie target is 900": a bare figure right after a named calorie target.
_TARGET_HEAD_RE = LazyPattern(
    r"\b(?:calorie|calories|kcal|cal|energy)\s+(?:intake|target|goal|budget|limit|allowance|"
    r"cap)\s+(?:(?:is|of|at|to|=|:|set to|should be|will be|be|about|around|roughly|approximately|approx|"
    r"only|just|~|under|below|less than|no more than)\s*)*$|\b(?:daily|day|days|todays|my|your|her|his)\s+"
    r"(?:calories|cals|kcals?|calorie intake|energy intake|intake)\s+(?:(?:are|is|were|was|=|:|at|of|sit at|sits at|"
    r"come to|comes to|add up to|total|about|around|roughly|only|just|usually|normally|~)\s*)+$"
)
_OTHER_QUANTITY_RE = LazyPattern(
    r"(?:\b(?:steps?|ml|mls|mg|mcg|iu|grams?|g|minutes?|mins?|hours?|hrs?|reps?|sets|set of|push-?ups|pull-?ups|"
    r"sit-?ups|squats|burpees|lunges|crunches|words|pages|dollars|bucks|cigarettes|smokes|coffees?|cups?|"
    r"glasses|litres?|liters?|oz|ounces|miles?|km|kms|meters?|metres?|drink\w*|drank|walk\w*|runs?|running|"
    r"ran|spend\w*|spent|earn\w*|save|saving|pay|paid|texts?|emails?|messages?|times?|protein|carbs?|fats?|"
    r"fib(?:re|er)|sodium|sugar|water|units?|take|taking|pills?|tablets?|lbs?|kg|kgs|kilos?|pounds?|users?|"
    r"visitors?|views?|people|customers?)\b|[$£€%])"
)
# "is 1,000 too low?", "would 900 be ok?": a bare figure asked about as an intake.
_ASK_HEAD_RE = LazyPattern(
    r"(?:\b(?:is|are|would|will|could|isnt)\s+(?:eating\s+|only\s+|just\s+)?|^\s*|[.!?;:,\n]\s*)$"
)
_ASK_TAIL_RE = LazyPattern(
    r"\s+(?:be\s+)?(?:too (?:low|little|few|much|aggressive|extreme)|enough|ok|okay|safe|fine|alright|"
    r"healthy|sustainable|reasonable|realistic|dangerous|bad)\b"
)
_FILLER = (
    r"(?:(?:total|in\s+total|max|maximum|tops|or\s+so|or\s+less|or\s+fewer|or\s+under|or\s+below|at\s+most|"
    r"at\s+least|only|of\s+food|worth|of\s+intake|intake|net|roughly|approx|or\s+more|each)\s+)*"
)
_DAILY_ANYWHERE_RE = LazyPattern(_DAILY_MARK)
_UNIT_HINT_RE = LazyPattern(r"ca?l|kj|joule")  # every spelling _CAL_UNIT accepts contains one of these
_TARGET_HINT_RE = LazyPattern(r"intake|target|goal|budget|limit|allowance|cap|cal|kcal")
_DAILY_TAIL_RE = LazyPattern(rf"^\s*{_FILLER}{_DAILY_MARK}")
_WEEKLY_TAIL_RE = LazyPattern(rf"^\s*{_FILLER}{_WEEKLY_MARK}")
_MEAL_WORD = (
    r"(?:meals?|snacks?|servings?|portions?|breakfast|lunch|dinner|supper|brunch|dessert|bars?|shakes?|"
    r"smoothies?|sandwich(?:es)?|slices?|pieces?|cups?|bowls?|plates?|recipes?|dish(?:es)?|cookies?|"
    r"muffins?|drinks?|beers?|pints?|packets?|bottles?|scoops?|treats?|burgers?|pizzas?)"
)
_MEAL_TAIL_RE = LazyPattern(
    rf"^\s*(?:(?:or\s+so|or\s+less|max|each|total|worth)\s+)?(?:(?:per|a|an|each|every|for|at|in|with|"
    rf"in\s+(?:a|my|each|one|your))\s+(?:\w+\s+)?{_MEAL_WORD}\b(?!\s*(?:plan|prep))|"
    rf"-?\s*{_MEAL_WORD}\b(?!\s*(?:plan|prep)))"
)
_MEAL_HEAD_RE = LazyPattern(rf"\b{_MEAL_WORD}\b(?!\s*(?:plans?|prep|planning))")
_DAILY_HEAD_RE = LazyPattern(
    r"\b(?:daily|a day|per day|each day|every day|a whole day|all day|yesterday|in a day|for the day|"
    r"days? of|/day)\b|"
    # A plan written per day: "thu: 400 kcal total", "day 3: 600 calories".
    r"\b(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?|day [0-9]+)\s*:\s*(?:\w+\s+){0,2}$"
)
# "which days should be the 0 cal ones": the figure names a kind of day said before it.
_DAY_ONES_TAIL_RE = LazyPattern(r"^\s*ones\b")
_DAYS_BEFORE_RE = LazyPattern(r"\bdays\b")
_IMPLIED_HEAD_RE = LazyPattern(
    r"(?:\b(?:diet|plan|menu|meal plan|regime|regimen|program|programme|protocol|target|goal|budget|limit|"
    r"allowance|intake|cap|vlcd)(?:\s*[:=~-]\s*|\s+)|\b(?:on|living on|live on|lives on|survive on|"
    r"surviving on|survived on|get by on|getting by on|running on|stick(?:ing)? to|stay(?:ing)? (?:under|"
    r"below|at)|keep(?:ing)? (?:\w+ )?(?:under|below|at)|cap(?:ping)? (?:\w+ )?at|"
    r"limit(?:ing)? (?:\w+ )?to|restrict(?:ing)? (?:\w+ )?to|(?:eat|eating|ate|consume|consuming|have|"
    r"having) (?:only|just|under|below|less than|no more than|fewer than|around|about|roughly|max|maximum)|"
    r"only (?:eat|eating|ate|eaten|consume|consuming|have|having|had)|let (?:myself|yourself|herself|"
    r"himself) (?:have|eat)|allow(?:ing)? (?:myself|yourself)(?: to)?(?: have| eat)?|down to|"
    r"drop(?:ping)? (?:\w+ )?to|cut(?:ting)? (?:\w+ )?(?:down )?to|reduc\w* (?:\w+ )?to|"
    r"lower\w* (?:\w+ )?to|go(?:ing)? (?:down )?to|aim(?:ing)? for|target(?:ing)?|set (?:\w+ )?(?:to|"
    r"at))\s+)(?:(?:of|is|at|to|for|with|around|about|roughly|approximately|approx|only|just|set to|"
    r"should be|will be|would be|was|be|=|:|~|under|below|less than|no more than|fewer than|at most|"
    r"at least|max|maximum|like|maybe|near|close to)\s*)*$"
)
_IMPLIED_TAIL_RE = LazyPattern(
    r"^\s*-?\s*(?:a\s+)?(?:diet|plan|meal\s+plan|menu|regime|regimen|program|programme|protocol|challenge|"
    r"days?|target|goal|budget|limit|cap|vlcd|lifestyle)\b|^\s*(?:is|as|will be|would be|=)\s+(?:my|the|your|a|our)\s+"
    r"(?:daily\s+)?(?:max|maximum|limit|target|goal|budget|cap|intake|allowance|ceiling|number|plan)\b"
)
_BURN_HEAD_RE = LazyPattern(
    r"\b(?:burn\w*|torch\w*|expend\w*|work(?:ed|ing)? off|active (?:calories|energy)|exercise calories|"
    r"watch says|tracker says)\b"
)
_BURN_TAIL_RE = LazyPattern(
    r"^\s*(?:burn\w*|expended|of (?:exercise|activity|cardio|running|walking|cycling|swimming|rowing|training)|"
    r"(?:at|in|during) the gym|on (?:the|a|my) (?:bike|treadmill|rower|elliptical|stair ?master|stepper|peloton|"
    r"spin bike|cross trainer|assault bike|air ?bike|run|ride|walk))\b"
)
# An unqualified figure ("eating 1100 calories", "should i do 900 cals") after a verb of eating,
# planning or sticking to an amount: people state intake per day, so it is read as daily.
# The same, for a figure with no unit at all ("i stick to like 1100"): only verbs that can
# only be about food, and a plausible daily amount (see _BARE_INTAKE_RANGE).
_BARE_INTAKE_HEAD_RE = LazyPattern(
    r"\b(?:eat|eats|eating|consum\w*|stick(?:ing)? to|stuck to|liv(?:e|es|ing) (?:on|off)|surviv\w* (?:on|off)|"
    r"get(?:ting)? by on|averag\w*|cap(?:ping|ped)? (?:\w+ )?at|limit(?:ing)? (?:\w+ )?to|"
    r"keep(?:ing)? (?:\w+ )?under)\s+(?:(?:only|just|like|about|around|roughly|approximately|approx|~|maybe|under|"
    r"below|less than|no more than|max|at most|barely|usually|normally)\s+)*$"
)
_BARE_INTAKE_RANGE = (500.0, 4000.0)
_INTAKE_VERB_HEAD_RE = LazyPattern(
    r"\b(?:eat|eats|eating|consume|consumes|consuming|have|having|do|doing|try|trying|tryna|averag\w*|"
    r"(?:stick|sticking|stuck|keep|keeping|commit|committing|switch|switching|move|moving)\s+(?:to|with)|"
    r"(?:aim|aiming|shoot|shooting)\s+(?:for|at)|go(?:ing)?\s+(?:for|with|on)|"
    r"(?:live|lives|living|survive|survives|surviving|get\s+by|getting\s+by|run|running|"
    r"exist|existing)\s+(?:on|off)|manage|manages|managing|(?:im|i am|were|we are|currently|now|been|stay\w*|"
    r"kept|keep\w*|being|staying)\s+(?:at|under|below)|"
    r"(?:my|your|daily|todays)\s+(?:calories|cals|kcals?|intake)\s+(?:are|is|was|were|at|=|:)|"
    r"(?:meals|food|everything|it all|all)\s+(?:\w+\s+){0,2}?(?:add|adds|added|adding)\s+up\s+to|"
    r"(?:start|starting|plan|planning)\s+(?:on|with|at)?|(?:how|what)\s+about)"
    r"(?:\s+(?:only|just|like|about|around|roughly|approximately|approx|~|maybe|under|below|less than|"
    r"no more than|fewer than|at most|at least|max|maximum|between|barely|even|probably|usually|"
    r"normally|an?|my|me|myself|at|near|close to|on))*\s*$"
)
# Single occasions: the figure is one meal or one sitting, not a day ("900 calories of pizza").
_OCCASION_TAIL_RE = LazyPattern(
    r"^\s*(?:(?:worth\s+)?of\s+(?!food\b|intake\b|energy\b|calories\b)\w+|in\s+(?:one|a\s+single|1)\s+"
    r"(?:sitting|go|meal)|at\s+once|tonight|this\s+(?:morning|afternoon|evening)|last\s+night|"
    r"(?:post|pre)-?\s*(?:workout|training|run|gym)|(?:before|after)\s+(?:bed|training|the\s+gym|"
    r"(?:my|a|the)\s+(?:run|workout|session|game|match|race))|left|remaining|to\s+spare|spare|to\s+go|"
    r"in\s+the\s+bank|over|from\s+(?:that|this|the|a|my)\b)"
)
# "my meals add up to 1,000 calories": the total of the day's meals, not one meal.
_MEALS_TOTAL_RE = LazyPattern(
    r"\b(?:meals|food|everything|it all|all)\s+(?:\w+\s+){0,2}?(?:add|adds|added|adding)\s+up\s+to\b|"
    r"\b(?:all|total of|across) (?:my |your |the )?(?:\w+ )?meals\b"
)
_MEAL_LATER_RE = LazyPattern(rf"\b(?:for|at|as|in)\s+(?:a\s+|my\s+|one\s+|the\s+|your\s+)?{_MEAL_WORD}\b")
_OCCASION_HEAD_RE = LazyPattern(
    r"\b(?:just (?:ate|had|finished|eaten|grabbed|demolished|scoffed)|tonight|this (?:morning|afternoon|evening)|"
    r"last night|at (?:the|a) (?:party|restaurant|"
    r"wedding|buffet|bbq|barbecue)|cheat (?:meal|day))\b"
)
_DELTA_HEAD_RE = LazyPattern(
    r"(?:\b(?:deficit|surplus)(?:\s+(?:of|is|at|about|around|roughly|approximately|approx|~|to|be|should|"
    r"will|would|only|just|like|was|set|=|:|daily|a day|per day))*|\b(?:an?\s+)?(?:extra|additional|"
    r"another|add|adding|added|plus|minus|cut|cutting|trim|trimming|shave|shaving|subtract|subtracting|"
    r"remove|removing|by|up|down)(?:\s+(?:about|around|roughly|approximately|approx|~|an?))*)\s*$"
)
_DELTA_TAIL_RE = LazyPattern(
    r"^\s*(?:(?:a|per)\s+day\s+|daily\s+)?(?:deficit|surplus|less|fewer|more|extra|lower|higher|short|"
    r"(?:under|below|over|above)\s+(?:my\s+|your\s+|the\s+)?(?:maintenance|tdee|bmr|target|goal|needs))\b"
)
_REFERENCE_HEAD_RE = LazyPattern(r"\b(?:bmr|tdee|rmr|maintenance|basal|resting|metabolic rate|maintain|maintaining)\b")
_REJECT_TAIL_RE = LazyPattern(
    r"^[^?]{0,40}?\b(?:too (?:low|little|few|restrictive|extreme|aggressive)|not (?:enough|safe|healthy|"
    r"sustainable|recommended|advisable)|isnt (?:enough|safe|healthy|sustainable|recommended)|unsafe|"
    r"dangerous|unhealthy|unsustainable|risky|not a good idea|a bad idea)\b"
)


def _energy_unit(unit: str | None) -> Literal["kcal", "kj", "none"]:
    if unit is None:
        return "none"
    return "kj" if "j" in unit else "kcal"


def _classify_calorie(
    text: str, start: int, end: int, prev_end: int, mid: str | None
) -> tuple[CalorieContext, bool, CaloriePeriod]:
    """(context, daily, period) of the figure at text[start:end], from the words around it."""
    s_start, s_end = sentence_around(text, start, end)
    head_from = clause_start(text, max(s_start, prev_end, start - 60), start)
    head = text[head_from:start]
    tail = text[end : clause_end(text, end, min(s_end, end + 45))]
    burn = _BURN_HEAD_RE.search(head)
    if burn and burn.group(0).endswith("says") and _INTAKE_VERB_HEAD_RE.search(head):
        burn = None  # "my tracker says i've averaged 900 calories" reports what was eaten
    if burn or _BURN_TAIL_RE.match(tail):
        return "burned", False, "none"
    if mid == "ask":
        return "intake", True, "day"
    if mid or _DELTA_HEAD_RE.search(head) or _DELTA_TAIL_RE.match(tail):
        return "delta", bool(_DAILY_ANYWHERE_RE.search(tail)), "none"
    if _REFERENCE_HEAD_RE.search(head):
        return "reference", False, "none"
    if _MEAL_TAIL_RE.match(tail):
        return "per_meal", False, "none"
    if _DAILY_TAIL_RE.match(tail):
        return "intake", True, "day"
    if _WEEKLY_TAIL_RE.match(tail) or _WEEKLY_HEAD_RE.search(head):
        return "intake", True, "week"
    if _MEAL_HEAD_RE.search(head) and not _MEALS_TOTAL_RE.search(head):
        return "per_meal", False, "none"
    if _DAILY_HEAD_RE.search(head) or _IMPLIED_HEAD_RE.search(head) or _IMPLIED_TAIL_RE.match(tail):
        return "intake", True, "day"
    if _DAY_ONES_TAIL_RE.match(tail) and _DAYS_BEFORE_RE.search(text, s_start, start):
        return "intake", True, "day"
    if _implied_daily(text, head, tail, end, s_end):
        return "intake", True, "day"
    return "intake", False, "none"


def _implied_daily(text: str, head: str, tail: str, end: int, s_end: int) -> bool:
    """An intake figure stated with no period but clearly meant per day: after a verb of
    eating or planning ("eating 1100 calories", "should i do 900 cals") or asked about as an
    amount ("is 1,100 calories enough?"), and not tied to one meal or sitting."""
    if _OCCASION_TAIL_RE.match(tail) or _OCCASION_HEAD_RE.search(head):
        return False
    if occurs_within(_MEAL_LATER_RE, text, end, s_end):  # "... 600 calories, is that ok for dinner?"
        return False
    if _INTAKE_VERB_HEAD_RE.search(head):
        return True
    return bool(_ASK_HEAD_RE.search(head) and _ASK_TAIL_RE.match(tail))


def _other_quantity(text: str, start: int, end: int) -> bool:
    """A unitless figure's sentence talks about steps, ml, money...: it is not calories."""
    s_start, s_end = sentence_around(text, start, end)
    return occurs_within(_OTHER_QUANTITY_RE, text, s_start, s_end)


def extract_calorie_values(text: str) -> list[CalorieValue]:
    """Every energy figure in `text`, in order, as kcal with what it refers to."""
    t = prepare(text)
    found: list[tuple[int, int, str, str | None, str | None, str | None]] = []
    # Which kinds of figure can occur at all, decided once so each number costs little.
    units = bool(_UNIT_HINT_RE.search(t))
    targets = bool(_TARGET_HINT_RE.search(t))
    periods = bool(_DAILY_ANYWHERE_RE.search(t))
    taken_until = -1
    for a in number_starts(t):
        if a < taken_until:
            continue
        m = _CAL_RE.match(t, a) if units else None
        if m:
            found.append((a, m.end(), m.group("n1"), m.group("n2"), m.group("unit"), m.group("mid")))
            taken_until = m.end()
            continue
        head = t[max(0, a - 70) : a]
        m = _RANGE_RE.match(t, a) if targets and _TARGET_HEAD_RE.search(head) else None
        if m is None and periods:
            m = _BARE_RE.match(t, a)
        if m is not None:
            # "eating about 950 a day ..., mostly protein bars": a verb of eating right before a
            # plausible daily figure outweighs another quantity named elsewhere in the sentence.
            eaten = (
                m.group("n2") is None
                and _BARE_INTAKE_HEAD_RE.search(head) is not None
                and _BARE_INTAKE_RANGE[0] <= parse_number(m.group("n1")) <= _BARE_INTAKE_RANGE[1]
            )
            if eaten or not _other_quantity(t, a, m.end()):
                found.append((a, m.end(), m.group("n1"), m.group("n2"), None, None))
                taken_until = m.end()
            continue
        n = NUM_RE.match(t, a)
        if (
            n
            and _BARE_INTAKE_HEAD_RE.search(head)
            and _BARE_INTAKE_RANGE[0] <= parse_number(n.group(0)) <= _BARE_INTAKE_RANGE[1]
            and not _other_quantity(t, a, n.end())
        ):
            found.append((a, n.end(), n.group(0), None, None, None))
            continue
        if n and _ASK_TAIL_RE.match(t, n.end()) and _ASK_HEAD_RE.search(head) and not _other_quantity(t, a, n.end()):
            found.append((a, n.end(), n.group(0), None, None, "ask"))
    found.sort()

    values: list[CalorieValue] = []
    prev_end = 0
    for start, end, n1, n2, unit_text, mid in found:
        kind = _energy_unit(unit_text)
        nums = [parse_number(n1)] + ([parse_number(n2)] if n2 else [])
        if kind == "kcal":
            # "1.200 kcal" is a European thousands separator, not 1.2 kcal.
            nums = [
                v * 1000 if v < 50 and re.fullmatch(r"[0-9]{1,3}\.[0-9]{3}", n) else v
                for v, n in zip(nums, [n1, n2 or n1], strict=False)
            ]
        if kind == "none" and not (100 if mid != "ask" else 400) <= min(nums) <= 10000:
            prev_end = end
            continue
        if kind == "kj":
            nums = [v / KJ_PER_KCAL for v in nums]
        context, daily, period = _classify_calorie(t, start, end, prev_end, mid)
        if period == "week":
            nums = [v / 7 for v in nums]
        s_start, s_end = sentence_around(t, start, end)
        head = t[clause_start(t, max(s_start, prev_end, start - 60), start) : start]
        negated = negated_head(head, caps_count=True) or bool(_REJECT_TAIL_RE.match(t[end:s_end]))
        values.append(
            CalorieValue(
                kcal=round(min(nums), 6),
                kcal_high=round(max(nums), 6),
                unit=kind,
                period=period,
                daily=daily,
                context=context,
                negated=negated,
                question=is_question_span(t, s_start, s_end),
                text=t[start:end],
                start=start,
                end=end,
            )
        )
        prev_end = end
    return values
