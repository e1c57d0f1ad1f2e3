"""Powertools Logger and Metrics, created once per process.

Tracing is OpenTelemetry's (`coach_core.tracing` for the spans, `coach_core.otel` for the SDK). Metrics
are EMF lines for CloudWatch: recorded only on Lambda, where a handler or the ASGI middleware flushes
them after each invocation.
"""

from __future__ import annotations

import logging
import os
import traceback
from collections.abc import Sequence

from aws_lambda_powertools import Logger, Metrics
from aws_lambda_powertools.metrics import MetricUnit

__all__ = [
    "MetricUnit",
    "emit",
    "emit_grounding",
    "emit_usage",
    "log_exception",
    "logger",
    "metrics",
    "on_lambda",
    "quiet_http_clients",
]

SERVICE_NAME = os.environ.get("POWERTOOLS_SERVICE_NAME", "coach-ai")
METRICS_NAMESPACE = os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "CoachAI")

logger = Logger(service=SERVICE_NAME)
metrics = Metrics(namespace=METRICS_NAMESPACE, service=SERVICE_NAME)

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
