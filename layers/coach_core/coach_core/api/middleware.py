"""Pure ASGI middleware (no response buffering, so streamed bodies pass straight through):
the catch-all 500, the 64 KiB body limit, the auth gate that runs before the body is read,
the provider header, and the per-request observability the Lambda Web Adapter path needs."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from coach_core import otel
from coach_core.api.auth import USER_SCOPE_KEY, authenticate
from coach_core.api.errors import GENERIC_500, coach_error_response, json_messages
from coach_core.errors import CoachError
from coach_core.observability import MetricUnit, emit, log_exception, logger, metrics, on_lambda
from coach_core.providers.attribution import provider_trail
from coach_core.schemas import MAX_BODY_BYTES
from coach_core.settings import Settings

TOO_LARGE = "Request body too large (limit 64 KiB)."
PROVIDER_HEADER = "X-Coach-Provider"
LAMBDA_CONTEXT_HEADER = b"x-amzn-request-context"


class CatchAllMiddleware:
    """The last line of defence: any exception that escaped the handlers becomes a generic
    500 here, logged by type and stack only. (Starlette's own server-error middleware would
    re-raise it, and the server would log its text.) If a streamed response had already
    started, the connection is simply closed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:
            log_exception("unhandled error", exc)
            if not started:
                for message in json_messages(500, {"detail": GENERIC_500}):
                    await send(message)


class BodyLimitMiddleware:
    """413 for bodies over `limit` bytes: by Content-Length up front, and by counting the
    chunks actually received (a chunked upload has no Content-Length)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = False
                if too_big:
                    for message in json_messages(413, {"detail": TOO_LARGE}):
                        await send(message)
                    return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # FastAPI re-raises HTTPException from body reading; caught below.
                    raise StarletteHTTPException(status_code=413, detail=TOO_LARGE)
            return message

        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except StarletteHTTPException as exc:
            if exc.status_code != 413 or started:
                raise
            for message in json_messages(413, {"detail": TOO_LARGE}):
                await send(message)


class AuthGateMiddleware:
    """Authenticate routes under `prefix` before FastAPI reads the body (401 wins over
    422/413); the `current_user` dependency on every route is the second guarantee."""

    def __init__(self, app: ASGIApp, settings: Callable[[], Settings], prefix: str) -> None:
        self.app = app
        self.settings = settings
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(self.prefix + "/"):
            await self.app(scope, receive, send)
            return
        try:
            scope[USER_SCOPE_KEY] = await authenticate(Request(scope), self.settings())
        except CoachError as exc:
            await coach_error_response(exc)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class ProviderHeaderMiddleware:
    """`X-Coach-Provider: offline|openai|anthropic` on every response, error responses
    included: the provider the request last called (the one that answered, or whose error
    this is), from the request's `ProviderTrail`; when no model was called before the headers
    left (a stream's headers always leave first, and most routes never call a model), the
    provider the next round would go to (`provider_name`, breaker-aware)."""

    def __init__(self, app: ASGIApp, provider_name: Callable[[], str]) -> None:
        self.app = app
        self.provider_name = provider_name

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        with provider_trail() as trail:

            async def send_with_header(message: Message) -> None:
                if message["type"] == "http.response.start":
                    name = (trail.last or self.provider_name()).encode()
                    message = {**message, "headers": [*message.get("headers", []), (b"x-coach-provider", name)]}
                await send(message)

            await self.app(scope, receive, send_with_header)


class RequestObservabilityMiddleware:
    """For the Lambda Web Adapter path, where Powertools' handler decorators never run:
    correlation id, one access log line, latency and time-to-first-byte metrics, and a metrics
    flush per request. It wraps `send` without buffering."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        first_byte: float | None = None
        status = 500
        logger.set_correlation_id(_request_id(scope))

        async def observed_send(message: Message) -> None:
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
                extra={
                    "method": scope.get("method"),
                    "path": scope.get("path"),
                    "status": status,
                    "duration_ms": round(elapsed_ms, 1),
                    "ttfb_ms": round(ttfb_ms, 1) if ttfb_ms is not None else None,
                },
            )
            if on_lambda():
                otel.flush()  # the request's spans (its server span ended with the last body chunk)
                emit("Requests", 1)
                emit("Latency", elapsed_ms, MetricUnit.Milliseconds)
                if ttfb_ms is not None:
                    emit("TimeToFirstByte", ttfb_ms, MetricUnit.Milliseconds)
                if status >= 500:
                    emit("ServerErrors", 1)
                metrics.flush_metrics()
            logger.set_correlation_id(None)


def _request_id(scope: Scope) -> str | None:
    """API Gateway's request id from the adapter's `x-amzn-request-context` header: read only
    on Lambda, where the adapter (not a client) sets it."""
    if not on_lambda():
        return None
    for name, value in scope.get("headers", []):
        if name == LAMBDA_CONTEXT_HEADER:
            try:
                context: Any = json.loads(value)
            except ValueError:
                return None
            request_id = context.get("requestId") if isinstance(context, dict) else None
            return str(request_id) if request_id else None
    return None


def install_middleware(
    app: FastAPI, *, settings: Callable[[], Settings], provider_name: Callable[[], str], auth_prefix: str
) -> None:
    """Added last = outermost: the provider header (so the catch-all's 500, a 413 and a 401
    carry it too), catch-all, size limit, then auth."""
    app.add_middleware(AuthGateMiddleware, settings=settings, prefix=auth_prefix)
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(CatchAllMiddleware)
    app.add_middleware(ProviderHeaderMiddleware, provider_name=provider_name)
