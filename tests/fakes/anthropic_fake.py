"""Fake Anthropic Messages: `POST /v1/messages`, JSON or SSE with `event:` lines
(message_start, content_block_start/delta/stop with text_delta and input_json_delta,
message_delta with stop_reason and usage, message_stop)."""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.script import Fail, Reply, StreamFail
from tests.fakes.server import FakeLLMServer


def _call_id(reply: Reply, index: int) -> str:
    return reply.calls[index].id or f"toolu_fake_{index}"


def _sse(payload: dict[str, Any]) -> bytes:
    return f"event: {payload['type']}\ndata: {json.dumps(payload)}\n\n".encode()


class FakeAnthropicServer(FakeLLMServer):
    path = "/v1/messages"
    provider = "anthropic"

    @staticmethod
    def _stop(reply: Reply) -> str:
        return reply.finish or ("tool_use" if reply.calls else "end_turn")

    def json_reply(self, step: Reply, request: dict[str, Any]) -> dict[str, Any]:
        content: list[dict[str, Any]] = []
        if step.text:
            content.append({"type": "text", "text": step.text})
        for i, call in enumerate(step.calls):
            if not isinstance(call.arguments, dict):
                raise ValueError("a non-streamed Anthropic tool_use input is always an object")
            content.append({"type": "tool_use", "id": _call_id(step, i), "name": call.name,
                            "input": call.arguments})
        return {
            "id": "msg_fake", "type": "message", "role": "assistant", "model": request.get("model"),
            "content": content, "stop_reason": self._stop(step), "stop_sequence": None,
            "usage": {"input_tokens": step.usage[0], "output_tokens": step.usage[1]},
        }

    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        events = [_sse({
            "type": "message_start",
            "message": {"id": "msg_fake", "type": "message", "role": "assistant", "model": request.get("model"),
                        "content": [], "stop_reason": None, "stop_sequence": None,
                        "usage": {"input_tokens": step.usage[0], "output_tokens": 1}},
        })]
        index = 0
        if step.text:
            events.append(_sse({"type": "content_block_start", "index": index,
                                "content_block": {"type": "text", "text": ""}}))
            events += [_sse({"type": "content_block_delta", "index": index,
                             "delta": {"type": "text_delta", "text": piece}}) for piece in step.text_chunks()]
            events.append(_sse({"type": "content_block_stop", "index": index}))
            index += 1
        for i, call in enumerate(step.calls):
            events.append(_sse({"type": "content_block_start", "index": index,
                                "content_block": {"type": "tool_use", "id": _call_id(step, i), "name": call.name,
                                                  "input": {}}}))
            raw = call.raw_arguments
            half = len(raw) // 2
            for fragment in (raw[:half], raw[half:]):
                events.append(_sse({"type": "content_block_delta", "index": index,
                                    "delta": {"type": "input_json_delta", "partial_json": fragment}}))
            events.append(_sse({"type": "content_block_stop", "index": index}))
            index += 1
        events.append(_sse({"type": "message_delta", "delta": {"stop_reason": self._stop(step), "stop_sequence": None},
                            "usage": {"output_tokens": step.usage[1]}}))
        events.append(_sse({"type": "message_stop"}))
        return events

    def error_body(self, step: Fail) -> dict[str, Any]:
        kind = "rate_limit_error" if step.status == 429 else "api_error"
        return {"type": "error", "error": {"type": kind, "message": step.message}}

    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        reply = Reply(step.text)
        started = self.sse_events(reply, request)[: 1 + (1 + len(reply.text_chunks()) if step.text else 0)]
        return [*started, _sse({"type": "error", "error": {"type": step.kind, "message": step.message}})]
