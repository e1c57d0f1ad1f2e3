"""The tier table and its fallback (model ids come from model_config itself, never literals)."""

from __future__ import annotations

import pytest

from coach_core.providers.model_config import (
    CLAUDE_HAIKU_4_5,
    CLAUDE_SONNET_5,
    GPT_4O,
    GPT_4O_MINI,
    MODEL_TABLE,
    ModelTier,
    model_config,
    resolve_tier,
)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("free", ModelTier.FREE),
        ("standard", ModelTier.STANDARD),
        ("premium", ModelTier.PREMIUM),
        (" Premium ", ModelTier.PREMIUM),
        ("enterprise", ModelTier.STANDARD),
        ("", ModelTier.STANDARD),
        (None, ModelTier.STANDARD),
    ],
)
def test_given_a_tier_name_when_resolved_then_unknown_names_fall_back_to_standard(
    raw: str | None, expected: ModelTier
) -> None:
    assert resolve_tier(raw) is expected


@pytest.mark.parametrize(
    ("provider", "tier", "model", "max_tokens", "temperature"),
    [
        ("openai", "free", GPT_4O_MINI, 1000, 0.7),
        ("openai", "standard", GPT_4O, 2000, 0.7),
        ("openai", "premium", GPT_4O, 4000, 0.7),
        ("openai", "unknown-tier", GPT_4O, 2000, 0.7),
        ("anthropic", "free", CLAUDE_HAIKU_4_5, 1000, None),
        ("anthropic", "standard", CLAUDE_SONNET_5, 2000, None),
        ("anthropic", "premium", CLAUDE_SONNET_5, 4000, None),
        ("anthropic", "unknown-tier", CLAUDE_SONNET_5, 2000, None),
    ],
)
def test_given_provider_and_tier_when_looked_up_then_the_table_gives_model_budget_and_temperature(
    provider: str, tier: str, model: str, max_tokens: int, temperature: float | None
) -> None:
    cfg = model_config(provider, tier)  # type: ignore[arg-type]
    assert (cfg.model, cfg.max_tokens, cfg.temperature) == (model, max_tokens, temperature)


def test_given_the_table_then_every_provider_covers_every_tier() -> None:
    for provider, tiers in MODEL_TABLE.items():
        assert set(tiers) == set(ModelTier), provider
