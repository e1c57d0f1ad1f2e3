"""Fake OpenAI Chat Completions: `POST /v1/chat/completions`, JSON or SSE `data:` chunks
ending in `data: [DONE]` (with a usage chunk when `stream_options.include_usage`)."""

from __future__ import annotations

import json
from typing import Any, assert_never

from tests.fakes.script import MALFORMED_BASE, Fail, MalformedCase, Reply, StreamFail
from tests.fakes.server import FakeLLMServer


def _call_id(reply: Reply, index: int) -> str:
    call = reply.calls[index]
    return call.id or f"call_fake_{index}"


def _usage(reply: Reply) -> dict[str, int]:
    prompt, completion = reply.usage
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _sse(payload: Any) -> bytes:
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
                {
                    "id": _call_id(step, i),
                    "type": "function",
                    "function": {"name": c.name, "arguments": c.raw_arguments},
                }
                for i, c in enumerate(step.calls)
            ]
        return {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": 0,
            "model": request.get("model"),
            "choices": [{"index": 0, "message": message, "finish_reason": self._finish(step), "logprobs": None}],
            "usage": _usage(step),
        }

    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        return [_sse(payload) for payload in self._payloads(step, request)]

    def _payloads(self, step: Reply, request: dict[str, Any]) -> list[Any]:
        """The stream's `data:` payloads (chunk objects, then `[DONE]`)."""
        base = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": request.get("model")}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
            return {**base, "choices": [choice]}

        payloads: list[Any] = [chunk({"role": "assistant", "content": ""})]
        payloads += [chunk({"content": piece}) for piece in step.text_chunks()]
        for i, call in enumerate(step.calls):
            payloads.append(
                chunk(
                    {
                        "tool_calls": [
                            {
                                "index": i,
                                "id": _call_id(step, i),
                                "type": "function",
                                "function": {"name": call.name, "arguments": ""},
                            }
                        ]
                    }
                )
            )
            raw = call.raw_arguments
            half = len(raw) // 2
            for fragment in (raw[:half], raw[half:]):
                if fragment:
                    payloads.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": fragment}}]}))
        payloads.append(chunk({}, self._finish(step)))
        if (request.get("stream_options") or {}).get("include_usage"):
            payloads.append({**base, "choices": [], "usage": _usage(step)})
        payloads.append("[DONE]")
        return payloads

    def error_body(self, step: Fail) -> dict[str, Any]:
        kind = "rate_limit_exceeded" if step.status == 429 else "server_error"
        return {"error": {"message": step.message, "type": kind, "param": None, "code": None}}

    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        started = self.sse_events(Reply(step.text), request)[: 1 + len(Reply(step.text).text_chunks())]
        return [*started, _sse({"error": {"message": step.message, "type": step.kind, "param": None, "code": None}})]

    def malformed_body(self, case: MalformedCase, request: dict[str, Any]) -> bytes:
        body = self.json_reply(MALFORMED_BASE, request)
        choice = body["choices"][0]
        call = choice["message"]["tool_calls"][0]
        match case:
            case "not-an-object":
                return json.dumps(["not", "an", "object"]).encode()
            case "part-not-an-object":
                body["choices"] = [7]
            case "text-missing":
                del choice["message"]
            case "text-not-a-string":
                choice["message"]["content"] = 5
            case "call-id-not-a-string":
                call["id"] = 5
            case "call-name-missing":
                del call["function"]["name"]
            case "call-arguments-mistyped":
                call["function"]["arguments"] = {"days": 3}
            case "unknown-part-type":
                call["type"] = "mystery"
            case "unknown-finish-reason":
                choice["finish_reason"] = "a_new_reason"
            case "finish-missing":
                choice["finish_reason"] = None
            case "usage-not-integers":
                body["usage"]["prompt_tokens"] = "many"
            case "not-json":
                return b"{not json"
            case _:
                assert_never(case)
        return json.dumps(body).encode()

    def malformed_events(self, case: MalformedCase, request: dict[str, Any]) -> list[bytes]:
        payloads = self._payloads(MALFORMED_BASE, {**request, "stream_options": {"include_usage": True}})
        text, call_start, fragment, finish, usage = payloads[1], payloads[2], payloads[3], payloads[-3], payloads[-2]
        match case:
            case "not-an-object":
                payloads.insert(1, [1, 2])
            case "part-not-an-object":
                text["choices"] = [5]
            case "text-missing":
                del text["choices"][0]["delta"]
            case "text-not-a-string":
                text["choices"][0]["delta"]["content"] = 7
            case "call-id-not-a-string":
                call_start["choices"][0]["delta"]["tool_calls"][0]["id"] = 5
            case "call-name-missing":
                del call_start["choices"][0]["delta"]["tool_calls"][0]["function"]["name"]
            case "call-arguments-mistyped":
                fragment["choices"][0]["delta"]["tool_calls"][0]["function"]["arguments"] = 5
            case "unknown-part-type":
                call_start["choices"][0]["delta"]["tool_calls"][0]["type"] = "mystery"
            case "unknown-finish-reason":
                finish["choices"][0]["finish_reason"] = "a_new_reason"
            case "finish-missing":
                payloads.remove(finish)
            case "usage-not-integers":
                usage["usage"]["prompt_tokens"] = "many"
            case "not-json":
                return [_sse(p) for p in payloads[:2]] + [b"data: {not json\n\n"] + [_sse(p) for p in payloads[2:]]
            case _:
                assert_never(case)
        return [_sse(p) for p in payloads]
