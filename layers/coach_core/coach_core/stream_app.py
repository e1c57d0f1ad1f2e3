"""The ASGI app the streaming function runs under Lambda Web Adapter (`uvicorn
coach_core.stream_app:app`, see functions/chat_stream/run.sh).

Under the adapter no Lambda handler runs, so what `lambda_handlers.http_handler` does per
invocation happens here in ASGI middleware: runtime secrets are applied before each request
(Powertools caches them for minutes), and `RequestObservabilityMiddleware` sets the
correlation id, logs the request and flushes metrics. Both are no-ops off Lambda.

Building the app reads no settings and opens no connection: both happen on first request.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI

from coach_core.app import create_app

HEALTH_PATH = "/health"


class RuntimeSecretsMiddleware:
    """Apply Secrets Manager values (provider keys, database URL) before each request on
    Lambda; a missing secret is a generic 500, its name logged by `runtime_secrets`."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        from coach_core.observability import on_lambda

        if scope["type"] == "http" and scope.get("path") != HEALTH_PATH and on_lambda():
            from coach_core.runtime_secrets import SecretUnavailableError, apply_runtime_secrets

            try:
                apply_runtime_secrets()
            except SecretUnavailableError:
                body = json.dumps({"detail": SecretUnavailableError.public_message}).encode()
                await send({"type": "http.response.start", "status": 500,
                            "headers": [(b"content-type", b"application/json")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def create_stream_app() -> FastAPI:
    from coach_core.observability import RequestObservabilityMiddleware

    app = create_app()
    app.add_middleware(RuntimeSecretsMiddleware)
    app.add_middleware(RequestObservabilityMiddleware)
    return app


app = create_stream_app()
