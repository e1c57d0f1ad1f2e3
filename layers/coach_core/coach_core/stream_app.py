"""The ASGI app the streaming function runs under Lambda Web Adapter (`uvicorn
coach_core.stream_app:app`, see functions/chat_stream/run.sh).

Under the adapter no Lambda handler runs, so what `lambda_handlers.http_handler` does per
invocation happens in ASGI middleware here: runtime secrets are applied before each request
(Powertools caches them for minutes; a rotation rebuilds the app's service), and
`RequestObservabilityMiddleware` sets the correlation id, logs the request and flushes
metrics. Both are no-ops off Lambda. uvicorn runs the app's lifespan, which builds the
service; building the app itself reads no settings and opens no connection.
"""

from __future__ import annotations

import os

from fastapi import FastAPI
from starlette.types import ASGIApp, Receive, Scope, Send

from coach_core.api import create_app
from coach_core.api.auth import ADAPTER_STATE_FLAG
from coach_core.api.errors import json_messages
from coach_core.api.middleware import RequestObservabilityMiddleware
from coach_core.observability import on_lambda, quiet_http_clients
from coach_core.otel import configure_tracing

HEALTH_PATH = "/health"


class RuntimeSecretsMiddleware:
    """Apply Secrets Manager values (provider keys, database URL) before each request on
    Lambda; when they changed, the app's service is rebuilt with them. A missing secret is a
    generic 500, its name logged by `runtime_secrets`."""

    def __init__(self, app: ASGIApp, fastapi_app: FastAPI) -> None:
        self.app = app
        self.fastapi_app = fastapi_app
        self._seeded = False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("path") != HEALTH_PATH and on_lambda():
            from coach_core.runtime_secrets import SecretUnavailableError, apply_runtime_secrets

            if not self._seeded:
                # Under the adapter SnapStart's runtime hooks never run: a restored process
                # reseeds here, before its first request. (Connections need nothing: none is
                # opened before the snapshot, whose readiness check (/health) touches no store.)
                import random

                random.seed()
                self._seeded = True

            try:
                changed = apply_runtime_secrets()
            except SecretUnavailableError:
                for message in json_messages(500, {"detail": SecretUnavailableError.public_message}):
                    await send(message)
                return
            if changed:
                await _rebuild_service(self.fastapi_app)
        await self.app(scope, receive, send)


async def _rebuild_service(app: FastAPI) -> None:
    from coach_core.service import build_service

    old = app.state.service
    app.state.service = build_service()
    if old is not None:
        await old.aclose()


def create_stream_app() -> FastAPI:
    quiet_http_clients()
    configure_tracing()  # in the snapshot under SnapStart; the exporter itself is built on first use
    app = create_app()
    # The adapter passes the authorizer's claims in a header (read only on Lambda; api/auth.py).
    setattr(app.state, ADAPTER_STATE_FLAG, True)
    app.add_middleware(RuntimeSecretsMiddleware, fastapi_app=app)
    app.add_middleware(RequestObservabilityMiddleware)
    return app


def warm_for_snapshot() -> None:
    """SnapStart snapshots the process once the adapter's readiness check answers, and its
    runtime hooks never run under the adapter: so the work a first request would do without
    touching a store (compiling every rule pattern, ~0.7 s; the SSE module) happens here, in the
    snapshot's init, and no restored environment pays for it."""
    import sse_starlette  # noqa: F401

    from coach_core.policies import get_engine

    get_engine().warm()


app = create_stream_app()
if os.environ.get("AWS_LAMBDA_INITIALIZATION_TYPE") == "snap-start":
    warm_for_snapshot()
