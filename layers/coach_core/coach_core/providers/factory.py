"""`create_provider()`: the only place a provider is constructed (and, with
`LLM_FALLBACK_PROVIDER`, wrapped for failover: `providers/fallback.py`).

Provider modules (and so their SDKs) are imported only when selected, which keeps cold
starts lean and lets a deployment ship without the other SDK. Retries with backoff on 429,
5xx and connection errors are the SDKs' own (`LLM_MAX_RETRIES`; they honour
`retry-after`), and every request uses `LLM_TIMEOUT_SECONDS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, assert_never

from coach_core.errors import ProviderConfigurationError
from coach_core.providers.base import LLMProvider, Moderator
from coach_core.settings import (
    ENV_ANTHROPIC_API_KEY,
    ENV_LLM_FALLBACK_PROVIDER,
    ENV_OPENAI_API_KEY,
    ENV_OPENAI_BASE_URL,
    ProviderName,
    Settings,
    get_settings,
)

if TYPE_CHECKING:
    from coach_core.providers.offline import OfflineKit

KEYLESS_PLACEHOLDER = "no-key-configured"
"""Sent as the bearer token to a keyless OpenAI-compatible server (`OPENAI_BASE_URL` set,
no `OPENAI_API_KEY`); such servers ignore it."""


def create_provider(settings: Settings | None = None, *, offline_kit: OfflineKit | None = None) -> LLMProvider:
    """Build the provider `settings.llm_provider` selects, wrapped in a `FallbackProvider` when
    `LLM_FALLBACK_PROVIDER` names another one (the offline provider never needs one). A
    missing key (the primary's or the fallback's) fails here, at construction, not on the
    first request. The offline provider needs `offline_kit` (how to phrase tool results and
    build a plan), injected by the service composer."""
    settings = settings or get_settings()
    primary = _builder(settings.llm_provider, settings, offline_kit)
    second = settings.llm_fallback_provider
    if second is None or settings.llm_provider == "offline":
        return primary()
    if second == settings.llm_provider:
        raise ProviderConfigurationError(
            f"{ENV_LLM_FALLBACK_PROVIDER}={second} is the primary provider too; name the other one or leave it empty"
        )
    fallback = _builder(second, settings, offline_kit)  # checked before either client is built
    from coach_core.providers.breaker import BreakerPolicy
    from coach_core.providers.fallback import FallbackProvider

    policy = BreakerPolicy(
        window_seconds=settings.llm_breaker_window_seconds,
        min_calls=settings.llm_breaker_min_calls,
        failure_ratio=settings.llm_breaker_failure_ratio,
        cooldown_seconds=settings.llm_breaker_cooldown_seconds,
    )
    return FallbackProvider([primary(), fallback()], policy=policy)


def _builder(choice: ProviderName, settings: Settings, offline_kit: OfflineKit | None) -> Callable[[], LLMProvider]:
    """How to build provider `choice`, its configuration checked now."""
    if choice == "openai":
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
        if not key and not settings.openai_base_url:
            raise ProviderConfigurationError(
                f"openai needs {ENV_OPENAI_API_KEY} (or {ENV_OPENAI_BASE_URL} for a keyless server)"
            )

        def openai() -> LLMProvider:
            from coach_core.providers.openai import OpenAIProvider

            return OpenAIProvider(
                api_key=key or KEYLESS_PLACEHOLDER,
                base_url=settings.openai_base_url,
                timeout=settings.llm_timeout_seconds,
                max_retries=settings.llm_max_retries,
            )

        return openai
    if choice == "anthropic":
        anthropic_key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else ""
        if not anthropic_key:
            raise ProviderConfigurationError(f"anthropic needs {ENV_ANTHROPIC_API_KEY}")

        def anthropic() -> LLMProvider:
            from coach_core.providers.anthropic import AnthropicProvider

            return AnthropicProvider(
                api_key=anthropic_key,
                base_url=settings.anthropic_base_url,
                timeout=settings.llm_timeout_seconds,
                max_retries=settings.llm_max_retries,
            )

        return anthropic
    if choice == "offline":
        if offline_kit is None:
            raise ProviderConfigurationError("LLM_PROVIDER=offline needs an OfflineKit from the service composer")
        kit = offline_kit

        def offline() -> LLMProvider:
            from coach_core.providers.offline import OfflineProvider

            return OfflineProvider(kit)

        return offline
    assert_never(choice)


def create_moderator(settings: Settings | None = None) -> Moderator:
    """OpenAI's moderation endpoint (the `moderation` safety guard); needs the OpenAI key (or a
    keyless OpenAI-compatible `OPENAI_BASE_URL`)."""
    settings = settings or get_settings()
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
    if not key and not settings.openai_base_url:
        raise ProviderConfigurationError(f"SAFETY_GUARD=moderation needs {ENV_OPENAI_API_KEY}")
    from coach_core.providers.openai import OpenAIModerator

    return OpenAIModerator(
        api_key=key or KEYLESS_PLACEHOLDER,
        base_url=settings.openai_base_url,
        timeout=settings.safety_guard_timeout_seconds,
    )
