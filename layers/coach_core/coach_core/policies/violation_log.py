"""Turning a PolicyResult into `ai_policy_violation_log` rows, and writing them.

`violation_rows` is pure (the service builds rows next to the check and writes them with
its other logs); `log_violations` is the convenience that writes them through the
repository in one statement. Trigger content is sanitised again here, so rows built from
any result are safe to store: truncated, e-mail addresses and phone numbers masked.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from coach_core.db.connection import Database
from coach_core.models import PolicyViolationRow
from coach_core.policies.text import sanitize_trigger
from coach_core.policies.types import Direction, PolicyResult
from coach_core.repositories.logs import insert_violations


def violation_rows(
    result: PolicyResult,
    *,
    user_id: uuid.UUID,
    session_id: uuid.UUID | None,
    direction: Direction | None = None,
) -> list[PolicyViolationRow]:
    """One row per fired policy (severity order). `direction` defaults to the result's."""
    return [
        PolicyViolationRow(
            user_id=user_id,
            session_id=session_id,
            direction=direction or result.direction,
            violation_type=v.type,
            severity=v.severity,
            trigger_content=sanitize_trigger(v.trigger),
            action_taken=v.action,
        )
        for v in result.violations
    ]


async def log_violations(db: Database, rows: Sequence[PolicyViolationRow]) -> None:
    """Write the rows in one INSERT; nothing to do for an empty list."""
    if not rows:
        return
    async with db.connection() as conn:
        await insert_violations(conn, rows)
