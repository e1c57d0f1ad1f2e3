"""Safety policies: crisis, calorie_minimum, weight_loss_rate and medical, run in that
(severity) order by `SafetyPolicyEngine` on user input and on model output."""

from coach_core.policies.engine import POLICY_ORDER, SafetyPolicyEngine, get_engine
from coach_core.policies.types import Action, Direction, PolicyResult, PolicyViolation, Severity

__all__ = [
    "POLICY_ORDER",
    "Action",
    "Direction",
    "PolicyResult",
    "PolicyViolation",
    "SafetyPolicyEngine",
    "Severity",
    "get_engine",
]
