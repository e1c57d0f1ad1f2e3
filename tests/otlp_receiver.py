"""A real OTLP/HTTP trace receiver for tests: `POST /v1/traces` with a protobuf
`ExportTraceServiceRequest` (gzip or not), decoded with the opentelemetry-proto package, as any
collector or Phoenix would. It keeps every raw body (to search for text that must never leave the
process) and the decoded spans."""

from __future__ import annotations

import gzip
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue

SPAN_KINDS = {0: "UNSPECIFIED", 1: "INTERNAL", 2: "SERVER", 3: "CLIENT", 4: "PRODUCER", 5: "CONSUMER"}


def _value(value: AnyValue) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(v) for v in value.array_value.values]
    if kind == "kvlist_value":
        return {kv.key: _value(kv.value) for kv in value.kvlist_value.values}
    return getattr(value, kind) if kind else None


@dataclass
class ReceivedSpan:
    name: str
    trace_id: str
    span_id: str
    parent_span_id: str
    kind: str
    attributes: dict[str, Any]
    events: list[tuple[str, dict[str, Any]]]
    status_code: int
    scope: str
    resource: dict[str, Any]


@dataclass
class OtlpReceiver:
    """`with OtlpReceiver() as r:` serves on a free loopback port; `r.endpoint` is what
    `OTEL_EXPORTER_OTLP_ENDPOINT` takes."""

    spans: list[ReceivedSpan] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _server: ThreadingHTTPServer | None = None

    @property
    def endpoint(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __enter__(self) -> Self:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.headers.get("Content-Encoding") == "gzip":
                    body = gzip.decompress(body)
                receiver._received(self.path, body)
                reply = ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, format: str, *args: Any) -> None:
                return None

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def _received(self, path: str, body: bytes) -> None:
        request = ExportTraceServiceRequest()
        request.ParseFromString(body)
        decoded = []
        for resource_spans in request.resource_spans:
            resource = {kv.key: _value(kv.value) for kv in resource_spans.resource.attributes}
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    decoded.append(
                        ReceivedSpan(
                            name=span.name,
                            trace_id=span.trace_id.hex(),
                            span_id=span.span_id.hex(),
                            parent_span_id=span.parent_span_id.hex(),
                            kind=SPAN_KINDS.get(span.kind, str(span.kind)),
                            attributes={kv.key: _value(kv.value) for kv in span.attributes},
                            events=[(e.name, {kv.key: _value(kv.value) for kv in e.attributes}) for e in span.events],
                            status_code=span.status.code,
                            scope=scope_spans.scope.name,
                            resource=resource,
                        )
                    )
        with self._lock:
            self.paths.append(path)
            self.bodies.append(body)
            self.spans.extend(decoded)

    def wait_for(self, done: Callable[[list[ReceivedSpan]], bool], timeout: float = 15.0) -> list[ReceivedSpan]:
        """The spans received so far, once `done(spans)` holds (or the timeout passes)."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                spans = list(self.spans)
            if done(spans) or time.monotonic() > deadline:
                return spans
            time.sleep(0.05)
