"""Numeric grounding over HTTP (issue 24): `/chat` and `/chat/stream` with the real OpenAI SDK
aimed at the loopback fake. An answer with figures the user's data does not hold is reported in
`grounding`, disclaimed (naming the figure and the data's value) and logged in the turn's row;
the same answer with the true figures is not. The optional repair round, the offline model
(always grounded) and erasure of the turn log."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.settings import Settings
from coach_core.tools import default_tools
from coach_core.tools.registry import ToolRegistry
from tests.api_support import (
    CHAT,
    STREAM,
    auth_headers,
    build_app,
    client_for,
    fake_provider_client,
    fetch_all,
    make_settings,
    parse_sse_records,
    seed_user,
)
from tests.fakes import Call, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

TOOLS = (Call("get_weight_trend", {"days": 30}), Call("get_nutrition_summary", {"days": 14}))
WRONG = (
    "Your weight fell from 82.4 to 80.9 kg over the month, and you're eating 2150 kcal with 140 g protein. "
    "Aim for seven hours of sleep and add one serving of vegetables."
)


async def _outputs(db: Database, user: uuid.UUID) -> dict[str, dict[str, Any]]:
    """What the two tools return for `user` (through the registry, as the model receives it)."""
    tools = ToolRegistry(default_tools(), db=db, cache=None).bind(user)
    out = {}
    for call in TOOLS:
        execution = await tools.execute(call.name, call.arguments)
        out[call.name] = json.loads(execution.content)
    return out


def _true_answer(o: dict[str, dict[str, Any]]) -> str:
    trend, food = o["get_weight_trend"], o["get_nutrition_summary"]
    return (
        f"Your 7-day average is {trend['latest_average_kg']} kg, down {abs(trend['change_kg']):.1f} kg over the "
        f"month, and you're eating {food['avg_calories']:,} kcal with {food['avg_protein_g']:.0f} g protein. "
        "Aim for seven hours of sleep and add one serving of vegetables."
    )


async def _turn_log(db: Database, session_id: str) -> list[dict[str, Any]]:
    return await fetch_all(
        db,
        "SELECT provider, finish_reason, figures_checked, figures_ungrounded, ungrounded, grounding_repaired "
        "FROM ai_turn_log WHERE session_id = %s",
        (uuid.UUID(session_id),),
    )


def _assert_wrong_figures_reported(grounding: dict[str, Any], disclaimers: list[str], latest_kg: float) -> None:
    assert grounding["checked"] == 4
    assert grounding["ungrounded"] == [
        {"text": "82.4", "value": 82.4, "unit": "kg"},
        {"text": "80.9 kg", "value": 80.9, "unit": "kg"},
        {"text": "2150 kcal", "value": 2150.0, "unit": "kcal"},
        {"text": "140 g", "value": 140.0, "unit": "g"},
    ]
    [note] = [d for d in disclaimers if "82.4 kg" in d]
    assert f"your data shows {latest_kg:g} kg, your 7-day average weight" in note
    assert "2150 kcal (your data shows 1,900 kcal, your average daily intake)" in note
    assert "140 g (your data shows 110 g, your average protein)" in note


async def test_given_wrong_figures_when_chatting_then_they_are_reported_disclaimed_and_logged(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN tool cards that read a ~70 kg average and 1,900 kcal WHEN the model answers "82.4 to
    80.9 kg ... 2150 kcal with 140 g protein" THEN `grounding` lists those four figures, one
    disclaimer names each with the data's value, the message itself is untouched, the advice
    ("seven hours") is not checked, and the turn's log row holds the figures."""
    user = await seed_user(db)
    o = await _outputs(db, user)
    fake.script([Reply(calls=TOOLS), Reply(WRONG)])

    response = await client.post(CHAT, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))

    assert response.status_code == 200
    body = response.json()
    assert body["message"] == WRONG
    _assert_wrong_figures_reported(body["grounding"], body["disclaimers"], o["get_weight_trend"]["latest_average_kg"])
    [row] = await _turn_log(db, body["session_id"])
    assert row["provider"] == "openai" and row["finish_reason"] == "stop" and row["grounding_repaired"] is False
    assert (row["figures_checked"], row["figures_ungrounded"]) == (4, 4)
    assert [(u["text"], u["unit"], u["expected"]) for u in row["ungrounded"]][2] == ("2150 kcal", "kcal", "1,900 kcal")


async def test_given_the_true_figures_when_chatting_then_nothing_is_ungrounded(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN the same answer with the tools' own figures (rounded, a change said as "down")
    WHEN chatting THEN every figure is checked and grounded, no disclaimer is added."""
    user = await seed_user(db)
    answer = _true_answer(await _outputs(db, user))
    fake.script([Reply(calls=TOOLS), Reply(answer)])

    response = await client.post(CHAT, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))

    body = response.json()
    assert body["message"] == answer
    assert body["grounding"] == {"checked": 5, "ungrounded": []}  # "7-day" is a window
    assert body["disclaimers"] == []
    [row] = await _turn_log(db, body["session_id"])
    assert (row["figures_checked"], row["figures_ungrounded"], row["ungrounded"]) == (5, 0, [])


@pytest.mark.parametrize("wrong", [True, False])
async def test_given_an_answer_when_streaming_then_done_carries_its_grounding(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer, wrong: bool
) -> None:
    """GIVEN the wrong (or the true) answer WHEN streamed THEN the tokens are the answer as the
    model wrote it (nothing retracted), and `done` carries the same `grounding` and disclaimer
    as `/chat` would."""
    user = await seed_user(db)
    o = await _outputs(db, user)
    answer = WRONG if wrong else _true_answer(o)
    fake.script([Reply(calls=TOOLS), Reply(answer)])

    response = await client.post(STREAM, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))

    events, _ = parse_sse_records(response.text)
    assert "".join(e["data"]["content"] for e in events if e["type"] == "token") == answer
    done = events[-1]
    assert done["type"] == "done"
    if wrong:
        _assert_wrong_figures_reported(
            done["data"]["grounding"], done["data"]["disclaimers"], o["get_weight_trend"]["latest_average_kg"]
        )
    else:
        assert done["data"]["grounding"] == {"checked": 5, "ungrounded": []} and done["data"]["disclaimers"] == []
    [row] = await _turn_log(db, done["data"]["session_id"])
    assert row["figures_ungrounded"] == (4 if wrong else 0)


async def test_given_repair_enabled_when_the_answer_is_wrong_then_the_model_corrects_it_once(
    db: Database, database_url: str, redis_url: str, redis_prefix: str, fake: FakeOpenAIServer
) -> None:
    """GIVEN COACH_GROUNDING_REPAIR on WHEN the answer has ungrounded figures THEN the model is
    shown them with the data's values (no tools offered) and its corrected answer, checked again,
    is returned with no disclaimer; the tokens include the repair round and the log row says so."""
    settings = make_settings(database_url, redis_url, redis_prefix, coach_grounding_repair=True)
    user = await seed_user(db)
    answer = _true_answer(await _outputs(db, user))
    fake.script([Reply(calls=TOOLS, usage=(100, 10)), Reply(WRONG, usage=(200, 40)), Reply(answer, usage=(300, 50))])

    async with fake_provider_client(db, settings, fake) as client:
        response = await client.post(CHAT, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))

    body = response.json()
    assert body["message"] == answer
    assert body["grounding"] == {"checked": 5, "ungrounded": []} and body["disclaimers"] == []
    assert body["tokens_used"] == 700
    repair = fake.requests[2].body
    assert "tools" not in repair or not repair["tools"]
    assert repair["messages"][-2] == {"role": "assistant", "content": WRONG}
    instruction = repair["messages"][-1]["content"]
    assert "82.4 kg" in instruction and "2150 kcal (nearest value in the data: 1,900 kcal" in instruction
    assert "average daily intake: 1,900 kcal" in instruction
    [row] = await _turn_log(db, body["session_id"])
    assert row["grounding_repaired"] is True and row["figures_ungrounded"] == 0


async def test_given_repair_off_by_default_when_the_answer_is_wrong_then_no_second_call_is_made(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    assert settings.coach_grounding_repair is False
    user = await seed_user(db)
    fake.script([Reply(calls=TOOLS), Reply(WRONG)])
    response = await client.post(CHAT, json={"message": "How am I doing?"}, headers=auth_headers(user, settings))
    assert len(response.json()["grounding"]["ungrounded"]) == 4
    assert len(fake.requests) == 2 and fake.remaining == 0


@pytest.mark.parametrize(
    "question",
    [
        "How is my weight trending?",
        "How much am I eating, and how is my protein?",
        "What should my calories be?",
        "How consistent have I been with my streaks?",
        "How is my sleep and energy?",
        "Show me my profile and goal",
        "How am I doing on weight, food, calories and check-ins over the last 7 days?",
    ],
)
@pytest.mark.parametrize("streamed", [False, True])
async def test_given_the_offline_model_when_answering_then_its_figures_are_always_grounded(
    offline_client: httpx.AsyncClient, db: Database, settings: Settings, question: str, streamed: bool
) -> None:
    """The offline model states only figures from this turn's tool outputs: every one is grounded."""
    user = await seed_user(db, checkin_every=2, nutrition_every=3)
    response = await offline_client.post(
        STREAM if streamed else CHAT, json={"message": question}, headers=auth_headers(user, settings)
    )
    if streamed:
        grounding = parse_sse_records(response.text)[0][-1]["data"]["grounding"]
    else:
        grounding = response.json()["grounding"]
    assert grounding["checked"] >= 1
    assert grounding["ungrounded"] == []


async def test_given_a_user_erased_then_their_turn_log_rows_go_too(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply(calls=TOOLS), Reply(WRONG)])
    session = (await client.post(CHAT, json={"message": "hi"}, headers=auth_headers(user, settings))).json()
    assert len(await _turn_log(db, session["session_id"])) == 1
    assert (await client.delete("/api/v1/coach/me", headers=auth_headers(user, settings))).status_code in (200, 204)
    assert await fetch_all(db, "SELECT 1 FROM ai_turn_log WHERE user_id = %s", (user,)) == []


async def test_given_a_blocked_input_then_the_turn_log_row_checks_no_figures(db: Database, settings: Settings) -> None:
    user = await seed_user(db)
    async with client_for(build_app(db, settings)) as client:
        body = (
            await client.post(
                CHAT, json={"message": "plan me a 500 calorie a day diet"}, headers=auth_headers(user, settings)
            )
        ).json()
    assert body["grounding"] == {"checked": 0, "ungrounded": []}
    [row] = await _turn_log(db, body["session_id"])
    assert (row["finish_reason"], row["figures_checked"], row["provider"]) == ("safety", 0, None)
