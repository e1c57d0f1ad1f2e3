"""GIVEN hand-computed inputs WHEN the DOMAIN.md formulas run THEN they give the numbers
worked out on paper (the arithmetic is in each case's comment)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from coach_core.domain import adherence as adh
from coach_core.domain import formulas as f
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, Streaks

TODAY = dt.date(2026, 11, 30)
UID = uuid.UUID("00000000-0000-4000-8000-0000000000aa")


def d(day: int, month: int = 11) -> dt.date:
    return dt.date(2026, month, day)


def weigh(*points: tuple[dt.date, float]) -> list[CheckIn]:
    return [CheckIn(date=day, weight_kg=kg) for day, kg in points]


def profile(**fields: Any) -> Profile:
    base: dict[str, Any] = {
        "id": UID,
        "birth_date": dt.date(1990, 5, 1),
        "sex": "female",
        "height_cm": 168.0,
        "activity_level": "lightly_active",
        "diet": Diet(),
        "goal": Goal(type="lose", target_weight_kg=62.0, target_rate_kg_per_week=0.5),
    }
    base.update(fields)
    return Profile(**base)


def as_json(output: BaseModel) -> dict[str, Any]:
    """The result exactly as the model receives it (JSON types: dates as ISO strings)."""
    return output.model_dump(mode="json")


def gap_fields(output: dict[str, Any]) -> list[str]:
    return [g["field"] for g in output["data_gaps"]]


@pytest.mark.parametrize(
    ("value", "ndigits", "expected"),
    [
        (70.125, 2, 70.13),  # exact binary tie: built-in round() gives 70.12 (ties to even)
        (2.675, 2, 2.68),  # binary value is 2.67499999...: round() gives 2.67
        (-0.125, 2, -0.13),  # half away from zero
        (0.1 + 0.2, 2, 0.3),
        (95.05, 1, 95.1),  # round(95.05, 1) == 95.0
        (2.5, 0, 3.0),
        (1936.5, 0, 1937.0),
        (-0.004, 2, 0.0),
        (0.2857142857, 2, 0.29),
    ],
)
def test_round_half_up_given_ties_and_float_noise_then_rounds_like_by_hand(
    value: float, ndigits: int, expected: float
) -> None:
    result = f.round_half_up(value, ndigits)
    assert result == expected
    assert str(result) != "-0.0"


@pytest.mark.parametrize(
    ("birth", "today", "expected"),
    [
        (dt.date(1990, 5, 1), dt.date(2026, 4, 30), 35),
        (dt.date(1990, 5, 1), dt.date(2026, 5, 1), 36),
        (dt.date(2000, 2, 29), dt.date(2025, 2, 28), 24),
        (dt.date(2000, 2, 29), dt.date(2025, 3, 1), 25),
        (None, TODAY, None),
        (dt.date(2027, 1, 1), TODAY, None),
    ],
)
def test_age_years_given_birth_date_then_whole_years(
    birth: dt.date | None, today: dt.date, expected: int | None
) -> None:
    assert f.age_years(birth, today) == expected


# --- weight trend -------------------------------------------------------------------------


def test_weight_trend_given_two_weigh_ins_then_moving_averages_reach_back_and_rate_is_null() -> None:
    # Window 24..30 Nov. MA(26th) = mean(20th 70.0, 22nd 71.0, 26th 72.0) = 71.0;
    # MA(27th) = mean(71.0, 72.0, 69.5) = 70.8333 -> 70.83; change = 70.83 - 71.0 = -0.17.
    rows = weigh((d(20), 70.0), (d(22), 71.0), (d(26), 72.0), (d(27), 69.5))
    out = as_json(f.weight_trend(rows, TODAY, 7))
    assert out["moving_average_7d"] == [
        {"date": "2026-11-26", "weight_kg": 72.0, "average_kg": 71.0},
        {"date": "2026-11-27", "weight_kg": 69.5, "average_kg": 70.83},
    ]
    assert (out["latest_average_kg"], out["change_kg"], out["weigh_ins"]) == (70.83, -0.17, 2)
    assert out["weekly_rate_kg"] is None
    assert gap_fields(out) == ["weekly_rate_kg"]


@pytest.mark.parametrize(
    ("points", "days", "expected_rate"),
    [
        # fewer than 3 weigh-ins
        ([(d(16), 80.0), (d(30), 79.0)], 30, None),
        # 3 weigh-ins spanning 6 days (24th..30th): too short
        ([(d(24), 80.0), (d(27), 79.8), (d(30), 79.5)], 7, None),
        # x = 0, 7, 14; y = 80.0, 79.5, 79.3: Sxy = -7*0.4 + 0 + 7*-0.3 = -4.9, Sxx = 98
        # slope -0.05 kg/day -> -0.35 kg/week
        ([(d(16), 80.0), (d(23), 79.5), (d(30), 79.3)], 15, -0.35),
        # x = 0, 1, 7; y = 70, 70, 69: Sxy = -39/9, Sxx = 258/9, slope = -39/258; * 7 = -1.058 -> -1.06
        ([(d(23), 70.0), (d(24), 70.0), (d(30), 69.0)], 30, -1.06),
        # span of exactly 7 days counts; x = 0, 3, 7; y = 60.0, 60.3, 60.7
        # dx = -10/3, -1/3, 11/3; dy = -1/3, -1/30, 11/30: Sxy = 222/90, Sxx = 222/9, slope 0.1 -> 0.7
        ([(d(23), 60.0), (d(26), 60.3), (d(30), 60.7)], 8, 0.7),
    ],
)
def test_weekly_rate_given_weigh_ins_then_least_squares_slope_per_week(
    points: list[tuple[dt.date, float]], days: int, expected_rate: float | None
) -> None:
    out = as_json(f.weight_trend(weigh(*points), TODAY, days))
    assert out["weekly_rate_kg"] == expected_rate
    assert ("weekly_rate_kg" in gap_fields(out)) is (expected_rate is None)


def test_weight_trend_given_no_weigh_ins_then_nulls_and_gaps() -> None:
    out = as_json(f.weight_trend([CheckIn(date=d(30), energy=3)], TODAY, 30))
    assert out["moving_average_7d"] == []
    assert (out["latest_average_kg"], out["change_kg"], out["weekly_rate_kg"], out["weigh_ins"]) == (
        None,
        None,
        None,
        0,
    )
    assert gap_fields(out) == ["weight_kg", "weekly_rate_kg"]


# --- nutrition ----------------------------------------------------------------------------


def test_nutrition_summary_given_two_logged_days_then_averages_over_logged_days_only() -> None:
    # calories (2000 + 1801) / 2 = 1900.5 -> 1901; protein (100 + 90.1) / 2 = 95.05 -> 95.1;
    # carbs only on one day -> 250.0; fat (70 + 60) / 2 = 65.0; 2 of 7 days -> 0.2857 -> 0.29.
    logs = [
        NutritionLog(date=d(20), calories=5000, protein_g=1, carbs_g=1, fat_g=1),  # outside the window
        NutritionLog(date=d(28), calories=1801, protein_g=90.1, carbs_g=None, fat_g=60),
        NutritionLog(date=d(30), calories=2000, protein_g=100, carbs_g=250, fat_g=70),
    ]
    out = as_json(f.nutrition_summary(logs, TODAY, 7))
    assert {k: v for k, v in out.items() if k != "data_gaps"} == {
        "days": 7,
        "logged_days": 2,
        "logging_rate": 0.29,
        "avg_calories": 1901,
        "avg_protein_g": 95.1,
        "avg_carbs_g": 250.0,
        "avg_fat_g": 65.0,
    }
    assert out["data_gaps"] == []


@pytest.mark.parametrize(("logged", "days", "rate"), [(0, 14, 0.0), (1, 3, 0.33), (2, 3, 0.67), (14, 14, 1.0)])
def test_logging_rate_given_logged_days_then_share_of_days(logged: int, days: int, rate: float) -> None:
    logs = [NutritionLog(date=TODAY - dt.timedelta(days=i), calories=2000) for i in range(logged)]
    out = as_json(f.nutrition_summary(logs, TODAY, days))
    assert out["logging_rate"] == rate
    assert (out["avg_calories"] is None) is (logged == 0)
    assert ("nutrition" in gap_fields(out)) is (logged == 0)


# --- TDEE ---------------------------------------------------------------------------------


TDEE_CASES = [
    pytest.param(
        # female 36y 168 cm: BMR = 700 + 1050 - 180 - 161 = 1409; x1.375 = 1937.375 -> 1937;
        # lose 0.5: 1937.375 - 550 = 1387.375 -> 1387; protein 2.0*70 = 140; fat 1387/4/9 = 38.53 -> 39;
        # carbs (1387 - 560 - 351)/4 = 119
        {},
        70.0,
        {
            "bmr": 1409,
            "tdee": 1937,
            "target_calories": 1387,
            "target_clamped": False,
            "protein_g": 140,
            "fat_g": 39,
            "carbs_g": 119,
        },
        [],
        id="lose-female",
    ),
    pytest.param(
        # male 30y 180 cm: BMR = 800 + 1125 - 150 + 5 = 1780; x1.55 = 2759; maintain;
        # protein 1.6*80 = 128; fat 2759/36 = 76.64 -> 77; carbs (2759 - 512 - 693)/4 = 388.5 -> 389
        {
            "birth_date": dt.date(1996, 1, 1),
            "sex": "male",
            "height_cm": 180.0,
            "activity_level": "moderately_active",
            "goal": Goal(type="maintain"),
        },
        80.0,
        {
            "bmr": 1780,
            "tdee": 2759,
            "target_calories": 2759,
            "target_clamped": False,
            "protein_g": 128,
            "fat_g": 77,
            "carbs_g": 389,
        },
        [],
        id="maintain-male-carbs-half-up",
    ),
    pytest.param(
        # female 60y 150 cm sedentary: BMR = 500 + 937.5 - 300 - 161 = 976.5 -> 977; x1.2 = 1171.8 -> 1172;
        # lose 1.0: 1171.8 - 1100 = 71.8 -> clamped to 1200; protein 100; fat 33.3 -> 33;
        # carbs (1200 - 400 - 297)/4 = 125.75 -> 126
        {
            "birth_date": dt.date(1966, 6, 1),
            "height_cm": 150.0,
            "activity_level": "sedentary",
            "goal": Goal(type="lose", target_rate_kg_per_week=1.0),
        },
        50.0,
        {
            "bmr": 977,
            "tdee": 1172,
            "target_calories": 1200,
            "target_clamped": True,
            "floor_above_tdee": True,
            "protein_g": 100,
            "fat_g": 33,
            "carbs_g": 126,
        },
        ["target_calories"],
        id="clamp-1200",
    ),
    pytest.param(
        # the small, sedentary "lose" user: female 65y 152 cm 45 kg: BMR = 450 + 950 - 325 - 161 = 914;
        # x1.2 = 1096.8 -> 1097; 1096.8 - 550 = 546.8 -> clamped to 1200, above the TDEE itself
        {
            "birth_date": dt.date(1961, 6, 1),
            "height_cm": 152.0,
            "activity_level": "sedentary",
            "goal": Goal(type="lose", target_rate_kg_per_week=0.5),
        },
        45.0,
        {"bmr": 914, "tdee": 1097, "target_calories": 1200, "target_clamped": True, "floor_above_tdee": True},
        ["target_calories"],
        id="floor-above-tdee",
    ),
    pytest.param(
        # unknown sex -78, unknown activity 1.2, no goal -> maintain: 40y 170 cm 75 kg:
        # BMR = 750 + 1062.5 - 200 - 78 = 1534.5 -> 1535; x1.2 = 1841.4 -> 1841; protein 1.6*75 = 120;
        # fat 1841/36 = 51.14 -> 51; carbs (1841 - 480 - 459)/4 = 225.5 -> 226
        {"birth_date": dt.date(1986, 11, 30), "sex": None, "height_cm": 170.0, "activity_level": None, "goal": None},
        75.0,
        {
            "bmr": 1535,
            "tdee": 1841,
            "target_calories": 1841,
            "target_clamped": False,
            "protein_g": 120,
            "fat_g": 51,
            "carbs_g": 226,
            "activity_factor": 1.2,
            "goal_type": "maintain",
        },
        ["sex", "activity_level", "goal"],
        id="unknown-sex-activity-goal",
    ),
    pytest.param(
        # "other" sex is not a gap: same -78 offset
        {
            "birth_date": dt.date(1986, 11, 30),
            "sex": "other",
            "height_cm": 170.0,
            "activity_level": "sedentary",
            "goal": Goal(type="maintain"),
        },
        75.0,
        {"bmr": 1535, "tdee": 1841, "target_calories": 1841},
        [],
        id="other-sex",
    ),
    pytest.param(
        # male 25y 175 cm very active: BMR = 650 + 1093.75 - 125 + 5 = 1623.75 -> 1624;
        # x1.725 = 2800.97 -> 2801; gain +300 = 3100.97 -> 3101; protein 1.6*65 = 104;
        # fat 3101/36 = 86.14 -> 86; carbs (3101 - 416 - 774)/4 = 477.75 -> 478
        {
            "birth_date": dt.date(2001, 1, 15),
            "sex": "male",
            "height_cm": 175.0,
            "activity_level": "very_active",
            "goal": Goal(type="gain"),
        },
        65.0,
        {"bmr": 1624, "tdee": 2801, "target_calories": 3101, "protein_g": 104, "fat_g": 86, "carbs_g": 478},
        [],
        id="gain",
    ),
    pytest.param(
        # rate 2.0 is capped at 1.0: 1937.375 - 1100 = 837.375 -> clamped 1200
        {"goal": Goal(type="lose", target_rate_kg_per_week=2.0)},
        70.0,
        {"rate_kg_per_week": 1.0, "target_calories": 1200, "target_clamped": True, "floor_above_tdee": False},
        [],
        id="lose-rate-capped",
    ),
    pytest.param(
        # no rate -> 0.5 default
        {"goal": Goal(type="lose")},
        70.0,
        {"rate_kg_per_week": 0.5, "target_calories": 1387},
        [],
        id="lose-default-rate",
    ),
    pytest.param(
        # 200 kg losing: protein 400 g = 1600 kcal > target; carbs never negative.
        # BMR = 2000 + 937.5 - 400 - 161 = 2376.5; x1.2 = 2851.8; -1100 = 1751.8 -> 1752; fat 48.67 -> 49
        {
            "birth_date": dt.date(1946, 1, 1),
            "height_cm": 150.0,
            "activity_level": "sedentary",
            "goal": Goal(type="lose", target_rate_kg_per_week=1.0),
        },
        200.0,
        {"target_calories": 1752, "protein_g": 400, "fat_g": 49, "carbs_g": 0},
        [],
        id="carbs-never-negative",
    ),
    pytest.param(
        # no birth date: no BMR and nothing derived from it; protein needs only the weight
        {"birth_date": None},
        70.0,
        {
            "bmr": None,
            "tdee": None,
            "target_calories": None,
            "target_clamped": False,
            "protein_g": 140,
            "fat_g": None,
            "carbs_g": None,
        },
        ["birth_date"],
        id="no-birth-date",
    ),
    pytest.param(
        {"height_cm": None},
        70.0,
        {"bmr": None, "tdee": None, "target_calories": None, "protein_g": 140},
        ["height_cm"],
        id="no-height",
    ),
]


@pytest.mark.parametrize(("fields", "weight", "expected", "gaps"), TDEE_CASES)
def test_calculate_tdee_given_profile_and_weight_then_hand_computed_targets(
    fields: dict[str, Any], weight: float, expected: dict[str, Any], gaps: list[str]
) -> None:
    out = as_json(f.calculate_tdee(profile(**fields), [], TODAY, weight))
    assert {k: out[k] for k in expected} == expected
    assert out["weight_kg"] == weight
    assert out["weight_source"] == "argument"
    assert gap_fields(out) == gaps


def test_calculate_tdee_given_the_floor_above_tdee_then_the_gap_states_both_figures_and_the_surplus() -> None:
    """GIVEN the small, sedentary "lose" user (TDEE 1,097) WHEN the target is computed THEN the tool
    output carries floor_above_tdee and a target_calories gap naming the TDEE, the floor and the surplus."""
    fields = {"birth_date": dt.date(1961, 6, 1), "height_cm": 152.0, "activity_level": "sedentary"}
    out = f.calculate_tdee(profile(**fields), [], TODAY, 45.0)
    assert (out.tdee, out.target_calories, out.floor_above_tdee) == (1097, 1200, True)
    [floor_gap] = [g for g in out.data_gaps if g.field == f.FLOOR_ABOVE_TDEE_FIELD]
    assert "1,097 kcal" in floor_gap.description and "1,200 kcal" in floor_gap.description
    assert "103 kcal a day above maintenance" in floor_gap.description
    assert as_json(out)["floor_above_tdee"] is True  # what the model receives


def test_calculate_tdee_given_no_weight_argument_then_latest_moving_average_is_used() -> None:
    # MA(30th) = mean(70.0, 70.5, 71.0 on 24th..30th) = 70.5; the 22nd is outside its 7 days.
    rows = weigh((d(22), 90.0), (d(24), 70.0), (d(27), 70.5), (d(30), 71.0))
    out = as_json(f.calculate_tdee(profile(), rows, TODAY))
    assert (out["weight_kg"], out["weight_source"]) == (70.5, "moving_average_7d")
    # BMR = 705 + 1050 - 180 - 161 = 1414
    assert out["bmr"] == 1414


def test_calculate_tdee_given_no_weight_anywhere_then_weight_gap_and_nulls() -> None:
    out = as_json(f.calculate_tdee(profile(), [], TODAY))
    assert (out["weight_kg"], out["weight_source"], out["bmr"], out["protein_g"]) == (None, None, None, None)
    assert gap_fields(out) == ["weight_kg"]


# --- adherence ----------------------------------------------------------------------------


def dates(*days: int) -> list[dt.date]:
    return [d(x) for x in days]


@pytest.mark.parametrize(
    ("checkin_days", "log_days", "days", "expected"),
    [
        pytest.param(
            # check-ins 24,25,26,28,29 (not today): streak ends yesterday = 2; longest 3; 5/7 = 0.71.
            # logs 27,29,30: streak ending today = 2; 3/7 = 0.43.
            dates(24, 25, 26, 28, 29),
            dates(27, 29, 30),
            7,
            {
                "checkin_days": 5,
                "logged_days": 3,
                "checkin_rate": 0.71,
                "logging_rate": 0.43,
                "checkin_streak": 2,
                "logging_streak": 2,
                "longest_checkin_streak": 3,
            },
            id="streak-ending-yesterday",
        ),
        pytest.param(
            # every day 1..29 Nov: the current streak reaches back past the 7-day window (24..30);
            # the longest streak touching the window is that run, counted in full: 29.
            dates(*range(1, 30)),
            [],
            7,
            {
                "checkin_days": 6,
                "checkin_rate": 0.86,
                "checkin_streak": 29,
                "longest_checkin_streak": 29,
                "logged_days": 0,
                "logging_rate": 0.0,
                "logging_streak": 0,
            },
            id="streak-longer-than-window",
        ),
        pytest.param(
            # 1..20 Nov, then nothing: no current streak; the run 1..20 touches the 14-day window
            # (17..30) on 17..20 and counts in full (20); 4/14 = 0.29.
            dates(*range(1, 21)),
            [],
            14,
            {"checkin_days": 4, "checkin_rate": 0.29, "checkin_streak": 0, "longest_checkin_streak": 20},
            id="run-crossing-the-window-start-counts-in-full",
        ),
        pytest.param(
            # 1..16 Nov ends the day before the 14-day window (17..30): it does not touch it; the
            # longest is the run 20..22 inside it.
            dates(*range(1, 17), 20, 21, 22),
            [],
            14,
            {"checkin_days": 3, "checkin_streak": 0, "longest_checkin_streak": 3},
            id="run-ending-before-the-window-does-not-count",
        ),
        pytest.param(
            # nothing today or yesterday: no current streak
            dates(20, 21, 22, 23, 24, 25, 26, 27, 28),
            dates(28),
            14,
            {
                "checkin_days": 9,
                "checkin_rate": 0.64,
                "checkin_streak": 0,
                "longest_checkin_streak": 9,
                "logging_streak": 0,
            },
            id="streak-broken",
        ),
    ],
)
def test_adherence_given_rows_then_rates_and_streaks(
    checkin_days: list[dt.date], log_days: list[dt.date], days: int, expected: dict[str, Any]
) -> None:
    out = as_json(
        adh.adherence_metrics(
            [CheckIn(date=x) for x in checkin_days], [NutritionLog(date=x, calories=1) for x in log_days], TODAY, days
        )
    )
    assert {k: out[k] for k in expected} == expected


@pytest.mark.parametrize(
    ("history", "days", "expected_longest"),
    [
        # (the check-in days of the whole history, the window, the longest streak touching it)
        pytest.param(range(-120, 1), 14, 121, id="121-straight-days"),
        pytest.param([*range(-120, -10), *range(-9, 1)], 14, 110, id="run-before-a-gap-10-days-ago"),
        pytest.param(range(-40, -12), 14, 28, id="run-ending-on-the-window-start"),
        pytest.param(range(-40, -13), 14, 0, id="run-ending-the-day-before-the-window"),
        pytest.param([], 7, 0, id="no-check-ins"),
    ],
)
def test_adherence_given_window_rows_and_repository_streaks_then_longest_matches_the_whole_history(
    history: range | list[int], days: int, expected_longest: int
) -> None:
    """GIVEN only the window's check-ins plus the streaks the repository reads from the whole history
    (the run ending the day before the window included) WHEN adherence is computed THEN the longest
    streak equals the one computed from the whole history, and is never shorter than the current one."""
    assert _longest_both_ways(list(history), days) == expected_longest


def _longest_both_ways(history: list[int], days: int) -> int:
    every = [CheckIn(date=TODAY + dt.timedelta(days=i)) for i in sorted(set(history))]
    start = f.window_start(TODAY, days)
    whole = {c.date for c in every}
    streaks = Streaks(
        checkin=adh.current_streak(whole, TODAY),
        logging=0,
        checkin_run_before=adh.run_ending(whole, start - dt.timedelta(days=1)),
        rows_from=start,
    )
    from_window = adh.adherence_metrics([c for c in every if c.date >= start], [], TODAY, days, streaks)
    from_history = adh.adherence_metrics(every, [], TODAY, days)
    assert from_window.longest_checkin_streak == from_history.longest_checkin_streak
    assert from_window.longest_checkin_streak >= from_window.checkin_streak == from_history.checkin_streak
    return from_window.longest_checkin_streak


@given(st.lists(st.integers(min_value=-200, max_value=0), max_size=150), st.integers(min_value=7, max_value=90))
@settings(max_examples=200, deadline=None)
def test_adherence_given_any_history_then_window_rows_plus_streaks_agree_with_the_whole_history(
    history: list[int], days: int
) -> None:
    """GIVEN any check-in history and window WHEN computed from the window's rows plus the repository's
    streaks and from the whole history THEN both longest streaks agree and neither is below the current."""
    _longest_both_ways(history, days)


@pytest.mark.parametrize(
    ("present", "today", "expected"),
    [
        (set(), TODAY, 0),
        ({d(30)}, TODAY, 1),
        ({d(29)}, TODAY, 1),
        ({d(28)}, TODAY, 0),
        ({d(30), d(29), d(27)}, TODAY, 2),
        ({d(1, 12), d(30)}, d(1, 12), 2),  # across a month boundary
    ],
)
def test_current_streak_given_dates_then_counts_back_from_today_or_yesterday(
    present: set[dt.date], today: dt.date, expected: int
) -> None:
    assert adh.current_streak(present, today) == expected


# --- check-ins and profile ------------------------------------------------------------------


def test_recent_checkins_given_window_then_newest_first_with_averages() -> None:
    rows = [
        CheckIn(date=d(20), energy=1),  # outside the 3-day window
        CheckIn(date=d(28), energy=4, sleep_hours=7.25, mood=3),
        CheckIn(date=d(30), energy=3, sleep_hours=8.0, mood=None),
    ]
    out = as_json(f.recent_checkins(rows, TODAY, 3))
    assert [c["date"] for c in out["checkins"]] == ["2026-11-30", "2026-11-28"]
    # energy 3.5; sleep 7.625 -> 7.6; mood only one value -> 3.0
    assert (out["count"], out["avg_energy"], out["avg_sleep_hours"], out["avg_mood"]) == (2, 3.5, 7.6, 3.0)
    assert out["data_gaps"] == []


def test_user_profile_given_gappy_profile_then_age_and_gaps() -> None:
    out = as_json(f.user_profile(profile(height_cm=None, activity_level=None, goal=None), TODAY))
    assert out["age"] == 36
    assert out["goal"] is None
    assert gap_fields(out) == ["height_cm", "activity_level", "goal"]
