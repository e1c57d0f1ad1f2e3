"""`CoachService`: sessions, safety policies and the streaming contract around the
orchestrator. Routers call it; it calls the context builder, the policy engine, the
orchestrator (which calls the provider and the tools) and the repositories.

Persistence rule: nothing is written until the answer is complete. Then ONE transaction
stores the exchange (creating the session row on first use, trimming history), marks a
replaced idle session EXPIRED, and writes the policy-violation and tool-call log rows. On
any failure, or a client that disconnects mid-stream, none of it is stored.

Blocked or flagged input is answered with the policy's safety message without calling
the provider. That exchange (the user's message and the safety reply) IS persisted with
its violation rows, so the conversation the user sees and the stored history agree, and
the model sees on the next turn that the coach already responded with resources.

SQL per chat request: session look-up (1) and context (3) run concurrently; the tools
query only on a cache miss; the final write is BEGIN, [expire], upsert exchange,
[violations], [tool calls], COMMIT.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import logging
import re
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from contextlib import aclosing
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ValidationError
from pydantic_core import to_json
from sse_starlette import ServerSentEvent

from coach_core import plan_builder
from coach_core.context_builder import ContextBuilder, UserContext
from coach_core.db.connection import Database
from coach_core.errors import ProviderError, SessionNotFoundError
from coach_core.insights import build_insights
from coach_core.models import ChatTurn, PolicyViolationRow, ToolCallLogRow, utcnow
from coach_core.orchestrator import (
    FinishEvent,
    Orchestrator,
    OrchestratorEvent,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
)
from coach_core.orchestrator import ToolStartEvent as OrchestratorToolStart
from coach_core.policies.engine import SafetyPolicyEngine, get_engine
from coach_core.policies.violation_log import violation_rows
from coach_core.prompts.system_prompts import get_system_prompt
from coach_core.providers.base import LLMProvider, Message
from coach_core.providers.factory import create_provider
from coach_core.providers.model_config import DEFAULT_TIER
from coach_core.repositories import logs, sessions
from coach_core.schemas import (
    ChatRequest,
    ChatResponse,
    DataGapItem,
    DoneData,
    DoneToolTrace,
    ErrorData,
    InsightsResponse,
    PlanResponse,
    StreamDoneEvent,
    StreamErrorEvent,
    StreamToolEndEvent,
    StreamToolStartEvent,
    ToolEndData,
    ToolStartData,
    ToolTraceItem,
    WeeklyPlan,
)
from coach_core.settings import Settings, get_settings
from coach_core.tools.base import ToolTraceEntry
from coach_core.tools.registry import BoundTools, ToolRegistry

if TYPE_CHECKING:
    from coach_core.policies.types import PolicyResult

logger = logging.getLogger(__name__)

PROMPT_HISTORY_MESSAGES = 6
"""Stored messages (3 exchanges) sent with each prompt."""

STREAM_ERROR_MESSAGE = "Sorry, something went wrong while answering. Please try again."
KEEPALIVE_COMMENT = "keep-alive"
STREAM_QUEUE_SIZE = 256
SAFETY_TOKEN_WORDS = re.compile(r"\S+\s*")

PLAN_USER_MESSAGE = "Create my plan for the coming week. Reply with the JSON object only."
PLAN_REPAIR_MESSAGE = (
    "That reply was not a valid plan: {error}\n"
    "Reply again with ONLY the corrected JSON object (exactly 7 days, Monday to Sunday), no other text."
)
PLAN_TDEE_TOOL = "calculate_tdee"

Direction = Literal["input", "output"]


class PlanGenerationError(ProviderError):
    """The model's plan was not valid JSON for the schema, even after one repair attempt."""

    public_message = "The coach could not build a plan right now. Please try again in a moment."


# --- small helpers -------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionState:
    """The session a request writes to. `history` is what was stored before this request;
    `expire_id` is an idle session this request replaces (marked EXPIRED in the final write)."""

    id: uuid.UUID
    model_tier: str
    history: tuple[ChatTurn, ...]
    is_new: bool
    expire_id: uuid.UUID | None = None


def _dedupe(*groups: Sequence[str]) -> list[str]:
    seen: dict[str, None] = {}
    for group in groups:
        for text in group:
            seen.setdefault(text, None)
    return list(seen)


def _trace_items(trace: Sequence[ToolTraceEntry]) -> list[ToolTraceItem]:
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


def _gap_items(context: UserContext) -> list[DataGapItem]:
    return [DataGapItem.model_validate(g.model_dump()) for g in context.data_gaps]


def _sse(event: BaseModel) -> ServerSentEvent:
    """One `data: <json>\\n\\n` record: no `event:`/`id:` lines (CONTRACTS.md)."""
    return ServerSentEvent(data=event.model_dump_json(), sep="\n")


_TOKEN_RECORD_HEAD = b'data: {"type":"token","data":{"content":'
_TOKEN_RECORD_TAIL = b"}}\n\n"


def token_record(content: str) -> bytes:
    """The wire bytes of one `token` event, the same bytes as
    `_sse(StreamTokenEvent(data=TokenData(content=content))).encode()`: the content string is
    serialised by pydantic-core exactly as the model would serialise it, and compact JSON
    never contains a raw line break, so the record is one `data:` line. ~0.5 µs instead of
    ~11 µs for building, validating and dumping two models per streamed delta."""
    return _TOKEN_RECORD_HEAD + to_json(content) + _TOKEN_RECORD_TAIL


class SentBarrier:
    """Yielded by the stream body before it persists: the keep-alive pump waits until every
    earlier event has been handed to the client, so a client gone before the end of the
    answer cancels the stream before anything is written."""


SENT_BARRIER = SentBarrier()


def keepalive_event() -> ServerSentEvent:
    return ServerSentEvent(comment=KEEPALIVE_COMMENT, sep="\n")


def parse_plan(text: str) -> tuple[WeeklyPlan | None, str]:
    """The plan in a model reply (tolerating Markdown fences or prose around the object), or
    None and a short, model-readable reason."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None, "no JSON object found"
    try:
        raw = json.loads(text[start : end + 1])
    except ValueError as exc:
        return None, f"invalid JSON ({type(exc).__name__}: {str(exc)[:200]})"
    try:
        return WeeklyPlan.model_validate(raw), ""
    except ValidationError as exc:
        problems = []
        for err in exc.errors()[:10]:
            where = ".".join(str(p) for p in err["loc"]) or "plan"
            problems.append(f"{where}: {err['msg']}")
        return None, "; ".join(problems)


def clamp_plan(plan: WeeklyPlan, floor: int = plan_builder.CALORIE_FLOOR) -> tuple[WeeklyPlan, bool]:
    """Raise any day below `floor` kcal to the floor (macros recomputed); True if anything changed."""
    days = []
    changed = False
    for day in plan.days:
        if day.calories < floor:
            changed = True
            day = day.model_copy(update=plan_builder.day_targets(floor, day.protein_g))
        days.append(day)
    return (plan.model_copy(update={"days": days}) if changed else plan), changed


# --- the service ---------------------------------------------------------------------------


class CoachService:
    """One per process (see `get_service`), shared by all requests; holds no per-request state."""

    def __init__(
        self,
        *,
        db: Database,
        registry: ToolRegistry,
        provider: LLMProvider | None = None,
        policy_engine: SafetyPolicyEngine | None = None,
        context_builder: ContextBuilder | None = None,
        settings: Settings | None = None,
        provider_factory: Callable[[Settings], LLMProvider] = create_provider,
        clock: Callable[[], dt.datetime] = utcnow,
    ) -> None:
        self.db = db
        self.registry = registry
        self._provider = provider
        self._provider_factory = provider_factory
        self.policies = policy_engine or get_engine()
        self.context_builder = context_builder or ContextBuilder()
        self.settings = settings or get_settings()
        self._clock = clock

    # --- provider ---------------------------------------------------------------------------

    @property
    def provider(self) -> LLMProvider:
        """Created on first use, so a request that never calls the model never needs a key."""
        if self._provider is None:
            self._provider = self._provider_factory(self.settings)
        return self._provider

    @property
    def provider_name(self) -> str:
        return self._provider.name if self._provider is not None else self.settings.llm_provider

    async def warm_up(self) -> None:
        """Build the provider client (importing its SDK) and open the database pool now, so
        a server worker pays for them before its first request rather than during it.
        Best effort: a failure is logged by type and left to surface on first use."""
        try:
            _ = self.provider
            await self.db.open()
        except Exception as exc:
            logger.warning("warm-up incomplete (%s); continuing lazily", type(exc).__name__)

    async def aclose(self) -> None:
        if self._provider is not None:
            await self._provider.aclose()
        cache = getattr(self.registry, "_cache", None)
        if cache is not None:
            await cache.close()

    # --- sessions ---------------------------------------------------------------------------

    async def _get_or_create_session(self, user_id: uuid.UUID, session_id: uuid.UUID | None) -> SessionState:
        """Resume the user's ACTIVE session; a fresh one for null, an EXPIRED session or one idle
        too long (marked EXPIRED later, in the final write). Another user's id is 404, exactly
        like an unknown id. A new session's row is created by the final write, not here."""
        if session_id is None:
            return SessionState(uuid.uuid4(), DEFAULT_TIER.value, (), is_new=True)
        async with self.db.connection() as conn:
            found = await sessions.get_session(conn, session_id, user_id)
        if found is None:
            raise SessionNotFoundError()
        if found.status != "ACTIVE":
            return SessionState(uuid.uuid4(), found.model_tier, (), is_new=True)
        idle_for = self._clock() - found.last_activity_at
        if idle_for > dt.timedelta(hours=self.settings.coach_session_idle_hours):
            return SessionState(uuid.uuid4(), found.model_tier, (), is_new=True, expire_id=found.id)
        return SessionState(found.id, found.model_tier, tuple(found.history), is_new=False)

    async def _record_exchange(
        self,
        state: SessionState,
        user_id: uuid.UUID,
        user_text: str,
        assistant_text: str,
        tokens_used: int,
        violations: Sequence[PolicyViolationRow],
        tool_rows: Sequence[ToolCallLogRow],
    ) -> uuid.UUID:
        """Append the user/assistant pair (history trimmed to the configured cap), bump
        message_count and tokens_used, and write the log rows: one transaction. Returns the
        session id written (a fresh one if the session was expired under us meanwhile)."""
        turns = [ChatTurn(role="user", content=user_text), ChatTurn(role="assistant", content=assistant_text)]

        async def write(session_id: uuid.UUID) -> None:
            now = self._clock()
            async with self.db.connection() as conn, conn.transaction():
                if state.expire_id is not None:
                    await sessions.expire_session(conn, state.expire_id, now)
                await sessions.record_exchange(
                    conn,
                    session_id=session_id,
                    user_id=user_id,
                    model_tier=state.model_tier,
                    turns=turns,
                    tokens_used=max(0, tokens_used),
                    max_history=self.settings.coach_max_conversation_history,
                    now=now,
                )
                await logs.insert_violations(conn, violations)
                await logs.insert_tool_calls(conn, tool_rows)

        try:
            await write(state.id)
        except sessions.SessionWriteConflict:
            # Expired by the sweeper between look-up and write: keep the answer in a new session.
            fresh = uuid.uuid4()
            await write(fresh)
            return fresh
        return state.id

    def _emit_metrics(
        self, tokens: int, trace: Sequence[ToolTraceEntry], violations: Sequence[PolicyViolationRow]
    ) -> None:
        """EMF metrics on Lambda (flushed per invocation by the handler or middleware)."""
        if not self.settings.on_lambda:
            return
        from coach_core.observability import emit

        emit("TokensUsed", tokens)
        emit("ToolCalls", len(trace))
        emit("ToolCacheHits", sum(1 for t in trace if t.cached))
        emit("PolicyViolations", len(violations))

    def _prompt_messages(self, state: SessionState, message: str) -> list[Message]:
        history = state.history[-PROMPT_HISTORY_MESSAGES:]
        out = [Message(turn.role, turn.content) for turn in history]
        out.append(Message.user(message))
        return out

    # --- policies ---------------------------------------------------------------------------

    @staticmethod
    def _violation_rows(
        result: PolicyResult, direction: Direction, user_id: uuid.UUID, session_id: uuid.UUID | None
    ) -> list[PolicyViolationRow]:
        """One `ai_policy_violation_log` row per fired policy (trigger sanitised)."""
        return violation_rows(result, user_id=user_id, session_id=session_id, direction=direction)

    async def _record_failure(self, violations: Sequence[PolicyViolationRow], tools: BoundTools) -> None:
        """A request failed after work that must stay observable: its input violations and the
        tool calls that did run are logged (one transaction); the exchange itself is not."""
        rows, tools.log_rows = tools.log_rows, []
        if not rows and not violations:
            return
        try:
            async with self.db.connection() as conn, conn.transaction():
                await logs.insert_violations(conn, violations)
                await logs.insert_tool_calls(conn, rows)
        except Exception as exc:
            logger.error("could not log a failed request's tool calls and violations: %s", type(exc).__name__)

    # --- chat -------------------------------------------------------------------------------

    async def _begin(self, user_id: uuid.UUID, request: ChatRequest) -> tuple[SessionState, UserContext]:
        """Session look-up and context load, concurrently (two connections, one round trip)."""
        state, context = await asyncio.gather(
            self._get_or_create_session(user_id, request.session_id),
            self.context_builder.build(self.db, user_id),
            return_exceptions=True,
        )
        if isinstance(state, BaseException):
            raise state
        if isinstance(context, BaseException):
            raise context
        return state, context

    async def chat(self, user_id: uuid.UUID, request: ChatRequest) -> ChatResponse:
        state, context = await self._begin(user_id, request)
        checked_in = self.policies.check_input(request.message)
        violations = self._violation_rows(checked_in, "input", user_id, state.id)
        if checked_in.replaces_message:
            reply = checked_in.replacement_message or STREAM_ERROR_MESSAGE
            session_id = await self._record_exchange(state, user_id, request.message, reply, 0, violations, [])
            self._emit_metrics(0, [], violations)
            return ChatResponse(
                message=reply,
                session_id=session_id,
                tool_trace=[],
                confidence=context.confidence,
                data_gaps=_gap_items(context),
                disclaimers=list(checked_in.disclaimers),
                tokens_used=0,
                finish_reason="safety",
            )
        tools = self.registry.bind(user_id, state.id)
        try:
            result = await Orchestrator(self.provider).run(
                system=get_system_prompt("coach", context.summary),
                messages=self._prompt_messages(state, request.message),
                tools=tools,
                model_tier=state.model_tier,
            )
        except Exception:
            await self._record_failure(violations, tools)
            raise
        reply, disclaimers, out_rows, replaced = self._check_answer(result, user_id, state.id)
        session_id = await self._record_exchange(
            state, user_id, request.message, reply, result.usage.total, violations + out_rows, tools.log_rows
        )
        tools.log_rows = []
        self._emit_metrics(result.usage.total, result.tool_trace, violations + out_rows)
        return ChatResponse(
            message=reply,
            session_id=session_id,
            tool_trace=_trace_items(result.tool_trace),
            confidence=context.confidence,
            data_gaps=_gap_items(context),
            disclaimers=_dedupe(checked_in.disclaimers, disclaimers),
            tokens_used=result.usage.total,
            finish_reason="safety" if replaced else result.finish_reason,
        )

    def _check_answer(
        self, result: OrchestratorResult, user_id: uuid.UUID, session_id: uuid.UUID
    ) -> tuple[str, list[str], list[PolicyViolationRow], bool]:
        """Output check: (text to keep, disclaimers, violation rows, replaced?)."""
        checked = self.policies.check_output(result.text)
        rows = self._violation_rows(checked, "output", user_id, session_id)
        if checked.replaces_message:
            return checked.replacement_message or STREAM_ERROR_MESSAGE, list(checked.disclaimers), rows, True
        return result.text, list(checked.disclaimers), rows, False

    # --- streaming --------------------------------------------------------------------------

    async def open_stream(self, user_id: uuid.UUID, request: ChatRequest) -> AsyncIterator[ServerSentEvent | bytes]:
        """Resolve the session and context first (so an unknown session is a plain 404), then
        hand back the SSE event stream, which always ends in exactly one done or error event."""
        state, context = await self._begin(user_id, request)
        return self._guarded_stream(user_id, request, state, context)

    async def _guarded_stream(
        self, user_id: uuid.UUID, request: ChatRequest, state: SessionState, context: UserContext
    ) -> AsyncGenerator[ServerSentEvent | bytes, None]:
        body = self._stream_body(user_id, request, state, context)
        try:
            async for event in self._with_keepalive(body):
                yield event
        except Exception as exc:
            from coach_core.app import log_exception

            log_exception("chat stream failed", exc)
            yield _sse(StreamErrorEvent(data=ErrorData(message=STREAM_ERROR_MESSAGE)))

    async def _with_keepalive(
        self, source: AsyncGenerator[BaseModel | bytes | SentBarrier, None]
    ) -> AsyncGenerator[ServerSentEvent | bytes, None]:
        """Forward `source`'s events as SSE records, sending a `: keep-alive` comment whenever
        it is silent for `sse_keepalive_seconds` (a long tool round or a slow model); API
        Gateway drops a stream after 5 minutes of silence.

        The source runs in its own task so waiting for it can time out without cancelling it.
        If this generator is closed or cancelled (client disconnect), the task is cancelled,
        which cancels the provider request and the tool calls in flight."""
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue(STREAM_QUEUE_SIZE)

        async def produce() -> None:
            try:
                async with aclosing(source):
                    async for item in source:
                        if isinstance(item, SentBarrier):
                            delivered = asyncio.Event()
                            await queue.put(("barrier", delivered))
                            await delivered.wait()
                        else:
                            await queue.put(("event", item))
            except Exception as exc:
                await queue.put(("error", exc))
                return
            await queue.put(("end", None))

        task = asyncio.create_task(produce())
        try:
            while True:
                if not queue.empty():
                    # Already queued (a burst of deltas): no timer and no task for wait_for.
                    kind, value = queue.get_nowait()
                else:
                    try:
                        kind, value = await asyncio.wait_for(queue.get(), self.settings.sse_keepalive_seconds)
                    except TimeoutError:
                        yield keepalive_event()
                        continue
                if kind == "end":
                    return
                if kind == "error":
                    raise value
                if kind == "barrier":
                    value.set()  # everything before it has been sent
                    continue
                yield value if isinstance(value, bytes) else _sse(value)
        finally:
            if not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

    async def _stream_body(
        self, user_id: uuid.UUID, request: ChatRequest, state: SessionState, context: UserContext
    ) -> AsyncGenerator[BaseModel | bytes | SentBarrier, None]:
        checked_in = self.policies.check_input(request.message)
        violations = self._violation_rows(checked_in, "input", user_id, state.id)
        if checked_in.replaces_message:
            reply = checked_in.replacement_message or STREAM_ERROR_MESSAGE
            for piece in SAFETY_TOKEN_WORDS.findall(reply):
                yield token_record(piece)
            yield SENT_BARRIER
            session_id = await self._record_exchange(state, user_id, request.message, reply, 0, violations, [])
            self._emit_metrics(0, [], violations)
            yield self._done(session_id, context, list(checked_in.disclaimers), [])
            return

        tools = self.registry.bind(user_id, state.id)
        events = Orchestrator(self.provider).stream(
            system=get_system_prompt("coach", context.summary),
            messages=self._prompt_messages(state, request.message),
            tools=tools,
            model_tier=state.model_tier,
        )
        result: OrchestratorResult | None = None
        try:
            async for item in self._translate(events):
                if isinstance(item, OrchestratorResult):
                    result = item
                else:
                    yield item
        except Exception:
            await self._record_failure(violations, tools)
            raise
        if result is None:
            raise ProviderError("stream ended without a finish event")
        # Already-streamed text is not retracted; a blocked answer is stored as the safety
        # message so the model never sees its unsafe text again in later prompts.
        reply, disclaimers, out_rows, _ = self._check_answer(result, user_id, state.id)
        yield SENT_BARRIER
        session_id = await self._record_exchange(
            state, user_id, request.message, reply, result.usage.total, violations + out_rows, tools.log_rows
        )
        tools.log_rows = []
        self._emit_metrics(result.usage.total, result.tool_trace, violations + out_rows)
        yield self._done(session_id, context, _dedupe(checked_in.disclaimers, disclaimers), result.tool_trace)

    @staticmethod
    async def _translate(
        events: AsyncGenerator[OrchestratorEvent, None],
    ) -> AsyncGenerator[BaseModel | bytes | OrchestratorResult, None]:
        """Orchestrator events → the contract's SSE event models (token events as their wire
        bytes, see `token_record`); the final result last."""
        async with aclosing(events):
            async for event in events:
                if isinstance(event, TokenEvent):
                    yield token_record(event.content)
                elif isinstance(event, OrchestratorToolStart):
                    yield StreamToolStartEvent(data=ToolStartData(
                        tool_name=event.tool_name, description=event.description, input_summary=event.input_summary
                    ))
                elif isinstance(event, ToolEndEvent):
                    yield StreamToolEndEvent(data=ToolEndData(
                        tool_name=event.tool_name, latency_ms=event.latency_ms, cached=event.cached,
                        status=event.status, output_summary=event.output_summary,
                    ))
                elif isinstance(event, FinishEvent):
                    yield event.result

    @staticmethod
    def _done(
        session_id: uuid.UUID, context: UserContext, disclaimers: list[str], trace: Sequence[ToolTraceEntry]
    ) -> StreamDoneEvent:
        return StreamDoneEvent(data=DoneData(
            session_id=session_id,
            confidence=context.confidence,
            data_gaps=_gap_items(context),
            disclaimers=disclaimers,
            tool_trace=[DoneToolTrace(tool_name=t.tool_name, latency_ms=t.latency_ms, cached=t.cached) for t in trace],
        ))

    # --- plan -------------------------------------------------------------------------------

    async def plan(self, user_id: uuid.UUID) -> PlanResponse:
        """A weekly plan from PLAN_SYSTEM_PROMPT: the model's JSON is validated against
        `WeeklyPlan`, with one repair round (the validation error is sent back once). Calorie
        targets then pass the calorie_minimum policy as output; days under the floor are
        raised to it."""
        context = await self.context_builder.build(self.db, user_id)
        tools = self.registry.bind(user_id, None)
        orchestrator = Orchestrator(self.provider)
        system = get_system_prompt("plan", context.summary)
        messages = [Message.user(PLAN_USER_MESSAGE)]
        result = await orchestrator.run(system=system, messages=messages, tools=tools, model_tier=DEFAULT_TIER.value)
        tokens = result.usage.total
        plan, problem = parse_plan(result.text)
        if plan is None:
            messages += [Message.assistant(result.text), Message.user(PLAN_REPAIR_MESSAGE.format(error=problem))]
            result = await orchestrator.run(
                system=system, messages=messages, tools=tools, model_tier=DEFAULT_TIER.value
            )
            tokens += result.usage.total
            plan, problem = parse_plan(result.text)
        if plan is None:
            logger.warning("plan rejected after one repair: %s", problem[:300])
            raise PlanGenerationError("plan JSON invalid after repair")

        plan, disclaimers, rows = await self._check_plan(plan, tools, user_id)
        if rows or tools.log_rows:
            async with self.db.connection() as conn, conn.transaction():
                await logs.insert_violations(conn, rows)
                await logs.insert_tool_calls(conn, tools.log_rows)
            tools.log_rows = []
        self._emit_metrics(tokens, tools.trace, rows)
        return PlanResponse(
            plan=plan,
            disclaimers=disclaimers,
            tool_trace=_trace_items(tools.trace),
            confidence=context.confidence,
            data_gaps=_gap_items(context),
            tokens_used=tokens,
        )

    async def _check_plan(
        self, plan: WeeklyPlan, tools: BoundTools, user_id: uuid.UUID
    ) -> tuple[WeeklyPlan, list[str], list[PolicyViolationRow]]:
        targets = " ".join(f"Daily target: {kcal} kcal per day." for kcal in plan.calorie_targets())
        target_check = self.policies.check_output(targets)
        prose = "\n".join(
            [plan.title, plan.summary, *plan.habits, *(f"{d.focus}\n{d.training.description}" for d in plan.days)]
        )
        prose_check = self.policies.check_output(prose)
        rows = self._violation_rows(target_check, "output", user_id, None) + self._violation_rows(
            prose_check, "output", user_id, None
        )
        disclaimers = _dedupe(target_check.disclaimers, prose_check.disclaimers)
        if prose_check.replaces_message:
            # The plan's text is unsafe: refuse it and give the deterministic plan built from
            # the user's own targets instead, led by the policy's safety message.
            tdee = await tools.execute(PLAN_TDEE_TOOL, {})
            safe = WeeklyPlan.model_validate(plan_builder.build_offline_plan(tdee.output))
            summary = f"{prose_check.replacement_message or ''} {safe.summary}".strip()[:2000]
            plan = safe.model_copy(update={"summary": summary})
        plan, _ = clamp_plan(plan)
        return plan, disclaimers, rows

    # --- insights ---------------------------------------------------------------------------

    async def insights(self, user_id: uuid.UUID) -> InsightsResponse:
        """Computed from the user's data in Python; no provider call."""
        data = await self.context_builder.load(self.db, user_id)
        return build_insights(data)


# --- the process service -------------------------------------------------------------------

_service: CoachService | None = None
_reset_hook_registered = False


def get_service() -> CoachService:
    """The process's service, built on first use from settings (never at import)."""
    global _service, _reset_hook_registered
    if _service is None:
        from coach_core.db.connection import get_database
        from coach_core.tools import build_registry

        settings = get_settings()
        db = get_database()
        _service = CoachService(db=db, registry=build_registry(settings, db), settings=settings)
        if settings.on_lambda and not _reset_hook_registered:
            from coach_core.runtime_secrets import on_secrets_changed

            on_secrets_changed(reset_service)
            _reset_hook_registered = True
    return _service


def peek_service() -> CoachService | None:
    """The process service if one was built (for shutdown), without building one."""
    return _service


def reset_service() -> None:
    """Forget the process service (settings or secrets changed); the next request rebuilds it."""
    global _service
    _service = None
