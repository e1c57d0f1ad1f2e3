"""Secrets from Secrets Manager, through Powertools Parameters with a cache of minutes (not its
5-second default), applied as environment variables so `Settings` stays the one reader of
configuration. Each function is given only the secret names it needs (the CDK stack decides):

- `DB_SECRET_NAME` (+ `DB_HOST`, the RDS Proxy endpoint, and `DB_SSL_ROOT_CERT`, the CA bundle
  in the layer) → `DATABASE_URL` with `sslmode=verify-full`;
- `OPENAI_SECRET_NAME` / `ANTHROPIC_SECRET_NAME` → the provider keys (the secret is the key, or
  `{"api_key": "..."}`; an empty key counts as not configured);
- `REDIS_AUTH_SECRET_NAME` → the AUTH token inside `REDIS_URL` (`rediss://`, TLS);
- `COACH_HASH_SECRET_NAME` → `COACH_HASH_SECRET`, the key of the keyed hashes that stand for a
  user in the limiter's and the guard cache's keys (the secret is the key, or `{"key": "..."}`);
- `DB_APP_SECRET_NAME` (the migration function only) → the application role it maintains.

When a value changes (rotation), settings are re-read and the process database replaced; the
entry point rebuilds its service. A missing or malformed secret raises `SecretUnavailableError`:
a log line naming the secret (never its value) and a generic 500 to the caller.
"""

from __future__ import annotations

import json
import os
from urllib.parse import quote, urlsplit, urlunsplit

from coach_core.db.roles import AppRole
from coach_core.errors import CoachError
from coach_core.observability import logger
from coach_core.settings import (
    ENV_ANTHROPIC_API_KEY,
    ENV_ANTHROPIC_SECRET_NAME,
    ENV_COACH_HASH_SECRET,
    ENV_COACH_HASH_SECRET_NAME,
    ENV_DATABASE_URL,
    ENV_DB_APP_SECRET_NAME,
    ENV_DB_HOST,
    ENV_DB_SECRET_NAME,
    ENV_DB_SSL_ROOT_CERT,
    ENV_OPENAI_API_KEY,
    ENV_OPENAI_SECRET_NAME,
    ENV_REDIS_AUTH_SECRET_NAME,
    ENV_REDIS_URL,
    ENV_SECRETS_CACHE_SECONDS,
    get_settings,
)

DEFAULT_DB_PORT = 5432
PROVIDER_SECRETS = ((ENV_OPENAI_SECRET_NAME, ENV_OPENAI_API_KEY), (ENV_ANTHROPIC_SECRET_NAME, ENV_ANTHROPIC_API_KEY))


class SecretUnavailableError(CoachError):
    status_code = 500


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


def _json_object(raw: str, what: str) -> dict[str, object]:
    try:
        data = json.loads(raw)
    except ValueError:
        raise SecretUnavailableError(f"{what} secret is not JSON") from None
    if not isinstance(data, dict):
        raise SecretUnavailableError(f"{what} secret is not a JSON object")
    return data


def secret_string(raw: str, key: str) -> str:
    """A secret that is either the value itself or a JSON object holding it under `key`."""
    text = raw.strip()
    if text.startswith("{"):
        return str(_json_object(text, key).get(key) or "")
    return text


def database_url(raw: str, host_override: str | None, root_cert: str | None) -> str:
    """An RDS-generated secret (username, password, [host, port,] dbname) → a libpq URL, TLS
    verified against the CA bundle when one is given (`verify-full`), else required."""
    data = _json_object(raw, "database")
    user, password = data.get("username"), data.get("password")
    if not user or not password:
        raise SecretUnavailableError("database secret lacks username/password")
    host = host_override or data.get("host")
    if not host:
        raise SecretUnavailableError("database secret has no host and DB_HOST is unset")
    port = data.get("port") or DEFAULT_DB_PORT
    dbname = data.get("dbname") or "postgres"
    ssl = f"sslmode=verify-full&sslrootcert={quote(root_cert)}" if root_cert else "sslmode=require"
    return f"postgresql://{quote(str(user), safe='')}:{quote(str(password), safe='')}@{host}:{port}/{dbname}?{ssl}"


def redis_url_with_auth(url: str, token: str) -> str:
    """`rediss://host:port/db` with the AUTH token as the password (any userinfo replaced)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    netloc = f":{quote(token, safe='')}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def app_role() -> AppRole | None:
    """The application role the migration maintains (`DB_APP_SECRET_NAME`), or None."""
    name = os.environ.get(ENV_DB_APP_SECRET_NAME)
    if not name:
        return None
    data = _json_object(_fetch(name), "application role")
    user, password = data.get("username"), data.get("password")
    if not user or not password:
        raise SecretUnavailableError("application role secret lacks username/password")
    return AppRole(str(user), str(password))


def wanted_environment() -> dict[str, str]:
    """The variables the configured secrets give (fetched through the cache)."""
    wanted: dict[str, str] = {}
    for secret_var, key_var in PROVIDER_SECRETS:
        name = os.environ.get(secret_var)
        if name:
            key = secret_string(_fetch(name), "api_key")
            if key:  # an empty key (a secret created but not filled in) is "not configured"
                wanted[key_var] = key
    db_secret = os.environ.get(ENV_DB_SECRET_NAME)
    if db_secret:
        wanted[ENV_DATABASE_URL] = database_url(
            _fetch(db_secret), os.environ.get(ENV_DB_HOST), os.environ.get(ENV_DB_SSL_ROOT_CERT)
        )
    hash_secret = os.environ.get(ENV_COACH_HASH_SECRET_NAME)
    if hash_secret:
        key = secret_string(_fetch(hash_secret), "key")
        if not key:
            raise SecretUnavailableError(f"secret {hash_secret} holds no key")
        wanted[ENV_COACH_HASH_SECRET] = key
    redis_secret = os.environ.get(ENV_REDIS_AUTH_SECRET_NAME)
    base_redis = os.environ.get(ENV_REDIS_URL)
    if redis_secret and base_redis:
        token = secret_string(_fetch(redis_secret), "password")
        if token:
            wanted[ENV_REDIS_URL] = redis_url_with_auth(base_redis, token)
    return wanted


def apply_runtime_secrets() -> bool:
    """Read the configured secrets (cached) into the environment; True when anything changed."""
    changed = {k: v for k, v in wanted_environment().items() if os.environ.get(k) != v}
    if not changed:
        return False
    os.environ.update(changed)
    get_settings.cache_clear()
    if ENV_DATABASE_URL in changed:
        from coach_core.db import reset_database

        reset_database(None)  # rotated credentials: the next use connects with the new URL
    logger.info("runtime secrets applied", extra={"variables": sorted(changed)})
    return True
