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

`extract_quantities` reads every quantity with a unit (mass, energy, grams, g/kg, percent,
hours, days and counts, ratings, age, height) from the same parts, for the numeric grounding
check: what the coach states about the user's data, with the precision it is written at.

Digits before a scale word scale first ("12 hundred" = 1200, "1.2 thousand" = 1200), and
at most MAX_NUMBERS numbers are read from one text, which keeps hostile inputs cheap.
"""

from coach_core.policies.extraction.calories import CalorieValue, extract_calorie_values
from coach_core.policies.extraction.durations import DURATION, DURATION_UNIT_WORDS, duration_days
from coach_core.policies.extraction.numbers import WORD_NUMBER, numberize, parse_number, prepare
from coach_core.policies.extraction.quantities import Quantity, extract_quantities
from coach_core.policies.extraction.weight import KG_PER_LB, WeightChange, extract_weekly_weight_change_kg

__all__ = [
    "DURATION",
    "DURATION_UNIT_WORDS",
    "KG_PER_LB",
    "WORD_NUMBER",
    "CalorieValue",
    "Quantity",
    "WeightChange",
    "duration_days",
    "extract_calorie_values",
    "extract_quantities",
    "extract_weekly_weight_change_kg",
    "numberize",
    "parse_number",
    "prepare",
]
