"""`ToolRegistry`: the only way to run a tool.

It binds the authenticated user, validates arguments, serves and fills the Redis cache
(key: the user id and a hash of tool name, user id, the user's data version and canonical
JSON arguments; per-tool TTL; every write to the user's rows bumps the data version, so a
cached result is never stale), turns every failure into a structured error result the model
can read, and records one `ai_tool_call_log` row per execution, cached or not. Rows are
collected per request and written with the exchange (or by `flush_logs()`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from coach_core.db.connection import Database
from coach_core.domain.outputs import ToolOutput
from coach_core.models import ToolCallLogRow, utctoday
from coach_core.observability import log_exception, logger
from coach_core.repositories import logs
from coach_core.tools.base import BaseTool, ToolContext, ToolError, ToolExecution, ToolStatus, ToolTraceEntry
from coach_core.tools.cache import ToolCache

AnyTool = BaseTool[Any, Any]

SUMMARY_LIMIT = 200


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def cache_digest(tool_name: str, user_id: uuid.UUID, canonical_args: str, data_version: int = 0) -> str:
    return hashlib.sha256(f"{tool_name}\x1f{user_id}\x1f{data_version}\x1f{canonical_args}".encode()).hexdigest()


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


def _arguments(tool: AnyTool, arguments: str | Mapping[str, Any] | None) -> tuple[BaseModel | None, str]:
    """The call's arguments validated by the tool, or why they are not valid (for the model)."""
    value: Any = {}
    if isinstance(arguments, str) and arguments:
        try:
            value = json.loads(arguments)
        except ValueError:
            return None, "arguments are not valid JSON; send a JSON object"
    elif isinstance(arguments, Mapping):
        value = dict(arguments)
    if not isinstance(value, dict):
        return None, "arguments must be a JSON object"
    try:
        return tool.Args.model_validate(value), ""
    except ValidationError as exc:
        return None, _validation_message(exc)


def _cached_output(tool: AnyTool, hit: str) -> ToolOutput | None:
    """A cached result, or None for an entry of an older shape (it is recomputed)."""
    try:
        return tool.Output.model_validate_json(hit)
    except ValidationError:
        return None


@dataclass(frozen=True, slots=True)
class _Call:
    """One call as its trace entry and log row describe it. `arguments`: as the tool validated
    them (canonical JSON), or as the model sent them (cut to the summary's length) for a call
    refused before it ran; the log row's hash is of this text."""

    name: str
    tool: AnyTool | None
    arguments: str
    started: float
    provider: str | None

    @property
    def input_summary(self) -> str:
        return self.arguments[:SUMMARY_LIMIT]

    @property
    def input_hash(self) -> str:
        return hashlib.sha256(self.arguments.encode()).hexdigest()


TOOL_FAILED = ToolError("tool_failed", "The tool could not run. Answer without this data and say so.")


@dataclass(frozen=True)
class ToolSpec:
    """A tool as providers describe it to the model."""

    name: str
    description: str
    parameters: dict[str, Any]


class ToolRegistry:
    def __init__(
        self,
        tools: Iterable[AnyTool],
        *,
        db: Database,
        cache: ToolCache | None,
        today: Callable[[], Any] = utctoday,
    ) -> None:
        self._tools: dict[str, AnyTool] = {}
        for tool in tools:
            if tool.name in self._tools:
                raise ValueError(f"tool {tool.name!r} registered twice")
            self._tools[tool.name] = tool
        self._specs: tuple[ToolSpec, ...] | None = None
        self._db = db
        self._cache = cache
        self._today = today

    @property
    def tools(self) -> Mapping[str, AnyTool]:
        return self._tools

    @property
    def cache(self) -> ToolCache | None:
        return self._cache

    @property
    def db(self) -> Database:
        return self._db

    def today(self) -> Any:
        return self._today()

    def specs(self) -> list[ToolSpec]:
        """Built once per registry: pydantic's JSON-schema generation costs about 0.25 ms per
        tool, every round of every request asks for all six, and the tool set never changes."""
        if self._specs is None:
            self._specs = tuple(ToolSpec(t.name, t.description, t.parameters_schema()) for t in self._tools.values())
        return list(self._specs)

    def bind(self, user_id: uuid.UUID, session_id: uuid.UUID | None = None, *, data_version: int = 0) -> BoundTools:
        """Tools for one request of one user; the log rows it collects belong to it.
        `data_version` (from the request's context load) keys the cache."""
        return BoundTools(self, user_id, session_id, data_version)

    async def aclose(self) -> None:
        if self._cache is not None:
            await self._cache.close()


class BoundTools:
    """A registry bound to one authenticated user (and session) for one request."""

    def __init__(
        self, registry: ToolRegistry, user_id: uuid.UUID, session_id: uuid.UUID | None, data_version: int = 0
    ) -> None:
        self.registry = registry
        self.user_id = user_id
        self.session_id = session_id
        self.data_version = data_version
        self.log_rows: list[ToolCallLogRow] = []
        self.trace: list[ToolTraceEntry] = []
        self.outputs: list[str] = []
        """The JSON the model received from each successful call, in order (numeric grounding)."""

    def specs(self) -> list[ToolSpec]:
        return self.registry.specs()

    def take_log_rows(self) -> list[ToolCallLogRow]:
        """The rows collected so far, handed over once (they are then written by the caller)."""
        rows, self.log_rows = self.log_rows, []
        return rows

    def describe(self, name: str) -> str:
        tool = self.registry.tools.get(name)
        return tool.description if tool else "Unknown tool"

    async def execute(
        self, name: str, arguments: str | Mapping[str, Any] | None, *, provider: str | None = None
    ) -> ToolExecution:
        """Run one tool call from the model (`provider`: whose model asked for it, recorded in
        the log row; None for a call the service makes itself). Never raises for bad calls or
        tool failures: each is a structured error the model can read."""
        started = time.perf_counter()
        tool = self.registry.tools.get(name)
        as_sent = (arguments if isinstance(arguments, str) else canonical_json(arguments or {}))[:SUMMARY_LIMIT]
        sent = _Call(name, tool, as_sent, started, provider)
        if tool is None:
            known = ", ".join(sorted(self.registry.tools))
            error = ToolError("unknown_tool", f"No tool named {name!r}. Available tools: {known}.")
            return self._finish(sent, error, detail=f"unknown tool {name!r}")
        args, problem = _arguments(tool, arguments)
        if args is None:
            return self._finish(sent, ToolError("invalid_arguments", problem))
        canonical = canonical_json(args.model_dump(mode="json"))
        call = dataclasses.replace(sent, arguments=canonical)
        digest = cache_digest(name, self.user_id, canonical, self.data_version)
        cache = self.registry.cache
        hit = await cache.get(self.user_id, digest) if cache is not None else None
        if hit is not None and (cached := _cached_output(tool, hit)) is not None:
            return self._finish(call, cached, content=hit, cached=True)
        ctx = ToolContext(user_id=self.user_id, today=self.registry.today(), db=self.registry.db)
        try:
            output: ToolOutput = await tool.run(ctx, args)
        except Exception as exc:
            log_exception(f"tool {name} failed", exc)
            return self._finish(call, TOOL_FAILED, detail=f"{type(exc).__name__}: {exc}"[:500])
        content = canonical_json(output.model_dump(mode="json"))
        if cache is not None:
            await cache.set(self.user_id, digest, content, tool.cache_ttl_seconds)
        return self._finish(call, output, content=content)

    def _finish(
        self,
        call: _Call,
        output: ToolOutput | ToolError,
        *,
        content: str = "",
        cached: bool = False,
        detail: str | None = None,
    ) -> ToolExecution:
        """The trace entry and log row of a call, and what the model reads (`content`, the output's
        JSON). Its status follows from the output: a `ToolError` is an error, logged with `detail`
        (else its message); anything else is a success."""
        latency_ms = round((time.perf_counter() - call.started) * 1000)
        tool = call.tool
        status: ToolStatus
        if isinstance(output, ToolError):
            status, error_message = "error", detail or output.message
            output_summary = f"error: {output.type}"
            content = canonical_json({"error": {"type": output.type, "message": output.message}})
        else:
            status, error_message = "success", None
            output_summary = (tool.summarize(output) if tool else "")[:SUMMARY_LIMIT]
        trace = ToolTraceEntry(
            tool_name=call.name,
            description=tool.description if tool else "Unknown tool",
            input_summary=call.input_summary,
            output_summary=output_summary,
            latency_ms=latency_ms,
            cached=cached,
            status=status,
        )
        self.trace.append(trace)
        self.log_rows.append(
            ToolCallLogRow(
                user_id=self.user_id,
                session_id=self.session_id,
                tool_name=call.name[:100],
                tool_category=tool.category if tool else "unknown",
                input_hash=call.input_hash,
                input_summary=trace.input_summary,
                output_summary=output_summary,
                status=status,
                error_message=error_message,
                latency_ms=latency_ms,
                cache_hit=cached,
                provider=call.provider,
            )
        )
        if isinstance(output, ToolError):
            return ToolExecution(output=None, error=output, content=content, trace=trace)
        self.outputs.append(content)
        return ToolExecution(output=output, error=None, content=content, trace=trace)

    async def flush_logs(self) -> None:
        """Write the collected rows in one statement; a logging failure never fails the user."""
        rows = self.take_log_rows()
        if not rows:
            return
        try:
            async with self.registry.db.connection() as conn:
                await logs.insert_tool_calls(conn, rows)
        except Exception as exc:
            logger.error("could not write tool call log rows", extra={"rows": len(rows), "error": type(exc).__name__})
