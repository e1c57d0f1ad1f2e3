"""The session store: the one home of session look-up, idle expiry and every write a turn
makes (the exchange, the replaced session's expiry and the violation and tool-call rows, in
ONE statement after the answer is complete), plus the log rows of a failed turn. Usage is not
written here: each model call's is written when it is reported (`service.metering`).

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from coach_core.db.connection import Database
from coach_core.errors import SessionNotFoundError
from coach_core.models import ChatTurn, PolicyViolationRow, ToolCallLogRow, TurnLogRow, utcnow
from coach_core.observability import log_exception
from coach_core.policies.text import sanitize_trigger
from coach_core.policies.types import CRISIS_MODEL_RULE_PREFIX, Direction, PolicyResult
from coach_core.providers.model_config import DEFAULT_TIER
from coach_core.repositories import logs, sessions
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
    it cost (the session's running total; the day's usage was written as the calls reported
    it), and its log rows."""

    user_text: str
    reply: str
    tokens_used: int
    violations: Sequence[PolicyViolationRow]
    tool_rows: Sequence[ToolCallLogRow]
    turn_log: TurnLogRow | None = None
    """The turn's log row (its numeric grounding); None for a turn with no answer to log."""


def mask_contacts(text: str) -> str:
    """`text` with e-mail addresses and phone numbers masked (`[email]`, `[phone]`) by the violation
    log's own sanitiser (one implementation), for the stored history. Line by line, and only lines
    that hold one are rewritten (the sanitiser also collapses whitespace): every other line, and
    the line breaks, stay as they were; nothing is truncated."""
    return "\n".join(_mask_line(line) for line in text.split("\n"))


def _mask_line(line: str) -> str:
    body = line.strip()
    if not body:
        return line
    # "[email]" is longer than the shortest address: room enough that nothing is ever cut.
    masked = sanitize_trigger(body, limit=2 * len(body) + 16)
    if masked == " ".join(body.split()):
        return line
    return line[: len(line) - len(line.lstrip())] + masked


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
            source="model" if v.rule_id.startswith(CRISIS_MODEL_RULE_PREFIX) else "rules",
            score=v.score,
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

    async def record(self, state: SessionState, user_id: uuid.UUID, exchange: Exchange) -> uuid.UUID:
        """Append the user/assistant pair (contacts masked by `mask_contacts`; history trimmed
        to the configured cap), bump message_count and tokens_used, expire a replaced idle
        session and write the log rows: one statement (`repositories.turns`). Returns the session
        id written (a fresh one if the session was expired under us meanwhile: the answer is kept
        in a new session)."""
        turns = [
            ChatTurn(role="user", content=mask_contacts(exchange.user_text)),
            ChatTurn(role="assistant", content=mask_contacts(exchange.reply)),
        ]

        async def write(session_id: uuid.UUID) -> bool:
            now = self.clock()
            async with self.db.connection() as conn:
                return await turns_repo.record_turn(
                    conn,
                    turns_repo.TurnWrite(
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
                        turn_log=exchange.turn_log,
                    ),
                )

        if await write(state.id):
            return state.id
        fresh = uuid.uuid4()  # the session was expired under us: keep the answer in a new one
        if not await write(fresh):
            raise sessions.SessionWriteConflict(str(fresh))
        return fresh

    async def write_logs(self, violations: Sequence[PolicyViolationRow], tool_rows: Sequence[ToolCallLogRow]) -> None:
        """Log rows with no exchange (a plan, a failed turn), in one transaction. A failure
        propagates."""
        if not violations and not tool_rows:
            return
        async with self.db.connection() as conn, conn.transaction():
            await logs.insert_violations(conn, violations)
            await logs.insert_tool_calls(conn, tool_rows)

    async def record_logs(self, violations: Sequence[PolicyViolationRow], tool_rows: Sequence[ToolCallLogRow]) -> None:
        """Log rows with no exchange (a failed turn, a plan), in one transaction. Every tool
        execution is logged even when the answer is lost; a logging failure never masks the
        original error."""
        try:
            await self.write_logs(violations, tool_rows)
        except Exception as exc:
            log_exception("could not write the log rows of a failed request", exc)
