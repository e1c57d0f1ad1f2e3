"""get_adherence_metrics: how consistently the user checks in and logs food."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, Field

from coach_core.tools._common import ToolArgs, load_checkins, load_nutrition
from coach_core.tools.base import BaseTool, ToolContext
from coach_core.tools.formulas import STREAK_LOOKBACK_DAYS, adherence_metrics


class GetAdherenceMetricsArgs(ToolArgs):
    days: int = Field(14, ge=7, le=90, description="How many days back to measure, ending today (7-90).")


class GetAdherenceMetricsTool(BaseTool):
    name = "get_adherence_metrics"
    description = (
        "Measure the user's consistency over the last `days` days: checkin_rate and logging_rate "
        "(share of days with a check-in / food log), current checkin_streak and logging_streak "
        "(consecutive days up to today, or up to yesterday if today is not logged yet) and the "
        "longest check-in streak in the window. Use it to praise consistency or suggest habits."
    )
    cache_ttl_seconds = 300
    Args: ClassVar[type[BaseModel]] = GetAdherenceMetricsArgs

    async def run(self, ctx: ToolContext, args: Any) -> dict[str, Any]:
        # Streaks look back further than a short window.
        span = max(args.days, STREAK_LOOKBACK_DAYS)
        async with ctx.db.connection() as conn:
            checkins = await load_checkins(conn, ctx, span)
            nutrition = await load_nutrition(conn, ctx, span)
        return adherence_metrics(checkins, nutrition, ctx.today, args.days)

    def summarize(self, output: dict[str, Any]) -> str:
        return (
            f"check-ins {output.get('checkin_rate')}, logging {output.get('logging_rate')} over "
            f"{output.get('days')} days; streaks: check-in {output.get('checkin_streak')}, logging "
            f"{output.get('logging_streak')}, longest check-in {output.get('longest_checkin_streak')}"
        )
