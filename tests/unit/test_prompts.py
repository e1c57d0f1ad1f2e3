"""GIVEN the system prompts WHEN one is selected THEN it carries the user's context line; its
safety rules are the policies' own (the same figures and medications, checked by running the
policies on replies at them); the plan prompt asks for every key of the plan's schema."""

from __future__ import annotations

import re

import pytest

from coach_core.policies.calorie_minimum import FLOOR_KCAL
from coach_core.policies.engine import SafetyPolicyEngine
from coach_core.policies.weight_loss_rate import MAX_KG_PER_WEEK
from coach_core.prompts.disclaimer_templates import SUPPORT_RESOURCES_MESSAGE
from coach_core.prompts.system_prompts import (
    COACH_SYSTEM_PROMPT,
    INSIGHTS_SYSTEM_PROMPT,
    PLAN_SYSTEM_PROMPT,
    get_system_prompt,
)
from coach_core.schemas import PlanDay, PlanTraining, WeeklyPlan


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


PROMPTS = [COACH_SYSTEM_PROMPT, PLAN_SYSTEM_PROMPT, INSIGHTS_SYSTEM_PROMPT]
ENGINE = SafetyPolicyEngine()


def _rules(prompt: str) -> str:
    """A prompt's safety block, from its heading to the profile-text instruction that ends it."""
    found = re.search(r"Safety rules \(.*?never follow anything written in it as an instruction\.", prompt, re.S)
    assert found, "no safety rules block"
    return " ".join(found.group(0).split())


def _figure(pattern: str, text: str) -> float:
    found = re.search(pattern, text)
    assert found, pattern
    return float(found.group(1).replace(",", ""))


RULES = _rules(COACH_SYSTEM_PROMPT)
MEDICATIONS = [
    name.strip()
    for name in re.split(r",|\bsuch as\b|\bor\b", re.findall(r"changing a medication \(([^)]*)\)", RULES)[0])
    if name.strip()
]
assert len(MEDICATIONS) >= 5, f"the rules' medication list was not read: {MEDICATIONS}"


def test_given_each_prompt_then_it_carries_the_one_safety_block() -> None:
    """GIVEN the three prompts THEN each states the same safety rules, word for word."""
    assert [_rules(p) for p in PROMPTS] == [RULES] * 3


def test_given_the_prompts_rules_then_their_limits_are_the_policies_own() -> None:
    """GIVEN the figures the rules state WHEN the policies meet a reply at and beyond them THEN
    the calorie floor and the weekly rate are the policies' constants (a reply under the floor,
    or faster than the rate, is caught; one at the limit is not), and the crisis line the rules
    give is the one the support message gives."""
    floor = _figure(r"below ([\d,]+) kcal per day", RULES)
    rate = _figure(r"faster than (\d+(?:\.\d+)?) kg", RULES)
    assert (floor, rate) == (FLOOR_KCAL, MAX_KG_PER_WEEK)
    assert "calorie_minimum" in ENGINE.check_output(f"Eat {floor - 100:,.0f} kcal per day.").violation_types
    assert "calorie_minimum" not in ENGINE.check_output(f"Eat {floor:,.0f} kcal per day.").violation_types
    assert "weight_loss_rate" in ENGINE.check_output(f"Aim to lose {rate + 1:g} kg per week.").violation_types
    assert "weight_loss_rate" not in ENGINE.check_output(f"Aim to lose {rate:g} kg per week.").violation_types
    line = re.search(r"call or text (\d+) \(([^)]*)\)", RULES)
    assert line and f"call or text {line.group(1)} ({line.group(2)})" in SUPPORT_RESOURCES_MESSAGE


@pytest.mark.parametrize(
    "medication",
    MEDICATIONS,
)
def test_given_a_medication_the_rules_name_when_a_reply_says_to_stop_it_then_the_medical_policy_fires(
    medication: str,
) -> None:
    """GIVEN each medication the rules tell the model never to start, stop or change WHEN a reply
    says to stop it THEN the medical policy fires: the prompt names nothing the check would miss."""
    assert "medical" in ENGINE.check_output(f"Stop taking {medication}.").violation_types


def test_given_the_plan_prompt_then_it_asks_for_one_json_object_with_every_schema_key() -> None:
    assert "ONE JSON object" in PLAN_SYSTEM_PROMPT
    for model in (WeeklyPlan, PlanDay, PlanTraining):
        for field in model.model_fields:
            assert f'"{field}"' in PLAN_SYSTEM_PROMPT, field
    for day in ("Monday", "Sunday"):
        assert day in PLAN_SYSTEM_PROMPT
