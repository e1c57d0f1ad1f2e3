"""Anthropic Messages behind `LLMProvider`.

Anthropic shapes stay here: the system prompt goes in `system`, tool calls are `tool_use`
blocks, tool results are `tool_result` blocks in a user turn (consecutive results share
one turn), streamed arguments arrive as `input_json_delta` fragments, and stop reasons map
to internal finish reasons. No temperature is ever sent (see `model_config`). The system
prompt block and the last tool definition carry `cache_control` so the stable prefix of
every round is served from Anthropic's prompt cache.

The SDK builds its response models without validating them (an unknown block type arrives
as a `TextBlock` whose `type` is that unknown name; a missing field as None), so every field
read here is checked, and anything missing, mistyped or unknown (a block, delta or event
type, a stop reason) fails as a `ProviderResponseError`, failed over like an outage.

A JSON answer (`response_format="json"`: the weekly plan) is honoured with a forced tool:
the request offers `JSON_ANSWER_TOOL` (input: any JSON object) beside the data tools and
sets `tool_choice` to `any` (to that tool when there are no others), so every round either
calls data tools or gives the answer as that tool's input, which comes back as the round's
text (JSON) with finish `stop`. A round that calls data tools as well as the answer tool
keeps the data calls only: the model answers again once it has their results.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, Never, NoReturn, TypeVar, assert_never, cast

import anthropic
import httpx2
from anthropic import AsyncAnthropic
from anthropic.types import (
    InputJSONDelta,
    MessageDeltaUsage,
    RawContentBlockDeltaEvent,
    RawContentBlockStartEvent,
    RawContentBlockStopEvent,
    RawMessageDeltaEvent,
    RawMessageStartEvent,
    RawMessageStopEvent,
    StopReason,
    TextBlock,
    ToolUseBlock,
)
from anthropic.types import Message as AnthropicMessage
from anthropic.types import TextDelta as AnthropicTextDelta
from anthropic.types import Usage as AnthropicUsage
from anthropic.types.raw_message_delta_event import Delta as MessageDelta

from coach_core.errors import (
    ProviderError,
    ProviderRateLimitError,
    ProviderResponseError,
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
JSON_ANSWER_TOOL = "json_answer"
_JSON_ANSWER: dict[str, Any] = {
    "name": JSON_ANSWER_TOOL,
    "description": (
        "Give your final answer: the JSON object your instructions ask for, as this tool's input. "
        "Call it once you have every figure you need."
    ),
    "input_schema": {"type": "object", "additionalProperties": True},
}
_T = TypeVar("_T")


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
    if isinstance(exc, anthropic.APIResponseValidationError | json.JSONDecodeError):
        return ProviderResponseError(f"anthropic: malformed response ({type(exc).__name__})")
    return ProviderError(f"anthropic: {type(exc).__name__}")


def _malformed(what: str) -> ProviderResponseError:
    return ProviderResponseError(f"anthropic: malformed response ({what})")


def _unexpected(what: str, value: Never) -> NoReturn:
    """`assert_never` for the SDK's Literals: mypy proves every listed value is handled, and a
    value the SDK's unvalidated models let through (a newer API) fails as a ProviderResponseError."""
    raise ProviderResponseError(f"anthropic: unexpected {what} {value!r}")


def _unknown(what: str, item: object) -> ProviderResponseError:
    """A block, delta or event this code does not read: an unknown `type`, or not an object."""
    kind = getattr(item, "type", None) if isinstance(item, anthropic.BaseModel) else None
    if isinstance(kind, str):
        return ProviderResponseError(f"anthropic: unexpected {what} type {kind!r}")
    return _malformed(f"{what} is not an object with a type")


def _expect(value: object, kind: type[_T], what: str) -> _T:
    """`value` as the type it should be (the SDK does not validate what it builds); a bool is
    never an int here."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _malformed(f"{what} is missing" if value is None else f"{what} is not {kind.__name__}")
    return value


def _tokens(value: object, what: str) -> int:
    """An optional token count: None → 0."""
    return 0 if value is None else _expect(value, int, what)


def _finish_reason(reason: object) -> FinishReason:
    # Any string may come in (the SDK does not validate); an unknown one ends in `case _`.
    stop = cast(StopReason, _expect(reason, str, "stop_reason"))
    match stop:
        case "end_turn" | "stop_sequence":
            return "stop"
        case "tool_use":
            return "tool_calls"
        case "max_tokens" | "model_context_window_exceeded" | "pause_turn":
            # pause_turn: the turn stopped before it was complete (only server tools pause).
            return "length"
        case "refusal":
            return "content_filter"
        case _:
            _unexpected("stop_reason", stop)


def _usage(usage: object, what: str) -> Usage:
    """Billed input (uncached plus cache writes plus cache reads) and output."""
    if not isinstance(usage, AnthropicUsage | MessageDeltaUsage):
        raise _malformed(f"{what} is missing" if usage is None else f"{what} is not an object")
    return Usage(
        _tokens(usage.input_tokens, f"{what} input_tokens")
        + _tokens(usage.cache_creation_input_tokens, f"{what} cache_creation_input_tokens")
        + _tokens(usage.cache_read_input_tokens, f"{what} cache_read_input_tokens"),
        _tokens(usage.output_tokens, f"{what} output_tokens"),
    )


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
                block: dict[str, Any] = {"type": "tool_result", "tool_use_id": msg.tool_call_id, "content": msg.content}
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


def _tools(tools: Sequence[ToolDefinition], response_format: ResponseFormat) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
    ]
    match response_format:
        case "json":
            out.append(dict(_JSON_ANSWER))
        case "text":
            pass
        case _:
            assert_never(response_format)
    if out:
        out[-1]["cache_control"] = _EPHEMERAL
    return out


def _tool_choice(tools: Sequence[ToolDefinition], response_format: ResponseFormat) -> dict[str, Any] | None:
    """Forced for a JSON answer: some tool (data or answer) every round; the answer tool when it
    is the only one."""
    if response_format != "json":
        return None
    return {"type": "any"} if tools else {"type": "tool", "name": JSON_ANSWER_TOOL}


@dataclass(slots=True)
class _Turn:
    """What one response (or stream) said, folded: text, tool calls and the JSON answer."""

    json_mode: bool
    texts: list[str] = field(default_factory=list)
    calls: list[ToolCall] = field(default_factory=list)
    answer: str | None = None

    def call(self, call: ToolCall) -> None:
        if self.json_mode and call.name == JSON_ANSWER_TOOL:
            self.answer = call.arguments
        else:
            self.calls.append(call)

    def text(self) -> str:
        """The round's text; in JSON mode the answer alone (never prose around it), and nothing
        when data tools were called too (the answer comes in a later round)."""
        if not self.json_mode or self.answer is None:
            return "".join(self.texts)
        return "" if self.calls else self.answer

    def finish(self, reason: FinishReason) -> FinishReason:
        """The answer tool's call is the end of the turn, not a tool round."""
        if self.json_mode and self.answer is not None and not self.calls and reason == "tool_calls":
            return "stop"
        return reason


def _read_block(block: object, turn: _Turn) -> None:
    match block:
        case TextBlock(type="text"):
            turn.texts.append(_expect(block.text, str, "text block text"))
        case ToolUseBlock(type="tool_use"):
            arguments = json.dumps(_expect(block.input, dict, "tool_use input"))
            call_id, name = _expect(block.id, str, "tool_use id"), _expect(block.name, str, "tool_use name")
            turn.call(ToolCall(call_id, name, arguments))
        case _:
            # Thinking, server tools, citations... are never requested; anything else is newer.
            raise _unknown("content block", block)


def _completion(response: object, json_mode: bool) -> LLMResponse:
    message = _expect(response, AnthropicMessage, "message")
    turn = _Turn(json_mode)
    for block in _expect(message.content, list, "content"):
        _read_block(block, turn)
    return LLMResponse(
        text=turn.text(),
        tool_calls=tuple(turn.calls),
        finish_reason=turn.finish(_finish_reason(message.stop_reason)),
        usage=_usage(message.usage, "usage"),
        provider=AnthropicProvider.name,
    )


@dataclass(slots=True)
class _ToolBlock:
    id: str
    name: str
    initial: dict[str, Any]
    parts: list[str] = field(default_factory=list)

    def call(self) -> ToolCall:
        return ToolCall(self.id, self.name, "".join(self.parts) if self.parts else json.dumps(self.initial))


@dataclass(slots=True)
class _StreamState:
    """What a stream has said so far: open blocks by index, stop reason, usage."""

    turn: _Turn
    open_blocks: dict[int, _ToolBlock | None] = field(default_factory=dict)
    """index -> the tool_use block being streamed, or None for an open text block."""
    stop_reason: object = None
    input_tokens: int = 0
    output_tokens: int = 0

    def start(self, event: RawContentBlockStartEvent) -> str | None:
        """Open a block; the text it starts with, if any."""
        index = _expect(event.index, int, "content_block_start index")
        block = event.content_block
        match block:
            case TextBlock(type="text"):
                self.open_blocks[index] = None
                return _expect(block.text, str, "text block text") or None
            case ToolUseBlock(type="tool_use"):
                initial = {} if block.input is None else _expect(block.input, dict, "tool_use input")
                self.open_blocks[index] = _ToolBlock(
                    _expect(block.id, str, "tool_use id"), _expect(block.name, str, "tool_use name"), initial
                )
                return None
            case _:
                raise _unknown("content block", block)

    def delta(self, event: RawContentBlockDeltaEvent) -> str | None:
        """One delta of an open block; the text it carries, if any."""
        index = _expect(event.index, int, "content_block_delta index")
        if index not in self.open_blocks:
            raise _malformed(f"delta for block {index}, which was never started")
        tool, delta = self.open_blocks[index], event.delta
        match delta:
            case AnthropicTextDelta(type="text_delta") if tool is None:
                return _expect(delta.text, str, "text_delta text")
            case InputJSONDelta(type="input_json_delta") if tool is not None:
                tool.parts.append(_expect(delta.partial_json, str, "input_json_delta partial_json"))
                return None
            case AnthropicTextDelta(type="text_delta") | InputJSONDelta(type="input_json_delta"):
                raise _malformed(f"{delta.type} inside a block of another type")
            case _:
                raise _unknown("content block delta", delta)

    def stop(self, event: RawContentBlockStopEvent) -> None:
        index = _expect(event.index, int, "content_block_stop index")
        if index not in self.open_blocks:
            raise _malformed(f"stop of block {index}, which was never started")
        tool = self.open_blocks.pop(index)
        if tool is not None:
            self.turn.call(tool.call())

    def read(self, event: object) -> str | None:
        """Fold one stream event in; the text it carries, if any."""
        match event:
            case RawContentBlockDeltaEvent(type="content_block_delta"):  # the hot path first
                return self.delta(event)
            case RawContentBlockStartEvent(type="content_block_start"):
                return self.start(event)
            case RawContentBlockStopEvent(type="content_block_stop"):
                self.stop(event)
            case RawMessageStartEvent(type="message_start"):
                message = _expect(event.message, AnthropicMessage, "message_start message")
                usage = _usage(message.usage, "message_start usage")
                self.input_tokens, self.output_tokens = usage.input_tokens, usage.output_tokens
            case RawMessageDeltaEvent(type="message_delta"):
                reason = _expect(event.delta, MessageDelta, "message_delta delta").stop_reason
                self.stop_reason = reason if reason is not None else self.stop_reason
                usage = _usage(event.usage, "message_delta usage")
                if event.usage.input_tokens is not None:
                    self.input_tokens = usage.input_tokens
                self.output_tokens = usage.output_tokens or self.output_tokens
            case RawMessageStopEvent(type="message_stop"):
                pass
            case _:
                raise _unknown("stream event", event)
        return None


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
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            http_client=_PREWARMED_HTTP.pop() if _PREWARMED_HTTP else None,
            # The SDK's own span would be a second `chat` span (and token count) under the
            # provider-neutral one each round gets (providers/traced.py).
            open_telemetry=False,
        )

    def _request(
        self,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat,
    ) -> dict[str, Any]:
        cfg = model_config("anthropic", model_tier)
        system_blocks, conversation = _conversation(system, messages)
        request: dict[str, Any] = {"model": cfg.model, "max_tokens": cfg.max_tokens, "messages": conversation}
        if system_blocks:
            request["system"] = system_blocks
        offered = _tools(tools, response_format)
        if offered:
            request["tools"] = offered
        choice = _tool_choice(tools, response_format)
        if choice is not None:
            request["tool_choice"] = choice
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
        request = self._request(system, messages, tools, model_tier, response_format)
        try:
            response = await self._client.messages.create(**request)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        return _completion(response, response_format == "json")

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        request = self._request(system, messages, tools, model_tier, response_format)
        try:
            sdk_stream = await self._client.messages.create(**request, stream=True)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        json_mode = response_format == "json"
        state = _StreamState(_Turn(json_mode))
        try:
            async with sdk_stream:
                async for event in sdk_stream:
                    text = state.read(event)
                    if text and not json_mode:
                        yield TextDelta(text)
                    elif text:
                        state.turn.texts.append(text)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        if state.stop_reason is None:
            raise ProviderResponseError("anthropic: stream ended without a stop reason")
        finish = state.turn.finish(_finish_reason(state.stop_reason))
        if json_mode and state.turn.text():
            # The answer is one JSON text, whole: it comes as the tool's input, complete at the end.
            yield TextDelta(state.turn.text())
        for call in state.turn.calls:
            yield ToolCallComplete(call)
        yield StreamFinish(finish, Usage(state.input_tokens, state.output_tokens), self.name)

    async def aclose(self) -> None:
        await self._client.close()
