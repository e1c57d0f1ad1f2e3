"""GIVEN the system prompts WHEN one is selected THEN it carries the rules the policies
enforce, the plan marker the offline provider keys on, and the user's context line."""

from __future__ import annotations

import re

import pytest

from coach_core.prompts.system_prompts import (
    COACH_SYSTEM_PROMPT,
    INSIGHTS_SYSTEM_PROMPT,
    PLAN_SYSTEM_PROMPT,
    get_system_prompt,
)
from coach_core.schemas import PlanDay, PlanTraining, WeeklyPlan
from coach_core.tools import default_tools


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("coach", COACH_SYSTEM_PROMPT), ("plan", PLAN_SYSTEM_PROMPT), ("insights", INSIGHTS_SYSTEM_PROMPT)],
)
def test_given_a_kind_when_selecting_then_the_context_line_is_appended(kind: str, expected: str) -> None:
    prompt = get_system_prompt(kind, "USER: 36y F 168cm | TODAY 2026-11-15")  # type: ignore[arg-type]
    assert prompt.startswith(expected)
    assert prompt.endswith("\n\nUser context: USER: 36y F 168cm | TODAY 2026-11-15")
    assert get_system_prompt(kind) == expected  # type: ignore[arg-type]


def test_given_an_unknown_kind_when_selecting_then_it_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown prompt kind"):
        get_system_prompt("poetry")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "rule",
    [r"1,200 kcal", r"1 kg", r"988", r"medication", r"emergency\s+services", r"doctor|dietitian"],
)
@pytest.mark.parametrize("prompt", [COACH_SYSTEM_PROMPT, PLAN_SYSTEM_PROMPT, INSIGHTS_SYSTEM_PROMPT])
def test_given_each_prompt_then_it_mirrors_the_four_safety_policies(prompt: str, rule: str) -> None:
    assert re.search(rule, prompt)


def test_given_the_coach_prompt_then_it_names_every_registered_tool() -> None:
    for tool in default_tools():
        assert tool.name in COACH_SYSTEM_PROMPT


def test_given_the_plan_prompt_then_it_asks_for_one_json_object_with_every_schema_key() -> None:
    assert "ONE JSON object" in PLAN_SYSTEM_PROMPT
    for model in (WeeklyPlan, PlanDay, PlanTraining):
        for field in model.model_fields:
            assert f'"{field}"' in PLAN_SYSTEM_PROMPT, field
    for day in ("Monday", "Sunday"):
        assert day in PLAN_SYSTEM_PROMPT
