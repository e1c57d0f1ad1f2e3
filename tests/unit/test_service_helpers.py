"""Pure helpers of the service and `coach serve`: plan parsing (one object in any wrapping),
clamping to the calorie floor, SSE record framing, and the offline fallback decision."""

from __future__ import annotations

import json

import pytest

from coach_core.api.sse import keepalive_event, sse
from coach_core.domain.plan import build_offline_plan, clamp_plan, parse_plan
from coach_core.schemas import StreamDoneEvent, StreamTokenEvent, TokenData, WeeklyPlan
from coach_core.server import choose_provider
from coach_core.settings import load_settings
from tests.factories import tdee_output

PLAN = build_offline_plan(tdee_output(target_calories=1800, protein_g=120))


@pytest.mark.parametrize(
    "text",
    [
        json.dumps(PLAN),
        "```json\n" + json.dumps(PLAN, indent=2) + "\n```",
        "Here is your week:\n" + json.dumps(PLAN) + "\nEnjoy!",
    ],
    ids=["bare", "fenced", "prose"],
)
def test_given_a_plan_in_any_wrapping_when_parsing_then_it_validates(text: str) -> None:
    plan, problem = parse_plan(text)
    assert plan is not None and problem == ""
    assert len(plan.days) == 7


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("no json here", "no JSON object"),
        ('{"title": "x", "days": [}', "invalid JSON"),
        (json.dumps({**PLAN, "days": PLAN["days"][:6]}), "days"),
        (json.dumps({**PLAN, "days": [*PLAN["days"][:6], PLAN["days"][0]]}), "Monday..Sunday"),
        (json.dumps({**PLAN, "habits": []}), "habits"),
        (json.dumps({**PLAN, "days": [{**PLAN["days"][0], "calories": "lots"}, *PLAN["days"][1:]]}), "days.0.calories"),
    ],
)
def test_given_an_invalid_plan_when_parsing_then_the_reason_names_the_problem(text: str, fragment: str) -> None:
    plan, problem = parse_plan(text)
    assert plan is None and fragment in problem


def test_given_days_in_any_order_when_parsing_then_they_come_back_monday_first() -> None:
    plan, _ = parse_plan(json.dumps({**PLAN, "days": list(reversed(PLAN["days"]))}))
    assert plan is not None and plan.days[0].day == "Monday"


@pytest.mark.parametrize(("kcal", "changed"), [(700, True), (1199, True), (1200, False), (2400, False)])
def test_given_day_targets_when_clamping_then_only_days_below_the_floor_rise(kcal: int, changed: bool) -> None:
    plan = WeeklyPlan.model_validate({**PLAN, "days": [{**d, "calories": kcal} for d in PLAN["days"]]})
    clamped, did = clamp_plan(plan)
    assert did is changed
    assert {d.calories for d in clamped.days} == {max(kcal, 1200)}
    if changed:
        day = clamped.days[0]
        assert day.protein_g == 120 and day.fat_g == 33 and day.carbs_g == 106


def test_given_events_when_framing_then_one_data_line_and_keepalive_is_a_comment() -> None:
    token = sse(StreamTokenEvent(data=TokenData(content="line one\nline two"))).encode()
    assert token == b'data: {"type":"token","data":{"content":"line one\\nline two"}}\n\n'
    assert keepalive_event().encode() == b": keep-alive\n\n"
    assert StreamDoneEvent.model_fields["type"].default == "done"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"llm_provider": "openai"}, "offline"),
        ({"llm_provider": "openai", "openai_api_key": "sk-test"}, None),
        ({"llm_provider": "openai", "openai_base_url": "http://127.0.0.1:9999/v1"}, None),
        ({"llm_provider": "anthropic", "anthropic_api_key": "k"}, None),
        ({"llm_provider": "offline"}, None),
    ],
)
def test_given_provider_settings_when_serving_then_offline_only_without_openai_key_or_url(
    env: dict[str, str], expected: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_PROVIDER"):
        monkeypatch.delenv(var, raising=False)
    assert choose_provider(load_settings(**env)) == expected
