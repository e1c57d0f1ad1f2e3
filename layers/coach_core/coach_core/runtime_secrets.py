"""Provider keys and database credentials from Secrets Manager, through Powertools
Parameters with a cache of minutes (not its 5-second default).

Values are applied as environment variables so `Settings` stays the one reader of
configuration; when a value changes (rotation), settings and dependants are rebuilt.
A missing secret raises `SecretUnavailableError`: a clear log line naming the secret (never
its value) and a generic 500 to the caller.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from urllib.parse import quote

from coach_core.errors import CoachError
from coach_core.observability import logger
from coach_core.settings import (
    ENV_ANTHROPIC_API_KEY,
    ENV_DATABASE_URL,
    ENV_DB_SECRET_NAME,
    ENV_OPENAI_API_KEY,
    ENV_PROVIDER_SECRET_NAME,
    ENV_SECRETS_CACHE_SECONDS,
    get_settings,
)

ENV_DB_HOST = "DB_HOST"  # the RDS Proxy endpoint; overrides the secret's instance host
PROVIDER_KEYS = (ENV_OPENAI_API_KEY, ENV_ANTHROPIC_API_KEY)


class SecretUnavailableError(CoachError):
    status_code = 500


_listeners: list[Callable[[], None]] = []


def on_secrets_changed(callback: Callable[[], None]) -> None:
    """Register a reset hook (e.g. drop the cached service so the provider is rebuilt)."""
    _listeners.append(callback)


def _fetch(name: str) -> str:
    from aws_lambda_powertools.utilities import parameters

    max_age = int(os.environ.get(ENV_SECRETS_CACHE_SECONDS, "300"))
    try:
        value = parameters.get_secret(name, max_age=max_age)
    except Exception as exc:
        # The exception text can echo request details; log its type and the secret's name only.
        logger.error("required secret could not be read", extra={"secret_name": name, "error": type(exc).__name__})
        raise SecretUnavailableError(f"secret {name} unavailable") from None
    if isinstance(value, bytes):
        value = value.decode()
    return str(value)


def provider_env(raw: str) -> dict[str, str]:
    """`{"OPENAI_API_KEY": ..., "ANTHROPIC_API_KEY": ...}` (either or both)."""
    try:
        data = json.loads(raw)
    except ValueError:
        raise SecretUnavailableError("provider secret is not a JSON object") from None
    if not isinstance(data, dict):
        raise SecretUnavailableError("provider secret is not a JSON object")
    return {k: str(v) for k, v in data.items() if k in PROVIDER_KEYS and v}


def database_env(raw: str, host_override: str | None) -> dict[str, str]:
    """An RDS-generated secret (username, password, host, port, dbname) → DATABASE_URL."""
    try:
        data = json.loads(raw)
        user, password = data["username"], data["password"]
    except (ValueError, KeyError, TypeError):
        raise SecretUnavailableError("database secret lacks username/password") from None
    host = host_override or data.get("host")
    if not host:
        raise SecretUnavailableError("database secret has no host and DB_HOST is unset")
    port = data.get("port", 5432)
    dbname = data.get("dbname", "postgres")
    url = f"postgresql://{quote(str(user), safe='')}:{quote(str(password), safe='')}@{host}:{port}/{dbname}"
    return {ENV_DATABASE_URL: url + "?sslmode=require"}


def apply_runtime_secrets() -> bool:
    """Read the configured secrets (cached) into the environment; True when anything changed."""
    wanted: dict[str, str] = {}
    provider_secret = os.environ.get(ENV_PROVIDER_SECRET_NAME)
    if provider_secret:
        wanted.update(provider_env(_fetch(provider_secret)))
    db_secret = os.environ.get(ENV_DB_SECRET_NAME)
    if db_secret:
        wanted.update(database_env(_fetch(db_secret), os.environ.get(ENV_DB_HOST)))
    changed = {k: v for k, v in wanted.items() if os.environ.get(k) != v}
    if not changed:
        return False
    os.environ.update(changed)
    get_settings.cache_clear()
    if ENV_DATABASE_URL in changed:
        from coach_core.db import reset_database

        reset_database(None)  # rotated credentials: the next use connects with the new URL
    for callback in _listeners:
        callback()
    logger.info("runtime secrets applied", extra={"variables": sorted(changed)})
    return True
