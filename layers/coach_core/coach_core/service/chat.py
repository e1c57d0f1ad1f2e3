"""ONE chat turn implementation: `/chat` drains it, `/chat/stream` forwards it.

A turn: input check (block/flag → the safety message as tokens, no provider call), the
orchestrator's loop (streamed or buffered provider calls), the output check, then the
sent-barrier and the one-transaction write, then `TurnDone` carrying the `ChatResponse`. The
turn yields service-level events; framing them as SSE is the API's job.

Persistence: nothing is written until the answer is complete; then the session store writes
the exchange and its log rows in one transaction. A blocked or flagged input exchange is
stored too (the user's message and the safety reply), so stored history matches what the user
saw. On a failure the input's violations and the tool calls that ran are still logged; the
exchange is not. A client that disconnects cancels the turn before anything is written.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
import uuid
from collections.abc import AsyncGenerator, Sequence
from contextlib import aclosing
from dataclasses import dataclass

from coach_core import tracing
from coach_core.context_builder import UserContext
from coach_core.errors import ProviderError
from coach_core.guard import GuardVerdict
from coach_core.models import PolicyViolationRow, ToolCallLogRow, utcnow
from coach_core.observability import emit_usage
from coach_core.orchestrator import (
    FinishEvent,
    Orchestrator,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.policies.streaming import StreamingOutputGuard
from coach_core.policies.types import PolicyResult
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.attribution import last_provider
from coach_core.providers.base import Message
from coach_core.schemas import ChatRequest, ChatResponse, DataGapItem, FinishReason, ToolTraceItem
from coach_core.service.parts import ServiceParts
from coach_core.service.safety import cancel, guard_message, guard_row, start_input_guard
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
    """One user message being answered: who, what, in which session, with which context, and
    the model-based guard's verdict on the message (running since the turn began)."""

    user_id: uuid.UUID
    message: str
    state: SessionState
    context: UserContext
    input_guard: asyncio.Task[GuardVerdict] | None = None
    guard_grace: float = 0.0
    """How long the look-ups took: the input guard may hold the first provider call this long."""


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

    async def begin(self, user_id: uuid.UUID, request: ChatRequest) -> Turn:
        """Session look-up and context load, concurrently, with the input guard already running
        beside them (an unknown session is a plain 404 before anything streams), then the rate
        limit and token budget of the user's tier (a 429 before any provider call). A new
        session takes the user's tier."""
        guard_task = start_input_guard(self.guard, request.message)
        started = time.perf_counter()
        try:
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
            await self.limits.admit(user_id, tier)
        except BaseException:
            cancel(guard_task)
            raise
        if state.is_new:
            state = dataclasses.replace(state, model_tier=tier)
        return Turn(user_id, request.message, state, context, guard_task, time.perf_counter() - started)

    async def chat(self, user_id: uuid.UUID, request: ChatRequest) -> ChatResponse:
        """`/chat`: the turn with buffered provider calls, drained."""
        turn = await self.begin(user_id, request)
        events = self.run(turn, streamed=False)
        async with aclosing(events):
            async for event in events:
                if isinstance(event, TurnDone):
                    return event.response
        raise ProviderError("the turn ended without a response")

    async def open_stream(self, user_id: uuid.UUID, request: ChatRequest) -> AsyncGenerator[TurnEvent, None]:
        """`/chat/stream`: resolve session and context first, then hand back the turn's events."""
        turn = await self.begin(user_id, request)
        return self.run(turn, streamed=True)

    def _prompt(self, turn: Turn) -> list[Message]:
        history = [Message(t.role, t.content) for t in self.sessions.prompt_history(turn.state)]
        return [*history, Message.user(turn.message)]

    async def run(self, turn: Turn, *, streamed: bool) -> AsyncGenerator[TurnEvent, None]:
        """The turn's events, always ending with `TurnDone` (or an exception).

        Input: the rules first (block/flag: no provider call); the guard's verdict, running since
        `begin`, is awaited before the first event of the answer leaves (the provider call may
        already have started: a crisis verdict cancels it before any token is sent). Output:
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
            cancel(turn.input_guard)
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

        verdict_in: GuardVerdict | None = None
        if turn.input_guard is not None:
            # The guard had the look-ups' time; it may have as much again before the provider is
            # called. Later than that, the call starts and a crisis verdict cancels it.
            await asyncio.wait({turn.input_guard}, timeout=turn.guard_grace)
            if turn.input_guard.done():
                verdict_in = turn.input_guard.result()
                if verdict_in.is_crisis:
                    tracing.decided_by("guard")
                    rows = [*violations, guard_row(verdict_in, turn.message, user_id, state.id, "input")]
                    async for event in self._replaced(turn, "", guard_message(), rows, [],
                                                      guard_tokens=verdict_in.tokens):
                        yield event
                    return

        tools = self.registry.bind(user_id, state.id, data_version=turn.context.data.data_version)
        events = Orchestrator(self._provider()).stream(
            system=get_system_prompt("coach", turn.context.summary),
            messages=self._prompt(turn),
            tools=tools,
            model_tier=state.model_tier,
            streamed=streamed,
        )
        gate = StreamingOutputGuard(self.policies) if streamed else None
        result: OrchestratorResult | None = None
        stopped: PolicyResult | None = None
        try:
            async with aclosing(events):
                async for item in events:
                    if turn.input_guard is not None and verdict_in is None:
                        verdict_in = await turn.input_guard  # nothing leaves before the verdict
                        if verdict_in.is_crisis:
                            break  # closing the loop cancels the provider call and any tools
                    if isinstance(item, FinishEvent):
                        result = item.result
                    elif gate is not None and isinstance(item, TokenEvent):
                        step = gate.feed(item.content)
                        if step.released:
                            yield TokenEvent(step.released)
                        if step.blocked is not None:
                            stopped = step.blocked
                            break
                    else:
                        yield item
        except Exception:
            await self.sessions.record_logs(violations, tools.take_log_rows())
            raise
        guard_tokens = verdict_in.tokens if verdict_in is not None else 0

        if verdict_in is not None and verdict_in.is_crisis:
            tracing.decided_by("guard")
            rows = [*violations, guard_row(verdict_in, turn.message, user_id, state.id, "input")]
            async for event in self._replaced(turn, "", guard_message(), rows, [], guard_tokens=guard_tokens,
                                              tool_rows=tools.take_log_rows()):
                yield event
            return
        if stopped is not None:  # a streamed sentence the rules would replace: never sent
            with tracing.safety_span("rules", "output") as check:
                tracing.record_policy(check, stopped)
            tracing.decided_by(tracing.policy_layer(stopped))
            rows = violations + violation_rows(stopped, user_id, state.id, "output")
            safety = stopped.replacement_message or FALLBACK_SAFETY_MESSAGE
            async for event in self._replaced(
                turn, gate.released_text if gate else "", safety, rows,
                dedupe(checked_in.disclaimers, stopped.disclaimers), guard_tokens=guard_tokens,
                tool_rows=tools.take_log_rows(), provider=last_provider(),
            ):
                yield event
            return
        if result is None:
            raise ProviderError("the orchestrator ended without a result")

        verdict_out = None if self.guard is None else await self.guard.check(result.text, "output")
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
        else:
            with tracing.safety_span("rules", "output") as check:
                checked = self.policies.check_output(result.text)
                tracing.record_policy(check, checked)
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
        else:  # /chat returns the message alone; a stream appends it to the sentences already sent
            shown = gate.released_text if gate else ""
            reply = _joined(shown, message)
            if gate is not None:
                for piece in SAFETY_TOKEN_WORDS.findall(reply[len(shown):]):
                    yield TokenEvent(piece)
        yield SENT_BARRIER
        tokens = result.usage.total + guard_tokens
        recorded = await self.sessions.record(state, user_id, Exchange(
            turn.message, reply, tokens, rows, tools.take_log_rows(),
            input_tokens=result.usage.input_tokens, output_tokens=result.usage.output_tokens,
            guard_tokens=guard_tokens,
            usage_by_provider=result.usage_by_provider,
        ))
        await self.limits.recorded(user_id, turn.context.data.profile.tier, utcnow().date(), recorded.day_tokens)
        _emit(tokens, result.tool_trace, rows)
        disclaimers = dedupe(checked_in.disclaimers, checked.disclaimers if checked else ())
        yield TurnDone(self._response(
            turn, recorded.session_id, reply, result.tool_trace, disclaimers, tokens,
            "safety" if replaced else result.finish_reason, result.provider,
        ))

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
    ) -> AsyncGenerator[TurnEvent, None]:
        """A turn that ends in a safety message: the message follows whatever was already
        shown, as tokens; the exchange stores exactly what the user saw."""
        reply = _joined(shown, message)
        for piece in SAFETY_TOKEN_WORDS.findall(reply[len(shown):]):
            yield TokenEvent(piece)
        yield SENT_BARRIER
        recorded = await self.sessions.record(turn.state, turn.user_id, Exchange(
            turn.message, reply, guard_tokens, rows, tool_rows, guard_tokens=guard_tokens,
        ))
        await self.limits.recorded(turn.user_id, turn.context.data.profile.tier, utcnow().date(), recorded.day_tokens)
        _emit(guard_tokens, [], rows)
        yield TurnDone(self._response(
            turn, recorded.session_id, reply, [], disclaimers, guard_tokens, "safety", provider
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
        )
