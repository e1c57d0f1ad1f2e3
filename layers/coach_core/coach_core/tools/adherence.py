"""get_adherence_metrics: how consistently the user checks in and logs food."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from coach_core.domain.adherence import adherence_metrics
from coach_core.domain.formulas import window_start
from coach_core.domain.outputs import AdherenceOutput, ToolOutput
from coach_core.repositories import users
from coach_core.text import plural
from coach_core.tools._common import ToolArgs, load_checkins, load_nutrition
from coach_core.tools.base import BaseTool, ToolContext


class GetAdherenceMetricsArgs(ToolArgs):
    days: int = Field(14, ge=7, le=90, description="How many days back to measure, ending today (7-90).")


class GetAdherenceMetricsTool(BaseTool[GetAdherenceMetricsArgs, AdherenceOutput]):
    name = "get_adherence_metrics"
    description = (
        "Measure the user's consistency over the last `days` days: checkin_rate and logging_rate "
        "(share of days with a check-in / food log), current checkin_streak and logging_streak "
        "(consecutive days up to today, or up to yesterday if today is not logged yet) and "
        "longest_checkin_streak (the longest run of check-in days touching the window, counted in "
        "full). Use it to praise consistency or suggest habits."
    )
    cache_ttl_seconds = 300
    Args: ClassVar[type[BaseModel]] = GetAdherenceMetricsArgs
    Output: ClassVar[type[ToolOutput]] = AdherenceOutput

    async def run(self, ctx: ToolContext, args: GetAdherenceMetricsArgs) -> AdherenceOutput:
        # Rates over the window; current streaks and the run reaching back past the window's
        # first day over the whole history (uncapped, so the longest streak is counted in full).
        async with ctx.db.connection() as conn:
            checkins = await load_checkins(conn, ctx, args.days)
            nutrition = await load_nutrition(conn, ctx, args.days)
            streaks = await users.get_streaks(conn, ctx.user_id, ctx.today, window_start(ctx.today, args.days))
        return adherence_metrics(checkins, nutrition, ctx.today, args.days, streaks)

    def summarize(self, output: AdherenceOutput) -> str:
        return (
            f"check-ins {output.checkin_rate}, logging {output.logging_rate} over "
            f"{plural(output.days, 'day')}; streaks: check-in {output.checkin_streak}, logging "
            f"{output.logging_streak}, longest check-in {output.longest_checkin_streak}"
        )
