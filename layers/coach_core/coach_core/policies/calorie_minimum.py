"""`calorie_minimum` (high): a daily intake target or plan below 1,200 kcal (block below 800).

Which figures are daily intake, negated or asked about is decided by
`extraction.extract_calorie_values`; this module only applies the thresholds.
"""

from __future__ import annotations

from typing import Final

from coach_core.policies.extraction import CalorieValue, extract_calorie_values, prepare
from coach_core.policies.text import excerpt
from coach_core.policies.types import Direction, PolicyFinding, Severity

FLOOR_KCAL: Final = 1200.0
HARD_FLOOR_KCAL: Final = 800.0
RULE_BELOW_HARD_FLOOR: Final = "calorie_minimum.below_hard_floor"
RULE_BELOW_FLOOR: Final = "calorie_minimum.below_floor"


def _counts(value: CalorieValue) -> bool:
    """A clear negation ("never below 1,200") is allowed; a question still counts."""
    return value.is_daily_intake and (value.question or not value.negated)


class CalorieMinimumPolicy:
    name: Final = "calorie_minimum"
    severity: Final[Severity] = "high"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        values = [v for v in extract_calorie_values(text) if _counts(v) and v.kcal < FLOOR_KCAL]
        if not values:
            return None
        lowest = min(values, key=lambda v: v.kcal)
        trigger = excerpt(prepare(text), lowest.start, lowest.end)
        if lowest.kcal < HARD_FLOOR_KCAL:
            return PolicyFinding("block", trigger, "calorie_minimum", "calorie_minimum", rule_id=RULE_BELOW_HARD_FLOOR)
        return PolicyFinding("modify", trigger, "calorie_minimum", rule_id=RULE_BELOW_FLOOR)
