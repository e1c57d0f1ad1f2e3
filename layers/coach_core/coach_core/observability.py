"""Powertools Logger, Metrics and a lazy Tracer, created once per process.

The Tracer pulls in the X-Ray SDK (~0.4-0.7 s of imports), so it is built on first use and
only where tracing is on (on Lambda, unless POWERTOOLS_TRACE_DISABLED is set). Metrics are
EMF lines for CloudWatch: recorded only on Lambda, where a handler or the ASGI middleware
flushes them after each invocation.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any, TypeVar

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

SERVICE_NAME = os.environ.get("POWERTOOLS_SERVICE_NAME", "coach-ai")
METRICS_NAMESPACE = os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "CoachAI")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

F = TypeVar("F", bound=Callable[..., Any])


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
        traced: Callable[..., Any] | None = None

        @functools.wraps(handler)
        def wrapper(event: Any, context: Any) -> Any:
            nonlocal traced
            tracer = self.get()
            if tracer is None:
                return handler(event, context)
            if traced is None:
                traced = tracer.capture_lambda_handler(handler)
            return traced(event, context)

        return wrapper  # type: ignore[return-value]


tracer = LazyTracer()


def emit(name: str, value: float, unit: MetricUnit = MetricUnit.Count) -> None:
    """Record one EMF metric on Lambda; a no-op elsewhere (local runs print no EMF)."""
    if on_lambda():
        metrics.add_metric(name=name, unit=unit, value=value)


class RequestObservabilityMiddleware:
    """Pure ASGI middleware for the Lambda Web Adapter path, where Powertools' handler
    decorators never run: correlation id, one access log line, latency and time-to-first-
    byte metrics, and a metrics flush per request. It wraps `send` without buffering, so
    streamed bodies pass through untouched."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        import time

        started = time.perf_counter()
        first_byte: float | None = None
        status = 500
        logger.set_correlation_id(_request_id(scope))

        async def observed_send(message: dict[str, Any]) -> None:
            nonlocal first_byte, status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            elif message["type"] == "http.response.body" and first_byte is None:
                first_byte = time.perf_counter()
            await send(message)

        try:
            await self.app(scope, receive, observed_send)
        finally:
            elapsed_ms = (time.perf_counter() - started) * 1000
            ttfb_ms = (first_byte - started) * 1000 if first_byte is not None else None
            logger.info(
                "request",
                extra={"method": scope.get("method"), "path": scope.get("path"), "status": status,
                       "duration_ms": round(elapsed_ms, 1),
                       "ttfb_ms": round(ttfb_ms, 1) if ttfb_ms is not None else None},
            )
            if on_lambda():
                emit("Latency", elapsed_ms, MetricUnit.Milliseconds)
                if ttfb_ms is not None:
                    emit("TimeToFirstByte", ttfb_ms, MetricUnit.Milliseconds)
                if status >= 500:
                    emit("ServerErrors", 1)
                metrics.flush_metrics()
            logger.set_correlation_id(None)


def _request_id(scope: dict[str, Any]) -> str | None:
    """API Gateway's request id from the adapter's `x-amzn-request-context` header — read
    only on Lambda, where the adapter (not a client) sets it."""
    if not on_lambda():
        return None
    import json

    for name, value in scope.get("headers", []):
        if name == b"x-amzn-request-context":
            try:
                context = json.loads(value)
            except ValueError:
                return None
            request_id = context.get("requestId") if isinstance(context, dict) else None
            return str(request_id) if request_id else None
    return None
