"""Engine behaviour: severity order, action precedence, disclaimers as data, fixed safety
messages, sanitised triggers and rule ids. The labelled cases (both directions, every policy)
are the safety corpus (safety_corpus/, loaded by safety_ml.corpus)."""

from __future__ import annotations

import re

import pytest

from coach_core.policies import POLICY_ORDER, SafetyPolicyEngine, get_engine
from coach_core.policies.calorie_minimum import CalorieMinimumPolicy
from coach_core.policies.crisis import CrisisPolicy
from coach_core.policies.learned import load_model
from coach_core.policies.medical import MedicalPolicy
from coach_core.policies.weight_loss_rate import WeightLossRatePolicy
from coach_core.prompts.disclaimer_templates import (
    CALORIE_BLOCK_MESSAGE,
    DISCLAIMER_KEYS,
    SUPPORT_RESOURCES_MESSAGE,
    get_disclaimer,
)

ENGINE = get_engine()
MODEL_RULE = load_model().rule_id


def test_engine_sorts_custom_policy_lists_by_severity() -> None:
    """GIVEN policies in the wrong order WHEN building an engine THEN it still runs them by severity."""
    engine = SafetyPolicyEngine([MedicalPolicy(), WeightLossRatePolicy(), CrisisPolicy(), CalorieMinimumPolicy()])
    assert tuple(p.name for p in engine.policies) == POLICY_ORDER


def test_engine_rejects_duplicate_policies() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        SafetyPolicyEngine([MedicalPolicy(), MedicalPolicy()])


def test_flag_beats_block_and_support_message_replaces_input() -> None:
    """GIVEN crisis (flag) and a <800 kcal plan (block) WHEN checked THEN flag wins with the support message,
    and both violations are reported in severity order."""
    result = ENGINE.check_input("i only let myself have 460 calories a day and i take laxatives if i slip")
    assert result.action == "flag"
    assert result.replaces_message
    assert [(v.type, v.severity, v.action) for v in result.violations] == [
        ("crisis", "critical", "flag"),
        ("calorie_minimum", "high", "block"),
    ]
    assert result.replacement_message == SUPPORT_RESOURCES_MESSAGE
    assert result.replacement_key == "support_resources"
    assert result.disclaimer_keys == ("calorie_minimum",)


def test_support_message_has_the_resources() -> None:
    """GIVEN the support-resources message THEN it names 988, local emergency services, eating-disorder
    support and a professional."""
    text = SUPPORT_RESOURCES_MESSAGE.lower()
    for needle in ("988", "local emergency services", "eating-disorder", "doctor", "therapist"):
        assert needle in text


def test_calorie_block_replaces_with_fixed_message() -> None:
    """GIVEN a plan below 800 kcal/day WHEN checked THEN block with the message that explains the
    1,200 kcal floor and offers a safe alternative."""
    result = ENGINE.check_input("plan me a 700 calorie diet")
    assert (result.action, result.replacement_key) == ("block", "calorie_minimum")
    assert result.replacement_message == CALORIE_BLOCK_MESSAGE
    message = CALORIE_BLOCK_MESSAGE.lower()
    assert "1,200 kcal" in message and "medical supervision" in message and "plan" in message
    assert result.disclaimer_keys == ("calorie_minimum",)


@pytest.mark.parametrize("message", [SUPPORT_RESOURCES_MESSAGE, CALORIE_BLOCK_MESSAGE])
def test_fixed_safety_messages_pass_the_output_check(message: str) -> None:
    """GIVEN a fixed replacement message WHEN it is checked as model output THEN nothing fires, so a
    replacement can never be replaced again."""
    assert ENGINE.check_output(message).action == "allow"


def test_crisis_on_output_blocks_with_support_message() -> None:
    result = ENGINE.check_output("A good trick is to go several days with no solid food before the weigh-in.")
    assert (result.action, result.violation_types) == ("block", ("crisis",))
    assert [v.action for v in result.violations] == ["block"]
    assert result.replacement_message == SUPPORT_RESOURCES_MESSAGE


def test_disclaimers_are_data_in_severity_order_and_never_in_the_message() -> None:
    """GIVEN three policies that modify WHEN checked THEN one disclaimer each, de-duplicated, in severity
    order, and no replacement message (the text itself is passed on unchanged)."""
    text = "On Ozempic, eating 1,000 kcal a day and losing 2 kg a week. My other plan is 900 kcal a day."
    result = ENGINE.check_input(text)
    assert result.action == "modify"
    assert result.disclaimer_keys == ("calorie_minimum", "weight_loss_rate", "medical")
    assert result.disclaimers == tuple(get_disclaimer(k) for k in result.disclaimer_keys)
    assert result.replacement_message is None and not result.replaces_message
    assert all(d not in text for d in result.disclaimers)


def test_allow_has_nothing_attached() -> None:
    result = ENGINE.check_output("Great session! Keep your heart rate in zone 2 for these runs.")
    assert result.action == "allow"
    assert (result.violations, result.disclaimers, result.disclaimer_keys, result.replacement_message) == (
        (),
        (),
        (),
        None,
    )


def test_disclaimer_templates() -> None:
    """GIVEN the disclaimer keys WHEN fetched THEN each has text; unknown keys raise KeyError."""
    assert DISCLAIMER_KEYS == ("general", "medical", "calorie_minimum", "weight_loss_rate")
    for key in DISCLAIMER_KEYS:
        assert len(get_disclaimer(key)) > 40
    assert "1,200" in get_disclaimer("calorie_minimum")
    assert "1 kg" in get_disclaimer("weight_loss_rate")
    with pytest.raises(KeyError):
        get_disclaimer("nope")


def test_trigger_is_sanitised_and_truncated() -> None:
    """GIVEN a long message with an e-mail address and a phone number WHEN a policy fires THEN the trigger
    is at most 200 characters and masks both."""
    text = "Reach me at jane.doe@example.com or +1 (555) 123-4567 because I am on metformin. " + "blah " * 100
    [violation] = ENGINE.check_input(text).violations
    assert violation.type == "medical"
    assert len(violation.trigger) <= 200
    assert "metformin" in violation.trigger
    assert "example.com" not in violation.trigger and "[email]" in violation.trigger
    assert not re.search(r"555.?123", violation.trigger) and "[phone]" in violation.trigger


def test_result_ignores_letter_case() -> None:
    lower = ENGINE.check_input("i keep making myself throw up after dinner")
    upper = ENGINE.check_input("I KEEP MAKING MYSELF THROW UP AFTER DINNER")
    assert (lower.action, lower.violation_types) == (upper.action, upper.violation_types) == ("flag", ("crisis",))


@pytest.mark.parametrize(
    ("direction", "text", "rules"),
    [
        ("input", "i keep bringing my dinner back up so it doesnt count", ("crisis.purging.euphemism",)),
        ("input", "i keep making myself throw up after dinner", (MODEL_RULE,)),
        ("input", "plan me a 700 calorie diet", ("calorie_minimum.below_hard_floor",)),
        ("input", "eat 1,000 kcal a day", ("calorie_minimum.below_floor",)),
        ("input", "lose 3 kg a week", ("weight_loss_rate.above_1kg_per_week",)),
        (
            "input",
            "I'm 90 kg and want to be 80 kg in 5 weeks",
            ("weight_loss_rate.start_to_target_above_1kg_per_week",),
        ),
        ("input", "I'm on Ozempic", ("medical.drug",)),
        ("input", "I have PCOS", ("medical.condition",)),
        ("input", "I fainted at the gym yesterday", ("medical.symptom",)),
        ("input", "Should I stop taking my metformin dose?", ("medical.drug",)),
        ("input", "my knee clicks, is it a sign of arthritis?", ("medical.request",)),
        (
            "output",
            "Skip eating for the next three days and you'll be lighter for the weigh-in.",
            ("crisis.fasting.no_food_for_days",),
        ),
    ],
)
def test_every_violation_names_the_rule_that_fired(direction: str, text: str, rules: tuple[str, ...]) -> None:
    """GIVEN a message WHEN a policy fires THEN its violation carries the id of the rule that fired, in
    the same order as the violations (`crisis.model.<version>` when only the learned model decided)."""
    result = ENGINE.check(text, "input" if direction == "input" else "output")
    assert result.rule_ids == rules
    assert all(v.rule_id.startswith(f"{v.type}.") for v in result.violations)


def test_rule_ids_follow_violation_order_when_several_policies_fire() -> None:
    """GIVEN crisis and calorie_minimum in one message WHEN checked THEN one rule id per violation, in
    severity order."""
    result = ENGINE.check_input("i eat 500 calories a day and i doubled my diet pills when they stopped working")
    assert result.violation_types == ("crisis", "calorie_minimum")
    assert result.rule_ids == ("crisis.substances.dose_escalation", "calorie_minimum.below_hard_floor")
