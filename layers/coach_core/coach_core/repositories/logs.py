"""The observability logs (tool calls, policy violations; the turn log is written with the
exchange, `repositories/turns.py`). Each batch is written in one INSERT statement."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence

from psycopg.types.json import Jsonb

from coach_core.db.connection import Conn
from coach_core.models import LoggedViolation, PolicyViolationRow, ToolCallLogRow

TOOL_COLUMNS = (
    "user_id",
    "session_id",
    "tool_name",
    "tool_category",
    "input_hash",
    "input_summary",
    "output_summary",
    "status",
    "error_message",
    "latency_ms",
    "cache_hit",
    "provider",
)
VIOLATION_COLUMNS = (
    "user_id",
    "session_id",
    "direction",
    "violation_type",
    "severity",
    "trigger_content",
    "action_taken",
    "rule_id",
    "source",
    "guard_model",
    "score",
)


async def insert_tool_calls(conn: Conn, rows: Sequence[ToolCallLogRow]) -> None:
    if not rows:
        return
    await conn.execute(
        """
        INSERT INTO ai_tool_call_log (user_id, session_id, tool_name, tool_category, input_hash,
            input_summary, output_summary, status, error_message, latency_ms, cache_hit, provider)
        SELECT * FROM unnest(%s::uuid[], %s::uuid[], %s::text[], %s::text[], %s::text[], %s::text[],
            %s::text[], %s::text[], %s::text[], %s::int[], %s::bool[], %s::text[])
        """,
        [[getattr(r, c) for r in rows] for c in TOOL_COLUMNS],
    )


async def insert_violations(conn: Conn, rows: Sequence[PolicyViolationRow]) -> None:
    if not rows:
        return
    await conn.execute(
        """
        INSERT INTO ai_policy_violation_log (user_id, session_id, direction, violation_type, severity,
            trigger_content, action_taken, rule_id, source, guard_model, score, category_scores)
        SELECT * FROM unnest(%s::uuid[], %s::uuid[], %s::text[], %s::text[], %s::text[], %s::text[],
            %s::text[], %s::text[], %s::text[], %s::text[], %s::float8[], %s::jsonb[])
        """,
        [
            *([getattr(r, c) for r in rows] for c in VIOLATION_COLUMNS),
            [None if r.category_scores is None else Jsonb(r.category_scores) for r in rows],
        ],
    )


async def count_for_user(conn: Conn, user_id: uuid.UUID) -> tuple[int, int]:
    """(tool-call rows, policy-violation rows) of one user."""
    cur = await conn.execute(
        """SELECT (SELECT count(*) FROM ai_tool_call_log WHERE user_id = %(u)s) AS tool_calls,
                  (SELECT count(*) FROM ai_policy_violation_log WHERE user_id = %(u)s) AS violations""",
        {"u": user_id},
    )
    row = await cur.fetchone()
    return (int(row["tool_calls"]), int(row["violations"])) if row else (0, 0)


async def delete_for_user(conn: Conn, user_id: uuid.UUID) -> None:
    """The observability logs' rows of one user (they carry no foreign key to users)."""
    await conn.execute("DELETE FROM ai_tool_call_log WHERE user_id = %s", (user_id,))
    await conn.execute("DELETE FROM ai_policy_violation_log WHERE user_id = %s", (user_id,))
    await conn.execute("DELETE FROM ai_turn_log WHERE user_id = %s", (user_id,))


PURGED_EXCERPT = ""
"""What a purged `trigger_content` holds: the row (type, severity, rule, time) stays for the
reports; the user's words go."""


async def purge_violation_excerpts(conn: Conn, cutoff: dt.datetime, batch_size: int) -> int:
    """Blank the excerpt of up to `batch_size` violation rows written before `cutoff`; returns
    how many. Idempotent and safe side by side, like the session purge."""
    cur = await conn.execute(
        """
        UPDATE ai_policy_violation_log SET trigger_content = %s
        WHERE id IN (
            SELECT id FROM ai_policy_violation_log
            WHERE trigger_content <> '' AND created_at < %s
            ORDER BY created_at
            LIMIT %s
            FOR UPDATE SKIP LOCKED
        )
        """,
        (PURGED_EXCERPT, cutoff, batch_size),
    )
    return cur.rowcount


SESSION_VIOLATIONS_SQL = """
SELECT id, user_id, session_id, direction, violation_type, severity, trigger_content, action_taken,
       rule_id, source, guard_model, score, category_scores, created_at
FROM ai_policy_violation_log
WHERE user_id = %s AND session_id = %s
ORDER BY id
LIMIT %s
"""


async def get_session_violations(
    conn: Conn, user_id: uuid.UUID, session_id: uuid.UUID, limit: int = 500
) -> list[LoggedViolation]:
    """One user's violation rows for one session, oldest first. Filtering on the user too
    means another user's session id simply has no rows."""
    cur = await conn.execute(SESSION_VIOLATIONS_SQL, (user_id, session_id, limit))
    return [LoggedViolation.model_validate(row) for row in await cur.fetchall()]


SESSION_TOOL_CALLS_SQL = """
SELECT user_id, session_id, tool_name, tool_category, input_hash, input_summary, output_summary, status,
       error_message, latency_ms, cache_hit, provider
FROM ai_tool_call_log
WHERE user_id = %s AND session_id = %s
ORDER BY id
LIMIT %s
"""


async def get_session_tool_calls(
    conn: Conn, user_id: uuid.UUID, session_id: uuid.UUID, limit: int = 500
) -> list[ToolCallLogRow]:
    """One user's tool-call rows for one session, oldest first (a turn's rows are written in
    one statement, in the order its calls finished); another user's session has none."""
    cur = await conn.execute(SESSION_TOOL_CALLS_SQL, (user_id, session_id, limit))
    return [ToolCallLogRow.model_validate(row) for row in await cur.fetchall()]


MOST_USED_TOOLS_SQL = """
SELECT tool_name, COUNT(*) AS calls, AVG(latency_ms) AS avg_latency
FROM ai_tool_call_log
WHERE created_at > NOW() - INTERVAL '7 days'
GROUP BY tool_name ORDER BY calls DESC
"""

VIOLATIONS_BY_TYPE_SQL = """
SELECT violation_type, severity, COUNT(*) AS count
FROM ai_policy_violation_log
WHERE created_at > NOW() - INTERVAL '30 days'
GROUP BY violation_type, severity ORDER BY count DESC
"""
