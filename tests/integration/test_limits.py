"""Abuse and cost controls over HTTP, on real Redis and PostgreSQL, with the real OpenAI SDK
against the fake: the per-tier rate limit (429 + Retry-After before any provider call, on
/chat, /chat/stream and /plan), the daily token budget (429 until the next UTC day; /insights,
which spends no tokens, still answers), the per-process fallback when Redis is down (still
limited, and a metric says so), and `GET /me/usage`."""

from __future__ import annotations

import asyncio
import datetime as dt
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.errors import RateLimitedError
from coach_core.models import utcnow
from coach_core.service import limits as service_limits
from coach_core.service import make_provider
from coach_core.settings import Settings
from tests.api_support import (
    CHAT,
    INSIGHTS,
    PLAN,
    STREAM,
    USAGE,
    auth_headers,
    build_app,
    client_for,
    make_settings,
    parse_sse_records,
    seed_user,
    written_rows,
)
from tests.fakes import FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

CLOSED_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@asynccontextmanager
async def coach(db: Database, settings: Settings, fake: FakeOpenAIServer) -> AsyncIterator[httpx.AsyncClient]:
    provider = make_provider(fake.settings(llm_max_retries=0))
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            yield client
    finally:
        await provider.aclose()


def limited(database_url: str, redis_url: str, redis_prefix: str, **overrides: Any) -> Settings:
    return make_settings(database_url, redis_url, redis_prefix, **overrides)


async def set_tier(db: Database, user: uuid.UUID, tier: str) -> None:
    async with db.connection() as conn, conn.transaction():
        await conn.execute("UPDATE users SET tier = %s WHERE id = %s", (tier, user))


async def test_given_a_free_user_over_the_rate_limit_when_chatting_then_429_and_no_provider_call(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN the free tier (6 requests a minute) WHEN a 7th chat arrives within the minute THEN
    429 with a Retry-After of a few seconds, the provider is not called and nothing is stored;
    the stream's refusal is one SSE `error` event with the same status and header."""
    settings = limited(database_url, redis_url, redis_prefix)
    user = await seed_user(db)
    await set_tier(db, user, "free")
    fake.script([Reply(f"Answer {i}.", usage=(10, 2)) for i in range(6)])
    async with coach(db, settings, fake) as client:
        for i in range(6):
            ok = await client.post(CHAT, json={"message": f"Question {i}?"}, headers=auth_headers(user, settings))
            assert ok.status_code == 200, ok.text
        before = await written_rows(db, user)
        refused = await client.post(CHAT, json={"message": "One more?"}, headers=auth_headers(user, settings))
        stream = await client.post(STREAM, json={"message": "And a stream?"}, headers=auth_headers(user, settings))
        plan = await client.post(PLAN, json={}, headers=auth_headers(user, settings))

    assert refused.status_code == 429 and refused.json() == {"detail": RateLimitedError.public_message}
    assert 1 <= int(refused.headers["retry-after"]) <= 10  # one request refills in 10 s at 6/min
    assert stream.status_code == 429 and 1 <= int(stream.headers["retry-after"]) <= 10
    events, _ = parse_sse_records(stream.text)
    assert [(e["type"], e["data"]["message"]) for e in events] == [("error", RateLimitedError.public_message)]
    assert plan.status_code == 429
    assert len(fake.requests) == 6  # the refused requests reached no model
    assert await written_rows(db, user) == before


async def test_given_the_rate_limit_when_another_user_chats_then_each_user_has_their_own_bucket(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN COACH_RATE_LIMIT_PER_MINUTE=2 (standard tier) WHEN one user spends both requests
    THEN their third is refused while another user is still admitted."""
    settings = limited(database_url, redis_url, redis_prefix, coach_rate_limit_per_minute=2)
    first, second = await seed_user(db), await seed_user(db)
    fake.script([Reply("Fine.")] * 3)
    async with coach(db, settings, fake) as client:
        codes = [
            (await client.post(CHAT, json={"message": "Hi?"}, headers=auth_headers(user, settings))).status_code
            for user in (first, first, first, second)
        ]
    assert codes == [200, 200, 429, 200]


async def test_given_the_days_budget_used_when_chatting_then_429_until_the_next_utc_day(
    db: Database,
    database_url: str,
    redis_url: str,
    redis_prefix: str,
    fake: FakeOpenAIServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GIVEN a daily budget of 100 tokens WHEN a chat spends 120 THEN the next chat is refused
    with a Retry-After that ends at the next UTC midnight, without a provider call; /insights
    (no model tokens) still answers; GIVEN the next UTC day THEN the user is admitted again."""
    settings = limited(database_url, redis_url, redis_prefix, coach_daily_token_budget=100)
    user = await seed_user(db)
    fake.script([Reply("You're on track.", usage=(100, 20)), Reply("A new day.", usage=(10, 2))])
    async with coach(db, settings, fake) as client:
        first = await client.post(CHAT, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))
        assert first.status_code == 200 and first.json()["tokens_used"] == 120
        now = utcnow()
        refused = await client.post(CHAT, json={"message": "And now?"}, headers=auth_headers(user, settings))
        insights = await client.get(INSIGHTS, headers=auth_headers(user, settings))
        usage = (await client.get(USAGE, headers=auth_headers(user, settings))).json()

        midnight = dt.datetime.combine(now.date() + dt.timedelta(days=1), dt.time())
        assert refused.status_code == 429 and refused.json() == {"detail": RateLimitedError.budget_message}
        assert abs(int(refused.headers["retry-after"]) - (midnight - now).total_seconds()) <= 5
        assert insights.status_code == 200
        assert len(fake.requests) == 1
        assert (usage["daily_token_budget"], usage["tokens_used_today"], usage["tokens_left_today"]) == (100, 120, 0)

        tomorrow = now + dt.timedelta(days=1)
        monkeypatch.setattr(service_limits, "utcnow", lambda: tomorrow)
        again = await client.post(CHAT, json={"message": "New day?"}, headers=auth_headers(user, settings))
    assert again.status_code == 200 and len(fake.requests) == 2


async def test_given_redis_down_when_over_the_rate_limit_then_the_process_still_limits_and_says_so(
    db: Database, database_url: str, redis_prefix: str, fake: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIVEN Redis unreachable and a limit of 2 a minute WHEN 3 chats arrive THEN the first two
    answer (Redis down never blocks traffic), the third is refused by the per-process bucket,
    and every decision made without Redis emits `RateLimitFallback`."""
    emitted: list[str] = []
    monkeypatch.setattr(service_limits, "emit", lambda name, value, *a: emitted.append(name))
    settings = limited(
        database_url, CLOSED_REDIS, redis_prefix, coach_rate_limit_per_minute=2, redis_timeout_seconds=0.2
    )
    user = await seed_user(db)
    fake.script([Reply("Fine.")] * 2)
    async with coach(db, settings, fake) as client:
        codes = [
            (await client.post(CHAT, json={"message": "Hi?"}, headers=auth_headers(user, settings))).status_code
            for _ in range(3)
        ]
    assert codes == [200, 200, 429]
    assert emitted.count("RateLimitFallback") == 3 and emitted.count("RateLimited") == 1
    assert len(fake.requests) == 2


async def test_given_a_premium_user_when_reading_usage_then_their_tier_limits_and_todays_tokens(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a premium user who chatted once WHEN GET /me/usage THEN the tier's limits (60 a
    minute, 1.5 M tokens a day), today's tokens and what is left, and today's row with the
    provider's share; a user who never chatted has no days and the whole budget."""
    user, idle = await seed_user(db), await seed_user(db)
    await set_tier(db, user, "premium")
    fake.script([Reply("Steady progress.", usage=(300, 45))])
    async with coach(db, settings, fake) as client:
        assert (await client.post(CHAT, json={"message": "Hi?"}, headers=auth_headers(user, settings))).is_success
        mine = (await client.get(USAGE, headers=auth_headers(user, settings))).json()
        theirs = (await client.get(USAGE, headers=auth_headers(idle, settings))).json()

    assert (mine["tier"], mine["requests_per_minute"], mine["daily_token_budget"]) == ("premium", 60, 1_500_000)
    assert (mine["tokens_used_today"], mine["tokens_left_today"]) == (345, 1_500_000 - 345)
    (today,) = mine["days"]
    assert today["day"] == utcnow().date().isoformat()
    assert (today["requests"], today["input_tokens"], today["output_tokens"], today["guard_tokens"]) == (1, 300, 45, 0)
    assert today["providers"] == [{"provider": "openai", "requests": 1, "input_tokens": 300, "output_tokens": 45}]
    assert (theirs["tier"], theirs["days"], theirs["tokens_left_today"]) == ("standard", [], 300_000)


# --- limits before anything that costs; counters that outlive an erasure (issue 22) ---------------


def guarded_coach(db: Database, settings: Settings, fake: FakeOpenAIServer, moderation: Any) -> Any:
    from coach_core.guard import GuardRunner, ModerationGuard
    from coach_core.providers.openai import OpenAIModerator

    @asynccontextmanager
    async def running() -> AsyncIterator[httpx.AsyncClient]:
        provider = make_provider(fake.settings(llm_max_retries=0))
        moderator = OpenAIModerator(api_key="test-key-not-secret", base_url=moderation.base_url, timeout=5)
        guard = GuardRunner(ModerationGuard(moderator), timeout_seconds=1.5)
        try:
            async with client_for(build_app(db, settings, provider, guard=guard)) as client:
                yield client
        finally:
            await provider.aclose()
            await guard.aclose()

    return running()


@pytest.fixture(scope="module")
def moderation() -> Any:
    from tests.fakes.moderation_fake import FakeModerationServer

    with FakeModerationServer() as server:
        yield server


async def test_given_a_model_guard_when_a_request_is_over_a_limit_then_the_guard_is_never_called(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer, moderation: Any
) -> None:
    """GIVEN SAFETY_GUARD=moderation (a fake counting its calls), 2 requests a minute and a daily
    budget of 100 tokens WHEN a user is refused by the rate limit, and another by the budget THEN
    neither refused message is sent to the guard: limits first, then anything that costs."""
    from tests.fakes.moderation_fake import SAFE

    settings = limited(
        database_url, redis_url, redis_prefix, coach_rate_limit_per_minute=2, coach_daily_token_budget=100
    )
    fast, spender = await seed_user(db), await seed_user(db)
    moderation.script([SAFE] * 20)
    fake.script([Reply("Fine.", usage=(10, 2)), Reply("Fine.", usage=(10, 2)), Reply("Big.", usage=(100, 20))])
    async with guarded_coach(db, settings, fake, moderation) as client:
        codes = [
            (await client.post(CHAT, json={"message": f"Hi {i}?"}, headers=auth_headers(fast, settings))).status_code
            for i in range(3)
        ]
        spent = await client.post(CHAT, json={"message": "Spend"}, headers=auth_headers(spender, settings))
        over = await client.post(CHAT, json={"message": "More?"}, headers=auth_headers(spender, settings))
        await asyncio.sleep(0.3)  # a guard call started for a refused request would have arrived by now
    assert codes == [200, 200, 429]
    assert spent.status_code == 200 and over.status_code == 429
    assert over.json() == {"detail": RateLimitedError.budget_message}
    assert len(moderation.requests) == 3 * 2  # input and output of each answered chat, nothing else


async def test_given_an_erased_user_when_they_come_back_the_same_day_then_the_budget_and_rate_still_hold(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN a user who spent the day's budget (100 tokens) and another who used the minute's 2
    requests WHEN each erases their data (DELETE /me) and chats again under the same identity
    THEN both are still refused (429), and /me/usage shows nothing left today though the
    erased history is gone: an erasure is not a free budget. The counters are kept
    under a keyed hash of the identity: no Redis key holds the user id."""
    import redis.asyncio as aioredis

    settings = limited(
        database_url, redis_url, redis_prefix, coach_daily_token_budget=100, coach_rate_limit_per_minute=2
    )
    spender, hurried = await seed_user(db), await seed_user(db)
    fake.script([Reply("Big.", usage=(100, 20)), Reply("One."), Reply("Two.")])
    async with coach(db, settings, fake) as client:
        assert (await client.post(CHAT, json={"message": "Spend"}, headers=auth_headers(spender, settings))).is_success
        for _ in range(2):
            assert (await client.post(CHAT, json={"message": "Hi"}, headers=auth_headers(hurried, settings))).is_success
        for user in (spender, hurried):
            assert (await client.delete("/api/v1/coach/me", headers=auth_headers(user, settings))).status_code == 204
        budget = await client.post(CHAT, json={"message": "Again?"}, headers=auth_headers(spender, settings))
        rate = await client.post(CHAT, json={"message": "Again?"}, headers=auth_headers(hurried, settings))
        left = (await client.get(USAGE, headers=auth_headers(spender, settings))).json()
    assert budget.status_code == 429 and budget.json() == {"detail": RateLimitedError.budget_message}
    assert (left["days"], left["tokens_left_today"]) == ([], 0)  # the history is gone, the budget is not
    assert rate.status_code == 429 and rate.json() == {"detail": RateLimitedError.public_message}
    assert len(fake.requests) == 3
    client_ = aioredis.from_url(redis_url)
    try:
        keys = [k.decode() async for k in client_.scan_iter(match=f"{redis_prefix}*")]
    finally:
        await client_.aclose()
    assert any(k.startswith(f"{redis_prefix}tok:") for k in keys) and any(
        k.startswith(f"{redis_prefix}rl:") for k in keys
    )
    assert not [k for k in keys if str(spender) in k or str(hurried) in k or spender.hex in k or hurried.hex in k]
