"""Script steps for the fake LLM servers, and what they record about each request."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

DEFAULT_USAGE = (12, 7)
_PIECE = re.compile(r"\S+\s*")


@dataclass(frozen=True)
class Call:
    """One tool call in a reply. `arguments`: a dict (sent as JSON) or the raw text the
    "model" wrote, which may be malformed JSON on purpose."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None

    @property
    def raw_arguments(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments)


@dataclass(frozen=True)
class Reply:
    """A successful model turn: text and/or tool calls.

    - `chunks`: how the text is streamed (default: word by word, whitespace kept).
    - `finish`: the wire finish/stop reason (default: the provider's natural one).
    - `usage`: (input tokens, output tokens).
    - `delay`: seconds before the response starts (use it to trip a client timeout).
    - `chunk_delay`: seconds before each streamed SSE event.
    - `cut_after`: stream only this many SSE events, then drop the connection mid-body.
    - `end_after`: stream only this many SSE events, then end the body cleanly (a stream
      that stops early without an error, e.g. before its finish event).
    """

    text: str = ""
    calls: tuple[Call, ...] = ()
    chunks: tuple[str, ...] | None = None
    finish: str | None = None
    usage: tuple[int, int] = DEFAULT_USAGE
    delay: float = 0.0
    chunk_delay: float = 0.0
    cut_after: int | None = None
    end_after: int | None = None

    def text_chunks(self) -> list[str]:
        if self.chunks is not None:
            return list(self.chunks)
        return _PIECE.findall(self.text)


@dataclass(frozen=True)
class Fail:
    """An HTTP error response. `retry-after-ms: 10` is sent by default so SDK retries are fast."""

    status: int
    message: str = "scripted failure"
    headers: dict[str, str] = field(default_factory=lambda: {"retry-after-ms": "10"})
    delay: float = 0.0


@dataclass(frozen=True)
class StreamFail:
    """A 200 stream that reports an error inside the body: `text` streamed first (word by word,
    possibly nothing), then the provider's in-stream error event with `error.type` = `kind`
    (e.g. OpenAI `server_error`, Anthropic `overloaded_error`). Only for streamed requests."""

    kind: str
    text: str = ""
    message: str = "scripted stream failure"
    delay: float = 0.0


MalformedCase = Literal[
    "not-an-object",
    "part-not-an-object",
    "text-missing",
    "text-not-a-string",
    "call-id-not-a-string",
    "call-name-missing",
    "call-arguments-mistyped",
    "unknown-part-type",
    "unknown-finish-reason",
    "finish-missing",
    "usage-not-integers",
    "not-json",
]
"""Nonsense a provider may answer with, named once for every fake; each fake writes each case in
its own dialect, buffered and streamed (a "part" is an OpenAI choice or tool call, an Anthropic
content block; "text-missing" drops the field, or the object, that should carry the text)."""
MALFORMED_CASES: tuple[MalformedCase, ...] = get_args(MalformedCase)


@dataclass(frozen=True)
class Malformed:
    """A 200 whose body (buffered) or one of whose events (streamed) is nonsense of kind `case`:
    the fake's well-formed answer to `MALFORMED_BASE` (text and one tool call), spoiled."""

    case: MalformedCase
    delay: float = 0.0


MALFORMED_BASE = Reply("Sure.", calls=(Call("echo_days", {"days": 3}, id="call_1"),))


Step = Reply | Fail | StreamFail | Malformed


@dataclass
class RecordedRequest:
    """What the fake received, plus when it sent each streamed event (perf_counter seconds,
    comparable with the test's own clock: same process)."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    received_at: float
    step: Step | None = None
    event_times: list[float] = field(default_factory=list)

    @property
    def streamed(self) -> bool:
        return bool(self.body.get("stream"))
