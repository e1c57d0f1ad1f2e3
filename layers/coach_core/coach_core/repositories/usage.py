"""Daily usage per user (`ai_usage_daily`): what the token budget and `GET /me/usage` read."""

from __future__ import annotations

import datetime as dt
import uuid

from pydantic import BaseModel, ConfigDict, TypeAdapter

from coach_core.db.connection import Conn


class UsageDay(BaseModel):
    model_config = ConfigDict(frozen=True)

    day: dt.date
    requests: int
    input_tokens: int
    output_tokens: int
    guard_tokens: int

    @property
    def tokens(self) -> int:
        return self.input_tokens + self.output_tokens + self.guard_tokens


_DAYS: TypeAdapter[list[UsageDay]] = TypeAdapter(list[UsageDay])


async def add_usage(
    conn: Conn,
    user_id: uuid.UUID,
    day: dt.date,
    *,
    requests: int,
    input_tokens: int,
    output_tokens: int,
    guard_tokens: int = 0,
) -> int:
    """Add one request's usage to the user's day (one upsert); returns the day's token total."""
    cur = await conn.execute(
        """
        INSERT INTO ai_usage_daily (user_id, day, requests, input_tokens, output_tokens, guard_tokens)
        VALUES (%s, %s, %s, %s, %s, %s)
        ON CONFLICT (user_id, day) DO UPDATE SET
            requests = ai_usage_daily.requests + EXCLUDED.requests,
            input_tokens = ai_usage_daily.input_tokens + EXCLUDED.input_tokens,
            output_tokens = ai_usage_daily.output_tokens + EXCLUDED.output_tokens,
            guard_tokens = ai_usage_daily.guard_tokens + EXCLUDED.guard_tokens,
            updated_at = now() AT TIME ZONE 'utc'
        RETURNING input_tokens + output_tokens + guard_tokens AS tokens
        """,
        (user_id, day, requests, max(0, input_tokens), max(0, output_tokens), max(0, guard_tokens)),
    )
    row = await cur.fetchone()
    return int(row["tokens"]) if row else 0


async def tokens_on(conn: Conn, user_id: uuid.UUID, day: dt.date) -> int:
    cur = await conn.execute(
        "SELECT input_tokens + output_tokens + guard_tokens AS tokens FROM ai_usage_daily "
        "WHERE user_id = %s AND day = %s",
        (user_id, day),
    )
    row = await cur.fetchone()
    return int(row["tokens"]) if row else 0


async def usage_since(conn: Conn, user_id: uuid.UUID, since: dt.date) -> list[UsageDay]:
    """The user's days from `since` on, newest first."""
    cur = await conn.execute(
        "SELECT day, requests, input_tokens, output_tokens, guard_tokens FROM ai_usage_daily "
        "WHERE user_id = %s AND day >= %s ORDER BY day DESC",
        (user_id, since),
    )
    return _DAYS.validate_python(await cur.fetchall())
