"""The two safety layers as a turn meets them: the rules (policies, pure, sub-millisecond) and
the model-based guard (`coach_core.guard`). A guard verdict that changes the outcome becomes an
`ai_policy_violation_log` row with source `guard`, its model and category scores."""

from __future__ import annotations

import asyncio
import uuid

from coach_core.guard import GuardRunner, GuardVerdict
from coach_core.guard.runner import Bill
from coach_core.guard.verdict import Direction
from coach_core.models import PolicyViolationRow
from coach_core.policies.text import sanitize_trigger
from coach_core.prompts.disclaimer_templates import get_safety_message

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


def start_input_guard(
    guard: GuardRunner | None, user_id: uuid.UUID, message: str, bill: Bill
) -> asyncio.Task[GuardVerdict] | None:
    """The input guard, started once the limits admitted the request and the rules allowed the
    message (never for a refused one: a guard call costs); `bill` gets what it costs."""
    return None if guard is None else asyncio.create_task(guard.check(message, "input", user_id=user_id, bill=bill))


async def stop(task: asyncio.Task[GuardVerdict] | None) -> None:
    """Cancel a guard check still running and wait until it has ended (and billed its cut)."""
    if task is None:
        return
    if not task.done():
        task.cancel()
    await asyncio.gather(task, return_exceptions=True)
