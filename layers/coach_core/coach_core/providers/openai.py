"""OpenAI Chat Completions (or any OpenAI-compatible server) behind `LLMProvider`.

OpenAI shapes (tool dicts, `tool` role messages, streamed tool-call deltas keyed by index,
finish reasons) and OpenAI exceptions stay in this module.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Sequence
from typing import Any, assert_never

import httpx2
import openai
from openai import AsyncOpenAI, AsyncStream

from coach_core.errors import ProviderError, ProviderRateLimitError, ProviderTimeoutError
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
)
from coach_core.providers.model_config import model_config

_SDK_ERRORS = (openai.OpenAIError, httpx2.HTTPError, json.JSONDecodeError)
_SHAPE_ERRORS = (AttributeError, KeyError, TypeError, ValueError)
"""A response body that is JSON but not the documented shape."""


def _map_error(exc: BaseException) -> ProviderError:
    """SDK/transport failure → internal error; the detail (logs only) names no body or key."""
    if isinstance(exc, openai.APITimeoutError | httpx2.TimeoutException):
        return ProviderTimeoutError("openai: request timed out")
    if isinstance(exc, openai.RateLimitError):
        return ProviderRateLimitError("openai: rate limited (429)")
    if isinstance(exc, openai.APIStatusError):
        return ProviderError(f"openai: HTTP {exc.status_code} ({type(exc).__name__})")
    if isinstance(exc, openai.APIConnectionError | httpx2.HTTPError):
        return ProviderError(f"openai: connection failed ({type(exc).__name__})")
    return ProviderError(f"openai: {type(exc).__name__}")


def _finish_reason(reason: str | None) -> FinishReason:
    match reason:
        case "stop":
            return "stop"
        case "tool_calls":
            return "tool_calls"
        case "length":
            return "length"
        case "content_filter":
            return "content_filter"
    raise ProviderError(f"openai: unexpected finish_reason {reason!r}")


def _message(msg: Message) -> dict[str, Any]:
    match msg.role:
        case "system" | "user":
            return {"role": msg.role, "content": msg.content}
        case "assistant":
            # Content may be null only next to tool calls.
            out: dict[str, Any] = {"role": "assistant", "content": msg.content or ("" if not msg.tool_calls else None)}
            if msg.tool_calls:
                out["tool_calls"] = [
                    {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}}
                    for c in msg.tool_calls
                ]
            return out
        case "tool":
            return {"role": "tool", "tool_call_id": msg.tool_call_id, "content": msg.content}
        case _:
            assert_never(msg.role)


def _tool(tool: ToolDefinition) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {"name": tool.name, "description": tool.description, "parameters": tool.parameters},
    }


# What `chat.completions.create` sends with its POST: bearer auth only.
_REQUEST_OPTIONS: Any = {"security": {"bearer_auth": True}}


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProviderError(f"openai: {what} is not a JSON object")
    return value


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    usage = _object(usage, "usage")
    return Usage(usage.get("prompt_tokens") or 0, usage.get("completion_tokens") or 0)


def _completion(body: Any) -> LLMResponse:
    """A Chat Completions response body (decoded JSON) → `LLMResponse`."""
    response = _object(body, "response")
    choices = response.get("choices")
    if not choices:
        raise ProviderError("openai: response has no choices")
    choice = _object(choices[0], "choice")
    message = _object(choice.get("message"), "message")
    calls = []
    for tc in message.get("tool_calls") or ():
        tc = _object(tc, "tool call")
        if tc.get("type") != "function":
            raise ProviderError(f"openai: unexpected tool call type {tc.get('type')!r}")
        function = _object(tc.get("function"), "tool call function")
        calls.append(ToolCall(tc["id"], function["name"], function["arguments"]))
    return LLMResponse(
        text=message.get("content") or "",
        tool_calls=tuple(calls),
        finish_reason=_finish_reason(choice.get("finish_reason")),
        usage=_usage(response.get("usage")),
    )


class OpenAIProvider(LLMProvider):
    """Requests go out through the SDK's low-level `post` and responses are read as plain
    JSON. The SDK's transport, auth, retries, timeouts, error classes and SSE decoding are
    all kept; skipped are its per-request parameter transform (it walks every message and
    tool schema against the SDK's TypedDicts, ~0.2 ms per message) and its response model
    construction (~0.2 ms per completion, ~0.16 ms per streamed chunk: ~3 ms for an
    18-chunk answer). `_request` builds plain JSON with no aliased or omitted keys, so the
    JSON sent equals what `chat.completions.create` sends (tests/unit/test_openai_request.py)."""

    name = "openai"

    def __init__(self, *, api_key: str, base_url: str | None, timeout: float, max_retries: int) -> None:
        self._client = AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries)

    def _request(
        self,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> dict[str, Any]:
        cfg = model_config("openai", model_tier)
        request: dict[str, Any] = {
            "model": cfg.model,
            "max_tokens": cfg.max_tokens,
            "messages": [{"role": "system", "content": system}, *map(_message, messages)],
        }
        if cfg.temperature is not None:
            request["temperature"] = cfg.temperature
        if tools:
            request["tools"] = [_tool(t) for t in tools]
        match response_format:
            case "json":
                request["response_format"] = {"type": "json_object"}
            case "text":
                pass
            case _:
                assert_never(response_format)
        return request

    async def _post(self, body: dict[str, Any]) -> object:
        """POST /chat/completions; the decoded JSON body (`cast_to=object`: no model built)."""
        return await self._client.post("/chat/completions", cast_to=object, body=body, options=_REQUEST_OPTIONS)

    async def _post_stream(self, body: dict[str, Any]) -> AsyncStream[object]:
        """The streamed variant of `_post` (`body` carries `stream: true`): the SDK decodes the
        SSE events (and raises on an `error` event); each chunk arrives as decoded JSON."""
        return await self._client.post(
            "/chat/completions",
            cast_to=object,
            body=body,
            options=_REQUEST_OPTIONS,
            stream=True,
            stream_cls=AsyncStream[object],
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
        request = self._request(system, messages, tools, model_tier, response_format)
        try:
            body = await self._post(request)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        try:
            return _completion(body)
        except _SHAPE_ERRORS as exc:
            raise ProviderError(f"openai: malformed response ({type(exc).__name__})") from exc

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
        request["stream"] = True
        request["stream_options"] = {"include_usage": True}
        try:
            sdk_stream = await self._post_stream(request)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        # index -> [id, name, argument fragments...]; OpenAI streams each call's pieces by index.
        pending: dict[int, tuple[list[str], list[str], list[str]]] = {}
        finish: FinishReason | None = None
        usage = Usage()
        try:
            async with sdk_stream:
                async for raw in sdk_stream:
                    chunk = _object(raw, "stream chunk")
                    if chunk.get("usage") is not None:
                        usage = _usage(chunk["usage"])
                    for choice in chunk.get("choices") or ():
                        delta = choice.get("delta") or {}
                        content = delta.get("content")
                        if content:
                            yield TextDelta(content)
                        for part in delta.get("tool_calls") or ():
                            ids, names, args = pending.setdefault(int(part["index"]), ([], [], []))
                            if part.get("id"):
                                ids.append(part["id"])
                            function = part.get("function")
                            if function is not None:
                                if function.get("name"):
                                    names.append(function["name"])
                                if function.get("arguments"):
                                    args.append(function["arguments"])
                        if choice.get("finish_reason") is not None:
                            finish = _finish_reason(choice["finish_reason"])
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        except _SHAPE_ERRORS as exc:
            raise ProviderError(f"openai: malformed stream chunk ({type(exc).__name__})") from exc
        if finish is None:
            raise ProviderError("openai: stream ended without a finish reason")
        for index in sorted(pending):
            ids, names, args = pending[index]
            call_id = ids[0] if ids else f"call_{index}"
            yield ToolCallComplete(ToolCall(call_id, "".join(names), "".join(args)))
        yield StreamFinish(finish, usage)

    async def aclose(self) -> None:
        await self._client.close()
