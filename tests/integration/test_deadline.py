"""One deadline per request: a provider that is slow on every attempt (each within the SDK's
own timeout, retried by the SDK) cannot keep a request past it. The buffered routes answer
504 inside API Gateway's 29 s, the stream ends in one `error` event, and nothing is stored."""

from __future__ import annotations

import time
import uuid

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.errors import DeadlineExceededError
from coach_core.service import make_provider
from coach_core.settings import Settings, load_settings
from tests.api_support import (
    auth_headers,
    build_app,
    client_for,
    make_settings,
    parse_sse_records,
    seed_user,
    written_rows,
)
from tests.fakes import Call, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

NOTHING = {"sessions": 0, "tool_calls": 0, "violations": 0}


def test_given_default_settings_then_buffered_routes_answer_within_the_gateway_limit() -> None:
    settings = load_settings()
    assert settings.coach_request_deadline_seconds == 26.0  # API Gateway cuts buffered responses at 29 s
    assert settings.coach_stream_deadline_seconds == 120.0


async def test_given_a_provider_slow_on_every_attempt_when_chatting_then_504_within_27_s_and_nothing_stored(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN the default 26 s deadline and a provider that answers each attempt after 9 s of a
    10 s SDK timeout, then a tool round and more slowness (the SDK would retry and the loop go
    on for a minute) WHEN /chat is called THEN 504 with the generic message in <= 27 s."""
    user = await seed_user(db)
    fake.script([Reply(calls=(Call("get_weight_trend", {}),), delay=9.0)] * 4 + [Reply("late", delay=9.0)] * 4)
    provider = make_provider(fake.settings(llm_timeout_seconds=10.0, llm_max_retries=2))
    started = time.monotonic()
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            response = await client.post(
                "/api/v1/coach/chat",
                json={"message": "How is my weight?"},
                headers=auth_headers(user, settings),
                timeout=60,
            )
    finally:
        await provider.aclose()
    elapsed = time.monotonic() - started
    assert response.status_code == 504 and elapsed <= 27.0, elapsed
    assert response.json() == {"detail": DeadlineExceededError.public_message}
    assert await written_rows(db, user) == NOTHING


async def test_given_a_slow_provider_when_streaming_past_the_deadline_then_one_error_event_and_nothing_stored(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN a 2 s stream deadline and a model whose tokens trickle for longer WHEN /chat/stream
    runs THEN the tokens sent so far are followed by exactly one `error` event at the deadline,
    and neither the exchange nor its tool calls are stored."""
    settings = make_settings(database_url, redis_url, redis_prefix, coach_stream_deadline_seconds=2.0)
    user = await seed_user(db)
    fake.script(
        [
            Reply(calls=(Call("get_weight_trend", {}),)),
            Reply("One. Two. Three. Four. Five. Six. Seven.", chunk_delay=0.5),
        ]
    )
    provider = make_provider(fake.settings(llm_max_retries=0))
    started = time.monotonic()
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            response = await client.post(
                "/api/v1/coach/chat/stream",
                json={"message": "How is my weight?"},
                headers=auth_headers(user, settings),
                timeout=30,
            )
    finally:
        await provider.aclose()
    elapsed = time.monotonic() - started
    events, _ = parse_sse_records(response.text)
    assert 2.0 <= elapsed <= 4.0, elapsed
    assert [e["type"] for e in events if e["type"] in ("done", "error")] == ["error"]
    assert events[-1]["type"] == "error" and any(e["type"] == "token" for e in events)
    assert await written_rows(db, user) == NOTHING


async def test_given_a_request_well_inside_the_deadline_when_chatting_then_it_answers_normally(
    offline_client: httpx.AsyncClient, settings: Settings
) -> None:
    """GIVEN a normal request WHEN it completes well inside the deadline THEN nothing changes."""
    response = await offline_client.post(
        "/api/v1/coach/chat", json={"message": "hi"}, headers=auth_headers(uuid.uuid4(), settings)
    )
    assert response.status_code == 200
