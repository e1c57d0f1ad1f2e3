"""The only place that parses numbers and units out of free text.

`extract_calorie_values` finds energy figures (kcal or kJ, digits, "1,200", "1.7k", words)
and says what each one is: daily intake, a per-meal figure, calories burned, a deficit or
surplus, or a reference value such as a BMR. `extract_weekly_weight_change_kg` finds body
weight changes (kg, g, lb, stone) with a period and turns them into kg per week with a
direction. Both return every figure with the flags a policy needs (negated, question), so
the policies only compare numbers with thresholds and never parse text themselves.

When is a calorie figure daily? When the text says so ("a day", "daily", "/day", "per day",
"all week", a weekly total divided by 7), names a daily target or plan ("my calorie target
is 900", "a 1,000 calorie diet", "1100 calories is my max"), or clearly implies it. Our
judgement of "clearly implies": a figure after a verb of eating, planning or sticking to an
amount, with no period stated, is daily, because people state their intake per day
("eating 1100 calories", "should i do 900 cals", "cap myself at 900 calories", "i stick to
like 1100", "is 1,100 calories enough?"). It is not daily when it is tied to one meal or
sitting: a meal word ("for lunch", "that burger was 1000 calories"), "of <food>" ("900
calories of pizza"), one occasion ("just ate", "tonight", "post workout", "in one sitting"),
calories left in a budget ("300 calories left"), burned calories, deficits and surpluses.
Simple past reports with no period ("I ate 900 calories") stay undecided (not daily).

Digits before a scale word scale first ("12 hundred" = 1200, "1.2 thousand" = 1200), and
at most MAX_NUMBERS numbers are read from one text, which keeps hostile inputs cheap.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from coach_core.policies.text import alternation, is_question_span, normalize, occurs_within, sentence_around

KJ_PER_KCAL = 4.184
KG_PER_LB = 0.45359237
KG_PER_STONE = 6.35
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

# --- Numbers --------------------------------------------------------------------------------

# Digits with thousands separators ("1,200", "1 200" before an energy unit), decimals with a
# point or a comma ("1.5", "1,5"), and a "k" multiplier ("1k", "1.7k"; not "1kg"/"1kcal").
NUM = (
    r"(?:[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?|[0-9]{1,3}(?: [0-9]{3})+(?=\s?(?:k ?cal|kj|kilo))|"
    r"[0-9]+(?:[.,][0-9]+)?|\.[0-9]+)(?:k(?![a-z]))?"
)
_THOUSANDS_RE = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]+)?")


def parse_number(token: str) -> float:
    """Value of a token matched by NUM."""
    tok = token.strip().replace(" ", "")
    scale = 1.0
    if tok.endswith("k"):
        tok, scale = tok[:-1], 1000.0
    tok = tok.replace(",", "") if _THOUSANDS_RE.fullmatch(tok) else tok.replace(",", ".")
    return float(tok) * scale


_UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_WORD = alternation("|".join(sorted([*_UNITS, *_TENS, "hundred", "thousand"], key=len, reverse=True)))
WORD_NUMBER = _WORD  # one number word ("three", "twenty", "hundred"), for patterns elsewhere
# Digits count as part of a run only right before a scale word, so "12 hundred" and "1.2
# thousand" scale as one number (1200) instead of "hundred" becoming a separate 100.
_SCALED_DIGITS = r"(?<![0-9.,])[0-9]+(?:[.,][0-9]+)?(?=\s+(?:hundred|thousand)\b)"
_RUN_RE = re.compile(
    rf"(?:\b(?:an?\s+(?=hundred|thousand))?{_WORD}|{_SCALED_DIGITS})(?:(?:\s+|-)(?:and\s+)?(?:an?\s+"
    rf"(?=hundred|thousand))?(?:{_WORD}|{_SCALED_DIGITS}))*(?:\s+point(?:\s+{_WORD})+)?"
    rf"(?:\s+and\s+a\s+half)?\b"
)
_TOKEN_RE = re.compile(r"[a-z]+|[0-9]+(?:[.,][0-9]+)?")


def _words_to_numbers(run: str) -> str:
    """Digits for one run of number words; a run that holds two numbers keeps them apart."""
    out: list[str] = []
    total = 0.0
    group = 0.0
    seen = False
    last = ""
    joined = False
    tokens = _TOKEN_RE.findall(run)

    def flush() -> None:
        nonlocal total, group, seen, last, joined
        if seen:
            value = round(total + group, 6)  # "1.1 thousand" is 1100, not 1100.0000000000002
            out.append(str(int(value)) if value == int(value) else str(value))
        total, group, seen, last, joined = 0.0, 0.0, False, "", False

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok == "and":
            if tokens[i + 1 : i + 3] == ["a", "half"] and seen:
                group += 0.5
                i += 3
                continue
            joined = True
            i += 1
            continue
        if tok == "point" and seen:
            digits = ""
            i += 1
            while i < len(tokens) and tokens[i] in _UNITS and _UNITS[tokens[i]] < 10:
                digits += str(_UNITS[tokens[i]])
                i += 1
            if digits:
                group += float("0." + digits)
            continue
        if tok[0].isdigit():
            value, kind = float(tok.replace(",", ".")), "unit"
        elif tok in ("a", "an"):
            value, kind = 1, "unit"
        elif tok in _UNITS:
            value, kind = _UNITS[tok], "unit"
        elif tok in _TENS:
            value, kind = _TENS[tok], "tens"
        else:
            value, kind = (100, "hundred") if tok == "hundred" else (1000, "thousand")
        if kind == "unit":
            if last == "unit" or (last == "tens" and (group % 10 or value >= 10)):
                flush()
            group += value
        elif kind == "tens":
            if last == "unit" and not joined and 1 <= group < 100 and total == 0:
                group = group * 100 + value  # "nine fifty" = 950
            elif last == "tens" or (last == "unit" and group >= 10 and group % 10):
                flush()
                group = value
            else:
                group += value
        elif kind == "hundred":
            if group >= 100:
                flush()
            group = (group or 1) * 100
        else:
            total += (group or 1) * 1000
            group = 0
        seen = True
        last = kind if kind in ("unit", "tens") else "scale"
        joined = False
        i += 1
    flush()
    return " ".join(out)


_DIGIT_HALF_RE = re.compile(r"\b([0-9]+)(?:\s+and\s+a\s+half|\s*½)\b")
_MASS = r"(?:kilos?|kilograms?|kgs?|pounds?|lbs?|stones?)"
_HALF_A_RE = re.compile(rf"\b(?:half an?|an? half)\s+(?={_MASS}\b)")
_A_MASS_RE = re.compile(rf"\b(?:an?|one)\s+(?={_MASS}\b)")
_COUPLE_RE = re.compile(rf"\ba\s+couple(?:\s+of)?\s+(?={_MASS}\b)")
_UNIT_AND_HALF_RE = re.compile(rf"\b([0-9]+(?:\.[0-9]+)?)\s+({_MASS})\s+and\s+a\s+half\b")


def numberize(text: str) -> str:
    """Normalised text with quantities written as digits ("twelve hundred" -> "1200",
    "half a kilo" -> "0.5 kilo", "a pound" -> "1 pound"). Word numbers are only rewritten
    where they are numbers; everything else is left as it is."""
    out = _RUN_RE.sub(_run_to_digits, text)
    if "couple" in out:
        out = _COUPLE_RE.sub("2 ", out)
    half = "half" in out or "½" in out
    if half:  # "2 and a half" before "a half kg", and "half a kilo" before "a kilo"
        out = _HALF_A_RE.sub("0.5 ", _DIGIT_HALF_RE.sub(_digits_and_half, out))
    if "kilo" in out or "kg" in out or "pound" in out or "lb" in out or "stone" in out:
        out = _A_MASS_RE.sub("1 ", out)
        if half:  # "a kilo and a half" -> "1 kilo and a half" -> "1.5 kilo"
            out = _UNIT_AND_HALF_RE.sub(_unit_and_half, out)
    return out


def _run_to_digits(m: re.Match[str]) -> str:
    return _words_to_numbers(m.group(0))


def _unit_and_half(m: re.Match[str]) -> str:
    return f"{float(m.group(1)) + 0.5:g} {m.group(2)}"


def _digits_and_half(m: re.Match[str]) -> str:
    return f"{int(m.group(1)) + 0.5:g}"


_WORD_HYPHEN_RE = re.compile(r"(?<=[0-9a-z])-(?=[a-z])")


@lru_cache(maxsize=32)  # two policies (calories, weight rate) extract from the same text
def prepare(text: str) -> str:
    """The form extraction works on: normalised, quantities as digits, and hyphens between
    words read as spaces ("a 1,000-calorie-a-day plan" is "a 1,000 calorie a day plan")."""
    norm = normalize(text)
    if "-" in norm:
        norm = _WORD_HYPHEN_RE.sub(" ", norm)
    return numberize(norm)


# --- Durations --------------------------------------------------------------------------------

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
    rf"(?:{NUM}(?:\s*(?:-|to|or)\s*{NUM})?|{_WORD}(?:[\s-]+(?:and[\s-]+)?{_WORD})*|several|a\s+few|few|"
    r"a\s+couple(?:\s+of)?|couple\s+of|multiple|many|some|an?|the)"
)
_DUR_UNIT = r"(?:days?|weeks?|wks?|fortnights?|months?|years?|yrs?|hours?|hrs?)"
# A duration phrase, e.g. "3 weeks", "a fortnight", "18 days", "several days", "4-6 weeks",
# "the last month", "days". No capture groups, so other modules can embed it in a pattern.
DURATION = rf"(?:(?:the\s+)?(?:last|past|next|first|coming)\s+)?(?:{_COUNT}\s*-?\s*)?{_DUR_UNIT}\b"
_DURATION_PARTS_RE = re.compile(
    rf"(?:(?:the\s+)?(?:last|past|next|first|"
    rf"coming)\s+)?(?:(?P<count>{_COUNT})\s*-?\s*)?(?P<unit>{_DUR_UNIT})\b"
)
_NUM_RE = re.compile(NUM)
_NUMBER_START_RE = re.compile(rf"(?<![0-9a-z.,]){NUM}")


# At most this many numbers are read from one text. A coaching message holds a handful; a wall
# of hundreds of numbers is a data dump or an attempt to slow the engine down, and reading the
# first ones keeps every check within a few milliseconds. (The model's reply is checked too.)
MAX_NUMBERS = 100


@lru_cache(maxsize=32)
def _number_starts(text: str) -> tuple[int, ...]:
    """Where each number in `text` starts (the first MAX_NUMBERS): extraction looks only
    there, not at every character."""
    return tuple(m.start() for m, _ in zip(_NUMBER_START_RE.finditer(text), range(MAX_NUMBERS), strict=False))


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
        count = min(parse_number(n) for n in _words_to_numbers(count_text).split())
    else:
        count = min(parse_number(n) for n in _NUM_RE.findall(count_text))
    return count * DAYS_PER_UNIT[unit]


# --- Shared context helpers ----------------------------------------------------------------------

_CLAUSE_BREAK_RE = re.compile(
    r",\s|\s(?:but|and|so|because|since|while|although|though|then|whereas|plus)\s|\s-\s|\(|\)"
)
_NEGATION_HEAD_RE = re.compile(
    r"\b(?:never|not|dont|do not|doesnt|does not|didnt|did not|wont|will not|would not|wouldnt|cant|cannot|"
    r"can not|shouldnt|should not|no longer|refuse to|refusing to|avoid|avoiding|stop|stopped|quit|"
    r"instead of|rather than|no way|nor)\b(?P<gap>(?:\s+\S+){0,5})\s*$"
)
_UNCERTAIN_RE = re.compile(r"\b(?:dont|do not|didnt) know\b|\bnot sure\b|\bno idea\b|\bnot certain\b")
_CAP_RE = re.compile(r"\b(?:more than|over|above|exceed\w*|higher than|as much as)\b")


def _clause_start(text: str, lower: int, pos: int) -> int:
    """Start of the clause holding `pos`, never before `lower`."""
    start = lower
    for m in _CLAUSE_BREAK_RE.finditer(text, lower, pos):
        start = m.end()
    return start


def _clause_end(text: str, pos: int, upper: int) -> int:
    m = _CLAUSE_BREAK_RE.search(text, pos, upper)
    return m.start() if m else upper


def _negated_head(head: str, *, caps_count: bool) -> bool:
    """A negation word shortly before the value ("never below", "dont want to eat").
    With caps_count, "not more than N" is a cap on N, not a rejection of it."""
    if _UNCERTAIN_RE.search(head):
        return False
    m = _NEGATION_HEAD_RE.search(head)
    if m is None:
        return False
    return not (caps_count and _CAP_RE.search(m.group("gap")))


# --- Calories ----------------------------------------------------------------------------------

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


_CAL_UNIT = (
    r"(?P<unit>k\s?cals?|kilo\s?calories|kilocalories|kilocalorie|ca?l[aeiou]?r[a-z]{0,4}|cals?|kj|"
    r"kilo\s?joules?|kilojoules?)"
)
_CAL_RE = re.compile(
    rf"(?P<n1>{NUM})(?:\s*(?:-|to|or|and)\s*(?P<n2>{NUM}))?\s*(?P<mid>(?:fewer|less|more|extra|"
    rf"additional)\s+)?{_CAL_UNIT}(?![a-z])"
)
_DAILY_MARK = (
    r"(?:(?:a|per|each|every|/|p|an|a\s+whole|for\s+the|for\s+a|in\s+a|in\s+one)\s*-?\s*day\b|daily\b|"
    r"/\s*d\b|pd\b|(?:on\s+)?most\s+days\b|all\s+(?:week|month)\b|every\s+single\s+day\b)"
)
_WEEKLY_MARK = r"(?:(?:a|per|each|every|/|p)\s*-?\s*(?:week|wk)\b|weekly\b|pw\b)"
_BARE_RE = re.compile(rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?=\s*{_DAILY_MARK})")
_RANGE_RE = re.compile(rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?![0-9a-z%])")
# "my calorie target is 900": a bare figure right after a named calorie target.
_TARGET_HEAD_RE = re.compile(
    r"\b(?:calorie|calories|kcal|cal|energy)\s+(?:intake|target|goal|budget|limit|allowance|"
    r"cap)\s+(?:(?:is|of|at|to|=|:|set to|should be|will be|be|about|around|roughly|approximately|approx|"
    r"only|just|~|under|below|less than|no more than)\s*)*$|\b(?:daily|day|days|todays|my|your|her|his)\s+"
    r"(?:calories|cals|kcals?|calorie intake|energy intake|intake)\s+(?:(?:are|is|were|was|=|:|at|of|sit at|sits at|"
    r"come to|comes to|add up to|total|about|around|roughly|only|just|usually|normally|~)\s*)+$"
)
_OTHER_QUANTITY_RE = re.compile(
    r"(?:\b(?:steps?|ml|mls|mg|mcg|iu|grams?|g|minutes?|mins?|hours?|hrs?|reps?|sets?|push-?ups|pull-?ups|"
    r"sit-?ups|squats|burpees|lunges|crunches|words|pages|dollars|bucks|cigarettes|smokes|coffees?|cups?|"
    r"glasses|litres?|liters?|oz|ounces|miles?|km|kms|meters?|metres?|drink\w*|drank|walk\w*|runs?|running|"
    r"ran|spend\w*|spent|earn\w*|save|saving|pay|paid|texts?|emails?|messages?|times?|protein|carbs?|fats?|"
    r"fib(?:re|er)|sodium|sugar|water|units?|take|taking|pills?|tablets?|lbs?|kg|kgs|kilos?|pounds?|users?|"
    r"visitors?|views?|people|customers?)\b|[$£€%])"
)
# "is 1,000 too low?", "would 900 be ok?": a bare figure asked about as an intake.
_ASK_HEAD_RE = re.compile(
    r"(?:\b(?:is|are|would|will|could|isnt)\s+(?:eating\s+|only\s+|just\s+)?|^\s*|[.!?;:,\n]\s*)$"
)
_ASK_TAIL_RE = re.compile(
    r"\s+(?:be\s+)?(?:too (?:low|little|few|much|aggressive|extreme)|enough|ok|okay|safe|fine|alright|"
    r"healthy|sustainable|reasonable|realistic|dangerous|bad)\b"
)
_FILLER = (
    r"(?:(?:total|in\s+total|max|maximum|tops|or\s+so|or\s+less|or\s+fewer|or\s+under|or\s+below|at\s+most|"
    r"at\s+least|only|of\s+food|worth|of\s+intake|intake|net|roughly|approx|or\s+more|each)\s+)*"
)
_DAILY_ANYWHERE_RE = re.compile(_DAILY_MARK)
_UNIT_HINT_RE = re.compile(r"ca?l|kj|joule")  # every spelling _CAL_UNIT accepts contains one of these
_TARGET_HINT_RE = re.compile(r"intake|target|goal|budget|limit|allowance|cap|cal|kcal")
_DAILY_TAIL_RE = re.compile(rf"^\s*{_FILLER}{_DAILY_MARK}")
_WEEKLY_TAIL_RE = re.compile(rf"^\s*{_FILLER}{_WEEKLY_MARK}")
_MEAL_WORD = (
    r"(?:meals?|snacks?|servings?|portions?|breakfast|lunch|dinner|supper|brunch|dessert|bars?|shakes?|"
    r"smoothies?|sandwich(?:es)?|slices?|pieces?|cups?|bowls?|plates?|recipes?|dish(?:es)?|cookies?|"
    r"muffins?|drinks?|beers?|pints?|packets?|bottles?|scoops?|treats?|burgers?|pizzas?)"
)
_MEAL_TAIL_RE = re.compile(
    rf"^\s*(?:(?:or\s+so|or\s+less|max|each|total|worth)\s+)?(?:(?:per|a|an|each|every|for|at|in|with|"
    rf"in\s+(?:a|my|each|one|your))\s+(?:\w+\s+)?{_MEAL_WORD}\b(?!\s*(?:plan|prep))|"
    rf"-?\s*{_MEAL_WORD}\b(?!\s*(?:plan|prep)))"
)
_MEAL_HEAD_RE = re.compile(rf"\b{_MEAL_WORD}\b(?!\s*(?:plans?|prep|planning))")
_DAILY_HEAD_RE = re.compile(
    r"\b(?:daily|a day|per day|each day|every day|a whole day|all day|yesterday|in a day|for the day|"
    r"days? of|/day)\b"
)
_IMPLIED_HEAD_RE = re.compile(
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
_IMPLIED_TAIL_RE = re.compile(
    r"^\s*-?\s*(?:a\s+)?(?:diet|plan|meal\s+plan|menu|regime|regimen|program|programme|protocol|challenge|"
    r"days?|target|goal|budget|limit|cap|vlcd|lifestyle)\b|^\s*(?:is|as|will be|would be|=)\s+(?:my|the|your|a|our)\s+"
    r"(?:daily\s+)?(?:max|maximum|limit|target|goal|budget|cap|intake|allowance|ceiling|number|plan)\b"
)
_BURN_HEAD_RE = re.compile(
    r"\b(?:burn\w*|torch\w*|expend\w*|work(?:ed|ing)? off|active (?:calories|energy)|exercise calories|"
    r"watch says|tracker says)\b"
)
_BURN_TAIL_RE = re.compile(
    r"^\s*(?:burn\w*|expended|of (?:exercise|activity|cardio|running|walking|cycling|swimming|rowing|training)|"
    r"(?:at|in|during) the gym|on (?:the|a|my) (?:bike|treadmill|rower|elliptical|stair ?master|stepper|peloton|"
    r"spin bike|cross trainer|assault bike|air ?bike|run|ride|walk))\b"
)
# An unqualified figure ("eating 1100 calories", "should i do 900 cals") after a verb of eating,
# planning or sticking to an amount: people state intake per day, so it is read as daily.
# The same, for a figure with no unit at all ("i stick to like 1100"): only verbs that can
# only be about food, and a plausible daily amount (see _BARE_INTAKE_RANGE).
_BARE_INTAKE_HEAD_RE = re.compile(
    r"\b(?:eat|eats|eating|consum\w*|stick(?:ing)? to|stuck to|liv(?:e|es|ing) (?:on|off)|surviv\w* (?:on|off)|"
    r"get(?:ting)? by on|averag\w*|cap(?:ping|ped)? (?:\w+ )?at|limit(?:ing)? (?:\w+ )?to|"
    r"keep(?:ing)? (?:\w+ )?under)\s+(?:(?:only|just|like|about|around|roughly|approximately|approx|~|maybe|under|"
    r"below|less than|no more than|max|at most|barely|usually|normally)\s+)*$"
)
_BARE_INTAKE_RANGE = (500.0, 4000.0)
_INTAKE_VERB_HEAD_RE = re.compile(
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
_OCCASION_TAIL_RE = re.compile(
    r"^\s*(?:(?:worth\s+)?of\s+(?!food\b|intake\b|energy\b|calories\b)\w+|in\s+(?:one|a\s+single|1)\s+"
    r"(?:sitting|go|meal)|at\s+once|tonight|this\s+(?:morning|afternoon|evening)|last\s+night|"
    r"(?:post|pre)-?\s*(?:workout|training|run|gym)|(?:before|after)\s+(?:bed|training|the\s+gym|"
    r"(?:my|a|the)\s+(?:run|workout|session|game|match|race))|left|remaining|to\s+spare|spare|to\s+go|"
    r"in\s+the\s+bank|over|from\s+(?:that|this|the|a|my)\b)"
)
# "my meals add up to 1,000 calories": the total of the day's meals, not one meal.
_MEALS_TOTAL_RE = re.compile(
    r"\b(?:meals|food|everything|it all|all)\s+(?:\w+\s+){0,2}?(?:add|adds|added|adding)\s+up\s+to\b|"
    r"\b(?:all|total of|across) (?:my |your |the )?(?:\w+ )?meals\b"
)
_MEAL_LATER_RE = re.compile(rf"\b(?:for|at|as|in)\s+(?:a\s+|my\s+|one\s+|the\s+|your\s+)?{_MEAL_WORD}\b")
_OCCASION_HEAD_RE = re.compile(
    r"\b(?:just (?:ate|had|finished|eaten|grabbed|demolished|scoffed)|tonight|this (?:morning|afternoon|evening)|"
    r"last night|at (?:the|a) (?:party|restaurant|"
    r"wedding|buffet|bbq|barbecue)|cheat (?:meal|day))\b"
)
_DELTA_HEAD_RE = re.compile(
    r"(?:\b(?:deficit|surplus)(?:\s+(?:of|is|at|about|around|roughly|approximately|approx|~|to|be|should|"
    r"will|would|only|just|like|was|set|=|:|daily|a day|per day))*|\b(?:an?\s+)?(?:extra|additional|"
    r"another|add|adding|added|plus|minus|cut|cutting|trim|trimming|shave|shaving|subtract|subtracting|"
    r"remove|removing|by|up|down)(?:\s+(?:about|around|roughly|approximately|approx|~|an?))*)\s*$"
)
_DELTA_TAIL_RE = re.compile(
    r"^\s*(?:(?:a|per)\s+day\s+|daily\s+)?(?:deficit|surplus|less|fewer|more|extra|lower|higher|short|"
    r"(?:under|below|over|above)\s+(?:my\s+|your\s+|the\s+)?(?:maintenance|tdee|bmr|target|goal|needs))\b"
)
_REFERENCE_HEAD_RE = re.compile(r"\b(?:bmr|tdee|rmr|maintenance|basal|resting|metabolic rate|maintain|maintaining)\b")
_REJECT_TAIL_RE = re.compile(
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
    head_from = _clause_start(text, max(s_start, prev_end, start - 60), start)
    head = text[head_from:start]
    tail = text[end : _clause_end(text, end, min(s_end, end + 45))]
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
    if _WEEKLY_TAIL_RE.match(tail):
        return "intake", True, "week"
    if _MEAL_HEAD_RE.search(head) and not _MEALS_TOTAL_RE.search(head):
        return "per_meal", False, "none"
    if _DAILY_HEAD_RE.search(head) or _IMPLIED_HEAD_RE.search(head) or _IMPLIED_TAIL_RE.match(tail):
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
    for a in _number_starts(t):
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
            if not _other_quantity(t, a, m.end()):
                found.append((a, m.end(), m.group("n1"), m.group("n2"), None, None))
                taken_until = m.end()
            continue
        n = _NUM_RE.match(t, a)
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
        head = t[_clause_start(t, max(s_start, prev_end, start - 60), start) : start]
        negated = _negated_head(head, caps_count=True) or bool(_REJECT_TAIL_RE.match(t[end:s_end]))
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


# --- Body weight -------------------------------------------------------------------------------

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

    @property
    def is_loss(self) -> bool:
        return self.direction == "loss"


_W_UNIT = r"(?:kilograms?|kilos?|kgs?|grams?|g|pounds?|lbs?|stones?|st)"
_WEIGHT_RE = re.compile(
    rf"(?P<n1>{NUM})(?:\s*(?:-|to|or)\s*(?P<n2>{NUM}))?(?P<space>\s*)(?P<unit>{_W_UNIT})"
    r"(?:\s*(?P<lbs>[0-9]+(?:\.[0-9]+)?)\s*(?:pounds?|lbs?)\b)?(?![a-z])(?!\s*(?:cal|joule))"
)
_FROM_TO_RE = re.compile(
    rf"\bfrom\s+(?P<a>{NUM})\s*(?:{_W_UNIT}\s+)?(?:down\s+|"
    rf"up\s+)?to\s+(?P<b>{NUM})\s*(?P<unit>{_W_UNIT})(?![a-z])"
)
_NOT_BODY_RE = re.compile(r"^\s*of\s+(?!(?:body\s*)?(?:fat|weight|mass|muscle|water weight|bodyweight|it|that)\b)\w+")
_NOT_BODY_KIT_RE = re.compile(
    r"^\s*(?:(?:plates?|dumbbells?|dbs?|kettlebells?|kbs?|bars?|barbells?|bags?|weights?|vest|sandbags?)\b|"
    r"(?:from|off|on|to|for)\s+(?:my|the|your|his|her)\s+(?:squat|bench|deadlift|press|lift|lifts|bar|"
    r"barbell|total|1rm|max|pr)\b|(?:for|x)\s*[0-9]+\s*(?:reps?|sets?)\b)"
)
_ABSOLUTE_HEAD_RE = re.compile(
    r"(?:(?<!up )\bto|\bat|\bweigh\w*|\bbe|\breach|\bhit|\bunder|\bbelow|\bis|\bam|\bim|\bwas|\bare|"
    r"\bof)\s+(?:(?:about|around|roughly|approximately|approx|under|below|~|only|just)\s+)*$"
)
_NOT_CHANGE_HEAD_RE = re.compile(
    r"\b(?:eat|eats|eating|ate|drink|drinks|drinking|drank|consume\w*|carry\w*|carried|lift\w*|squat\w*|"
    r"bench\w*|deadlift\w*|press\w*|row\w*|pull\w*|curl\w*|push\w*|hold\w*|load\w*|cook\w*|buy\w*|bought|"
    r"order\w*)\b"
)
_NOT_BODY_GRAMS_RE = re.compile(r"^\s*(?:carbs?|protein|fats?|sugars?|fib(?:re|er)|sodium|salt|creatine|caffeine|of)\b")
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
_DIRECTION_RE = re.compile(rf"\b(?:(?P<loss>{_LOSS})|(?P<gain>{_GAIN}))\b")
_LOSS_SUFFIX_RE = re.compile(r"^\s*(?:of\s+(?:body\s*)?(?:fat|weight)\s+)?(?:off|gone|down|lighter|less|lost|loss)\b")
_GAIN_SUFFIX_RE = re.compile(r"^\s*(?:of\s+(?:muscle|mass|lean\s+mass)\s+)?(?:heavier|up|gain(?:ed)?|on)\b")
_TAIL_VERB_RE = re.compile(rf"^\s*(?:\w+\s+)?(?:to\s+)?(?:(?P<loss>{_LOSS})|(?P<gain>{_GAIN}))\b")
_MAINTAIN_RE = re.compile(
    r"\bmaint(?:ain|aining|ained|enance)\b|\bstay (?:at|around|within)\b|\bfluctuat\w*|\bvar(?:y|ies|"
    r"ied)\b|\bswings?\b"
)
_SENTENCE_GAIN_RE = re.compile(r"\b(?:bulk\w*|gain\w*|put(?:ting)? on|heavier|weight gain)\b")

_RATE = (
    r"(?:(?:a|per|each|every|/|p|an)\s*-?\s*(?P<ru>day|week|wk|fortnight|month|year|yr)s?\b|(?P<ra>daily|"
    r"weekly|fortnightly|monthly|yearly|annually)\b|(?P<pw>pw|p/w)\b"
    rf"|every\s+(?P<every>{DURATION}))"
)
_PERIOD_FILLER = (
    r"(?:(?:off|gone|down|lighter|less|of\s+(?:body\s*)?(?:fat|weight)|total|in\s+total|or\s+so|or\s+more|"
    r"max|at\s+most|at\s+least|more|each|roughly|about|around|approximately|of\s+\w+)\s+)*"
)
_DUR_PREP = (
    r"(?:(?:in|within|over|during|across|inside|under|for|after|by|since)\s+)?(?:(?:just|only|about|around|"
    r"roughly|less\s+than|under|the)\s+)*"
)
_ATTACHED_RATE_RE = re.compile(rf"^\s*{_PERIOD_FILLER}{_RATE}")
_TAIL_PERIOD_RE = re.compile(
    rf"^\s*{_PERIOD_FILLER}(?:{_RATE}|(?P<dur>{_DUR_PREP}{DURATION})|(?P<now>(?:this|last|past)\s+(?:week|"
    rf"month|fortnight)|yesterday|today|overnight|by\s+tomorrow|by\s+next\s+(?:week|month)|by\s+(?:the\s+)?end\s+"
    rf"of\s+(?:the\s+|this\s+)?(?:week|month|fortnight)|by\s+(?:the\s+)?weekend))"
)
_AHEAD_DURATION_RE = re.compile(
    rf"\b(?:in|within|inside|over\s+the\s+next|in\s+the\s+next|before|until)\s+(?:(?:just|only|about|"
    rf"around|roughly|less\s+than|under)\s+)*(?P<d1>{DURATION})|(?P<d2>{DURATION})\s+(?:left|to\s+go|away|"
    rf"from\s+now|until|till|out)\b|\b(?:have|got|only|just)\s+(?P<d3>{DURATION})|"
    rf"(?P<d4>{DURATION})-?\s*(?:plan|challenge|program|programme|cut|diet)\b"
)
_REJECT_RATE_RE = re.compile(
    r"^[^?]{0,40}?\b(?:too (?:fast|quick|quickly|much|aggressive|extreme|steep)|not (?:safe|sustainable|"
    r"realistic|healthy|recommended|advisable)|isnt (?:safe|sustainable|realistic|healthy|recommended)|"
    r"unsafe|unsustainable|unrealistic|dangerous|risky|a bad idea|not a good idea)\b"
)
_MASS_KG = {"k": 1.0, "g": 0.001, "p": KG_PER_LB, "l": KG_PER_LB, "s": KG_PER_STONE}


def _unit_kg(unit: str) -> float:
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
    durations = _ahead_durations(text)
    spans = [(s_start, s_end)] + ([(0, len(text))] if whole_text else [])
    for lo, hi in spans:
        near = [(abs(d_start - end), weeks) for d_start, d_end, weeks in durations if lo <= d_start and d_end <= hi]
        if near:
            return min(near)[1]
    return None


@lru_cache(maxsize=32)
def _ahead_durations(text: str) -> tuple[tuple[int, int, float], ...]:
    """(start, end, weeks) of every forward-looking duration ("in 3 weeks", "3 weeks away"),
    found once per text however many amounts look for one."""
    found: list[tuple[int, int, float]] = []
    for d in _AHEAD_DURATION_RE.finditer(text):
        days = duration_days(next(g for g in d.groups() if g))
        if days:
            found.append((d.start(), d.end(), days / 7))
    return tuple(found)


def _direction(text: str, start: int, end: int, head_from: int, s_start: int, s_end: int) -> WeightDirection | None:
    """Which way the amount at text[start:end] goes; None when it is a body weight, not a
    change ("get down to 70 kg", "I weigh 90 kg")."""
    head = text[head_from:start]
    tail = text[end : min(s_end, end + 40)]
    if _LOSS_SUFFIX_RE.match(tail):
        return "loss"
    if _GAIN_SUFFIX_RE.match(tail):
        return "gain"
    if _NOT_CHANGE_HEAD_RE.search(head):
        return None
    if _ABSOLUTE_HEAD_RE.search(head) and not _ATTACHED_RATE_RE.match(tail):
        return None  # "get down to 70 kg in 3 weeks" is a target weight; "to 1.5 kg a week" is a rate
    verbs = list(_DIRECTION_RE.finditer(head))
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
        delta = (parse_number(ft.group("b")) - parse_number(ft.group("a"))) * _unit_kg(ft.group("unit"))
        if delta:
            amounts.append((ft.start(), ft.end(), abs(delta), "loss" if delta < 0 else "gain"))
            spans.append((ft.start(), ft.end()))
    taken_until = -1
    for start in _number_starts(t):
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
        kg = max(values) * _unit_kg(unit) + (float(m.group("lbs")) * KG_PER_LB if m.group("lbs") else 0.0)
        if kg > 0:
            amounts.append((m.start(), m.end(), kg, None))
    amounts.sort()

    changes: list[WeightChange] = []
    prev_end = 0
    for start, end, kg, fixed in amounts:
        s_start, s_end = sentence_around(t, start, end)
        head_from = _clause_start(t, max(s_start, prev_end, start - 60), start)
        direction = fixed or _direction(t, start, end, head_from, s_start, s_end)
        head = t[head_from:start]
        if direction is None:
            prev_end = end
            continue
        goal = direction == "loss" and not re.search(r"\b(?:lost|dropped|shed|went down)\b", head)
        weeks = _period_weeks(t, end, s_start, s_end, whole_text=goal, attached_only=direction == "unknown")
        prev_end = end
        if not weeks:
            continue
        negated = _negated_head(head, caps_count=False) or bool(_REJECT_RATE_RE.match(t[end:s_end]))
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
    return changes
