"""Per-tier abuse and cost controls, in one place: requests per minute and model tokens per UTC
day for each subscription tier. Operators override them without a code change:
`COACH_RATE_LIMIT_PER_MINUTE` and `COACH_DAILY_TOKEN_BUDGET` set the standard tier and scale
the others by the same factor as this table; `0` means unlimited."""

from __future__ import annotations

from dataclasses import dataclass

from coach_core.providers.model_config import ModelTier, resolve_tier


@dataclass(frozen=True, slots=True)
class TierLimits:
    requests_per_minute: int
    """0: unlimited."""
    daily_tokens: int
    """0: unlimited. Model tokens (input + output, the safety guard's included) per UTC day."""


TIER_LIMITS: dict[ModelTier, TierLimits] = {
    ModelTier.FREE: TierLimits(requests_per_minute=6, daily_tokens=50_000),
    ModelTier.STANDARD: TierLimits(requests_per_minute=20, daily_tokens=300_000),
    ModelTier.PREMIUM: TierLimits(requests_per_minute=60, daily_tokens=1_500_000),
}


def _scaled(base: int, override: int | None, tier_value: int, standard_value: int) -> int:
    if override is None:
        return base
    if override == 0:
        return 0
    return max(1, round(override * tier_value / standard_value))


def limits_for(tier: str | None, rate_override: int | None = None, budget_override: int | None = None) -> TierLimits:
    """The limits of `tier` (unknown tiers are standard), with the operator's overrides applied."""
    chosen = TIER_LIMITS[resolve_tier(tier)]
    standard = TIER_LIMITS[ModelTier.STANDARD]
    return TierLimits(
        requests_per_minute=_scaled(
            chosen.requests_per_minute, rate_override, chosen.requests_per_minute, standard.requests_per_minute
        ),
        daily_tokens=_scaled(chosen.daily_tokens, budget_override, chosen.daily_tokens, standard.daily_tokens),
    )
