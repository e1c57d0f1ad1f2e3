"""Deployment settings read from CDK context (`cdk.json` or `-c key=value`), validated once.

Every key is optional; docs/DEPLOYMENT.md ("Context values") describes each. A bad value stops
synth with a ConfigError whose message names the key.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from constructs import Node

REPO_ROOT = Path(__file__).resolve().parents[3]

CTX_STAGE = "coach:stage"
CTX_USER_POOL_ID = "coach:userPoolId"
CTX_LLM_PROVIDER = "coach:llmProvider"
CTX_LLM_FALLBACK_PROVIDER = "coach:llmFallbackProvider"
CTX_SAFETY_GUARD = "coach:safetyGuard"
CTX_VPC_ID = "coach:vpcId"
CTX_LAYER_PATH = "coach:layerPath"
CTX_LWA_LAYER_VERSION = "coach:lwaLayerVersion"
CTX_LWA_LAYER_ARN = "coach:lwaLayerArn"
CTX_TRACING = "coach:tracing"
CTX_TRANSACTION_SEARCH = "coach:transactionSearch"
CTX_STREAM_DEADLINE_SECONDS = "coach:streamDeadlineSeconds"
CTX_STREAM_RESERVED_CONCURRENCY = "coach:streamReservedConcurrency"
CTX_RATE_LIMIT_PER_MINUTE = "coach:rateLimitPerMinute"
CTX_DAILY_TOKEN_BUDGET = "coach:dailyTokenBudget"
CTX_ALARM_EMAIL = "coach:alarmEmail"
CTX_WAF = "coach:waf"
CTX_ALLOW_PASSWORD_AUTH = "coach:allowPasswordAuth"
CTX_SNAP_START = "coach:snapStart"

DEFAULT_STAGE = "dev"
DEFAULT_LLM_PROVIDER = "openai"
DEFAULT_SAFETY_GUARD = "moderation"
"""The model-based guard is on unless an operator turns it off: the rules alone miss phrasings
nobody wrote a rule for (docs/SAFETY.md). Moderation needs the OpenAI key, which a deployment
with OpenAI as primary or fallback has already; otherwise the configured provider's cheapest
tier (`llm`)."""
DEFAULT_LAYER_PATH = "build/layer"
# v1.1.0 of aws-lambda-web-adapter: arn:aws:lambda:<region>:753240598075:layer:LambdaAdapterLayerArm64:30
DEFAULT_LWA_LAYER_VERSION = 30
DEFAULT_STREAM_DEADLINE_SECONDS = 120
# Lambda's hard limit is 900 s; the function needs a margin above the deadline to send the final
# SSE `error` event and flush metrics (functions.STREAM_TIMEOUT_MARGIN_SECONDS).
MAX_STREAM_DEADLINE_SECONDS = 840
MIN_STREAM_DEADLINE_SECONDS = 30
LLM_PROVIDERS = ("openai", "anthropic")
SAFETY_GUARDS = ("auto", "none", "moderation", "llm")

_STAGE_RE = re.compile(r"^[a-z][a-z0-9-]{0,15}$")
_POOL_RE = re.compile(r"^[\w-]+_[0-9a-zA-Z]+$")
_VPC_RE = re.compile(r"^vpc-[0-9a-f]{8,17}$")
_EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_LAYER_ARN_RE = re.compile(r"^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:layer:[A-Za-z0-9_-]+:\d+$")


class ConfigError(ValueError):
    """A context value is invalid; the message names the key."""


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


def _flag(node: Node, key: str, default: bool) -> bool:
    raw = _text(node.try_get_context(key)).lower() or str(default).lower()
    if raw not in ("true", "false"):
        raise ConfigError(f"{key}: {raw!r} must be true or false")
    return raw == "true"


def _whole(node: Node, key: str, *, minimum: int, maximum: int | None = None) -> int | None:
    """An optional whole number within bounds (None when unset or empty)."""
    raw = _text(node.try_get_context(key))
    if not raw:
        return None
    bounds = f"between {minimum} and {maximum}" if maximum is not None else f">= {minimum}"
    if not re.fullmatch(r"\d+", raw) or int(raw) < minimum or (maximum is not None and int(raw) > maximum):
        raise ConfigError(f"{key}: {raw!r} must be a whole number {bounds}")
    return int(raw)


def _choice(node: Node, key: str, choices: tuple[str, ...], default: str) -> str:
    value = (_text(node.try_get_context(key)) or default).lower()
    if value not in choices:
        raise ConfigError(f"{key}: {value!r} must be one of {', '.join(choices)}")
    return value


def _guard_choice(node: Node, auto: str) -> str:
    """`auto` (the committed default) or unset: moderation when OpenAI is primary or fallback, else
    the provider's cheapest tier (`llm`); `none` is the explicit opt-out."""
    value = _choice(node, CTX_SAFETY_GUARD, SAFETY_GUARDS, "auto")
    return auto if value == "auto" else value


def _matching(node: Node, key: str, pattern: re.Pattern[str], what: str) -> str | None:
    value = _text(node.try_get_context(key)) or None
    if value is not None and not pattern.match(value):
        raise ConfigError(f"{key}: {value!r} is not {what}")
    return value


@dataclass(frozen=True)
class CoachConfig:
    stage: str = DEFAULT_STAGE
    user_pool_id: str | None = None
    llm_provider: str = DEFAULT_LLM_PROVIDER
    llm_fallback_provider: str | None = None
    safety_guard: str = DEFAULT_SAFETY_GUARD
    vpc_id: str | None = None
    layer_path: Path = REPO_ROOT / DEFAULT_LAYER_PATH
    lwa_layer_version: int = DEFAULT_LWA_LAYER_VERSION
    lwa_layer_arn: str | None = None
    functions_root: Path = REPO_ROOT / "functions"
    tracing: bool = True
    """OpenTelemetry spans exported to the X-Ray OTLP endpoint (docs/OBSERVABILITY.md)."""
    transaction_search: bool = False
    """Create the account's CloudWatch Transaction Search set-up, which the X-Ray OTLP endpoint needs
    (account-wide: leave off when the account has it already)."""
    stream_deadline_seconds: int = DEFAULT_STREAM_DEADLINE_SECONDS
    # None: sized from the RDS Proxy connection budget (functions.stream_reserved_concurrency);
    # 0: no reservation (for accounts whose concurrency quota is still the new-account 10).
    stream_reserved_concurrency: int | None = None
    rate_limit_per_minute: int | None = None
    daily_token_budget: int | None = None
    alarm_email: str | None = None
    waf: bool = False
    allow_password_auth: bool = False
    snap_start: bool = True

    @property
    def is_production(self) -> bool:
        return self.stage == "prod"

    @property
    def providers_in_use(self) -> frozenset[str]:
        """Providers whose API key some function needs: primary, fallback, and OpenAI when the
        safety guard is OpenAI's moderation endpoint."""
        used = {self.llm_provider}
        if self.llm_fallback_provider:
            used.add(self.llm_fallback_provider)
        if self.safety_guard == "moderation":
            used.add("openai")
        return frozenset(used)

    @classmethod
    def from_context(cls, node: Node) -> CoachConfig:
        """Read and validate every `coach:*` key; raise ConfigError naming the bad key."""
        stage = _text(node.try_get_context(CTX_STAGE)) or DEFAULT_STAGE
        if not _STAGE_RE.match(stage):
            raise ConfigError(f"{CTX_STAGE}: {stage!r} must be lowercase letters, digits, '-' (max 16)")

        provider = _choice(node, CTX_LLM_PROVIDER, LLM_PROVIDERS, DEFAULT_LLM_PROVIDER)
        fallback = _text(node.try_get_context(CTX_LLM_FALLBACK_PROVIDER)).lower() or None
        if fallback is not None:
            if fallback not in LLM_PROVIDERS:
                choices = ", ".join(LLM_PROVIDERS)
                raise ConfigError(f"{CTX_LLM_FALLBACK_PROVIDER}: {fallback!r} must be one of {choices}")
            if fallback == provider:
                raise ConfigError(f"{CTX_LLM_FALLBACK_PROVIDER}: {fallback!r} is the primary provider already")

        raw_layer = _text(node.try_get_context(CTX_LAYER_PATH)) or DEFAULT_LAYER_PATH
        layer_path = Path(raw_layer)
        if not layer_path.is_absolute():
            layer_path = REPO_ROOT / layer_path

        lwa_version = _whole(node, CTX_LWA_LAYER_VERSION, minimum=1)
        reserved = _text(node.try_get_context(CTX_STREAM_RESERVED_CONCURRENCY)).lower()
        stream_reserved = (
            0
            if reserved in ("false", "off")
            else _whole(node, CTX_STREAM_RESERVED_CONCURRENCY, minimum=1, maximum=1000)
        )
        deadline = _whole(
            node, CTX_STREAM_DEADLINE_SECONDS, minimum=MIN_STREAM_DEADLINE_SECONDS, maximum=MAX_STREAM_DEADLINE_SECONDS
        )
        default_guard = DEFAULT_SAFETY_GUARD if "openai" in (provider, fallback) else "llm"
        readers: dict[str, Callable[[], Any]] = {
            "user_pool_id": lambda: _matching(node, CTX_USER_POOL_ID, _POOL_RE, "a Cognito user pool id (region_Id)"),
            "vpc_id": lambda: _matching(node, CTX_VPC_ID, _VPC_RE, "a VPC id (vpc-...)"),
            "alarm_email": lambda: _matching(node, CTX_ALARM_EMAIL, _EMAIL_RE, "an e-mail address"),
            "lwa_layer_arn": lambda: _matching(
                node, CTX_LWA_LAYER_ARN, _LAYER_ARN_RE, "a Lambda layer version ARN (arn:<partition>:lambda:...:<n>)"
            ),
            "safety_guard": lambda: _guard_choice(node, default_guard),
            "tracing": lambda: _flag(node, CTX_TRACING, True),
            "transaction_search": lambda: _flag(node, CTX_TRANSACTION_SEARCH, False),
            "waf": lambda: _flag(node, CTX_WAF, False),
            "allow_password_auth": lambda: _flag(node, CTX_ALLOW_PASSWORD_AUTH, False),
            "snap_start": lambda: _flag(node, CTX_SNAP_START, True),
            "rate_limit_per_minute": lambda: _whole(node, CTX_RATE_LIMIT_PER_MINUTE, minimum=0),
            "daily_token_budget": lambda: _whole(node, CTX_DAILY_TOKEN_BUDGET, minimum=0),
        }
        return cls(
            stage=stage,
            llm_provider=provider,
            llm_fallback_provider=fallback,
            layer_path=layer_path,
            lwa_layer_version=lwa_version or DEFAULT_LWA_LAYER_VERSION,
            stream_deadline_seconds=deadline or DEFAULT_STREAM_DEADLINE_SECONDS,
            stream_reserved_concurrency=stream_reserved,
            **{name: read() for name, read in readers.items()},
        )
