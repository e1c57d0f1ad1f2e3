"""Small tools for provider and orchestrator tests: deterministic, no database reads."""

from __future__ import annotations

import asyncio
import time
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from coach_core.domain.outputs import ToolOutput
from coach_core.tools.base import BaseTool, NoArgs, ToolContext


class DaysArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    days: int = Field(14, ge=1, le=90, description="Window length in days (1-90).")


class EchoOutput(ToolOutput):
    days: int
    user_id: str
    doubled: int


class EchoDaysTool(BaseTool[DaysArgs, EchoOutput]):
    """Returns its argument and the bound user, so tests can see what reached the tool."""

    name = "echo_days"
    description = "Echo the requested window length and the bound user id."
    cache_ttl_seconds = 60
    Args: ClassVar[type[BaseModel]] = DaysArgs
    Output: ClassVar[type[ToolOutput]] = EchoOutput

    async def run(self, ctx: ToolContext, args: DaysArgs) -> EchoOutput:
        return EchoOutput(days=args.days, user_id=str(ctx.user_id), doubled=args.days * 2)

    def summarize(self, output: EchoOutput) -> str:
        return f"days={output.days}, doubled={output.doubled}"


class SleptOutput(ToolOutput):
    slept_s: float
    tool: str


class SlowTool(BaseTool[NoArgs, SleptOutput]):
    """Sleeps `delay` seconds and records when it started, finished or was cancelled."""

    name: ClassVar[str]
    description = "Sleep a little, then report."
    cache_ttl_seconds = 60
    delay: ClassVar[float] = 0.2
    Output: ClassVar[type[ToolOutput]] = SleptOutput

    def __init__(self) -> None:
        self.started: list[float] = []
        self.finished: list[float] = []
        self.cancelled = 0

    async def run(self, ctx: ToolContext, args: NoArgs) -> SleptOutput:
        self.started.append(time.perf_counter())
        try:
            await asyncio.sleep(self.delay)
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        self.finished.append(time.perf_counter())
        return SleptOutput(slept_s=self.delay, tool=self.name)

    def summarize(self, output: SleptOutput) -> str:
        return f"slept {output.slept_s} s"


class SlowToolA(SlowTool):
    name = "slow_a"


class SlowToolB(SlowTool):
    name = "slow_b"
