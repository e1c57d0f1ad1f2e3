"""`ToolRegistry`: the only way to run a tool.

It binds the authenticated user, validates arguments, serves and fills the Redis cache
(key: the user id and a hash of tool name, user id, the user's data version and canonical
JSON arguments; per-tool TTL; every write to the user's rows bumps the data version, so a
cached result is never stale), turns every failure into a structured error result the model
can read, and records one `ai_tool_call_log` row per execution, cached or not. Rows are
collected per request and written with the exchange (or by `flush_logs()`).
"""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

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
        tool failures."""
        started = time.perf_counter()
        tool = self.registry.tools.get(name)
        raw_summary = (arguments if isinstance(arguments, str) else canonical_json(arguments or {}))[
            :SUMMARY_LIMIT
        ]
        if tool is None:
            known = ", ".join(sorted(self.registry.tools))
            return self._finish(
                name, "Unknown tool", raw_summary, ToolError("unknown_tool", f"No tool named {name!r}. "
                f"Available tools: {known}."), started, provider=provider, cached=False, error=f"unknown tool {name!r}",
                input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(),
            )
        parsed, problem = self._parse(arguments)
        if problem is not None:
            return self._finish(
                name, tool.description, raw_summary, ToolError("invalid_arguments", problem), started,
                provider=provider, cached=False, error=problem,
                input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(), tool=tool,
            )
        try:
            args = tool.Args.model_validate(parsed)
        except ValidationError as exc:
            message = _validation_message(exc)
            return self._finish(
                name, tool.description, raw_summary, ToolError("invalid_arguments", message), started,
                provider=provider, cached=False, error=message,
                input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(), tool=tool,
            )
        canonical = canonical_json(args.model_dump(mode="json"))
        digest = cache_digest(name, self.user_id, canonical, self.data_version)
        input_hash = hashlib.sha256(canonical.encode()).hexdigest()
        cache = self.registry.cache
        if cache is not None:
            hit = await cache.get(self.user_id, digest)
            if hit is not None:
                try:
                    cached_output = tool.Output.model_validate_json(hit)
                except ValidationError:
                    cached_output = None  # an entry from an older shape: recompute
                if cached_output is not None:
                    return self._finish(name, tool.description, canonical, cached_output, started,
                                        provider=provider, cached=True, input_hash=input_hash, tool=tool,
                                        content=hit)
        ctx = ToolContext(user_id=self.user_id, today=self.registry.today(), db=self.registry.db)
        try:
            output: ToolOutput = await tool.run(ctx, args)
        except Exception as exc:
            log_exception(f"tool {name} failed", exc)
            return self._finish(
                name, tool.description, canonical,
                ToolError("tool_failed", "The tool could not run. Answer without this data and say so."),
                started, provider=provider, cached=False, error=f"{type(exc).__name__}: {exc}"[:500],
                input_hash=input_hash, tool=tool,
            )
        content = canonical_json(output.model_dump(mode="json"))
        if cache is not None:
            await cache.set(self.user_id, digest, content, tool.cache_ttl_seconds)
        return self._finish(name, tool.description, canonical, output, started, provider=provider, cached=False,
                            input_hash=input_hash, tool=tool, content=content)

    @staticmethod
    def _parse(arguments: str | Mapping[str, Any] | None) -> tuple[Any, str | None]:
        if arguments is None or arguments == "":
            return {}, None
        if isinstance(arguments, str):
            try:
                value = json.loads(arguments)
            except ValueError:
                return None, "arguments are not valid JSON; send a JSON object"
        else:
            value = dict(arguments)
        if not isinstance(value, dict):
            return None, "arguments must be a JSON object"
        return value, None

    def _finish(
        self,
        name: str,
        description: str,
        input_summary: str,
        output: ToolOutput | ToolError,
        started: float,
        *,
        provider: str | None,
        cached: bool,
        input_hash: str,
        error: str | None = None,
        tool: AnyTool | None = None,
        content: str | None = None,
    ) -> ToolExecution:
        latency_ms = round((time.perf_counter() - started) * 1000)
        status: ToolStatus = "error" if error is not None else "success"
        if isinstance(output, ToolError):
            output_summary = f"error: {output.type}"
            content = canonical_json({"error": {"type": output.type, "message": output.message}})
        else:
            output_summary = (tool.summarize(output) if tool else "")[:SUMMARY_LIMIT]
            content = content or canonical_json(output.model_dump(mode="json"))
        trace = ToolTraceEntry(
            tool_name=name,
            description=description,
            input_summary=input_summary[:SUMMARY_LIMIT],
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
                tool_name=name[:100],
                tool_category=tool.category if tool else "unknown",
                input_hash=input_hash,
                input_summary=trace.input_summary,
                output_summary=output_summary,
                status=status,
                error_message=error,
                latency_ms=latency_ms,
                cache_hit=cached,
                provider=provider,
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
