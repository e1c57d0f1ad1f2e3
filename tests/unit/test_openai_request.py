"""The OpenAI provider on the SDK's typed API, through the SDK's own `http_client` hook with a
mock transport (no network): the exact JSON body and headers that go on the wire for a
conversation with every message kind and tools, and the mapping of completions, streamed
chunks and failures (anything unknown or malformed is a `ProviderError`)."""

from __future__ import annotations

import asyncio
import json
import platform
from collections.abc import Callable
from typing import Any

import httpx2
import openai
import pytest

from coach_core.errors import (
    ProviderAuthenticationError,
    ProviderError,
    ProviderRateLimitError,
    ProviderRequestError,
    ProviderResponseError,
    ProviderUnavailableError,
)
from coach_core.providers.base import (
    LLMResponse,
    Message,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)
from coach_core.providers.model_config import model_config
from coach_core.providers.openai import OpenAIProvider

API_KEY = "sk-test-not-secret"
RETRYABLE = (ProviderRateLimitError, ProviderUnavailableError, ProviderResponseError)
BASE_URL = "http://fake.invalid/v1"
SYSTEM = "You are a coach."
CALL = ToolCall("t1", "get_weight_trend", '{"days": 30}')
MESSAGES = [
    Message("system", "Units: metric."),
    Message.user("How am I doing?"),
    Message.assistant("", (CALL, ToolCall("t2", "get_nutrition_summary", "{bad"))),
    Message.tool_result(CALL, '{"change_kg": -1.2}'),
    Message.tool_result(ToolCall("t2", "get_nutrition_summary", "{bad"), '{"error": "invalid"}', is_error=True),
    Message.assistant("Down 1.2 kg."),
    Message.user("And food?"),
]
DAYS_SCHEMA: dict[str, object] = {"type": "object", "properties": {"days": {"type": "integer"}}}
TOOLS = [
    ToolDefinition("get_weight_trend", "Weight trend.", DAYS_SCHEMA),
    ToolDefinition("get_nutrition_summary", "Nutrition.", {"type": "object", "properties": {}}),
]
FREE = model_config("openai", "free")
EXPECTED_BODY: dict[str, Any] = {
    "model": FREE.model,
    "max_tokens": FREE.max_tokens,
    "temperature": FREE.temperature,
    "messages": [
        {"role": "system", "content": SYSTEM},
        {"role": "system", "content": "Units: metric."},
        {"role": "user", "content": "How am I doing?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "t1", "type": "function", "function": {"name": "get_weight_trend", "arguments": '{"days": 30}'}},
                {"id": "t2", "type": "function", "function": {"name": "get_nutrition_summary", "arguments": "{bad"}},
            ],
        },
        {"role": "tool", "tool_call_id": "t1", "content": '{"change_kg": -1.2}'},
        {"role": "tool", "tool_call_id": "t2", "content": '{"error": "invalid"}'},
        {"role": "assistant", "content": "Down 1.2 kg."},
        {"role": "user", "content": "And food?"},
    ],
    "tools": [
        {
            "type": "function",
            "function": {"name": "get_weight_trend", "description": "Weight trend.", "parameters": DAYS_SCHEMA},
        },
        {
            "type": "function",
            "function": {
                "name": "get_nutrition_summary",
                "description": "Nutrition.",
                "parameters": {"type": "object", "properties": {}},
            },
        },
    ],
}
ERROR_BODY = {"error": {"message": "body-detail-42"}}
EXPECTED_HEADERS = {
    "host": "fake.invalid",
    "accept": "application/json",
    "accept-encoding": "gzip, deflate",
    "connection": "keep-alive",
    "content-type": "application/json",
    "authorization": f"Bearer {API_KEY}",
    "user-agent": f"AsyncOpenAI/Python {openai.__version__}",
    "x-stainless-lang": "python",
    "x-stainless-package-version": openai.__version__,
    "x-stainless-runtime": platform.python_implementation(),
    "x-stainless-runtime-version": platform.python_version(),
    "x-stainless-async": "async:asyncio",
    "x-stainless-retry-count": "0",
    "x-stainless-read-timeout": "5.0",
}
PLATFORM_HEADERS = ("x-stainless-os", "x-stainless-arch")
"""Their values name this machine's OS and CPU: present, but not pinned here."""

BASE = {"id": "c1", "created": 1, "model": "m"}
COMPLETION = {
    **BASE,
    "object": "chat.completion",
    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hello"}}],
    "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
}


def _chunk(delta: dict[str, Any] | None = None, finish: str | None = None, **extra: Any) -> dict[str, Any]:
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]
    return {**BASE, "object": "chat.completion.chunk", "choices": choices, **extra}


USAGE_CHUNK = _chunk(usage={"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5})
CHUNKS = [_chunk({"role": "assistant", "content": "hel"}), _chunk({"content": "lo"}, "stop"), USAGE_CHUNK]


def _sse(chunks: list[Any]) -> httpx2.Response:
    body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    return httpx2.Response(200, content=body.encode(), headers={"content-type": "text/event-stream"})


def _provider(handler: Callable[[httpx2.Request], httpx2.Response]) -> OpenAIProvider:
    client = httpx2.AsyncClient(transport=httpx2.MockTransport(handler))
    return OpenAIProvider(api_key=API_KEY, base_url=BASE_URL, timeout=5.0, max_retries=0, http_client=client)


def _complete(handler: Callable[[httpx2.Request], httpx2.Response]) -> LLMResponse:
    async def call() -> LLMResponse:
        provider = _provider(handler)
        try:
            return await provider.complete(system=SYSTEM, messages=MESSAGES, tools=TOOLS, model_tier="free")
        finally:
            await provider.aclose()

    return asyncio.run(call())


def _stream(handler: Callable[[httpx2.Request], httpx2.Response]) -> list[StreamChunk]:
    async def call() -> list[StreamChunk]:
        provider = _provider(handler)
        try:
            return [c async for c in provider.stream(system=SYSTEM, messages=MESSAGES, tools=TOOLS, model_tier="free")]
        finally:
            await provider.aclose()

    return asyncio.run(call())


def _answer(response: httpx2.Response) -> Callable[[httpx2.Request], httpx2.Response]:
    return lambda request: response


# ---- the wire ------------------------------------------------------------------------------------


@pytest.mark.parametrize("streamed", [False, True], ids=["complete", "stream"])
def test_given_a_conversation_with_every_message_kind_and_tools_when_sent_then_the_wire_request_is_exact(
    streamed: bool,
) -> None:
    seen: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return _sse(CHUNKS) if streamed else httpx2.Response(200, json=COMPLETION)

    if streamed:
        chunks = _stream(handler)
        text = "".join(c.text for c in chunks if isinstance(c, TextDelta))
    else:
        text = _complete(handler).text
    assert text == "hello"
    [request] = seen
    assert request.method == "POST"
    assert str(request.url) == f"{BASE_URL}/chat/completions"
    expected = EXPECTED_BODY | ({"stream": True, "stream_options": {"include_usage": True}} if streamed else {})
    assert json.loads(request.content) == expected
    headers = dict(request.headers.items())
    assert all(headers.pop(name) for name in PLATFORM_HEADERS)
    assert headers.pop("content-length") == str(len(request.content))
    assert headers == EXPECTED_HEADERS


def test_given_a_tier_without_temperature_when_sent_then_the_field_is_omitted(monkeypatch: pytest.MonkeyPatch) -> None:
    from coach_core.providers import model_config as config_module

    table = {**config_module.MODEL_TABLE["openai"]}
    table[config_module.ModelTier.FREE] = config_module.ModelConfig(FREE.model, FREE.max_tokens, None)
    monkeypatch.setitem(config_module.MODEL_TABLE, "openai", table)
    seen: list[httpx2.Request] = []

    def handler(request: httpx2.Request) -> httpx2.Response:
        seen.append(request)
        return httpx2.Response(200, json=COMPLETION)

    _complete(handler)
    assert "temperature" not in json.loads(seen[0].content)


# ---- completions -----------------------------------------------------------------------------------


def _message(**fields: Any) -> dict[str, Any]:
    return {
        **COMPLETION,
        "choices": [
            {"index": 0, "finish_reason": fields.pop("finish", "stop"), "message": {"role": "assistant", **fields}}
        ],
    }


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (COMPLETION, LLMResponse("hello", (), "stop", Usage(3, 2), "openai")),
        (
            _message(
                content=None,
                finish="tool_calls",
                tool_calls=[
                    {"id": "a", "type": "function", "function": {"name": "x", "arguments": "{}"}},
                    {"id": "b", "type": "function", "function": {"name": "y", "arguments": '{"d": 1}'}},
                ],
            ),
            LLMResponse(
                "", (ToolCall("a", "x", "{}"), ToolCall("b", "y", '{"d": 1}')), "tool_calls", Usage(3, 2), "openai"
            ),
        ),
        (_message(content="cut", finish="length"), LLMResponse("cut", (), "length", Usage(3, 2), "openai")),
        (_message(content=None, finish="content_filter"), LLMResponse("", (), "content_filter", Usage(3, 2), "openai")),
        (
            _message(content=None, refusal="I can't help with that."),
            LLMResponse("I can't help with that.", (), "content_filter", Usage(3, 2), "openai"),
        ),
        ({**COMPLETION, "usage": None}, LLMResponse("hello", (), "stop", Usage(0, 0), "openai")),
    ],
    ids=["text", "tool-calls", "length", "content-filter", "refusal", "no-usage"],
)
def test_given_a_completion_when_read_then_it_maps_to_the_internal_response(
    body: dict[str, Any], expected: LLMResponse
) -> None:
    assert _complete(_answer(httpx2.Response(200, json=body))) == expected


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (["not", "an", "object"], r"chat completion is not ChatCompletion"),
        ({**COMPLETION, "choices": ["x"]}, "choice is not Choice"),
        ({**COMPLETION, "choices": []}, "no choices"),
        ({**COMPLETION, "choices": [{"index": 0, "finish_reason": "stop"}]}, "message is missing"),
        (_message(content=5), "content is not a string"),
        (_message(finish="tool_calls", tool_calls=[{"id": "t1", "type": "function"}]), "tool call function is missing"),
        (
            _message(finish="tool_calls", tool_calls=[{"id": "t1", "type": "function", "function": {"name": "x"}}]),
            "tool call arguments is missing",
        ),
        (
            _message(finish="tool_calls", tool_calls=[{"id": "t1", "type": "custom", "custom": {"name": "x"}}]),
            "unexpected tool call type 'custom'",
        ),
        (_message(finish="tool_calls", tool_calls="abc"), "tool_calls is not list"),
        (_message(finish="tool_calls", tool_calls=[7]), "tool call is not an object"),
        (
            _message(
                finish="tool_calls", tool_calls=[{"type": "function", "function": {"name": "x", "arguments": "{}"}}]
            ),
            "tool call id is missing",
        ),
        (_message(content="x", finish="weird"), "unexpected finish_reason 'weird'"),
        (_message(content="x", finish="function_call"), "unexpected finish_reason 'function_call'"),
        ({**COMPLETION, "usage": {"prompt_tokens": "3", "completion_tokens": 2}}, "not integers"),
    ],
    ids=[
        "not-object",
        "choice-not-object",
        "no-choices",
        "no-message",
        "content-type",
        "no-function",
        "no-arguments",
        "custom-tool",
        "calls-not-list",
        "call-not-object",
        "no-call-id",
        "unknown-finish",
        "legacy-function-call",
        "usage-type",
    ],
)
def test_given_a_malformed_or_unknown_completion_when_read_then_provider_error(body: Any, detail: str) -> None:
    with pytest.raises(ProviderError, match=detail):
        _complete(_answer(httpx2.Response(200, json=body)))


# ---- streams ------------------------------------------------------------------------------------------


def _call_delta(index: int, **fields: Any) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, **fields}]}


@pytest.mark.parametrize(
    ("chunks", "expected"),
    [
        (CHUNKS, [TextDelta("hel"), TextDelta("lo"), StreamFinish("stop", Usage(3, 2), "openai")]),
        (
            [
                _chunk({"role": "assistant", "content": "Checking."}),
                _chunk(_call_delta(1, id="b", type="function", function={"name": "y", "arguments": ""})),
                _chunk(_call_delta(0, id="a", type="function", function={"name": "x", "arguments": '{"d"'})),
                _chunk(_call_delta(0, function={"arguments": ": 1}"})),
                _chunk(_call_delta(1, function={"arguments": "{}"})),
                _chunk({}, "tool_calls"),
                USAGE_CHUNK,
            ],
            [
                TextDelta("Checking."),
                ToolCallComplete(ToolCall("a", "x", '{"d": 1}')),
                ToolCallComplete(ToolCall("b", "y", "{}")),
                StreamFinish("tool_calls", Usage(3, 2), "openai"),
            ],
        ),
        (
            [_chunk(_call_delta(0, function={"name": "x", "arguments": "{}"})), _chunk({}, "tool_calls")],
            [ToolCallComplete(ToolCall("call_0", "x", "{}")), StreamFinish("tool_calls", Usage(0, 0), "openai")],
        ),
        (
            [_chunk({"refusal": "I can't "}), _chunk({"refusal": "help."}), _chunk({}, "stop")],
            [TextDelta("I can't "), TextDelta("help."), StreamFinish("content_filter", Usage(0, 0), "openai")],
        ),
    ],
    ids=["text", "tool-calls-by-index", "call-without-id", "refusal"],
)
def test_given_a_stream_when_read_then_deltas_then_calls_then_one_finish(
    chunks: list[Any], expected: list[StreamChunk]
) -> None:
    assert _stream(_answer(_sse(chunks))) == expected


@pytest.mark.parametrize(
    ("chunks", "detail"),
    [
        ([_chunk({"content": "x"}, "weird")], "unexpected finish_reason 'weird'"),
        ([_chunk({"content": "x"}, "function_call")], "unexpected finish_reason 'function_call'"),
        ([_chunk({"content": "x"})], "ended without a finish reason"),
        (
            [_chunk({"tool_calls": [{"id": "a", "function": {"name": "x"}}]}), _chunk({}, "stop")],
            "streamed tool call index is missing",
        ),
        ([_chunk({"tool_calls": ["x"]}), _chunk({}, "stop")], "streamed tool call is not ChoiceDeltaToolCall"),
        ([{**_chunk({}, "stop"), "choices": "zz"}], "choices is not list"),
        ([{**_chunk({}, "stop"), "choices": [5]}], "choice is not Choice"),
        ([{**_chunk({}, "stop"), "choices": [{"index": 0, "finish_reason": "stop"}]}], "delta is missing"),
        ([_chunk({"content": 7}, "stop")], "content is not a string"),
        ([{"error": {"message": "overloaded", "type": "server_error"}}], "streamed server_error"),
        ([{"error": {"message": "bad", "type": "invalid_request_error"}}], "APIError"),
    ],
    ids=[
        "unknown-finish",
        "legacy-function-call",
        "no-finish",
        "call-without-index",
        "call-not-object",
        "choices-not-list",
        "choice-not-object",
        "no-delta",
        "content-type",
        "error-event",
        "refused-event",
    ],
)
def test_given_a_malformed_or_failed_stream_when_read_then_provider_error(chunks: list[Any], detail: str) -> None:
    with pytest.raises(ProviderError, match=detail):
        _stream(_answer(_sse(chunks)))


@pytest.mark.parametrize(
    ("error_type", "retryable"),
    [("server_error", True), ("rate_limit_exceeded", True), ("invalid_request_error", False), (None, False)],
)
def test_given_an_error_object_inside_a_200_stream_when_read_then_only_an_outage_is_retryable(
    error_type: str | None, retryable: bool
) -> None:
    """GIVEN a stream whose first event is an `error` object WHEN read THEN the error's structured
    `type` (never its message) decides whether another provider may be tried."""
    with pytest.raises(ProviderError) as raised:
        _stream(_answer(_sse([{"error": {"message": "server_error overloaded", "type": error_type}}])))
    assert raised.value.retryable is retryable


# ---- failures --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "error", "detail"),
    [
        (httpx2.Response(400, json=ERROR_BODY), ProviderRequestError, "HTTP 400 (BadRequestError)"),
        (httpx2.Response(401, json=ERROR_BODY), ProviderAuthenticationError, "HTTP 401 (AuthenticationError)"),
        (httpx2.Response(403, json=ERROR_BODY), ProviderAuthenticationError, "HTTP 403 (PermissionDeniedError)"),
        (httpx2.Response(404, json=ERROR_BODY), ProviderRequestError, "HTTP 404 (NotFoundError)"),
        (httpx2.Response(422, json=ERROR_BODY), ProviderRequestError, "HTTP 422 (UnprocessableEntityError)"),
        (httpx2.Response(429, json=ERROR_BODY), ProviderRateLimitError, "HTTP 429 (RateLimitError)"),
        (httpx2.Response(500, json=ERROR_BODY), ProviderUnavailableError, "HTTP 500 (InternalServerError)"),
        (httpx2.Response(503, json=ERROR_BODY), ProviderUnavailableError, "HTTP 503 (InternalServerError)"),
        (
            httpx2.Response(200, content=b"{not json", headers={"content-type": "application/json"}),
            ProviderResponseError,
            "malformed response",
        ),
    ],
    ids=["400", "401", "403", "404", "422", "429", "500", "503", "not-json"],
)
@pytest.mark.parametrize("mode", ["complete", "stream"])
def test_given_an_sdk_failure_when_called_then_it_maps_to_a_provider_error_without_the_body(
    response: httpx2.Response, error: type[ProviderError], detail: str, mode: str
) -> None:
    if mode == "stream" and response.status_code == 200:
        response = httpx2.Response(200, content=b"data: {not json\n\n", headers={"content-type": "text/event-stream"})
    with pytest.raises(ProviderError) as raised:
        (_complete if mode == "complete" else _stream)(_answer(response))
    assert type(raised.value) is error
    assert raised.value.retryable is (error in RETRYABLE)
    assert detail in str(raised.value)
    assert "body-detail-42" not in str(raised.value) and API_KEY not in str(raised.value)


def test_given_a_connection_failure_when_called_then_a_retryable_unavailable_error() -> None:
    def handler(request: httpx2.Request) -> httpx2.Response:
        raise httpx2.ConnectError("refused", request=request)

    with pytest.raises(ProviderUnavailableError, match="connection failed") as raised:
        _complete(handler)
    assert raised.value.retryable
