"""Which model-based guard runs by default (issue 12): moderation with an OpenAI key, else the
`llm` guard with another provider's key, else none (offline and tests); `SAFETY_GUARD` wins."""

from __future__ import annotations

from typing import Any

import pytest

from coach_core.guard.llm import parse_verdict
from coach_core.settings import load_settings


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({}, "none"),
        ({"llm_provider": "offline"}, "none"),
        ({"openai_api_key": "k"}, "moderation"),
        ({"llm_provider": "anthropic", "anthropic_api_key": "k"}, "llm"),
        ({"llm_provider": "anthropic", "anthropic_api_key": "k", "openai_api_key": "k"}, "moderation"),
        ({"openai_api_key": "k", "safety_guard": "none"}, "none"),
        ({"safety_guard": "llm"}, "llm"),
    ],
)
def test_given_keys_when_choosing_the_guard_then_the_documented_default(
    monkeypatch: pytest.MonkeyPatch, values: dict[str, Any], expected: str
) -> None:
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "SAFETY_GUARD", "LLM_PROVIDER"):
        monkeypatch.delenv(var, raising=False)
    assert load_settings(**values).guard_kind == expected


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ('{"verdict": "crisis", "categories": {"self_harm": 0.9}}', "crisis"),
        ('Sure! ```json\n{"verdict": "safe", "categories": {}}\n```', "safe"),
        ('{"verdict": "maybe"}', None),
        ("I think it is fine", None),
        ('{"verdict": "crisis", "categories": {"self_harm": "high"}}', None),
    ],
)
def test_given_an_llm_answer_when_parsed_then_only_a_schema_valid_verdict_counts(
    text: str, verdict: str | None
) -> None:
    parsed = parse_verdict(text)
    assert (parsed.verdict if parsed else None) == verdict
