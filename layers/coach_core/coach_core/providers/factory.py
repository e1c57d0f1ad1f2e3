"""`create_provider()`: the only place a provider is constructed.

Provider modules (and so their SDKs) are imported only when selected, which keeps cold
starts lean and lets a deployment ship without the other SDK. Retries with backoff on 429,
5xx and connection errors are the SDKs' own (`LLM_MAX_RETRIES`; they honour
`retry-after`), and every request uses `LLM_TIMEOUT_SECONDS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from coach_core.errors import ProviderConfigurationError
from coach_core.providers.base import LLMProvider, Moderator
from coach_core.settings import (
    ENV_ANTHROPIC_API_KEY,
    ENV_OPENAI_API_KEY,
    ENV_OPENAI_BASE_URL,
    Settings,
    get_settings,
)

if TYPE_CHECKING:
    from coach_core.providers.offline import OfflineKit

KEYLESS_PLACEHOLDER = "no-key-configured"
"""Sent as the bearer token to a keyless OpenAI-compatible server (`OPENAI_BASE_URL` set,
no `OPENAI_API_KEY`); such servers ignore it."""


def create_provider(settings: Settings | None = None, *, offline_kit: OfflineKit | None = None) -> LLMProvider:
    """Build the provider `settings.llm_provider` selects; a missing key fails here, at
    construction, not on the first request. The offline provider needs `offline_kit` (how to
    phrase tool results and build a plan), injected by the service composer."""
    settings = settings or get_settings()
    choice = settings.llm_provider
    if choice == "openai":
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
        if not key and not settings.openai_base_url:
            raise ProviderConfigurationError(
                f"LLM_PROVIDER=openai needs {ENV_OPENAI_API_KEY} (or {ENV_OPENAI_BASE_URL} for a keyless server)"
            )
        from coach_core.providers.openai import OpenAIProvider

        return OpenAIProvider(
            api_key=key or KEYLESS_PLACEHOLDER,
            base_url=settings.openai_base_url,
            timeout=settings.llm_timeout_seconds,
            max_retries=settings.llm_max_retries,
        )
    if choice == "anthropic":
        key = settings.anthropic_api_key.get_secret_value() if settings.anthropic_api_key else ""
        if not key:
            raise ProviderConfigurationError(f"LLM_PROVIDER=anthropic needs {ENV_ANTHROPIC_API_KEY}")
        from coach_core.providers.anthropic import AnthropicProvider

        return AnthropicProvider(
            api_key=key,
            base_url=settings.anthropic_base_url,
            timeout=settings.llm_timeout_seconds,
            max_retries=settings.llm_max_retries,
        )
    if choice == "offline":
        if offline_kit is None:
            raise ProviderConfigurationError("LLM_PROVIDER=offline needs an OfflineKit from the service composer")
        from coach_core.providers.offline import OfflineProvider

        return OfflineProvider(offline_kit)
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
