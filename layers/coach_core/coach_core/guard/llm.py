"""The `llm` guard: the configured chat provider on its cheapest tier, with a fixed
classification prompt, answering a JSON verdict. The answer is schema-validated: anything
unparsable is `unavailable`, never `safe`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from coach_core.guard.verdict import Direction, GuardVerdict
from coach_core.prompts.guard_prompt import GUARD_SYSTEM_PROMPT, guard_user_message
from coach_core.providers.base import LLMProvider, Message, estimate_tokens
from coach_core.providers.model_config import GUARD_TIER, model_config


class LLMVerdict(BaseModel):
    model_config = ConfigDict(extra="ignore")

    verdict: Literal["crisis", "safe"]
    categories: dict[str, float] = Field(default_factory=dict)


def parse_verdict(text: str) -> LLMVerdict | None:
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        return LLMVerdict.model_validate_json(text[start : end + 1])
    except ValidationError:
        return None


class LLMGuard:
    name = "llm"

    def __init__(self, provider: LLMProvider) -> None:
        self._provider = provider

    async def classify(self, text: str, direction: Direction) -> GuardVerdict:
        response = await self._provider.complete(
            system=GUARD_SYSTEM_PROMPT,
            messages=[Message.user(guard_user_message(text, direction))],
            tools=[],
            model_tier=GUARD_TIER.value,
            response_format="json",
        )
        tokens = response.usage.total
        model = self._model()
        parsed = parse_verdict(response.text)
        if parsed is None:
            return GuardVerdict("unavailable", self.name, model, tokens=tokens, reason="malformed")
        scores = {k: float(v) for k, v in parsed.categories.items()}
        return GuardVerdict(parsed.verdict, self.name, model, scores, tokens)

    def cut_tokens(self, text: str, direction: Direction) -> int:
        """The prompt of a cut classification, estimated (its answer never arrived)."""
        return estimate_tokens(GUARD_SYSTEM_PROMPT, guard_user_message(text, direction))

    def _model(self) -> str:
        match self._provider.name:
            case "openai":
                return model_config("openai", GUARD_TIER.value).model
            case "anthropic":
                return model_config("anthropic", GUARD_TIER.value).model
            case other:
                return other

    async def aclose(self) -> None:
        await self._provider.aclose()
