"""`coach import-user FILE.json`: load one user's profile, goal, check-ins and nutrition.

The whole file is validated before anything is written (strict JSON types, ranges that
match the database's CHECK constraints, known enum values, no unknown keys, one row per
date); the first problems are reported by field path, e.g.
`checkins[3].energy: Input should be less than or equal to 5`. A valid file is written in
one transaction with upserts, so importing it again gives the same rows.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from pydantic import Field, ValidationError

from coach_core.db.connection import Database
from coach_core.errors import InvalidInputError
from coach_core.models import CheckIn, NutritionLog, Profile
from coach_core.records import (
    CheckinRecord,
    FoodLogRecord,
    GoalRecord,
    ProfileRecord,
    Record,
    duplicate_dates,
)
from coach_core.repositories import users

MAX_REPORTED_ERRORS = 10


class ImportUser(ProfileRecord):
    id: uuid.UUID


class ImportFile(Record):
    """The import format of docs/DOMAIN.md."""

    user: ImportUser
    goal: GoalRecord | None = None
    checkins: list[CheckinRecord] = Field(default_factory=list, max_length=20000)
    nutrition: list[FoodLogRecord] = Field(default_factory=list, max_length=20000)

    def to_rows(self) -> tuple[Profile, list[CheckIn], list[NutritionLog]]:
        u = self.user
        profile = Profile(
            id=u.id,
            birth_date=u.birth_date,
            sex=u.sex,
            height_cm=u.height_cm,
            activity_level=u.activity_level,
            diet=u.diet.to_row(),
            goal=self.goal.to_row() if self.goal else None,
        )
        return profile, [c.to_row() for c in self.checkins], [n.to_row() for n in self.nutrition]


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


def describe_errors(exc: ValidationError) -> str:
    messages = []
    for err in exc.errors():
        message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        messages.append(f"{_path(tuple(err['loc']))}: {message}")
    extra = len(messages) - MAX_REPORTED_ERRORS
    text = "; ".join(messages[:MAX_REPORTED_ERRORS])
    return text + (f"; and {extra} more" if extra > 0 else "")


def validate_payload(payload: Any) -> ImportFile:
    """The parsed file, or InvalidInputError naming every problem's field path."""
    if not isinstance(payload, dict):
        raise InvalidInputError("(file): must be a JSON object with 'user', 'goal', 'checkins', 'nutrition'")
    try:
        # JSON mode: strict JSON types, ISO dates from strings; default=str admits date/UUID objects.
        parsed = ImportFile.model_validate_json(json.dumps(payload, default=str))
    except ValidationError as exc:
        raise InvalidInputError(describe_errors(exc)) from None
    problems = duplicate_dates("checkins", [c.date for c in parsed.checkins])
    problems += duplicate_dates("nutrition", [n.date for n in parsed.nutrition])
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
