"""get_user_profile: who the user is and what they want."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from coach_core.tools._common import fmt, load_profile
from coach_core.tools.base import BaseTool, NoArgs, ToolContext
from coach_core.tools.formulas import user_profile


class GetUserProfileTool(BaseTool):
    name = "get_user_profile"
    description = (
        "Get the user's profile: age in years, sex, height (cm), activity level, diet "
        "(type, allergies, dislikes) and goal (lose/maintain/gain, target weight, target weekly "
        "rate). Call this before giving personalised advice. Lists data_gaps for missing fields."
    )
    cache_ttl_seconds = 300
    Args: ClassVar[type[BaseModel]] = NoArgs

    async def run(self, ctx: ToolContext, args: Any) -> dict[str, Any]:
        async with ctx.db.connection() as conn:
            profile = await load_profile(conn, ctx)
        return user_profile(profile, ctx.today)

    def summarize(self, output: dict[str, Any]) -> str:
        goal = output.get("goal") or {}
        return (
            f"age {fmt(output.get('age'))}, {fmt(output.get('sex'))}, {fmt(output.get('height_cm'), ' cm')}, "
            f"{fmt(output.get('activity_level'))}, goal {fmt(goal.get('type'))}, "
            f"{len(output.get('data_gaps', []))} gap(s)"
        )
