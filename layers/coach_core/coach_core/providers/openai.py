"""OpenAI Chat Completions (or any OpenAI-compatible server) behind `LLMProvider`.

Requests go through the SDK's typed API (`chat.completions.create` with its message and tool
param types); responses arrive as the SDK's `ChatCompletion` / `ChatCompletionChunk` models.
The SDK builds those models without validating them, so every field read here is checked and
anything unknown (a finish reason, a tool-call type, a missing or mistyped field) fails as a
`ProviderResponseError` (failed over, like an outage) rather than passing on a wrong answer.
OpenAI shapes (`tool` role messages, streamed tool-call deltas keyed by index, finish reasons,
refusals) and OpenAI exceptions stay in this module.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Literal, Never, NoReturn, TypeVar, assert_never

import httpx2
import openai
from openai import AsyncOpenAI, Omit, omit
from openai.types import CompletionUsage, Moderation
from openai.types.chat import (
    ChatCompletion,
    ChatCompletionChunk,
    ChatCompletionMessage,
    ChatCompletionMessageCustomToolCall,
    ChatCompletionMessageFunctionToolCall,
    ChatCompletionMessageFunctionToolCallParam,
    ChatCompletionMessageParam,
    ChatCompletionToolParam,
)
from openai.types.chat.chat_completion import Choice
from openai.types.chat.chat_completion_chunk import Choice as ChunkChoice
from openai.types.chat.chat_completion_chunk import ChoiceDelta, ChoiceDeltaToolCall, ChoiceDeltaToolCallFunction
from openai.types.chat.chat_completion_message_function_tool_call import Function
from openai.types.moderation import CategoryScores
from openai.types.shared_params import ResponseFormatJSONObject

from coach_core.errors import ProviderError, ProviderResponseError, ProviderTimeoutError, ProviderUnavailableError
from coach_core.providers.base import (
    FinishReason,
    LLMProvider,
    LLMResponse,
    Message,
    ModerationResult,
    Moderator,
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
from coach_core.providers.model_config import OPENAI_MODERATION_MODEL, model_config

_SDK_ERRORS = (openai.OpenAIError, httpx2.HTTPError, json.JSONDecodeError)
_STREAMED_OUTAGES = frozenset({"server_error", "rate_limit_exceeded"})
"""`error.type` values of an error object sent inside a 200 stream that mean an outage."""
_T = TypeVar("_T")
SdkFinishReason = Literal["stop", "length", "tool_calls", "content_filter", "function_call"]


def _map_error(exc: BaseException) -> ProviderError:
    """SDK/transport failure → internal error, classified once (its `retryable` flag decides
    failover); the detail (logs only) names no body or key."""
    if isinstance(exc, openai.APITimeoutError | httpx2.TimeoutException):
        return ProviderTimeoutError("openai: request timed out")
    if isinstance(exc, openai.APIStatusError):
        return status_error(f"openai: HTTP {exc.status_code} ({type(exc).__name__})", exc.status_code)
    if isinstance(exc, openai.APIConnectionError | httpx2.HTTPError):
        return ProviderUnavailableError(f"openai: connection failed ({type(exc).__name__})")
    if isinstance(exc, openai.APIResponseValidationError | json.JSONDecodeError):
        return ProviderResponseError(f"openai: malformed response ({type(exc).__name__})")
    if isinstance(exc, openai.APIError) and exc.type in _STREAMED_OUTAGES:
        # An `error` object inside a 200 stream: the server failed after it had started.
        return ProviderUnavailableError(f"openai: streamed {exc.type}")
    return ProviderError(f"openai: {type(exc).__name__}")


def _unexpected(what: str, value: Never) -> NoReturn:
    """`assert_never` for the SDK's Literals: mypy proves every listed value is handled, and
    a value the SDK's unvalidated models let through (a newer API) fails as a ProviderResponseError."""
    raise ProviderResponseError(f"openai: unexpected {what} {value!r}")


def _malformed(what: str) -> ProviderResponseError:
    return ProviderResponseError(f"openai: malformed response ({what})")


def _finish_reason(reason: SdkFinishReason) -> FinishReason:
    match reason:
        case "stop":
            return "stop"
        case "tool_calls":
            return "tool_calls"
        case "length":
            return "length"
        case "content_filter":
            return "content_filter"
        case "function_call":
            # Legacy `functions` are never sent, so a legacy function call cannot be run.
            raise ProviderResponseError("openai: unexpected finish_reason 'function_call'")
        case _:
            _unexpected("finish_reason", reason)


def _text(value: object, what: str) -> str:
    """An optional string field: None → ""; anything else but a string is malformed."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise _malformed(f"{what} is not a string")
    return value


def _usage(usage: CompletionUsage | None) -> Usage:
    if usage is None:
        return Usage()
    if not isinstance(usage, CompletionUsage):
        raise _malformed("usage is not an object")
    prompt, completion = usage.prompt_tokens or 0, usage.completion_tokens or 0
    if not isinstance(prompt, int) or not isinstance(completion, int):
        raise _malformed("token counts are not integers")
    return Usage(prompt, completion)


def _tool_call_param(call: ToolCall) -> ChatCompletionMessageFunctionToolCallParam:
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}


def _message(msg: Message) -> ChatCompletionMessageParam:
    match msg.role:
        case "system":
            return {"role": "system", "content": msg.content}
        case "user":
            return {"role": "user", "content": msg.content}
        case "assistant":
            if msg.tool_calls:
                # Content may be null only next to tool calls.
                return {
                    "role": "assistant",
                    "content": msg.content or None,
                    "tool_calls": [_tool_call_param(c) for c in msg.tool_calls],
                }
            return {"role": "assistant", "content": msg.content}
        case "tool":
            if msg.tool_call_id is None:
                raise ProviderError("openai: a tool result has no tool_call_id")
            return {"role": "tool", "tool_call_id": msg.tool_call_id, "content": msg.content}
        case _:
            assert_never(msg.role)


def _tool(tool: ToolDefinition) -> ChatCompletionToolParam:
    return {
        "type": "function",
        "function": {"name": tool.name, "description": tool.description, "parameters": tool.parameters},
    }


@dataclass(frozen=True, slots=True)
class _Request:
    """What `create` is called with for one turn (streamed or not)."""

    model: str
    max_tokens: int
    temperature: float | Omit
    messages: list[ChatCompletionMessageParam]
    tools: list[ChatCompletionToolParam] | Omit
    response_format: ResponseFormatJSONObject | Omit


def _response_format(wanted: ResponseFormat) -> ResponseFormatJSONObject | Omit:
    match wanted:
        case "json":
            return {"type": "json_object"}
        case "text":
            return omit
        case _:
            assert_never(wanted)


def _request(
    system: str,
    messages: Sequence[Message],
    tools: Sequence[ToolDefinition],
    model_tier: str,
    response_format: ResponseFormat = "text",
) -> _Request:
    cfg = model_config("openai", model_tier)
    return _Request(
        model=cfg.model,
        max_tokens=cfg.max_tokens,
        temperature=omit if cfg.temperature is None else cfg.temperature,
        messages=[{"role": "system", "content": system}, *map(_message, messages)],
        tools=[_tool(t) for t in tools] if tools else omit,
        response_format=_response_format(response_format),
    )


def _expect(value: object, kind: type[_T], what: str) -> _T:
    """`value` as the SDK model it should be: the SDK does not validate what it builds."""
    if not isinstance(value, kind):
        raise _malformed(f"{what} is missing" if value is None else f"{what} is not {kind.__name__}")
    return value


def _list(value: object, what: str) -> list[object]:
    """An optional list field: None → []."""
    if value is None:
        return []
    return _expect(value, list, what)


def _tool_calls(message: ChatCompletionMessage) -> tuple[ToolCall, ...]:
    calls = []
    for tc in _list(message.tool_calls, "tool_calls"):
        match tc:
            case ChatCompletionMessageFunctionToolCall() if tc.type == "function":
                function = _expect(tc.function, Function, "tool call function")
                call_id = _expect(tc.id, str, "tool call id")
                name = _expect(function.name, str, "tool call name")
                calls.append(ToolCall(call_id, name, _expect(function.arguments, str, "tool call arguments")))
            case ChatCompletionMessageFunctionToolCall() | ChatCompletionMessageCustomToolCall():
                # Custom (free-text) tools are never offered; any other type is newer than this code.
                raise ProviderResponseError(f"openai: unexpected tool call type {tc.type!r}")
            case _:
                raise _malformed("tool call is not an object")
    return tuple(calls)


def _completion(response: ChatCompletion) -> LLMResponse:
    _expect(response, ChatCompletion, "chat completion")
    choices = _list(response.choices, "choices")
    if not choices:
        raise ProviderResponseError("openai: response has no choices")
    choice = _expect(choices[0], Choice, "choice")
    message = _expect(choice.message, ChatCompletionMessage, "message")
    refusal = _text(message.refusal, "refusal")
    finish = _finish_reason(choice.finish_reason)
    return LLMResponse(
        # A refusal is the model's answer to the user, in place of content.
        text=_text(message.content, "content") or refusal,
        tool_calls=_tool_calls(message),
        finish_reason="content_filter" if refusal else finish,
        usage=_usage(response.usage),
        provider=OpenAIProvider.name,
    )


class _StreamState:
    """What a stream has said so far: tool-call pieces by index, finish, usage, refusal."""

    __slots__ = ("args", "finish", "ids", "names", "refused", "usage")

    def __init__(self) -> None:
        self.ids: dict[int, str] = {}
        self.names: dict[int, list[str]] = {}
        self.args: dict[int, list[str]] = {}
        self.finish: FinishReason | None = None
        self.refused = False
        self.usage = Usage()

    def tool_delta(self, part: ChoiceDeltaToolCall) -> None:
        """One streamed piece of a tool call; OpenAI keys a call's pieces by `index`."""
        index = _expect(part.index, int, "streamed tool call index")
        if part.type not in (None, "function"):
            # Custom (free-text) tools are never offered; any other type is newer than this code.
            raise ProviderResponseError(f"openai: unexpected tool call type {part.type!r}")
        names = self.names.setdefault(index, [])
        args = self.args.setdefault(index, [])
        if part.id:
            self.ids.setdefault(index, _text(part.id, "tool call id"))
        if part.function is not None:
            function = _expect(part.function, ChoiceDeltaToolCallFunction, "streamed tool call function")
            if function.name:
                names.append(_text(function.name, "tool call name"))
            if function.arguments:
                args.append(_text(function.arguments, "tool call arguments"))

    def calls(self) -> list[ToolCall]:
        """The complete calls; one whose name never arrived is malformed (nothing could run it)."""
        calls = []
        for i in sorted(self.names):
            name = "".join(self.names[i])
            if not name:
                raise _malformed("streamed tool call has no name")
            calls.append(ToolCall(self.ids.get(i, f"call_{i}"), name, "".join(self.args[i])))
        return calls


def _read_chunk(chunk: ChatCompletionChunk, state: _StreamState) -> list[str]:
    """Fold one chunk into `state`; the text it carries, in order."""
    _expect(chunk, ChatCompletionChunk, "stream chunk")
    if chunk.usage is not None:
        state.usage = _usage(chunk.usage)
    texts = []
    for item in _list(chunk.choices, "choices"):
        choice = _expect(item, ChunkChoice, "choice")
        delta = _expect(choice.delta, ChoiceDelta, "delta")
        if delta.content:
            texts.append(_text(delta.content, "content"))
        if delta.refusal:
            state.refused = True
            texts.append(_text(delta.refusal, "refusal"))
        for part in _list(delta.tool_calls, "tool_calls"):
            state.tool_delta(_expect(part, ChoiceDeltaToolCall, "streamed tool call"))
        if choice.finish_reason is not None:
            state.finish = _finish_reason(choice.finish_reason)
    return texts


_PREWARMED_HTTP: list[httpx2.AsyncClient] = []


def prewarm() -> None:
    """Init-phase work for a SnapStart snapshot, with no key and no connection: the SDK's lazily
    imported resources (a throwaway client touches them) and one HTTP client (its TLS context
    takes ~20 ms to build) kept for the first provider built after restore."""
    from openai import DefaultAsyncHttpxClient

    throwaway = AsyncOpenAI(api_key="prewarm-no-key", http_client=DefaultAsyncHttpxClient())
    _ = throwaway.chat.completions, throwaway.moderations
    _PREWARMED_HTTP.append(DefaultAsyncHttpxClient())


class OpenAIProvider(LLMProvider):
    """`http_client` is the SDK's own hook for the HTTP client it sends with (tests pass one
    with a mock transport); by default the SDK builds its own."""

    name = "openai"

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str | None,
        timeout: float,
        max_retries: int,
        http_client: httpx2.AsyncClient | None = None,
    ) -> None:
        if http_client is None and _PREWARMED_HTTP:
            http_client = _PREWARMED_HTTP.pop()
        self._client = AsyncOpenAI(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries, http_client=http_client
        )

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        request = _request(system, messages, tools, model_tier, response_format)
        try:
            response = await self._client.chat.completions.create(
                model=request.model,
                max_tokens=request.max_tokens,
                temperature=request.temperature,
                messages=request.messages,
                tools=request.tools,
                response_format=request.response_format,
            )
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        return _completion(response)

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        request = _request(system, messages, tools, model_tier, response_format)
        try:
            sdk_stream = await self._client.chat.completions.create(
                model=request.model,
                max_tokens=request.max_tokens,
                temperature=request.temperature,
                messages=request.messages,
                tools=request.tools,
                response_format=request.response_format,
                stream=True,
                stream_options={"include_usage": True},
            )
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        state = _StreamState()
        try:
            async with sdk_stream:
                async for chunk in sdk_stream:
                    for text in _read_chunk(chunk, state):
                        yield TextDelta(text)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        if state.finish is None:
            raise ProviderResponseError("openai: stream ended without a finish reason")
        for call in state.calls():
            yield ToolCallComplete(call)
        yield StreamFinish("content_filter" if state.refused else state.finish, state.usage, self.name)

    async def aclose(self) -> None:
        await self._client.close()


class OpenAIModerator(Moderator):
    """OpenAI's moderation endpoint (`moderations.create`) behind `Moderator`. Category names
    are OpenAI's wire names (`self-harm/intent`, ...); errors map like the chat provider's."""

    name = "openai-moderation"

    def __init__(
        self, *, api_key: str, base_url: str | None, timeout: float, http_client: httpx2.AsyncClient | None = None
    ) -> None:
        # No SDK retries: the guard has a short budget and falls back to the rules on failure.
        self._client = AsyncOpenAI(
            api_key=api_key, base_url=base_url, timeout=timeout, max_retries=0, http_client=http_client
        )

    async def moderate(self, text: str) -> ModerationResult:
        try:
            response = await self._client.moderations.create(model=OPENAI_MODERATION_MODEL, input=text)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        results = _list(response.results, "moderation results")
        if not results:
            raise _malformed("moderation results are empty")
        result = _expect(results[0], Moderation, "moderation result")
        scores = _expect(result.category_scores, CategoryScores, "category scores").model_dump(by_alias=True)
        clean: dict[str, float] = {}
        for category, score in scores.items():
            if not isinstance(score, int | float) or isinstance(score, bool):
                raise _malformed(f"score of {category} is not a number")
            clean[str(category)] = float(score)
        return ModerationResult(clean, bool(result.flagged), _text(response.model, "moderation model") or "")

    async def aclose(self) -> None:
        await self._client.close()
