"""`create_app()`: the one FastAPI app behind `coach serve`, the Mangum functions and the
Lambda Web Adapter stream function.

The service is built once: passed in (tests, the Lambda entry point, which builds it at
init), or built in the app's lifespan from settings. It lives on `app.state.service`; the
`Service` dependency reads it there and nowhere else.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, MutableMapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.telemetry import TelemetryConfig

from coach_core.api.data_router import data_router
from coach_core.api.errors import install_error_handlers
from coach_core.api.middleware import install_middleware
from coach_core.api.openapi import install_openapi
from coach_core.api.router import API_PREFIX, router
from coach_core.schemas import HealthResponse
from coach_core.service import CoachService, build_service
from coach_core.settings import Settings, get_settings


def create_app(service: CoachService | None = None, settings: Settings | None = None, *, warm: bool = False) -> FastAPI:
    """The full API. With no `service`, the lifespan builds one from `settings` (default: the
    process settings) and closes it at shutdown. `warm=True` (`coach serve`) also builds the
    provider client and opens the database before the first request."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        built_here = app.state.service is None
        if built_here:
            app.state.service = build_service(_settings(app))
        if warm:
            await app.state.service.warm_up()
        try:
            yield
        finally:
            if built_here:
                await app.state.service.aclose()
                app.state.service = None

    app = FastAPI(
        telemetry=TELEMETRY,
        title="Coach AI",
        version="1.0.0",
        description="The LLM fitness and nutrition coach. Every /api/v1/coach route needs a Bearer JWT.",
        lifespan=lifespan,
    )
    app.state.service = service
    app.state.settings = settings
    stream_path = f"{API_PREFIX}/chat/stream"
    install_error_handlers(app, stream_paths=frozenset({stream_path}))
    install_openapi(app, stream_path)
    app.include_router(router)
    app.include_router(data_router)

    def provider_name() -> str:
        built: CoachService | None = app.state.service
        return built.provider_name if built is not None else _settings(app).llm_provider

    @app.get("/health", response_model=HealthResponse, tags=["ops"], summary="Liveness (no auth)")
    async def health() -> HealthResponse:
        return HealthResponse(status="ok", provider=provider_name())

    install_middleware(app, settings=lambda: _settings(app), provider_name=provider_name, auth_prefix=API_PREFIX)
    return app


def _untraced(scope: MutableMapping[str, Any]) -> bool:
    """Liveness checks (the Lambda Web Adapter polls /health) make no trace."""
    return scope.get("path") == "/health"


TELEMETRY: TelemetryConfig = {"logs": False, "exclude": _untraced}
"""FastAPI's native OpenTelemetry: the HTTP server span of each request (on only once `coach_core.otel`
has set up a tracer provider). Its exception log records are off: they carry exception messages,
which may echo provider or driver text (`observability.log_exception` logs the type only)."""


def _settings(app: FastAPI) -> Settings:
    settings: Settings | None = app.state.settings
    return settings or get_settings()
