"""Loopback fakes of the OpenAI and Anthropic HTTP APIs, for driving the real SDKs.

Each fake is a real HTTP server on 127.0.0.1 (random port, uvicorn in a background
thread), used as a context manager::

    with FakeOpenAIServer() as fake:               # or FakeAnthropicServer()
        fake.script([Reply(calls=(Call("get_weight_trend", {"days": 30}),)), Reply("Done.")])
        provider = create_provider(fake.settings(llm_max_retries=0))
        ...
        assert fake.remaining == 0 and fake.requests[0].body["tools"]

Endpoints: OpenAI `POST /v1/chat/completions` (`fake.base_url` ends in `/v1`, as the SDK
expects); Anthropic `POST /v1/messages` (`fake.base_url` is the origin). A request with
`"stream": true` gets SSE in the provider's own format, anything else a JSON body.

Script format: `fake.script(steps)` replaces the script (and clears `requests`). Every
request, retries included, consumes the next step:

- `Reply(text="", calls=(), chunks=None, finish=None, usage=(12, 7), delay=0.0,
  chunk_delay=0.0, cut_after=None, end_after=None)`: a successful turn with text and/or tool calls
  (several calls in one reply are fine). `Call(name, arguments, id=None)`: `arguments` is a
  dict or raw text, which may be malformed JSON (streamed Anthropic calls and both OpenAI
  modes carry it verbatim; a non-streamed Anthropic `tool_use` needs a dict). Streaming
  sends the text word by word (or as `chunks`) and each call's arguments in two fragments.
  `finish` overrides the wire finish/stop reason (e.g. an unknown one). `delay` holds the
  response back (to trip a client timeout); `chunk_delay` waits before every SSE event
  (slow streams); `cut_after=n` sends n SSE events and then drops the connection;
  `end_after=n` sends n SSE events and then ends the body cleanly (no finish event).
- `Fail(status, message="scripted failure", headers={"retry-after-ms": "10"}, delay=0.0)`:
  an error response in the provider's error envelope (e.g. 429, 500); the default header
  makes the SDKs' retries fast.
- `StreamFail(kind, text="", message=..., delay=0.0)`: a 200 stream that sends `text` (if
  any) and then the provider's in-stream error event with `error.type` = `kind` (OpenAI
  `{"error": {...}}` chunk; Anthropic `event: error`).
- `Malformed(case, delay=0.0)`: a 200 that is nonsense: the fake's answer to `MALFORMED_BASE`
  (text and one tool call) with one thing spoiled, named by `case` (one of `MALFORMED_CASES`,
  the same list for every fake: a body or event that is not an object or not JSON, a part that
  is not an object or of an unknown type, text missing or not a string, a call's id, name or
  arguments mistyped or missing, an unknown or missing finish reason, token counts that are
  not integers), buffered as the JSON body, streamed as one spoiled event (or a missing one).

When the script runs out, the fake answers 500 with `x-should-retry: false` and counts it
in `fake.unexpected`, unless `fake.respond_with(fn)` gave it a responder: then `fn(body)`
chooses the step (endless traffic, e.g. the soak benchmark; such requests are counted in
`fake.served`, as every request is, but not kept in `requests`). `fake.requests` lists a
`RecordedRequest` per request (`path`, lower-cased `headers`, parsed JSON `body`,
`received_at`, `step`, and `event_times`: the `time.perf_counter()` at which each SSE event
was written). `fake.settings(**overrides)`
builds `coach_core` Settings aimed at the fake (provider, key, base URL, 5 s timeout,
2 retries).
"""

from tests.fakes.anthropic_fake import FakeAnthropicServer
from tests.fakes.openai_fake import FakeOpenAIServer
from tests.fakes.script import (
    MALFORMED_BASE,
    MALFORMED_CASES,
    Call,
    Fail,
    Malformed,
    MalformedCase,
    RecordedRequest,
    Reply,
    Step,
    StreamFail,
)
from tests.fakes.server import FakeLLMServer

__all__ = [
    "MALFORMED_BASE",
    "MALFORMED_CASES",
    "Call",
    "Fail",
    "FakeAnthropicServer",
    "FakeLLMServer",
    "FakeOpenAIServer",
    "Malformed",
    "MalformedCase",
    "RecordedRequest",
    "Reply",
    "Step",
    "StreamFail",
]
