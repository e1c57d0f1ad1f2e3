"""`coach import-user FILE.json`: load one user's profile, goal, check-ins and nutrition.

The whole file is validated before anything is written (strict JSON types, ranges that
match the database's CHECK constraints, known enum values, no unknown keys, one row per
date); the first problems are reported by field path, e.g.
`checkins[3].energy: Input should be less than or equal to 5`. A valid file is written in
one transaction with upserts, so importing it again gives the same rows.
"""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from coach_core.db.connection import Database
from coach_core.errors import InvalidInputError
from coach_core.models import (
    ActivityLevel,
    CheckIn,
    Diet,
    Goal,
    GoalType,
    NutritionLog,
    Profile,
    Sex,
    utctoday,
)
from coach_core.repositories import users

MAX_REPORTED_ERRORS = 10
EARLIEST_BIRTH_DATE = dt.date(1900, 1, 1)

Weight = Annotated[float, Field(ge=20, le=400)]
Score = Annotated[int, Field(ge=1, le=5)]
Label = Annotated[str, Field(min_length=1, max_length=100)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ImportDiet(_Strict):
    type: Label | None = None
    allergies: list[Label] = Field(default_factory=list, max_length=50)
    dislikes: list[Label] = Field(default_factory=list, max_length=50)


class ImportUser(_Strict):
    id: uuid.UUID
    birth_date: dt.date | None = None
    sex: Sex | None = None
    height_cm: Annotated[float, Field(ge=50, le=272)] | None = None
    activity_level: ActivityLevel | None = None
    diet: ImportDiet = Field(default_factory=ImportDiet)

    @field_validator("birth_date")
    @classmethod
    def _plausible_birth_date(cls, value: dt.date | None) -> dt.date | None:
        if value is not None and not EARLIEST_BIRTH_DATE <= value < utctoday():
            raise ValueError(f"must be between {EARLIEST_BIRTH_DATE.isoformat()} and yesterday")
        return value


class ImportGoal(_Strict):
    type: GoalType
    target_weight_kg: Weight | None = None
    target_rate_kg_per_week: Annotated[float, Field(ge=0, le=5)] | None = None


class ImportCheckin(_Strict):
    date: dt.date
    weight_kg: Weight | None = None
    energy: Score | None = None
    sleep_hours: Annotated[float, Field(ge=0, le=24)] | None = None
    mood: Score | None = None


class ImportNutrition(_Strict):
    date: dt.date
    calories: Annotated[int, Field(ge=0, le=20000)]
    protein_g: Annotated[float, Field(ge=0, le=2000)] | None = None
    carbs_g: Annotated[float, Field(ge=0, le=3000)] | None = None
    fat_g: Annotated[float, Field(ge=0, le=1000)] | None = None


class ImportFile(_Strict):
    """The import format of DOMAIN.md."""

    user: ImportUser
    goal: ImportGoal | None = None
    checkins: list[ImportCheckin] = Field(default_factory=list, max_length=20000)
    nutrition: list[ImportNutrition] = Field(default_factory=list, max_length=20000)

    def to_rows(self) -> tuple[Profile, list[CheckIn], list[NutritionLog]]:
        u = self.user
        profile = Profile(
            id=u.id,
            birth_date=u.birth_date,
            sex=u.sex,
            height_cm=u.height_cm,
            activity_level=u.activity_level,
            diet=Diet(**u.diet.model_dump()),
            goal=Goal(**self.goal.model_dump()) if self.goal else None,
        )
        checkins = [CheckIn(**c.model_dump()) for c in self.checkins]
        nutrition = [NutritionLog(**n.model_dump()) for n in self.nutrition]
        return profile, checkins, nutrition


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


def _describe(exc: ValidationError) -> str:
    messages = []
    for err in exc.errors():
        message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        messages.append(f"{_path(tuple(err['loc']))}: {message}")
    extra = len(messages) - MAX_REPORTED_ERRORS
    text = "; ".join(messages[:MAX_REPORTED_ERRORS])
    return text + (f"; and {extra} more" if extra > 0 else "")


def _duplicates(section: str, dates: list[dt.date]) -> list[str]:
    seen: dict[dt.date, int] = {}
    problems = []
    for i, day in enumerate(dates):
        if day in seen:
            problems.append(f"{section}[{i}].date: duplicate date {day.isoformat()} (also at {section}[{seen[day]}])")
        else:
            seen[day] = i
    return problems


def validate_payload(payload: Any) -> ImportFile:
    """The parsed file, or InvalidInputError naming every problem's field path."""
    if not isinstance(payload, dict):
        raise InvalidInputError("(file): must be a JSON object with 'user', 'goal', 'checkins', 'nutrition'")
    try:
        # JSON mode: strict JSON types, ISO dates from strings; default=str admits date/UUID objects.
        parsed = ImportFile.model_validate_json(json.dumps(payload, default=str))
    except ValidationError as exc:
        raise InvalidInputError(_describe(exc)) from None
    problems = _duplicates("checkins", [c.date for c in parsed.checkins])
    problems += _duplicates("nutrition", [n.date for n in parsed.nutrition])
    if problems:
        raise InvalidInputError("; ".join(problems[:MAX_REPORTED_ERRORS]))
    return parsed


async def import_user_data(db: Database, payload: dict[str, Any]) -> uuid.UUID:
    """Validate the whole payload, then upsert it in one transaction; returns the user id."""
    profile, checkins, nutrition = validate_payload(payload).to_rows()
    async with db.connection() as conn, conn.transaction():
        await users.upsert_user(conn, profile, checkins, nutrition)
    return profile.id


def read_payload(path: str) -> Any:
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except OSError as exc:
        raise InvalidInputError(f"{path}: cannot read the file ({exc.strerror or type(exc).__name__})") from None
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise InvalidInputError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None


async def import_user_file(path: str) -> uuid.UUID:
    """`coach import-user FILE`: the file's problems are reported with its name."""
    from coach_core.db.connection import create_database
    from coach_core.settings import get_settings

    payload = read_payload(path)
    try:
        validate_payload(payload)
    except InvalidInputError as exc:
        raise InvalidInputError(f"{path}: {exc.detail}") from None
    db = create_database(get_settings())
    try:
        return await import_user_data(db, payload)
    finally:
        await db.close()
