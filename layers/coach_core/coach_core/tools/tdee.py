"""calculate_tdee: energy needs and daily calorie and macro targets."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, Field

from coach_core.domain.formulas import MOVING_AVERAGE_DAYS, TDEE_WEIGHT_LOOKBACK_DAYS, calculate_tdee
from coach_core.domain.outputs import TdeeOutput, ToolOutput
from coach_core.tools._common import ToolArgs, fmt, load_checkins, load_profile
from coach_core.tools.base import BaseTool, ToolContext


class CalculateTdeeArgs(ToolArgs):
    weight_kg: float | None = Field(
        None,
        ge=30,
        le=300,
        description="Body weight in kg to use (30-300). Omit to use the latest 7-day average weigh-in.",
    )


class CalculateTdeeTool(BaseTool[CalculateTdeeArgs, TdeeOutput]):
    name = "calculate_tdee"
    description = (
        "Calculate the user's BMR (Mifflin-St Jeor), TDEE (BMR x activity factor) and a daily "
        "calorie target for their goal (lose: deficit for the goal rate, capped at 1 kg/week; "
        "maintain; gain: +300 kcal), never below 1,200 kcal (target_clamped; floor_above_tdee when "
        "that minimum is above the user's TDEE, so the target is no deficit: tell the user), with "
        "protein, fat and carbohydrate grams. Use these numbers rather than estimating calories yourself."
    )
    cache_ttl_seconds = 600
    Args: ClassVar[type[BaseModel]] = CalculateTdeeArgs
    Output: ClassVar[type[ToolOutput]] = TdeeOutput

    async def run(self, ctx: ToolContext, args: CalculateTdeeArgs) -> TdeeOutput:
        async with ctx.db.connection() as conn:
            profile = await load_profile(conn, ctx)
            if args.weight_kg is not None:
                return calculate_tdee(profile, [], ctx.today, args.weight_kg)
            rows = await load_checkins(conn, ctx, TDEE_WEIGHT_LOOKBACK_DAYS, lookback_days=MOVING_AVERAGE_DAYS - 1)
        return calculate_tdee(profile, rows, ctx.today)

    def summarize(self, output: TdeeOutput) -> str:
        clamped = " (clamped to minimum)" if output.target_clamped else ""
        clamped = " (clamped to minimum, above TDEE)" if output.floor_above_tdee else clamped
        return (
            f"target {fmt(output.target_calories, ' kcal')}{clamped}, TDEE "
            f"{fmt(output.tdee, ' kcal')}, BMR {fmt(output.bmr, ' kcal')}, weight "
            f"{fmt(output.weight_kg, ' kg')}; P {fmt(output.protein_g, ' g')}, "
            f"F {fmt(output.fat_g, ' g')}, C {fmt(output.carbs_g, ' g')}"
        )
