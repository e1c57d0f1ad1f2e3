"""The validated shapes of a user's data records, shared by `coach import-user` and the write
API (`PUT /profile`, `POST /checkins`, `POST /food-logs`), so both accept exactly the same
values: ranges match the database's CHECK constraints, enums are closed, unknown keys are
rejected, and JSON types are strict (no "70" for 70, no 3.0 for an integer score); dates are
ISO strings."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints, field_validator

from coach_core.models import (
    ActivityLevel,
    CheckIn,
    Diet,
    Goal,
    GoalType,
    NutritionLog,
    Sex,
    utctoday,
)

EARLIEST_BIRTH_DATE = dt.date(1900, 1, 1)
MAX_BATCH = 366
"""Rows per write request (a year of days)."""

Day = Annotated[dt.date, Strict(False)]
Weight = Annotated[float, Field(ge=20, le=400)]
Score = Annotated[int, Field(ge=1, le=5)]
STORABLE_TEXT_PATTERN = r"^[^\x00]*$"
Text = Annotated[str, StringConstraints(pattern=STORABLE_TEXT_PATTERN)]
"""The one string type of every free-text field of every request model (here and in `schemas`):
no NUL character (PostgreSQL text and jsonb cannot store one) and no lone surrogate (it has no
UTF-8 encoding; checking the pattern needs the UTF-8 text, so pydantic rejects it as
`string_unicode`). Either is a 422 naming the field, before anything is written. The pattern is
in the OpenAPI document too, so clients and fuzzers know the rule."""
Label = Annotated[Text, Field(min_length=1, max_length=100)]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class DietRecord(Record):
    type: Label | None = None
    allergies: list[Label] = Field(default_factory=list, max_length=50)
    dislikes: list[Label] = Field(default_factory=list, max_length=50)

    def to_row(self) -> Diet:
        return Diet(type=self.type, allergies=list(self.allergies), dislikes=list(self.dislikes))


class ProfileRecord(Record):
    """Who the user is; every field may be unknown (null)."""

    birth_date: Day | None = None
    sex: Sex | None = None
    height_cm: Annotated[float, Field(ge=50, le=272)] | None = None
    activity_level: ActivityLevel | None = None
    diet: DietRecord = Field(default_factory=DietRecord)

    @field_validator("birth_date")
    @classmethod
    def _plausible_birth_date(cls, value: dt.date | None) -> dt.date | None:
        if value is not None and not EARLIEST_BIRTH_DATE <= value < utctoday():
            raise ValueError(f"must be between {EARLIEST_BIRTH_DATE.isoformat()} and yesterday")
        return value


class GoalRecord(Record):
    type: GoalType
    target_weight_kg: Weight | None = None
    target_rate_kg_per_week: Annotated[float, Field(ge=0, le=5)] | None = None

    def to_row(self) -> Goal:
        return Goal(
            type=self.type, target_weight_kg=self.target_weight_kg, target_rate_kg_per_week=self.target_rate_kg_per_week
        )


class CheckinRecord(Record):
    date: Day
    weight_kg: Weight | None = None
    energy: Score | None = None
    sleep_hours: Annotated[float, Field(ge=0, le=24)] | None = None
    mood: Score | None = None

    def to_row(self) -> CheckIn:
        return CheckIn(
            date=self.date, weight_kg=self.weight_kg, energy=self.energy, sleep_hours=self.sleep_hours, mood=self.mood
        )


class FoodLogRecord(Record):
    date: Day
    calories: Annotated[int, Field(ge=0, le=20000)]
    protein_g: Annotated[float, Field(ge=0, le=2000)] | None = None
    carbs_g: Annotated[float, Field(ge=0, le=3000)] | None = None
    fat_g: Annotated[float, Field(ge=0, le=1000)] | None = None

    def to_row(self) -> NutritionLog:
        return NutritionLog(
            date=self.date, calories=self.calories, protein_g=self.protein_g, carbs_g=self.carbs_g, fat_g=self.fat_g
        )


def duplicate_dates(section: str, dates: list[dt.date]) -> list[str]:
    """One problem per repeated date ("checkins[3].date: duplicate date ..."): one row per day."""
    seen: dict[dt.date, int] = {}
    problems = []
    for i, day in enumerate(dates):
        if day in seen:
            problems.append(f"{section}[{i}].date: duplicate date {day.isoformat()} (also at {section}[{seen[day]}])")
        else:
            seen[day] = i
    return problems
