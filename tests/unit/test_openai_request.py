"""The OpenAI provider posts its request without the SDK's parameter transform (a CPU
saving); what goes over the wire must be exactly what `chat.completions.create` sends:
the same JSON body and the same headers, bearer auth included."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2
import pytest
from openai import AsyncOpenAI

from coach_core.providers.base import Message, ToolCall, ToolDefinition
from coach_core.providers.openai import OpenAIProvider

COMPLETION = {
    "id": "c1", "object": "chat.completion", "created": 1, "model": "m",
    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hello"}}],
    "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
}
CHUNKS = [
    {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
     "choices": [{"index": 0, "delta": {"role": "assistant", "content": "hel"}, "finish_reason": None}]},
    {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
     "choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": "stop"}]},
    {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [],
     "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}},
]
MESSAGES = [
    Message.user("How am I doing?"),
    Message.assistant("", (ToolCall("t1", "get_weight_trend", '{"days": 30}'),)),
    Message.tool_result(ToolCall("t1", "get_weight_trend", '{"days": 30}'), '{"change_kg": -1.2}'),
    Message.assistant("Down 1.2 kg."),
    Message.user("And food?"),
]
TOOLS = [ToolDefinition("get_weight_trend", "Weight trend.",
                        {"type": "object", "properties": {"days": {"type": "integer"}}})]
VOLATILE_HEADERS = ("x-stainless-retry-count", "x-stainless-read-timeout", "idempotency-key")


def _recording_client(seen: list[httpx2.Request]) -> AsyncOpenAI:
    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        if json.loads(request.content).get("stream"):
            sse = "".join(f"data: {json.dumps(c)}\n\n" for c in CHUNKS) + "data: [DONE]\n\n"
            return httpx2.Response(200, content=sse.encode(), headers={"content-type": "text/event-stream"})
        return httpx2.Response(200, json=COMPLETION)

    transport = httpx2.MockTransport(handler)
    return AsyncOpenAI(api_key="sk-test-not-secret", base_url="http://fake.invalid/v1", max_retries=0,
                       http_client=httpx2.AsyncClient(transport=transport))


def _stable(headers: httpx2.Headers) -> dict[str, str]:
    return {k: v for k, v in headers.items() if k not in VOLATILE_HEADERS}


async def _exchange(streamed: bool) -> tuple[httpx2.Request, httpx2.Request, str]:
    """(provider's request, `create`'s request for the same turn, provider's text)."""
    seen: list[httpx2.Request] = []
    provider = OpenAIProvider(api_key="unused", base_url=None, timeout=5.0, max_retries=0)
    await provider.aclose()
    provider._client = _recording_client(seen)
    request = provider._request("You are a coach.", MESSAGES, TOOLS, "free")
    if streamed:
        text = ""
        async for chunk in provider.stream(system="You are a coach.", messages=MESSAGES, tools=TOOLS,
                                           model_tier="free"):
            text += getattr(chunk, "text", "")
        sdk_stream = await provider._client.chat.completions.create(
            **request, stream=True, stream_options={"include_usage": True}
        )
        chunks = [chunk async for chunk in sdk_stream]
        assert chunks
    else:
        response = await provider.complete(system="You are a coach.", messages=MESSAGES, tools=TOOLS,
                                           model_tier="free")
        text = response.text
        await provider._client.chat.completions.create(**request)
    await provider.aclose()
    return seen[0], seen[1], text


@pytest.mark.parametrize("streamed", [False, True], ids=["complete", "stream"])
def test_given_a_turn_with_history_and_tools_when_posted_then_wire_request_equals_sdk_create(streamed: bool) -> None:
    ours, sdk, text = asyncio.run(_exchange(streamed))
    assert text == "hello"
    assert ours.method == sdk.method == "POST"
    assert str(ours.url) == str(sdk.url) == "http://fake.invalid/v1/chat/completions"
    body: dict[str, Any] = json.loads(ours.content)
    assert body == json.loads(sdk.content)
    assert body["messages"][3] == {"role": "tool", "tool_call_id": "t1", "content": '{"change_kg": -1.2}'}
    assert body.get("stream", False) is streamed
    assert ours.headers["authorization"] == "Bearer sk-test-not-secret"
    assert _stable(ours.headers) == _stable(sdk.headers)


def _answering(body: Any) -> OpenAIProvider:
    def handler(request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, json=body)

    provider = OpenAIProvider(api_key="unused", base_url=None, timeout=5.0, max_retries=0)
    asyncio.run(provider.aclose())
    provider._client = AsyncOpenAI(api_key="sk-test-not-secret", base_url="http://fake.invalid/v1", max_retries=0,
                                   http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(handler)))
    return provider


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (["not", "an", "object"], "response is not a JSON object"),
        ({**COMPLETION, "choices": []}, "no choices"),
        ({**COMPLETION, "choices": [{"index": 0, "finish_reason": "stop"}]}, "message is not a JSON object"),
        ({**COMPLETION, "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "tool_calls": [{"id": "t1", "type": "function"}]}}]}, "tool call function"),
        ({**COMPLETION, "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "tool_calls": [{"id": "t1", "type": "function", "function": {"name": "x"}}]}}]},
         "malformed response (KeyError)"),
        ({**COMPLETION, "choices": [{"index": 0, "finish_reason": "weird", "message": {"content": "x"}}]},
         "unexpected finish_reason"),
    ],
    ids=["not-object", "no-choices", "no-message", "no-function", "no-arguments", "unknown-finish"],
)
def test_given_a_malformed_completion_when_read_then_provider_error(body: Any, detail: str) -> None:
    from coach_core.errors import ProviderError

    provider = _answering(body)

    async def call() -> None:
        try:
            await provider.complete(system="s", messages=[Message.user("u")], tools=(), model_tier="free")
        finally:
            await provider.aclose()

    with pytest.raises(ProviderError) as raised:
        asyncio.run(call())
    assert detail in str(raised.value)
