"""Anthropic Messages behind `LLMProvider`.

Anthropic shapes stay here: the system prompt goes in `system`, tool calls are `tool_use`
blocks, tool results are `tool_result` blocks in a user turn (consecutive results share
one turn), streamed arguments arrive as `input_json_delta` fragments, and stop reasons map
to internal finish reasons. No temperature is ever sent (see `model_config`). The system
prompt block and the last tool definition carry `cache_control` so the stable prefix of
every round is served from Anthropic's prompt cache.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Sequence
from http import HTTPStatus
from typing import Any, assert_never

import anthropic
import httpx2
from anthropic import AsyncAnthropic

from coach_core.errors import (
    ProviderError,
    ProviderRateLimitError,
    ProviderTimeoutError,
    ProviderUnavailableError,
)
from coach_core.providers.base import (
    FinishReason,
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
    status_error,
)
from coach_core.providers.model_config import model_config

_SDK_ERRORS = (anthropic.AnthropicError, httpx2.HTTPError, json.JSONDecodeError)
_EPHEMERAL = {"type": "ephemeral"}
_STREAMED_OUTAGES: dict[str, type[ProviderError]] = {
    "overloaded_error": ProviderUnavailableError,
    "api_error": ProviderUnavailableError,
    "rate_limit_error": ProviderRateLimitError,
    "timeout_error": ProviderTimeoutError,
}
"""Error types of an `error` event inside a 200 stream that mean an outage (Anthropic's
documented `error.type` values)."""


def _map_error(exc: BaseException) -> ProviderError:
    """SDK/transport failure → internal error, classified once (its `retryable` flag decides
    failover); the detail (logs only) names no body or key."""
    if isinstance(exc, anthropic.APITimeoutError | httpx2.TimeoutException):
        return ProviderTimeoutError("anthropic: request timed out")
    if isinstance(exc, anthropic.APIStatusError):
        detail = f"anthropic: HTTP {exc.status_code} ({type(exc).__name__}, {exc.type})"
        if exc.status_code >= HTTPStatus.BAD_REQUEST:
            return status_error(detail, exc.status_code)
        # An `error` event inside a 200 stream: classified by its structured `error.type`.
        outage = _STREAMED_OUTAGES.get(exc.type or "")
        return outage(detail) if outage is not None else ProviderError(detail)
    if isinstance(exc, anthropic.APIConnectionError | httpx2.HTTPError):
        return ProviderUnavailableError(f"anthropic: connection failed ({type(exc).__name__})")
    return ProviderError(f"anthropic: {type(exc).__name__}")


def _finish_reason(reason: str | None) -> FinishReason:
    match reason:
        case "end_turn" | "stop_sequence":
            return "stop"
        case "tool_use":
            return "tool_calls"
        case "max_tokens" | "model_context_window_exceeded" | "pause_turn":
            # pause_turn: the turn stopped before it was complete (only server tools pause).
            return "length"
        case "refusal":
            return "content_filter"
    raise ProviderError(f"anthropic: unexpected stop_reason {reason!r}")


def _tool_input(arguments: str) -> dict[str, Any]:
    """Echo a call's arguments back as the object Anthropic requires; arguments the model
    mangled become `{}` (the tool result already told it what was wrong)."""
    try:
        value = json.loads(arguments) if arguments else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _conversation(system: str, messages: Sequence[Message]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(system blocks, messages) in Anthropic's shape."""
    system_parts = [system] if system else []
    out: list[dict[str, Any]] = []
    tool_results: list[dict[str, Any]] | None = None
    for msg in messages:
        match msg.role:
            case "system":
                system_parts.append(msg.content)
                continue
            case "user":
                out.append({"role": "user", "content": msg.content})
            case "assistant":
                blocks: list[dict[str, Any]] = []
                if msg.content:
                    blocks.append({"type": "text", "text": msg.content})
                blocks.extend(
                    {"type": "tool_use", "id": c.id, "name": c.name, "input": _tool_input(c.arguments)}
                    for c in msg.tool_calls
                )
                if blocks:
                    out.append({"role": "assistant", "content": blocks})
            case "tool":
                block: dict[str, Any] = {
                    "type": "tool_result", "tool_use_id": msg.tool_call_id, "content": msg.content,
                }
                if msg.is_error:
                    block["is_error"] = True
                if tool_results is None:
                    tool_results = []
                    out.append({"role": "user", "content": tool_results})
                tool_results.append(block)
                continue
            case _:
                assert_never(msg.role)
        tool_results = None
    system_blocks = []
    if system_parts:
        system_blocks.append({"type": "text", "text": "\n\n".join(system_parts), "cache_control": _EPHEMERAL})
    return system_blocks, out


def _tools(tools: Sequence[ToolDefinition]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
    ]
    if out:
        out[-1]["cache_control"] = _EPHEMERAL
    return out


def _input_tokens(usage: Any) -> int:
    """Billed input: uncached plus cache writes plus cache reads."""
    return (
        (usage.input_tokens or 0)
        + (usage.cache_creation_input_tokens or 0)
        + (usage.cache_read_input_tokens or 0)
    )


_PREWARMED_HTTP: list[httpx2.AsyncClient] = []


def prewarm() -> None:
    """Init-phase work for a SnapStart snapshot, with no key and no connection: the SDK's lazily
    imported resources and one HTTP client kept for the first provider built after restore."""
    from anthropic import DefaultAsyncHttpxClient

    throwaway = AsyncAnthropic(api_key="prewarm-no-key", http_client=DefaultAsyncHttpxClient())
    _ = throwaway.messages
    _PREWARMED_HTTP.append(DefaultAsyncHttpxClient())


class AnthropicProvider(LLMProvider):
    name = "anthropic"

    def __init__(self, *, api_key: str, base_url: str | None, timeout: float, max_retries: int) -> None:
        self._client = AsyncAnthropic(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries,
            http_client=_PREWARMED_HTTP.pop() if _PREWARMED_HTTP else None,
            # The SDK's own span would be a second `chat` span (and token count) under the
            # provider-neutral one each round gets (providers/traced.py).
            open_telemetry=False,
        )

    def _request(
        self, system: str, messages: Sequence[Message], tools: Sequence[ToolDefinition], model_tier: str
    ) -> dict[str, Any]:
        cfg = model_config("anthropic", model_tier)
        system_blocks, conversation = _conversation(system, messages)
        request: dict[str, Any] = {"model": cfg.model, "max_tokens": cfg.max_tokens, "messages": conversation}
        if system_blocks:
            request["system"] = system_blocks
        if tools:
            request["tools"] = _tools(tools)
        return request

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        request = self._request(system, messages, tools, model_tier)
        try:
            response = await self._client.messages.create(**request)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        texts: list[str] = []
        calls: list[ToolCall] = []
        for block in response.content:
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "tool_use":
                calls.append(ToolCall(block.id, block.name, json.dumps(block.input)))
        usage = response.usage
        return LLMResponse(
            text="".join(texts),
            tool_calls=tuple(calls),
            finish_reason=_finish_reason(response.stop_reason),
            usage=Usage(_input_tokens(usage), usage.output_tokens or 0),
            provider=self.name,
        )

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        request = self._request(system, messages, tools, model_tier)
        try:
            sdk_stream = await self._client.messages.create(**request, stream=True)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        # block index -> (id, name, initial input, input_json fragments)
        pending: dict[int, tuple[str, str, Any, list[str]]] = {}
        stop_reason: str | None = None
        input_tokens = output_tokens = 0
        try:
            async with sdk_stream:
                async for event in sdk_stream:
                    kind = event.type
                    if kind == "content_block_delta":
                        delta = event.delta
                        if delta.type == "text_delta":
                            yield TextDelta(delta.text)
                        elif delta.type == "input_json_delta" and event.index in pending:
                            pending[event.index][3].append(delta.partial_json)
                    elif kind == "content_block_start":
                        block = event.content_block
                        if block.type == "tool_use":
                            pending[event.index] = (block.id, block.name, block.input, [])
                        elif block.type == "text" and block.text:
                            yield TextDelta(block.text)
                    elif kind == "content_block_stop":
                        started = pending.pop(event.index, None)
                        if started is not None:
                            call_id, name, initial, parts = started
                            arguments = "".join(parts) if parts else json.dumps(initial or {})
                            yield ToolCallComplete(ToolCall(call_id, name, arguments))
                    elif kind == "message_start":
                        input_tokens = _input_tokens(event.message.usage)
                        output_tokens = event.message.usage.output_tokens or 0
                    elif kind == "message_delta":
                        stop_reason = event.delta.stop_reason or stop_reason
                        if event.usage.input_tokens is not None:
                            input_tokens = _input_tokens(event.usage)
                        output_tokens = event.usage.output_tokens or output_tokens
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        if stop_reason is None:
            raise ProviderError("anthropic: stream ended without a stop reason")
        yield StreamFinish(_finish_reason(stop_reason), Usage(input_tokens, output_tokens), self.name)

    async def aclose(self) -> None:
        await self._client.close()
