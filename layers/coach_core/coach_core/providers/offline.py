"""`OfflineProvider`: a deterministic local model for `make run`, demos and tests.

It plays the same protocol as a real model through the same orchestrator loop: on a user
turn it asks for tools chosen from the words of the message (real tool calls, executed by
the registry); once the conversation ends in tool results it answers in a few sentences
built from the real numbers in those results, streamed word by word. With
`PLAN_JSON_MODE` in the system prompt it calls `calculate_tdee` and answers with the plan
JSON from `coach_core.plan_builder.build_offline_plan`.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections.abc import AsyncGenerator, Callable, Sequence
from typing import Any

from coach_core.providers.base import (
    PLAN_JSON_MODE,
    LLMProvider,
    LLMResponse,
    Message,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)

__all__ = ["PLAN_JSON_MODE", "OfflineProvider", "select_tools"]

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


# ---- answers from tool results ------------------------------------------------------------


def _num(value: Any) -> str:
    text = f"{float(value):,.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pct(value: Any) -> str:
    return f"{round(float(value) * 100)}%"


def _count(value: Any) -> int:
    return len(value) if isinstance(value, list) else int(value or 0)


def _weight_trend(o: dict[str, Any]) -> str:
    parts = []
    if o.get("latest_average_kg") is not None:
        parts.append(f"Your 7-day average is {_num(o['latest_average_kg'])} kg")
    rate = o.get("weekly_rate_kg")
    if rate is None:
        parts.append("there aren't enough weigh-ins yet to measure a weekly rate (I need at least 3 "
                     "spanning a week)")
    elif rate < 0:
        parts.append(f"you're losing {_num(-rate)} kg per week")
    elif rate > 0:
        parts.append(f"you're gaining {_num(rate)} kg per week")
    else:
        parts.append("your weight is holding steady")
    sentence = " and ".join(parts)
    sentence = sentence[0].upper() + sentence[1:] + "."
    if o.get("change_kg") is not None and o.get("weigh_ins"):
        sentence += (f" That's a change of {float(o['change_kg']):+.2f} kg across "
                     f"{_count(o['weigh_ins'])} weigh-ins.")
    return sentence


def _nutrition(o: dict[str, Any]) -> str:
    logged = _count(o.get("logged_days"))
    if not logged or o.get("avg_calories") is None:
        return "You haven't logged any meals in this period, so I can't summarise your intake yet."
    macros = [f"{_num(o[k])} g {label}" for k, label in
              (("avg_protein_g", "protein"), ("avg_carbs_g", "carbs"), ("avg_fat_g", "fat"))
              if o.get(k) is not None]
    text = f"On the {logged} days you logged, you averaged {_num(o['avg_calories'])} kcal"
    text += f" with {', '.join(macros)}." if macros else "."
    if o.get("logging_rate") is not None:
        text += f" Your logging rate is {_pct(o['logging_rate'])}."
    return text


def _adherence(o: dict[str, Any]) -> str:
    rates = [f"{label} rate is {_pct(o[k])}" for k, label in
             (("checkin_rate", "check-in"), ("logging_rate", "food-logging")) if o.get(k) is not None]
    text = ("Your " + " and your ".join(rates) + ".") if rates else ""
    streaks = [f"{o[k]} days of {label}" for k, label in
               (("checkin_streak", "check-ins"), ("logging_streak", "logging")) if o.get(k) is not None]
    if streaks:
        text += f" Current streaks: {' and '.join(streaks)}."
    if o.get("longest_checkin_streak") is not None:
        text += f" Your longest check-in streak in this window is {o['longest_checkin_streak']} days."
    return text.strip()


def _mean(rows: list[dict[str, Any]], key: str) -> float | None:
    values = [float(r[key]) for r in rows if isinstance(r, dict) and r.get(key) is not None]
    return sum(values) / len(values) if values else None


def _checkins(o: dict[str, Any]) -> str:
    rows = next((v for v in o.values() if isinstance(v, list) and v and isinstance(v[0], dict)), [])
    count = o.get("count", len(rows))
    if not count:
        return "You have no check-ins in this period yet; a quick daily check-in helps me spot patterns."
    averages = []
    for key, label, unit in (("sleep_hours", "sleep", " h"), ("energy", "energy", "/5"), ("mood", "mood", "/5")):
        mean = o.get(f"avg_{key}")
        if mean is None:
            mean = _mean(rows, key)
        if mean is not None:
            averages.append(f"{label} {_num(mean)}{unit}")
    text = f"You have {count} check-ins in this period"
    return text + (f", averaging {', '.join(averages)}." if averages else ".")


def _tdee(o: dict[str, Any]) -> str:
    if o.get("tdee") is None:
        return "I can't estimate your maintenance calories without a recent weight; log a weigh-in first."
    text = f"Your estimated maintenance (TDEE) is {_num(o['tdee'])} kcal"
    text += f" (BMR {_num(o['bmr'])} kcal)." if o.get("bmr") is not None else "."
    if o.get("target_calories") is not None:
        text += f" For your goal, aim for about {_num(o['target_calories'])} kcal a day"
        macros = [f"{_num(o[k])} g {label}" for k, label in
                  (("protein_g", "protein"), ("fat_g", "fat"), ("carbs_g", "carbs")) if o.get(k) is not None]
        text += f" with roughly {', '.join(macros)}." if macros else "."
        if o.get("target_clamped"):
            text += " That target is held at the 1,200 kcal minimum."
    return text


def _profile(o: dict[str, Any]) -> str:
    facts = []
    if o.get("age") is not None:
        facts.append(f"{o['age']} years old")
    for key in ("sex", "activity_level"):
        if o.get(key):
            facts.append(str(o[key]).replace("_", " "))
    if o.get("height_cm") is not None:
        facts.append(f"{_num(o['height_cm'])} cm")
    text = ("Your profile: " + ", ".join(facts) + ".") if facts else "Your profile is mostly empty."
    goal = o.get("goal")
    if isinstance(goal, dict) and goal.get("type"):
        text += f" Goal: {goal['type']}"
        if goal.get("target_weight_kg") is not None:
            text += f" toward {_num(goal['target_weight_kg'])} kg"
        if goal.get("target_rate_kg_per_week") is not None:
            text += f" at {_num(goal['target_rate_kg_per_week'])} kg per week"
        text += "."
    return text


def _generic(o: dict[str, Any]) -> str:
    scalars = [f"{k.replace('_', ' ')} {v}" for k, v in o.items() if isinstance(v, str | int | float)]
    return ("Here is what I found: " + ", ".join(scalars[:8]) + ".") if scalars else ""


ANSWERS: dict[str, tuple[str, Callable[[dict[str, Any]], str]]] = {
    "get_weight_trend": ("weight trend", _weight_trend),
    "get_nutrition_summary": ("nutrition summary", _nutrition),
    "get_adherence_metrics": ("consistency metrics", _adherence),
    "get_recent_checkins": ("recent check-ins", _checkins),
    TDEE_TOOL: ("calorie targets", _tdee),
    "get_user_profile": ("profile", _profile),
}


def _answer_sentence(name: str, content: str) -> str:
    label, answer = ANSWERS.get(name, (name.replace("_", " "), _generic))
    try:
        output = json.loads(content)
    except ValueError:
        output = None
    if not isinstance(output, dict) or "error" in output:
        return f"I couldn't read your {label} just now, so I've left it out."
    return answer(output) or _generic(output)


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


def _plan_text(results: list[tuple[str, str]]) -> str:
    from coach_core.plan_builder import build_offline_plan

    tdee_output: dict[str, Any] = {}
    for name, content in results:
        if name == TDEE_TOOL:
            try:
                parsed = json.loads(content)
            except ValueError:
                parsed = None
            if isinstance(parsed, dict):
                tdee_output = parsed
    return json.dumps(build_offline_plan(tdee_output))


class OfflineProvider(LLMProvider):
    name = "offline"

    def _respond(
        self, system: str, messages: Sequence[Message], tools: Sequence[ToolDefinition]
    ) -> tuple[str, tuple[ToolCall, ...]]:
        plan_mode = PLAN_JSON_MODE in system
        offered = {t.name: t for t in tools}
        if messages and messages[-1].role == "tool":
            results = _trailing_results(messages)
            if plan_mode:
                return _plan_text(results), ()
            return " ".join(filter(None, (_answer_sentence(n, c) for n, c in results))), ()
        last_user = next((m.content for m in reversed(messages) if m.role == "user"), "")
        if plan_mode:
            names = [TDEE_TOOL] if TDEE_TOOL in offered else []
            if not names:
                return _plan_text([]), ()
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
    ) -> LLMResponse:
        text, calls = self._respond(system, messages, tools)
        return LLMResponse(
            text=text,
            tool_calls=calls,
            finish_reason="tool_calls" if calls else "stop",
            usage=self._usage(system, messages, text, calls),
        )

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
    ) -> AsyncGenerator[StreamChunk, None]:
        text, calls = self._respond(system, messages, tools)
        for piece in _STREAM_PIECE.findall(text):
            yield TextDelta(piece)
            await asyncio.sleep(0)  # one word per loop turn, like a network stream
        for call in calls:
            yield ToolCallComplete(call)
        yield StreamFinish("tool_calls" if calls else "stop", self._usage(system, messages, text, calls))
