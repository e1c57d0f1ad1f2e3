"""ONE chat turn implementation: `/chat` drains it, `/chat/stream` forwards it.

A turn: the limits (rate, open streams, a reservation of the day's token budget) before
anything that costs; the input rules (block/flag → the safety message as tokens, no provider
call); the model guard, started only then; the orchestrator's loop (streamed or buffered
provider calls), the output check, then the sent-barrier and the one-transaction write, then
`TurnDone` carrying the `ChatResponse`. The turn yields service-level events; framing them as
SSE is the API's job.

Persistence: nothing is written until the answer is complete; then the session store writes
the exchange and its log rows in one transaction. A blocked or flagged input exchange is
stored too (the user's message and the safety reply), so stored history matches what the user
saw. On a failure the input's violations and the tool calls that ran are still logged; the
exchange is not. A client that disconnects cancels the turn before anything is written.

Usage is not part of the exchange: the turn's `UsageMeter` writes each call's tokens as they
are reported (or estimated, for a call that was cut), whatever happens to the exchange, and
settles the budget reservation when the turn ends, however it ends.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
import uuid
from collections.abc import AsyncGenerator, Awaitable, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from typing import Any

from coach_core import tracing
from coach_core.context_builder import UserContext
from coach_core.errors import ProviderError
from coach_core.grounding import NOTHING_CHECKED, GroundingCheck, GroundingReport
from coach_core.guard import GuardVerdict
from coach_core.models import PolicyViolationRow, ToolCallLogRow
from coach_core.observability import emit_usage
from coach_core.orchestrator import (
    FinishEvent,
    Orchestrator,
    OrchestratorEvent,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.policies.streaming import StreamingOutputGuard
from coach_core.policies.types import PolicyResult
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.attribution import last_provider
from coach_core.providers.base import Message, ToolDefinition, estimate_prompt_tokens
from coach_core.schemas import ChatRequest, ChatResponse, DataGapItem, FinishReason, ToolTraceItem
from coach_core.service import grounding as numbers
from coach_core.service.metering import UsageMeter
from coach_core.service.parts import ServiceParts
from coach_core.service.safety import guard_message, guard_row, start_input_guard, stop
from coach_core.service.sessions import Exchange, SessionState, violation_rows
from coach_core.tools.base import ToolTraceEntry

__all__ = [
    "SENT_BARRIER",
    "ChatService",
    "SentBarrier",
    "TokenEvent",
    "ToolEndEvent",
    "ToolStartEvent",
    "Turn",
    "TurnDone",
    "TurnEvent",
    "TurnStream",
]

SAFETY_TOKEN_WORDS = re.compile(r"\s*\S+\s*")
FALLBACK_SAFETY_MESSAGE = "Sorry, something went wrong while answering. Please try again."


class SentBarrier:
    """Yielded right before the turn persists: the stream waits until every earlier event has
    been handed to the client, so a client gone before the end cancels the turn before
    anything is written."""


SENT_BARRIER = SentBarrier()


@dataclass(frozen=True, slots=True)
class TurnDone:
    """The turn's last event: the complete response (the stream's `done` is built from it)."""

    response: ChatResponse


TurnEvent = TokenEvent | ToolStartEvent | ToolEndEvent | SentBarrier | TurnDone


@dataclass(frozen=True)
class Turn:
    """One user message being answered: who, what, in which session, with which context and
    prompt, and the meter that bills it and holds its admission (reservation, stream slot)."""

    user_id: uuid.UUID
    message: str
    state: SessionState
    context: UserContext
    system: str
    messages: tuple[Message, ...]
    meter: UsageMeter
    guard_grace: float = 0.0
    """How long the look-ups took: the input guard may hold the first provider call this long."""


class TurnStream:
    """A streamed turn's events. Closing it (the SSE layer does when the stream ends, fails or
    loses its client) settles the turn (usage written, reservation and stream slot released)
    even if it was never iterated."""

    def __init__(self, events: AsyncGenerator[TurnEvent, None], meter: UsageMeter) -> None:
        self._events = events
        self._meter = meter

    def __aiter__(self) -> TurnStream:
        return self

    def __anext__(self) -> Awaitable[TurnEvent]:
        return self._events.__anext__()

    async def aclose(self) -> None:
        try:
            await self._events.aclose()
        finally:
            await self._meter.close()


def dedupe(*groups: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for group in groups:
        for text in group:
            seen.setdefault(text, None)
    return list(seen)


def trace_items(trace: Sequence[ToolTraceEntry]) -> list[ToolTraceItem]:
    return [
        ToolTraceItem(
            tool_name=t.tool_name, description=t.description, input_summary=t.input_summary,
            output_summary=t.output_summary, latency_ms=t.latency_ms, cached=t.cached, status=t.status,
        )
        for t in trace
    ]


def gap_items(context: UserContext) -> list[DataGapItem]:
    return [DataGapItem.model_validate(g.model_dump()) for g in context.data_gaps]


def _joined(shown: str, message: str) -> str:
    """The safety message after the text already sent, separated like a new paragraph."""
    if not shown:
        return message
    return shown + ("" if shown.endswith("\n\n") else "\n\n" if not shown.endswith("\n") else "\n") + message


def _emit(tokens: int, trace: Sequence[ToolTraceEntry], violations: Sequence[PolicyViolationRow]) -> None:
    emit_usage(tokens, len(trace), sum(1 for t in trace if t.cached), [v.violation_type for v in violations])


def verdict_of(task: asyncio.Task[GuardVerdict]) -> GuardVerdict | None:
    """A finished guard check's verdict (None if it was cancelled: no verdict, the rules stand)."""
    if task.cancelled() or task.exception() is not None:
        return None
    return task.result()


async def held_for_verdict(
    events: AsyncGenerator[OrchestratorEvent, None], guard: asyncio.Task[GuardVerdict]
) -> AsyncGenerator[OrchestratorEvent, None]:
    """The orchestrator's events, none before the guard's verdict. Until it arrives, each next
    event is awaited in a task raced against the verdict, so a crisis verdict cancels the call
    in flight (a buffered completion, a first token, a tool round) at once instead of waiting
    for it; the events end there. After the verdict, the events pass through untouched."""
    while not guard.done():
        step: asyncio.Future[OrchestratorEvent] = asyncio.ensure_future(anext(events))
        try:
            racing: set[asyncio.Future[Any]] = {step, guard}
            await asyncio.wait(racing, return_when=asyncio.FIRST_COMPLETED)
            if not guard.done():
                await asyncio.wait({guard})  # an event came first: it waits for the verdict
            verdict = verdict_of(guard)
            crisis = verdict is not None and verdict.is_crisis
            if crisis:
                step.cancel()
            await asyncio.wait({step})
        except BaseException:
            step.cancel()
            await asyncio.gather(step, return_exceptions=True)
            raise
        if crisis or step.cancelled() or isinstance(step.exception(), StopAsyncIteration):
            return  # on a crisis, an event that came first is dropped with the rest
        yield step.result()
    async for event in events:
        yield event


class ChatService:
    def __init__(self, parts: ServiceParts) -> None:
        self.db = parts.db
        self.registry = parts.registry
        self._provider = parts.provider
        self.policies = parts.policies
        self.contexts = parts.contexts
        self.sessions = parts.sessions
        self.limits = parts.limits
        self.guard = parts.guard
        self._tool_definitions: list[ToolDefinition] | None = None

    async def begin(self, user_id: uuid.UUID, request: ChatRequest, *, stream: bool = False) -> Turn:
        """Session look-up and context load, concurrently (an unknown session is a plain 404
        before anything streams), then the limits of the user's tier: the rate, the open-stream
        cap for a stream, and a reservation of the day's token budget sized to the prompt (a
        429 before any provider call and before the model guard). A new session takes the
        user's tier."""
        started = time.perf_counter()
        state, context = await asyncio.gather(
            self.sessions.open(user_id, request.session_id),
            self.contexts.get(user_id),
            return_exceptions=True,
        )
        if isinstance(state, BaseException):
            raise state
        if isinstance(context, BaseException):
            raise context
        tier = context.data.profile.tier
        if state.is_new:
            state = dataclasses.replace(state, model_tier=tier)
        system = get_system_prompt("coach", context.summary)
        history = [Message(t.role, t.content) for t in self.sessions.prompt_history(state)]
        messages = (*history, Message.user(request.message))
        estimate = self.limits.reservation_tokens(
            state.model_tier, estimate_prompt_tokens(system, messages, self._definitions())
        )
        admission = await self.limits.admit(user_id, tier, estimate=estimate, stream=stream)
        meter = UsageMeter(self.limits, admission)
        return Turn(user_id, request.message, state, context, system, messages, meter,
                    time.perf_counter() - started)

    def _definitions(self) -> list[ToolDefinition]:
        if self._tool_definitions is None:
            self._tool_definitions = [ToolDefinition(t.name, t.description, t.parameters)
                                      for t in self.registry.specs()]
        return self._tool_definitions

    async def chat(self, user_id: uuid.UUID, request: ChatRequest) -> ChatResponse:
        """`/chat`: the turn with buffered provider calls, drained; settled before returning."""
        turn = await self.begin(user_id, request)
        try:
            async with aclosing(self.run(turn, streamed=False)) as events:
                async for event in events:
                    if isinstance(event, TurnDone):
                        return event.response
        finally:
            await turn.meter.close()
        raise ProviderError("the turn ended without a response")

    async def open_stream(self, user_id: uuid.UUID, request: ChatRequest) -> TurnStream:
        """`/chat/stream`: resolve session and context and pass the limits first, then hand back
        the turn's events."""
        turn = await self.begin(user_id, request, stream=True)
        return TurnStream(self.run(turn, streamed=True), turn.meter)

    async def run(self, turn: Turn, *, streamed: bool) -> AsyncGenerator[TurnEvent, None]:
        """The turn's events, always ending with `TurnDone` (or an exception); the turn is
        settled when they end, however they end.

        Input: the rules first (block/flag: no provider call, no guard call); then the model
        guard starts, and its verdict is awaited before the first event of the answer leaves.
        The provider call may start before the verdict: a crisis verdict cancels it the moment
        it arrives (its tokens are billed as estimated), and no token of it is sent. Output:
        when streaming, each sentence is released only once it is complete and passes the rules
        (the first that does not is never sent: the provider stream is cancelled and the safety
        message follows); the guard judges the complete answer before its last sentence leaves.
        `/chat` checks the whole answer with both layers before returning it."""
        span = tracing.turn_span(str(turn.state.id), streamed=streamed)
        error: BaseException | None = None
        try:
            async with aclosing(tracing.iterate_in(span, self._run(turn, streamed=streamed))) as events:
                async for event in events:
                    if isinstance(event, TurnDone):
                        r = event.response
                        tracing.record_turn(span, finish_reason=r.finish_reason, tokens=r.tokens_used,
                                            provider=r.provider, tool_calls=len(r.tool_trace))
                    yield event
        except BaseException as exc:
            error = exc
            raise
        finally:
            try:
                await turn.meter.close()
            finally:
                tracing.end_span(span, error)

    async def _run(self, turn: Turn, *, streamed: bool) -> AsyncGenerator[TurnEvent, None]:
        state, user_id = turn.state, turn.user_id
        with tracing.safety_span("rules", "input") as check:
            checked_in = self.policies.check_input(turn.message)
            tracing.record_policy(check, checked_in)
        violations = violation_rows(checked_in, user_id, state.id, "input")
        if checked_in.replaces_message:
            tracing.decided_by(tracing.policy_layer(checked_in))
            reply = checked_in.replacement_message or FALLBACK_SAFETY_MESSAGE
            async for event in self._replaced(turn, "", reply, violations, list(checked_in.disclaimers)):
                yield event
            return

        guard_task = start_input_guard(self.guard, user_id, turn.message, turn.meter.guard)
        try:
            verdict_in: GuardVerdict | None = None
            if guard_task is not None:
                # The provider call may wait for the verdict as long as the look-ups took; later
                # than that, the call starts and a crisis verdict cancels it the moment it arrives.
                await asyncio.wait({guard_task}, timeout=turn.guard_grace)
                if guard_task.done():
                    verdict_in = verdict_of(guard_task)
                    if verdict_in is not None and verdict_in.is_crisis:
                        tracing.decided_by("guard")
                        rows = [*violations, guard_row(verdict_in, turn.message, user_id, state.id, "input")]
                        async for event in self._replaced(turn, "", guard_message(), rows, [],
                                                          guard_tokens=verdict_in.tokens):
                            yield event
                        return

            tools = self.registry.bind(user_id, state.id, data_version=turn.context.data.data_version)
            events = Orchestrator(self._provider(), on_usage=turn.meter.provider).stream(
                system=turn.system,
                messages=list(turn.messages),
                tools=tools,
                model_tier=state.model_tier,
                streamed=streamed,
            )
            gate = StreamingOutputGuard(self.policies) if streamed else None
            figures = GroundingCheck()  # numeric grounding: fed what the user is shown
            result: OrchestratorResult | None = None
            stopped: PolicyResult | None = None
            # Nothing leaves before the verdict; a crisis verdict closes the loop at once, which
            # cancels the provider call and any tools in flight.
            held = events if guard_task is None or guard_task.done() else held_for_verdict(events, guard_task)
            try:
                async with aclosing(events), aclosing(held):
                    async for item in held:
                        if isinstance(item, FinishEvent):
                            result = item.result
                        elif gate is not None and isinstance(item, TokenEvent):
                            step = gate.feed(item.content)
                            if step.released:
                                yield TokenEvent(step.released)
                                figures.feed(step.released)
                            if step.blocked is not None:
                                stopped = step.blocked
                                break
                        else:
                            yield item
            except Exception:
                await self.sessions.record_logs(violations, tools.take_log_rows())
                raise
            if guard_task is not None and verdict_in is None and guard_task.done():
                verdict_in = verdict_of(guard_task)
            guard_tokens = verdict_in.tokens if verdict_in is not None else 0

            if verdict_in is not None and verdict_in.is_crisis:
                tracing.decided_by("guard")
                rows = [*violations, guard_row(verdict_in, turn.message, user_id, state.id, "input")]
                async for event in self._replaced(turn, "", guard_message(), rows, [], guard_tokens=guard_tokens,
                                                  tool_rows=tools.take_log_rows()):
                    yield event
                return
            refs = numbers.turn_references(turn.context, state.history, turn.message, tools.outputs)
            if stopped is not None:  # a streamed sentence the rules would replace: never sent
                with tracing.safety_span("rules", "output") as check:
                    tracing.record_policy(check, stopped)
                tracing.decided_by(tracing.policy_layer(stopped))
                rows = violations + violation_rows(stopped, user_id, state.id, "output")
                safety = stopped.replacement_message or FALLBACK_SAFETY_MESSAGE
                async for event in self._replaced(
                    turn, gate.released_text if gate else "", safety, rows,
                    dedupe(checked_in.disclaimers, stopped.disclaimers), guard_tokens=guard_tokens,
                    tool_rows=tools.take_log_rows(), provider=last_provider(), grounding=figures.report(refs),
                ):
                    yield event
                return
            if result is None:
                raise ProviderError("the orchestrator ended without a result")

            verdict_out = None if self.guard is None else await self.guard.check(
                result.text, "output", user_id=user_id, bill=turn.meter.guard
            )
            was_repaired = False
            guard_tokens += verdict_out.tokens if verdict_out is not None else 0
            if gate is not None:
                if verdict_out is not None and verdict_out.is_crisis:
                    checked: PolicyResult | None = None
                else:
                    with tracing.safety_span("rules", "output") as check:
                        tail = gate.finish()
                        checked = tail.blocked or gate.result
                        tracing.record_policy(check, checked)
                    if tail.released:
                        yield TokenEvent(tail.released)
                        figures.feed(tail.released)
            else:
                with tracing.safety_span("rules", "output") as check:
                    checked = self.policies.check_output(result.text)
                    tracing.record_policy(check, checked)
                if self.sessions.settings.coach_grounding_repair and not checked.replaces_message and not (
                    verdict_out is not None and verdict_out.is_crisis
                ):
                    repaired = await numbers.repair_turn(
                        self._provider(), self.policies, self.guard, turn.meter, user_id=user_id, refs=refs,
                        result=result, system=turn.system, messages=turn.messages, model_tier=state.model_tier,
                    )
                    if repaired is not None:
                        result, checked, was_repaired = repaired.result, repaired.checked, True
                        guard_tokens += repaired.guard_tokens
            rows = violations + (violation_rows(checked, user_id, state.id, "output") if checked else [])
            message: str | None = None
            if verdict_out is not None and verdict_out.is_crisis:
                tracing.decided_by("guard")
                rows.append(guard_row(verdict_out, result.text, user_id, state.id, "output"))
                message = guard_message()
            elif checked is not None and checked.replaces_message:
                tracing.decided_by(tracing.policy_layer(checked))
                message = checked.replacement_message or FALLBACK_SAFETY_MESSAGE
            replaced = message is not None
            if message is None:
                reply = result.text
                if gate is None:
                    figures.feed(reply)
            else:  # /chat returns the message alone; a stream appends it to the sentences already sent
                shown = gate.released_text if gate else ""
                reply = _joined(shown, message)
                if gate is not None:
                    for piece in SAFETY_TOKEN_WORDS.findall(reply[len(shown):]):
                        yield TokenEvent(piece)
            report = figures.report(refs)
            yield SENT_BARRIER
            tokens = result.usage.total + guard_tokens
            finish = "safety" if replaced else result.finish_reason
            session_id = await self.sessions.record(state, user_id, Exchange(
                turn.message, reply, tokens, rows, tools.take_log_rows(),
                numbers.log_row(report, result.provider, finish, repaired=was_repaired),
            ))
            _emit(tokens, result.tool_trace, rows)
            numbers.emit(report)
            disclaimers = dedupe(checked_in.disclaimers, checked.disclaimers if checked else (),
                                 numbers.disclaimer(report))
            yield TurnDone(self._response(
                turn, session_id, reply, result.tool_trace, disclaimers, tokens, finish, result.provider, report,
            ))
        finally:
            await stop(guard_task)

    async def _replaced(
        self,
        turn: Turn,
        shown: str,
        message: str,
        rows: list[PolicyViolationRow],
        disclaimers: list[str],
        *,
        guard_tokens: int = 0,
        tool_rows: Sequence[ToolCallLogRow] = (),
        provider: str | None = None,
        grounding: GroundingReport = NOTHING_CHECKED,
    ) -> AsyncGenerator[TurnEvent, None]:
        """A turn that ends in a safety message: the message follows whatever was already
        shown, as tokens; the exchange stores exactly what the user saw."""
        reply = _joined(shown, message)
        for piece in SAFETY_TOKEN_WORDS.findall(reply[len(shown):]):
            yield TokenEvent(piece)
        yield SENT_BARRIER
        session_id = await self.sessions.record(turn.state, turn.user_id, Exchange(
            turn.message, reply, guard_tokens, rows, tool_rows, numbers.log_row(grounding, provider, "safety")
        ))
        _emit(guard_tokens, [], rows)
        numbers.emit(grounding)
        yield TurnDone(self._response(
            turn, session_id, reply, [], dedupe(disclaimers, numbers.disclaimer(grounding)), guard_tokens, "safety",
            provider, grounding,
        ))

    @staticmethod
    def _response(
        turn: Turn,
        session_id: uuid.UUID,
        message: str,
        trace: Sequence[ToolTraceEntry],
        disclaimers: list[str],
        tokens: int,
        finish_reason: FinishReason,
        provider: str | None,
        grounding: GroundingReport = NOTHING_CHECKED,
    ) -> ChatResponse:
        return ChatResponse(
            message=message,
            session_id=session_id,
            tool_trace=trace_items(trace),
            confidence=turn.context.confidence,
            data_gaps=gap_items(turn.context),
            disclaimers=disclaimers,
            tokens_used=tokens,
            finish_reason=finish_reason,
            provider=provider,
            grounding=numbers.as_schema(grounding),
        )
