"""The vocabulary of the policy engine: actions, severities, what a policy reports and what
the engine returns. Plain frozen dataclasses: the engine is pure and results are values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal, Protocol

Action = Literal["allow", "modify", "block", "flag"]
Severity = Literal["critical", "high", "medium", "low"]
Direction = Literal["input", "output"]

# Higher wins when several policies fire: flag > block > modify > allow.
ACTION_PRECEDENCE: Final[dict[str, int]] = {"allow": 0, "modify": 1, "block": 2, "flag": 3}
# The rule id prefix of a crisis violation decided by the learned model alone.
CRISIS_MODEL_RULE_PREFIX: Final = "crisis.model."
# Lower is more severe; the engine runs policies in this order.
SEVERITY_RANK: Final[dict[str, int]] = {"critical": 0, "high": 1, "medium": 2, "low": 3}


@dataclass(frozen=True, slots=True)
class PolicyFinding:
    """What one policy reports when it fires. `trigger` is the (already sanitised) excerpt
    that made it fire; `rule_id` names the rule that fired (e.g. "crisis.purging.euphemism",
    "calorie_minimum.below_hard_floor"), so every flag can be traced to one rule;
    `message_key` names the replacement message for block/flag; `score` is the learned crisis
    model's probability when the crisis policy fired (None for the other policies)."""

    action: Action
    trigger: str
    disclaimer_key: str | None = None
    message_key: str | None = None
    rule_id: str = ""
    score: float | None = None


@dataclass(frozen=True, slots=True)
class PolicyViolation:
    """One fired policy, as the result and the violation log carry it. `rule_id` is the rule
    of that policy that fired (stored beside the trigger, so a flag is explainable); `score` the
    learned crisis model's probability for a crisis violation."""

    type: str
    severity: Severity
    trigger: str
    action: Action
    disclaimer_key: str | None = None
    rule_id: str = ""
    score: float | None = None


@dataclass(frozen=True, slots=True)
class PolicyResult:
    """The engine's verdict on one text.

    `action` is the strongest action of all violations (allow when none fired).
    `disclaimers` / `disclaimer_keys` are de-duplicated, in severity order, and are data to
    return beside the message, never text to append to it. `replacement_message` is set
    exactly when the action is block or flag: the message to return instead.
    """

    direction: Direction
    action: Action
    violations: tuple[PolicyViolation, ...] = ()
    disclaimers: tuple[str, ...] = ()
    disclaimer_keys: tuple[str, ...] = ()
    replacement_message: str | None = None
    replacement_key: str | None = None

    @property
    def violation_types(self) -> tuple[str, ...]:
        return tuple(v.type for v in self.violations)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The rule that fired for each violation, in the same order as `violations`."""
        return tuple(v.rule_id for v in self.violations)

    @property
    def replaces_message(self) -> bool:
        """True for block and flag: the text must not be passed on (input: no model call)."""
        return self.action in ("block", "flag")


class Policy(Protocol):
    """One safety rule. `evaluate` is pure and returns None when the policy does not fire."""

    @property
    def name(self) -> str: ...

    @property
    def severity(self) -> Severity: ...

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None: ...
