"""A loopback fake of OpenAI's moderation endpoint (`POST /v1/moderations`), for the real SDK's
`moderations.create`. Scripted like the chat fakes: each request consumes one step, a
`Scores(...)` answer (the category scores of the one input) or a `Fail(...)`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.fakes.script import Fail, Reply, StreamFail
from tests.fakes.server import FakeLLMServer

CATEGORIES = (
    "harassment",
    "harassment/threatening",
    "hate",
    "hate/threatening",
    "illicit",
    "illicit/violent",
    "self-harm",
    "self-harm/instructions",
    "self-harm/intent",
    "sexual",
    "sexual/minors",
    "violence",
    "violence/graphic",
)


@dataclass(frozen=True)
class Scores(Reply):
    """A moderation answer: `scores` for the named categories (every other one is 0.0)."""

    scores: dict[str, float] = field(default_factory=dict)


CRISIS = Scores(scores={"self-harm": 0.93, "self-harm/intent": 0.88})
SAFE = Scores(scores={"self-harm": 0.01})


class FakeModerationServer(FakeLLMServer):
    path = "/v1/moderations"
    provider = "openai"
    base_path = "/v1"

    def json_reply(self, step: Reply, request: dict[str, Any]) -> dict[str, Any]:
        scores = {c: 0.0 for c in CATEGORIES}
        scores.update(step.scores if isinstance(step, Scores) else {})
        return {
            "id": "modr-fake",
            "model": "omni-moderation-fake",
            "results": [
                {
                    "flagged": any(v >= 0.5 for v in scores.values()),
                    "categories": {c: v >= 0.5 for c, v in scores.items()},
                    "category_scores": scores,
                    "category_applied_input_types": {c: ["text"] for c in CATEGORIES},
                }
            ],
        }

    def sse_events(self, step: Reply, request: dict[str, Any]) -> list[bytes]:
        raise AssertionError("the moderation endpoint does not stream")

    def sse_error_events(self, step: StreamFail, request: dict[str, Any]) -> list[bytes]:
        raise AssertionError("the moderation endpoint does not stream")

    def error_body(self, step: Fail) -> dict[str, Any]:
        return {"error": {"message": step.message, "type": "server_error", "param": None, "code": None}}
