"""`coach serve`: the full API on a local uvicorn server (OpenAPI at /docs).

When the provider is OpenAI (the default) but neither OPENAI_API_KEY nor OPENAI_BASE_URL is
configured, serve switches to the offline provider and says so in its start-up log and in
the `X-Coach-Provider` response header. It does not run migrations (`coach migrate` does).

`--workers N` runs N uvicorn worker processes on the same socket (one Python process uses
one core; a burst of concurrent requests queues on it). The provider choice is made once,
here, and written to the environment before the workers are spawned, so every worker
builds the same app with the same provider. Each worker has its own connection pool
(`DB_POOL_MAX_SIZE` connections each).

With `COACH_ENV=dev` (`make run`) the app also carries the browser console at `/console`
(docs/CONSOLE.md); only this entry point mounts it, never the Lambda ones.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from coach_core.observability import logger, quiet_http_clients
from coach_core.settings import ENV_LLM_PROVIDER, Settings, get_settings
from coach_core.text import plural

if TYPE_CHECKING:
    from fastapi import FastAPI

    from coach_core.console import ConsoleUser


def choose_provider(settings: Settings) -> str | None:
    """The provider to switch to, or None to keep the configured one."""
    if settings.llm_provider != "openai":
        return None
    has_key = settings.openai_api_key is not None and bool(settings.openai_api_key.get_secret_value())
    if has_key or settings.openai_base_url:
        return None
    return "offline"


def prepare_settings() -> Settings:
    """Process settings for serving, with the offline fallback applied; token verification
    must be configured (JWKS_URL, or a JWT_SECRET of at least 32 bytes)."""
    settings = get_settings()
    switch_to = choose_provider(settings)
    if switch_to is not None:
        os.environ[ENV_LLM_PROVIDER] = switch_to
        get_settings.cache_clear()
        settings = get_settings()
        logger.warning(
            "no OPENAI_API_KEY or OPENAI_BASE_URL configured: using the offline provider "
            "(deterministic local answers; set a key or LLM_PROVIDER to change this)"
        )
    if settings.token_algorithm == "HS256":
        settings.local_jwt_secret()  # no secret, no server: fail now with a message naming it
    logger.info("coach provider", extra={"provider": settings.llm_provider})
    return settings


APP_FACTORY = "coach_core.server:create_served_app"
"""What each worker process imports when `workers > 1` (uvicorn needs an import string)."""


def create_served_app() -> FastAPI:
    """The app as `coach serve` runs it: warmed at start-up (provider client and database
    pool ready before the worker takes its first request), plus the console in dev mode."""
    from coach_core.api import create_app
    from coach_core.otel import configure_tracing

    configure_tracing()  # per worker process: OTEL_EXPORTER_OTLP_ENDPOINT set, or nothing at all
    app = create_app(warm=True)
    if get_settings().coach_env == "dev":
        from coach_core.console import mount_console

        mount_console(app, demo_users=console_demo_users())
    return app


def console_demo_users() -> list[ConsoleUser]:
    """The demo users (`coach seed-demo`) as the console's picker lists them."""
    from coach_core.console import ConsoleUser
    from coach_core.demo import DEMO_USERS, demo_payloads
    from coach_core.models import utctoday

    payloads = demo_payloads(utctoday())
    return [
        ConsoleUser(name=name, user_id=payload["user"]["id"], description=description)
        for (name, description, _), payload in zip(DEMO_USERS, payloads, strict=True)
    ]


def tracing_note() -> str:
    """Where traces go, or how to turn them on (docs/OBSERVABILITY.md)."""
    from coach_core.otel import ENV_ENDPOINT, ENV_TRACES_ENDPOINT, exporter_wanted

    match exporter_wanted():
        case "otlp":
            endpoint = os.environ.get(ENV_TRACES_ENDPOINT) or os.environ.get(ENV_ENDPOINT)
            return f"tracing: OpenTelemetry spans exported over OTLP/HTTP to {endpoint}"
        case "console":
            return "tracing: OpenTelemetry spans printed to the console (OTEL_TRACES_EXPORTER=console)"
        case _:
            return (
                "tracing: off. To see every chat as a trace, start an OTLP receiver (Arize Phoenix: "
                "`pip install arize-phoenix && phoenix serve`, UI on http://localhost:6006) and restart with "
                f"{ENV_ENDPOINT}=http://localhost:6006 (docs/OBSERVABILITY.md)"
            )


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = 1) -> None:
    import uvicorn

    if workers < 1:
        raise ValueError("workers must be at least 1")
    quiet_http_clients()
    settings = prepare_settings()  # may set LLM_PROVIDER in os.environ: spawned workers inherit it
    logger.info(f"serving the coach API on http://{host}:{port} (OpenAPI at /docs), {plural(workers, 'worker')}")
    if settings.coach_env == "dev":
        logger.info(f"coach console (COACH_ENV=dev): http://{host}:{port}/console")
    logger.info(tracing_note())
    if workers == 1:
        uvicorn.run(create_served_app(), host=host, port=port, log_level="info", timeout_graceful_shutdown=5)
        return
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        timeout_graceful_shutdown=5,
    )
