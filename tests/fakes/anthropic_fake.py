"""Fake Anthropic Messages: `POST /v1/messages`, JSON or SSE with `event:` lines
(message_start, content_block_start/delta/stop with text_delta and input_json_delta,
message_delta with stop_reason and usage, message_stop)."""

from __future__ import annotations

import json
from typing import Any, assert_never

from tests.fakes.script import MALFORMED_BASE, Fail, MalformedCase, Reply, StreamFail
from tests.fakes.server import FakeLLMServer


def _call_id(reply: Reply, index: int) -> str:
    return reply.calls[index].id or f"toolu_fake_{index}"


def _sse(payload: dict[str, Any], event: str | None = None) -> bytes:
    return f"event: {event or payload['type']}\ndata: {json.dumps(payload)}\n\n".encode()


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
            content.append({"type": "tool_use", "id": _call_id(step, i), "name": call.name, "input": call.arguments})
        return {
            "id": "msg_fake",
            "type": "message",
            "role": "assistant",
            "model": request.get("model"),
            "content": content,
            "stop_reason": self._stop(step),
            "stop_sequence": None,
            "usage": {"input_tokens": step.usage[0], "output_tokens": step.usage[1]},
        }

    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        return [_sse(payload) for payload in self._payloads(step, request)]

    def _payloads(self, step: Reply, request: dict[str, Any]) -> list[dict[str, Any]]:
        """The stream's events (each one's `type` is its SSE event name)."""
        payloads: list[dict[str, Any]] = [
            {
                "type": "message_start",
                "message": {
                    "id": "msg_fake",
                    "type": "message",
                    "role": "assistant",
                    "model": request.get("model"),
                    "content": [],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {"input_tokens": step.usage[0], "output_tokens": 1},
                },
            }
        ]
        index = 0
        if step.text:
            payloads.append(
                {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}
            )
            payloads += [
                {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}}
                for piece in step.text_chunks()
            ]
            payloads.append({"type": "content_block_stop", "index": index})
            index += 1
        for i, call in enumerate(step.calls):
            payloads.append(
                {
                    "type": "content_block_start",
                    "index": index,
                    "content_block": {"type": "tool_use", "id": _call_id(step, i), "name": call.name, "input": {}},
                }
            )
            raw = call.raw_arguments
            half = len(raw) // 2
            payloads += [
                {
                    "type": "content_block_delta",
                    "index": index,
                    "delta": {"type": "input_json_delta", "partial_json": fragment},
                }
                for fragment in (raw[:half], raw[half:])
            ]
            payloads.append({"type": "content_block_stop", "index": index})
            index += 1
        payloads.append(
            {
                "type": "message_delta",
                "delta": {"stop_reason": self._stop(step), "stop_sequence": None},
                "usage": {"output_tokens": step.usage[1]},
            }
        )
        payloads.append({"type": "message_stop"})
        return payloads

    def error_body(self, step: Fail) -> dict[str, Any]:
        kind = "rate_limit_error" if step.status == 429 else "api_error"
        return {"type": "error", "error": {"type": kind, "message": step.message}}

    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        reply = Reply(step.text)
        started = self.sse_events(reply, request)[: 1 + (1 + len(reply.text_chunks()) if step.text else 0)]
        return [*started, _sse({"type": "error", "error": {"type": step.kind, "message": step.message}})]

    def malformed_body(self, case: MalformedCase, request: dict[str, Any]) -> bytes:
        body = self.json_reply(MALFORMED_BASE, request)
        text, call = body["content"]
        match case:
            case "not-an-object":
                return json.dumps(["not", "an", "object"]).encode()
            case "part-not-an-object":
                body["content"] = [7, call]
            case "text-missing":
                del text["text"]
            case "text-not-a-string":
                text["text"] = 5
            case "call-id-not-a-string":
                call["id"] = 5
            case "call-name-missing":
                del call["name"]
            case "call-arguments-mistyped":
                call["input"] = [3]
            case "unknown-part-type":
                body["content"].append({"type": "mystery", "payload": "?"})
            case "unknown-finish-reason":
                body["stop_reason"] = "a_new_reason"
            case "finish-missing":
                body["stop_reason"] = None
            case "usage-not-integers":
                body["usage"]["input_tokens"] = "many"
            case "not-json":
                return b"{not json"
            case _:
                assert_never(case)
        return json.dumps(body).encode()

    def malformed_events(self, case: MalformedCase, request: dict[str, Any]) -> list[bytes]:
        payloads = self._payloads(MALFORMED_BASE, request)
        # message_start, text start, "Sure." delta, text stop, tool start, 2 fragments, tool stop, delta, stop
        start, text_start, text, tool_start, fragment, message_delta = (
            payloads[0],
            payloads[1],
            payloads[2],
            payloads[4],
            payloads[5],
            payloads[-2],
        )
        events = [_sse(p) for p in payloads]
        match case:
            case "not-an-object":
                events.insert(2, b"event: content_block_delta\ndata: [1, 2]\n\n")
                return events
            case "part-not-an-object":
                text_start["content_block"] = 7
            case "text-missing":
                del text["delta"]["text"]
            case "text-not-a-string":
                text["delta"]["text"] = 5
            case "call-id-not-a-string":
                tool_start["content_block"]["id"] = 5
            case "call-name-missing":
                del tool_start["content_block"]["name"]
            case "call-arguments-mistyped":
                fragment["delta"]["partial_json"] = 5
            case "unknown-part-type":
                tool_start["content_block"]["type"] = "mystery"
            case "unknown-finish-reason":
                message_delta["delta"]["stop_reason"] = "a_new_reason"
            case "finish-missing":
                message_delta["delta"]["stop_reason"] = None
            case "usage-not-integers":
                start["message"]["usage"]["input_tokens"] = "many"
            case "not-json":
                events.insert(2, b"event: content_block_delta\ndata: {not json\n\n")
                return events
            case _:
                assert_never(case)
        return [_sse(p) for p in payloads]
