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
from openai.types.chat import ChatCompletion, ChatCompletionChunk

from coach_core.errors import ProviderError, ProviderRateLimitError, ProviderTimeoutError
from coach_core.providers.base import (
    FinishReason,
    LLMProvider,
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

_SDK_ERRORS = (openai.OpenAIError, httpx2.HTTPError, json.JSONDecodeError)


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


def _usage(usage: Any) -> Usage:
    if usage is None:
        return Usage()
    return Usage(usage.prompt_tokens or 0, usage.completion_tokens or 0)


class OpenAIProvider(LLMProvider):
    name = "openai"

    def __init__(self, *, api_key: str, base_url: str | None, timeout: float, max_retries: int) -> None:
        self._client = AsyncOpenAI(api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries)

    def _request(
        self, system: str, messages: Sequence[Message], tools: Sequence[ToolDefinition], model_tier: str
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
        return request

    async def _post(self, body: dict[str, Any]) -> ChatCompletion:
        """`chat.completions.create` without its parameter transform: the SDK's documented
        low-level `post`. `create` first walks every message and tool schema against its
        TypedDicts (~0.2 ms per message, the largest CPU cost of a request here) to rename
        aliased keys and drop omitted ones; `_request` builds plain JSON that has neither, so
        the JSON sent is the same (and so are the headers, auth included). Responses are
        parsed into the same SDK models."""
        return await self._client.post(
            "/chat/completions", cast_to=ChatCompletion, body=body, options=_REQUEST_OPTIONS
        )

    async def _post_stream(self, body: dict[str, Any]) -> AsyncStream[ChatCompletionChunk]:
        """The streamed variant of `_post` (`body` carries `stream: true`)."""
        return await self._client.post(
            "/chat/completions",
            cast_to=ChatCompletion,
            body=body,
            options=_REQUEST_OPTIONS,
            stream=True,
            stream_cls=AsyncStream[ChatCompletionChunk],
        )

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
    ) -> LLMResponse:
        request = self._request(system, messages, tools, model_tier)
        try:
            response = await self._post(request)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        if not response.choices:
            raise ProviderError("openai: response has no choices")
        choice = response.choices[0]
        calls = []
        for tc in choice.message.tool_calls or ():
            if tc.type != "function":
                raise ProviderError(f"openai: unexpected tool call type {tc.type!r}")
            calls.append(ToolCall(tc.id, tc.function.name, tc.function.arguments))
        return LLMResponse(
            text=choice.message.content or "",
            tool_calls=tuple(calls),
            finish_reason=_finish_reason(choice.finish_reason),
            usage=_usage(response.usage),
        )

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
    ) -> AsyncGenerator[StreamChunk, None]:
        request = self._request(system, messages, tools, model_tier)
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
                async for chunk in sdk_stream:
                    if chunk.usage is not None:
                        usage = _usage(chunk.usage)
                    for choice in chunk.choices:
                        delta = choice.delta
                        if delta.content:
                            yield TextDelta(delta.content)
                        if delta.tool_calls:
                            for part in delta.tool_calls:
                                ids, names, args = pending.setdefault(part.index, ([], [], []))
                                if part.id:
                                    ids.append(part.id)
                                if part.function is not None:
                                    if part.function.name:
                                        names.append(part.function.name)
                                    if part.function.arguments:
                                        args.append(part.function.arguments)
                        if choice.finish_reason is not None:
                            finish = _finish_reason(choice.finish_reason)
        except _SDK_ERRORS as exc:
            raise _map_error(exc) from exc
        if finish is None:
            raise ProviderError("openai: stream ended without a finish reason")
        for index in sorted(pending):
            ids, names, args = pending[index]
            call_id = ids[0] if ids else f"call_{index}"
            yield ToolCallComplete(ToolCall(call_id, "".join(names), "".join(args)))
        yield StreamFinish(finish, usage)

    async def aclose(self) -> None:
        await self._client.close()
