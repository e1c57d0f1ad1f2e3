"""The OpenTelemetry SDK for a process: configured from the standard `OTEL_*` variables, or not at all.

`configure_tracing()` (entry points call it once, before the app is built):
- no exporter configured (`OTEL_EXPORTER_OTLP_ENDPOINT` / `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` unset,
  `OTEL_TRACES_EXPORTER` not `console`) or `OTEL_SDK_DISABLED=true`: nothing is imported or set up; the
  API's no-op tracer serves `coach_core.tracing`, FastAPI's native telemetry stays off, and the cost
  per request is a handful of no-op calls;
- otherwise a `TracerProvider` (resource from `OTEL_SERVICE_NAME` / `OTEL_RESOURCE_ATTRIBUTES`, sampler
  from `OTEL_TRACES_SAMPLER`) with a batch processor and the OTLP/HTTP protobuf exporter (endpoint,
  headers, timeout and compression from `OTEL_EXPORTER_OTLP_*`), psycopg and Redis instrumented
  (OpenTelemetry's own instrumentations: SQL text without parameters, Redis commands without
  arguments), log lines stamped with `trace_id` / `span_id`. FastAPI's native telemetry then makes
  the HTTP server span of every request (the app turns off its exception logs and `/health`).
- `COACH_OTLP_SIGV4=xray` (set by the CDK stack) signs each export with the function's AWS
  credentials (botocore's SigV4 signer), as the X-Ray OTLP endpoint requires.

What leaves the process never holds an exception's text: `redacted()` runs on every span before its
exporter sees it. The SDK's `record_exception` and `start_as_current_span` (which the psycopg and
Redis instrumentations use) write the message into an `exception` event (`exception.message`, and
`exception.stacktrace`, which ends with it) and into the status description; a driver's message can
quote the SQL values, a provider's the request. The exception's type stays (`exception.type`,
`error.type`); the coach's own spans record only that in the first place (`coach_core.tracing`).

Lambda: each invocation ends with `flush()` (the environment may be frozen right after it), and under
SnapStart the exporter is built on first use, so no exporter, thread or connection is in the
snapshot; `after_restore()` drops any that were.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from opentelemetry.context import Context
    from opentelemetry.sdk.trace import ReadableSpan, Span, SpanProcessor, TracerProvider

__all__ = ["after_restore", "configure_tracing", "enabled", "exporter_wanted", "flush", "redacted"]

ENV_SDK_DISABLED = "OTEL_SDK_DISABLED"
ENV_ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT"
ENV_TRACES_ENDPOINT = "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
ENV_TRACES_EXPORTER = "OTEL_TRACES_EXPORTER"
ENV_SERVICE_NAME = "OTEL_SERVICE_NAME"
ENV_SIGV4 = "COACH_OTLP_SIGV4"
"""The AWS service name to sign OTLP exports for (`xray`); unset: exports are not signed."""
DEFAULT_SERVICE_NAME = "coach-ai"
FLUSH_TIMEOUT_MS = 2000
EXCEPTION_TEXT_ATTRIBUTES = frozenset({"exception.message", "exception.stacktrace"})
"""Event attributes that carry an exception's text (OpenTelemetry's exception conventions)."""

_lock = threading.Lock()
_provider: TracerProvider | None = None
_exporting: _LazyProcessor | None = None


def exporter_wanted(environ: dict[str, str] | os._Environ[str] = os.environ) -> str | None:
    """`otlp`, `console` or None (no tracing), from the standard variables."""
    if environ.get(ENV_SDK_DISABLED, "").strip().lower() == "true":
        return None
    exporters = {e.strip().lower() for e in environ.get(ENV_TRACES_EXPORTER, "").split(",") if e.strip()}
    if "none" in exporters:
        return None
    if "console" in exporters:
        return "console"
    if environ.get(ENV_TRACES_ENDPOINT) or environ.get(ENV_ENDPOINT):
        return "otlp"
    return None


def enabled() -> bool:
    return _provider is not None


def configure_tracing(service_name: str | None = None) -> bool:
    """Set up the SDK once per process when an exporter is configured; True when tracing is on."""
    global _provider, _exporting
    kind = exporter_wanted()
    if kind is None:
        return False
    with _lock:
        if _provider is not None:
            return True
        from opentelemetry import trace

        if not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider):
            # Set up outside the app (an auto-instrumentation agent such as `opentelemetry-instrument`):
            # its provider serves coach_core.tracing as it is.
            return True
        from opentelemetry.sdk.resources import SERVICE_NAME, Resource
        from opentelemetry.sdk.trace import TracerProvider

        name = (
            os.environ.get(ENV_SERVICE_NAME)
            or service_name
            or os.environ.get("POWERTOOLS_SERVICE_NAME")
            or DEFAULT_SERVICE_NAME
        )
        attributes: dict[str, Any] = {SERVICE_NAME: name}
        if os.environ.get("AWS_LAMBDA_FUNCTION_NAME"):
            attributes.update(
                {
                    "cloud.provider": "aws",
                    "cloud.platform": "aws_lambda",
                    "faas.name": os.environ["AWS_LAMBDA_FUNCTION_NAME"],
                }
            )
            if os.environ.get("AWS_REGION"):
                attributes["cloud.region"] = os.environ["AWS_REGION"]
        # Resource.create adds OTEL_RESOURCE_ATTRIBUTES (these win over it; OTEL_SERVICE_NAME is read above).
        provider = TracerProvider(resource=Resource.create(attributes))
        exporting = _LazyProcessor(_console_processor if kind == "console" else _otlp_processor)
        provider.add_span_processor(cast("SpanProcessor", exporting))  # the processor protocol, duck-typed
        trace.set_tracer_provider(provider)
        if kind == "otlp":
            _import_exporter_modules()
        _instrument_libraries()
        _stamp_log_lines()
        _provider, _exporting = provider, exporting
    return True


def flush(timeout_millis: int = FLUSH_TIMEOUT_MS) -> None:
    """Export what has ended (end of a Lambda invocation); never raises."""
    if _exporting is not None:
        try:
            _exporting.force_flush(timeout_millis)
        except Exception:  # an export failure must not fail the request
            logging.getLogger(__name__).warning("trace export flush failed")


def after_restore() -> None:
    """SnapStart: the snapshot's exporter (its thread and connections) is not this environment's;
    the next span builds a new one."""
    if _exporting is not None:
        _exporting.reset()


def shutdown() -> None:
    if _provider is not None:
        _provider.shutdown()


def redacted(span: ReadableSpan) -> ReadableSpan:
    """`span` as it may be exported: no status description and no exception message or stack trace
    on its events (their type stays). The span itself when it carries neither (the usual case)."""
    events = span.events
    if span.status.description is None and not any(
        EXCEPTION_TEXT_ATTRIBUTES.intersection(event.attributes or {}) for event in events
    ):
        return span
    from opentelemetry.sdk.trace import Event, ReadableSpan
    from opentelemetry.trace import Status

    return ReadableSpan(
        name=span.name,
        context=span.context,
        parent=span.parent,
        resource=span.resource,
        attributes=span.attributes,
        links=span.links,
        kind=span.kind,
        status=Status(span.status.status_code),
        start_time=span.start_time,
        end_time=span.end_time,
        instrumentation_scope=span.instrumentation_scope,
        events=[
            Event(
                event.name,
                {k: v for k, v in (event.attributes or {}).items() if k not in EXCEPTION_TEXT_ATTRIBUTES},
                event.timestamp,
            )
            for event in events
        ],
    )


def _otlp_processor() -> SpanProcessor:
    from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    session = None
    service = os.environ.get(ENV_SIGV4, "").strip()
    if service:
        import requests

        session = requests.Session()
        session.auth = _SigV4Auth(service, os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION", ""))
    return BatchSpanProcessor(OTLPSpanExporter(session=session))


def _import_exporter_modules() -> None:
    """The exporter's modules are imported at set-up (so under SnapStart they are in the snapshot);
    the exporter itself is built on the first span."""
    import importlib

    modules = ["opentelemetry.sdk.trace.export", "opentelemetry.exporter.otlp.proto.http.trace_exporter"]
    if os.environ.get(ENV_SIGV4, "").strip():
        modules += ["requests", "botocore.auth", "botocore.awsrequest", "botocore.session"]
    for module in modules:
        importlib.import_module(module)


def _console_processor() -> SpanProcessor:
    from opentelemetry.sdk.trace.export import ConsoleSpanExporter, SimpleSpanProcessor

    return SimpleSpanProcessor(ConsoleSpanExporter())


def _instrument_libraries() -> None:
    """psycopg and Redis through OpenTelemetry's instrumentations (no parameters, no values)."""
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor

    for instrumentor in (PsycopgInstrumentor(), RedisInstrumentor()):
        if not instrumentor.is_instrumented_by_opentelemetry:
            instrumentor.instrument(skip_dep_check=True)


class _TraceIds(logging.Filter):
    """`trace_id` / `span_id` (hex) on every log record written inside a recording span; Powertools'
    JSON formatter puts a record's extra attributes on the line."""

    def filter(self, record: logging.LogRecord) -> bool:
        from opentelemetry import trace

        ctx = trace.get_current_span().get_span_context()
        if ctx.is_valid:
            record.trace_id = format(ctx.trace_id, "032x")
            record.span_id = format(ctx.span_id, "016x")
        return True


def _stamp_log_lines() -> None:
    from coach_core.observability import logger

    logger.addFilter(_TraceIds())


class _SigV4Auth:
    """`requests` auth that signs each export with the environment's AWS credentials (botocore's
    signer; the credentials refresh themselves)."""

    def __init__(self, service: str, region: str) -> None:
        self.service = service
        self.region = region
        self._credentials: Any = None

    def __call__(self, request: Any) -> Any:
        from botocore.auth import SigV4Auth
        from botocore.awsrequest import AWSRequest

        if self._credentials is None:
            import botocore.session

            self._credentials = botocore.session.get_session().get_credentials()
        signed = AWSRequest(
            method=request.method,
            url=request.url,
            data=request.body,
            headers={k: v for k, v in request.headers.items() if k.lower().startswith("content-")},
        )
        SigV4Auth(self._credentials.get_frozen_credentials(), self.service, self.region).add_auth(signed)
        request.headers.update(dict(signed.headers.items()))
        return request


class _LazyProcessor:
    """A span processor built on the first ended span and dropped by `reset()` (SnapStart): its
    worker thread and connections never sit in a snapshot. It hands on each span `redacted()`."""

    def __init__(self, build: Callable[[], SpanProcessor]) -> None:
        self._build = build
        self._current: SpanProcessor | None = None
        self._lock = threading.Lock()

    def _processor(self) -> SpanProcessor:
        if self._current is None:
            with self._lock:
                if self._current is None:
                    self._current = self._build()
        return self._current

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        return None

    def _on_ending(self, span: Span) -> None:
        return None

    def on_end(self, span: ReadableSpan) -> None:
        self._processor().on_end(redacted(span))

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        current = self._current
        return True if current is None else current.force_flush(timeout_millis)

    def shutdown(self) -> None:
        current, self._current = self._current, None
        if current is not None:
            current.shutdown()

    def reset(self) -> None:
        self._current = None
