"""Request, response and SSE event schemas: the wire contract the mobile client depends on
(docs/API.md). Requests reject unknown fields; responses list every field explicitly."""

from __future__ import annotations

import datetime as dt
import uuid
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    Json,
    StringConstraints,
    TypeAdapter,
    field_validator,
)

from coach_core.records import (
    MAX_BATCH,
    CheckinRecord,
    DietRecord,
    FoodLogRecord,
    GoalRecord,
    ProfileRecord,
    Record,
    Text,
    duplicate_dates,
)

MAX_MESSAGE_CHARS = 4000
MAX_BODY_BYTES = 64 * 1024

FinishReason = Literal["stop", "max_iterations", "safety"]
ToolStatus = Literal["success", "error"]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class _Response(BaseModel):
    """Always emitted, never read: its JSON schema (OpenAPI) is the serialized shape, where a
    field with a default is always present, so required."""

    model_config = ConfigDict(
        extra="forbid", json_schema_mode_override="serialization", json_schema_serialization_defaults_required=True
    )


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


UtcDateTime = Annotated[dt.datetime, AfterValidator(_utc)]
"""Every timestamp a response carries: the database keeps naive UTC, and the OpenAPI
`date-time` format (RFC 3339) requires an offset, so a naive value is read as UTC and every
value is sent in UTC (`...Z`)."""


Message = Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_MESSAGE_CHARS)]


class ChatRequest(_Request):
    """`POST /chat` and `POST /chat/stream`. The user id never comes from the body."""

    message: Message = Field(description="1..4,000 characters after trimming.")
    session_id: uuid.UUID | None = Field(None, description="Resume this session; null starts a new one.")


class PlanRequest(_Request):
    """`POST /plan`: the body is optional and, when sent, must be `{}`; the plan is built
    from the user's own data. Unknown fields are rejected like everywhere else."""


class ToolTraceItem(_Response):
    tool_name: str
    description: str
    input_summary: str
    output_summary: str
    latency_ms: int
    cached: bool
    status: ToolStatus


class DataGapItem(_Response):
    field: str
    description: str
    suggestion: str


class UngroundedFigureItem(_Response):
    text: str = Field(description="The figure as the answer wrote it, e.g. `82.4 kg`.")
    value: float = Field(description="Its number as written.")
    unit: str = Field(
        description=(
            "Its unit as written: kg, lb, st, kcal, kJ, g, g/kg, %, h, days, weigh-ins, check-ins, /5, years, cm."
        )
    )


class Grounding(_Response):
    """The numeric grounding check of the answer: how many figures about the user's data it
    stated, and those that match nothing this turn's tools, the user context or the user's own
    messages gave (within the precision they are written at)."""

    checked: int = Field(0, ge=0)
    ungrounded: list[UngroundedFigureItem] = Field(default_factory=list)


class ChatResponse(_Response):
    message: str
    session_id: uuid.UUID
    tool_trace: list[ToolTraceItem]
    confidence: float = Field(ge=0, le=1)
    data_gaps: list[DataGapItem]
    disclaimers: list[str]
    tokens_used: int = Field(ge=0)
    finish_reason: FinishReason
    provider: str | None = Field(
        None,
        description=(
            "The provider that answered (`openai`, `anthropic`, `offline`); null when no model was "
            "called (an input answered by a safety policy)."
        ),
    )
    grounding: Grounding = Field(default_factory=lambda: Grounding(checked=0, ungrounded=[]))


# --- SSE events (`data: {"type": T, "data": D}`) ---------------------------------------


class TokenData(_Response):
    content: str


class ToolStartData(_Response):
    tool_name: str
    description: str
    input_summary: str


class ToolEndData(_Response):
    tool_name: str
    latency_ms: int
    cached: bool
    status: ToolStatus
    output_summary: str


class DoneToolTrace(_Response):
    tool_name: str
    latency_ms: int
    cached: bool


class DoneData(_Response):
    session_id: uuid.UUID
    confidence: float = Field(ge=0, le=1)
    data_gaps: list[DataGapItem]
    disclaimers: list[str]
    tool_trace: list[DoneToolTrace]
    provider: str | None = Field(None, description="As `ChatResponse.provider`: the provider that answered.")
    grounding: Grounding = Field(
        default_factory=lambda: Grounding(checked=0, ungrounded=[]), description="As `ChatResponse.grounding`."
    )


class ErrorData(_Response):
    message: str


class StreamTokenEvent(_Response):
    type: Literal["token"] = "token"
    data: TokenData


class StreamToolStartEvent(_Response):
    type: Literal["tool_start"] = "tool_start"
    data: ToolStartData


class StreamToolEndEvent(_Response):
    type: Literal["tool_end"] = "tool_end"
    data: ToolEndData


class StreamDoneEvent(_Response):
    type: Literal["done"] = "done"
    data: DoneData


class StreamErrorEvent(_Response):
    type: Literal["error"] = "error"
    data: ErrorData


StreamEvent = Annotated[
    StreamTokenEvent | StreamToolStartEvent | StreamToolEndEvent | StreamDoneEvent | StreamErrorEvent,
    Field(discriminator="type"),
]
STREAM_EVENT_ADAPTER: TypeAdapter[StreamEvent] = TypeAdapter(StreamEvent)
TERMINAL_EVENT_TYPES = frozenset({"done", "error"})


class StreamRecord(BaseModel):
    """One `/chat/stream` record as an SSE parser reads it, `data: <json>`: what the OpenAPI
    document describes per event (3.2's `itemSchema` of `text/event-stream`; on 3.1 that media
    type's `schema`, read per event). Its JSON schema says `data` is JSON
    (`contentMediaType`) of one `StreamEvent` (`contentSchema`, discriminated by `type`). A parser
    may add the fields the stream never sends (`event`, `id`), so others are not forbidden."""

    data: Json[StreamEvent]


# --- Weekly plan -----------------------------------------------------------------------

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
Weekday = Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
TrainingType = Literal["strength", "cardio", "mobility", "mixed", "rest"]


class _PlanModel(BaseModel):
    """Tolerant of extra keys a model adds; strict about the ones the client reads."""

    model_config = ConfigDict(extra="ignore")


class PlanTraining(_PlanModel):
    type: TrainingType
    duration_minutes: int = Field(ge=0, le=300)
    description: str = Field(min_length=1, max_length=500)


class PlanDay(_PlanModel):
    day: Weekday
    calories: int = Field(ge=0, le=10000, description="Daily energy target, kcal.")
    protein_g: int = Field(ge=0, le=1000)
    carbs_g: int = Field(ge=0, le=2000)
    fat_g: int = Field(ge=0, le=1000)
    training: PlanTraining
    focus: str = Field("", max_length=300, description="One line: what matters most that day.")


class WeeklyPlan(_PlanModel):
    title: str = Field(min_length=1, max_length=200)
    summary: str = Field(min_length=1, max_length=2000)
    days: list[PlanDay] = Field(min_length=7, max_length=7)
    habits: list[Annotated[str, StringConstraints(min_length=1, max_length=300)]] = Field(min_length=1, max_length=10)

    @field_validator("days")
    @classmethod
    def _one_of_each_weekday(cls, days: list[PlanDay]) -> list[PlanDay]:
        names = [d.day for d in days]
        if sorted(names, key=WEEKDAYS.index) != list(WEEKDAYS):
            raise ValueError("days must cover Monday..Sunday exactly once each")
        return sorted(days, key=lambda d: WEEKDAYS.index(d.day))

    def calorie_targets(self) -> list[int]:
        """Distinct daily calorie targets, lowest first (what the calorie policy checks)."""
        return sorted({d.calories for d in self.days})


class PlanResponse(_Response):
    plan: WeeklyPlan
    disclaimers: list[str]
    tool_trace: list[ToolTraceItem]
    confidence: float = Field(ge=0, le=1)
    data_gaps: list[DataGapItem]
    tokens_used: int = Field(ge=0)


# --- Insights --------------------------------------------------------------------------

InsightKey = Literal["weight_trend", "adherence", "nutrition_vs_target", "sleep_pattern", "energy_pattern"]
InsightStatus = Literal["good", "attention", "insufficient_data", "info"]
InsightValue = float | int | str | bool | None


class InsightItem(_Response):
    key: InsightKey
    title: str
    detail: str
    values: dict[str, InsightValue]
    status: InsightStatus


class InsightsResponse(_Response):
    window_days: int
    data_quality_score: float = Field(ge=0, le=1)
    confidence: float = Field(ge=0, le=1)
    data_gaps: list[DataGapItem]
    insights: list[InsightItem]


# --- The user's own data (write API) ---------------------------------------------------

FUTURE_DAYS_ALLOWED = 1
"""A date may be tomorrow in UTC (a user east of UTC logging their today), not later."""


def _dates_ok(section: str, dates: list[dt.date]) -> None:
    problems = duplicate_dates(section, dates)
    latest = dt.datetime.now(dt.UTC).date() + dt.timedelta(days=FUTURE_DAYS_ALLOWED)
    problems += [f"{section}[{i}].date: {d.isoformat()} is in the future" for i, d in enumerate(dates) if d > latest]
    if problems:
        raise ValueError("; ".join(problems[:10]))


class ProfileUpdate(ProfileRecord):
    """`PUT /profile`: the whole profile (fields left out become unknown) and the goal (null or
    absent: no goal)."""

    goal: GoalRecord | None = None


class CheckinsWrite(Record):
    """`POST /checkins`: a batch, one per date; a date already stored is replaced."""

    checkins: list[CheckinRecord] = Field(min_length=1, max_length=MAX_BATCH)

    @field_validator("checkins")
    @classmethod
    def _one_per_date(cls, rows: list[CheckinRecord]) -> list[CheckinRecord]:
        _dates_ok("checkins", [r.date for r in rows])
        return rows


class FoodLogsWrite(Record):
    """`POST /food-logs`: a batch of daily food logs, one per date; a date already stored is replaced."""

    food_logs: list[FoodLogRecord] = Field(min_length=1, max_length=MAX_BATCH)

    @field_validator("food_logs")
    @classmethod
    def _one_per_date(cls, rows: list[FoodLogRecord]) -> list[FoodLogRecord]:
        _dates_ok("food_logs", [r.date for r in rows])
        return rows


class WriteResponse(_Response):
    written: int = Field(description="Rows created or replaced.")


class ProfileView(_Response):
    birth_date: dt.date | None
    sex: str | None
    height_cm: float | None
    activity_level: str | None
    diet: DietRecord
    goal: GoalRecord | None


class CheckinView(_Response):
    date: dt.date
    weight_kg: float | None
    energy: int | None
    sleep_hours: float | None
    mood: int | None


class FoodLogView(_Response):
    date: dt.date
    calories: int
    protein_g: float | None
    carbs_g: float | None
    fat_g: float | None


class SessionView(_Response):
    session_id: uuid.UUID
    status: Literal["ACTIVE", "EXPIRED"]
    created_at: UtcDateTime
    last_activity_at: UtcDateTime
    message_count: int
    tokens_used: int
    history: list[dict[str, str]]


class MyDataResponse(_Response):
    """`GET /me/data`: everything the coach stores about the caller."""

    user_id: uuid.UUID
    profile: ProfileView
    checkins: list[CheckinView]
    food_logs: list[FoodLogView]
    sessions: list[SessionView]
    tool_call_log_rows: int
    policy_violation_log_rows: int


class ProviderUsageView(_Response):
    """One provider's share of a day: the requests it answered at least one round of, and its
    tokens (a request that failed over counts for both providers)."""

    provider: str
    requests: int
    input_tokens: int
    output_tokens: int


class UsageDayView(_Response):
    day: dt.date
    requests: int
    input_tokens: int
    output_tokens: int
    guard_tokens: int
    providers: list[ProviderUsageView]


class UsageResponse(_Response):
    """`GET /me/usage`: the caller's own usage per UTC day, against their tier's limits (null =
    unlimited)."""

    tier: str
    requests_per_minute: int | None
    daily_token_budget: int | None
    tokens_used_today: int
    tokens_left_today: int | None
    days: list[UsageDayView]


# --- Misc ------------------------------------------------------------------------------


class HealthResponse(_Response):
    status: Literal["ok"]
    provider: str


class ErrorResponse(_Response):
    detail: str


class FieldError(_Response):
    loc: list[str | int]
    msg: str
    type: str


class ValidationErrorResponse(_Response):
    detail: list[FieldError]
