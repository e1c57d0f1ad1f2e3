"""A scripted HTTP server on a real loopback socket, run by uvicorn in a background thread
with its own event loop (so server-side delays never block the test's loop).

Subclasses say how a `Reply` looks as a JSON body and as a list of SSE events."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from types import TracebackType
from typing import Any, ClassVar, Self

import uvicorn

from tests.fakes.script import Fail, Malformed, MalformedCase, RecordedRequest, Reply, Step, StreamFail

Send = Any
Receive = Any


def loopback_socket() -> socket.socket:
    """A TCP socket bound to a free port on 127.0.0.1. IPPROTO_TCP explicitly: asyncio sets
    TCP_NODELAY on accepted connections only when the listening socket's proto is IPPROTO_TCP
    (proto 0 would leave Nagle on, and every response would stall ~40 ms on delayed ACKs)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class ThreadedUvicorn(ABC):
    """uvicorn on a loopback socket in its own thread and event loop; a context manager.
    Subclasses build their `uvicorn.Config` in `start()` and hand it to `_serve_in_thread`."""

    port: int = 0
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None

    @abstractmethod
    def start(self) -> Self:
        """Build the app's config and call `_serve_in_thread`; return self."""

    def _serve_in_thread(self, config: uvicorn.Config, cleanup: Callable[[], Awaitable[None]] | None = None) -> None:
        """Serve until `stop()`; `cleanup` runs in the server's loop after it has stopped."""
        sock = loopback_socket()
        self.port = sock.getsockname()[1]
        server = self._server = uvicorn.Server(config)

        async def main() -> None:
            try:
                await server.serve(sockets=[sock])
            finally:
                if cleanup is not None:
                    await cleanup()

        self._thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError(f"{type(self).__name__} did not start")
            time.sleep(0.005)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=10)
        self._server = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


class FakeLLMServer(ThreadedUvicorn):
    """Context manager: `with FakeXServer() as fake: fake.script([...]); ... fake.requests`."""

    path: ClassVar[str]
    provider: ClassVar[str]
    base_path: ClassVar[str] = ""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._steps: deque[Step] = deque()
        self._responder: Callable[[dict[str, Any]], Step] | None = None
        self.requests: list[RecordedRequest] = []
        self.unexpected = 0
        self.served = 0

    # ---- script --------------------------------------------------------------------------

    def script(self, steps: Iterable[Step]) -> Self:
        """Replace the script and forget earlier requests; each request consumes one step."""
        with self._lock:
            self._steps = deque(steps)
            self.requests = []
            self.unexpected = 0
        return self

    def respond_with(self, responder: Callable[[dict[str, Any]], Step] | None) -> Self:
        """Answer every request the script does not cover with `responder(request_body)`, for
        endless traffic (the soak benchmark). Such requests are counted in `served` but not kept
        in `requests`, so a long run does not accumulate them."""
        with self._lock:
            self._responder = responder
        return self

    @property
    def remaining(self) -> int:
        with self._lock:
            return len(self._steps)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.base_path}"

    def settings(self, **overrides: Any) -> Any:
        """`Settings` that aim this fake's provider at it (fast timeouts and retries unless overridden)."""
        from coach_core.settings import load_settings

        values: dict[str, Any] = {
            "llm_provider": self.provider,
            f"{self.provider}_api_key": "test-key-not-secret",
            f"{self.provider}_base_url": self.base_url,
            "llm_timeout_seconds": 5.0,
            "llm_max_retries": 2,
        }
        values.update(overrides)
        return load_settings(**values)

    # ---- lifecycle -----------------------------------------------------------------------

    def start(self) -> Self:
        config = uvicorn.Config(
            self._app,
            log_level="critical",
            access_log=False,
            lifespan="off",
            http="h11",
            interface="asgi3",
            timeout_graceful_shutdown=1,
        )
        self._serve_in_thread(config)
        return self

    # ---- HTTP ----------------------------------------------------------------------------

    async def _app(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        raw = b""
        more = True
        while more:
            message = await receive()
            raw += message.get("body", b"")
            more = message.get("more_body", False)
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        try:
            body = json.loads(raw) if raw else {}
        except ValueError:
            body = {"_unparsed": raw.decode(errors="replace")}
        record = RecordedRequest(scope["path"], headers, body, time.perf_counter())
        with self._lock:
            self.served += 1
            step = self._steps.popleft() if self._steps else None
            if step is None and self._responder is not None:
                step = self._responder(body)
            else:
                self.requests.append(record)
                if step is None:
                    self.unexpected += 1
        record.step = step
        if scope["method"] != "POST" or scope["path"] != self.path:
            await _respond_json(send, 404, {"error": f"fake serves POST {self.path} only"})
        elif step is None:
            # Not retryable, so a test that under-scripts fails fast and visibly.
            await _respond_json(send, 500, {"error": "fake script exhausted"}, {"x-should-retry": "false"})
        else:
            if step.delay:
                await asyncio.sleep(step.delay)
            if isinstance(step, Fail):
                await _respond_json(send, step.status, self.error_body(step), step.headers)
            elif isinstance(step, StreamFail):
                await self._send_events(send, self.sse_error_events(step, body), record)
            elif isinstance(step, Malformed) and record.streamed:
                await self._send_events(send, self.malformed_events(step.case, body), record)
            elif isinstance(step, Malformed):
                await _respond_raw(send, 200, self.malformed_body(step.case, body))
            elif record.streamed:
                await self._stream(send, step, record)
            else:
                await _respond_json(send, 200, self.json_reply(step, body))

    async def _stream(self, send: Send, step: Reply, record: RecordedRequest) -> None:
        events = self.sse_events(step, record.body)
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")],
            }
        )
        for n, event in enumerate(events):
            if step.cut_after is not None and n >= step.cut_after:
                return  # returning with the body incomplete makes uvicorn drop the connection
            if step.end_after is not None and n >= step.end_after:
                break
            if step.chunk_delay:
                await asyncio.sleep(step.chunk_delay)
            await send({"type": "http.response.body", "body": event, "more_body": True})
            record.event_times.append(time.perf_counter())
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    # ---- provider dialect ----------------------------------------------------------------

    @abstractmethod
    def json_reply(self, step: Reply, request: dict[str, Any]) -> dict[str, Any]:
        """The non-streamed response body."""

    @abstractmethod
    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        """The streamed response, one encoded SSE event per item."""

    @abstractmethod
    def error_body(self, step: Fail) -> dict[str, Any]:
        """The provider's error envelope."""

    @abstractmethod
    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        """A stream that starts (with `step.text`, if any) and then reports an error in-band."""

    def malformed_body(self, case: MalformedCase, request: dict[str, Any]) -> bytes:
        """A 200 body (not always JSON) that is nonsense of kind `case` (the chat fakes)."""
        raise AssertionError(f"{type(self).__name__} serves no Malformed step")

    def malformed_events(self, case: MalformedCase, request: dict[str, Any]) -> list[bytes]:
        """A 200 stream with nonsense of kind `case` in it (the chat fakes)."""
        raise AssertionError(f"{type(self).__name__} serves no Malformed step")

    async def _send_events(self, send: Send, events: list[bytes], record: RecordedRequest) -> None:
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")],
            }
        )
        for event in events:
            await send({"type": "http.response.body", "body": event, "more_body": True})
            record.event_times.append(time.perf_counter())
        await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _respond_json(
    send: Send, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
) -> None:
    await _respond_raw(send, status, json.dumps(payload).encode(), headers)


async def _respond_raw(send: Send, status: int, body: bytes, headers: dict[str, str] | None = None) -> None:
    raw_headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw_headers += [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": raw_headers})
    await send({"type": "http.response.body", "body": body, "more_body": False})
