"""The `/chat/stream` SSE contract the mobile client depends on (docs/API.md), checked on the
wire: headers, record framing (`data: <json>\\n\\n`, comments only as keep-alives), event
types and exact payload keys, order, exactly one terminal event, tokens forwarded as the
provider sends them, keep-alives during silence, generic errors with nothing persisted, and
a client disconnect that cancels the provider stream.

Buffered checks use httpx's ASGITransport; timing and disconnects use a live uvicorn server
(ASGITransport would buffer the whole response)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from typing import Any

import httpx
import pytest
from httpx_sse import aconnect_sse

from coach_core.api.sse import STREAM_ERROR_MESSAGE
from coach_core.db.connection import Database
from coach_core.prompts.disclaimer_templates import CALORIE_BLOCK_MESSAGE, SUPPORT_RESOURCES_MESSAGE, get_disclaimer
from coach_core.providers.factory import create_provider
from coach_core.schemas import STREAM_EVENT_ADAPTER
from coach_core.settings import Settings
from tests.api_support import (
    STREAM,
    RecordingProvider,
    auth_headers,
    build_app,
    client_for,
    fetch_all,
    live_server,
    make_settings,
    parse_sse_records,
    post_stream,
    seed_user,
    token_text,
    written_rows,
)
from tests.fakes import Call, Fail, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

TYPES = {"token", "tool_start", "tool_end", "done", "error"}
DATA_KEYS = {
    "token": {"content"},
    "tool_start": {"tool_name", "description", "input_summary"},
    "tool_end": {"tool_name", "latency_ms", "cached", "status", "output_summary"},
    "done": {"session_id", "confidence", "data_gaps", "disclaimers", "tool_trace", "provider", "grounding"},
    "error": {"message"},
}
NOTHING = {"sessions": 0, "tool_calls": 0, "violations": 0}
SECRET = "sk-live-STREAM-SECRET-91b2"


def assert_contract(events: list[dict[str, Any]]) -> None:
    """Every event typed and shaped exactly; exactly one terminal event, and it is last."""
    assert events, "empty stream"
    for event in events:
        assert set(event) == {"type", "data"}
        assert event["type"] in TYPES
        assert set(event["data"]) == DATA_KEYS[event["type"]], event
        STREAM_EVENT_ADAPTER.validate_python(event)
    terminal = [e for e in events if e["type"] in ("done", "error")]
    assert len(terminal) == 1 and events[-1] is terminal[0]
    if terminal[0]["type"] == "done":
        grounding = terminal[0]["data"]["grounding"]
        assert set(grounding) == {"checked", "ungrounded"} and grounding["checked"] >= len(grounding["ungrounded"])
        for figure in grounding["ungrounded"]:
            assert set(figure) == {"text", "value", "unit"}
        for item in terminal[0]["data"]["tool_trace"]:
            assert set(item) == {"tool_name", "latency_ms", "cached"}
        for gap in terminal[0]["data"]["data_gaps"]:
            assert set(gap) == {"field", "description", "suggestion"}


async def test_given_a_tool_round_when_streaming_then_the_wire_format_and_order_match_the_contract(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db, checkin_every=2)
    fake.script(
        [
            Reply("Let me check. ", calls=(Call("get_weight_trend", {"days": 30}),)),
            Reply("You're losing about 0.7 kg a week."),
        ]
    )

    response, events, comments = await post_stream(client, user, settings, "How is my weight?")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache"
    assert response.headers["x-coach-provider"] == "openai"
    assert comments == []
    assert_contract(events)
    types = [e["type"] for e in events]
    first_tool = types.index("tool_start")
    assert set(types[:first_tool]) == {"token"}
    assert types[first_tool : first_tool + 2] == ["tool_start", "tool_end"]
    assert set(types[first_tool + 2 : -1]) == {"token"} and types[-1] == "done"
    assert token_text(events) == "Let me check. You're losing about 0.7 kg a week."
    start, end = events[first_tool]["data"], events[first_tool + 1]["data"]
    assert start["tool_name"] == end["tool_name"] == "get_weight_trend"
    assert start["input_summary"] == '{"days": 30}' and end["status"] == "success"
    done = events[-1]["data"]
    assert done["tool_trace"] == [{"tool_name": "get_weight_trend", "latency_ms": end["latency_ms"], "cached": False}]
    assert done["disclaimers"] == [] and 0 <= done["confidence"] <= 1 and done["provider"] == "openai"
    assert [g["field"] for g in done["data_gaps"]] == ["checkins"]
    rows = await fetch_all(
        db, "SELECT history, message_count FROM ai_session WHERE id = %s", (uuid.UUID(done["session_id"]),)
    )
    assert rows == [
        {
            "history": [
                {"role": "user", "content": "How is my weight?"},
                {"role": "assistant", "content": token_text(events)},
            ],
            "message_count": 2,
        }
    ]


@pytest.mark.parametrize(
    ("message", "reply"),
    [
        ("how do I make myself throw up after eating", SUPPORT_RESOURCES_MESSAGE),
        ("plan me a 500 calorie a day diet", CALORIE_BLOCK_MESSAGE),
    ],
)
async def test_given_flagged_or_blocked_input_when_streaming_then_safety_tokens_then_done_and_no_provider_call(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer, message: str, reply: str
) -> None:
    user = await seed_user(db)
    fake.script([])
    response, events, _ = await post_stream(client, user, settings, message)
    assert response.status_code == 200
    assert_contract(events)
    assert fake.requests == []
    assert {e["type"] for e in events[:-1]} == {"token"} and events[-1]["type"] == "done"
    assert token_text(events) == reply
    assert events[-1]["data"]["tool_trace"] == [] and events[-1]["data"]["provider"] is None  # no model answered
    assert (await written_rows(db, user))["violations"] >= 1


async def test_given_an_answer_below_the_floor_when_streaming_then_text_stays_and_done_carries_the_disclaimer(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Some people eat 1,000 kcal per day, but go slowly.")])
    _, events, _ = await post_stream(client, user, settings, "what do others eat?")
    assert_contract(events)
    assert token_text(events) == "Some people eat 1,000 kcal per day, but go slowly."  # not retracted
    assert events[-1]["data"]["disclaimers"] == [get_disclaimer("calorie_minimum")]
    rows = await fetch_all(
        db, "SELECT direction, violation_type FROM ai_policy_violation_log WHERE user_id = %s", (user,)
    )
    assert rows == [{"direction": "output", "violation_type": "calorie_minimum"}]


@pytest.mark.parametrize(
    "script",
    [
        [Fail(500, message=f"internal failure {SECRET}")],
        [Reply(calls=(Call("get_adherence_metrics", {}),)), Fail(401, message=f"bad key {SECRET}")],
        [Reply("This answer is going to be cut off part way through the stream", cut_after=4)],
    ],
    ids=["fail_first", "fail_after_tool", "cut_mid_stream"],
)
async def test_given_a_provider_failure_when_streaming_then_one_generic_error_event_and_nothing_persisted(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    caplog: pytest.LogCaptureFixture,
    script: list[Any],
) -> None:
    user = await seed_user(db)
    fake.script(script)
    caplog.set_level(logging.DEBUG)
    response, events, _ = await post_stream(client, user, settings, "How consistent am I?")
    assert response.status_code == 200
    assert_contract(events)
    assert events[-1] == {"type": "error", "data": {"message": STREAM_ERROR_MESSAGE}}
    assert SECRET not in response.text and SECRET not in caplog.text
    # No session or exchange is stored; a tool that did run stays observable in its log.
    tools_run = sum(len(step.calls) for step in script if isinstance(step, Reply))
    assert await written_rows(db, user) == {**NOTHING, "tool_calls": tools_run}


async def test_given_another_users_session_when_streaming_then_plain_404_before_any_event(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    owner, intruder = await seed_user(db), await seed_user(db)
    fake.script([Reply("Hi.")])
    _, events, _ = await post_stream(client, owner, settings, "hello")
    fake.script([])
    response, _, _ = await post_stream(client, intruder, settings, "hello", events[-1]["data"]["session_id"])
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"detail": "Session not found."}


# --- live server: timing, keep-alives, disconnects ---------------------------------------------


async def test_given_a_slow_provider_when_streaming_then_tokens_arrive_as_they_are_produced(
    db: Database, settings: Settings, fake: FakeOpenAIServer, database_url: str
) -> None:
    """GIVEN a model that writes one sentence every 0.25 s WHEN streaming THEN each sentence is
    forwarded as soon as it is complete and has passed the output rules (issue 11: the guard
    releases sentence by sentence), so tokens are spread over time, never batched at the end."""
    user = await seed_user(db)
    chunks = ("One. ", "Two. ", "Three. ", "Four. ", "Five.")
    fake.script([Reply(chunks=chunks, chunk_delay=0.25)])
    provider = RecordingProvider(create_provider(fake.settings(llm_max_retries=0)))
    arrivals: list[float] = []
    events: list[dict[str, Any]] = []
    with live_server(settings, database_url, provider) as server:
        async with (
            httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
            aconnect_sse(
                client, "POST", STREAM, json={"message": "count to five"}, headers=auth_headers(user, settings)
            ) as source,
        ):
            assert source.response.headers["content-type"].startswith("text/event-stream")
            async for sse in source.aiter_sse():
                assert sse.event == "message" and sse.id == ""  # data-only records
                events.append(json.loads(sse.data))
                arrivals.append(time.perf_counter())
    assert_contract(events)
    token_times = [t for t, e in zip(arrivals, events, strict=True) if e["type"] == "token"]
    tokens = [e["data"]["content"] for e in events if e["type"] == "token"]
    assert "".join(tokens) == "".join(chunks) and len(tokens) == len(chunks)  # one event per sentence
    assert token_times[-1] - token_times[0] >= 0.6  # spread out, not batched at the end
    sent = fake.requests[0].event_times  # when the fake wrote each provider event
    for arrived in token_times:
        assert min(abs(arrived - s) for s in sent) < 0.2  # each token forwarded promptly


async def test_given_a_silent_provider_when_streaming_then_keep_alive_comments_are_sent(
    db: Database, fake: FakeOpenAIServer, database_url: str, redis_url: str, redis_prefix: str, coach_env: None
) -> None:
    settings = make_settings(database_url, redis_url, redis_prefix, sse_keepalive_seconds=0.2)
    user = await seed_user(db)
    fake.script([Reply("Thanks for waiting.", delay=1.0)])
    provider = RecordingProvider(create_provider(fake.settings(llm_max_retries=0)))
    with live_server(settings, database_url, provider) as server:
        async with (
            httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
            client.stream("POST", STREAM, json={"message": "hello"}, headers=auth_headers(user, settings)) as response,
        ):
            raw = "".join([chunk async for chunk in response.aiter_text()])
    events, comments = parse_sse_records(raw)
    assert_contract(events)
    assert len(comments) >= 3 and set(comments) == {": keep-alive"}
    assert raw.index(": keep-alive") < raw.index('"type":"token"')
    assert token_text(events) == "Thanks for waiting."


async def test_given_a_client_that_disconnects_when_streaming_then_the_provider_stream_is_cancelled_and_nothing_saved(
    db: Database, settings: Settings, fake: FakeOpenAIServer, database_url: str
) -> None:
    user = await seed_user(db)
    words = " ".join(f"Sentence {i}." for i in range(40))
    fake.script([Reply(words, chunk_delay=0.1)])
    provider = RecordingProvider(create_provider(fake.settings(llm_max_retries=0)))
    with live_server(settings, database_url, provider) as server:
        async with (
            httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
            aconnect_sse(
                client, "POST", STREAM, json={"message": "talk"}, headers=auth_headers(user, settings)
            ) as source,
        ):
            async for sse in source.aiter_sse():
                if json.loads(sse.data)["type"] == "token":
                    break  # leave after the first token: the connection closes
        assert await asyncio.to_thread(provider.stream_ended.wait, 5)
        assert provider.streams_closed_early == 1 and provider.streams_finished == 0
        await asyncio.sleep(0.3)
    assert await written_rows(db, user) == NOTHING


async def test_given_the_anthropic_provider_when_streaming_a_tool_round_then_the_same_contract_holds(
    db: Database, settings: Settings
) -> None:
    from tests.fakes import FakeAnthropicServer

    user = await seed_user(db)
    with FakeAnthropicServer() as anthropic_fake:
        anthropic_fake.script(
            [
                Reply("Checking. ", calls=(Call("get_adherence_metrics", {"days": 14}),)),
                Reply("You checked in every day."),
            ]
        )
        provider = create_provider(anthropic_fake.settings(llm_max_retries=0))
        try:
            async with client_for(build_app(db, settings, provider)) as client:
                response, events, _ = await post_stream(client, user, settings, "How consistent am I?")
        finally:
            await provider.aclose()
    assert response.headers["x-coach-provider"] == "anthropic"
    assert_contract(events)
    assert [e["type"] for e in events if e["type"] != "token"] == ["tool_start", "tool_end", "done"]
    assert token_text(events) == "Checking. You checked in every day."
