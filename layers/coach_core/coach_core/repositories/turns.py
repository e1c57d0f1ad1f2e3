"""The write a completed chat turn makes, as ONE statement: the exchange (session created or
appended, history trimmed), the replaced idle session's expiry, the turn's log row (its numeric
grounding), and the policy-violation and tool-call rows. The day's usage is not part of it: each
model call's usage is written as soon as it is reported (`repositories.usage.add_usage`),
whether or not the exchange is stored.

One statement instead of a transaction of five: the connection is in autocommit, so the
statement is atomic by itself, and it costs one round trip and no BEGIN/COMMIT. Every other
part is written only if the exchange was (`EXISTS (SELECT 1 FROM ex)`): when the session is no
longer ACTIVE for this user, nothing at all is written and `session_id` comes back null, so
the caller can retry under a fresh id exactly as a rolled-back transaction would allow.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from psycopg.types.json import Jsonb

from coach_core.db.connection import Conn
from coach_core.models import ChatTurn, PolicyViolationRow, ToolCallLogRow, TurnLogRow

WRITTEN = "WHERE EXISTS (SELECT 1 FROM ex)"
"""Every part after the exchange is written only if the exchange was."""

RECORD_TURN_SQL = f"""
WITH ex AS (
    INSERT INTO ai_session AS s (id, user_id, model_tier, history, message_count, tokens_used,
                                 created_at, last_activity_at)
    VALUES (%(id)s, %(user_id)s, %(tier)s, %(turns)s, %(count)s, %(tokens)s, %(now)s, %(now)s)
    ON CONFLICT (id) DO UPDATE SET
        history = (
            SELECT COALESCE(jsonb_agg(t.e ORDER BY t.i), '[]'::jsonb)
            FROM jsonb_array_elements(s.history || EXCLUDED.history) WITH ORDINALITY AS t(e, i)
            WHERE t.i > jsonb_array_length(s.history || EXCLUDED.history) - %(max)s
        ),
        message_count = s.message_count + EXCLUDED.message_count,
        tokens_used = s.tokens_used + EXCLUDED.tokens_used,
        last_activity_at = EXCLUDED.last_activity_at
    WHERE s.user_id = EXCLUDED.user_id AND s.status = 'ACTIVE'
    RETURNING s.id
), expired AS (
    UPDATE ai_session SET status = 'EXPIRED', expired_at = %(now)s
    WHERE id = %(expire_id)s::uuid AND status = 'ACTIVE' AND EXISTS (SELECT 1 FROM ex)
), turn_log AS (
    INSERT INTO ai_turn_log (user_id, session_id, provider, finish_reason, figures_checked, figures_ungrounded,
                             ungrounded, grounding_repaired)
    SELECT %(user_id)s, ex.id, %(turn_provider)s, %(turn_finish)s, %(turn_checked)s, %(turn_ungrounded_count)s,
           %(turn_ungrounded)s::jsonb, %(turn_repaired)s
    FROM ex WHERE %(turn_logged)s
), violations AS (
    INSERT INTO ai_policy_violation_log (user_id, session_id, direction, violation_type, severity,
        trigger_content, action_taken, rule_id, source, guard_model, category_scores)
    SELECT v.* FROM jsonb_to_recordset(%(violations)s::jsonb) AS v (user_id uuid, session_id uuid,
        direction text, violation_type text, severity text, trigger_content text, action_taken text,
        rule_id text, source text, guard_model text, category_scores jsonb)
    {WRITTEN}
), tools AS (
    INSERT INTO ai_tool_call_log (user_id, session_id, tool_name, tool_category, input_hash,
        input_summary, output_summary, status, error_message, latency_ms, cache_hit, provider)
    SELECT t.* FROM jsonb_to_recordset(%(tools)s::jsonb) AS t (user_id uuid, session_id uuid,
        tool_name text, tool_category text, input_hash text, input_summary text, output_summary text,
        status text, error_message text, latency_ms int, cache_hit bool, provider text)
    {WRITTEN}
)
SELECT (SELECT id FROM ex) AS session_id
"""  # noqa: S608 - composed of constants only


@dataclass(frozen=True, slots=True)
class TurnWrite:
    """Everything one completed turn stores."""

    session_id: uuid.UUID
    user_id: uuid.UUID
    model_tier: str
    turns: Sequence[ChatTurn]
    tokens_used: int
    max_history: int
    now: dt.datetime
    expire_id: uuid.UUID | None
    violations: Sequence[PolicyViolationRow]
    tool_rows: Sequence[ToolCallLogRow]
    turn_log: TurnLogRow | None = None


def _turn_log_params(row: TurnLogRow | None) -> dict[str, object]:
    return {
        "turn_logged": row is not None,
        "turn_provider": row.provider if row else None,
        "turn_finish": row.finish_reason if row else "",
        "turn_checked": row.figures_checked if row else 0,
        "turn_ungrounded_count": len(row.ungrounded) if row else 0,
        "turn_ungrounded": Jsonb([u.model_dump(mode="json") for u in row.ungrounded] if row else []),
        "turn_repaired": row.grounding_repaired if row else False,
    }


def _params(w: TurnWrite) -> dict[str, object]:
    """The rows travel as JSON arrays (`jsonb_to_recordset`): one parameter each instead of one
    array per column, which is most of the client's CPU for this statement."""
    return {
        "id": w.session_id,
        "tier": w.model_tier,
        "turns": Jsonb([t.model_dump() for t in w.turns][-w.max_history :]),
        "count": len(w.turns),
        "tokens": max(0, w.tokens_used),
        "now": w.now,
        "max": w.max_history,
        "expire_id": w.expire_id,
        "violations": Jsonb([r.model_dump(mode="json") for r in w.violations]),
        "tools": Jsonb([r.model_dump(mode="json") for r in w.tool_rows]),
        "user_id": w.user_id,
        **_turn_log_params(w.turn_log),
    }


async def record_turn(conn: Conn, write: TurnWrite) -> bool:
    """Write the turn (see the module docstring); False when the session was not ACTIVE for
    this user and nothing was written."""
    cur = await conn.execute(RECORD_TURN_SQL, _params(write))
    row = await cur.fetchone()
    return row is not None and row["session_id"] is not None
