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

from coach_core import tracing
from coach_core.context_builder import UserContext
from coach_core.errors import ProviderError
from coach_core.grounding import NOTHING_CHECKED, GroundingReport
from coach_core.models import PolicyViolationRow, ToolCallLogRow
from coach_core.observability import emit_usage
from coach_core.orchestrator import (
    Orchestrator,
    OrchestratorEvent,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.policies.types import PolicyResult
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.attribution import last_provider
from coach_core.providers.base import Message, ToolDefinition, estimate_prompt_tokens
from coach_core.schemas import ChatRequest, ChatResponse, DataGapItem, FinishReason, ToolTraceItem
from coach_core.service import grounding as numbers
from coach_core.service.answer import Answer, ShownEvent
from coach_core.service.metering import UsageMeter
from coach_core.service.parts import ServiceParts
from coach_core.service.safety import (
    decide,
    is_crisis,
    start_input_guard,
    stop,
    traced_rules,
    verdict_of,
    verdict_within,
)
from coach_core.service.sessions import Exchange, SessionState
from coach_core.tools.base import ToolTraceEntry
from coach_core.tools.registry import BoundTools

__all__ = [
    "SENT_BARRIER",
    "ChatService",
    "ClientEvent",
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


class SentBarrier:
    """Yielded right before the turn persists: the stream waits until every earlier event has
    been handed to the client, so a client gone before the end cancels the turn before
    anything is written."""


SENT_BARRIER = SentBarrier()


@dataclass(frozen=True, slots=True)
class TurnDone:
    """The turn's last event: the complete response (the stream's `done` is built from it)."""

    response: ChatResponse


ClientEvent = ShownEvent | TurnDone
"""An event the client is sent (the stream frames each as one SSE record)."""
TurnEvent = ClientEvent | SentBarrier


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
            tool_name=t.tool_name,
            description=t.description,
            input_summary=t.input_summary,
            output_summary=t.output_summary,
            latency_ms=t.latency_ms,
            cached=t.cached,
            status=t.status,
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


@dataclass(frozen=True, slots=True)
class Ending:
    """How a turn ends, whichever way it ends. `text` is the answer, or for a turn that ends in
    a safety message the part of the answer the user was already shown (often nothing); `safety`
    is that message, which follows it. The rest is what the exchange, the metrics and the
    response carry."""

    text: str
    safety: str | None
    rows: Sequence[PolicyViolationRow]
    disclaimers: Sequence[str]
    tokens: int = 0
    trace: Sequence[ToolTraceEntry] = ()
    provider: str | None = None
    grounding: GroundingReport = NOTHING_CHECKED
    tool_rows: Sequence[ToolCallLogRow] = ()
    finish_reason: FinishReason = "stop"
    """The model's, for an answer that stands; a safety ending's is "safety"."""
    repaired: bool = False
    released: str = ""
    """A stream's last sentences, released by the output check only now (part of `text`)."""

    @property
    def reply(self) -> str:
        """What the user ends up seeing, and the exchange stores."""
        return self.text if self.safety is None else _joined(self.text, self.safety)

    @property
    def finish(self) -> FinishReason:
        return self.finish_reason if self.safety is None else "safety"


def _emit(tokens: int, trace: Sequence[ToolTraceEntry], violations: Sequence[PolicyViolationRow]) -> None:
    emit_usage(tokens, len(trace), sum(1 for t in trace if t.cached), [v.violation_type for v in violations])


class ChatService:
    def __init__(self, parts: ServiceParts) -> None:
        self.parts = parts
        self._tool_definitions: list[ToolDefinition] | None = None

    async def begin(self, user_id: uuid.UUID, request: ChatRequest, *, stream: bool = False) -> Turn:
        """Session look-up and context load, concurrently (an unknown session is a plain 404
        before anything streams), then the limits of the user's tier: the rate, the open-stream
        cap for a stream, and a reservation of the day's token budget sized to the prompt (a
        429 before any provider call and before the model guard). A new session takes the
        user's tier."""
        started = time.perf_counter()
        sessions, limits = self.parts.sessions, self.parts.limits
        state, context = await asyncio.gather(
            sessions.open(user_id, request.session_id),
            self.parts.contexts.get(user_id),
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
        history = [Message(t.role, t.content) for t in sessions.prompt_history(state)]
        messages = (*history, Message.user(request.message))
        estimate = limits.reservation_tokens(
            state.model_tier, estimate_prompt_tokens(system, messages, self._definitions())
        )
        admission = await limits.admit(user_id, tier, estimate=estimate, stream=stream)
        meter = UsageMeter(limits, admission)
        return Turn(user_id, request.message, state, context, system, messages, meter, time.perf_counter() - started)

    def _definitions(self) -> list[ToolDefinition]:
        if self._tool_definitions is None:
            self._tool_definitions = [
                ToolDefinition(t.name, t.description, t.parameters) for t in self.parts.registry.specs()
            ]
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
                        tracing.record_turn(
                            span,
                            finish_reason=r.finish_reason,
                            tokens=r.tokens_used,
                            provider=r.provider,
                            tool_calls=len(r.tool_trace),
                        )
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
        """The turn's steps in the order of `run`. Every ending, the answer's and each safety
        message's, goes through `_end`; every verdict is made by `decide`."""
        state, user_id, message = turn.state, turn.user_id, turn.message
        checked_in = traced_rules("input", lambda: self.parts.policies.check_input(message))
        said = decide(checked_in, None, message, user_id, state.id, "input")
        if said.message is not None:  # the rules refuse the message: no guard call, no model call
            async for event in self._end(turn, Ending("", said.message, said.rows, checked_in.disclaimers)):
                yield event
            return

        guard_task = start_input_guard(self.parts.guard, user_id, message, turn.meter.guard)
        try:
            # The provider call may wait for the verdict as long as the look-ups took; later than
            # that, the call starts and a crisis verdict cancels it the moment it arrives.
            verdict_in = await verdict_within(guard_task, turn.guard_grace)
            tools = self.parts.registry.bind(user_id, state.id, data_version=turn.context.data.data_version)
            answer = Answer(self.parts.policies, streamed=streamed)
            if not is_crisis(verdict_in):
                try:
                    async with aclosing(answer.relay(self._events(turn, tools, streamed), guard_task)) as events:
                        async for event in events:
                            yield event
                except Exception:
                    await self.parts.sessions.record_logs(said.rows, tools.take_log_rows())
                    raise
                verdict_in = verdict_of(guard_task)
            guard_tokens = verdict_in.tokens if verdict_in is not None else 0

            said = decide(checked_in, verdict_in, message, user_id, state.id, "input")
            if said.message is not None:  # the guard's crisis verdict: not a token of the answer was sent
                ending = Ending(
                    "", said.message, said.rows, checked_in.disclaimers, guard_tokens, tool_rows=tools.take_log_rows()
                )
            else:
                ending = await self._judged(turn, answer, checked_in, said.rows, guard_tokens, tools)
            async for event in self._end(turn, ending):
                yield event
        finally:
            await stop(guard_task)

    def _events(self, turn: Turn, tools: BoundTools, streamed: bool) -> AsyncGenerator[OrchestratorEvent, None]:
        """The orchestrator's loop for the turn: streamed or buffered provider calls, tool rounds."""
        return Orchestrator(self.parts.provider(), on_usage=turn.meter.provider).stream(
            system=turn.system,
            messages=list(turn.messages),
            tools=tools,
            model_tier=turn.state.model_tier,
            streamed=streamed,
        )

    async def _judged(
        self,
        turn: Turn,
        answer: Answer,
        checked_in: PolicyResult,
        rows_in: list[PolicyViolationRow],
        guard_tokens: int,
        tools: BoundTools,
    ) -> Ending:
        """The answer's ending, from its one output verdict (`decide`): a streamed sentence the
        rules stopped (never sent); else the guard on the complete answer, then the rules (a
        stream's last sentences, or all of a `/chat` answer, repaired once when its figures are
        ungrounded and COACH_GROUNDING_REPAIR is on)."""
        user_id, session_id, parts = turn.user_id, turn.state.id, self.parts
        refs = numbers.turn_references(turn.context, turn.state.history, turn.message, tools.outputs)
        rules_in = checked_in.disclaimers
        stopped = answer.stopped
        if stopped is not None:
            traced_rules("output", lambda: stopped)
            said = decide(stopped, None, answer.shown, user_id, session_id, "output")
            return Ending(
                answer.shown,
                said.message,
                rows_in + said.rows,
                dedupe(rules_in, stopped.disclaimers),
                guard_tokens,
                provider=last_provider(),
                grounding=answer.figures.report(refs),
                tool_rows=tools.take_log_rows(),
            )
        result = answer.result
        if result is None:
            raise ProviderError("the orchestrator ended without a result")
        verdict = (
            None
            if parts.guard is None
            else await parts.guard.check(result.text, "output", user_id=user_id, bill=turn.meter.guard)
        )
        guard_tokens += verdict.tokens if verdict is not None else 0
        checked: PolicyResult | None = None
        released, repaired = "", False
        if answer.gate is not None:
            if not is_crisis(verdict):
                checked, released = answer.finish(answer.gate)
        else:
            text = result.text
            checked = traced_rules("output", lambda: parts.policies.check_output(text))
            if parts.sessions.settings.coach_grounding_repair and not (checked.replaces_message or is_crisis(verdict)):
                fixed = await numbers.repair_turn(
                    parts.provider(),
                    parts.policies,
                    parts.guard,
                    turn.meter,
                    user_id=user_id,
                    refs=refs,
                    result=result,
                    system=turn.system,
                    messages=turn.messages,
                    model_tier=turn.state.model_tier,
                )
                if fixed is not None:
                    result, checked, repaired = fixed.result, fixed.checked, True
                    guard_tokens += fixed.guard_tokens
        said = decide(checked, verdict, result.text, user_id, session_id, "output")
        if said.message is None and answer.gate is None:
            answer.figures.feed(result.text)
        return Ending(
            result.text if said.message is None else answer.shown,
            said.message,
            rows_in + said.rows,
            dedupe(rules_in, checked.disclaimers if checked else ()),
            result.usage.total + guard_tokens,
            trace=result.tool_trace,
            provider=result.provider,
            grounding=answer.figures.report(refs),
            tool_rows=tools.take_log_rows(),
            finish_reason=result.finish_reason,
            repaired=repaired,
            released=released,
        )

    async def _end(self, turn: Turn, end: Ending) -> AsyncGenerator[TurnEvent, None]:
        """Every turn ends here: a stream's last sentences, then a safety message after what was
        shown, as tokens; the sent-barrier; the one-transaction write of exactly what the user
        saw; the metrics; `TurnDone`."""
        if end.released:
            yield TokenEvent(end.released)
        reply = end.reply
        for piece in SAFETY_TOKEN_WORDS.findall(reply[len(end.text) :]):
            yield TokenEvent(piece)
        yield SENT_BARRIER
        session_id = await self.parts.sessions.record(
            turn.state,
            turn.user_id,
            Exchange(
                turn.message,
                reply,
                end.tokens,
                end.rows,
                end.tool_rows,
                numbers.log_row(end.grounding, end.provider, end.finish, repaired=end.repaired),
            ),
        )
        _emit(end.tokens, end.trace, end.rows)
        numbers.emit(end.grounding)
        yield TurnDone(
            ChatResponse(
                message=reply,
                session_id=session_id,
                tool_trace=trace_items(end.trace),
                confidence=turn.context.confidence,
                data_gaps=gap_items(turn.context),
                disclaimers=dedupe(end.disclaimers, numbers.disclaimer(end.grounding)),
                tokens_used=end.tokens,
                finish_reason=end.finish,
                provider=end.provider,
                grounding=numbers.as_schema(end.grounding),
            )
        )
