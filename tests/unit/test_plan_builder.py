"""GIVEN calculate_tdee outputs (complete, partial, null, clamped) WHEN the offline plan is
built THEN it is a schema-valid 7-day WeeklyPlan around the target, never under 1,200 kcal."""

from __future__ import annotations

from typing import Any

import pytest

from coach_core.domain.plan import CALORIE_FLOOR, DEFAULT_TARGET_KCAL, build_offline_plan, day_targets
from coach_core.schemas import WEEKDAYS, WeeklyPlan
from tests.factories import tdee_output

FULL = {
    "weight_kg": 70.0,
    "bmr": 1450,
    "tdee": 1994,
    "target_calories": 1444,
    "target_clamped": False,
    "protein_g": 140,
    "fat_g": 40,
    "carbs_g": 131,
}


@pytest.mark.parametrize(
    ("tdee", "expected_mean", "expected_protein"),
    [
        (FULL, 1444, 140),
        ({**FULL, "target_calories": 2600, "protein_g": 112}, 2600, 112),
        ({**FULL, "target_calories": 1200, "target_clamped": True}, 1200, 140),
        (
            {**FULL, "bmr": None, "tdee": None, "target_calories": None, "fat_g": None, "carbs_g": None},
            DEFAULT_TARGET_KCAL,
            140,
        ),
        (
            {
                "weight_kg": None,
                "bmr": None,
                "tdee": None,
                "target_calories": None,
                "target_clamped": False,
                "protein_g": None,
                "fat_g": None,
                "carbs_g": None,
            },
            DEFAULT_TARGET_KCAL,
            125,
        ),
        ({"weight_kg": 80.0, "target_calories": 1800, "protein_g": None}, 1800, 128),
        ({}, DEFAULT_TARGET_KCAL, 125),
    ],
)
def test_given_tdee_output_when_building_then_plan_is_valid_and_on_target(
    tdee: dict[str, Any], expected_mean: int, expected_protein: int
) -> None:
    plan = WeeklyPlan.model_validate(build_offline_plan(tdee_output(**tdee)))
    assert [d.day for d in plan.days] == list(WEEKDAYS)
    assert all(d.calories >= CALORIE_FLOOR for d in plan.days)
    assert sum(d.calories for d in plan.days) / 7 == pytest.approx(expected_mean, abs=1)
    assert {d.protein_g for d in plan.days} == {expected_protein}
    assert any(d.training.type in ("rest", "mobility") for d in plan.days)
    assert plan.habits


def test_given_a_clamped_target_when_building_then_summary_says_so_and_no_day_varies_below_floor() -> None:
    plan = build_offline_plan(tdee_output(**{**FULL, "target_calories": 1200, "target_clamped": True}))
    assert "1,200 kcal minimum" in plan["summary"]
    assert {d["calories"] for d in plan["days"]} == {1200}


def test_given_the_floor_above_the_tdee_when_building_then_summary_says_it_is_no_deficit() -> None:
    tdee = {**FULL, "tdee": 1097, "target_calories": 1200, "target_clamped": True, "floor_above_tdee": True}
    summary = build_offline_plan(tdee_output(**tdee))["summary"]
    assert "above your estimated maintenance of 1,097 kcal" in summary and "not a deficit" in summary


def test_given_missing_numbers_when_building_then_summary_names_the_gap() -> None:
    assert "general 2,000 kcal" in build_offline_plan(None)["summary"]


@pytest.mark.parametrize(
    ("kcal", "protein", "fat", "carbs"), [(2000, 150, 56, 224), (1200, 250, 33, 0), (1444, 140, 40, 131)]
)
def test_given_kcal_and_protein_when_splitting_then_fat_is_a_quarter_and_carbs_never_negative(
    kcal: int, protein: int, fat: int, carbs: int
) -> None:
    assert day_targets(kcal, protein) == {"calories": kcal, "protein_g": protein, "fat_g": fat, "carbs_g": carbs}
