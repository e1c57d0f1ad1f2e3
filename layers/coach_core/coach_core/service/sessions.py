"""The session store: the one home of session look-up, idle expiry and every write a turn
makes (the exchange, the replaced session's expiry and the violation and tool-call rows, in
ONE statement after the answer is complete), plus the log rows of a failed turn.

Sessions are created and resumed only here:
- `session_id` null → a new session; its id (uuid4) is chosen up front and the row is created
  by the final write, so a failed request leaves nothing behind;
- the caller's ACTIVE session → resumed; idle longer than `COACH_SESSION_IDLE_HOURS` → a fresh
  session (the idle one is marked EXPIRED by the final write); an EXPIRED one → a fresh one;
- an unknown id, or another user's → `SessionNotFoundError` (404), indistinguishable.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from coach_core.db.connection import Database
from coach_core.errors import SessionNotFoundError
from coach_core.models import ChatTurn, PolicyViolationRow, ToolCallLogRow, TurnLogRow, utcnow
from coach_core.observability import log_exception
from coach_core.policies.text import sanitize_trigger
from coach_core.policies.types import Direction, PolicyResult
from coach_core.providers.base import Usage
from coach_core.providers.model_config import DEFAULT_TIER
from coach_core.repositories import logs, sessions, usage
from coach_core.repositories import turns as turns_repo
from coach_core.settings import Settings

PROMPT_HISTORY_MESSAGES = 6
"""Stored messages (3 exchanges) sent with each prompt."""


@dataclass(frozen=True)
class SessionState:
    """The session a request writes to. `history` is what was stored before this request;
    `expire_id` is an idle session this request replaces (marked EXPIRED in the final write)."""

    id: uuid.UUID
    model_tier: str
    history: tuple[ChatTurn, ...]
    is_new: bool
    expire_id: uuid.UUID | None = None


@dataclass(frozen=True)
class Exchange:
    """What one completed turn stores: the user's message and the reply they saw, the tokens
    it cost (the answer's, and the safety guard's separately; the answer's also split by the
    provider that answered each round), and its log rows."""

    user_text: str
    reply: str
    tokens_used: int
    violations: Sequence[PolicyViolationRow]
    tool_rows: Sequence[ToolCallLogRow]
    input_tokens: int = 0
    output_tokens: int = 0
    guard_tokens: int = 0
    usage_by_provider: Mapping[str, Usage] = field(default_factory=dict)
    turn_log: TurnLogRow | None = None
    """The turn's log row (its numeric grounding); None for a turn with no answer to log."""


def provider_tokens(usage_by_provider: Mapping[str, Usage]) -> list[usage.ProviderTokens]:
    return [usage.ProviderTokens(name, u.input_tokens, u.output_tokens) for name, u in usage_by_provider.items()]


@dataclass(frozen=True)
class Recorded:
    """Where the exchange went, and the user's token total for the day after it."""

    session_id: uuid.UUID
    day_tokens: int


def violation_rows(
    result: PolicyResult, user_id: uuid.UUID, session_id: uuid.UUID | None, direction: Direction | None = None
) -> list[PolicyViolationRow]:
    """One `ai_policy_violation_log` row per fired policy (severity order); triggers are
    sanitised again here, so rows are safe to store (truncated, e-mail and phone masked)."""
    return [
        PolicyViolationRow(
            user_id=user_id,
            session_id=session_id,
            direction=direction or result.direction,
            violation_type=v.type,
            severity=v.severity,
            trigger_content=sanitize_trigger(v.trigger),
            action_taken=v.action,
            rule_id=v.rule_id or None,
        )
        for v in result.violations
    ]


class SessionStore:
    def __init__(self, db: Database, settings: Settings, clock: Callable[[], dt.datetime] = utcnow) -> None:
        self.db = db
        self.settings = settings
        self.clock = clock

    async def open(self, user_id: uuid.UUID, session_id: uuid.UUID | None) -> SessionState:
        """The session this request continues (or a fresh one); see the module docstring."""
        if session_id is None:
            return SessionState(uuid.uuid4(), DEFAULT_TIER.value, (), is_new=True)
        async with self.db.connection() as conn:
            found = await sessions.get_session(conn, session_id, user_id)
        if found is None:
            raise SessionNotFoundError()
        if found.status != "ACTIVE":
            return SessionState(uuid.uuid4(), found.model_tier, (), is_new=True)
        idle_for = self.clock() - found.last_activity_at
        if idle_for > dt.timedelta(hours=self.settings.coach_session_idle_hours):
            return SessionState(uuid.uuid4(), found.model_tier, (), is_new=True, expire_id=found.id)
        return SessionState(found.id, found.model_tier, tuple(found.history), is_new=False)

    @staticmethod
    def prompt_history(state: SessionState) -> tuple[ChatTurn, ...]:
        return state.history[-PROMPT_HISTORY_MESSAGES:]

    async def record(self, state: SessionState, user_id: uuid.UUID, exchange: Exchange) -> Recorded:
        """Append the user/assistant pair (history trimmed to the configured cap), bump
        message_count and tokens_used, expire a replaced idle session, write the log rows and
        add the request to the user's daily usage: one statement (`repositories.turns`). Returns the session id
        written (a fresh one if the session was expired under us meanwhile: the answer is kept
        in a new session) and the day's token total."""
        turns = [ChatTurn(role="user", content=exchange.user_text),
                 ChatTurn(role="assistant", content=exchange.reply)]

        async def write(session_id: uuid.UUID) -> int | None:
            now = self.clock()
            async with self.db.connection() as conn:
                return await turns_repo.record_turn(conn, turns_repo.TurnWrite(
                    session_id=session_id,
                    user_id=user_id,
                    model_tier=state.model_tier,
                    turns=turns,
                    tokens_used=exchange.tokens_used,
                    max_history=self.settings.coach_max_conversation_history,
                    now=now,
                    expire_id=state.expire_id,
                    violations=exchange.violations,
                    tool_rows=exchange.tool_rows,
                    input_tokens=exchange.input_tokens,
                    output_tokens=exchange.output_tokens,
                    guard_tokens=exchange.guard_tokens,
                    providers=provider_tokens(exchange.usage_by_provider),
                    turn_log=exchange.turn_log,
                ))

        day_tokens = await write(state.id)
        if day_tokens is not None:
            return Recorded(state.id, day_tokens)
        fresh = uuid.uuid4()  # the session was expired under us: keep the answer in a new one
        day_tokens = await write(fresh)
        if day_tokens is None:
            raise sessions.SessionWriteConflict(str(fresh))
        return Recorded(fresh, day_tokens)

    async def write_logs(
        self,
        violations: Sequence[PolicyViolationRow],
        tool_rows: Sequence[ToolCallLogRow],
        *,
        user_id: uuid.UUID | None = None,
        input_tokens: int = 0,
        output_tokens: int = 0,
        usage_by_provider: Mapping[str, Usage] | None = None,
    ) -> int | None:
        """Log rows with no exchange (a plan) and, given `user_id`, the request's usage, in one
        transaction; returns the day's token total when usage was recorded. A failure propagates."""
        if not violations and not tool_rows and user_id is None:
            return None
        async with self.db.connection() as conn, conn.transaction():
            await logs.insert_violations(conn, violations)
            await logs.insert_tool_calls(conn, tool_rows)
            if user_id is None:
                return None
            return await usage.add_usage(conn, user_id, self.clock().date(), requests=1,
                                         input_tokens=input_tokens, output_tokens=output_tokens,
                                         providers=provider_tokens(usage_by_provider or {}))

    async def record_logs(
        self, violations: Sequence[PolicyViolationRow], tool_rows: Sequence[ToolCallLogRow]
    ) -> None:
        """Log rows with no exchange (a failed turn, a plan), in one transaction. Every tool
        execution is logged even when the answer is lost; a logging failure never masks the
        original error."""
        try:
            await self.write_logs(violations, tool_rows)
        except Exception as exc:
            log_exception("could not write the log rows of a failed request", exc)
