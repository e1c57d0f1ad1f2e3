"""The LLM/tool loop behind `/chat`, `/chat/stream` and `/plan`: ONE loop (`stream`), which
`run` drains.

Each round calls the provider with every tool definition: streamed (`provider.stream`, token
by token) or buffered (`provider.complete`, the whole round as one text event). If the model
asks for tools, the round's calls run concurrently through the bound registry (which never
raises: bad arguments and unknown tools become error results the model reads); `tool_end`
events come as each call finishes, the results are appended in call order, and the loop
continues; otherwise the round's text ends the answer. After `MAX_TOOL_ROUNDS` rounds that all
asked for tools, the answer ends with an apology (`finish_reason="max_iterations"`). Provider
failures propagate as `ProviderError` subclasses (failover, when configured, happens inside
the provider: `providers/fallback.py`). Each round's finish names the provider that answered
it; the result carries the last one and the usage per provider, and every tool-call log row
the provider whose model asked for the call. Events are plain slotted dataclasses: the
per-token path does no validation.

Usage: each round's usage goes to `on_usage` the moment the provider reports it, before the
loop moves on, so a turn that fails or is cancelled later has already billed its finished
rounds. A round cut before its finish (the consumer closed the loop, the task was cancelled, a
timeout, or an error after the first chunk) is reported once with an estimate: the prompt as
sent and what had arrived. An error response before any chunk is not billed.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Mapping, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, Protocol, assert_never

from coach_core import tracing
from coach_core.errors import ProviderError, ProviderTimeoutError
from coach_core.providers.attribution import last_provider
from coach_core.providers.base import (
    LLMProvider,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
    estimate_prompt_tokens,
    estimate_tokens,
)
from coach_core.providers.traced import traced_round
from coach_core.tools.base import ToolExecution, ToolStatus, ToolTraceEntry
from coach_core.tools.registry import SUMMARY_LIMIT, BoundTools

MAX_TOOL_ROUNDS = 5

MAX_ITERATIONS_TEXT = (
    "I'm sorry, I couldn't finish working that out within my step limit. "
    "Could you ask again, perhaps about one thing at a time?"
)
EMPTY_ANSWER_TEXT = "I'm sorry, I couldn't put an answer together just now. Could you rephrase your question?"
ROUND_SEPARATOR = "\n\n"

OrchestratorFinish = Literal["stop", "max_iterations"]


class UsageSink(Protocol):
    """Where each round's usage goes as soon as it is known (the service's meter). Called from
    inside the loop, also while it is being cancelled: it must not block and must not raise."""

    def __call__(self, provider: str, usage: Usage, /, *, estimated: bool) -> None: ...


def cut_is_billable(exc: BaseException, received: bool) -> bool:
    """Whether a round that ended without a reported usage may have cost tokens: a call cut on
    our side (closed, cancelled, timed out) or failing after it began to answer did; an error
    response before any chunk did not."""
    if isinstance(exc, ProviderError):
        return received or isinstance(exc, ProviderTimeoutError)
    return True


@dataclass(frozen=True, slots=True)
class OrchestratorResult:
    """The turn's outcome. `text` is everything the answer said, every round's text in order
    (the tokens `stream` yields, joined): what gets checked, stored and returned. `provider`
    is the provider that answered the last round (with failover, rounds of one turn may be
    answered by different providers); `usage_by_provider` splits `usage` by provider."""

    text: str
    finish_reason: OrchestratorFinish
    usage: Usage
    tool_trace: list[ToolTraceEntry]
    rounds: int
    provider: str = ""
    usage_by_provider: Mapping[str, Usage] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TokenEvent:
    type: ClassVar[Literal["token"]] = "token"
    content: str

    def payload(self) -> dict[str, Any]:
        return {"content": self.content}


@dataclass(frozen=True, slots=True)
class ToolStartEvent:
    type: ClassVar[Literal["tool_start"]] = "tool_start"
    tool_name: str
    description: str
    input_summary: str

    def payload(self) -> dict[str, Any]:
        return {"tool_name": self.tool_name, "description": self.description, "input_summary": self.input_summary}


@dataclass(frozen=True, slots=True)
class ToolEndEvent:
    type: ClassVar[Literal["tool_end"]] = "tool_end"
    tool_name: str
    latency_ms: int
    cached: bool
    status: ToolStatus
    output_summary: str

    def payload(self) -> dict[str, Any]:
        return {
            "tool_name": self.tool_name,
            "latency_ms": self.latency_ms,
            "cached": self.cached,
            "status": self.status,
            "output_summary": self.output_summary,
        }


@dataclass(frozen=True, slots=True)
class FinishEvent:
    """Always the last event of `Orchestrator.stream`; the service turns it into `done`."""

    type: ClassVar[Literal["finish"]] = "finish"
    result: OrchestratorResult


OrchestratorEvent = TokenEvent | ToolStartEvent | ToolEndEvent | FinishEvent


def _definitions(tools: BoundTools) -> list[ToolDefinition]:
    return [ToolDefinition(spec.name, spec.description, spec.parameters) for spec in tools.specs()]


def _result_messages(calls: Sequence[ToolCall], executions: Sequence[ToolExecution]) -> list[Message]:
    return [Message.tool_result(c, e.content, is_error=e.is_error) for c, e in zip(calls, executions, strict=True)]


def _end_event(execution: ToolExecution) -> ToolEndEvent:
    t = execution.trace
    return ToolEndEvent(t.tool_name, t.latency_ms, t.cached, t.status, t.output_summary)


class Orchestrator:
    def __init__(
        self, provider: LLMProvider, *, max_rounds: int = MAX_TOOL_ROUNDS, on_usage: UsageSink | None = None
    ) -> None:
        if max_rounds < 1:
            raise ValueError("max_rounds must be at least 1")
        self.provider = provider
        self.max_rounds = max_rounds
        self.on_usage = on_usage

    async def run(
        self,
        *,
        system: str,
        messages: list[Message],
        tools: BoundTools,
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> OrchestratorResult:
        """The loop with buffered provider calls, drained to its result."""
        events = self.stream(
            system=system,
            messages=messages,
            tools=tools,
            model_tier=model_tier,
            response_format=response_format,
            streamed=False,
        )
        async with aclosing(events):
            async for event in events:
                if isinstance(event, FinishEvent):
                    return event.result
        raise RuntimeError("the orchestrator loop ended without a finish event")

    async def stream(
        self,
        *,
        system: str,
        messages: list[Message],
        tools: BoundTools,
        model_tier: str,
        response_format: ResponseFormat = "text",
        streamed: bool = True,
    ) -> AsyncGenerator[OrchestratorEvent, None]:
        """The loop; always ends with one `FinishEvent`."""
        definitions = _definitions(tools)
        conversation = list(messages)
        trace: list[ToolTraceEntry] = []
        usage = Usage()
        by_provider: dict[str, Usage] = {}
        answered_by = ""
        sent: list[str] = []
        for round_no in range(1, self.max_rounds + 1):
            round_text: list[str] = []
            calls: list[ToolCall] = []
            chunks = traced_round(
                self._round(system, conversation, definitions, model_tier, response_format, streamed),
                provider=self.provider,
                model_tier=model_tier,
                round_no=round_no,
                streamed=streamed,
                system=system,
                messages=conversation,
            )
            reported = False
            try:
                async with aclosing(chunks):
                    async for chunk in chunks:
                        if isinstance(chunk, TextDelta):  # the hot path: one check per token
                            if not chunk.text:
                                continue
                            if not round_text and sent and not sent[-1][-1:].isspace():
                                sent.append(ROUND_SEPARATOR)
                                yield TokenEvent(ROUND_SEPARATOR)
                            round_text.append(chunk.text)
                            sent.append(chunk.text)
                            yield TokenEvent(chunk.text)
                        elif isinstance(chunk, ToolCallComplete):
                            calls.append(chunk.call)
                        elif isinstance(chunk, StreamFinish):
                            reported = True
                            usage += chunk.usage
                            answered_by = chunk.provider or self.provider.name
                            by_provider[answered_by] = by_provider.get(answered_by, Usage()) + chunk.usage
                            if self.on_usage is not None:
                                self.on_usage(answered_by, chunk.usage, estimated=False)
                        else:
                            assert_never(chunk)
            except BaseException as exc:
                if not reported and self.on_usage is not None and cut_is_billable(exc, bool(round_text or calls)):
                    cut = Usage(
                        estimate_prompt_tokens(system, conversation, definitions),
                        estimate_tokens(*round_text, *(c.arguments for c in calls)),
                    )
                    self.on_usage(last_provider() or self.provider.name, cut, estimated=True)
                raise
            if not calls:
                if not round_text:
                    sent.append(EMPTY_ANSWER_TEXT)
                    yield TokenEvent(EMPTY_ANSWER_TEXT)
                yield FinishEvent(
                    OrchestratorResult("".join(sent), "stop", usage, trace, round_no, answered_by, by_provider)
                )
                return
            for call in calls:
                yield ToolStartEvent(call.name, tools.describe(call.name), call.arguments[:SUMMARY_LIMIT])
            by_index: dict[int, ToolExecution] = {}
            async with aclosing(self._execute_as_completed(tools, calls, answered_by)) as finished:
                async for index, execution in finished:
                    by_index[index] = execution
                    yield _end_event(execution)
            executions = [by_index[i] for i in range(len(calls))]
            trace.extend(e.trace for e in executions)
            conversation.append(Message.assistant("".join(round_text), calls))
            conversation.extend(_result_messages(calls, executions))
        apology = (ROUND_SEPARATOR if sent else "") + MAX_ITERATIONS_TEXT
        sent.append(apology)
        yield TokenEvent(apology)
        yield FinishEvent(
            OrchestratorResult("".join(sent), "max_iterations", usage, trace, self.max_rounds, answered_by, by_provider)
        )

    def _round(
        self,
        system: str,
        conversation: list[Message],
        definitions: list[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat,
        streamed: bool,
    ) -> AsyncGenerator[StreamChunk, None]:
        """One model turn as stream chunks: the provider's stream, or its buffered completion
        replayed as one text chunk, its tool calls and its finish."""
        if streamed:
            return self.provider.stream(
                system=system,
                messages=conversation,
                tools=definitions,
                model_tier=model_tier,
                response_format=response_format,
            )
        return self._buffered_round(system, conversation, definitions, model_tier, response_format)

    async def _buffered_round(
        self,
        system: str,
        conversation: list[Message],
        definitions: list[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat,
    ) -> AsyncGenerator[StreamChunk, None]:
        response = await self.provider.complete(
            system=system,
            messages=conversation,
            tools=definitions,
            model_tier=model_tier,
            response_format=response_format,
        )
        if response.text:
            yield TextDelta(response.text)
        for call in response.tool_calls:
            yield ToolCallComplete(call)
        yield StreamFinish(response.finish_reason, response.usage, response.provider)

    @staticmethod
    async def _execute_as_completed(
        tools: BoundTools, calls: Sequence[ToolCall], provider: str
    ) -> AsyncGenerator[tuple[int, ToolExecution], None]:
        """Run every call at once and yield (call index, execution) as each finishes; if the
        consumer goes away (client disconnect) the unfinished calls are cancelled. Each call's
        log row names the provider whose model asked for it."""

        async def indexed(index: int, call: ToolCall) -> tuple[int, ToolExecution]:
            with tracing.tool_span(call.name, call.id, call.arguments) as span:
                execution = await tools.execute(call.name, call.arguments, provider=provider)
                tracing.record_tool(
                    span, cached=execution.trace.cached, status=execution.trace.status, content=execution.content
                )
            return index, execution

        tasks = [asyncio.ensure_future(indexed(i, c)) for i, c in enumerate(calls)]
        try:
            for next_done in asyncio.as_completed(tasks):
                yield await next_done
        finally:
            pending = [task for task in tasks if not task.done()]
            for task in pending:
                task.cancel()
            if pending:
                await asyncio.gather(*pending, return_exceptions=True)
