"""get_weight_trend: 7-day moving averages and the weekly rate of change."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from coach_core.domain.formulas import MOVING_AVERAGE_DAYS, weight_trend
from coach_core.domain.outputs import ToolOutput, WeightTrendOutput
from coach_core.text import plural
from coach_core.tools._common import ToolArgs, fmt, load_checkins
from coach_core.tools.base import BaseTool, ToolContext


class GetWeightTrendArgs(ToolArgs):
    days: int = Field(30, ge=7, le=365, description="How many days back to analyse, ending today (7-365).")


class GetWeightTrendTool(BaseTool[GetWeightTrendArgs, WeightTrendOutput]):
    name = "get_weight_trend"
    description = (
        "Analyse the user's weight over the last `days` days: the 7-day moving average at each "
        "weigh-in (smooths daily water swings), latest_average_kg, change_kg (last average minus "
        "first) and weekly_rate_kg (least-squares slope per week; negative means losing). The "
        "rate is null with a data gap when there are under 3 weigh-ins or they span under 7 days."
    )
    cache_ttl_seconds = 300
    Args: ClassVar[type[BaseModel]] = GetWeightTrendArgs
    Output: ClassVar[type[ToolOutput]] = WeightTrendOutput

    async def run(self, ctx: ToolContext, args: GetWeightTrendArgs) -> WeightTrendOutput:
        # The first points' averages reach back 6 days before the window.
        async with ctx.db.connection() as conn:
            rows = await load_checkins(conn, ctx, args.days, lookback_days=MOVING_AVERAGE_DAYS - 1)
        return weight_trend(rows, ctx.today, args.days)

    def summarize(self, output: WeightTrendOutput) -> str:
        return (
            f"{plural(output.weigh_ins, 'weigh-in')} in {plural(output.days, 'day')}; 7d avg "
            f"{fmt(output.latest_average_kg, ' kg')}, change {fmt(output.change_kg, ' kg')}, "
            f"rate {fmt(output.weekly_rate_kg, ' kg/wk')}"
        )
