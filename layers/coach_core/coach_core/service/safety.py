"""The two safety layers as a turn meets them: the rules (policies, pure, sub-millisecond) and
the model-based guard (`coach_core.guard`). A guard verdict that changes the outcome becomes an
`ai_policy_violation_log` row with source `guard`, its model and category scores.

`decide` is the one place a turn's safety verdict is made, for the message and for the answer
alike: a crisis verdict of the guard first, then the rules' block or flag, else the text stands.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass
from typing import Any

from coach_core import tracing
from coach_core.guard import GuardRunner, GuardVerdict
from coach_core.guard.runner import Bill
from coach_core.guard.verdict import Direction
from coach_core.models import PolicyViolationRow
from coach_core.orchestrator import OrchestratorEvent
from coach_core.policies.text import sanitize_trigger
from coach_core.policies.types import PolicyResult
from coach_core.prompts.disclaimer_templates import get_safety_message
from coach_core.service.sessions import violation_rows

GUARD_REPLACEMENT_KEY = "support_resources"


def guard_message() -> str:
    """What replaces a message or an answer the guard judges a crisis: the support resources."""
    return get_safety_message(GUARD_REPLACEMENT_KEY)


def guard_row(
    verdict: GuardVerdict, text: str, user_id: uuid.UUID, session_id: uuid.UUID | None, direction: Direction
) -> PolicyViolationRow:
    return PolicyViolationRow(
        user_id=user_id,
        session_id=session_id,
        direction=direction,
        violation_type="crisis",
        severity="critical",
        trigger_content=sanitize_trigger(text),
        action_taken="flag" if direction == "input" else "block",
        rule_id=f"guard.{verdict.guard}",
        source="guard",
        guard_model=verdict.model,
        category_scores=verdict.category_scores or None,
    )


def is_crisis(verdict: GuardVerdict | None) -> bool:
    return verdict is not None and verdict.is_crisis


def traced_rules(direction: Direction, check: Callable[[], PolicyResult]) -> PolicyResult:
    """A rules check (`check`) in its own safety span, its verdict recorded on it."""
    with tracing.safety_span("rules", direction) as span:
        result = check()
        tracing.record_policy(span, result)
    return result


@dataclass(frozen=True, slots=True)
class Decision:
    """What the safety layers decided about one text: the safety message that replaces it (None:
    the text stands) and the violation rows that say why (the rules' findings, then the guard's)."""

    message: str | None
    rows: list[PolicyViolationRow]


def decide(
    rules: PolicyResult | None,
    verdict: GuardVerdict | None,
    text: str,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    direction: Direction,
) -> Decision:
    """The verdict on `text` from the rules' result and the guard's verdict (either may be absent):
    the guard's crisis verdict wins (the support message), then the rules' block or flag (their
    message); the layer that decided is recorded on the turn's span."""
    rows = violation_rows(rules, user_id, session_id, direction) if rules is not None else []
    if verdict is not None and verdict.is_crisis:
        tracing.decided_by("guard")
        return Decision(guard_message(), [*rows, guard_row(verdict, text, user_id, session_id, direction)])
    if rules is not None and rules.replacement_message is not None:  # set exactly for block and flag
        tracing.decided_by(tracing.policy_layer(rules))
        return Decision(rules.replacement_message, rows)
    return Decision(None, rows)


def start_input_guard(
    guard: GuardRunner | None, user_id: uuid.UUID, message: str, bill: Bill
) -> asyncio.Task[GuardVerdict] | None:
    """The input guard, started once the limits admitted the request and the rules allowed the
    message (never for a refused one: a guard call costs); `bill` gets what it costs."""
    return None if guard is None else asyncio.create_task(guard.check(message, "input", user_id=user_id, bill=bill))


def verdict_of(task: asyncio.Task[GuardVerdict] | None) -> GuardVerdict | None:
    """A guard check's verdict once it has finished; None while it runs, if it was cancelled or
    failed (no verdict: the rules stand), or without a guard."""
    if task is None or not task.done() or task.cancelled() or task.exception() is not None:
        return None
    return task.result()


async def verdict_within(task: asyncio.Task[GuardVerdict] | None, seconds: float) -> GuardVerdict | None:
    """The input guard's verdict if it comes within `seconds` (how long the look-ups took: the
    provider call may wait that long for it); None if it is later."""
    if task is not None:
        await asyncio.wait({task}, timeout=seconds)
    return verdict_of(task)


async def held_for_verdict(
    events: AsyncGenerator[OrchestratorEvent, None], guard: asyncio.Task[GuardVerdict]
) -> AsyncGenerator[OrchestratorEvent, None]:
    """The orchestrator's events, none before the guard's verdict. Until it arrives, each next
    event is awaited in a task raced against the verdict, so a crisis verdict cancels the call
    in flight (a buffered completion, a first token, a tool round) at once instead of waiting
    for it; the events end there. After the verdict, the events pass through untouched."""
    while not guard.done():
        step: asyncio.Future[OrchestratorEvent] = asyncio.ensure_future(anext(events))
        try:
            racing: set[asyncio.Future[Any]] = {step, guard}
            await asyncio.wait(racing, return_when=asyncio.FIRST_COMPLETED)
            if not guard.done():
                await asyncio.wait({guard})  # an event came first: it waits for the verdict
            crisis = is_crisis(verdict_of(guard))
            if crisis:
                step.cancel()
            await asyncio.wait({step})
        except BaseException:
            step.cancel()
            await asyncio.gather(step, return_exceptions=True)
            raise
        if crisis or step.cancelled() or isinstance(step.exception(), StopAsyncIteration):
            return  # on a crisis, an event that came first is dropped with the rest
        yield step.result()
    async for event in events:
        yield event


async def stop(task: asyncio.Task[GuardVerdict] | None) -> None:
    """Cancel a guard check still running and wait until it has ended (and billed its cut)."""
    if task is None:
        return
    if not task.done():
        task.cancel()
    await asyncio.gather(task, return_exceptions=True)
