"""The answer of a chat turn as the user is shown it: the orchestrator's events relayed once the
input guard allows, the streamed text released sentence by sentence by the output rules, and
everything shown fed to the numeric grounding check."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from contextlib import aclosing

from coach_core import tracing
from coach_core.grounding import GroundingCheck
from coach_core.guard import GuardVerdict
from coach_core.orchestrator import (
    FinishEvent,
    OrchestratorEvent,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.policies.engine import SafetyPolicyEngine
from coach_core.policies.streaming import StreamingOutputGuard
from coach_core.policies.types import PolicyResult
from coach_core.service.safety import held_for_verdict

ShownEvent = TokenEvent | ToolStartEvent | ToolEndEvent
"""What the user is shown of the answer while it is made."""


class Answer:
    """The answer as the user is shown it: on a stream, each sentence released only once it is
    complete and passes the rules (`StreamingOutputGuard`); everything shown is fed to the numeric
    grounding check. Holds the orchestrator's result, or the rules' verdict that stopped it."""

    def __init__(self, policies: SafetyPolicyEngine, *, streamed: bool) -> None:
        self.gate = StreamingOutputGuard(policies) if streamed else None
        self.figures = GroundingCheck()
        self.result: OrchestratorResult | None = None
        self.stopped: PolicyResult | None = None

    @property
    def shown(self) -> str:
        """What the user has been sent of it (nothing on `/chat`)."""
        return self.gate.released_text if self.gate is not None else ""

    async def relay(
        self, events: AsyncGenerator[OrchestratorEvent, None], guard: asyncio.Task[GuardVerdict] | None
    ) -> AsyncGenerator[ShownEvent, None]:
        """The orchestrator's events as the user may see them. Nothing leaves before the input
        guard's verdict; a crisis verdict ends them at once, and closing them cancels the provider
        call and any tools in flight. A streamed sentence the rules would replace ends them too."""
        held = events if guard is None or guard.done() else held_for_verdict(events, guard)
        async with aclosing(events), aclosing(held):
            async for item in held:
                if isinstance(item, FinishEvent):
                    self.result = item.result
                elif self.gate is not None and isinstance(item, TokenEvent):
                    step = self.gate.feed(item.content)
                    if step.released:
                        self.figures.feed(step.released)
                        yield TokenEvent(step.released)
                    if step.blocked is not None:
                        self.stopped = step.blocked
                        return
                else:
                    yield item

    def finish(self, gate: StreamingOutputGuard) -> tuple[PolicyResult, str]:
        """The stream ended: the rules check its last sentences (their verdict, else the check
        of everything released) and release those that pass."""
        with tracing.safety_span("rules", "output") as span:
            tail = gate.finish()
            checked = tail.blocked or gate.result
            tracing.record_policy(span, checked)
        self.figures.feed(tail.released)
        return checked, tail.released
