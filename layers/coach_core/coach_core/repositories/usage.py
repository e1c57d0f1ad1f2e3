"""Daily usage per user (`ai_usage_daily`): what the token budget and `GET /me/usage` read; and
the same split by provider (`ai_usage_provider_daily`), for accounting when rounds fail over.
Usage is added as each model call reports it (`add_usage`), apart from the exchange; while Redis
is down, the budget's reservations are made here too (`reserve_tokens` / `release_tokens`)."""

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
    """One provider's share of a usage report (`ai_usage_provider_daily`); `requests` is 1 when
    it is the request's first report for this provider."""

    provider: str
    input_tokens: int
    output_tokens: int
    requests: int = 0


PROVIDER_DAY_UPSERT = """
INSERT INTO ai_usage_provider_daily (user_id, day, provider, requests, input_tokens, output_tokens)
SELECT %(user_id)s, %(day)s, p.provider, p.requests, p.input_tokens, p.output_tokens
FROM jsonb_to_recordset(%(providers)s::jsonb) AS p (provider text, requests int, input_tokens bigint,
                                                     output_tokens bigint)
ON CONFLICT (user_id, day, provider) DO UPDATE SET
    requests = ai_usage_provider_daily.requests + EXCLUDED.requests,
    input_tokens = ai_usage_provider_daily.input_tokens + EXCLUDED.input_tokens,
    output_tokens = ai_usage_provider_daily.output_tokens + EXCLUDED.output_tokens,
    updated_at = now() AT TIME ZONE 'utc'
"""
"""Each provider's share of a usage report, added to the user's per-provider day (`requests`
is 1 the first time a request reports for that provider, else 0)."""

DAY_UPSERT = """
INSERT INTO ai_usage_daily (user_id, day, requests, input_tokens, output_tokens, guard_tokens)
SELECT %(user_id)s, %(day)s, %(requests)s, %(input)s, %(output)s, %(guard)s
ON CONFLICT (user_id, day) DO UPDATE SET
    requests = ai_usage_daily.requests + EXCLUDED.requests,
    input_tokens = ai_usage_daily.input_tokens + EXCLUDED.input_tokens,
    output_tokens = ai_usage_daily.output_tokens + EXCLUDED.output_tokens,
    guard_tokens = ai_usage_daily.guard_tokens + EXCLUDED.guard_tokens,
    updated_at = now() AT TIME ZONE 'utc'
RETURNING input_tokens + output_tokens + guard_tokens AS tokens
"""
"""A usage report added to the user's day, returning the day's token total (spent)."""

ADD_USAGE_SQL = f"""
WITH per_provider AS ({PROVIDER_DAY_UPSERT})
{DAY_UPSERT}
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
    """The parameters of `ADD_USAGE_SQL` (negative counts become 0)."""
    return {
        "user_id": user_id,
        "day": day,
        "requests": requests,
        "input": max(0, input_tokens),
        "output": max(0, output_tokens),
        "guard": max(0, guard_tokens),
        "providers": Jsonb(
            [
                {
                    "provider": p.provider,
                    "requests": max(0, p.requests),
                    "input_tokens": max(0, p.input_tokens),
                    "output_tokens": max(0, p.output_tokens),
                }
                for p in providers
            ]
        ),
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
    """Add a usage report (a model call's, or the guard's) to the user's day, and each
    provider's share of it to the user's per-provider day: one statement (the per-provider
    upsert is a data-modifying CTE); returns the day's token total. `requests` is 1 on a
    request's first report, else 0."""
    cur = await conn.execute(
        ADD_USAGE_SQL,
        usage_params(
            user_id,
            day,
            requests=requests,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            guard_tokens=guard_tokens,
            providers=providers,
        ),
    )
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
    """The day's tokens as the budget counts them: spent, plus the reservations in flight."""
    cur = await conn.execute(
        "SELECT input_tokens + output_tokens + guard_tokens + reserved_tokens AS tokens FROM ai_usage_daily "
        "WHERE user_id = %s AND day = %s",
        (user_id, day),
    )
    row = await cur.fetchone()
    return int(row["tokens"]) if row else 0


RESERVE_SQL = """
INSERT INTO ai_usage_daily AS d (user_id, day, reserved_tokens) VALUES (%(user_id)s, %(day)s, %(estimate)s)
ON CONFLICT (user_id, day) DO UPDATE SET reserved_tokens = d.reserved_tokens + EXCLUDED.reserved_tokens
WHERE d.input_tokens + d.output_tokens + d.guard_tokens + d.reserved_tokens < %(budget)s
RETURNING d.reserved_tokens
"""
"""One statement: the row lock makes check-and-add atomic across every worker."""


async def reserve_tokens(conn: Conn, user_id: uuid.UUID, day: dt.date, estimate: int, budget: int) -> bool:
    """Reserve `estimate` tokens of the day's budget if the day (spent + reserved) is still
    under `budget`; False (nothing reserved) when it is not."""
    cur = await conn.execute(
        RESERVE_SQL, {"user_id": user_id, "day": day, "estimate": max(0, estimate), "budget": budget}
    )
    return await cur.fetchone() is not None


async def release_tokens(conn: Conn, user_id: uuid.UUID, day: dt.date, estimate: int) -> None:
    """Give back a reservation (its request's real usage was added by `add_usage`)."""
    await conn.execute(
        "UPDATE ai_usage_daily SET reserved_tokens = GREATEST(0, reserved_tokens - %s) WHERE user_id = %s AND day = %s",
        (max(0, estimate), user_id, day),
    )


async def usage_since(conn: Conn, user_id: uuid.UUID, since: dt.date) -> list[UsageDay]:
    """The user's days with a model-calling request from `since` on, newest first (a row made
    only by a reservation whose request then called no model is left out)."""
    cur = await conn.execute(
        "SELECT day, requests, input_tokens, output_tokens, guard_tokens FROM ai_usage_daily "
        "WHERE user_id = %s AND day >= %s AND (requests > 0 OR input_tokens + output_tokens + guard_tokens > 0) "
        "ORDER BY day DESC",
        (user_id, since),
    )
    return _DAYS.validate_python(await cur.fetchall())
