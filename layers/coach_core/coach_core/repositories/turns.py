"""The write a completed chat turn makes, as ONE statement: the exchange (session created or
appended, history trimmed), the replaced idle session's expiry, the policy-violation and
tool-call rows, and the day's usage (total and per provider).

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
from coach_core.models import ChatTurn, PolicyViolationRow, ToolCallLogRow
from coach_core.repositories.logs import TOOL_COLUMNS, VIOLATION_COLUMNS
from coach_core.repositories.usage import ProviderTokens

RECORD_TURN_SQL = """
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
), violations AS (
    INSERT INTO ai_policy_violation_log (user_id, session_id, direction, violation_type, severity,
        trigger_content, action_taken, rule_id, source, guard_model, category_scores)
    SELECT v.* FROM unnest(%(v_user_id)s::uuid[], %(v_session_id)s::uuid[], %(v_direction)s::text[],
        %(v_violation_type)s::text[], %(v_severity)s::text[], %(v_trigger_content)s::text[],
        %(v_action_taken)s::text[], %(v_rule_id)s::text[], %(v_source)s::text[], %(v_guard_model)s::text[],
        %(v_category_scores)s::jsonb[]) AS v
    WHERE EXISTS (SELECT 1 FROM ex)
), tools AS (
    INSERT INTO ai_tool_call_log (user_id, session_id, tool_name, tool_category, input_hash,
        input_summary, output_summary, status, error_message, latency_ms, cache_hit, provider)
    SELECT t.* FROM unnest(%(t_user_id)s::uuid[], %(t_session_id)s::uuid[], %(t_tool_name)s::text[],
        %(t_tool_category)s::text[], %(t_input_hash)s::text[], %(t_input_summary)s::text[],
        %(t_output_summary)s::text[], %(t_status)s::text[], %(t_error_message)s::text[],
        %(t_latency_ms)s::int[], %(t_cache_hit)s::bool[], %(t_provider)s::text[]) AS t
    WHERE EXISTS (SELECT 1 FROM ex)
), per_provider AS (
    INSERT INTO ai_usage_provider_daily (user_id, day, provider, requests, input_tokens, output_tokens)
    SELECT %(user_id)s, %(day)s, p.provider, 1, p.input_tokens, p.output_tokens
    FROM unnest(%(providers)s::text[], %(inputs)s::bigint[], %(outputs)s::bigint[])
        AS p (provider, input_tokens, output_tokens)
    WHERE EXISTS (SELECT 1 FROM ex)
    ON CONFLICT (user_id, day, provider) DO UPDATE SET
        requests = ai_usage_provider_daily.requests + EXCLUDED.requests,
        input_tokens = ai_usage_provider_daily.input_tokens + EXCLUDED.input_tokens,
        output_tokens = ai_usage_provider_daily.output_tokens + EXCLUDED.output_tokens,
        updated_at = now() AT TIME ZONE 'utc'
), daily AS (
    INSERT INTO ai_usage_daily (user_id, day, requests, input_tokens, output_tokens, guard_tokens)
    SELECT %(user_id)s, %(day)s, 1, %(input)s, %(output)s, %(guard)s
    WHERE EXISTS (SELECT 1 FROM ex)
    ON CONFLICT (user_id, day) DO UPDATE SET
        requests = ai_usage_daily.requests + EXCLUDED.requests,
        input_tokens = ai_usage_daily.input_tokens + EXCLUDED.input_tokens,
        output_tokens = ai_usage_daily.output_tokens + EXCLUDED.output_tokens,
        guard_tokens = ai_usage_daily.guard_tokens + EXCLUDED.guard_tokens,
        updated_at = now() AT TIME ZONE 'utc'
    RETURNING input_tokens + output_tokens + guard_tokens AS tokens
)
SELECT (SELECT id FROM ex) AS session_id, (SELECT tokens FROM daily) AS tokens
"""


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
    input_tokens: int
    output_tokens: int
    guard_tokens: int
    providers: Sequence[ProviderTokens]


def _params(w: TurnWrite) -> dict[str, object]:
    params: dict[str, object] = {
        "id": w.session_id,
        "user_id": w.user_id,
        "tier": w.model_tier,
        "turns": Jsonb([t.model_dump() for t in w.turns][-w.max_history:]),
        "count": len(w.turns),
        "tokens": max(0, w.tokens_used),
        "now": w.now,
        "max": w.max_history,
        "expire_id": w.expire_id,
        "day": w.now.date(),
        "input": max(0, w.input_tokens),
        "output": max(0, w.output_tokens),
        "guard": max(0, w.guard_tokens),
        "providers": [p.provider for p in w.providers],
        "inputs": [max(0, p.input_tokens) for p in w.providers],
        "outputs": [max(0, p.output_tokens) for p in w.providers],
        "v_category_scores": [None if r.category_scores is None else Jsonb(r.category_scores) for r in w.violations],
    }
    params.update({f"v_{c}": [getattr(r, c) for r in w.violations] for c in VIOLATION_COLUMNS})
    params.update({f"t_{c}": [getattr(r, c) for r in w.tool_rows] for c in TOOL_COLUMNS})
    return params


async def record_turn(conn: Conn, write: TurnWrite) -> int | None:
    """Write the turn (see the module docstring); the day's token total after it, or None when
    the session was not ACTIVE for this user and nothing was written."""
    cur = await conn.execute(RECORD_TURN_SQL, _params(write))
    row = await cur.fetchone()
    if row is None or row["session_id"] is None:
        return None
    return int(row["tokens"])
