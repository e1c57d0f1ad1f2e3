"""get_user_profile: who the user is and what they want."""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel

from coach_core.domain.formulas import user_profile
from coach_core.domain.outputs import ToolOutput, UserProfileOutput
from coach_core.text import plural
from coach_core.tools._common import fmt, load_profile
from coach_core.tools.base import BaseTool, NoArgs, ToolContext


class GetUserProfileTool(BaseTool[NoArgs, UserProfileOutput]):
    name = "get_user_profile"
    description = (
        "Get the user's profile: age in years, sex, height (cm), activity level, diet "
        "(type, allergies, dislikes) and goal (lose/maintain/gain, target weight, target weekly "
        "rate). Call this before giving personalised advice. Lists data_gaps for missing fields."
    )
    cache_ttl_seconds = 300
    Args: ClassVar[type[BaseModel]] = NoArgs
    Output: ClassVar[type[ToolOutput]] = UserProfileOutput

    async def run(self, ctx: ToolContext, args: NoArgs) -> UserProfileOutput:
        async with ctx.db.connection() as conn:
            profile = await load_profile(conn, ctx)
        return user_profile(profile, ctx.today)

    def summarize(self, output: UserProfileOutput) -> str:
        return (
            f"age {fmt(output.age)}, {fmt(output.sex)}, {fmt(output.height_cm, ' cm')}, "
            f"{fmt(output.activity_level)}, goal {fmt(output.goal.type if output.goal else None)}, "
            f"{plural(len(output.data_gaps), 'gap')}"
        )
