"""`ai_session` rows: look-up, the one-statement exchange write, and expiry."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence

from psycopg.types.json import Jsonb

from coach_core.db.connection import Conn
from coach_core.models import AISession, ChatTurn

SESSION_COLUMNS = """id, user_id, status, model_tier, history, message_count, tokens_used,
    created_at, last_activity_at"""


async def get_session(conn: Conn, session_id: uuid.UUID, user_id: uuid.UUID) -> AISession | None:
    """The session only if it belongs to `user_id`: another user's id looks like no id."""
    cur = await conn.execute(
        f"SELECT {SESSION_COLUMNS} FROM ai_session WHERE id = %s AND user_id = %s",  # noqa: S608 - constant
        (session_id, user_id),
    )
    row = await cur.fetchone()
    return AISession.model_validate(row) if row else None


async def expire_session(conn: Conn, session_id: uuid.UUID, now: dt.datetime) -> None:
    await conn.execute(
        "UPDATE ai_session SET status = 'EXPIRED', expired_at = %s WHERE id = %s AND status = 'ACTIVE'",
        (now, session_id),
    )


class SessionWriteConflict(RuntimeError):
    """The session to append to is no longer ACTIVE for this user."""


async def record_exchange(
    conn: Conn,
    *,
    session_id: uuid.UUID,
    user_id: uuid.UUID,
    model_tier: str,
    turns: Sequence[ChatTurn],
    tokens_used: int,
    max_history: int,
    now: dt.datetime,
) -> None:
    """Create the session or append to it, trimming stored history to the last
    `max_history` messages, in one atomic statement."""
    cur = await conn.execute(
        """
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
        """,
        {
            "id": session_id,
            "user_id": user_id,
            "tier": model_tier,
            "turns": Jsonb([t.model_dump() for t in turns][-max_history:]),
            "count": len(turns),
            "tokens": tokens_used,
            "now": now,
            "max": max_history,
        },
    )
    if await cur.fetchone() is None:
        raise SessionWriteConflict(str(session_id))


async def expire_idle_sessions(conn: Conn, cutoff: dt.datetime, now: dt.datetime, batch_size: int) -> int:
    """Mark up to `batch_size` ACTIVE sessions idle since before `cutoff` EXPIRED; returns
    how many. Idempotent; SKIP LOCKED lets two sweepers run side by side."""
    cur = await conn.execute(
        """
        UPDATE ai_session SET status = 'EXPIRED', expired_at = %s
        WHERE id IN (
            SELECT id FROM ai_session
            WHERE status = 'ACTIVE' AND last_activity_at < %s
            ORDER BY last_activity_at
            LIMIT %s
            FOR UPDATE SKIP LOCKED
        )
        """,
        (now, cutoff, batch_size),
    )
    return cur.rowcount


async def list_sessions(conn: Conn, user_id: uuid.UUID) -> list[AISession]:
    """All of a user's sessions, newest activity first."""
    cur = await conn.execute(
        f"SELECT {SESSION_COLUMNS} FROM ai_session WHERE user_id = %s ORDER BY last_activity_at DESC",  # noqa: S608
        (user_id,),
    )
    return [AISession.model_validate(row) for row in await cur.fetchall()]
