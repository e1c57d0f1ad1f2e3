"""`crisis` (critical): suicidal ideation, self-harm and eating-disorder behaviours.

Two layers decide together: the detectors (rules) and the learned crisis model. A text is a
crisis when a detector fires or the model's probability reaches its threshold. Input that is a
crisis is flagged (support resources, no model call); model output is blocked. The violation
names the detector that fired (e.g. "crisis.purging.euphemism"), or `crisis.model.<version>`
when only the model decided, and carries the model's probability either way."""

from __future__ import annotations

from typing import Final

from coach_core.policies.crisis.registry import find_crisis
from coach_core.policies.learned import load_model
from coach_core.policies.text import excerpt, sanitize_trigger
from coach_core.policies.types import Action, Direction, PolicyFinding, Severity


class CrisisPolicy:
    name: Final = "crisis"
    severity: Final[Severity] = "critical"

    def evaluate(self, text: str, direction: Direction) -> PolicyFinding | None:
        model = load_model()
        scored = model.score(text, direction)
        hit = find_crisis(text, direction)
        if hit is None and not scored.crisis:
            return None
        action: Action = "flag" if direction == "input" else "block"
        if hit is None:
            return PolicyFinding(
                action,
                sanitize_trigger(scored.evidence),
                None,
                "support_resources",
                rule_id=model.rule_id,
                score=scored.probability,
            )
        trigger = excerpt(hit.text, hit.match.start(), hit.match.end())
        return PolicyFinding(action, trigger, None, "support_resources", rule_id=hit.rule_id, score=scored.probability)
