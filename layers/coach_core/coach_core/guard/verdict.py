"""What the model-based safety guard answers, and the thresholds that turn moderation scores
into a crisis verdict (in one place)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

Direction = Literal["input", "output"]
Verdict = Literal["crisis", "safe", "unavailable"]

MODERATION_CRISIS_THRESHOLDS: dict[str, float] = {
    "self-harm": 0.5,
    "self-harm/intent": 0.35,
    "self-harm/instructions": 0.35,
}
"""OpenAI moderation categories that mean crisis (they cover eating-disorder behaviour too), and
the score at or above which each one does. Other categories (violence, hate, ...) are not the
coach's crisis definition and never flag a message on their own."""


@dataclass(frozen=True)
class GuardVerdict:
    """`unavailable` means the guard could not judge (timeout, 429, 5xx, malformed answer): the
    rules' verdict stands. It is never the same as `safe`."""

    verdict: Verdict
    guard: str
    model: str | None = None
    category_scores: dict[str, float] = field(default_factory=dict)
    tokens: int = 0
    reason: str | None = None
    cached: bool = False

    @property
    def is_crisis(self) -> bool:
        return self.verdict == "crisis"


class SafetyGuard(Protocol):
    """A model-based classifier beside the rules."""

    @property
    def name(self) -> str: ...

    async def classify(self, text: str, direction: Direction) -> GuardVerdict: ...

    def cut_tokens(self, text: str, direction: Direction) -> int:
        """What a classification cut before its answer (deadline, cancellation) is billed: an
        estimate of the call's tokens (0 for a guard that costs no tokens)."""
        ...

    async def aclose(self) -> None: ...
