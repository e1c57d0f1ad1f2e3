"""`weight_loss_rate` (medium): a target (or reported) loss faster than 1.0 kg per week.

Units, periods, ranges, direction and negation come from
`extraction.extract_weekly_weight_change_kg`, including a rate made of a start weight, a target
weight and a duration; gains and maintenance never fire.
"""

from __future__ import annotations

from typing import Final

from coach_core.policies.extraction import WeightChange, extract_weekly_weight_change_kg, prepare
from coach_core.policies.text import excerpt
from coach_core.policies.types import Direction, PolicyFinding, Severity

MAX_KG_PER_WEEK: Final = 1.0
RULE_TOO_FAST: Final = "weight_loss_rate.above_1kg_per_week"
RULE_TOO_FAST_TO_TARGET: Final = "weight_loss_rate.start_to_target_above_1kg_per_week"
_EPSILON: Final = 1e-9  # float noise on exactly 1.0 kg/week is not "faster"


def _counts(change: WeightChange) -> bool:
    """Losses count, and so does a bare rate with no direction ("1-1.5 kg a week": in a coach
    chat that is a loss target); questions and past reports count; only a clear negation is
    allowed."""
    return (
        change.direction in ("loss", "unknown")
        and change.kg_per_week > MAX_KG_PER_WEEK + _EPSILON
        and (change.question or not change.negated)
    )


class WeightLossRatePolicy:
    name: Final = "weight_loss_rate"
    severity: Final[Severity] = "medium"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        fast = [c for c in extract_weekly_weight_change_kg(text) if _counts(c)]
        if not fast:
            return None
        fastest = max(fast, key=lambda c: c.kg_per_week)
        rule = RULE_TOO_FAST_TO_TARGET if fastest.from_start_and_target else RULE_TOO_FAST
        return PolicyFinding(
            "modify", excerpt(prepare(text), fastest.start, fastest.end), "weight_loss_rate", rule_id=rule
        )
