"""Model ids, token budgets and sampling policy per provider and subscription tier.

This is the only place in the repository where model id strings appear.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

ModelProvider = Literal["openai", "anthropic"]


class ModelTier(StrEnum):
    FREE = "free"
    STANDARD = "standard"
    PREMIUM = "premium"


DEFAULT_TIER = ModelTier.STANDARD

OPENAI_TEMPERATURE: float | None = 0.7
ANTHROPIC_TEMPERATURE: float | None = None
"""Unset: Claude Sonnet 5 rejects non-default sampling parameters, so the field is omitted."""

GPT_4O_MINI = "gpt-4o-mini"
GPT_4O = "gpt-4o"
CLAUDE_HAIKU_4_5 = "claude-haiku-4-5"
CLAUDE_SONNET_5 = "claude-sonnet-5"


OPENAI_MODERATION_MODEL = "omni-moderation-latest"
"""The moderation model of the `moderation` safety guard."""
GUARD_TIER = ModelTier.FREE
"""The `llm` safety guard classifies on the configured provider's cheapest tier."""


@dataclass(frozen=True, slots=True)
class ModelConfig:
    model: str
    max_tokens: int
    temperature: float | None


MODEL_TABLE: dict[ModelProvider, dict[ModelTier, ModelConfig]] = {
    "openai": {
        ModelTier.FREE: ModelConfig(GPT_4O_MINI, 1000, OPENAI_TEMPERATURE),
        ModelTier.STANDARD: ModelConfig(GPT_4O, 2000, OPENAI_TEMPERATURE),
        ModelTier.PREMIUM: ModelConfig(GPT_4O, 4000, OPENAI_TEMPERATURE),
    },
    "anthropic": {
        ModelTier.FREE: ModelConfig(CLAUDE_HAIKU_4_5, 1000, ANTHROPIC_TEMPERATURE),
        ModelTier.STANDARD: ModelConfig(CLAUDE_SONNET_5, 2000, ANTHROPIC_TEMPERATURE),
        ModelTier.PREMIUM: ModelConfig(CLAUDE_SONNET_5, 4000, ANTHROPIC_TEMPERATURE),
    },
}


def resolve_tier(tier: str | None) -> ModelTier:
    """The session's tier; anything unknown (or missing) is the standard tier."""
    try:
        return ModelTier((tier or "").strip().lower())
    except ValueError:
        return DEFAULT_TIER


def model_config(provider: ModelProvider, tier: str | None) -> ModelConfig:
    return MODEL_TABLE[provider][resolve_tier(tier)]


def max_output_tokens(provider: str, tier: str | None) -> int:
    """The output cap of `tier` on `provider`; for a provider without a table (offline), the
    largest cap any provider has for the tier (a reservation must not be too small)."""
    caps: dict[str, int] = {name: table[resolve_tier(tier)].max_tokens for name, table in MODEL_TABLE.items()}
    return caps.get(provider, max(caps.values()))
