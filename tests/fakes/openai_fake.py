"""Fake OpenAI Chat Completions: `POST /v1/chat/completions`, JSON or SSE `data:` chunks
ending in `data: [DONE]` (with a usage chunk when `stream_options.include_usage`)."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.script import Fail, Reply, StreamFail
from tests.fakes.server import FakeLLMServer


def _call_id(reply: Reply, index: int) -> str:
    call = reply.calls[index]
    return call.id or f"call_fake_{index}"


def _usage(reply: Reply) -> dict[str, int]:
    prompt, completion = reply.usage
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _sse(payload: dict[str, Any] | str) -> bytes:
    data = payload if isinstance(payload, str) else json.dumps(payload)
    return f"data: {data}\n\n".encode()


class FakeOpenAIServer(FakeLLMServer):
    path = "/v1/chat/completions"
    provider = "openai"
    base_path = "/v1"

    @staticmethod
    def _finish(reply: Reply) -> str:
        return reply.finish or ("tool_calls" if reply.calls else "stop")

    def json_reply(self, step: Reply, request: dict[str, Any]) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": step.text or None, "refusal": None}
        if step.calls:
            message["tool_calls"] = [
                {"id": _call_id(step, i), "type": "function",
                 "function": {"name": c.name, "arguments": c.raw_arguments}}
                for i, c in enumerate(step.calls)
            ]
        return {
            "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": request.get("model"),
            "choices": [{"index": 0, "message": message, "finish_reason": self._finish(step), "logprobs": None}],
            "usage": _usage(step),
        }

    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0,
                "model": request.get("model")}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
            return _sse({**base, "choices": [choice]})

        events = [chunk({"role": "assistant", "content": ""})]
        events += [chunk({"content": piece}) for piece in step.text_chunks()]
        for i, call in enumerate(step.calls):
            events.append(chunk({"tool_calls": [{"index": i, "id": _call_id(step, i), "type": "function",
                                                 "function": {"name": call.name, "arguments": ""}}]}))
            raw = call.raw_arguments
            half = len(raw) // 2
            for fragment in (raw[:half], raw[half:]):
                if fragment:
                    events.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": fragment}}]}))
        events.append(chunk({}, self._finish(step)))
        if (request.get("stream_options") or {}).get("include_usage"):
            events.append(_sse({**base, "choices": [], "usage": _usage(step)}))
        events.append(_sse("[DONE]"))
        return events

    def error_body(self, step: Fail) -> dict[str, Any]:
        kind = "rate_limit_exceeded" if step.status == 429 else "server_error"
        return {"error": {"message": step.message, "type": kind, "param": None, "code": None}}

    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        started = self.sse_events(Reply(step.text), request)[: 1 + len(Reply(step.text).text_chunks())]
        return [*started, _sse({"error": {"message": step.message, "type": step.kind, "param": None, "code": None}})]
