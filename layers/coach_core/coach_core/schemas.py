"""Request, response and SSE event schemas: the wire contract the mobile client depends on
(CONTRACTS.md). Requests reject unknown fields; responses list every field explicitly."""

from __future__ import annotations

import uuid
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    field_validator,
)

MAX_MESSAGE_CHARS = 4000
MAX_BODY_BYTES = 64 * 1024

FinishReason = Literal["stop", "max_iterations", "safety"]
ToolStatus = Literal["success", "error"]


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class _Response(BaseModel):
    model_config = ConfigDict(extra="forbid")


Message = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_MESSAGE_CHARS)]


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


class ChatResponse(_Response):
    message: str
    session_id: uuid.UUID
    tool_trace: list[ToolTraceItem]
    confidence: float = Field(ge=0, le=1)
    data_gaps: list[DataGapItem]
    disclaimers: list[str]
    tokens_used: int = Field(ge=0)
    finish_reason: FinishReason


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


def sse_payload(event: BaseModel) -> str:
    """The JSON of one SSE record (`data: <this>`)."""
    return event.model_dump_json()


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
    habits: list[Annotated[str, StringConstraints(min_length=1, max_length=300)]] = Field(
        min_length=1, max_length=10
    )

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


def weekly_plan_json_schema() -> dict[str, Any]:
    return WeeklyPlan.model_json_schema()


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

