"""`FallbackProvider` over in-memory scripted providers (the wire-level failover with the real
SDKs is in tests/integration/test_failover.py): which failures move a round to the fallback
(only retryable ones), that a stream moves only before its first chunk, that open breakers are
skipped without a call, that the answer names its provider, and what the request's provider
trail and the failover metric say."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from coach_core.errors import (
    CircuitOpenError,
    ProviderAuthenticationError,
    ProviderError,
    ProviderRateLimitError,
    ProviderRequestError,
    ProviderTimeoutError,
    ProviderUnavailableError,
)
from coach_core.observability import metrics
from coach_core.providers.attribution import provider_trail
from coach_core.providers.base import (
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
from coach_core.providers.breaker import BreakerPolicy, BreakerState
from coach_core.providers.fallback import FallbackProvider

MESSAGES = [Message.user("How am I doing?")]
TOOLS = [ToolDefinition("get_weight_trend", "Weight trend.", {"type": "object", "properties": {}})]
POLICY = BreakerPolicy(window_seconds=60, min_calls=2, failure_ratio=0.5, cooldown_seconds=30)

Outcome = str | ProviderError | BaseException
"""A scripted call: the answer's text, or the exception it raises (a stream raises it after
`fail_after` chunks)."""


class Scripted(LLMProvider):
    """A provider answering from a script; records every call it receives (what it was sent)."""

    def __init__(self, label: str, script: list[Outcome] | None = None, fail_after: int = 0) -> None:
        self.name = label  # type: ignore[misc]
        self.label = label
        self.script = list(script or [])
        self.fail_after = fail_after
        self.calls: list[dict[str, Any]] = []

    def _next(self, **request: Any) -> Outcome:
        self.calls.append(request)
        return self.script.pop(0)

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        outcome = self._next(
            system=system, messages=messages, tools=tools, model_tier=model_tier, response_format=response_format
        )
        if isinstance(outcome, BaseException):
            raise outcome
        return LLMResponse(outcome, (), "stop", Usage(10, 5), self.label)

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        outcome = self._next(
            system=system, messages=messages, tools=tools, model_tier=model_tier, response_format=response_format
        )
        if isinstance(outcome, BaseException):
            for i in range(self.fail_after):
                yield TextDelta(f"part{i} ")
            raise outcome
        for word in outcome.split():
            yield TextDelta(word + " ")
        yield ToolCallComplete(ToolCall("c1", "get_weight_trend", "{}"))
        yield StreamFinish("tool_calls", Usage(10, 5))  # provider left empty: the wrapper names it


@dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


def pair(
    primary: list[Outcome], fallback: list[Outcome], *, clock: Clock | None = None, fail_after: int = 0
) -> tuple[FallbackProvider, Scripted, Scripted]:
    first, second = Scripted("openai", primary, fail_after), Scripted("anthropic", fallback)
    return FallbackProvider([first, second], policy=POLICY, clock=clock or Clock()), first, second


async def complete(provider: LLMProvider) -> LLMResponse:
    return await provider.complete(
        system="sys", messages=MESSAGES, tools=TOOLS, model_tier="premium", response_format="json"
    )


async def collect(provider: LLMProvider) -> list[StreamChunk]:
    return [c async for c in provider.stream(system="sys", messages=MESSAGES, tools=TOOLS, model_tier="premium")]


RETRYABLE = [ProviderUnavailableError("5xx"), ProviderTimeoutError("timeout"), ProviderRateLimitError("429")]
FINAL = [ProviderAuthenticationError("401"), ProviderRequestError("400"), ProviderError("malformed")]


@pytest.mark.parametrize("error", RETRYABLE, ids=lambda e: type(e).__name__)
async def test_given_a_retryable_primary_failure_when_completing_then_the_same_round_goes_to_the_fallback(
    error: ProviderError,
) -> None:
    provider, first, second = pair([error], ["From the fallback."])
    with provider_trail() as trail:
        response = await complete(provider)
    assert (response.text, response.provider) == ("From the fallback.", "anthropic")
    assert trail.last == "anthropic"
    assert first.calls == second.calls  # same system, messages, tools, tier and response format
    assert second.calls[0]["model_tier"] == "premium" and second.calls[0]["response_format"] == "json"


@pytest.mark.parametrize("error", FINAL, ids=lambda e: type(e).__name__)
@pytest.mark.parametrize("mode", ["complete", "stream"])
async def test_given_a_non_retryable_primary_failure_when_called_then_it_is_raised_and_nothing_fails_over(
    error: ProviderError, mode: str
) -> None:
    provider, _, second = pair([error], ["never"])
    with provider_trail() as trail, pytest.raises(type(error)):
        await (complete(provider) if mode == "complete" else collect(provider))
    assert second.calls == [] and trail.last == "openai"
    assert provider.breakers["openai"].state is BreakerState.CLOSED


async def test_given_both_providers_down_when_completing_then_the_fallbacks_error_is_raised() -> None:
    provider, first, second = pair([ProviderUnavailableError("a")], [ProviderTimeoutError("b")])
    with provider_trail() as trail, pytest.raises(ProviderTimeoutError):
        await complete(provider)
    assert (len(first.calls), len(second.calls), trail.last) == (1, 1, "anthropic")


async def test_given_a_stream_failing_before_its_first_chunk_when_streamed_then_the_fallback_streams_it() -> None:
    provider, _, second = pair([ProviderUnavailableError("refused")], ["Steady progress."])
    chunks = await collect(provider)
    assert [c.text for c in chunks if isinstance(c, TextDelta)] == ["Steady ", "progress. "]
    assert chunks[-1] == StreamFinish("tool_calls", Usage(10, 5), "anthropic")
    assert len(second.calls) == 1


async def test_given_a_stream_failing_after_a_chunk_when_streamed_then_it_raises_and_nothing_fails_over() -> None:
    """GIVEN a primary stream cut after it yielded text WHEN streamed THEN the error is raised to
    the caller (which ends the stream with one error event): no half answer glued to another's."""
    provider, _, second = pair([ProviderUnavailableError("cut")], ["never"], fail_after=2)
    seen: list[StreamChunk] = []
    with pytest.raises(ProviderUnavailableError):
        async for chunk in provider.stream(system="s", messages=MESSAGES, tools=TOOLS, model_tier="standard"):
            seen.append(chunk)
    assert seen == [TextDelta("part0 "), TextDelta("part1 ")]
    assert second.calls == []


async def test_given_repeated_outages_when_the_primary_breaker_opens_then_rounds_skip_it_until_the_probe() -> None:
    clock = Clock()
    provider, first, second = pair(
        [ProviderUnavailableError("1"), ProviderUnavailableError("2"), "Primary is back."],
        ["fb 1", "fb 2", "fb 3"],
        clock=clock,
    )
    assert provider.expected_provider() == "openai"
    for _ in range(2):
        assert (await complete(provider)).provider == "anthropic"
    assert provider.breakers["openai"].state is BreakerState.OPEN
    assert provider.expected_provider() == "anthropic"
    assert (await complete(provider)).text == "fb 3"
    assert len(first.calls) == 2  # the third round never called the primary
    clock.now += POLICY.cooldown_seconds
    assert provider.expected_provider() == "openai"  # half-open: the next round is the probe
    response = await complete(provider)
    assert (response.text, response.provider) == ("Primary is back.", "openai")
    assert provider.breakers["openai"].state is BreakerState.CLOSED
    assert (len(first.calls), len(second.calls)) == (3, 3)


async def test_given_every_breaker_open_when_called_then_circuit_open_error_with_retry_after_and_no_call() -> None:
    clock = Clock()
    outages: list[Outcome] = [ProviderUnavailableError(str(i)) for i in range(2)]
    provider, first, second = pair(list(outages), list(outages), clock=clock)
    for _ in range(2):
        with pytest.raises(ProviderUnavailableError):
            await complete(provider)
    clock.now += 10
    with pytest.raises(CircuitOpenError) as raised:
        await complete(provider)
    assert raised.value.status_code == 503 and raised.value.headers == {"Retry-After": "20"}
    assert (len(first.calls), len(second.calls)) == (2, 2)


async def test_given_a_cancelled_probe_when_the_next_round_comes_then_it_may_probe_again() -> None:
    """GIVEN a half-open primary whose probe is cancelled (client gone, deadline) WHEN the next
    round comes THEN it is let through as the probe (a cancellation says nothing about health)."""
    clock = Clock()
    provider, first, _ = pair(
        [ProviderUnavailableError("1"), ProviderUnavailableError("2"), asyncio.CancelledError(), "Back."],
        ["fb", "fb"],
        clock=clock,
    )
    for _ in range(2):
        await complete(provider)
    clock.now += POLICY.cooldown_seconds
    with pytest.raises(asyncio.CancelledError):
        await complete(provider)
    assert (await complete(provider)).provider == "openai"
    assert len(first.calls) == 4


async def test_given_failovers_on_lambda_then_provider_failover_is_emitted_per_failed_over_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "coach-chat")
    metrics.clear_metrics()
    provider, _, _ = pair([ProviderUnavailableError("1"), "Primary."], ["fb"])
    try:
        await complete(provider)
        await complete(provider)
        assert metrics.metric_set["ProviderFailover"]["Value"] == [1.0]
    finally:
        metrics.clear_metrics()


@pytest.mark.parametrize(
    ("providers", "expected"),
    [(["openai"], "at least two"), (["openai", "openai"], "must differ")],
)
def test_given_a_bad_provider_list_when_wrapping_then_value_error(providers: list[str], expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        FallbackProvider([Scripted(name) for name in providers])
