"""What a tool is: a name, a description, a JSON-schema parameter definition, a cache TTL,
an `Output` model, and an async `run` over the authenticated user's own rows.

Tools never receive a user id from the model: the registry binds it (`ToolContext`).
Arguments are validated against the tool's pydantic model before `run`; a validation
failure becomes a structured tool error the model can read.
"""

from __future__ import annotations

import datetime as dt
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from coach_core.db.connection import Database
from coach_core.domain.outputs import ToolOutput


class NoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


ArgsT = TypeVar("ArgsT", bound=BaseModel)
OutputT = TypeVar("OutputT", bound=ToolOutput)


@dataclass(frozen=True)
class ToolContext:
    """What a tool may see: the bound user, 'today' (naive UTC) and the database."""

    user_id: uuid.UUID
    today: dt.date
    db: Database


class BaseTool(ABC, Generic[ArgsT, OutputT]):
    """Subclasses set the class attributes and implement `run` and `summarize`."""

    name: ClassVar[str]
    description: ClassVar[str]
    category: ClassVar[str] = "internal"
    cache_ttl_seconds: ClassVar[int]
    Args: ClassVar[type[BaseModel]] = NoArgs
    Output: ClassVar[type[ToolOutput]]

    @classmethod
    def parameters_schema(cls) -> dict[str, Any]:
        """JSON schema of the arguments, as providers send it to the model."""
        schema = cls.Args.model_json_schema()
        schema.pop("title", None)
        for prop in schema.get("properties", {}).values():
            prop.pop("title", None)
        schema.setdefault("properties", {})
        schema["additionalProperties"] = False
        return schema

    @abstractmethod
    async def run(self, ctx: ToolContext, args: ArgsT) -> OutputT:
        """Compute the result for `args` (an instance of `Args`)."""

    @abstractmethod
    def summarize(self, output: OutputT) -> str:
        """One short line for the trace, naming the key figures."""


ToolStatus = Literal["success", "error"]


@dataclass(frozen=True)
class ToolTraceEntry:
    """One tool execution as the user sees it (ChatResponse.tool_trace item)."""

    tool_name: str
    description: str
    input_summary: str
    output_summary: str
    latency_ms: int
    cached: bool
    status: ToolStatus


@dataclass(frozen=True)
class ToolError:
    """A structured tool error, as the model reads it: `{"error": {"type", "message"}}`."""

    type: Literal["unknown_tool", "invalid_arguments", "tool_failed"]
    message: str


@dataclass(frozen=True)
class ToolExecution:
    """Result of `BoundTools.execute`: the JSON text the model receives, and either the typed
    output or the error, and the trace."""

    output: ToolOutput | None
    error: ToolError | None
    content: str
    trace: ToolTraceEntry

    @property
    def is_error(self) -> bool:
        return self.trace.status == "error"
