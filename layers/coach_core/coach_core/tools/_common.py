"""Helpers shared by the six tools: the argument base model and row fetching (each tool
runs its queries on one connection: `async with ctx.db.connection() as conn`)."""

from __future__ import annotations

import datetime as dt

from pydantic import BaseModel, ConfigDict

from coach_core.db.connection import Conn
from coach_core.domain.formulas import window_start
from coach_core.errors import UserNotFoundError
from coach_core.models import CheckIn, NutritionLog, Profile
from coach_core.repositories import users
from coach_core.tools.base import ToolContext


class ToolArgs(BaseModel):
    """Arguments the model sends; unknown keys are an error the model can read and fix."""

    model_config = ConfigDict(extra="forbid")


async def load_profile(conn: Conn, ctx: ToolContext) -> Profile:
    profile = await users.get_profile(conn, ctx.user_id)
    if profile is None:
        raise UserNotFoundError(f"user {ctx.user_id} has no profile")
    return profile


async def load_checkins(conn: Conn, ctx: ToolContext, days: int, *, lookback_days: int = 0) -> list[CheckIn]:
    """Check-ins of the last `days` days ending today, plus `lookback_days` earlier days."""
    start = window_start(ctx.today, days) - dt.timedelta(days=lookback_days)
    return await users.get_checkins(conn, ctx.user_id, start, ctx.today)


async def load_nutrition(conn: Conn, ctx: ToolContext, days: int) -> list[NutritionLog]:
    return await users.get_nutrition(conn, ctx.user_id, window_start(ctx.today, days), ctx.today)


def fmt(value: object, unit: str = "") -> str:
    """A figure for a trace summary; missing values read as 'n/a'."""
    return "n/a" if value is None else f"{value}{unit}"
