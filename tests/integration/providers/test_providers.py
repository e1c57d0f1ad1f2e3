"""The real OpenAI and Anthropic SDKs against loopback fakes: request shapes, response and
stream mapping, retries, timeouts and error mapping; plus the factory's rules."""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coach_core.errors import (
    ProviderAuthenticationError,
    ProviderConfigurationError,
    ProviderError,
    ProviderRateLimitError,
    ProviderRequestError,
    ProviderTimeoutError,
    ProviderUnavailableError,
)
from coach_core.providers.anthropic import JSON_ANSWER_TOOL
from coach_core.providers.base import (
    LLMProvider,
    LLMResponse,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)
from coach_core.providers.factory import create_provider
from coach_core.providers.fallback import FallbackProvider
from coach_core.providers.model_config import model_config
from coach_core.service import make_provider
from coach_core.settings import load_settings
from tests.fakes import Call, Fail, FakeAnthropicServer, FakeLLMServer, FakeOpenAIServer, Reply, StreamFail
from tests.integration.providers.conftest import FAKES

ROOT = Path(__file__).resolve().parents[3]
TOOLS = [
    ToolDefinition("echo_days", "Echo days.", {"type": "object", "properties": {"days": {"type": "integer"}}}),
    ToolDefinition("get_weight_trend", "Weight.", {"type": "object", "properties": {}}),
]


async def _collect(
    provider: LLMProvider, messages: list[Message] | None = None, tier: str = "standard"
) -> list[StreamChunk]:
    return [
        chunk
        async for chunk in provider.stream(
            system="You are a coach.", messages=messages or [Message.user("hi")], tools=TOOLS, model_tier=tier
        )
    ]


async def _complete(
    provider: LLMProvider, messages: list[Message] | None = None, tier: str = "standard"
) -> LLMResponse:
    return await provider.complete(
        system="You are a coach.", messages=messages or [Message.user("hi")], tools=TOOLS, model_tier=tier
    )


# ---- responses and streams -------------------------------------------------------------------


async def test_given_a_text_reply_when_completed_then_text_stop_and_usage_are_mapped(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Reply("Keep it up!", usage=(30, 4))])
    response = await _complete(provider)
    assert (response.text, response.tool_calls, response.finish_reason) == ("Keep it up!", (), "stop")
    assert (response.usage.input_tokens, response.usage.output_tokens, response.usage.total) == (30, 4, 34)


async def test_given_two_tool_calls_when_completed_then_both_arrive_in_order_with_raw_arguments(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    calls = (Call("echo_days", {"days": 3}, id="a1"), Call("get_weight_trend", id="a2"))
    fake.script([Reply("Checking.", calls=calls)])
    response = await _complete(provider)
    assert response.finish_reason == "tool_calls"
    assert [(c.id, c.name, json.loads(c.arguments)) for c in response.tool_calls] == [
        ("a1", "echo_days", {"days": 3}),
        ("a2", "get_weight_trend", {}),
    ]


async def test_given_a_streamed_reply_with_tools_when_streamed_then_deltas_calls_and_one_finish_last(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script(
        [Reply("Let me look.", calls=(Call("echo_days", {"days": 30}), Call("get_weight_trend", "{}")), usage=(50, 9))]
    )
    chunks = await _collect(provider)
    assert "".join(c.text for c in chunks if isinstance(c, TextDelta)) == "Let me look."
    assert len([c for c in chunks if isinstance(c, TextDelta)]) == 3
    calls = [c.call for c in chunks if isinstance(c, ToolCallComplete)]
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [("echo_days", {"days": 30}), ("get_weight_trend", {})]
    finishes = [c for c in chunks if isinstance(c, StreamFinish)]
    assert finishes == [chunks[-1]]
    assert finishes[0].finish_reason == "tool_calls"
    assert (finishes[0].usage.input_tokens, finishes[0].usage.output_tokens) == (50, 9)


async def test_given_malformed_streamed_arguments_when_streamed_then_the_raw_text_is_passed_on(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Reply(calls=(Call("echo_days", '{"days": tw'),))])
    chunks = await _collect(provider)
    assert [c.call.arguments for c in chunks if isinstance(c, ToolCallComplete)] == ['{"days": tw']


async def test_given_slow_chunks_when_streamed_then_the_first_delta_arrives_before_the_last_is_sent(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Reply("one two three four five six", chunk_delay=0.05)])
    first_seen = None
    async for chunk in provider.stream(system="s", messages=[Message.user("hi")], tools=TOOLS, model_tier="free"):
        if isinstance(chunk, TextDelta) and first_seen is None:
            first_seen = time.perf_counter()
    sent = fake.requests[0].event_times
    assert first_seen is not None
    assert first_seen < sent[-1] - 0.15, "the first token waited for the end of the stream"


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_an_unknown_stop_reason_when_mapped_then_it_fails_loudly(
    fake: FakeLLMServer, provider: LLMProvider, mode: str
) -> None:
    fake.script([Reply("odd", finish="a_new_reason")])
    with pytest.raises(ProviderError, match="a_new_reason"):
        await (_complete(provider) if mode == "complete" else _collect(provider))


@pytest.mark.parametrize(("wire", "internal"), [("length", "length"), ("content_filter", "content_filter")])
async def test_given_openai_finish_reasons_when_mapped_then_internal_reasons(wire: str, internal: str) -> None:
    with FakeOpenAIServer() as fake:
        fake.script([Reply("cut", finish=wire)])
        built = create_provider(fake.settings())
        try:
            assert (await _complete(built)).finish_reason == internal
        finally:
            await built.aclose()


@pytest.mark.parametrize(
    ("wire", "internal"),
    [
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("tool_use", "tool_calls"),
        ("max_tokens", "length"),
        ("pause_turn", "length"),
        ("model_context_window_exceeded", "length"),
        ("refusal", "content_filter"),
    ],
)
async def test_given_anthropic_stop_reasons_when_mapped_then_internal_reasons(wire: str, internal: str) -> None:
    with FakeAnthropicServer() as fake:
        fake.script([Reply("x", finish=wire), Reply("x", finish=wire)])
        built = create_provider(fake.settings())
        try:
            assert (await _complete(built)).finish_reason == internal
            assert (await _collect(built))[-1] == StreamFinish(internal, Usage(12, 7), "anthropic")
        finally:
            await built.aclose()


# ---- request shapes --------------------------------------------------------------------------


async def test_given_a_tool_round_trip_when_sent_then_the_request_has_the_provider_shape(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    calls = (ToolCall("t1", "echo_days", '{"days": 5}'), ToolCall("t2", "get_weight_trend", "{bad"))
    messages = [
        Message.user("how am I doing?"),
        Message.assistant("Looking.", calls),
        Message.tool_result(calls[0], '{"days": 5}'),
        Message.tool_result(calls[1], '{"error": {"type": "invalid_arguments"}}', is_error=True),
    ]
    fake.script([Reply("Done.")])
    await _complete(provider, messages, tier="free")
    body = fake.requests[0].body
    if fake.provider == "openai":
        assert body["model"] == model_config("openai", "free").model
        assert body["temperature"] == 0.7
        assert body["max_tokens"] == 1000
        assert body["messages"][0] == {"role": "system", "content": "You are a coach."}
        assert body["messages"][2]["tool_calls"][1]["function"] == {"name": "get_weight_trend", "arguments": "{bad"}
        assert [m["role"] for m in body["messages"]] == ["system", "user", "assistant", "tool", "tool"]
        assert [m.get("tool_call_id") for m in body["messages"][3:]] == ["t1", "t2"]
        assert [t["function"]["name"] for t in body["tools"]] == ["echo_days", "get_weight_trend"]
    else:
        assert body["model"] == model_config("anthropic", "free").model
        assert "temperature" not in body
        assert body["max_tokens"] == 1000
        assert body["system"] == [{"type": "text", "text": "You are a coach.", "cache_control": {"type": "ephemeral"}}]
        assert [t.get("cache_control") for t in body["tools"]] == [None, {"type": "ephemeral"}]
        assert [t["input_schema"] for t in body["tools"]] == [t.parameters for t in TOOLS]
        assert [m["role"] for m in body["messages"]] == ["user", "assistant", "user"]
        assistant = body["messages"][1]["content"]
        assert assistant[0] == {"type": "text", "text": "Looking."}
        assert [(b["type"], b["id"], b["input"]) for b in assistant[1:]] == [
            ("tool_use", "t1", {"days": 5}),
            ("tool_use", "t2", {}),
        ]
        results = body["messages"][2]["content"]
        assert [(b["type"], b["tool_use_id"], b.get("is_error", False)) for b in results] == [
            ("tool_result", "t1", False),
            ("tool_result", "t2", True),
        ]


async def test_given_a_stream_when_requested_then_openai_asks_for_usage_and_anthropic_sends_no_temperature(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Reply("ok")])
    await _collect(provider, tier="no-such-tier")
    body = fake.requests[0].body
    assert body["stream"] is True
    assert body["model"] == model_config(fake.provider, "standard").model  # type: ignore[arg-type]
    if fake.provider == "openai":
        assert body["stream_options"] == {"include_usage": True}
    else:
        assert "temperature" not in body


# ---- a JSON answer (response_format="json") ----------------------------------------------------------

PLAN_LIKE = {"title": "Your week", "days": [{"day": "Monday", "calories": 1800}], "habits": ["Sleep 8 h."]}


def _json_answer(fake: FakeLLMServer, answer: dict[str, object]) -> Reply:
    """The answer as each API gives it in its JSON mode: OpenAI as the message text (json_object),
    Anthropic as the input of the forced answer tool."""
    if fake.provider == "openai":
        return Reply(json.dumps(answer))
    return Reply(calls=(Call(JSON_ANSWER_TOOL, answer),))


async def _answer(
    provider: LLMProvider, mode: str, response_format: ResponseFormat, tools: list[ToolDefinition]
) -> tuple[str, list[ToolCall], str]:
    """(text, tool calls, finish reason) of one round, buffered or streamed."""
    kwargs = {
        "system": "s",
        "messages": [Message.user("plan")],
        "tools": tools,
        "model_tier": "free",
        "response_format": response_format,
    }
    if mode == "complete":
        response = await provider.complete(**kwargs)  # type: ignore[arg-type]
        return response.text, list(response.tool_calls), response.finish_reason
    chunks = [c async for c in provider.stream(**kwargs)]  # type: ignore[arg-type]
    finish = chunks[-1]
    assert isinstance(finish, StreamFinish)
    return (
        "".join(c.text for c in chunks if isinstance(c, TextDelta)),
        [c.call for c in chunks if isinstance(c, ToolCallComplete)],
        finish.finish_reason,
    )


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_a_json_response_format_when_answered_then_it_is_honoured_and_the_answer_is_the_json_text(
    fake: FakeLLMServer, provider: LLMProvider, mode: str
) -> None:
    """GIVEN `response_format="json"` WHEN a round is asked for THEN the request uses the API's own
    JSON mechanism (OpenAI `response_format: json_object`; Anthropic a forced answer tool beside
    the data tools, `tool_choice: any`), and the answer comes back as the round's text: the JSON
    object alone, finish `stop`, no tool call; a text round asks for neither."""
    fake.script([_json_answer(fake, PLAN_LIKE), Reply("Plain.")])
    text, calls, finish = await _answer(provider, mode, "json", TOOLS)
    assert (json.loads(text), calls, finish) == (PLAN_LIKE, [], "stop")
    assert (await _answer(provider, mode, "text", TOOLS))[0] == "Plain."
    json_body, text_body = fake.requests[0].body, fake.requests[1].body
    if fake.provider == "openai":
        assert json_body["response_format"] == {"type": "json_object"} and "response_format" not in text_body
    else:
        assert json_body["tool_choice"] == {"type": "any"} and "tool_choice" not in text_body
        assert [t["name"] for t in json_body["tools"]] == ["echo_days", "get_weight_trend", JSON_ANSWER_TOOL]
        assert json_body["tools"][-1]["input_schema"]["type"] == "object"
        assert json_body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
        assert [t["name"] for t in text_body["tools"]] == ["echo_days", "get_weight_trend"]


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_a_json_answer_and_a_data_call_in_one_anthropic_round_when_read_then_only_the_data_call(
    mode: str,
) -> None:
    """GIVEN the model calls a data tool AND the answer tool in one round WHEN read THEN the round is
    a tool round (the data call only, no text): the answer comes once the results are in; with no
    data tools the answer tool itself is forced."""
    with FakeAnthropicServer() as fake:
        fake.script(
            [
                Reply("Let me check.", calls=(Call("echo_days", {"days": 7}), Call(JSON_ANSWER_TOOL, PLAN_LIKE))),
                _json_answer(fake, PLAN_LIKE),
            ]
        )
        built = create_provider(fake.settings())
        try:
            text, calls, finish = await _answer(built, mode, "json", TOOLS)
            assert (text, [c.name for c in calls], finish) == ("", ["echo_days"], "tool_calls")
            text, calls, finish = await _answer(built, mode, "json", [])
            assert (json.loads(text), calls, finish) == (PLAN_LIKE, [], "stop")
        finally:
            await built.aclose()
    assert fake.requests[1].body["tool_choice"] == {"type": "tool", "name": JSON_ANSWER_TOOL}
    assert [t["name"] for t in fake.requests[1].body["tools"]] == [JSON_ANSWER_TOOL]


# ---- retries, timeouts, failures ----------------------------------------------------------------


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_a_429_then_success_when_called_then_the_sdk_retries_and_succeeds(
    fake: FakeLLMServer, provider: LLMProvider, mode: str
) -> None:
    fake.script([Fail(429), Reply("Back again.")])
    if mode == "complete":
        assert (await _complete(provider)).text == "Back again."
    else:
        assert "".join(c.text for c in await _collect(provider) if isinstance(c, TextDelta)) == "Back again."
    assert len(fake.requests) == 2 and fake.remaining == 0


async def test_given_persistent_429_when_called_then_rate_limit_error_after_the_retries(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Fail(429)] * 3)
    with pytest.raises(ProviderRateLimitError):
        await _complete(provider)
    assert len(fake.requests) == 3


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_persistent_500_when_called_then_provider_error_after_the_retries(
    fake: FakeLLMServer, provider: LLMProvider, mode: str
) -> None:
    fake.script([Fail(500)] * 3)
    with pytest.raises(ProviderError) as caught:
        await (_complete(provider) if mode == "complete" else _collect(provider))
    assert type(caught.value) is ProviderUnavailableError and caught.value.retryable
    assert "500" in caught.value.detail
    assert len(fake.requests) == 3 and fake.unexpected == 0


@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_a_server_slower_than_the_timeout_when_called_then_provider_timeout_error(
    fake: FakeLLMServer, mode: str
) -> None:
    fake.script([Reply("too late", delay=1.0)])
    built = create_provider(fake.settings(llm_timeout_seconds=0.2, llm_max_retries=0))
    started = time.perf_counter()
    try:
        with pytest.raises(ProviderTimeoutError):
            await (_complete(built) if mode == "complete" else _collect(built))
    finally:
        await built.aclose()
    assert time.perf_counter() - started < 0.9


STATUS_ERRORS = [
    (400, ProviderRequestError),
    (401, ProviderAuthenticationError),
    (403, ProviderAuthenticationError),
    (404, ProviderRequestError),
    (422, ProviderRequestError),
    (429, ProviderRateLimitError),
    (500, ProviderUnavailableError),
    (503, ProviderUnavailableError),
    (529, ProviderUnavailableError),
]


@pytest.mark.parametrize(("status", "error"), STATUS_ERRORS, ids=[str(s) for s, _ in STATUS_ERRORS])
@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_an_http_error_when_called_then_it_is_classified_for_failover(
    fake: FakeLLMServer, status: int, error: type[ProviderError], mode: str
) -> None:
    """GIVEN an error status from the real SDK (no retries left) WHEN mapped THEN outages (5xx,
    429) are retryable (another provider may answer) and refusals (401/403, other 4xx) are not."""
    fake.script([Fail(status, headers={"x-should-retry": "false"})])
    built = create_provider(fake.settings(llm_max_retries=0))
    try:
        with pytest.raises(ProviderError) as caught:
            await (_complete(built) if mode == "complete" else _collect(built))
    finally:
        await built.aclose()
    assert type(caught.value) is error
    assert caught.value.retryable is (status in (429, 500, 503, 529))


STREAMED_ERRORS = {
    "openai": [
        ("server_error", ProviderUnavailableError, True),
        ("rate_limit_exceeded", ProviderUnavailableError, True),
        ("invalid_request_error", ProviderError, False),
    ],
    "anthropic": [
        ("overloaded_error", ProviderUnavailableError, True),
        ("api_error", ProviderUnavailableError, True),
        ("rate_limit_error", ProviderRateLimitError, True),
        ("invalid_request_error", ProviderError, False),
    ],
}


@pytest.mark.parametrize("text", ["", "Half an"], ids=["before-text", "after-text"])
async def test_given_an_error_event_inside_a_200_stream_when_streamed_then_its_type_decides_retryable(
    fake: FakeLLMServer, provider: LLMProvider, text: str
) -> None:
    """GIVEN a stream that reports an error in-band (OpenAI's error chunk, Anthropic's `error`
    event) WHEN streamed by the real SDK THEN the structured `error.type` (never the message)
    makes it an outage or not."""
    for kind, error, retryable in STREAMED_ERRORS[fake.provider]:
        fake.script([StreamFail(kind, text=text, message="server_error overloaded api_error")])
        seen: list[str] = []
        with pytest.raises(ProviderError) as caught:
            async for chunk in provider.stream(
                system="s", messages=[Message.user("hi")], tools=TOOLS, model_tier="free"
            ):
                if isinstance(chunk, TextDelta):
                    seen.append(chunk.text)
        assert (type(caught.value), caught.value.retryable) == (error, retryable), kind
        assert "".join(seen) == text and len(fake.requests) == 1  # an in-band error is not retried


async def test_given_a_stream_cut_mid_body_when_streamed_then_provider_error(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    fake.script([Reply("one two three four five", cut_after=3)])
    seen: list[str] = []
    with pytest.raises(ProviderError):
        async for chunk in provider.stream(system="s", messages=[Message.user("hi")], tools=TOOLS, model_tier="free"):
            if isinstance(chunk, TextDelta):
                seen.append(chunk.text)
    assert 0 < len(seen) < 5


async def test_given_a_stream_that_ends_without_a_finish_when_streamed_then_provider_error(
    fake: FakeLLMServer, provider: LLMProvider
) -> None:
    """The body completes cleanly, but the finish/stop event never came: incomplete, not success."""
    reply = Reply("one two", calls=(Call("echo_days", {"days": 2}),))
    cut = len(fake.sse_events(reply, {"stream": True, "stream_options": {"include_usage": True}})) - 3
    fake.script([dataclasses.replace(reply, end_after=cut)])
    with pytest.raises(ProviderError, match="without a"):
        await _collect(provider)


@pytest.mark.parametrize("name", sorted(FAKES))
async def test_given_nothing_listening_when_called_then_provider_error(name: str) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}" + ("/v1" if name == "openai" else "")
    built = create_provider(
        load_settings(
            llm_provider=name,
            **{f"{name}_api_key": "k", f"{name}_base_url": base},
            llm_max_retries=0,
            llm_timeout_seconds=2,
        )
    )
    try:
        with pytest.raises(ProviderError, match="connection"):
            await _complete(built)
    finally:
        await built.aclose()


# ---- factory ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"llm_provider": "anthropic"}, ProviderConfigurationError),
        ({"llm_provider": "anthropic", "anthropic_base_url": "http://127.0.0.1:9"}, ProviderConfigurationError),
        ({"llm_provider": "openai"}, ProviderConfigurationError),
        ({"llm_provider": "openai", "openai_base_url": "http://127.0.0.1:9/v1"}, "openai"),
        ({"llm_provider": "openai", "openai_api_key": "k"}, "openai"),
        ({"llm_provider": "anthropic", "anthropic_api_key": "k"}, "anthropic"),
        ({"llm_provider": "offline"}, "offline"),
    ],
)
async def test_given_settings_when_creating_a_provider_then_keys_are_checked_at_construction(
    monkeypatch: pytest.MonkeyPatch, overrides: dict[str, str], expected: type[Exception] | str
) -> None:
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    settings = load_settings(**overrides)
    if isinstance(expected, str):
        built = make_provider(settings)
        assert built.name == expected
        await built.aclose()
    else:
        with pytest.raises(expected):
            make_provider(settings)


BOTH_KEYS = {"openai_api_key": "k", "anthropic_api_key": "k"}


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"llm_provider": "openai", **BOTH_KEYS, "llm_fallback_provider": "anthropic"}, ["openai", "anthropic"]),
        ({"llm_provider": "anthropic", **BOTH_KEYS, "llm_fallback_provider": "openai"}, ["anthropic", "openai"]),
        ({"llm_provider": "offline", "llm_fallback_provider": "anthropic"}, "offline"),
        ({"llm_provider": "openai", "openai_api_key": "k", "llm_fallback_provider": ""}, "openai"),
        ({"llm_provider": "openai", "openai_api_key": "k", "llm_fallback_provider": "anthropic"}, "ANTHROPIC_API_KEY"),
        ({"llm_provider": "anthropic", "anthropic_api_key": "k", "llm_fallback_provider": "openai"}, "OPENAI_API_KEY"),
        (
            {"llm_provider": "openai", "openai_api_key": "k", "llm_fallback_provider": "openai"},
            "LLM_FALLBACK_PROVIDER=openai is the primary provider too",
        ),
    ],
    ids=[
        "openai-then-anthropic",
        "anthropic-then-openai",
        "offline-needs-none",
        "empty-means-none",
        "fallback-key-missing",
        "fallback-key-missing-openai",
        "same-as-primary",
    ],
)
async def test_given_a_fallback_provider_setting_when_creating_the_provider_then_it_wraps_the_primary_or_fails_early(
    monkeypatch: pytest.MonkeyPatch, overrides: dict[str, str], expected: str | list[str]
) -> None:
    """GIVEN `LLM_FALLBACK_PROVIDER` WHEN the provider is built THEN the primary is wrapped with the
    fallback (the offline provider never is), and a fallback without its key, or the primary named
    twice, fails at construction with a message naming the variable."""
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    if overrides.get("llm_fallback_provider") == "":
        # As the stack declares it when no fallback is configured: an empty variable is unset.
        monkeypatch.setenv("LLM_FALLBACK_PROVIDER", "")
        overrides = {k: v for k, v in overrides.items() if k != "llm_fallback_provider"}
    settings = load_settings(**overrides)
    if isinstance(expected, list):
        built = make_provider(settings)
        assert isinstance(built, FallbackProvider)
        assert [p.name for p in built.providers] == expected and built.expected_provider() == expected[0]
        await built.aclose()
    elif expected in ("offline", "openai"):
        built = make_provider(settings)
        assert built.name == expected and not isinstance(built, FallbackProvider)
        await built.aclose()
    else:
        with pytest.raises(ProviderConfigurationError, match=expected):
            make_provider(settings)


def test_given_no_offline_kit_when_creating_the_offline_provider_then_configuration_error() -> None:
    """GIVEN the factory called without the composer's kit WHEN offline is selected THEN it fails
    at construction (the provider layer cannot build answers or plans on its own)."""
    with pytest.raises(ProviderConfigurationError):
        create_provider(load_settings(llm_provider="offline"))


@pytest.mark.parametrize(
    ("selected", "absent"),
    [("openai", ["anthropic"]), ("anthropic", ["openai"]), ("offline", ["openai", "anthropic"])],
)
def test_given_a_selected_provider_when_created_then_only_its_sdk_is_imported(selected: str, absent: list[str]) -> None:
    code = (
        "import sys\n"
        "from coach_core.service import make_provider\n"
        "from coach_core.settings import load_settings\n"
        f"p = make_provider(load_settings(llm_provider={selected!r}, openai_api_key='k', anthropic_api_key='k'))\n"
        f"assert p.name == {selected!r}\n"
        f"loaded = [m for m in {absent!r} if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        f"assert {selected!r} == 'offline' or {selected!r} in sys.modules\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_API_KEY", "_BASE_URL"))}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
