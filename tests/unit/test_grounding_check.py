"""Table tests for the numeric grounding check (coach_core/grounding): which figures are claims,
what they may match (precision, unit conversion, sign, role, topic, derived values, constants,
the user's own words), the report, the disclaimer and the streaming feed."""

from __future__ import annotations

import json

import pytest

from coach_core.grounding import GroundingCheck, build_references, check_text, claims_in
from coach_core.service.grounding import data_values, disclaimer

TREND = {
    "days": 30,
    "weigh_ins": 14,
    "latest_average_kg": 69.79,
    "change_kg": -1.6,
    "weekly_rate_kg": -0.47,
    "moving_average_7d": [
        {"date": "2026-11-01", "weight_kg": 71.2, "average_kg": 71.45},
        {"date": "2026-11-14", "weight_kg": 69.6, "average_kg": 69.79},
    ],
    "data_gaps": [],
}
FOOD = {
    "days": 14,
    "logged_days": 12,
    "logging_rate": 0.86,
    "avg_calories": 1740,
    "avg_protein_g": 106.3,
    "avg_carbs_g": 200.1,
    "avg_fat_g": 62.0,
    "data_gaps": [],
}
TDEE = {
    "weight_kg": 69.79,
    "weight_source": "moving_average_7d",
    "age": 36,
    "sex": "female",
    "height_cm": 168.0,
    "activity_level": "lightly_active",
    "activity_factor": 1.375,
    "goal_type": "lose",
    "rate_kg_per_week": 0.5,
    "bmr": 1420,
    "tdee": 1953,
    "target_calories": 1403,
    "target_clamped": False,
    "protein_g": 140,
    "fat_g": 39,
    "carbs_g": 123,
    "data_gaps": [],
}
ADHERENCE = {
    "days": 14,
    "checkin_days": 10,
    "logged_days": 12,
    "checkin_rate": 0.71,
    "logging_rate": 0.86,
    "checkin_streak": 4,
    "logging_streak": 6,
    "longest_checkin_streak": 7,
    "data_gaps": [],
}
REFS = build_references([json.dumps(o) for o in (TREND, FOOD, TDEE, ADHERENCE)], None, ["I'm aiming for 65 kg"])


def _ungrounded(text: str) -> list[str]:
    return [u.text for u in check_text(text, REFS).ungrounded]


@pytest.mark.parametrize(
    "text",
    [
        "Your 7-day average is 69.79 kg.",
        "You're at about 69.8 kg.",
        "You weigh about 70 kg.",
        "You're around 154 lb.",
        "That's 10 st 14 lb.",
        "You're down 1.6 kg this month.",
        "That's a change of -1.60 kg.",
        "You've lost about 3.5 lb.",
        "You're losing 0.47 kg a week.",
        "You're losing about 0.5 kg per week.",
        "You're losing 470 g a week.",
        "You've averaged 1,740 kcal a day.",
        "You're eating about 1,700 kcal.",
        "You're eating roughly 1,750 calories.",
        "That's about 7,280 kJ a day.",
        "You're averaging about 1,740 a day.",
        "Your maintenance (TDEE) is 1,953 kcal and your BMR is 1,420 kcal.",
        "Your target is 1,403 kcal, a deficit of 550 kcal.",
        "You're eating 337 kcal above your target.",
        "You're averaging 106.3 g protein, 200 g carbs and 62 g fat.",
        "Your protein target is 140 g, so you're 34 g short of your protein target.",
        "You logged food on 86% of days.",
        "You logged 12 of the last 14 days (85.7%).",
        "You're on a 4-day check-in streak and your logging streak is 6 days.",
        "Your longest check-in streak is 7 days.",
        "That's across 14 weigh-ins over the last 30 days.",
        "You're 36 years old and 168 cm tall.",
        "That's 1.5 g/kg of protein.",
        "That target is held at the 1,200 kcal minimum.",
    ],
)
def test_given_the_datas_own_figures_in_many_forms_then_none_is_ungrounded(text: str) -> None:
    """GIVEN figures the tools returned (rounded, converted, signed in words, derived, said by
    the user, a policy constant) WHEN checked THEN all are grounded."""
    report = check_text(text, REFS)
    assert report.checked >= 1
    assert report.ungrounded == ()


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("Your 7-day average is 72.1 kg.", ["72.1 kg"]),
        ("You weigh 160 lb.", ["160 lb"]),
        ("Your weight fell from 82.4 to 80.9 kg.", ["82.4", "80.9 kg"]),
        ("You've gained 1.6 kg this month.", ["1.6 kg"]),
        ("You're losing 0.9 kg a week.", ["0.9 kg"]),
        ("You've averaged 2,150 kcal a day.", ["2,150 kcal"]),
        ("You're eating about 1,900 kcal.", ["1,900 kcal"]),
        ("Your maintenance is 2,200 kcal.", ["2,200 kcal"]),
        ("You're averaging 140 g protein.", ["140 g"]),
        ("Your protein target is 106 g.", ["106 g"]),
        ("You logged food on 95% of days.", ["95%"]),
        ("Your check-in streak is 7 days.", ["7 days"]),
        ("You slept 6.1 hours a night.", ["6.1 hours"]),
    ],
)
def test_given_figures_the_data_does_not_hold_then_they_are_ungrounded(text: str, flagged: list[str]) -> None:
    """GIVEN a figure off by more than its written precision, with the wrong sign, of another
    topic (protein target vs average), a streak that is the longest one, or of data no tool gave
    (sleep) WHEN checked THEN it is ungrounded."""
    assert _ungrounded(text) == flagged


@pytest.mark.parametrize(
    "text",
    [
        "Aim for 7-9 hours of sleep a night.",
        "Try adding 25 g of protein at breakfast.",
        "Add one serving of vegetables, about 50 kcal.",
        "A chicken breast has about 31 g of protein.",
        "A brisk 30-minute walk burns roughly 150 kcal.",
        "Most adults do well with 1.6-2.2 g of protein per kg of body weight.",
        "Losing 1 kg of fat takes a deficit of roughly 7,700 kcal.",
        "You could drop to 1,500 kcal if you want faster progress.",
        "Did you eat 2,000 kcal yesterday?",
        "Your average is 1,740 kcal, not 2,500.",
        "Try logging at least 5 days a week.",
    ],
)
def test_given_advice_general_facts_foods_questions_and_rejections_then_nothing_is_checked(text: str) -> None:
    """Advice and general statements are not claims about the user's data."""
    assert [c.quantity.text for c in claims_in(text) if c.quantity.text not in ("1,740 kcal",)] == []
    assert check_text(text, REFS).ungrounded == ()


def test_given_a_goal_weight_then_the_distance_to_it_is_grounded() -> None:
    profile = {"age": 36, "goal": {"type": "lose", "target_weight_kg": 65.0, "target_rate_kg_per_week": 0.5}}
    refs = build_references([json.dumps(TREND), json.dumps(profile)], None, [])
    assert check_text("You have 4.8 kg to go to reach your goal of 65 kg.", refs).ungrounded == ()
    assert [u.text for u in check_text("You have 6.2 kg to go.", refs).ungrounded] == ["6.2 kg"]


def test_given_no_tools_then_a_figure_is_grounded_only_by_the_context_messages_or_constants() -> None:
    context = {"weight": {"latest_7_day_average_kg": 69.79}}
    refs = build_references([], context, ["I ate 2,300 kcal yesterday"])
    assert check_text("You're at 69.8 kg and ate 2,300 kcal yesterday.", refs).ungrounded == ()
    assert [u.text for u in check_text("Your BMR is 1,420 kcal.", refs).ungrounded] == ["1,420 kcal"]


def test_the_report_names_the_nearest_data_value_for_the_disclaimer() -> None:
    report = check_text(
        "Your weight fell from 82.4 to 80.9 kg, and you eat 2150 kcal with 140 g protein.",
        build_references([json.dumps(TREND), json.dumps(FOOD)], None, []),
    )
    assert [(u.text, u.value, u.unit, u.expected.shown if u.expected else None) for u in report.ungrounded] == [
        ("82.4", 82.4, "kg", "69.79 kg"),
        ("80.9 kg", 80.9, "kg", "69.79 kg"),
        ("2150 kcal", 2150.0, "kcal", "1,740 kcal"),
        ("140 g", 140.0, "g", "106.3 g"),
    ]
    [text] = disclaimer(report)
    assert text == (
        "Please double-check 82.4 kg (your data shows 69.79 kg, your 7-day average weight); 80.9 kg (your data "
        "shows 69.79 kg, your 7-day average weight); 2150 kcal (your data shows 1,740 kcal, your average daily "
        "intake) and 140 g (your data shows 106.3 g, your average protein): they do not match your data."
    )


def test_streaming_sentence_by_sentence_reports_the_same_as_the_whole_answer() -> None:
    """GIVEN an answer released sentence by sentence (as the streaming output guard does) WHEN
    fed to the check THEN the report equals the whole answer's, with spans into the whole text."""
    sentences = [
        "Your 7-day average is 72.1 kg. ",
        "You've averaged 1,740 kcal a day.\n\n",
        "Aim for 7 hours of sleep. ",
        "Your streak is 9 days.",
    ]
    check = GroundingCheck()
    for s in sentences:
        check.feed(s)
    streamed = check.report(REFS)
    whole = check_text("".join(sentences), REFS)
    assert streamed == whole
    text = "".join(sentences)
    assert [text[u.start : u.end] for u in streamed.ungrounded] == ["72.1 kg", "9 days"]


def test_the_repair_prompt_lists_the_datas_values_once() -> None:
    values = data_values(REFS)
    assert "7-day average weight: 69.79 kg" in values and "average daily intake: 1,740 kcal" in values
    assert len(values) == len(set(values))
    assert not any("that day" in v for v in values)  # no daily points


def test_on_lambda_each_turn_emits_figures_checked_and_ungrounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """GIVEN a turn's report on Lambda WHEN emitted THEN `FiguresChecked` and `UngroundedFigures`
    carry its counts (the alarm on a drifting model reads them), and a log row holds the figures."""
    from coach_core.observability import metrics
    from coach_core.service.grounding import emit, log_row

    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "coach-chat")
    metrics.clear_metrics()
    try:
        report = check_text("Your 7-day average is 72.1 kg and you've averaged 1,740 kcal a day.", REFS)
        emit(report)
        assert metrics.metric_set["FiguresChecked"]["Value"] == [3.0]
        assert metrics.metric_set["UngroundedFigures"]["Value"] == [1.0]
    finally:
        metrics.clear_metrics()
    row = log_row(report, "openai", "stop")
    assert (row.figures_checked, [(u.text, u.expected) for u in row.ungrounded]) == (3, [("72.1 kg", "69.79 kg")])
