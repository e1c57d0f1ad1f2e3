"""Lambda entry points shared by the thin handlers in `functions/`.

HTTP functions (chat, plan, insights) run the shared FastAPI app through Mangum; the
scheduled and migration functions are plain handlers. One event loop per execution
environment (asyncio.Runner), so the lazily opened database connection is reused across
invocations. Mangum runs with its lifespan off (it would run it around every invocation), so
the app is built with its service here, once per environment, and rebuilt when rotated
secrets change the settings.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import Coroutine
from typing import Any, TypeVar

from aws_lambda_powertools.logging import correlation_paths

from coach_core import otel, tracing
from coach_core.errors import CoachError
from coach_core.observability import emit, log_exception, logger, metrics, quiet_http_clients
from coach_core.runtime_secrets import SecretUnavailableError, apply_runtime_secrets

T = TypeVar("T")
GENERIC_500 = {"detail": CoachError.public_message}

_runner: asyncio.Runner | None = None
_mangum: Any = None


def _loop_runner() -> asyncio.Runner:
    global _runner
    if _runner is None:
        _runner = asyncio.Runner()
    return _runner


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """Run on this execution environment's one loop (kept across invocations)."""
    return _loop_runner().run(coro)


def _asgi() -> Any:
    global _mangum
    if _mangum is None:
        from mangum import Mangum

        from coach_core.api import create_app
        from coach_core.service import build_service

        quiet_http_clients()
        otel.configure_tracing()  # before the snapshot under SnapStart: the exporter is built on first use
        _mangum = Mangum(create_app(service=build_service()), lifespan="off")
    # Mangum runs on the thread's current event loop: make it ours every time, so a
    # connection opened in one invocation belongs to the loop of the next.
    asyncio.set_event_loop(_loop_runner().get_loop())
    return _mangum


def prepare_snapshot() -> None:
    """Everything expensive that holds no connection, done during init (SnapStart's snapshot
    captures it): the app and its service, the policy engine's compiled rules, and the modules
    the first request would otherwise import (the selected provider's SDK, Redis, JWT). No
    database or Redis connection is opened and no secret is read."""
    import importlib

    from coach_core.settings import get_settings

    app = _asgi().app
    service = app.state.service
    service.policies.warm()  # every crisis pattern compiled into the snapshot
    service.policies.check_input("warming up the rules before the snapshot")
    service.registry.specs()  # the tools' JSON schemas, built once
    run_async(_asgi_get(app, "/health"))  # the HTTP stack's first-request work; touches no store
    settings = get_settings()
    for name in {settings.llm_provider, settings.llm_fallback_provider or settings.llm_provider}:
        if name in ("openai", "anthropic"):
            importlib.import_module(f"coach_core.providers.{name}").prewarm()
    for module in (
        "redis.asyncio",
        "redis.exceptions",
        "psycopg.rows",
        "aws_lambda_powertools.utilities.parameters",
        "sse_starlette",
    ):
        importlib.import_module(module)


async def _asgi_get(app: Any, path: str) -> int:
    """One in-process GET through the app's full middleware stack; the status code."""
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "https",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [],
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 443),
    }
    await app(scope, receive, send)
    return status


def after_restore() -> None:
    """SnapStart's after-restore hook: the snapshot's sockets and random state are not this
    environment's. Drop every connection (reopened on first use) and reseed randomness."""
    import random

    from coach_core.db import get_database

    random.seed()
    otel.after_restore()
    if _mangum is not None:
        _mangum.app.state.service.forget_connections()
    forget = getattr(get_database(), "forget", None)
    if forget is not None:
        forget()


def register_snapstart_hooks() -> bool:
    """Register the hooks with the Lambda runtime (its `snapshot_restore_py` module exists only
    there); True when registered."""
    try:
        from snapshot_restore_py import register_after_restore, register_before_snapshot
    except ImportError:
        return False
    register_before_snapshot(prepare_snapshot)
    register_after_restore(after_restore)
    return True


def reset_app() -> None:
    """Settings changed (rotated secrets): the next request builds a new app and service; the
    old service's connections are closed on this environment's loop."""
    global _mangum
    if _mangum is None:
        return
    old = _mangum.app.state.service
    _mangum = None
    if old is not None:
        run_async(old.aclose())


def _error_response(status: int) -> dict[str, Any]:
    return {
        "statusCode": status,
        "headers": {"Content-Type": "application/json"},
        "body": json.dumps(GENERIC_500),
        "isBase64Encoded": False,
    }


@logger.inject_lambda_context(correlation_id_path=correlation_paths.API_GATEWAY_REST)
@metrics.log_metrics
def http_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """API Gateway REST proxy event → the FastAPI app → proxy response. The request's spans are
    exported before the response leaves (Lambda may freeze the environment right after)."""
    try:
        changed = apply_runtime_secrets()
    except SecretUnavailableError:
        emit("ConfigurationErrors", 1)
        return _error_response(500)
    if changed:
        reset_app()
    try:
        response: dict[str, Any] = _asgi()(event, context)
    finally:
        otel.flush()
    if response.get("statusCode", 500) >= 500:
        emit("ServerErrors", 1)
    return response


@logger.inject_lambda_context
@metrics.log_metrics
def expire_sessions_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """EventBridge Scheduler, hourly: mark idle sessions EXPIRED, then purge what is past its
    retention (old expired sessions' history, old violation excerpts); batched, idempotent."""
    from coach_core.service.expiry import expire_idle_sessions_now
    from coach_core.service.retention import PurgeResult, purge_now

    apply_runtime_secrets()
    otel.configure_tracing()

    async def expire_and_purge() -> tuple[int, PurgeResult]:
        with tracing.job_span("expire_sessions"):  # one trace: both steps' database calls nest under it
            return await expire_idle_sessions_now(), await purge_now()

    try:
        count, purged = run_async(expire_and_purge())
    finally:
        otel.flush()
    emit("SessionsExpired", count)
    emit("HistoriesPurged", purged.histories)
    emit("ViolationExcerptsPurged", purged.excerpts)
    logger.info(
        "expired idle sessions and purged old health data",
        extra={"expired": count, "histories_purged": purged.histories, "excerpts_purged": purged.excerpts},
    )
    return {"expired": count, "histories_purged": purged.histories, "excerpts_purged": purged.excerpts}


@logger.inject_lambda_context
def migrate_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Run on every deploy (CDK Trigger): the same migrations as `coach migrate`.
    A failure raises, which fails the deployment."""
    from coach_core.db.migrate import migrate
    from coach_core.runtime_secrets import app_role
    from coach_core.settings import get_settings

    apply_runtime_secrets()
    applied = run_async(migrate(get_settings().database_url, app_role()))
    logger.info("migrations applied", extra={"applied": applied})
    return {"applied": applied}


@logger.inject_lambda_context
def provision_user_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """Cognito post-confirmation trigger: create the confirmed user's row (idempotent) and
    return the event unchanged, as Cognito requires. Other trigger sources (a confirmed
    password reset) need nothing."""
    from coach_core.db.connection import get_database
    from coach_core.service.data import provision_user

    if event.get("triggerSource") == "PostConfirmation_ConfirmSignUp":
        sub = event.get("request", {}).get("userAttributes", {}).get("sub")
        try:
            user_id = uuid.UUID(str(sub))
        except ValueError:
            logger.error("post-confirmation event without a valid sub")
            return event
        try:
            apply_runtime_secrets()
            run_async(provision_user(get_database(), user_id))
        except Exception as exc:  # the user is confirmed either way; the first request provisions them
            log_exception("could not provision a confirmed user", exc)
    return event


if os.environ.get("AWS_LAMBDA_INITIALIZATION_TYPE") == "snap-start":
    register_snapstart_hooks()  # the init phase of a SnapStart function: hooks must exist before the snapshot
