"""`POST /plan` and `GET /insights` over HTTP.

Plan: the offline provider builds a schema-valid week from the user's own calculate_tdee
numbers; a model's invalid JSON gets exactly one repair round; targets under 1,200 kcal pass
the calorie_minimum policy (disclaimer, violation row) and are raised to the floor.
Insights: computed in Python, zero provider calls, 14-day data-quality score."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import Any

import httpx
import pytest

from coach_core.context_builder import ContextBuilder, compute_confidence, compute_data_gaps
from coach_core.db.connection import Database
from coach_core.domain.formulas import calculate_tdee
from coach_core.domain.plan import build_offline_plan
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, utctoday
from coach_core.prompts.disclaimer_templates import (
    SUPPORT_RESOURCES_MESSAGE,
    floor_above_tdee_disclaimer,
    get_disclaimer,
)
from coach_core.repositories import users
from coach_core.schemas import WEEKDAYS, WeeklyPlan
from coach_core.service import PlanGenerationError
from coach_core.settings import Settings
from tests.api_support import (
    INSIGHTS,
    PLAN,
    auth_headers,
    fetch_all,
    seed_user,
    written_rows,
)
from tests.factories import tdee_output
from tests.fakes import Call, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

PLAN_KEYS = {"plan", "disclaimers", "tool_trace", "confidence", "data_gaps", "tokens_used"}


def _plan_json(calories: int = 1800, days: int = 7) -> str:
    plan = build_offline_plan(tdee_output(target_calories=calories, protein_g=120, weight_kg=70))
    plan["days"] = plan["days"][:days]
    return json.dumps(plan)


async def test_given_the_offline_provider_when_planning_then_a_valid_week_from_the_users_tdee(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user = await seed_user(db)
    response = await offline_client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    assert response.headers["x-coach-provider"] == "offline"
    body = response.json()
    assert set(body) == PLAN_KEYS
    plan = WeeklyPlan.model_validate(body["plan"])
    assert [d.day for d in plan.days] == list(WEEKDAYS)
    data = await ContextBuilder().load(db, user)
    target = calculate_tdee(data.profile, data.checkins, data.today).target_calories
    assert sum(d.calories for d in plan.days) / 7 == pytest.approx(target, abs=1)
    assert all(d.calories >= 1200 for d in plan.days)
    assert [t["tool_name"] for t in body["tool_trace"]] == ["calculate_tdee"]
    assert body["confidence"] == compute_confidence(data, data.today)
    assert body["tokens_used"] > 0
    logs = await fetch_all(db, "SELECT tool_name, session_id FROM ai_tool_call_log WHERE user_id = %s", (user,))
    assert logs == [{"tool_name": "calculate_tdee", "session_id": None}]


async def test_given_an_empty_json_body_when_planning_then_it_is_accepted(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user = await seed_user(db)
    assert (await offline_client.post(PLAN, json={}, headers=auth_headers(user, settings))).status_code == 200


async def test_given_invalid_json_then_a_repair_when_planning_then_the_error_was_sent_back_once(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script(
        [
            Reply(calls=(Call("calculate_tdee", {}),)),
            Reply("Here is your plan: " + _plan_json(days=6)),
            Reply("```json\n" + _plan_json() + "\n```"),
        ]
    )
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    assert len(WeeklyPlan.model_validate(response.json()["plan"]).days) == 7
    repair = fake.requests[2].body["messages"][-1]["content"]
    assert "not a valid plan" in repair and "days" in repair
    assert _has_plan_marker(fake.requests[0].body)
    assert response.json()["tokens_used"] == 3 * 19


def _has_plan_marker(body: dict[str, Any]) -> bool:
    """The plan request asks for a JSON answer on the wire (the provider call's response format)."""
    return body.get("response_format") == {"type": "json_object"}


async def test_given_invalid_json_twice_when_planning_then_502_and_nothing_written(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Sorry, no JSON today."), Reply('{"title": "half a plan"')])
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 502
    assert response.json() == {"detail": PlanGenerationError.public_message}
    assert len(fake.requests) == 2 and fake.remaining == 0
    assert await written_rows(db, user) == {"sessions": 0, "tool_calls": 0, "violations": 0}


@pytest.mark.parametrize(("calories", "action"), [(1000, "modify"), (700, "block")])
async def test_given_targets_below_the_floor_when_planning_then_policy_fires_and_days_are_raised(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer, calories: int, action: str
) -> None:
    user = await seed_user(db)
    plan = json.loads(_plan_json())
    for day in plan["days"]:
        day["calories"] = calories
    fake.script([Reply(json.dumps(plan))])
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    body = response.json()
    assert {d["calories"] for d in body["plan"]["days"]} == {1200}
    assert get_disclaimer("calorie_minimum") in body["disclaimers"]
    rows = await fetch_all(
        db, "SELECT direction, violation_type, action_taken FROM ai_policy_violation_log WHERE user_id = %s", (user,)
    )
    assert {"direction": "output", "violation_type": "calorie_minimum", "action_taken": action} in rows


async def _seed_small_sedentary_user(db: Database) -> uuid.UUID:
    """Female, 65, 152 cm, 45 kg, sedentary, losing 0.5 kg a week: BMR 914, TDEE 1,097 kcal, so
    the target (547) is raised to the 1,200 kcal floor, above the TDEE itself."""
    today = utctoday()
    user_id = uuid.uuid4()
    profile = Profile(
        id=user_id,
        birth_date=dt.date(today.year - 65, 1, 1),
        sex="female",
        height_cm=152.0,
        activity_level="sedentary",
        diet=Diet(),
        goal=Goal(type="lose", target_rate_kg_per_week=0.5),
    )
    checkins = [CheckIn(date=today - dt.timedelta(days=i), weight_kg=45.0) for i in range(10)]
    nutrition = [NutritionLog(date=today - dt.timedelta(days=i), calories=1200) for i in range(10)]
    async with db.connection() as conn, conn.transaction():
        await users.upsert_user(conn, profile, checkins, nutrition)
    return user_id


def _assert_floor_above_tdee_is_stated(body: dict[str, Any]) -> None:
    assert floor_above_tdee_disclaimer(1097) in body["disclaimers"]
    [floor_gap] = [g for g in body["data_gaps"] if g["field"] == "target_calories"]
    assert "1,097 kcal" in floor_gap["description"] and "above maintenance" in floor_gap["description"]
    assert {d["calories"] for d in body["plan"]["days"]} == {1200}


async def test_given_a_small_sedentary_user_when_the_offline_model_plans_then_the_floor_above_tdee_is_stated(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    """GIVEN a user whose TDEE (1,097) is under the 1,200 kcal floor WHEN /plan runs THEN the response
    carries the disclaimer and the data gap, and the plan's summary says the week is no deficit."""
    user = await _seed_small_sedentary_user(db)
    response = await offline_client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    body = response.json()
    _assert_floor_above_tdee_is_stated(body)
    assert "maintenance of 1,097 kcal" in body["plan"]["summary"]


async def test_given_a_small_sedentary_user_when_a_model_plans_without_saying_so_then_the_response_still_does(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN the same user and a model whose plan never mentions the floor WHEN /plan runs THEN the
    disclaimer and the data gap are there all the same; a user well above the floor gets neither."""
    user = await _seed_small_sedentary_user(db)
    fake.script([Reply(_plan_json(calories=1200))])
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    _assert_floor_above_tdee_is_stated(response.json())

    other = await seed_user(db)
    fake.script([Reply(_plan_json())])
    body = (await client.post(PLAN, headers=auth_headers(other, settings))).json()
    assert not any("maintenance" in d for d in body["disclaimers"])
    assert all(g["field"] != "target_calories" for g in body["data_gaps"])


async def test_given_a_plan_whose_text_the_crisis_policy_blocks_when_planning_then_the_safe_plan_replaces_it(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    plan = json.loads(_plan_json())
    plan["habits"] = ["Take laxatives after big meals to lose weight faster."]
    fake.script([Reply(json.dumps(plan))])
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200
    body = response.json()
    assert "laxative" not in json.dumps(body["plan"]).lower()
    assert body["plan"]["summary"].startswith(SUPPORT_RESOURCES_MESSAGE[:40])
    assert "calculate_tdee" in [t["tool_name"] for t in body["tool_trace"]]
    rows = await fetch_all(db, "SELECT violation_type FROM ai_policy_violation_log WHERE user_id = %s", (user,))
    assert {"violation_type": "crisis"} in rows


async def test_given_insights_when_requested_then_no_provider_call_and_a_14_day_score(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db, checkin_every=2, nutrition_every=1)
    fake.script([])
    response = await client.get(INSIGHTS, headers=auth_headers(user, settings))
    assert response.status_code == 200
    assert fake.requests == []
    body = response.json()
    assert set(body) == {"window_days", "data_quality_score", "confidence", "data_gaps", "insights"}
    data = await ContextBuilder().load(db, user)
    assert body["window_days"] == 14
    assert body["data_quality_score"] == compute_confidence(data, data.today, window_days=14) == body["confidence"]
    assert body["data_gaps"] == [g.model_dump() for g in compute_data_gaps(data, data.today, window_days=14)]
    assert [i["key"] for i in body["insights"]] == [
        "weight_trend",
        "adherence",
        "nutrition_vs_target",
        "sleep_pattern",
        "energy_pattern",
    ]
    for item in body["insights"]:
        assert set(item) == {"key", "title", "detail", "values", "status"}
    assert await written_rows(db, user) == {"sessions": 0, "tool_calls": 0, "violations": 0}


async def test_given_a_signed_in_user_with_no_row_when_requesting_insights_then_provisioned_and_all_insufficient(
    offline_client: httpx.AsyncClient, settings: Settings
) -> None:
    """GIVEN a valid token for a user the database has never seen (a new Cognito user) WHEN
    insights are requested THEN the user is provisioned and every data item says what to log
    (issue 13: a new user gets answers with data gaps, not a 404)."""
    response = await offline_client.get(INSIGHTS, headers=auth_headers(uuid.uuid4(), settings))
    assert response.status_code == 200
    body = response.json()
    assert body["data_quality_score"] == 0.0
    assert {i["status"] for i in body["insights"] if i["key"] != "adherence"} == {"insufficient_data"}
