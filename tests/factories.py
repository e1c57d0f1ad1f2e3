"""Test data builders shared across test files: complete typed tool outputs from a few
fields (every other field gets a neutral default)."""

from __future__ import annotations

import json
from typing import Any

from coach_core.domain.outputs import (
    AdherenceOutput,
    NutritionSummaryOutput,
    RecentCheckinsOutput,
    TdeeOutput,
    ToolOutput,
    UserProfileOutput,
    WeightTrendOutput,
)

# Every output field, so a test states only the figures it is about.
OUTPUT_DEFAULTS: dict[str, tuple[type[ToolOutput], dict[str, Any]]] = {
    "get_weight_trend": (
        WeightTrendOutput,
        {
            "days": 30,
            "weigh_ins": 0,
            "latest_average_kg": None,
            "change_kg": None,
            "weekly_rate_kg": None,
            "moving_average_7d": [],
        },
    ),
    "get_nutrition_summary": (
        NutritionSummaryOutput,
        {
            "days": 14,
            "logged_days": 0,
            "logging_rate": 0.0,
            "avg_calories": None,
            "avg_protein_g": None,
            "avg_carbs_g": None,
            "avg_fat_g": None,
        },
    ),
    "get_adherence_metrics": (
        AdherenceOutput,
        {
            "days": 14,
            "checkin_days": 0,
            "logged_days": 0,
            "checkin_rate": 0.0,
            "logging_rate": 0.0,
            "checkin_streak": 0,
            "logging_streak": 0,
            "longest_checkin_streak": 0,
        },
    ),
    "get_recent_checkins": (
        RecentCheckinsOutput,
        {"days": 14, "count": 0, "checkins": [], "avg_energy": None, "avg_sleep_hours": None, "avg_mood": None},
    ),
    "calculate_tdee": (
        TdeeOutput,
        {
            "weight_kg": None,
            "weight_source": None,
            "age": None,
            "sex": None,
            "height_cm": None,
            "activity_level": None,
            "activity_factor": 1.2,
            "goal_type": "maintain",
            "rate_kg_per_week": None,
            "bmr": None,
            "tdee": None,
            "target_calories": None,
            "target_clamped": False,
            "protein_g": None,
            "fat_g": None,
            "carbs_g": None,
        },
    ),
    "get_user_profile": (
        UserProfileOutput,
        {
            "age": None,
            "birth_date": None,
            "sex": None,
            "height_cm": None,
            "activity_level": None,
            "diet": {},
            "goal": None,
        },
    ),
}


def result_json(name: str, fields: dict[str, Any]) -> str:
    """A complete tool result JSON (as the registry would send it) with `fields` set; an
    `error` result is sent as is."""
    if "error" in fields:
        return json.dumps(fields)
    model, defaults = OUTPUT_DEFAULTS[name]
    return model.model_validate({**defaults, **fields}).model_dump_json()


def tdee_output(**fields: Any) -> TdeeOutput:
    """A `calculate_tdee` result with `fields` set."""
    return TdeeOutput.model_validate({**OUTPUT_DEFAULTS["calculate_tdee"][1], **fields})
