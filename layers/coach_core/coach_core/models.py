"""Typed rows: what repositories return and accept. Numerics arrive as float (cast in SQL)."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Sex = Literal["female", "male", "other"]
ActivityLevel = Literal["sedentary", "lightly_active", "moderately_active", "very_active", "extra_active"]
GoalType = Literal["lose", "maintain", "gain"]
SessionStatus = Literal["ACTIVE", "EXPIRED"]
Direction = Literal["input", "output"]


class _Row(BaseModel):
    model_config = ConfigDict(frozen=True)


class Diet(_Row):
    type: str | None = None
    allergies: list[str] = Field(default_factory=list)
    dislikes: list[str] = Field(default_factory=list)


class Goal(_Row):
    type: GoalType
    target_weight_kg: float | None = None
    target_rate_kg_per_week: float | None = None


Tier = Literal["free", "standard", "premium"]


class Profile(_Row):
    id: uuid.UUID
    birth_date: dt.date | None = None
    sex: Sex | None = None
    height_cm: float | None = None
    activity_level: ActivityLevel | None = None
    diet: Diet = Field(default_factory=Diet)
    goal: Goal | None = None
    tier: Tier = "standard"
    """The subscription tier: the model tier of new sessions, the rate limit and token budget."""


class CheckIn(_Row):
    date: dt.date
    weight_kg: float | None = None
    energy: int | None = None
    sleep_hours: float | None = None
    mood: int | None = None


class NutritionLog(_Row):
    date: dt.date
    calories: int
    protein_g: float | None = None
    carbs_g: float | None = None
    fat_g: float | None = None


class Streaks(_Row):
    """Current streaks: consecutive days with a row ending today (or yesterday when today has
    none yet), over the user's whole history (not capped by any window); and the check-in run
    that ends just before the rows loaded with them, so a longest streak that began before
    those rows is counted in full."""

    checkin: int
    logging: int
    checkin_run_before: int = 0
    """Consecutive check-in days ending the day before `rows_from`, over the whole history."""
    rows_from: dt.date | None = None
    """The first date of the rows loaded with these streaks (None: `checkin_run_before` unknown)."""


class UserData(_Row):
    """Everything the context summary and insights are computed from (oldest row first).
    `data_version` changes with every write to the user's rows (a database trigger bumps it),
    so it keys caches that must never be stale."""

    profile: Profile
    checkins: list[CheckIn]
    nutrition: list[NutritionLog]
    today: dt.date
    streaks: Streaks | None = None
    data_version: int = 0


class DataGap(_Row):
    """Missing data that would improve the advice (ChatResponse.data_gaps, tool outputs)."""

    field: str
    description: str
    suggestion: str


class ChatTurn(_Row):
    role: Literal["user", "assistant"]
    content: str


class AISession(_Row):
    id: uuid.UUID
    user_id: uuid.UUID
    status: SessionStatus
    model_tier: str
    history: list[ChatTurn]
    message_count: int
    tokens_used: int
    created_at: dt.datetime
    last_activity_at: dt.datetime


class ToolCallLogRow(_Row):
    user_id: uuid.UUID
    session_id: uuid.UUID | None
    tool_name: str
    tool_category: str = "internal"
    input_hash: str
    input_summary: str
    output_summary: str
    status: Literal["success", "error"]
    error_message: str | None = None
    latency_ms: int
    cache_hit: bool
    provider: str | None = None
    """The provider whose model asked for the call (None: the service called the tool itself)."""


class UngroundedFigureLog(_Row):
    """One figure of an answer that matched nothing the turn's data holds, as logged."""

    text: str
    value: float
    unit: str
    expected: str | None = None
    """The nearest value the data holds, as the tool gave it ("69.79 kg"), if any."""


class TurnLogRow(_Row):
    """One `ai_turn_log` row (user and session are the exchange's): an answered turn's numeric
    grounding, written with the exchange."""

    provider: str | None
    finish_reason: str
    figures_checked: int
    ungrounded: list[UngroundedFigureLog] = Field(default_factory=list)
    grounding_repaired: bool = False


class PolicyViolationRow(_Row):
    """One `ai_policy_violation_log` row. `rule_id` names the detector or rule that fired;
    `source` is `rules` (a rule of the policy engine), `model` (the learned crisis model alone,
    rule id `crisis.model.<version>`) or `guard` (the model-based safety guard, with its model
    and category scores); `score` is the learned crisis model's probability on a crisis row."""

    user_id: uuid.UUID
    session_id: uuid.UUID | None
    direction: Direction
    violation_type: str
    severity: Literal["critical", "high", "medium", "low"]
    trigger_content: str
    action_taken: Literal["allow", "modify", "block", "flag"]
    rule_id: str | None = None
    source: Literal["rules", "model", "guard"] = "rules"
    guard_model: str | None = None
    score: float | None = None
    category_scores: dict[str, float] | None = None


class LoggedViolation(PolicyViolationRow):
    """A stored violation row, with its id and time (what the dev console reads back)."""

    id: int
    created_at: dt.datetime


def utcnow() -> dt.datetime:
    """Naive UTC, the project's one datetime convention."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def utctoday() -> dt.date:
    return utcnow().date()
