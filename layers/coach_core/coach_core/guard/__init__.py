"""The model-based safety guard beside the rules (issue 12): a `SafetyGuard` protocol with a
`moderation` and an `llm` implementation, run by `GuardRunner` (deadline, cache, metrics).
Outside `policies/`, which stay pure and offline."""

from __future__ import annotations

from collections.abc import Callable

from coach_core.guard.llm import LLMGuard
from coach_core.guard.moderation import ModerationGuard
from coach_core.guard.runner import GuardRunner
from coach_core.guard.verdict import Direction, GuardVerdict, SafetyGuard
from coach_core.providers.base import LLMProvider
from coach_core.settings import Settings

__all__ = ["Direction", "GuardRunner", "GuardVerdict", "LLMGuard", "ModerationGuard", "SafetyGuard", "build_guard"]


def build_guard(settings: Settings, chat_provider: Callable[[Settings], LLMProvider]) -> GuardRunner | None:
    """The guard `SAFETY_GUARD` selects (None for `none`); `chat_provider` builds the `llm`
    guard's own provider client from the settings."""
    from coach_core.providers.factory import create_moderator

    kind = settings.guard_kind
    if kind == "none":
        return None
    guard: SafetyGuard = (
        ModerationGuard(create_moderator(settings)) if kind == "moderation" else LLMGuard(chat_provider(settings))
    )
    return GuardRunner(
        guard,
        timeout_seconds=settings.safety_guard_timeout_seconds,
        cache_seconds=settings.safety_guard_cache_seconds,
        redis_url=settings.redis_url,
        key_prefix=settings.redis_key_prefix,
        redis_timeout_seconds=settings.redis_timeout_seconds,
        hash_key=settings.hash_key() if settings.safety_guard_cache_seconds else None,
    )
