"""The offline provider (with the service's offline kit injected): answers built from the
numbers in the tool results, word-by-word streaming, JSON (plan) mode, and its token estimate.
Which tools each kind of question gets is tested table-driven in test_offline_intents.py."""

from __future__ import annotations

import json
from typing import Any

import pytest

from coach_core.domain.outputs import TdeeOutput
from coach_core.providers.base import (
    Message,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
)
from coach_core.providers.offline import NO_DATA_ANSWER, OfflineProvider
from coach_core.providers.offline_intents import GREETING
from coach_core.service import OFFLINE_KIT
from tests.factories import result_json

SIX = [
    "get_user_profile",
    "get_recent_checkins",
    "get_weight_trend",
    "get_nutrition_summary",
    "calculate_tdee",
    "get_adherence_metrics",
]
DAYS_RANGES = {
    "get_recent_checkins": (1, 90),
    "get_weight_trend": (7, 365),
    "get_nutrition_summary": (1, 90),
    "get_adherence_metrics": (7, 90),
}


def _definition(name: str) -> ToolDefinition:
    props: dict[str, Any] = {}
    if name in DAYS_RANGES:
        low, high = DAYS_RANGES[name]
        props["days"] = {"type": "integer", "minimum": low, "maximum": high, "default": 14}
    return ToolDefinition(name, f"{name} tool", {"type": "object", "properties": props})


TOOLS = [_definition(n) for n in SIX]


def provider() -> OfflineProvider:
    return OfflineProvider(OFFLINE_KIT)


async def _complete(messages: list[Message], *, tools: list[ToolDefinition] = TOOLS, json_mode: bool = False) -> Any:
    return await provider().complete(
        system="You are a coach.",
        messages=messages,
        tools=tools,
        model_tier="standard",
        response_format="json" if json_mode else "text",
    )


@pytest.mark.parametrize(
    ("message", "arguments"),
    [
        ("how is my weight trending?", "{}"),
        ("my weight over the last 60 days", '{"days": 60}'),
        ("my weight this week", '{"days": 7}'),
        ("my weight over 3 days", '{"days": 7}'),  # below the tool's minimum of 7: its minimum
        ("my weight over the last two years", '{"days": 365}'),  # above its maximum: its maximum
        ("am I losing 0.5 kg a week?", "{}"),  # a rate, not a window
    ],
)
async def test_given_a_user_question_when_completed_then_it_asks_for_tools_with_sensible_arguments(
    message: str, arguments: str
) -> None:
    response = await _complete([Message.user(message)])
    assert response.finish_reason == "tool_calls"
    assert response.text == ""
    assert [(c.name, c.arguments) for c in response.tool_calls] == [("get_weight_trend", arguments)]
    assert len({c.id for c in response.tool_calls}) == len(response.tool_calls)


async def test_given_a_greeting_when_completed_then_it_greets_without_a_tool_call() -> None:
    response = await _complete([Message.user("hello coach")])
    assert (response.text, response.tool_calls, response.finish_reason) == (GREETING, (), "stop")


async def test_given_a_data_question_and_no_tools_offered_when_completed_then_it_says_so() -> None:
    response = await _complete([Message.user("how is my weight?")], tools=[])
    assert (response.text, response.tool_calls, response.finish_reason) == (NO_DATA_ANSWER, (), "stop")


def _after_tools(question: str, results: dict[str, dict[str, Any]]) -> list[Message]:
    calls = [ToolCall(f"c{i}", name, "{}") for i, name in enumerate(results)]
    return [
        Message.user(question),
        Message.assistant("", calls),
        *(Message.tool_result(c, result_json(c.name, results[c.name])) for c in calls),
    ]


@pytest.mark.parametrize(
    ("results", "fragments"),
    [
        (
            {
                "get_weight_trend": {
                    "latest_average_kg": 82.4,
                    "weekly_rate_kg": -0.45,
                    "change_kg": -1.93,
                    "weigh_ins": 12,
                }
            },
            ["Your 7-day average is 82.4 kg", "losing 0.45 kg per week", "-1.93 kg across 12 weigh-ins"],
        ),
        (
            {"get_weight_trend": {"latest_average_kg": 70.0, "weekly_rate_kg": 0.31, "change_kg": 0.4, "weigh_ins": 5}},
            ["70 kg", "gaining 0.31 kg per week"],
        ),
        (
            {
                "get_weight_trend": {
                    "latest_average_kg": 64.2,
                    "weekly_rate_kg": None,
                    "change_kg": None,
                    "weigh_ins": 2,
                }
            },
            ["64.2 kg", "aren't enough weigh-ins"],
        ),
        (
            {
                "get_nutrition_summary": {
                    "logged_days": 9,
                    "logging_rate": 0.64,
                    "avg_calories": 1873,
                    "avg_protein_g": 112.5,
                    "avg_carbs_g": 190.0,
                    "avg_fat_g": 61.2,
                }
            },
            ["9 days", "1,873 kcal", "112.5 g protein", "190 g carbs", "61.2 g fat", "64%"],
        ),
        (
            {
                "get_adherence_metrics": {
                    "checkin_rate": 0.86,
                    "logging_rate": 0.5,
                    "checkin_streak": 4,
                    "logging_streak": 0,
                    "longest_checkin_streak": 9,
                }
            },
            ["check-in rate is 86%", "food-logging rate is 50%", "4 days of check-ins", "9 days"],
        ),
        (
            {"get_recent_checkins": {"count": 6, "avg_sleep_hours": 6.4, "avg_energy": 3.2, "avg_mood": 3.8}},
            ["6 check-ins", "sleep 6.4 h", "energy 3.2/5", "mood 3.8/5"],
        ),
        (
            {
                "calculate_tdee": {
                    "bmr": 1500,
                    "tdee": 2063,
                    "target_calories": 1513,
                    "target_clamped": False,
                    "protein_g": 140,
                    "fat_g": 42,
                    "carbs_g": 143,
                }
            },
            ["2,063 kcal", "1,513 kcal", "140 g protein", "42 g fat", "143 g carbs"],
        ),
        (
            {
                "get_user_profile": {
                    "age": 36,
                    "sex": "female",
                    "height_cm": 168.0,
                    "activity_level": "lightly_active",
                    "goal": {"type": "lose", "target_weight_kg": 62.0, "target_rate_kg_per_week": 0.5},
                }
            },
            ["36 years old", "lightly active", "168 cm", "toward 62 kg", "0.5 kg per week"],
        ),
        (
            {"get_weight_trend": {"error": {"type": "tool_failed", "message": "x"}}},
            ["couldn't read your weight trend"],
        ),
    ],
)
async def test_given_tool_results_when_completed_then_the_answer_quotes_their_real_numbers(
    results: dict[str, dict[str, Any]], fragments: list[str]
) -> None:
    response = await _complete(_after_tools("question", results))
    assert response.tool_calls == ()
    assert response.finish_reason == "stop"
    for fragment in fragments:
        assert fragment in response.text


async def test_given_two_results_when_completed_then_both_are_answered_in_call_order() -> None:
    response = await _complete(
        _after_tools(
            "weight and food",
            {
                "get_weight_trend": {
                    "latest_average_kg": 81.0,
                    "weekly_rate_kg": -0.2,
                    "change_kg": -0.5,
                    "weigh_ins": 8,
                },
                "get_nutrition_summary": {"logged_days": 3, "logging_rate": 0.21, "avg_calories": 2100},
            },
        )
    )
    assert response.text.index("81 kg") < response.text.index("2,100 kcal")


async def test_given_the_same_turn_when_streamed_then_each_word_is_a_delta_and_the_text_matches() -> None:
    messages = _after_tools(
        "weight",
        {"get_weight_trend": {"latest_average_kg": 82.4, "weekly_rate_kg": -0.45, "change_kg": -1.9, "weigh_ins": 10}},
    )
    complete = await _complete(messages)
    chunks = [c async for c in provider().stream(system="s", messages=messages, tools=TOOLS, model_tier="free")]
    deltas = [c.text for c in chunks if isinstance(c, TextDelta)]
    assert "".join(deltas) == complete.text
    assert len(deltas) == len(complete.text.split())
    assert isinstance(chunks[-1], StreamFinish) and chunks[-1].finish_reason == "stop"
    assert chunks[-1].usage.output_tokens > 0 and chunks[-1].usage.input_tokens > 0


async def test_given_a_question_when_streamed_then_tool_calls_come_complete_before_the_finish() -> None:
    chunks = [
        c
        async for c in provider().stream(
            system="s", messages=[Message.user("weight and food?")], tools=TOOLS, model_tier="free"
        )
    ]
    assert [c.call.name for c in chunks if isinstance(c, ToolCallComplete)] == [
        "get_weight_trend",
        "get_nutrition_summary",
    ]
    assert isinstance(chunks[-1], StreamFinish) and chunks[-1].finish_reason == "tool_calls"


async def test_given_json_mode_when_completed_then_it_calls_tdee_and_answers_with_the_built_plan() -> None:
    from coach_core.domain.plan import build_offline_plan

    first = await _complete([Message.user("Plan my week about my weight")], json_mode=True)
    assert [c.name for c in first.tool_calls] == ["calculate_tdee"]
    tdee = result_json(
        "calculate_tdee",
        {
            "weight_kg": 80.0,
            "bmr": 1700,
            "tdee": 2340,
            "target_calories": 1790,
            "target_clamped": False,
            "protein_g": 160,
            "fat_g": 50,
            "carbs_g": 175,
        },
    )
    messages = [
        Message.user("Plan my week"),
        Message.assistant("", first.tool_calls),
        Message.tool_result(first.tool_calls[0], tdee),
    ]
    second = await _complete(messages, json_mode=True)
    assert second.finish_reason == "stop"
    assert json.loads(second.text) == build_offline_plan(TdeeOutput.model_validate_json(tdee))


async def test_given_longer_prompts_when_completed_then_the_token_estimate_grows() -> None:
    short = await _complete([Message.user("weight")])
    long = await _complete([Message.user("weight " + "word " * 300)])
    assert 0 < short.usage.input_tokens < long.usage.input_tokens
    assert short.usage.total == short.usage.input_tokens + short.usage.output_tokens
