"""The provider boundary: the only types the orchestrator and providers exchange.

Providers translate these to and from their SDK's shapes and map every SDK failure to a
`coach_core.errors.ProviderError` subclass (its `retryable` flag decides failover), so nothing
above `providers/` ever sees an SDK type or exception. Plain slotted dataclasses keep the
per-token cost of streaming low.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from typing import ClassVar, Literal

from coach_core.errors import (
    ProviderAuthenticationError,
    ProviderError,
    ProviderRateLimitError,
    ProviderRequestError,
    ProviderTimeoutError,
    ProviderUnavailableError,
)

Role = Literal["system", "user", "assistant", "tool"]
FinishReason = Literal["stop", "tool_calls", "length", "content_filter"]
ResponseFormat = Literal["text", "json"]
"""`json`: the caller wants one JSON object as the answer (the weekly plan). Providers with
a JSON mode use it; the offline provider answers with its plan."""


@dataclass(frozen=True, slots=True)
class ToolCall:
    """A tool call the model asked for; `arguments` is the raw JSON text the model wrote
    (possibly malformed: the registry turns that into an error result)."""

    id: str
    name: str
    arguments: str


@dataclass(frozen=True, slots=True)
class Message:
    """One conversation turn. Tool results carry `tool_call_id` (and the tool's `name`)."""

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    name: str | None = None
    is_error: bool = False

    @classmethod
    def user(cls, content: str) -> Message:
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str, tool_calls: Sequence[ToolCall] = ()) -> Message:
        return cls("assistant", content, tuple(tool_calls))

    @classmethod
    def tool_result(cls, call: ToolCall, content: str, *, is_error: bool = False) -> Message:
        return cls("tool", content, tool_call_id=call.id, name=call.name, is_error=is_error)


@dataclass(frozen=True, slots=True)
class ToolDefinition:
    """A tool as offered to the model: name, description and JSON-schema parameters."""

    name: str
    description: str
    parameters: dict[str, object]


@dataclass(frozen=True, slots=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


CHARS_PER_TOKEN = 4
"""The usual rule of thumb for English text with GPT- and Claude-family tokenizers; used only
where a provider reported no usage (a call cut before its finish) and to size a reservation."""


def estimate_tokens(*texts: str) -> int:
    """Tokens in `texts`, estimated from their length (rounded up)."""
    return -(-sum(len(t) for t in texts) // CHARS_PER_TOKEN)


def estimate_prompt_tokens(system: str, messages: Sequence[Message], tools: Sequence[ToolDefinition]) -> int:
    """The input tokens of one call, estimated: system prompt, every message (tool calls'
    arguments included) and the tool definitions as they are sent (JSON)."""
    texts = [system, *(m.content for m in messages), *(c.arguments for m in messages for c in m.tool_calls)]
    texts += [json.dumps({"name": t.name, "description": t.description, "parameters": t.parameters}) for t in tools]
    return estimate_tokens(*texts)


@dataclass(frozen=True, slots=True)
class LLMResponse:
    """One buffered model turn. `provider` names the provider that answered it (each provider
    module sets its own name; a wrapper such as the fallback provider passes it through)."""

    text: str
    tool_calls: tuple[ToolCall, ...]
    finish_reason: FinishReason
    usage: Usage
    provider: str = ""


@dataclass(frozen=True, slots=True)
class TextDelta:
    text: str


@dataclass(frozen=True, slots=True)
class ToolCallComplete:
    call: ToolCall


@dataclass(frozen=True, slots=True)
class StreamFinish:
    """The end of a streamed turn; `provider` as in `LLMResponse`."""

    finish_reason: FinishReason
    usage: Usage
    provider: str = ""


StreamChunk = TextDelta | ToolCallComplete | StreamFinish
"""What `LLMProvider.stream` yields: text deltas as they arrive, each tool call once its
arguments are complete, and exactly one `StreamFinish`, last."""


class LLMProvider(ABC):
    """An LLM behind the internal types. `model_tier` is resolved by `model_config`
    (unknown tiers fall back to standard)."""

    name: ClassVar[str]

    @abstractmethod
    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        """One non-streamed model turn."""

    @abstractmethod
    def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        """One streamed model turn; a stream that ends without a finish raises ProviderError."""

    def expected_provider(self) -> str:
        """The provider the next round would go to (a wrapper may route around one whose
        circuit breaker is open); what `X-Coach-Provider` says before a model has answered."""
        return self.name

    async def aclose(self) -> None:
        """Release the SDK client's connections (providers without one have nothing to do)."""
        return None


@dataclass(frozen=True, slots=True)
class ModerationResult:
    """A moderation model's scores for one text: category name (the provider's own, e.g.
    `self-harm/intent`) → probability-like score in [0, 1]."""

    category_scores: dict[str, float]
    flagged: bool
    model: str


class Moderator(ABC):
    """A moderation endpoint behind the internal types (the model-based safety guard's
    `moderation` kind)."""

    name: ClassVar[str]

    @abstractmethod
    async def moderate(self, text: str) -> ModerationResult:
        """Scores for `text`; SDK failures are `ProviderError` subclasses."""

    async def aclose(self) -> None:
        return None


def status_error(detail: str, status: int) -> ProviderError:
    """An HTTP error status (after the SDK's own retries) as the internal error that says
    whether another provider may succeed: 5xx, 408, 409 and 429 are outages (retryable), 401
    and 403 our credentials, any other 4xx a refused request."""
    if status == HTTPStatus.TOO_MANY_REQUESTS:
        return ProviderRateLimitError(detail)
    if status == HTTPStatus.REQUEST_TIMEOUT:
        return ProviderTimeoutError(detail)
    if status >= HTTPStatus.INTERNAL_SERVER_ERROR or status == HTTPStatus.CONFLICT:
        return ProviderUnavailableError(detail)
    if status in (HTTPStatus.UNAUTHORIZED, HTTPStatus.FORBIDDEN):
        return ProviderAuthenticationError(detail)
    if status >= HTTPStatus.BAD_REQUEST:
        return ProviderRequestError(detail)
    return ProviderError(detail)
