"""`create_app()`: the one FastAPI app behind `coach serve`, the Mangum functions and the
Lambda Web Adapter stream function.

This module is the one place errors become HTTP responses:
- `CoachError` subclasses → their `status_code` with `{"detail": <public message>}`;
- request validation → 422 with field-level errors (location, message, type; the
  submitted input is never echoed back);
- bodies over 64 KiB → 413 (Content-Length, and bytes counted while streaming in);
- anything else → 500 with a generic message (exception text stays out of responses and
  logs: `CatchAllMiddleware`).

Authentication runs in a small ASGI middleware before the body is read, so a request
without a valid token gets 401 whatever its body holds; the `current_user` dependency on
every coach route is the second guarantee.
"""

from __future__ import annotations

import json
import logging
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from coach_core.auth import USER_SCOPE_KEY, authenticate
from coach_core.errors import AuthenticationError, CoachError, NotFoundError
from coach_core.router import API_PREFIX, router
from coach_core.schemas import MAX_BODY_BYTES, HealthResponse
from coach_core.settings import Settings, get_settings

if TYPE_CHECKING:
    from coach_core.service import CoachService

logger = logging.getLogger(__name__)

PROVIDER_HEADER = "X-Coach-Provider"
GENERIC_500 = CoachError.public_message
TOO_LARGE = "Request body too large (limit 64 KiB)."
MAX_ERRORS = 20
MAX_ERROR_MSG = 200


def _json_bytes(status: int, body: dict[str, Any], extra: list[tuple[bytes, bytes]] | None = None) -> list[Message]:
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    return [
        {"type": "http.response.start", "status": status, "headers": headers + (extra or [])},
        {"type": "http.response.body", "body": payload},
    ]


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
                for message in _json_bytes(500, {"detail": GENERIC_500}):
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
                    for message in _json_bytes(413, {"detail": TOO_LARGE}):
                        await send(message)
                    return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # FastAPI re-raises HTTPException from body reading; the handler below
                    # turns it into the 413 response.
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
            for message in _json_bytes(413, {"detail": TOO_LARGE}):
                await send(message)


class AuthGateMiddleware:
    """Authenticate coach routes before FastAPI reads the body (401 wins over 422/413)."""

    def __init__(self, app: ASGIApp, fastapi_app: FastAPI) -> None:
        self.app = app
        self.fastapi_app = fastapi_app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(API_PREFIX + "/"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        try:
            scope[USER_SCOPE_KEY] = await authenticate(request, _settings(self.fastapi_app))
        except CoachError as exc:
            response = _coach_error_response(exc)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


class ProviderHeaderMiddleware:
    """`X-Coach-Provider: offline|openai|anthropic` on every response."""

    def __init__(self, app: ASGIApp, fastapi_app: FastAPI) -> None:
        self.app = app
        self.fastapi_app = fastapi_app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        name = _provider_name(self.fastapi_app).encode()

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), (b"x-coach-provider", name)]}
            await send(message)

        await self.app(scope, receive, send_with_header)


def _settings(app: FastAPI) -> Settings:
    settings: Settings | None = getattr(app.state, "settings", None)
    return settings or get_settings()


def _provider_name(app: FastAPI) -> str:
    service: CoachService | None = getattr(app.state, "service", None)
    if service is None:
        from coach_core.service import peek_service

        service = peek_service()
    if service is not None:
        return service.provider_name
    return _settings(app).llm_provider


def _coach_error_response(exc: CoachError) -> JSONResponse:
    """4xx details are written for users (they name a field or a token problem); a 404 and
    every 5xx use the class's fixed public message."""
    public = exc.status_code >= 500 or isinstance(exc, NotFoundError)
    detail = type(exc).public_message if public else exc.detail
    headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, AuthenticationError) else None
    return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=headers)


def _field_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
    """Location, message and type of each error; never the submitted value."""
    out = []
    for err in exc.errors()[:MAX_ERRORS]:
        out.append(
            {
                "loc": [p if isinstance(p, int) else str(p)[:100] for p in err.get("loc", ())],
                "msg": str(err.get("msg", "Invalid value."))[:MAX_ERROR_MSG],
                "type": str(err.get("type", "value_error")),
            }
        )
    return out


def log_exception(message: str, exc: BaseException) -> None:
    """The exception's type and stack, not its text: provider and driver errors can echo
    request bodies, keys or SQL."""
    stack = "".join(traceback.format_tb(exc.__traceback__))
    logger.error("%s: %s\n%s", message, type(exc).__name__, stack)


def _install_handlers(app: FastAPI) -> None:
    @app.exception_handler(CoachError)
    async def coach_error(_: Request, exc: CoachError) -> JSONResponse:
        if exc.status_code >= 500:
            log_exception("coach error", exc)
        return _coach_error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _field_errors(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if exc.status_code < 500 else GENERIC_500
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)



def create_app(
    service: CoachService | None = None, settings: Settings | None = None, *, warm: bool = False
) -> FastAPI:
    """The full API. `service`/`settings` are explicit dependencies for tests; by default
    the process-wide ones are used, built lazily on the first request (never at import).
    `warm=True` (`coach serve`) builds the service, its provider and the pool at start-up."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if warm:
            from coach_core.service import get_service

            await (app.state.service or get_service()).warm_up()
        yield
        built: CoachService | None = getattr(app.state, "service", None)
        if built is None:
            from coach_core.service import peek_service

            built = peek_service()
        if built is not None:
            await built.aclose()

    app = FastAPI(
        title="Coach AI",
        version="1.0.0",
        description="The LLM fitness and nutrition coach. Every /api/v1/coach route needs a Bearer JWT.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.settings = settings
    _install_handlers(app)
    app.include_router(router)

    @app.get("/health", response_model=HealthResponse, tags=["ops"], summary="Liveness (no auth)")
    async def health() -> HealthResponse:
        return HealthResponse(status="ok", provider=_provider_name(app))

    # Added last = outermost: catch-all, size limit, auth, then the provider header.
    app.add_middleware(ProviderHeaderMiddleware, fastapi_app=app)
    app.add_middleware(AuthGateMiddleware, fastapi_app=app)
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(CatchAllMiddleware)
    return app
