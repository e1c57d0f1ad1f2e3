"""Concurrent streams per user (issue 22), over HTTP on real Redis and PostgreSQL: one user may
hold at most `COACH_MAX_STREAMS_PER_USER` streams at once (default 2); the next gets a 429 with
Retry-After and the cap's sentence. The cap holds across workers (a Redis sorted set of leases),
a crashed worker's slot expires with its lease, and with Redis down each process caps alone."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.errors import RateLimitedError
from coach_core.service import make_provider
from coach_core.service.limits import Limits
from coach_core.settings import Settings
from tests.api_support import (
    STREAM,
    auth_headers,
    build_app,
    client_for,
    make_settings,
    parse_sse_records,
    seed_user,
)
from tests.fakes import FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

CLOSED_REDIS = "redis://127.0.0.1:1/0"
SLOW = Reply("One. Two. Three. Four.", chunk_delay=0.15)  # about a second per stream


@asynccontextmanager
async def workers(
    db: Database, settings: Settings, fake: FakeOpenAIServer, count: int
) -> AsyncIterator[list[httpx.AsyncClient]]:
    """`count` apps with their own service (own limiter, own Redis client): separate workers."""
    async with AsyncExitStack() as stack:
        clients = []
        for _ in range(count):
            provider = make_provider(fake.settings(llm_max_retries=0))
            stack.push_async_callback(provider.aclose)
            clients.append(await stack.enter_async_context(client_for(build_app(db, settings, provider))))
        yield clients


async def stream(client: httpx.AsyncClient, user: uuid.UUID, settings: Settings, delay: float = 0.0) -> httpx.Response:
    await asyncio.sleep(delay)
    return await client.post(STREAM, json={"message": "Count to four"}, headers=auth_headers(user, settings))


def assert_refused(response: httpx.Response) -> None:
    assert response.status_code == 429
    assert 1 <= int(response.headers["retry-after"]) <= 10
    events, _ = parse_sse_records(response.text)
    assert [(e["type"], e["data"]["message"]) for e in events] == [("error", RateLimitedError.streams_message)]


def settings_for(database_url: str, redis_url: str, redis_prefix: str, **overrides: Any) -> Settings:
    return make_settings(
        database_url, redis_url, redis_prefix, coach_rate_limit_per_minute=0, redis_timeout_seconds=0.2, **overrides
    )


async def test_given_two_streams_open_on_two_workers_when_a_third_starts_then_429_and_then_a_slot_frees(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN the default cap (2) and one user streaming once on each of two workers WHEN the user
    opens a third stream on either worker THEN 429 with Retry-After and the cap's sentence as
    one SSE `error` event, and no provider call for it; another user is not affected; once the
    streams end, the user streams again."""
    settings = settings_for(database_url, redis_url, redis_prefix)
    assert settings.coach_max_streams_per_user == 2
    user, other = await seed_user(db), await seed_user(db)
    fake.script([SLOW] * 3 + [Reply("Again.")])
    async with workers(db, settings, fake, 2) as (first, second):
        a, b, c, d = await asyncio.gather(
            stream(first, user, settings),
            stream(second, user, settings),
            stream(second, user, settings, delay=0.4),
            stream(first, other, settings, delay=0.4),
        )
        again = await stream(first, user, settings)
    assert (a.status_code, b.status_code, d.status_code, again.status_code) == (200, 200, 200, 200)
    assert_refused(c)
    assert len(fake.requests) == 4


async def test_given_a_crashed_worker_holding_the_slots_then_they_expire_with_their_lease(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN a worker that took both of a user's slots and died without releasing them (short
    leases) WHEN the user streams at once THEN 429; once the leases run out THEN it is admitted."""
    settings = settings_for(database_url, redis_url, redis_prefix)
    user = await seed_user(db)
    crashed = Limits(db, settings)
    for _ in range(2):
        assert await crashed.acquire_stream(crashed.subject(user), cap=2, lease_seconds=1.0) is not None
    await crashed.aclose()  # never released
    fake.script([Reply("Back again.")])
    async with workers(db, settings, fake, 1) as (client,):
        refused = await stream(client, user, settings)
        await asyncio.sleep(1.2)
        admitted = await stream(client, user, settings)
    assert_refused(refused)
    assert admitted.status_code == 200 and len(fake.requests) == 1


async def test_given_redis_down_when_a_user_opens_three_streams_then_the_process_caps_them(
    db: Database, database_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN Redis unreachable WHEN one user opens three streams on one worker THEN the third is
    refused by the per-process cap; Redis down never lifts it."""
    settings = settings_for(database_url, CLOSED_REDIS, redis_prefix)
    user = await seed_user(db)
    fake.script([SLOW] * 2)
    async with workers(db, settings, fake, 1) as (client,):
        a, b, c = await asyncio.gather(
            stream(client, user, settings), stream(client, user, settings), stream(client, user, settings, delay=0.4)
        )
    assert (a.status_code, b.status_code) == (200, 200)
    assert_refused(c)


async def test_given_a_cap_of_one_when_streams_follow_each_other_then_each_is_admitted(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN COACH_MAX_STREAMS_PER_USER=1 WHEN a user streams three times one after the other (each
    ends before the next) THEN every stream is admitted: slots are released when a stream ends."""
    settings = settings_for(database_url, redis_url, redis_prefix, coach_max_streams_per_user=1)
    user = await seed_user(db)
    fake.script([Reply("One.")] * 3)
    async with workers(db, settings, fake, 1) as (client,):
        codes = [(await stream(client, user, settings)).status_code for _ in range(3)]
    assert codes == [200, 200, 200]
