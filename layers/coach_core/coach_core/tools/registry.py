"""`ToolRegistry`: the only way to run a tool.

It binds the authenticated user, validates arguments, serves and fills the Redis cache
(key: hash of tool name, user id and canonical JSON arguments; per-tool TTL), turns every
failure into a structured error result the model can read, and records one
`ai_tool_call_log` row per execution, cached or not. Rows are collected per request and
written in one statement by `flush_logs()`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from coach_core.db.connection import Database
from coach_core.models import ToolCallLogRow, utctoday
from coach_core.repositories import logs
from coach_core.tools.base import BaseTool, ToolContext, ToolExecution, ToolStatus, ToolTraceEntry
from coach_core.tools.cache import ToolCache

logger = logging.getLogger(__name__)

SUMMARY_LIMIT = 200


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def cache_digest(tool_name: str, user_id: uuid.UUID, canonical_args: str) -> str:
    return hashlib.sha256(f"{tool_name}\x1f{user_id}\x1f{canonical_args}".encode()).hexdigest()


def _error_output(kind: str, message: str) -> dict[str, Any]:
    return {"error": {"type": kind, "message": message}}


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
        tools: Iterable[BaseTool],
        *,
        db: Database,
        cache: ToolCache | None,
        today: Callable[[], Any] = utctoday,
    ) -> None:
        self._tools: dict[str, BaseTool] = {}
        for tool in tools:
            if tool.name in self._tools:
                raise ValueError(f"tool {tool.name!r} registered twice")
            self._tools[tool.name] = tool
        self._specs: tuple[ToolSpec, ...] | None = None
        self._db = db
        self._cache = cache
        self._today = today

    @property
    def tools(self) -> Mapping[str, BaseTool]:
        return self._tools

    def specs(self) -> list[ToolSpec]:
        """Built once per registry: pydantic's JSON-schema generation costs about 0.25 ms per
        tool, every round of every request asks for all six, and the tool set never changes."""
        if self._specs is None:
            self._specs = tuple(ToolSpec(t.name, t.description, t.parameters_schema()) for t in self._tools.values())
        return list(self._specs)

    def bind(self, user_id: uuid.UUID, session_id: uuid.UUID | None = None) -> BoundTools:
        """Tools for one request of one user; the log rows it collects belong to it."""
        return BoundTools(self, user_id, session_id)


class BoundTools:
    """A registry bound to one authenticated user (and session) for one request."""

    def __init__(self, registry: ToolRegistry, user_id: uuid.UUID, session_id: uuid.UUID | None) -> None:
        self.registry = registry
        self.user_id = user_id
        self.session_id = session_id
        self.log_rows: list[ToolCallLogRow] = []
        self.trace: list[ToolTraceEntry] = []

    def specs(self) -> list[ToolSpec]:
        return self.registry.specs()

    def describe(self, name: str) -> str:
        tool = self.registry.tools.get(name)
        return tool.description if tool else "Unknown tool"

    async def execute(self, name: str, arguments: str | Mapping[str, Any] | None) -> ToolExecution:
        """Run one tool call from the model. Never raises for bad calls or tool failures."""
        started = time.perf_counter()
        tool = self.registry.tools.get(name)
        raw_summary = (arguments if isinstance(arguments, str) else canonical_json(arguments or {}))[
            :SUMMARY_LIMIT
        ]
        if tool is None:
            known = ", ".join(sorted(self.registry.tools))
            return self._finish(
                name, "Unknown tool", raw_summary, _error_output("unknown_tool", f"No tool named {name!r}. "
                f"Available tools: {known}."), started, cached=False, error=f"unknown tool {name!r}",
                input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(),
            )
        parsed, problem = self._parse(arguments)
        if problem is not None:
            return self._finish(
                name, tool.description, raw_summary, _error_output("invalid_arguments", problem), started,
                cached=False, error=problem, input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(),
                tool=tool,
            )
        try:
            args = tool.Args.model_validate(parsed)
        except ValidationError as exc:
            message = _validation_message(exc)
            return self._finish(
                name, tool.description, raw_summary, _error_output("invalid_arguments", message), started,
                cached=False, error=message, input_hash=hashlib.sha256(raw_summary.encode()).hexdigest(),
                tool=tool,
            )
        canonical = canonical_json(args.model_dump(mode="json"))
        digest = cache_digest(name, self.user_id, canonical)
        input_hash = hashlib.sha256(canonical.encode()).hexdigest()
        cache = self.registry._cache
        if cache is not None:
            hit = await cache.get(digest)
            if hit is not None:
                try:
                    output = json.loads(hit)
                except ValueError:
                    output = None
                if isinstance(output, dict):
                    return self._finish(name, tool.description, canonical, output, started, cached=True,
                                        input_hash=input_hash, tool=tool, content=hit)
        ctx = ToolContext(user_id=self.user_id, today=self.registry._today(), db=self.registry._db)
        try:
            output = await tool.run(ctx, args)
        except Exception as exc:
            logger.exception("tool %s failed", name)
            return self._finish(
                name, tool.description, canonical,
                _error_output("tool_failed", "The tool could not run. Answer without this data and say so."),
                started, cached=False, error=f"{type(exc).__name__}: {exc}"[:500], input_hash=input_hash,
                tool=tool,
            )
        content = canonical_json(output)
        if cache is not None:
            await cache.set(digest, content, tool.cache_ttl_seconds)
        return self._finish(name, tool.description, canonical, output, started, cached=False,
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
        output: dict[str, Any],
        started: float,
        *,
        cached: bool,
        input_hash: str,
        error: str | None = None,
        tool: BaseTool | None = None,
        content: str | None = None,
    ) -> ToolExecution:
        latency_ms = round((time.perf_counter() - started) * 1000)
        status: ToolStatus = "error" if error is not None else "success"
        if error is not None:
            output_summary = f"error: {output['error']['type']}"
        else:
            output_summary = (tool.summarize(output) if tool else "")[:SUMMARY_LIMIT]
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
            )
        )
        return ToolExecution(output=output, content=content or canonical_json(output), trace=trace)

    async def flush_logs(self) -> None:
        """Write the collected rows in one statement; a logging failure never fails the user."""
        rows, self.log_rows = self.log_rows, []
        if not rows:
            return
        try:
            async with self.registry._db.connection() as conn:
                await logs.insert_tool_calls(conn, rows)
        except Exception:
            logger.exception("could not write %d tool call log rows", len(rows))
