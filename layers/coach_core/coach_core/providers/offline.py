"""`OfflineProvider`: a deterministic local model for `make run`, demos and tests.

It plays the same protocol as a real model through the same orchestrator loop: on a user
turn it asks for tools chosen from the words of the message (real tool calls, executed by
the registry); once the conversation ends in tool results it answers in a few sentences
built from the real numbers in those results, streamed word by word. Asked for a JSON
answer (`response_format="json"`, the weekly plan) it calls `calculate_tdee` and answers
with a plan built from that result.

It knows nothing above the provider layer: how to phrase a tool result and how to build a
plan are injected by whoever composes the service (`OfflineKit`), so this module imports no
tools, domain or prompts.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import AsyncGenerator, Callable, Sequence
from dataclasses import dataclass

from coach_core.providers.base import (
    LLMProvider,
    LLMResponse,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)

__all__ = ["OfflineKit", "OfflineProvider", "select_tools"]

TDEE_TOOL = "calculate_tdee"
FALLBACK_TOOL = "get_adherence_metrics"

# (tool, phrases matched in the text, single words matched against its words), in call order.
KEYWORDS: tuple[tuple[str, tuple[str, ...], frozenset[str]], ...] = (
    ("get_weight_trend", (), frozenset({"weight", "weigh", "weighing", "weigh-in", "weigh-ins", "scale",
                                        "trend", "trending", "trends"})),
    (TDEE_TOOL, ("how much should i eat", "how many calories should"),
     frozenset({"tdee", "maintenance", "target", "targets", "bmr"})),
    ("get_nutrition_summary", (), frozenset({"food", "eat", "eating", "ate", "meal", "meals", "calorie",
                                             "calories", "kcal", "protein", "macro", "macros", "carbs",
                                             "nutrition"})),
    ("get_adherence_metrics", ("how am i doing", "how i'm doing"),
     frozenset({"progress", "consistency", "consistent", "streak", "streaks", "adherence"})),
    ("get_recent_checkins", ("check in",), frozenset({"sleep", "sleeping", "slept", "energy", "mood",
                                                      "check-in", "check-ins", "checkin", "checkins",
                                                      "tired"})),
    ("get_user_profile", (), frozenset({"profile", "goal", "goals"})),
)

NO_TOOL_ANSWER = (
    "I'm your offline coach. Ask me about your weight trend, nutrition, check-ins, consistency "
    "or calorie targets and I'll look at your data."
)
_WORD = re.compile(r"[a-z0-9'-]+")
_STREAM_PIECE = re.compile(r"\S+\s*")
_DAYS = re.compile(r"\b(\d{1,3})\s*(?:-\s*)?days?\b")


def _estimate_tokens(*texts: str) -> int:
    """A word-count estimate (about four tokens per three words)."""
    return math.ceil(sum(len(t.split()) for t in texts) * 4 / 3)


def _requested_days(text: str) -> int | None:
    if match := _DAYS.search(text):
        return int(match.group(1))
    if "week" in text:
        return 7
    if "month" in text:
        return 30
    return None


def _days_arguments(tool: ToolDefinition, days: int | None) -> str:
    """`{"days": N}` when the user named a window the tool accepts, else the tool's default."""
    prop = tool.parameters.get("properties", {})
    schema = prop.get("days") if isinstance(prop, dict) else None
    if days is None or not isinstance(schema, dict):
        return "{}"
    low, high = schema.get("minimum", days), schema.get("maximum", days)
    if isinstance(low, int | float) and isinstance(high, int | float) and low <= days <= high:
        return json.dumps({"days": days})
    return "{}"


def select_tools(text: str, offered: Sequence[str]) -> list[str]:
    """The tools a user message asks about, in a fixed order, restricted to `offered`."""
    lowered = text.lower()
    words = set(_WORD.findall(lowered))
    chosen = []
    for tool, phrases, vocabulary in KEYWORDS:
        hit = False
        for phrase in phrases:
            if phrase in lowered:
                hit = True
                lowered = lowered.replace(phrase, " ")
        if hit or words & vocabulary:
            chosen.append(tool)
        if hit:
            words = set(_WORD.findall(lowered))
    return [t for t in chosen if t in offered]


@dataclass(frozen=True, slots=True)
class OfflineKit:
    """What the offline model needs from above the provider layer, injected by the composer.

    `answer(tool_name, result_json)` is one sentence about a tool result (the result JSON is
    exactly what the tool returned to the model); `plan(tdee_result_json | None)` is the plan
    JSON text built from `calculate_tdee`'s result (None when there is none)."""

    answer: Callable[[str, str], str]
    plan: Callable[[str | None], str]


def _trailing_results(messages: Sequence[Message]) -> list[tuple[str, str]]:
    """(tool name, result content) of the tool results that end the conversation."""
    results: list[Message] = []
    for msg in reversed(messages):
        if msg.role != "tool":
            break
        results.append(msg)
    results.reverse()
    names = {c.id: c.name for m in messages if m.role == "assistant" for c in m.tool_calls}
    return [(m.name or names.get(m.tool_call_id or "", ""), m.content) for m in results]


class OfflineProvider(LLMProvider):
    name = "offline"

    def __init__(self, kit: OfflineKit) -> None:
        self._kit = kit

    def _plan_text(self, results: list[tuple[str, str]]) -> str:
        tdee = next((content for name, content in results if name == TDEE_TOOL), None)
        return self._kit.plan(tdee)

    def _respond(
        self, messages: Sequence[Message], tools: Sequence[ToolDefinition], response_format: ResponseFormat
    ) -> tuple[str, tuple[ToolCall, ...]]:
        plan_mode = response_format == "json"
        offered = {t.name: t for t in tools}
        if messages and messages[-1].role == "tool":
            results = _trailing_results(messages)
            if plan_mode:
                return self._plan_text(results), ()
            return " ".join(filter(None, (self._kit.answer(n, c) for n, c in results))), ()
        last_user = next((m.content for m in reversed(messages) if m.role == "user"), "")
        if plan_mode:
            names = [TDEE_TOOL] if TDEE_TOOL in offered else []
            if not names:
                return self._plan_text([]), ()
        else:
            names = select_tools(last_user, list(offered)) or (
                [FALLBACK_TOOL] if FALLBACK_TOOL in offered else []
            )
        if not names:
            return NO_TOOL_ANSWER, ()
        round_no = 1 + sum(1 for m in messages if m.role == "assistant" and m.tool_calls)
        days = _requested_days(last_user.lower())
        calls = tuple(
            ToolCall(f"offline_{round_no}_{i}", name, _days_arguments(offered[name], days))
            for i, name in enumerate(names)
        )
        return "", calls

    def _usage(self, system: str, messages: Sequence[Message], text: str, calls: Sequence[ToolCall]) -> Usage:
        sent = [system, *(m.content for m in messages), *(c.arguments for m in messages for c in m.tool_calls)]
        return Usage(_estimate_tokens(*sent), _estimate_tokens(text, *(c.arguments for c in calls)))

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        text, calls = self._respond(messages, tools, response_format)
        return LLMResponse(
            text=text,
            tool_calls=calls,
            finish_reason="tool_calls" if calls else "stop",
            usage=self._usage(system, messages, text, calls),
            provider=self.name,
        )

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        text, calls = self._respond(messages, tools, response_format)
        for piece in _STREAM_PIECE.findall(text):
            yield TextDelta(piece)
            await asyncio.sleep(0)  # one word per loop turn, like a network stream
        for call in calls:
            yield ToolCallComplete(call)
        yield StreamFinish("tool_calls" if calls else "stop", self._usage(system, messages, text, calls), self.name)
