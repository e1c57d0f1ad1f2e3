"""Typed results of the domain formulas: what each tool returns and the model receives.

Field names are DOMAIN.md's output keys; `model_dump(mode="json")` is exactly the JSON the
model sees (dates as ISO strings). Readers (offline provider answers, context builder,
insights, plan builder) use fields, never string keys.
"""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from coach_core.models import ActivityLevel, CheckIn, DataGap, Diet, Goal, GoalType, Sex


class ToolOutput(BaseModel):
    """Base of every tool result: frozen, no unknown keys, and the data gaps it found."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    data_gaps: list[DataGap] = []


class UserProfileOutput(ToolOutput):
    age: int | None
    birth_date: dt.date | None
    sex: Sex | None
    height_cm: float | None
    activity_level: ActivityLevel | None
    diet: Diet
    goal: Goal | None


class CheckinAverages(BaseModel):
    model_config = ConfigDict(frozen=True)

    checkin_days: int
    avg_energy: float | None
    avg_sleep_hours: float | None
    avg_mood: float | None


class RecentCheckinsOutput(ToolOutput):
    days: int
    count: int
    checkins: list[CheckIn]
    avg_energy: float | None
    avg_sleep_hours: float | None
    avg_mood: float | None


class MovingAveragePoint(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    date: dt.date
    weight_kg: float
    average_kg: float


class WeightTrendOutput(ToolOutput):
    days: int
    weigh_ins: int
    latest_average_kg: float | None
    change_kg: float | None
    weekly_rate_kg: float | None
    moving_average_7d: list[MovingAveragePoint]


class NutritionSummaryOutput(ToolOutput):
    days: int
    logged_days: int
    logging_rate: float
    avg_calories: int | None
    avg_protein_g: float | None
    avg_carbs_g: float | None
    avg_fat_g: float | None


class TdeeOutput(ToolOutput):
    weight_kg: float | None
    weight_source: str | None
    age: int | None
    sex: Sex | None
    height_cm: float | None
    activity_level: ActivityLevel | None
    activity_factor: float
    goal_type: GoalType
    rate_kg_per_week: float | None
    bmr: int | None
    tdee: int | None
    target_calories: int | None
    target_clamped: bool
    floor_above_tdee: bool = False
    """The 1,200 kcal floor raised the target above the user's own TDEE: the target is then a
    surplus, not a deficit, and a `target_calories` data gap says so."""
    protein_g: int | None
    fat_g: int | None
    carbs_g: int | None


class AdherenceOutput(ToolOutput):
    days: int
    checkin_days: int
    logged_days: int
    checkin_rate: float
    logging_rate: float
    checkin_streak: int
    logging_streak: int
    longest_checkin_streak: int
