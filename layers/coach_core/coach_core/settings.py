"""Runtime configuration from environment variables (and an optional `.env`).

Every variable name is a module constant so code, docs and the CDK stack spell it one way.
A bad value fails at start-up with a message that names the variable.
"""

from __future__ import annotations

import hashlib
import hmac
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_LLM_PROVIDER = "LLM_PROVIDER"
ENV_OPENAI_API_KEY = "OPENAI_API_KEY"
ENV_ANTHROPIC_API_KEY = "ANTHROPIC_API_KEY"
ENV_OPENAI_BASE_URL = "OPENAI_BASE_URL"
ENV_ANTHROPIC_BASE_URL = "ANTHROPIC_BASE_URL"
ENV_LLM_TIMEOUT_SECONDS = "LLM_TIMEOUT_SECONDS"
ENV_LLM_MAX_RETRIES = "LLM_MAX_RETRIES"
ENV_COACH_SESSION_IDLE_HOURS = "COACH_SESSION_IDLE_HOURS"
ENV_COACH_MAX_CONVERSATION_HISTORY = "COACH_MAX_CONVERSATION_HISTORY"
ENV_DATABASE_URL = "DATABASE_URL"
ENV_REDIS_URL = "REDIS_URL"
ENV_REDIS_KEY_PREFIX = "REDIS_KEY_PREFIX"
ENV_REDIS_TIMEOUT_SECONDS = "REDIS_TIMEOUT_SECONDS"
ENV_DB_MODE = "DB_MODE"
ENV_DB_POOL_MAX_SIZE = "DB_POOL_MAX_SIZE"
ENV_JWT_SECRET = "JWT_SECRET"
ENV_JWT_ALGORITHM = "JWT_ALGORITHM"
ENV_JWKS_URL = "JWKS_URL"
ENV_JWT_AUDIENCE = "JWT_AUDIENCE"
ENV_JWT_ISSUER = "JWT_ISSUER"
ENV_SSE_KEEPALIVE_SECONDS = "SSE_KEEPALIVE_SECONDS"
ENV_DB_SECRET_NAME = "DB_SECRET_NAME"
ENV_SECRETS_CACHE_SECONDS = "SECRETS_CACHE_SECONDS"
ENV_LOG_PROMPTS = "LOG_PROMPTS"
ENV_AWS_LAMBDA_FUNCTION_NAME = "AWS_LAMBDA_FUNCTION_NAME"
# Names the CDK stack sets (runtime ⟷ infrastructure contract); tests/infra checks infra spells them alike.
ENV_LLM_FALLBACK_PROVIDER = "LLM_FALLBACK_PROVIDER"
ENV_LLM_BREAKER_WINDOW_SECONDS = "LLM_BREAKER_WINDOW_SECONDS"
ENV_LLM_BREAKER_MIN_CALLS = "LLM_BREAKER_MIN_CALLS"
ENV_LLM_BREAKER_FAILURE_RATIO = "LLM_BREAKER_FAILURE_RATIO"
ENV_LLM_BREAKER_COOLDOWN_SECONDS = "LLM_BREAKER_COOLDOWN_SECONDS"
ENV_SAFETY_GUARD = "SAFETY_GUARD"
ENV_DB_APP_SECRET_NAME = "DB_APP_SECRET_NAME"
ENV_DB_HOST = "DB_HOST"
ENV_DB_SSL_ROOT_CERT = "DB_SSL_ROOT_CERT"
ENV_OPENAI_SECRET_NAME = "OPENAI_SECRET_NAME"
ENV_ANTHROPIC_SECRET_NAME = "ANTHROPIC_SECRET_NAME"
ENV_REDIS_AUTH_SECRET_NAME = "REDIS_AUTH_SECRET_NAME"
ENV_COACH_REQUEST_DEADLINE_SECONDS = "COACH_REQUEST_DEADLINE_SECONDS"
ENV_COACH_STREAM_DEADLINE_SECONDS = "COACH_STREAM_DEADLINE_SECONDS"
ENV_COACH_RATE_LIMIT_PER_MINUTE = "COACH_RATE_LIMIT_PER_MINUTE"
ENV_COACH_DAILY_TOKEN_BUDGET = "COACH_DAILY_TOKEN_BUDGET"
ENV_COACH_ENV = "COACH_ENV"
ENV_SAFETY_GUARD_TIMEOUT_SECONDS = "SAFETY_GUARD_TIMEOUT_SECONDS"
ENV_SAFETY_GUARD_CACHE_SECONDS = "SAFETY_GUARD_CACHE_SECONDS"
ENV_COGNITO_USER_POOL_ID = "COGNITO_USER_POOL_ID"
ENV_JWT_MAX_LIFETIME_HOURS = "JWT_MAX_LIFETIME_HOURS"
ENV_COACH_EXPIRED_HISTORY_RETENTION_DAYS = "COACH_EXPIRED_HISTORY_RETENTION_DAYS"
ENV_COACH_VIOLATION_EXCERPT_RETENTION_DAYS = "COACH_VIOLATION_EXCERPT_RETENTION_DAYS"
ENV_COACH_MAX_STREAMS_PER_USER = "COACH_MAX_STREAMS_PER_USER"
ENV_COACH_HASH_SECRET = "COACH_HASH_SECRET"
ENV_COACH_HASH_SECRET_NAME = "COACH_HASH_SECRET_NAME"
ENV_COACH_GROUNDING_REPAIR = "COACH_GROUNDING_REPAIR"

ProviderName = Literal["openai", "anthropic", "offline"]
GuardKind = Literal["none", "moderation", "llm"]
FallbackProviderName = Literal["openai", "anthropic"]
CoachEnv = Literal["dev", "prod"]

MIN_JWT_SECRET_BYTES = 32
CHECKOUT_JWT_SECRET_FILE = Path(".coach") / "jwt_secret"
"""Where `make services` (and so `make run`) keeps the random local JWT secret of a checkout."""
USER_POOL_ID_PATTERN = r"^[\w-]+_[0-9a-zA-Z]+$"
MIN_HASH_SECRET_BYTES = 32
HASH_KEY_FROM_JWT_SECRET = b"coach-ai/keyed-hash/v1"
"""Locally, without COACH_HASH_SECRET, the keyed-hash key is derived from the JWT secret with
this label (never the JWT secret itself)."""


def _env(name: str) -> AliasChoices:
    return AliasChoices(name, name.lower())


class Settings(BaseSettings):
    """All settings the architecture reference names, with its defaults."""

    # Empty variables count as unset: the Lambda template declares DATABASE_URL, REDIS_URL and
    # LLM_PROVIDER empty so `sam local --env-vars` can override them.
    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=False, env_ignore_empty=True)

    llm_provider: ProviderName = Field("openai", validation_alias=_env(ENV_LLM_PROVIDER))
    openai_api_key: SecretStr | None = Field(None, validation_alias=_env(ENV_OPENAI_API_KEY))
    anthropic_api_key: SecretStr | None = Field(None, validation_alias=_env(ENV_ANTHROPIC_API_KEY))
    openai_base_url: str | None = Field(None, validation_alias=_env(ENV_OPENAI_BASE_URL))
    anthropic_base_url: str | None = Field(None, validation_alias=_env(ENV_ANTHROPIC_BASE_URL))
    llm_fallback_provider: FallbackProviderName | None = Field(None, validation_alias=_env(ENV_LLM_FALLBACK_PROVIDER))
    """The provider a round moves to when `llm_provider` is down (empty: no failover)."""
    # Each provider's circuit breaker (with a fallback only): open once `min_calls` outcomes in
    # the last `window` seconds failed at `failure_ratio` or more; probe again after `cooldown`.
    llm_breaker_window_seconds: float = Field(
        30.0, gt=0, le=3600, validation_alias=_env(ENV_LLM_BREAKER_WINDOW_SECONDS)
    )
    llm_breaker_min_calls: int = Field(5, ge=1, le=10_000, validation_alias=_env(ENV_LLM_BREAKER_MIN_CALLS))
    llm_breaker_failure_ratio: float = Field(0.5, gt=0, le=1, validation_alias=_env(ENV_LLM_BREAKER_FAILURE_RATIO))
    llm_breaker_cooldown_seconds: float = Field(
        30.0, gt=0, le=3600, validation_alias=_env(ENV_LLM_BREAKER_COOLDOWN_SECONDS)
    )
    llm_timeout_seconds: float = Field(60.0, gt=0, le=900, validation_alias=_env(ENV_LLM_TIMEOUT_SECONDS))
    llm_max_retries: int = Field(2, ge=0, le=10, validation_alias=_env(ENV_LLM_MAX_RETRIES))

    coach_session_idle_hours: float = Field(24.0, gt=0, validation_alias=_env(ENV_COACH_SESSION_IDLE_HOURS))
    coach_max_conversation_history: int = Field(
        12, ge=2, le=200, validation_alias=_env(ENV_COACH_MAX_CONVERSATION_HISTORY)
    )

    database_url: str = Field("postgresql://postgres@127.0.0.1:5432/coach", validation_alias=_env(ENV_DATABASE_URL))
    db_mode: Literal["auto", "pool", "single"] = Field("auto", validation_alias=_env(ENV_DB_MODE))
    db_pool_max_size: int = Field(20, ge=1, le=500, validation_alias=_env(ENV_DB_POOL_MAX_SIZE))
    redis_url: str = Field("redis://127.0.0.1:6379/0", validation_alias=_env(ENV_REDIS_URL))
    redis_key_prefix: str = Field("coach:", validation_alias=_env(ENV_REDIS_KEY_PREFIX))
    redis_timeout_seconds: float = Field(0.5, gt=0, le=30, validation_alias=_env(ENV_REDIS_TIMEOUT_SECONDS))

    jwt_secret: SecretStr | None = Field(None, validation_alias=_env(ENV_JWT_SECRET))
    """No default: a fixed default would let anyone forge tokens. `make run` generates one."""
    jwt_algorithm: Literal["HS256", "RS256"] | None = Field(None, validation_alias=_env(ENV_JWT_ALGORITHM))
    """Default: RS256 when JWKS_URL is set, else HS256."""
    jwks_url: str | None = Field(None, validation_alias=_env(ENV_JWKS_URL))
    jwt_audience: str | None = Field(None, validation_alias=_env(ENV_JWT_AUDIENCE))
    jwt_issuer: str | None = Field(None, validation_alias=_env(ENV_JWT_ISSUER))
    jwt_max_lifetime_hours: float = Field(720.0, gt=0, le=8760, validation_alias=_env(ENV_JWT_MAX_LIFETIME_HOURS))
    """The longest a local HS256 token may live (`exp - iat`): `coach token` mints no longer, and
    the app refuses a longer one (401), so a leaked token cannot be good for years."""
    cognito_user_pool_id: str | None = Field(
        None, pattern=USER_POOL_ID_PATTERN, validation_alias=_env(ENV_COGNITO_USER_POOL_ID)
    )
    """The user pool whose account `DELETE /me` deletes too (the CDK sets it on the data function);
    unset (local): the erasure skips the identity provider and says so in the log."""

    sse_keepalive_seconds: float = Field(15.0, gt=0, le=300, validation_alias=_env(ENV_SSE_KEEPALIVE_SECONDS))
    coach_request_deadline_seconds: float = Field(
        26.0, gt=0, le=900, validation_alias=_env(ENV_COACH_REQUEST_DEADLINE_SECONDS)
    )
    """One deadline per buffered request (API Gateway cuts a buffered integration at 29 s)."""
    coach_stream_deadline_seconds: float = Field(
        120.0, gt=0, le=900, validation_alias=_env(ENV_COACH_STREAM_DEADLINE_SECONDS)
    )
    safety_guard: GuardKind | None = Field(None, validation_alias=_env(ENV_SAFETY_GUARD))
    """The model-based safety guard beside the rules. Default: `moderation` when an OpenAI key is
    configured, else `llm` when a provider key is, else `none` (see `guard_kind`)."""
    safety_guard_timeout_seconds: float = Field(
        1.5, gt=0, le=30, validation_alias=_env(ENV_SAFETY_GUARD_TIMEOUT_SECONDS)
    )
    safety_guard_cache_seconds: int = Field(600, ge=0, le=86400, validation_alias=_env(ENV_SAFETY_GUARD_CACHE_SECONDS))
    coach_expired_history_retention_days: int = Field(
        30, ge=1, le=3650, validation_alias=_env(ENV_COACH_EXPIRED_HISTORY_RETENTION_DAYS)
    )
    """A session expired longer ago than this loses its stored conversation (the scheduled purge)."""
    coach_violation_excerpt_retention_days: int = Field(
        90, ge=1, le=3650, validation_alias=_env(ENV_COACH_VIOLATION_EXCERPT_RETENTION_DAYS)
    )
    """A policy-violation row older than this loses its excerpt of the user's words (the row stays)."""
    coach_grounding_repair: bool = Field(False, validation_alias=_env(ENV_COACH_GROUNDING_REPAIR))
    """`/chat` only: when the answer states figures about the user's data that the turn's data does not
    hold, show the model those figures and the data's values once and check its corrected answer again."""
    coach_rate_limit_per_minute: int | None = Field(
        None, ge=0, le=100_000, validation_alias=_env(ENV_COACH_RATE_LIMIT_PER_MINUTE)
    )
    """Overrides the standard tier's requests per minute (others scale with it); 0 = unlimited."""
    coach_daily_token_budget: int | None = Field(
        None, ge=0, le=10**10, validation_alias=_env(ENV_COACH_DAILY_TOKEN_BUDGET)
    )
    """Overrides the standard tier's tokens per UTC day (others scale with it); 0 = unlimited."""
    coach_max_streams_per_user: int = Field(2, ge=0, le=1000, validation_alias=_env(ENV_COACH_MAX_STREAMS_PER_USER))
    """Streams one user may have open at once, across every worker; 0 = no cap."""
    coach_hash_secret: SecretStr | None = Field(None, validation_alias=_env(ENV_COACH_HASH_SECRET))
    """The key of the keyed hashes (HMAC-SHA256) that stand for a user in the limiter's and the
    guard cache's Redis keys; on Lambda it comes from COACH_HASH_SECRET_NAME (Secrets Manager)."""
    db_secret_name: str | None = Field(None, validation_alias=_env(ENV_DB_SECRET_NAME))
    secrets_cache_seconds: int = Field(300, ge=0, le=86400, validation_alias=_env(ENV_SECRETS_CACHE_SECONDS))
    log_prompts: bool = Field(False, validation_alias=_env(ENV_LOG_PROMPTS))
    aws_lambda_function_name: str | None = Field(None, validation_alias=_env(ENV_AWS_LAMBDA_FUNCTION_NAME))
    coach_env: CoachEnv = Field("prod", validation_alias=_env(ENV_COACH_ENV))
    """`dev` lets `coach serve` mount the browser console (demo users with minted tokens);
    the Lambda entry points never mount it, whatever this says."""

    @property
    def guard_kind(self) -> GuardKind:
        if self.safety_guard is not None:
            return self.safety_guard
        if self.openai_api_key is not None and self.openai_api_key.get_secret_value():
            return "moderation"
        if self.llm_provider != "offline" and (
            (self.anthropic_api_key is not None and self.anthropic_api_key.get_secret_value()) or self.openai_base_url
        ):
            return "llm"
        return "none"

    @property
    def token_algorithm(self) -> Literal["HS256", "RS256"]:
        if self.jwt_algorithm is not None:
            return self.jwt_algorithm
        return "RS256" if self.jwks_url else "HS256"

    def local_jwt_secret(self) -> str:
        """The HS256 secret; a missing or short one is a configuration error naming the variable."""
        secret = self.jwt_secret.get_secret_value() if self.jwt_secret is not None else ""
        if len(secret.encode()) < MIN_JWT_SECRET_BYTES:
            raise SettingsError(
                f"{ENV_JWT_SECRET} must be set to a random value of at least {MIN_JWT_SECRET_BYTES} bytes "
                f"(or set {ENV_JWKS_URL} to verify RS256 tokens); `make run` generates one into "
                f"{CHECKOUT_JWT_SECRET_FILE}, which `coach token` reads when {ENV_JWT_SECRET} is unset"
            )
        return secret

    def with_checkout_jwt_secret(self, start: Path) -> Settings:
        """These settings, with the secret `make run` generated for the checkout holding `start`
        when JWT_SECRET is unset: so `coach token` in a fresh shell signs with the secret the
        local server verifies. There is no built-in default: without the file nothing changes."""
        if self.jwt_secret is not None:
            return self
        secret = checkout_jwt_secret(start)
        return self if secret is None else self.model_copy(update={"jwt_secret": SecretStr(secret)})

    def hash_key(self) -> bytes:
        """The keyed-hash key: COACH_HASH_SECRET, else (locally) one derived from JWT_SECRET; a
        deployment with neither is a configuration error naming the variable."""
        secret = self.coach_hash_secret.get_secret_value() if self.coach_hash_secret is not None else ""
        if secret:
            if len(secret.encode()) < MIN_HASH_SECRET_BYTES:
                raise SettingsError(f"{ENV_COACH_HASH_SECRET} must be at least {MIN_HASH_SECRET_BYTES} bytes")
            return secret.encode()
        jwt = self.jwt_secret.get_secret_value() if self.jwt_secret is not None else ""
        if len(jwt.encode()) >= MIN_JWT_SECRET_BYTES:
            return hmac.new(jwt.encode(), HASH_KEY_FROM_JWT_SECRET, hashlib.sha256).digest()
        raise SettingsError(
            f"{ENV_COACH_HASH_SECRET} must be set to a random value of at least {MIN_HASH_SECRET_BYTES} bytes "
            f"(on Lambda: {ENV_COACH_HASH_SECRET_NAME}); it keys the limiter's and the guard cache's hashes"
        )

    @property
    def on_lambda(self) -> bool:
        return bool(self.aws_lambda_function_name)

    @property
    def single_connection(self) -> bool:
        """Lambda keeps one lazy connection per execution environment; servers use a pool."""
        return self.db_mode == "single" or (self.db_mode == "auto" and self.on_lambda)


def checkout_jwt_secret(start: Path) -> str | None:
    """The contents of `.coach/jwt_secret` in `start` or the nearest parent that has one (the
    checkout `start` lies in), or None when there is none or it is empty."""
    for folder in (start, *start.parents):
        path = folder / CHECKOUT_JWT_SECRET_FILE
        if path.is_file():
            return path.read_text().strip() or None
    return None


class SettingsError(RuntimeError):
    """Configuration is invalid; the message names every offending variable."""


def load_settings(**overrides: object) -> Settings:
    """Build settings, turning pydantic's error into one line per bad variable."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = err["loc"][0] if err["loc"] else "?"
            var = str(loc).upper()
            lines.append(f"{var}: {err['msg']}")
        raise SettingsError("invalid configuration: " + "; ".join(lines)) from None


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Process-wide settings, read once (call `get_settings.cache_clear()` in tests)."""
    return load_settings()
