"""What a tool is: a name, a description, a JSON-schema parameter definition, a cache TTL,
and an async `run` over the authenticated user's own rows.

Tools never receive a user id from the model: the registry binds it (`ToolContext`).
Arguments are validated against the tool's pydantic model before `run`; a validation
failure becomes a structured tool error the model can read.
"""

from __future__ import annotations

import datetime as dt
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict

from coach_core.db.connection import Database


class NoArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")


@dataclass(frozen=True)
class ToolContext:
    """What a tool may see: the bound user, 'today' (naive UTC) and the database."""

    user_id: uuid.UUID
    today: dt.date
    db: Database


class BaseTool(ABC):
    """Subclasses set the class attributes and implement `run`."""

    name: ClassVar[str]
    description: ClassVar[str]
    category: ClassVar[str] = "internal"
    cache_ttl_seconds: ClassVar[int]
    Args: ClassVar[type[BaseModel]] = NoArgs

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
    async def run(self, ctx: ToolContext, args: Any) -> dict[str, Any]:
        """Compute the JSON-serialisable result for `args` (an instance of `Args`)."""

    def summarize(self, output: dict[str, Any]) -> str:
        """One short line for the trace; tools override it to name their key figures."""
        scalars = {k: v for k, v in output.items() if isinstance(v, str | int | float | bool) or v is None}
        return ", ".join(f"{k}={v}" for k, v in scalars.items())[:200]


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
class ToolExecution:
    """Result of `ToolRegistry.execute`: the JSON text the model receives, and the trace."""

    output: dict[str, Any]
    content: str
    trace: ToolTraceEntry

    @property
    def is_error(self) -> bool:
        return self.trace.status == "error"
