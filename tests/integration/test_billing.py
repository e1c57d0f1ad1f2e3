"""Every token is billed (issue 22), over HTTP on real PostgreSQL and Redis with the real OpenAI
SDK against the fake: usage is written as soon as a provider reports it (or estimated when a
call is cut), whatever happens to the exchange afterwards, and never twice; the daily budget
is reserved atomically before the provider call, so concurrent requests overshoot it by at
most one request."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from httpx_sse import aconnect_sse

from coach_core.db.connection import Database
from coach_core.errors import RateLimitedError
from coach_core.providers.factory import create_provider
from coach_core.service import make_provider
from coach_core.settings import Settings
from tests.api_support import (
    CHAT,
    PLAN,
    STREAM,
    RecordingProvider,
    auth_headers,
    build_app,
    client_for,
    fetch_all,
    live_server,
    make_settings,
    seed_user,
    written_rows,
)
from tests.fakes import Call, Fail, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

NOTHING = {"sessions": 0, "tool_calls": 0, "violations": 0}


@asynccontextmanager
async def coach(db: Database, settings: Settings, fake: FakeOpenAIServer) -> AsyncIterator[httpx.AsyncClient]:
    provider = make_provider(fake.settings(llm_max_retries=0))
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            yield client
    finally:
        await provider.aclose()


async def usage_of(db: Database, user: uuid.UUID) -> dict[str, int] | None:
    rows = await fetch_all(
        db, "SELECT requests, input_tokens, output_tokens, guard_tokens FROM ai_usage_daily WHERE user_id = %s", (user,)
    )
    return {k: int(v) for k, v in rows[0].items()} if rows else None


async def eventually_usage(db: Database, user: uuid.UUID, seconds: float = 5.0) -> dict[str, int] | None:
    """The user's usage row once it appears (written by a task that outlives the request)."""
    for _ in range(int(seconds / 0.05)):
        found = await usage_of(db, user)
        if found is not None and found["input_tokens"] + found["output_tokens"] > 0:
            return found
        await asyncio.sleep(0.05)
    return await usage_of(db, user)


def prompt_chars(request: dict[str, Any]) -> int:
    """What the provider was sent, in characters: every message's text (the system prompt too)."""
    return sum(len(m.get("content") or "") for m in request["messages"])


async def test_given_a_client_that_closes_the_stream_after_the_first_tokens_then_the_cut_call_is_billed(
    db: Database, settings: Settings, fake: FakeOpenAIServer, database_url: str
) -> None:
    """GIVEN a slow streamed answer WHEN the client closes the stream after its first token THEN
    the provider call is cut, no exchange is stored (all or nothing), and the call is billed
    with an estimate: the prompt as sent (about 4 characters a token) and the text received."""
    user = await seed_user(db)
    fake.script([Reply(" ".join(f"Sentence {i}." for i in range(40)), chunk_delay=0.1, usage=(9_999, 9_999))])
    provider = RecordingProvider(create_provider(fake.settings(llm_max_retries=0)))
    server = live_server(settings, database_url, provider)
    with server:
        async with (
            httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
            aconnect_sse(
                client, "POST", STREAM, json={"message": "talk to me"}, headers=auth_headers(user, settings)
            ) as source,
        ):
            async for sse in source.aiter_sse():
                if json.loads(sse.data)["type"] == "token":
                    break  # leave after the first token: the connection closes
        assert await asyncio.to_thread(provider.stream_ended.wait, 5)
        used = await eventually_usage(db, user)
    assert provider.streams_closed_early == 1
    assert used is not None, "the cut stream was never billed"
    assert used["requests"] == 1
    assert prompt_chars(fake.requests[0].body) // 4 <= used["input_tokens"] < 9_999  # an estimate, not the finish
    assert 1 <= used["output_tokens"] < 9_999
    assert await written_rows(db, user) == NOTHING


async def test_given_a_turn_that_times_out_after_a_tool_round_then_the_round_and_the_cut_call_are_billed(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN a 1.5 s deadline, a tool round the provider reports as (100, 20) tokens and a second
    call still running at the deadline WHEN /chat is called THEN 504 and nothing of the exchange
    is stored, yet the day's usage holds the round's reported tokens plus the cut call's prompt."""
    settings = make_settings(database_url, redis_url, redis_prefix, coach_request_deadline_seconds=1.5)
    user = await seed_user(db)
    fake.script(
        [
            Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(100, 20)),
            Reply("Too late.", delay=4.0, usage=(5_000, 500)),
        ]
    )
    async with coach(db, settings, fake) as client:
        response = await client.post(CHAT, json={"message": "How is my weight?"}, headers=auth_headers(user, settings))
    assert response.status_code == 504
    used = await eventually_usage(db, user)
    assert used is not None, "the timed-out turn was never billed"
    assert used["requests"] == 1 and used["output_tokens"] == 20
    assert 100 + prompt_chars(fake.requests[1].body) // 4 <= used["input_tokens"] < 5_000
    assert (await written_rows(db, user))["sessions"] == 0


async def test_given_a_provider_error_after_a_completed_round_then_the_round_is_billed_exactly_once(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a tool round reported as (100, 20) tokens and then a 500 from the provider WHEN
    /chat is called THEN 502, no exchange, and the day's usage is exactly the completed round
    (an error response is not billed; nothing is counted twice)."""
    user = await seed_user(db)
    fake.script([Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(100, 20)), Fail(500)])
    async with coach(db, settings, fake) as client:
        response = await client.post(CHAT, json={"message": "How is my weight?"}, headers=auth_headers(user, settings))
    assert response.status_code == 502
    assert await eventually_usage(db, user) == {
        "requests": 1,
        "input_tokens": 100,
        "output_tokens": 20,
        "guard_tokens": 0,
    }
    providers = await fetch_all(
        db,
        "SELECT provider, requests, input_tokens, output_tokens FROM ai_usage_provider_daily WHERE user_id = %s",
        (user,),
    )
    assert providers == [{"provider": "openai", "requests": 1, "input_tokens": 100, "output_tokens": 20}]


async def test_given_a_plan_that_fails_after_its_model_calls_then_both_calls_are_billed(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a model that answers /plan with invalid JSON twice (the reply and its repair) WHEN
    /plan is called THEN 502, and both calls' reported tokens are in the day's usage."""
    user = await seed_user(db)
    fake.script([Reply("Not a plan.", usage=(200, 50)), Reply("Still not a plan.", usage=(210, 40))])
    async with coach(db, settings, fake) as client:
        response = await client.post(PLAN, json={}, headers=auth_headers(user, settings))
    assert response.status_code == 502
    assert await eventually_usage(db, user) == {
        "requests": 1,
        "input_tokens": 410,
        "output_tokens": 90,
        "guard_tokens": 0,
    }


async def test_given_a_completed_chat_then_its_usage_is_counted_once(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a chat with a tool round WHEN it completes THEN the day's usage is the sum of the two
    rounds' reported tokens, once, and the session holds the same total."""
    user = await seed_user(db)
    fake.script(
        [
            Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(100, 20)),
            Reply("Down 0.4 kg a week.", usage=(150, 30)),
        ]
    )
    async with coach(db, settings, fake) as client:
        body = (await client.post(CHAT, json={"message": "Weight?"}, headers=auth_headers(user, settings))).json()
    assert body["tokens_used"] == 300
    assert await usage_of(db, user) == {"requests": 1, "input_tokens": 250, "output_tokens": 50, "guard_tokens": 0}
    [session] = await fetch_all(db, "SELECT tokens_used FROM ai_session WHERE user_id = %s", (user,))
    assert session["tokens_used"] == 300


@pytest.mark.parametrize("redis_down", [False, True], ids=["redis", "postgres-fallback"])
async def test_given_concurrent_chats_against_a_small_budget_then_the_overshoot_is_at_most_one_request(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer, redis_down: bool
) -> None:
    """GIVEN a 1,500-token daily budget, no rate limit, and a model that takes 0.3 s and 500
    tokens a request WHEN 30 chats arrive at once, twice THEN the requests admitted spend at most
    the budget plus one request's worth (the rest are refused with the budget's 429), whether
    the reservation is made in Redis or, with Redis down, in PostgreSQL."""
    budget, per_request = 1_500, 500
    settings = make_settings(
        database_url,
        "redis://127.0.0.1:1/0" if redis_down else redis_url,
        redis_prefix,
        coach_daily_token_budget=budget,
        coach_rate_limit_per_minute=0,
        redis_timeout_seconds=0.2,
    )
    user = await seed_user(db)
    fake.script([Reply("Fine.", usage=(400, 100), delay=0.3)] * 60)
    async with coach(db, settings, fake) as client:
        codes: list[int] = []
        for _ in range(2):
            responses = await asyncio.gather(
                *(
                    client.post(CHAT, json={"message": f"Question {i}?"}, headers=auth_headers(user, settings))
                    for i in range(30)
                )
            )
            codes += [r.status_code for r in responses]
            refused = [r for r in responses if r.status_code == 429]
            assert all(r.json() == {"detail": RateLimitedError.budget_message} for r in refused)
    used = await usage_of(db, user)
    assert used is not None
    total = used["input_tokens"] + used["output_tokens"]
    assert set(codes) <= {200, 429} and codes.count(200) >= 1
    assert total == per_request * codes.count(200) == per_request * len(fake.requests)
    assert total <= budget + per_request, f"{codes.count(200)} admitted spent {total} on a {budget} budget"
