"""The one place errors become HTTP responses:
- `CoachError` subclasses → their `status_code` with `{"detail": <public message>}` (4xx
  details are written for users and name a field or a token problem; a 404 and every 5xx use
  the class's fixed public message);
- request validation → 422 with field-level errors (location, message, type; the submitted
  input is never echoed back);
- PostgreSQL unreachable (`coach_core.db.UNAVAILABLE_ERRORS`: a failed connect, a dropped
  connection, the pool's checkout timeout) → 503 with `Retry-After`
  (`DependencyUnavailableError`); Redis being down never gets here: it degrades silently;
- anything else → 500 with a generic message, logged by type and stack only.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Message

from coach_core.db import UNAVAILABLE_ERRORS
from coach_core.errors import (
    AuthenticationError,
    CoachError,
    DependencyUnavailableError,
    NotFoundError,
    RateLimitedError,
)
from coach_core.observability import log_exception

GENERIC_500 = CoachError.public_message
MAX_ERRORS = 20
MAX_ERROR_MSG = 200


def json_messages(status: int, body: dict[str, Any], extra: list[tuple[bytes, bytes]] | None = None) -> list[Message]:
    """A complete JSON response as raw ASGI messages (for middleware, below FastAPI)."""
    payload = json.dumps(body).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode())]
    return [
        {"type": "http.response.start", "status": status, "headers": headers + (extra or [])},
        {"type": "http.response.body", "body": payload},
    ]


def coach_error_response(exc: CoachError) -> JSONResponse:
    public = exc.status_code >= 500 or isinstance(exc, NotFoundError)
    detail = type(exc).public_message if public else exc.detail
    headers = dict(exc.headers)
    if isinstance(exc, AuthenticationError):
        headers["WWW-Authenticate"] = "Bearer"
    return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=headers or None)


def field_errors(exc: RequestValidationError) -> list[dict[str, Any]]:
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


def rate_limited_stream_response(exc: RateLimitedError) -> Response:
    """A stream refused by the rate limit: the 429 and its Retry-After, with a body an SSE
    client already understands (one `error` event)."""
    from coach_core.schemas import ErrorData, StreamErrorEvent

    record = f"data: {StreamErrorEvent(data=ErrorData(message=exc.detail)).model_dump_json()}\n\n"
    return Response(
        record,
        status_code=exc.status_code,
        media_type="text/event-stream",
        headers={**exc.headers, "Cache-Control": "no-cache"},
    )


def install_error_handlers(app: FastAPI, stream_paths: frozenset[str] = frozenset()) -> None:
    @app.exception_handler(CoachError)
    async def coach_error(request: Request, exc: CoachError) -> Response:
        if exc.status_code >= 500:
            log_exception("coach error", exc)
        if isinstance(exc, RateLimitedError) and request.url.path in stream_paths:
            return rate_limited_stream_response(exc)
        return coach_error_response(exc)

    async def database_unavailable(_: Request, exc: Exception) -> Response:
        log_exception("database unavailable", exc)
        return coach_error_response(DependencyUnavailableError("database unavailable"))

    for error_type in UNAVAILABLE_ERRORS:
        app.add_exception_handler(error_type, database_unavailable)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": field_errors(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if exc.status_code < 500 else GENERIC_500
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)
