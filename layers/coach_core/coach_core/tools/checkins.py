"""get_recent_checkins: the daily check-ins of the last few days."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from coach_core.domain.formulas import recent_checkins
from coach_core.domain.outputs import RecentCheckinsOutput, ToolOutput
from coach_core.text import plural
from coach_core.tools._common import ToolArgs, fmt, load_checkins
from coach_core.tools.base import BaseTool, ToolContext


class GetRecentCheckinsArgs(ToolArgs):
    days: int = Field(14, ge=1, le=90, description="How many days back to look, ending today (1-90).")


class GetRecentCheckinsTool(BaseTool[GetRecentCheckinsArgs, RecentCheckinsOutput]):
    name = "get_recent_checkins"
    description = (
        "Get the user's daily check-ins (weight kg, energy 1-5, sleep hours, mood 1-5) for the "
        "last `days` days, newest first, with the count and average energy, sleep and mood. "
        "Use it to discuss how the user has been feeling, sleeping and weighing in."
    )
    cache_ttl_seconds = 60
    Args: ClassVar[type[BaseModel]] = GetRecentCheckinsArgs
    Output: ClassVar[type[ToolOutput]] = RecentCheckinsOutput

    async def run(self, ctx: ToolContext, args: GetRecentCheckinsArgs) -> RecentCheckinsOutput:
        async with ctx.db.connection() as conn:
            rows = await load_checkins(conn, ctx, args.days)
        return recent_checkins(rows, ctx.today, args.days)

    def summarize(self, output: RecentCheckinsOutput) -> str:
        return (
            f"{plural(output.count, 'check-in')} in {plural(output.days, 'day')}; energy "
            f"{fmt(output.avg_energy)}, sleep {fmt(output.avg_sleep_hours, ' h')}, "
            f"mood {fmt(output.avg_mood)}"
        )
