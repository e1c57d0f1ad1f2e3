"""Daily usage per user (`ai_usage_daily`): what the token budget and `GET /me/usage` read; and
the same split by provider (`ai_usage_provider_daily`), for accounting when rounds fail over."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

from psycopg.types.json import Jsonb
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


@dataclass(frozen=True, slots=True)
class ProviderTokens:
    """One provider's share of a request's tokens (`ai_usage_provider_daily`)."""

    provider: str
    input_tokens: int
    output_tokens: int


PROVIDER_DAY_UPSERT = """
INSERT INTO ai_usage_provider_daily (user_id, day, provider, requests, input_tokens, output_tokens)
SELECT %(user_id)s, %(day)s, p.provider, %(requests)s, p.input_tokens, p.output_tokens
FROM jsonb_to_recordset(%(providers)s::jsonb) AS p (provider text, input_tokens bigint, output_tokens bigint)
{condition}
ON CONFLICT (user_id, day, provider) DO UPDATE SET
    requests = ai_usage_provider_daily.requests + EXCLUDED.requests,
    input_tokens = ai_usage_provider_daily.input_tokens + EXCLUDED.input_tokens,
    output_tokens = ai_usage_provider_daily.output_tokens + EXCLUDED.output_tokens,
    updated_at = now() AT TIME ZONE 'utc'
"""
"""Each provider's share of a request, added to the user's per-provider day; `{condition}` is
empty or a WHERE clause (a turn's write adds it only if the exchange was written)."""

DAY_UPSERT = """
INSERT INTO ai_usage_daily (user_id, day, requests, input_tokens, output_tokens, guard_tokens)
SELECT %(user_id)s, %(day)s, %(requests)s, %(input)s, %(output)s, %(guard)s
{condition}
ON CONFLICT (user_id, day) DO UPDATE SET
    requests = ai_usage_daily.requests + EXCLUDED.requests,
    input_tokens = ai_usage_daily.input_tokens + EXCLUDED.input_tokens,
    output_tokens = ai_usage_daily.output_tokens + EXCLUDED.output_tokens,
    guard_tokens = ai_usage_daily.guard_tokens + EXCLUDED.guard_tokens,
    updated_at = now() AT TIME ZONE 'utc'
RETURNING input_tokens + output_tokens + guard_tokens AS tokens
"""
"""A request's usage added to the user's day, returning the day's token total."""

ADD_USAGE_SQL = f"""
WITH per_provider AS ({PROVIDER_DAY_UPSERT.format(condition="")})
{DAY_UPSERT.format(condition="")}
"""


def usage_params(
    user_id: uuid.UUID,
    day: dt.date,
    *,
    requests: int,
    input_tokens: int,
    output_tokens: int,
    guard_tokens: int,
    providers: Sequence[ProviderTokens],
) -> dict[str, object]:
    """The parameters of `PROVIDER_DAY_UPSERT` and `DAY_UPSERT` (negative counts become 0)."""
    return {
        "user_id": user_id, "day": day, "requests": requests, "input": max(0, input_tokens),
        "output": max(0, output_tokens), "guard": max(0, guard_tokens),
        "providers": Jsonb([
            {"provider": p.provider, "input_tokens": max(0, p.input_tokens), "output_tokens": max(0, p.output_tokens)}
            for p in providers
        ]),
    }


async def add_usage(
    conn: Conn,
    user_id: uuid.UUID,
    day: dt.date,
    *,
    requests: int,
    input_tokens: int,
    output_tokens: int,
    guard_tokens: int = 0,
    providers: Sequence[ProviderTokens] = (),
) -> int:
    """Add one request's usage to the user's day, and each provider's share of it to the
    user's per-provider day: one statement (the per-provider upsert is a data-modifying CTE);
    returns the day's token total."""
    cur = await conn.execute(ADD_USAGE_SQL, usage_params(
        user_id, day, requests=requests, input_tokens=input_tokens, output_tokens=output_tokens,
        guard_tokens=guard_tokens, providers=providers,
    ))
    row = await cur.fetchone()
    return int(row["tokens"]) if row else 0


class ProviderUsageDay(BaseModel):
    model_config = ConfigDict(frozen=True)

    day: dt.date
    provider: str
    requests: int
    input_tokens: int
    output_tokens: int


_PROVIDER_DAYS: TypeAdapter[list[ProviderUsageDay]] = TypeAdapter(list[ProviderUsageDay])


async def provider_usage_since(conn: Conn, user_id: uuid.UUID, since: dt.date) -> list[ProviderUsageDay]:
    """The user's per-provider days from `since` on, newest first, providers by name."""
    cur = await conn.execute(
        "SELECT day, provider, requests, input_tokens, output_tokens FROM ai_usage_provider_daily "
        "WHERE user_id = %s AND day >= %s ORDER BY day DESC, provider",
        (user_id, since),
    )
    return _PROVIDER_DAYS.validate_python(await cur.fetchall())


async def usage_by_provider(conn: Conn, user_id: uuid.UUID, day: dt.date) -> list[ProviderTokens]:
    """The user's tokens per provider on one day, by provider name."""
    cur = await conn.execute(
        "SELECT provider, input_tokens, output_tokens FROM ai_usage_provider_daily "
        "WHERE user_id = %s AND day = %s ORDER BY provider",
        (user_id, day),
    )
    rows = await cur.fetchall()
    return [ProviderTokens(r["provider"], int(r["input_tokens"]), int(r["output_tokens"])) for r in rows]


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
