"""The `chat` span of one model round, around the provider's chunks (instrumentation only: it knows
the provider boundary's types and `coach_core.tracing`, nothing above).

The span names the provider and model the round is expected to go to (the fallback provider may
route around an open breaker), then the one that answered, its token usage and finish reason; a
round the fallback provider moved to another provider is marked `coach.failover` with each failed
attempt as an event (`providers/fallback.py`)."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Sequence
from contextlib import aclosing

from coach_core import tracing
from coach_core.providers.base import (
    LLMProvider,
    Message,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
)
from coach_core.providers.model_config import model_config


def model_name(provider: str, model_tier: str) -> str:
    """The model id a provider is asked for on this tier; a provider without a model table (the
    offline one) is its own model."""
    if provider == "openai":
        return model_config("openai", model_tier).model
    if provider == "anthropic":
        return model_config("anthropic", model_tier).model
    return provider


def traced_round(
    chunks: AsyncGenerator[StreamChunk, None],
    *,
    provider: LLMProvider,
    model_tier: str,
    round_no: int,
    streamed: bool,
    system: str,
    messages: Sequence[Message],
) -> AsyncGenerator[StreamChunk, None]:
    """`chunks` (one model round) inside its `chat` span; without tracing, `chunks` as they are."""
    if not tracing.active():
        return chunks
    return _traced(
        chunks,
        provider=provider,
        model_tier=model_tier,
        round_no=round_no,
        streamed=streamed,
        system=system,
        messages=messages,
    )


async def _traced(
    chunks: AsyncGenerator[StreamChunk, None],
    *,
    provider: LLMProvider,
    model_tier: str,
    round_no: int,
    streamed: bool,
    system: str,
    messages: Sequence[Message],
) -> AsyncGenerator[StreamChunk, None]:
    expected = provider.expected_provider()
    span = tracing.chat_span(
        provider=expected,
        model=model_name(expected, model_tier),
        round_no=round_no,
        streamed=streamed,
        model_tier=model_tier,
    )
    tracing.record_chat_input(span, system, messages)
    texts: list[str] = []
    calls: list[ToolCall] = []
    keep_text = tracing.capture_content()
    error: BaseException | None = None
    try:
        # aclosing: closing this round (a crisis verdict, a client gone) closes the provider's stream now.
        async with aclosing(tracing.iterate_in(span, chunks)) as items:
            async for chunk in items:
                if isinstance(chunk, TextDelta):
                    if keep_text:
                        texts.append(chunk.text)
                elif isinstance(chunk, ToolCallComplete):
                    calls.append(chunk.call)
                elif isinstance(chunk, StreamFinish):
                    answered = chunk.provider or expected
                    tracing.record_chat_result(
                        span,
                        provider=answered,
                        model=model_name(answered, model_tier),
                        finish_reason=chunk.finish_reason,
                        input_tokens=chunk.usage.input_tokens,
                        output_tokens=chunk.usage.output_tokens,
                        text="".join(texts),
                        tool_calls=calls,
                    )
                yield chunk
    except BaseException as exc:
        error = exc
        raise
    finally:
        tracing.end_span(span, error)
