"""Powertools Logger, Metrics and a lazy Tracer, created once per process.

The Tracer pulls in the X-Ray SDK (~0.4-0.7 s of imports), so it is built on first use and
only where tracing is on (on Lambda, unless POWERTOOLS_TRACE_DISABLED is set). Metrics are
EMF lines for CloudWatch: recorded only on Lambda, where a handler or the ASGI middleware
flushes them after each invocation.
"""

from __future__ import annotations

import functools
import logging
import os
import traceback
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

__all__ = [
    "MetricUnit", "emit", "emit_grounding", "emit_usage", "log_exception", "logger", "metrics", "on_lambda",
    "quiet_http_clients", "tracer",
]

SERVICE_NAME = os.environ.get("POWERTOOLS_SERVICE_NAME", "coach-ai")
METRICS_NAMESPACE = os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "CoachAI")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

F = TypeVar("F", bound=Callable[..., Any])


HTTP_CLIENT_LOGGERS = ("httpx", "httpx2", "httpcore", "httpcore2", "openai", "anthropic")


def quiet_http_clients() -> None:
    """Keep the HTTP clients' per-request INFO lines ("HTTP Request: POST ...") out of the
    logs: one line per provider call costs CPU on every request and says nothing the access
    log and metrics do not. Called by the entry points, not at import."""
    for name in HTTP_CLIENT_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)


def log_exception(message: str, exc: BaseException) -> None:
    """Log an error with the exception's type and stack, never its text: provider and driver
    errors can echo request bodies, keys or SQL."""
    stack = "".join(traceback.format_tb(exc.__traceback__))
    logger.error("%s: %s\n%s", message, type(exc).__name__, stack, extra={"error": type(exc).__name__})


def on_lambda() -> bool:
    return bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME"))


def tracing_enabled() -> bool:
    return on_lambda() and os.environ.get("POWERTOOLS_TRACE_DISABLED", "").lower() not in ("1", "true")


class LazyTracer:
    """`Tracer` on demand: decorators wrap at import time but build nothing until called."""

    def __init__(self) -> None:
        self._tracer: Any = None

    def get(self) -> Any:
        if self._tracer is None and tracing_enabled():
            from aws_lambda_powertools import Tracer

            self._tracer = Tracer(service=SERVICE_NAME)
        return self._tracer

    def capture_lambda_handler(self, handler: F) -> F:
        """Powertools' handler subsegment with no response and no exception text in the trace
        (responses carry health data; exception text can carry anything): both capture flags off
        (`POWERTOOLS_TRACER_CAPTURE_RESPONSE` / `_ERROR` are `false` on every function too), and
        an exception leaves the subsegment only as a `HandlerError` annotation naming its type,
        then propagates from outside it (X-Ray's subsegment would record its message)."""
        traced: Callable[..., _Outcome] | None = None

        @functools.wraps(handler)
        def run(event: Any, context: Any) -> _Outcome:
            try:
                return _Outcome(handler(event, context), None)
            except Exception as exc:
                self._tracer.put_annotation(key="HandlerError", value=type(exc).__name__)
                return _Outcome(None, exc)

        @functools.wraps(handler)
        def wrapper(event: Any, context: Any) -> Any:
            nonlocal traced
            tracer = self.get()
            if tracer is None:
                return handler(event, context)
            if traced is None:
                traced = tracer.capture_lambda_handler(run, capture_response=False, capture_error=False)
            outcome = traced(event, context)
            if outcome.error is not None:
                raise outcome.error
            return outcome.value

        return wrapper  # type: ignore[return-value]


class _Outcome(NamedTuple):
    value: Any
    error: Exception | None


tracer = LazyTracer()


def emit(name: str, value: float, unit: MetricUnit = MetricUnit.Count) -> None:
    """Record one EMF metric on Lambda; a no-op elsewhere (local runs print no EMF)."""
    if on_lambda():
        metrics.add_metric(name=name, unit=unit, value=value)


def emit_usage(tokens: int, tool_calls: int, cache_hits: int, violation_types: Sequence[str]) -> None:
    """The per-request EMF metrics of a turn or a plan (no-ops off Lambda)."""
    if not on_lambda():
        return
    emit("TokensUsed", tokens)
    emit("ToolCalls", tool_calls)
    emit("ToolCacheHits", cache_hits)
    emit("PolicyViolations", len(violation_types))
    for kind in violation_types:
        emit(f"Violations_{kind}", 1)


def emit_grounding(checked: int, ungrounded: int) -> None:
    """A turn's numeric grounding: figures about the user's data checked, and those that
    matched nothing the turn's data holds (`UngroundedFigures`: alarm on a model that drifts)."""
    if not on_lambda():
        return
    emit("FiguresChecked", checked)
    emit("UngroundedFigures", ungrounded)
