"""The `moderation` guard: OpenAI's moderation endpoint (through `providers/`); its self-harm
categories at or above their thresholds mean crisis."""

from __future__ import annotations

from coach_core.guard.verdict import MODERATION_CRISIS_THRESHOLDS, Direction, GuardVerdict
from coach_core.providers.base import Moderator


class ModerationGuard:
    name = "moderation"

    def __init__(self, moderator: Moderator, thresholds: dict[str, float] | None = None) -> None:
        self._moderator = moderator
        self._thresholds = thresholds or MODERATION_CRISIS_THRESHOLDS

    async def classify(self, text: str, direction: Direction) -> GuardVerdict:
        result = await self._moderator.moderate(text)
        crisis = any(result.category_scores.get(c, 0.0) >= t for c, t in self._thresholds.items())
        relevant = {c: result.category_scores.get(c, 0.0) for c in self._thresholds}
        return GuardVerdict("crisis" if crisis else "safe", self.name, result.model, relevant)

    def cut_tokens(self, text: str, direction: Direction) -> int:
        return 0  # the moderation endpoint is not billed in tokens

    async def aclose(self) -> None:
        await self._moderator.aclose()
