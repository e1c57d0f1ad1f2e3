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
import uuid
from collections.abc import Coroutine
from typing import Any, TypeVar

from aws_lambda_powertools.logging import correlation_paths

from coach_core.errors import CoachError
from coach_core.observability import emit, log_exception, logger, metrics, quiet_http_clients, tracer
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
        _mangum = Mangum(create_app(service=build_service()), lifespan="off")
    # Mangum runs on the thread's current event loop: make it ours every time, so a
    # connection opened in one invocation belongs to the loop of the next.
    asyncio.set_event_loop(_loop_runner().get_loop())
    return _mangum


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
@tracer.capture_lambda_handler
@metrics.log_metrics
def http_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """API Gateway REST proxy event → the FastAPI app → proxy response."""
    try:
        changed = apply_runtime_secrets()
    except SecretUnavailableError:
        emit("ConfigurationErrors", 1)
        return _error_response(500)
    if changed:
        reset_app()
    response: dict[str, Any] = _asgi()(event, context)
    if response.get("statusCode", 500) >= 500:
        emit("ServerErrors", 1)
    return response


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics
def expire_sessions_handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    """EventBridge Scheduler, hourly: mark idle sessions EXPIRED in batches (idempotent)."""
    from coach_core.service.expiry import expire_idle_sessions_now

    apply_runtime_secrets()
    count = run_async(expire_idle_sessions_now())
    emit("SessionsExpired", count)
    logger.info("expired idle sessions", extra={"expired": count})
    return {"expired": count}


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
