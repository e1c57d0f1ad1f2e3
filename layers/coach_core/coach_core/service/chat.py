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
import uuid
from collections.abc import AsyncGenerator, Sequence
from contextlib import aclosing
from dataclasses import dataclass

from coach_core.context_builder import UserContext
from coach_core.errors import ProviderError
from coach_core.models import PolicyViolationRow, utcnow
from coach_core.observability import emit_usage
from coach_core.orchestrator import (
    FinishEvent,
    Orchestrator,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.base import Message
from coach_core.schemas import ChatRequest, ChatResponse, DataGapItem, FinishReason, ToolTraceItem
from coach_core.service.parts import ServiceParts
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

SAFETY_TOKEN_WORDS = re.compile(r"\S+\s*")
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
    """One user message being answered: who, what, in which session, with which context."""

    user_id: uuid.UUID
    message: str
    state: SessionState
    context: UserContext


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

    async def begin(self, user_id: uuid.UUID, request: ChatRequest) -> Turn:
        """Session look-up and context load, concurrently (an unknown session is a plain 404
        before anything streams), then the rate limit and token budget of the user's tier (a
        429 before any provider call). A new session takes the user's tier."""
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
        if state.is_new:
            state = dataclasses.replace(state, model_tier=tier)
        return Turn(user_id, request.message, state, context)

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
        """The turn's events, always ending with `TurnDone` (or an exception)."""
        state, user_id = turn.state, turn.user_id
        checked_in = self.policies.check_input(turn.message)
        violations = violation_rows(checked_in, user_id, state.id, "input")
        if checked_in.replaces_message:
            reply = checked_in.replacement_message or FALLBACK_SAFETY_MESSAGE
            for piece in SAFETY_TOKEN_WORDS.findall(reply):
                yield TokenEvent(piece)
            yield SENT_BARRIER
            recorded = await self.sessions.record(state, user_id, Exchange(turn.message, reply, 0, violations, []))
            await self.limits.recorded(user_id, utcnow().date(), recorded.day_tokens)
            _emit(0, [], violations)
            yield TurnDone(self._response(
                turn, recorded.session_id, reply, [], list(checked_in.disclaimers), 0, "safety", None
            ))
            return

        tools = self.registry.bind(user_id, state.id, data_version=turn.context.data.data_version)
        events = Orchestrator(self._provider()).stream(
            system=get_system_prompt("coach", turn.context.summary),
            messages=self._prompt(turn),
            tools=tools,
            model_tier=state.model_tier,
            streamed=streamed,
        )
        result: OrchestratorResult | None = None
        try:
            async with aclosing(events):
                async for event in events:
                    if isinstance(event, FinishEvent):
                        result = event.result
                    else:
                        yield event
        except Exception:
            await self.sessions.record_logs(violations, tools.take_log_rows())
            raise
        if result is None:
            raise ProviderError("the orchestrator ended without a result")

        # Streamed text is not retracted; a blocked answer is stored (and, on /chat, returned)
        # as the safety message, so the model never sees its unsafe text again.
        checked = self.policies.check_output(result.text)
        rows = violations + violation_rows(checked, user_id, state.id, "output")
        reply = (checked.replacement_message or FALLBACK_SAFETY_MESSAGE) if checked.replaces_message else result.text
        yield SENT_BARRIER
        recorded = await self.sessions.record(state, user_id, Exchange(
            turn.message, reply, result.usage.total, rows, tools.take_log_rows(),
            input_tokens=result.usage.input_tokens, output_tokens=result.usage.output_tokens,
            usage_by_provider=result.usage_by_provider,
        ))
        await self.limits.recorded(user_id, utcnow().date(), recorded.day_tokens)
        _emit(result.usage.total, result.tool_trace, rows)
        yield TurnDone(self._response(
            turn, recorded.session_id, reply, result.tool_trace, dedupe(checked_in.disclaimers, checked.disclaimers),
            result.usage.total, "safety" if checked.replaces_message else result.finish_reason, result.provider,
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
