"""The circuit breakers' thresholds come from settings (LLM_BREAKER_*), checked at start-up."""

from __future__ import annotations

import pytest

from coach_core.providers.breaker import BreakerPolicy
from coach_core.providers.factory import create_provider
from coach_core.providers.fallback import FallbackProvider
from coach_core.settings import SettingsError, load_settings

KEYS = {"openai_api_key": "test-key", "anthropic_api_key": "test-key"}


def test_given_breaker_settings_when_building_a_fallback_then_every_breaker_uses_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GIVEN LLM_BREAKER_* in the environment WHEN the factory builds a primary with a fallback
    THEN both providers' breakers carry exactly those thresholds."""
    for var, value in (
        ("LLM_BREAKER_WINDOW_SECONDS", "60"),
        ("LLM_BREAKER_MIN_CALLS", "8"),
        ("LLM_BREAKER_FAILURE_RATIO", "0.25"),
        ("LLM_BREAKER_COOLDOWN_SECONDS", "12.5"),
    ):
        monkeypatch.setenv(var, value)
    provider = create_provider(load_settings(llm_provider="openai", llm_fallback_provider="anthropic", **KEYS))
    assert isinstance(provider, FallbackProvider)
    expected = BreakerPolicy(window_seconds=60, min_calls=8, failure_ratio=0.25, cooldown_seconds=12.5)
    assert {name: b.policy for name, b in provider.breakers.items()} == {"openai": expected, "anthropic": expected}


def test_given_no_breaker_settings_then_the_documented_defaults() -> None:
    """GIVEN nothing set THEN 30 s window, 5 calls, half failed, 30 s cool-down (README)."""
    provider = create_provider(load_settings(llm_provider="anthropic", llm_fallback_provider="openai", **KEYS))
    assert isinstance(provider, FallbackProvider)
    assert all(b.policy == BreakerPolicy() for b in provider.breakers.values())


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("llm_breaker_window_seconds", 0),
        ("llm_breaker_min_calls", 0),
        ("llm_breaker_failure_ratio", 0),
        ("llm_breaker_failure_ratio", 1.5),
        ("llm_breaker_cooldown_seconds", -1),
    ],
)
def test_given_an_impossible_breaker_setting_then_start_up_fails_naming_it(field: str, value: float) -> None:
    """GIVEN a threshold the breaker cannot work with WHEN settings load THEN a clear error names it."""
    with pytest.raises(SettingsError, match=field.upper()):
        load_settings(**{field: value})
