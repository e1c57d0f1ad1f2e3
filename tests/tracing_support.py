"""The OpenTelemetry SDK's own in-memory exporter for tests that need no receiver: `collect_spans()`
installs (once per process) an SDK tracer provider whose spans reach the exporter only while a
test collects, so other tests are not slowed or filled with spans."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

_exporter = InMemorySpanExporter()
_collecting = [False]


class _WhileCollecting(SimpleSpanProcessor):
    def on_end(self, span: ReadableSpan) -> None:
        if _collecting[0]:
            super().on_end(span)


def _install() -> None:
    current = trace.get_tracer_provider()
    if isinstance(current, TracerProvider):
        if not any(isinstance(p, _WhileCollecting) for p in current._active_span_processor._span_processors):
            current.add_span_processor(_WhileCollecting(_exporter))
        return
    provider = TracerProvider()
    provider.add_span_processor(_WhileCollecting(_exporter))
    trace.set_tracer_provider(provider)


@contextmanager
def collect_spans() -> Iterator[list[ReadableSpan]]:
    """The spans that end inside the block (the list fills as they end)."""
    _install()
    _exporter.clear()
    _collecting[0] = True
    spans: list[ReadableSpan] = []
    try:
        yield spans
    finally:
        _collecting[0] = False
        spans.extend(_exporter.get_finished_spans())
        _exporter.clear()


def finished() -> list[ReadableSpan]:
    return list(_exporter.get_finished_spans())


def by_operation(spans: list[ReadableSpan], operation: str) -> list[ReadableSpan]:
    return [s for s in spans if (s.attributes or {}).get("gen_ai.operation.name") == operation]


def all_text(spans: list[ReadableSpan]) -> str:
    """Every name, status description, attribute value and event of `spans`, as one string to search."""
    parts: list[Any] = []
    for span in spans:
        parts.append(span.name)
        parts.append(span.status.description or "")
        parts.extend(str(v) for v in (span.attributes or {}).values())
        for event in span.events:
            parts.append(event.name)
            parts.extend(str(v) for v in (event.attributes or {}).values())
    return "\n".join(parts)
