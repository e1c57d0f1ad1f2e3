"""`FallbackProvider`: the configured provider first, the other one when it is down.

One round (one `complete` or one `stream`) is tried on each provider in order, skipping any
whose circuit breaker is open:
- a retryable failure (`ProviderError.retryable`: 5xx or 429 after the SDK's own retries, a
  timeout, a failed connection, an answer that is nonsense) counts against that provider's
  breaker and the SAME round (same internal messages, tools, model tier and response format;
  each provider module maps them to its own SDK) goes to the next provider;
- any other failure (authentication, a refused request) is raised as it is: another provider
  would not fix it;
- streamed, a failure before the round's first chunk moves the round silently; a failure
  after a chunk was passed on is raised (the caller ends the stream with its one error
  event: no half answer from one model glued to another's).

When every breaker is open nothing is called: `CircuitOpenError` (503 with `Retry-After`).
Each round that leaves the first provider emits `ProviderFailover`; every provider called is
noted for `X-Coach-Provider`; responses carry the name of the provider that answered.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import aclosing
from typing import TypeVar

from coach_core import tracing
from coach_core.errors import CircuitOpenError, ProviderError
from coach_core.observability import emit, logger
from coach_core.providers.attribution import note_provider
from coach_core.providers.base import (
    LLMProvider,
    LLMResponse,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    ToolDefinition,
)
from coach_core.providers.breaker import BreakerPolicy, CircuitBreaker, Clock, Permit, StateListener, log_state_change

_Answer = TypeVar("_Answer", LLMResponse, StreamFinish)


def _signed(answer: _Answer, provider: LLMProvider) -> _Answer:
    """The answer with its provider's name (a provider that left it empty is named here)."""
    return answer if answer.provider else dataclasses.replace(answer, provider=provider.name)


class FallbackProvider(LLMProvider):
    """`providers[0]` is the primary; the rest are tried in order. Breakers are per provider
    and live as long as this object (one per process: the service builds its provider once)."""

    name = "fallback"

    def __init__(
        self,
        providers: Sequence[LLMProvider],
        *,
        policy: BreakerPolicy | None = None,
        clock: Callable[[], float] | None = None,
        on_change: StateListener = log_state_change,
    ) -> None:
        if len(providers) < 2:
            raise ValueError("a fallback provider needs at least two providers")
        names = [p.name for p in providers]
        if len(set(names)) != len(names):
            raise ValueError(f"providers must differ: {names}")
        self.providers = tuple(providers)
        extra: dict[str, Clock] = {"clock": clock} if clock is not None else {}
        self.breakers = {p.name: CircuitBreaker(p.name, policy, on_change=on_change, **extra) for p in providers}

    def expected_provider(self) -> str:
        for provider in self.providers:
            if self.breakers[provider.name].would_allow():
                return provider.name
        return self.providers[0].name

    async def aclose(self) -> None:
        for provider in self.providers:
            await provider.aclose()

    # ---- routing -----------------------------------------------------------------------------

    def _admit(self, index: int, provider: LLMProvider) -> Permit | None:
        permit = self.breakers[provider.name].acquire()
        if permit is None:
            return None
        note_provider(provider.name)
        if index > 0:
            tracing.mark_failover(provider.name)
            emit("ProviderFailover", 1)
            logger.warning("provider failover", extra={"provider": provider.name, "primary": self.providers[0].name})
        return permit

    def _failed(self, provider: LLMProvider, permit: Permit, exc: ProviderError) -> None:
        """Settle a failed call with its breaker: an outage counts against the provider, any
        other failure says nothing about its health."""
        breaker = self.breakers[provider.name]
        tracing.note_failed_attempt(provider.name, exc)
        if exc.retryable:
            breaker.failed(permit)
            logger.warning("provider call failed", extra={"provider": provider.name, "error": type(exc).__name__})
        else:
            breaker.released(permit)

    def _nothing_called(self) -> CircuitOpenError:
        wait = min(self.breakers[p.name].retry_after() for p in self.providers)
        return CircuitOpenError(
            "every provider's circuit breaker is open", headers={"Retry-After": str(max(1, math.ceil(wait)))}
        )

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        last_error: ProviderError | None = None
        for index, provider in enumerate(self.providers):
            permit = self._admit(index, provider)
            if permit is None:
                continue
            breaker = self.breakers[provider.name]
            try:
                response = await provider.complete(
                    system=system,
                    messages=messages,
                    tools=tools,
                    model_tier=model_tier,
                    response_format=response_format,
                )
            except ProviderError as exc:
                self._failed(provider, permit, exc)
                if not exc.retryable:
                    raise
                last_error = exc
                continue
            except BaseException:
                breaker.released(permit)
                raise
            breaker.succeeded(permit)
            return _signed(response, provider)
        raise last_error if last_error is not None else self._nothing_called()

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        last_error: ProviderError | None = None
        for index, provider in enumerate(self.providers):
            permit = self._admit(index, provider)
            if permit is None:
                continue
            breaker = self.breakers[provider.name]
            passed_on = False
            chunks = provider.stream(
                system=system, messages=messages, tools=tools, model_tier=model_tier, response_format=response_format
            )
            try:
                async with aclosing(chunks):
                    async for chunk in chunks:
                        passed_on = True
                        yield _signed(chunk, provider) if isinstance(chunk, StreamFinish) else chunk
            except ProviderError as exc:
                self._failed(provider, permit, exc)
                if passed_on or not exc.retryable:
                    raise
                last_error = exc
                continue
            except BaseException:
                breaker.released(permit)
                raise
            breaker.succeeded(permit)
            return
        raise last_error if last_error is not None else self._nothing_called()
