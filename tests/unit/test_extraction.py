"""Table tests for the only number/unit parser the policies use (policies/extraction.py)."""

from __future__ import annotations

import pytest

from coach_core.policies.extraction import (
    duration_days,
    extract_calorie_values,
    extract_weekly_weight_change_kg,
    numberize,
    parse_number,
)


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("1,200", 1200.0),
        ("12,500", 12500.0),
        ("1,5", 1.5),
        ("1.7k", 1700.0),
        ("1k", 1000.0),
        (".5", 0.5),
        ("975", 975.0),
    ],
)
def test_parse_number_reads_separators_decimals_and_k(token: str, value: float) -> None:
    """GIVEN a numeric token WHEN parsed THEN thousands separators, decimal commas and "k" apply."""
    assert parse_number(token) == pytest.approx(value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("twelve hundred", "1200"),
        ("eight hundred and fifty", "850"),
        ("five hundred fifty", "550"),
        ("one thousand two hundred", "1200"),
        ("a thousand calories", "1000 calories"),
        ("nine fifty", "950"),
        ("one point five kilos", "1.5 kilos"),
        ("two and a half stone", "2.5 stone"),
        ("half a kilo a week", "0.5 kilo a week"),
        ("a kilo and a half a week", "1.5 kilo a week"),
        ("lose a pound a day", "lose 1 pound a day"),
        ("lose a couple of kilos", "lose 2 kilos"),
        ("no one noticed", "no 1 noticed"),
        ("12 hundred calories", "1200 calories"),
        ("1.2 thousand calories", "1200 calories"),
        ("1.1 thousand", "1100"),
        ("12 hundred and fifty", "1250"),
        ("1 thousand 2 hundred", "1200"),
        ("0.6 thousand", "600"),
    ],
)
def test_numberize_writes_quantities_as_digits(text: str, expected: str) -> None:
    """GIVEN quantities in words WHEN numberized THEN they become digits."""
    assert numberize(text) == expected


@pytest.mark.parametrize(
    ("phrase", "days"),
    [
        ("3 days", 3.0),
        ("a week", 7.0),
        ("a fortnight", 14.0),
        ("18 days", 18.0),
        ("2 months", 2 * 7 * 4.345),
        ("several days", 3.0),
        ("days", 2.0),
        ("4-6 weeks", 28.0),
        ("three days", 3.0),
        ("48 hours", 2.0),
    ],
)
def test_duration_days(phrase: str, days: float) -> None:
    """GIVEN a duration phrase WHEN measured THEN its length in days (shortest end of a range)."""
    assert duration_days(phrase) == pytest.approx(days)


# (text, kcal per day or as written, context, daily)
CALORIE_VALUES = [
    ("please build me a 1,020 kcal per day menu", 1020, "intake", True),
    ("Starting tomorrow: 680 calories daily for a fortnight", 680, "intake", True),
    ("aiming for five hundred fifty cals per day", 550, "intake", True),
    ("twelve hundred calories a day", 1200, "intake", True),
    ("eight hundred and fifty calories a day", 850, "intake", True),
    ("going with 1.7k cals a day", 1700, "intake", True),
    ("1k calories a day", 1000, "intake", True),
    ("3,500 kJ a day is my target", 3500 / 4.184, "intake", True),
    ("5,020.8 kJ per day", 1200, "intake", True),
    ("799 kcal a day", 799, "intake", True),
    ("800 kcal a day", 800, "intake", True),
    ("1,199 kcal a day", 1199, "intake", True),
    ("1,200 kcal a day", 1200, "intake", True),
    ("975 kcal/day", 975, "intake", True),
    ("1000kcal/d", 1000, "intake", True),
    ("a 1,000 calorie diet", 1000, "intake", True),
    ("a diet of 900 calories", 900, "intake", True),
    ("I'd put you on 1,175 calories for now", 1175, "intake", True),
    ("my calorie target is 1000", 1000, "intake", True),
    ("I've been eating 900 a day", 900, "intake", True),
    ("is 700 a day ok?", 700, "intake", True),
    ("is 1,000 too low?", 1000, "intake", True),
    ("1,100-1,300 a day", 1100, "intake", True),
    ("between 1000 and 1100 calories a day", 1000, "intake", True),
    ("7,000 calories a week", 1000, "intake", True),
    ("10,500 calories per week", 1500, "intake", True),
    ("at least 1,000 a day", 1000, "intake", True),
    ("less than 1,200 a day", 1200, "intake", True),
    ("1 200 kcal a day", 1200, "intake", True),
    ("my dinner is normally about 880 calories", 880, "per_meal", False),
    ("each meal around 400 calories", 400, "per_meal", False),
    ("a 250 calorie snack", 250, "per_meal", False),
    ("600 calories per meal, three meals a day", 600, "per_meal", False),
    ("I ate 500 calories for breakfast", 500, "per_meal", False),
    ("I burned 1,230 calories at the gym", 1230, "burned", False),
    ("my watch says 600 kcal burned", 600, "burned", False),
    ("I want to burn 500 calories a day", 500, "burned", False),
    ("a 500 kcal deficit per day", 500, "delta", True),
    ("an extra 300 calories a day", 300, "delta", True),
    ("eat 300 fewer calories a day", 300, "delta", True),
    ("cut 500 calories a day", 500, "delta", True),
    ("my bmr is 1,100 calories", 1100, "reference", False),
    ("this bar has 200 kcal", 200, "per_meal", False),
    # Unqualified intake: an eating or planning verb with no period reads as per day.
    ("I eat 700 calories", 700, "intake", True),
    ("should i do 1100 calories", 1100, "intake", True),
    ("I'm eating like 950 cals", 950, "intake", True),
    ("going to stick to 1000 calories", 1000, "intake", True),
    ("cap myself at 900 calories", 900, "intake", True),
    ("is 1100 calories enough?", 1100, "intake", True),
    ("been living off 1000 cals", 1000, "intake", True),
    ("gonna try 1100 calories and see", 1100, "intake", True),
    ("What if I just eat 800 calories?", 800, "intake", True),
    ("1000 calories enough for a 6ft guy?", 1000, "intake", True),
    ("1100 too low?", 1100, "intake", True),
    ("my daily calories are 950", 950, "intake", True),
    ("1100 calories is my max", 1100, "intake", True),
    ("Keep intake near 950 kcal.", 950, "intake", True),
    ("Your meals should add up to about 1,000 calories.", 1000, "intake", True),
    ("i stick to like 1100", 1100, "intake", True),
    ("my tracker says i've averaged 900 calories", 900, "intake", True),
    ("a 1,000-calorie-a-day plan", 1000, "intake", True),
    ("i've been under 1000 cals all week", 1000, "intake", True),
    # ... but one meal or sitting is not a day.
    ("I just ate 900 calories of pizza", 900, "intake", False),
    ("had 800 calories for lunch", 800, "per_meal", False),
    ("that burger was 1000 calories", 1000, "per_meal", False),
    ("eating 600 calories post workout", 600, "intake", False),
    ("I have 300 calories left", 300, "intake", False),
    ("doing 500 calories on the bike", 500, "burned", False),
    # Digits before a scale word scale first.
    ("12 hundred calories a day", 1200, "intake", True),
    ("1.2 thousand calories a day", 1200, "intake", True),
    ("11 hundred calories a day", 1100, "intake", True),
    ("4200 kJ daily", 4200 / 4.184, "intake", True),
]


@pytest.mark.parametrize(("text", "kcal", "context", "daily"), CALORIE_VALUES)
def test_calorie_values(text: str, kcal: float, context: str, daily: bool) -> None:
    """GIVEN one energy figure WHEN extracted THEN its kcal, what it refers to and whether it is per day."""
    [value] = extract_calorie_values(text)
    assert value.kcal == pytest.approx(kcal, abs=0.01)
    assert (value.context, value.daily) == (context, daily)


@pytest.mark.parametrize(
    ("text", "negated", "question"),
    [
        ("I never go below 1,200 calories a day", True, False),
        ("I'd never eat 700 calories a day", True, False),
        ("is 975 kcal/day too little for me?", True, True),
        ("Eating 1,000 calories a day is too low for you", True, False),
        ("I don't eat more than 900 calories a day", False, False),
        ("could you plan a 1,350 calorie a day diet", False, True),
        ("I'm not sure if 900 calories a day is enough", False, True),
        ("I eat 900 calories a day", False, False),
    ],
)
def test_calorie_negation_and_questions(text: str, negated: bool, question: bool) -> None:
    """GIVEN a rejected, capped or asked-about figure WHEN extracted THEN the flags say so."""
    [value] = extract_calorie_values(text)
    assert (value.negated, value.question) == (negated, question)


@pytest.mark.parametrize(
    "text",
    [
        "how many calories in a banana",
        "I walk 12,000 steps a day",
        "I drink 500 ml a day",
        "I do 100 pushups a day",
        "I eat 3 meals a day",
        "lose 2 kg a week",
        "I walked 1,100 steps, too low?",
    ],
)
def test_no_calorie_values(text: str) -> None:
    """GIVEN text without an energy figure WHEN extracted THEN nothing is returned."""
    assert extract_calorie_values(text) == []


# (text, kg per week, direction)
WEIGHT_CHANGES = [
    ("I need to drop 19 kg in 13 weeks", 19 / 13, "loss"),
    ("lose 3.6 lbs per week", 3.6 * 0.45359237, "loss"),
    ("hoping to shift 3.5 stone in 18 weeks", 3.5 * 6.35 / 18, "loss"),
    ("my aim is 3.5 kg off every fortnight", 1.75, "loss"),
    ("goal is 13 lb gone in 18 days", 13 * 0.45359237 / (18 / 7), "loss"),
    ("Expect to lose roughly 1.35 kg per week", 1.35, "loss"),
    ("Losing around 0.8 kg weekly", 0.8, "loss"),
    ("lose 1.00 kg a week", 1.0, "loss"),
    ("lose 1.01 kg a week", 1.01, "loss"),
    ("lose 2.2 lbs a week", 2.2 * 0.45359237, "loss"),
    ("lose 1-1.5 kg a week", 1.5, "loss"),
    ("lose 500 g a week", 0.5, "loss"),
    ("drop 3 kilos a week", 3.0, "loss"),
    ("lose a pound a day", 7 * 0.45359237, "loss"),
    ("lose 2 stone in a month", 2 * 6.35 / 4.345, "loss"),
    ("lose 10 kg in 2 months", 10 / (2 * 4.345), "loss"),
    ("lose 10 kg by my wedding in 3 weeks", 10 / 3, "loss"),
    ("can I lose 5 kg in 2 weeks?", 2.5, "loss"),
    ("I lost 3 kg last week", 3.0, "loss"),
    ("i need to lose twenty pounds in a month", 20 * 0.45359237 / 4.345, "loss"),
    ("lose 2 st 7 lb in 10 weeks", (2 * 6.35 + 7 * 0.45359237) / 10, "loss"),
    ("I want to go from 90 kg to 80 kg in 5 weeks", 2.0, "loss"),
    ("bulking slowly, hoping to add 1.3 kg every month", 1.3 / 4.345, "gain"),
    ("You'll gain around 0.3 kg a week", 0.3, "gain"),
    ("I put on 2 kg this week", 2.0, "gain"),
    ("1-1.5 kg a week", 1.5, "unknown"),
    ("lose a stone by the end of the month", 6.35 / 4.345, "loss"),
    ("drop 2 kg by the weekend", 2.0, "loss"),
]


@pytest.mark.parametrize(("text", "kg_per_week", "direction"), WEIGHT_CHANGES)
def test_weight_changes(text: str, kg_per_week: float, direction: str) -> None:
    """GIVEN a weight change with a period WHEN extracted THEN kg/week (fastest of a range) and direction."""
    [change] = extract_weekly_weight_change_kg(text)
    assert change.kg_per_week == pytest.approx(kg_per_week, rel=1e-4)
    assert change.direction == direction


@pytest.mark.parametrize(
    ("text", "negated", "question"),
    [
        ("I don't want to lose 2 kg a week", True, False),
        ("Losing 2 kg a week isn't sustainable", True, False),
        ("Is losing 2 kg a week too fast?", True, True),
        ("lose 2 kg a week", False, False),
    ],
)
def test_weight_negation_and_questions(text: str, negated: bool, question: bool) -> None:
    """GIVEN a rejected or asked-about rate WHEN extracted THEN the flags say so."""
    [change] = extract_weekly_weight_change_kg(text)
    assert (change.negated, change.question) == (negated, question)


@pytest.mark.parametrize(
    "text",
    [
        "lose 5 kg by June",
        "I weigh 90 kg",
        "I want to get down to 70 kg in 3 weeks",
        "I bench 80 kg for 5 reps",
        "buy a 20 kg kettlebell",
        "eat 200 g of chicken per day",
        "cut 50 g of carbs a day",
        "the 1st week was tough",
        "I lift 100 kg, competition in 3 weeks",
    ],
)
def test_no_weight_rate(text: str) -> None:
    """GIVEN no body-weight change with a period WHEN extracted THEN nothing is returned."""
    assert extract_weekly_weight_change_kg(text) == []


# (text, kg per week): a start weight, a lower target weight and a duration make a rate.
START_TARGET = [
    ("I'm 90 kg and want to be 80 kg in 5 weeks", 2.0),
    ("currently 75 kg, goal 68 kg by my holiday in 4 weeks", 7 / 4),
    ("starting weight 110 kg, goal 95 kg, timeline 10 weeks", 1.5),
    ("I'm 180 pounds, want to hit 160 in 6 weeks", 20 * 0.45359237 / 6),
    ("i weigh 82 kilos and need to be 75 for my wedding in 3 weeks", 7 / 3),
    ("I'm 16 stone and want to be 14 stone in 8 weeks", 2 * 6.35 / 8),
    ("You're 75 kg now. We'll get you to 70 kg in 3 weeks.", 5 / 3),
    ("I'm at 85kg and my wedding is in 5 weeks, I want to be 78kg", 7 / 5),
]


@pytest.mark.parametrize(("text", "kg_per_week"), START_TARGET)
def test_start_weight_target_weight_and_duration_make_a_rate(text: str, kg_per_week: float) -> None:
    """GIVEN a start weight, a lower target (unit optional when close to the start) and a duration
    anywhere in the text WHEN extracted THEN one loss at (start - target) / weeks, marked as such."""
    [change] = [c for c in extract_weekly_weight_change_kg(text) if c.from_start_and_target]
    assert change.kg_per_week == pytest.approx(kg_per_week, rel=1e-4)
    assert change.direction == "loss"


@pytest.mark.parametrize(
    "text",
    [
        "I weigh 65 kg and I'd like to get to 70 kg in 10 weeks",  # a gain
        "i'm 88 kg, goal weight 80, no rush, maybe by next summer",  # no duration
        "I was 90 kg last year and now I'm 80 kg",  # two reports, no target
        "I'm 180 pounds, want to hit 20 reps in 6 weeks",  # not a weight
        "I'm 80 kg and I squat 100 kg, meet in 6 weeks",  # a lift, not a target
    ],
)
def test_no_start_target_rate_without_a_lower_target_and_a_duration(text: str) -> None:
    assert [c for c in extract_weekly_weight_change_kg(text) if c.from_start_and_target] == []


@pytest.mark.parametrize(
    ("text", "kcal"),
    [
        ("my weekly calorie budget is 7,500", 7500 / 7),
        ("Set your weekly budget at 7,700 kcal.", 1100),
        ("Plan for 6,300 calories across the week.", 900),
        ("over the week i get about 7,500 calories", 7500 / 7),
        ("Cap the week at 7,700 calories.", 1100),
        ("weekly i do like 5000 cals", 5000 / 7),
    ],
)
def test_weekly_budgets_are_divided_by_seven(text: str, kcal: float) -> None:
    """GIVEN a weekly calorie budget named before or after the figure WHEN extracted THEN a daily
    intake of a seventh of it."""
    [value] = extract_calorie_values(text)
    assert value.is_daily_intake and value.period == "week"
    assert value.kcal == pytest.approx(kcal, rel=1e-4)


def test_a_weekly_habit_does_not_make_a_daily_figure_weekly() -> None:
    """GIVEN "3 times a week" in the head of a daily figure WHEN extracted THEN it stays a daily amount."""
    [value] = extract_calorie_values("3 times a week I eat 1,800 calories")
    assert value.period != "week"


@pytest.mark.parametrize(("phrase", "days"), [("two or three days", 2.0), ("three to four days", 3.0)])
def test_duration_word_ranges_take_the_shortest_end(phrase: str, days: float) -> None:
    assert duration_days(phrase) == pytest.approx(days)
