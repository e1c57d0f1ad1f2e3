"""`OfflineProvider`: a small, deterministic, honest coach for `make run`, demos and tests.

It plays the same protocol as a real model through the same orchestrator loop. On a user turn
it reads the message against the intent table (`offline_intents`): a question the tools can
answer gets real tool calls (one or two rounds, with `{"days": N}` when the message names a
window), a greeting or thanks gets a short reply, and anything else the truthful
`OFF_TOPIC` answer, with no tool call and no figures. Once the round's results are in, it
answers in a few sentences built from the real numbers in them (and the data gaps they carry),
streamed word by word. Asked for a JSON answer (`response_format="json"`, the weekly plan) it
calls `calculate_tdee` and answers with a plan built from that result.

It knows nothing above the provider layer: how to phrase a tool result, what to suggest
changing and how to build a plan are injected by whoever composes the service (`OfflineKit`),
so this module imports no tools, domain or prompts.
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
from coach_core.providers.offline_intents import (
    OFF_TOPIC,
    Intent,
    Match,
    match_intents,
    requested_days,
    tool_rounds,
)

__all__ = ["NO_DATA_ANSWER", "OfflineKit", "OfflineProvider", "Reply", "plan_reply"]

TDEE_TOOL = "calculate_tdee"
NO_DATA_ANSWER = (
    "I can't reach your data just now, so I can't answer that from your numbers. Please try again in a moment."
)
_STREAM_PIECE = re.compile(r"\S+\s*")

Results = Sequence[tuple[str, str]]
"""(tool name, result JSON) pairs, in call order."""


def _estimate_tokens(*texts: str) -> int:
    """A word-count estimate (about four tokens per three words)."""
    return math.ceil(sum(len(t.split()) for t in texts) * 4 / 3)


def _days_arguments(tool: ToolDefinition, days: int | None) -> str:
    """`{"days": N}` when the user named a window and the tool takes one, held inside the tool's
    range ("today" is 1 day, 7 for the weight trend whose minimum is 7); else `{}` (the tool's
    default)."""
    prop = tool.parameters.get("properties", {})
    schema = prop.get("days") if isinstance(prop, dict) else None
    if days is None or not isinstance(schema, dict):
        return "{}"
    low, high = schema.get("minimum", days), schema.get("maximum", days)
    if isinstance(low, int | float) and isinstance(high, int | float):
        days = int(min(max(days, low), high))
    return json.dumps({"days": days})


@dataclass(frozen=True, slots=True)
class OfflineKit:
    """What the offline model needs from above the provider layer, injected by the composer.

    `answer(tool_name, result_json)`: a sentence or two about one tool result (the result JSON
    is exactly what the tool returned to the model); `gaps(results, stated)`: the data gaps the
    results carry, except those the sentences of the `stated` tools already say;
    `advice(results)`: what to change, from the results together (intake against targets,
    logging, the weekly rate); `plan(tdee_json | None)`: the plan JSON text built from
    `calculate_tdee`'s result (None when there is none)."""

    answer: Callable[[str, str], str]
    gaps: Callable[[Results, frozenset[str]], str]
    advice: Callable[[Results], str]
    plan: Callable[[str | None], str]


@dataclass(frozen=True, slots=True)
class Reply:
    """One model turn: text, or tool calls."""

    text: str = ""
    calls: tuple[ToolCall, ...] = ()


def _turn_start(messages: Sequence[Message]) -> int:
    """The index just after the last user message (where this turn's rounds begin)."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].role == "user":
            return i + 1
    return 0


def _turn_results(messages: Sequence[Message]) -> list[tuple[str, str]]:
    """(tool name, result content) of every tool result since the last user message."""
    turn = messages[_turn_start(messages) :]
    names = {c.id: c.name for m in turn if m.role == "assistant" for c in m.tool_calls}
    return [(m.name or names.get(m.tool_call_id or "", ""), m.content) for m in turn if m.role == "tool"]


def _understood(messages: Sequence[Message]) -> tuple[Match, str]:
    """The last user message's intents, and that message (it names the window). A follow-up with
    no topic of its own ("and this month?") takes the data intents of the question before it."""
    users = [m.content for m in messages if m.role == "user"]
    last = users[-1] if users else ""
    match = match_intents(last)
    if not match.data and match.follow_up:
        for earlier in reversed(users[:-1]):
            previous = match_intents(earlier)
            if previous.data:
                return Match(previous.data, match.social, True), last
    return match, last


def _join(*parts: str) -> str:
    return " ".join(p.strip() for p in parts if p.strip())


def plan_reply(kit: OfflineKit, messages: Sequence[Message], offered: Sequence[str]) -> Reply:
    """A JSON (plan) turn: `calculate_tdee` first, then the plan built from its result."""
    if (messages and messages[-1].role == "tool") or TDEE_TOOL not in offered:
        tdee = next((c for n, c in _turn_results(messages) if n == TDEE_TOOL), None)
        return Reply(kit.plan(tdee))
    round_no = 1 + sum(1 for m in messages[_turn_start(messages) :] if m.role == "assistant" and m.tool_calls)
    return Reply(calls=(ToolCall(f"offline_{round_no}_0", TDEE_TOOL, "{}"),))


class OfflineProvider(LLMProvider):
    name = "offline"

    def __init__(self, kit: OfflineKit) -> None:
        self._kit = kit

    def reply(self, messages: Sequence[Message], tools: Sequence[ToolDefinition]) -> Reply:
        """This turn's next step for a text answer (see the module docstring)."""
        offered = {t.name: t for t in tools}
        match, asked = _understood(messages)
        results = _turn_results(messages)
        if not match.data and not results:
            return Reply(match.social[0].reply if match.social else OFF_TOPIC)
        turn = messages[_turn_start(messages) :]
        called = {c.name for m in turn if m.role == "assistant" for c in m.tool_calls}
        pending = [
            r
            for r in ([n for n in names if n in offered and n not in called] for names in tool_rounds(match.data))
            if r
        ]
        if pending:
            done = sum(1 for m in turn if m.role == "assistant" and m.tool_calls)
            days = requested_days(asked)
            return Reply(
                calls=tuple(
                    ToolCall(f"offline_{done + 1}_{i}", name, _days_arguments(offered[name], days))
                    for i, name in enumerate(pending[0])
                )
            )
        if not results:
            return Reply(NO_DATA_ANSWER)
        return Reply(self._answer(match.data, results, greeted=match.greeted))

    def _answer(self, intents: Sequence[Intent], results: Results, *, greeted: bool) -> str:
        """A sentence or two per result (except those an intent asking what to change compares:
        its advice quotes them), the data gaps they carry and the intents' closings."""
        advice = any(i.advice for i in intents)
        advised = {name for i in intents if i.advice for name in i.tools}
        stated = [(n, self._kit.answer(n, c)) for n, c in results if n not in advised]
        closings = list(dict.fromkeys(i.closing for i in intents if i.closing))
        return _join(
            "Hi!" if greeted else "",
            *(text for _, text in stated),
            self._kit.advice(results) if advice else "",
            self._kit.gaps(results, frozenset(n for n, _ in stated)),
            *closings,
        )

    def _respond(
        self, messages: Sequence[Message], tools: Sequence[ToolDefinition], response_format: ResponseFormat
    ) -> tuple[str, tuple[ToolCall, ...]]:
        if response_format == "json":
            step = plan_reply(self._kit, messages, [t.name for t in tools])
        else:
            step = self.reply(messages, tools)
        return step.text, step.calls

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
