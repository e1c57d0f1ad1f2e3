"""SafetyPolicyEngine: runs the four policies in severity order on user input (before the
model sees it) and on model output, and combines what fired into one `PolicyResult`.

Pure: no database, no network, no clock. Logging violations is the caller's job
(`policies.violation_log`), so the engine can run anywhere, including `coach policy-check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from coach_core.policies.calorie_minimum import CalorieMinimumPolicy
from coach_core.policies.crisis import CrisisPolicy
from coach_core.policies.learned import load_model
from coach_core.policies.medical import MedicalPolicy
from coach_core.policies.text import sanitize_trigger
from coach_core.policies.text.regex import LazyPattern
from coach_core.policies.types import (
    ACTION_PRECEDENCE,
    SEVERITY_RANK,
    Action,
    Direction,
    Policy,
    PolicyResult,
    PolicyViolation,
)
from coach_core.policies.weight_loss_rate import WeightLossRatePolicy
from coach_core.prompts.disclaimer_templates import get_disclaimer, get_safety_message

# The policies, most severe first: the order the engine runs them and reports violations.
POLICY_ORDER: Final = ("crisis", "calorie_minimum", "weight_loss_rate", "medical")


def default_policies() -> tuple[Policy, ...]:
    return (CrisisPolicy(), CalorieMinimumPolicy(), WeightLossRatePolicy(), MedicalPolicy())


class SafetyPolicyEngine:
    """`check_input(text)` / `check_output(text)` -> PolicyResult."""

    def __init__(self, policies: Sequence[Policy] | None = None) -> None:
        chosen = tuple(policies) if policies is not None else default_policies()
        names = [p.name for p in chosen]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate policy names: {names}")
        # Stable sort: severity order, ties keep the order given.
        self._policies: tuple[Policy, ...] = tuple(sorted(chosen, key=lambda p: SEVERITY_RANK[p.severity]))

    @property
    def policies(self) -> tuple[Policy, ...]:
        """The policies in the order they run (most severe first)."""
        return self._policies

    def warm(self) -> int:
        """Compile every rule pattern now (the detectors', their guards', the extraction
        tables': all `LazyPattern`s, otherwise compiled on first use) and load the learned crisis
        model, for a snapshot that should hold them all; how many patterns."""
        load_model()
        return LazyPattern.compile_all()

    def check_input(self, text: str) -> PolicyResult:
        """Check a user message before it reaches the model."""
        return self.check(text, "input")

    def check_output(self, text: str) -> PolicyResult:
        """Check the model's final text before it reaches the user."""
        return self.check(text, "output")

    def check(self, text: str, direction: Direction) -> PolicyResult:
        violations: list[PolicyViolation] = []
        keys: list[str] = []
        action: Action = "allow"
        message_key: str | None = None
        for policy in self._policies:
            finding = policy.evaluate(text, direction)
            if finding is None:
                continue
            violations.append(
                PolicyViolation(
                    type=policy.name,
                    severity=policy.severity,
                    trigger=sanitize_trigger(finding.trigger),
                    action=finding.action,
                    disclaimer_key=finding.disclaimer_key,
                    rule_id=finding.rule_id or policy.name,
                    score=finding.score,
                )
            )
            if finding.disclaimer_key and finding.disclaimer_key not in keys:
                keys.append(finding.disclaimer_key)
            # Strictly stronger only: on a tie the more severe policy's message is kept.
            if ACTION_PRECEDENCE[finding.action] > ACTION_PRECEDENCE[action]:
                action = finding.action
                message_key = finding.message_key
        replaces = action in ("block", "flag")
        key = (message_key or "support_resources") if replaces else None
        return PolicyResult(
            direction=direction,
            action=action,
            violations=tuple(violations),
            disclaimers=tuple(get_disclaimer(k) for k in keys),
            disclaimer_keys=tuple(keys),
            replacement_message=get_safety_message(key) if key else None,
            replacement_key=key,
        )


@lru_cache(maxsize=1)
def get_engine() -> SafetyPolicyEngine:
    """The shared default engine (stateless, so one per process is enough)."""
    return SafetyPolicyEngine()
