"""`ai_session` rows: look-up, listing and expiry (a turn's write is `repositories.turns`)."""

from __future__ import annotations

import datetime as dt
import uuid

from coach_core.db.connection import Conn
from coach_core.models import AISession

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


class SessionWriteConflict(RuntimeError):
    """The session to append to is no longer ACTIVE for this user."""


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


async def purge_expired_history(conn: Conn, cutoff: dt.datetime, batch_size: int) -> int:
    """Empty the stored conversation of up to `batch_size` sessions EXPIRED before `cutoff`;
    returns how many. The row (status, times, counts) stays. Idempotent (an emptied history is
    not selected again, and the partial index holds only the ones still to do); SKIP LOCKED
    lets two purges run side by side."""
    cur = await conn.execute(
        """
        UPDATE ai_session SET history = '[]'::jsonb
        WHERE id IN (
            SELECT id FROM ai_session
            WHERE status = 'EXPIRED' AND history <> '[]'::jsonb AND expired_at < %s
            ORDER BY expired_at
            LIMIT %s
            FOR UPDATE SKIP LOCKED
        )
        """,
        (cutoff, batch_size),
    )
    return cur.rowcount


async def list_sessions(conn: Conn, user_id: uuid.UUID) -> list[AISession]:
    """All of a user's sessions, newest activity first."""
    cur = await conn.execute(
        f"SELECT {SESSION_COLUMNS} FROM ai_session WHERE user_id = %s ORDER BY last_activity_at DESC",  # noqa: S608
        (user_id,),
    )
    return [AISession.model_validate(row) for row in await cur.fetchall()]
