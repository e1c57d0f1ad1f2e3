"""What the console's own JSON endpoints return (`/console/api/*`, dev only). The console
reads everything else through the public API (`/chat/stream`, `/insights`, `/plan`)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Literal

from pydantic import BaseModel, ConfigDict

from coach_core.models import CheckIn, NutritionLog
from coach_core.schemas import UtcDateTime


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True)


class ConsoleUser(_Model):
    """A demo user the console offers in its picker (the entry point passes them in)."""

    name: str
    user_id: uuid.UUID
    description: str


class DemoUserEntry(ConsoleUser):
    seeded: bool
    """False until `coach seed-demo` has created the user: the picker disables it."""
    token: str | None
    """A freshly minted local HS256 token, or None when the server verifies RS256 (paste one)."""


class DemoUsersResponse(_Model):
    users: list[DemoUserEntry]
    token_hours: float
    minting: bool


class WeightPoint(_Model):
    date: dt.date
    weight_kg: float


class ConsoleContextResponse(_Model):
    """The compact context line the system prompt carries, and the rows behind the panel."""

    user_id: uuid.UUID
    today: dt.date
    summary: str
    confidence: float
    window_days: int
    chart_days: int
    checkins: list[CheckIn]
    nutrition: list[NutritionLog]
    weights: list[WeightPoint]


class ViolationEntry(_Model):
    id: int
    direction: Literal["input", "output"]
    violation_type: str
    severity: str
    action_taken: str
    rule_id: str | None
    source: str
    guard_model: str | None
    score: float | None = None
    trigger_content: str
    created_at: UtcDateTime


class ViolationsResponse(_Model):
    session_id: uuid.UUID
    violations: list[ViolationEntry]


class ToolCallEntry(_Model):
    """A logged tool call as the console shows it: the arguments the tool ran with (validated,
    defaults filled in: what `/chat`'s `tool_trace` reports), never the internal error text."""

    tool_name: str
    input_summary: str
    output_summary: str
    status: Literal["success", "error"]
    latency_ms: int
    cached: bool


class ToolCallsResponse(_Model):
    session_id: uuid.UUID
    tool_calls: list[ToolCallEntry]


class HistoryTurn(_Model):
    role: Literal["user", "assistant"]
    content: str


class ConsoleSessionResponse(_Model):
    session_id: uuid.UUID
    status: Literal["ACTIVE", "EXPIRED"]
    message_count: int
    tokens_used: int
    created_at: UtcDateTime
    last_activity_at: UtcDateTime
    history: list[HistoryTurn]
