"""get_nutrition_summary: average intake over the logged days and how often the user logs."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from coach_core.domain.formulas import nutrition_summary
from coach_core.domain.outputs import NutritionSummaryOutput, ToolOutput
from coach_core.text import plural
from coach_core.tools._common import ToolArgs, fmt, load_nutrition
from coach_core.tools.base import BaseTool, ToolContext


class GetNutritionSummaryArgs(ToolArgs):
    days: int = Field(14, ge=1, le=90, description="How many days back to summarise, ending today (1-90).")


class GetNutritionSummaryTool(BaseTool[GetNutritionSummaryArgs, NutritionSummaryOutput]):
    name = "get_nutrition_summary"
    description = (
        "Summarise the user's food logs for the last `days` days: average calories and protein, "
        "carbohydrate and fat grams over the days that were logged, logged_days and logging_rate "
        "(logged days / days). A low logging rate means the averages are less reliable."
    )
    cache_ttl_seconds = 120
    Args: ClassVar[type[BaseModel]] = GetNutritionSummaryArgs
    Output: ClassVar[type[ToolOutput]] = NutritionSummaryOutput

    async def run(self, ctx: ToolContext, args: GetNutritionSummaryArgs) -> NutritionSummaryOutput:
        async with ctx.db.connection() as conn:
            rows = await load_nutrition(conn, ctx, args.days)
        return nutrition_summary(rows, ctx.today, args.days)

    def summarize(self, output: NutritionSummaryOutput) -> str:
        return (
            f"{output.logged_days}/{plural(output.days, 'day')} logged; avg "
            f"{fmt(output.avg_calories, ' kcal')}, P {fmt(output.avg_protein_g, ' g')}, "
            f"C {fmt(output.avg_carbs_g, ' g')}, F {fmt(output.avg_fat_g, ' g')}"
        )
