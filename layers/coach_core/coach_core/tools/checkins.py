"""get_recent_checkins: the daily check-ins of the last few days."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, Field

from coach_core.tools._common import ToolArgs, fmt, load_checkins
from coach_core.tools.base import BaseTool, ToolContext
from coach_core.tools.formulas import recent_checkins


class GetRecentCheckinsArgs(ToolArgs):
    days: int = Field(14, ge=1, le=90, description="How many days back to look, ending today (1-90).")


class GetRecentCheckinsTool(BaseTool):
    name = "get_recent_checkins"
    description = (
        "Get the user's daily check-ins (weight kg, energy 1-5, sleep hours, mood 1-5) for the "
        "last `days` days, newest first, with the count and average energy, sleep and mood. "
        "Use it to discuss how the user has been feeling, sleeping and weighing in."
    )
    cache_ttl_seconds = 60
    Args: ClassVar[type[BaseModel]] = GetRecentCheckinsArgs

    async def run(self, ctx: ToolContext, args: Any) -> dict[str, Any]:
        async with ctx.db.connection() as conn:
            rows = await load_checkins(conn, ctx, args.days)
        return recent_checkins(rows, ctx.today, args.days)

    def summarize(self, output: dict[str, Any]) -> str:
        return (
            f"{output.get('count')} check-in(s) in {output.get('days')} days; energy "
            f"{fmt(output.get('avg_energy'))}, sleep {fmt(output.get('avg_sleep_hours'), ' h')}, "
            f"mood {fmt(output.get('avg_mood'))}"
        )
