"""The offline model over HTTP (`/chat` and `/chat/stream`, real PostgreSQL and Redis): a
greeting and an off-topic question are answered without a tool call or a figure, a data
question calls the tools it needs with the window the user named (as the stream's tool cards
show), "what should I change?" takes two tool rounds, the floor-above-TDEE plan is said, every
answer is grounded, and the stream delivers the answer one `token` event per sentence (the
output guard releases a sentence once it is complete and has passed the rules)."""

from __future__ import annotations

import datetime as dt
import re
import uuid
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.models import CheckIn, Goal, NutritionLog, Profile, utctoday
from coach_core.providers.offline_intents import GREETING, OFF_TOPIC
from coach_core.repositories import users
from coach_core.settings import Settings
from tests.api_support import post_chat, post_stream, seed_user, session_row

pytestmark = pytest.mark.integration

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


async def _chat(client: httpx.AsyncClient, user: uuid.UUID, settings: Settings, message: str) -> dict[str, Any]:
    """`post_chat`, answered by the offline model."""
    response = await post_chat(client, user, settings, message)
    assert response.status_code == 200, response.text
    assert response.headers["x-coach-provider"] == "offline"
    body: dict[str, Any] = response.json()
    return body


async def _stream(client: httpx.AsyncClient, user: uuid.UUID, settings: Settings, message: str) -> list[dict[str, Any]]:
    """`post_stream`'s events, ending in `done`."""
    response, events, _ = await post_stream(client, user, settings, message)
    assert response.status_code == 200, response.text
    assert events[-1]["type"] == "done", events[-1]
    return events


def _tokens(events: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["content"] for e in events if e["type"] == "token"]


@pytest.mark.parametrize(
    ("message", "reply"), [("hi", GREETING), ("Should I take creatine?", OFF_TOPIC), ("Tell me a joke", OFF_TOPIC)]
)
async def test_given_a_greeting_or_an_off_topic_question_then_no_tool_call_and_no_figures(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, message: str, reply: str
) -> None:
    """GIVEN a user with 20 days of data WHEN they say hi or ask something the tools do not
    hold THEN the reply in kind: no tool call, no figure, nothing about their data."""
    user = await seed_user(db)
    body = await _chat(offline_client, user, settings, message)
    assert (body["message"], body["tool_trace"], body["finish_reason"]) == (reply, [], "stop")
    assert body["grounding"] == {"checked": 0, "ungrounded": []} and not re.search(r"\d", body["message"])
    events = await _stream(offline_client, user, settings, message)
    assert {e["type"] for e in events} == {"token", "done"}
    assert "".join(_tokens(events)) == reply


async def test_given_a_weight_question_this_month_when_streamed_then_the_tool_gets_30_days_and_sentences_arrive(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    """GIVEN "how is my weight trending this month?" WHEN streamed THEN the tool card shows the
    arguments the model sent ({"days": 30}), then the answer arrives one `token` event per
    sentence (the model streams word by word; the output guard releases whole sentences), and
    what arrived is what was stored."""
    user = await seed_user(db)
    events = await _stream(offline_client, user, settings, "How is my weight trending this month?")
    types = [e["type"] for e in events]
    assert types[:2] == ["tool_start", "tool_end"] and set(types[2:-1]) == {"token"}
    assert events[0]["data"]["tool_name"] == "get_weight_trend"
    assert events[0]["data"]["input_summary"] == '{"days": 30}'
    tokens = _tokens(events)
    text = "".join(tokens)
    assert [t.strip() for t in tokens] == SENTENCE_END.split(text.strip())
    assert len(tokens) == 2 and "across 20 weigh-ins in the last 30 days." in text
    done = events[-1]["data"]
    assert done["grounding"]["checked"] >= 4 and done["grounding"]["ungrounded"] == []
    history = (await session_row(db, done["session_id"]))["history"]
    assert history[-1] == {"role": "assistant", "content": text}


async def test_given_what_to_change_then_two_tool_rounds_and_a_grounded_answer(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    """GIVEN "what should I change?" WHEN asked over /chat and /chat/stream THEN the data tools
    in one round, the targets in a second, and advice whose every figure is grounded."""
    user = await seed_user(db, nutrition_every=3, calories=2400)
    body = await _chat(offline_client, user, settings, "What should I change?")
    assert [t["tool_name"] for t in body["tool_trace"]] == [
        "get_weight_trend",
        "get_nutrition_summary",
        "get_adherence_metrics",
        "calculate_tdee",
    ]
    assert body["message"].startswith("Here is what I would change.")
    assert "You're averaging 2,400 kcal a day against your target of" in body["message"]
    assert body["grounding"]["checked"] >= 3 and body["grounding"]["ungrounded"] == []
    events = await _stream(offline_client, user, settings, "What should I change?")
    tools = [(e["type"], e["data"]["tool_name"]) for e in events if e["type"] in ("tool_start", "tool_end")]
    assert [t for t in tools if t[0] == "tool_start"][-1] == ("tool_start", "calculate_tdee")
    assert tools.index(("tool_start", "calculate_tdee")) > tools.index(("tool_end", "get_adherence_metrics"))
    assert "".join(_tokens(events)) == body["message"]


async def _floor_user(db: Database) -> uuid.UUID:
    """A small, sedentary user losing weight: the 1,200 kcal floor is above their TDEE."""
    today, user_id = utctoday(), uuid.uuid4()
    profile = Profile(
        id=user_id,
        birth_date=dt.date(today.year - 65, 3, 2),
        sex="female",
        height_cm=150.0,
        activity_level="sedentary",
        goal=Goal(type="lose", target_rate_kg_per_week=0.5),
    )
    checkins = [
        CheckIn(date=today - dt.timedelta(days=i), weight_kg=41.0, energy=3, sleep_hours=7.0, mood=4) for i in range(10)
    ]
    nutrition = [NutritionLog(date=today - dt.timedelta(days=i), calories=1300, protein_g=60.0) for i in range(10)]
    async with db.connection() as conn, conn.transaction():
        await users.upsert_user(conn, profile, checkins, nutrition)
    return user_id


async def test_given_the_floor_above_tdee_when_asking_about_the_plan_then_the_answer_says_so(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user = await _floor_user(db)
    body = await _chat(offline_client, user, settings, "What's my plan?")
    assert [t["tool_name"] for t in body["tool_trace"]] == ["calculate_tdee", "get_user_profile"]
    assert (
        "That target was raised to the 1,200 kcal minimum, which is above your estimated maintenance"
        in (body["message"])
    )
    assert body["grounding"]["ungrounded"] == []


async def test_given_the_same_question_twice_then_the_same_answer(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings
) -> None:
    user = await seed_user(db)
    first = await _chat(offline_client, user, settings, "How am I doing?")
    second = await _chat(offline_client, user, settings, "How am I doing?")
    assert first["message"] == second["message"] and first["session_id"] != second["session_id"]
    assert [t["tool_name"] for t in first["tool_trace"]] == ["get_weight_trend", "get_adherence_metrics"]
