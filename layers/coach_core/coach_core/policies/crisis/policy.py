"""`crisis` (critical): suicidal ideation, self-harm and eating-disorder behaviours.

Input that states intent or current behaviour, by the user or about someone they worry about,
is flagged (support resources, no model call). Model output that describes or suggests these
behaviours without a warning or a pointer to help is blocked. The rule that fired is the
detector's id (e.g. "crisis.purging.induced_vomiting")."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.registry import find_crisis
from coach_core.policies.text import excerpt
from coach_core.policies.types import Action, Direction, PolicyFinding, Severity


class CrisisPolicy:
    name: Final = "crisis"
    severity: Final[Severity] = "critical"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        hit = find_crisis(text, direction)
        if hit is None:
            return None
        action: Action = "flag" if direction == "input" else "block"
        trigger = excerpt(hit.text, hit.match.start(), hit.match.end())
        return PolicyFinding(action, trigger, None, "support_resources", rule_id=hit.rule_id)
