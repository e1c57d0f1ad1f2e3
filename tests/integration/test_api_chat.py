"""`POST /chat` over HTTP with the real OpenAI SDK aimed at the loopback fake: every
ChatResponse field, sessions (resume, idle expiry, history trim, prompt history, another
user's id), safety policies on input and output (no provider call for block/flag), provider
failure (no secret leaks, nothing persisted) and the SQL budget."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from coach_core.context_builder import ContextBuilder
from coach_core.db.connection import Database
from coach_core.errors import ProviderError
from coach_core.models import Goal, PolicyViolationRow, ToolCallLogRow, utctoday
from coach_core.orchestrator import MAX_ITERATIONS_TEXT, MAX_TOOL_ROUNDS
from coach_core.prompts.disclaimer_templates import (
    CALORIE_BLOCK_MESSAGE,
    SUPPORT_RESOURCES_MESSAGE,
    get_disclaimer,
)
from coach_core.providers.factory import create_provider
from coach_core.repositories import usage
from coach_core.service import PROMPT_HISTORY_MESSAGES, make_provider
from coach_core.settings import Settings
from coach_core.tools import GetWeightTrendTool
from tests.api_support import (
    CHAT_RESPONSE_KEYS,
    RecordingProvider,
    build_app,
    build_service,
    client_for,
    fake_provider_client,
    fetch_all,
    make_settings,
    post_chat,
    seed_user,
    session_row,
    written_rows,
)
from tests.fakes import Call, Fail, FakeOpenAIServer, Reply

pytestmark = pytest.mark.integration

TRACE_KEYS = {"tool_name", "description", "input_summary", "output_summary", "latency_ms", "cached", "status"}
SECRET = "sk-live-DO-NOT-LEAK-7f3a9c"


def _conversation(fake: FakeOpenAIServer, index: int) -> list[tuple[str, str]]:
    """(role, content) of the non-system messages the provider received in request `index`."""
    return [(m["role"], m.get("content") or "") for m in fake.requests[index].body["messages"] if m["role"] != "system"]


async def test_given_a_tool_round_when_chatting_then_every_response_field_is_filled_and_stored(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db, checkin_every=2, nutrition_every=3)  # 4/7 check-ins, 3/7 food days
    fake.script(
        [
            Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(100, 20)),
            Reply("You're trending down about 0.7 kg a week.", usage=(150, 30)),
        ]
    )

    response = await post_chat(client, user, settings, "How is my weight trending?")

    assert response.status_code == 200
    assert response.headers["x-coach-provider"] == "openai"
    body = response.json()
    assert set(body) == CHAT_RESPONSE_KEYS
    assert body["message"] == "You're trending down about 0.7 kg a week."
    assert body["finish_reason"] == "stop"
    assert body["provider"] == "openai"
    assert body["tokens_used"] == 300
    assert body["disclaimers"] == []
    assert body["grounding"] == {"checked": 1, "ungrounded": []}  # 0.7 kg a week is the tool's weekly rate
    assert body["confidence"] == 0.67  # mean of 4/7, 3/7 and a complete profile
    assert [g["field"] for g in body["data_gaps"]] == ["checkins", "nutrition"]
    assert all(set(g) == {"field", "description", "suggestion"} for g in body["data_gaps"])
    [trace] = body["tool_trace"]
    assert set(trace) == TRACE_KEYS
    assert trace["tool_name"] == "get_weight_trend" and trace["description"] == GetWeightTrendTool.description
    assert trace["input_summary"] == '{"days":30}' and trace["output_summary"]
    assert trace["status"] == "success" and trace["cached"] is False and trace["latency_ms"] >= 0
    # The provider saw all six tools and the user's message after the system prompt.
    assert len(fake.requests[0].body["tools"]) == 6
    assert _conversation(fake, 0) == [("user", "How is my weight trending?")]

    session = await session_row(db, body["session_id"])
    assert session["user_id"] == user and session["status"] == "ACTIVE"
    assert session["history"] == [
        {"role": "user", "content": "How is my weight trending?"},
        {"role": "assistant", "content": body["message"]},
    ]
    assert session["message_count"] == 2 and session["tokens_used"] == 300
    logs = await fetch_all(
        db, "SELECT tool_name, session_id, cache_hit, provider FROM ai_tool_call_log WHERE user_id = %s", (user,)
    )
    assert logs == [
        {
            "tool_name": "get_weight_trend",
            "session_id": uuid.UUID(body["session_id"]),
            "cache_hit": False,
            "provider": "openai",
        }
    ]
    per_provider = await fetch_all(
        db,
        "SELECT provider, requests, input_tokens, output_tokens FROM ai_usage_provider_daily WHERE user_id = %s",
        (user,),
    )
    assert per_provider == [{"provider": "openai", "requests": 1, "input_tokens": 250, "output_tokens": 50}]


async def test_given_the_same_tool_call_twice_when_chatting_then_the_second_is_served_from_cache(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    step = [Reply(calls=(Call("calculate_tdee", {}),)), Reply("About 1,650 kcal a day.")]
    fake.script(step + step)
    first = (await post_chat(client, user, settings, "What should I eat?")).json()
    second = (await post_chat(client, user, settings, "What should I eat again?")).json()
    assert first["tool_trace"][0]["cached"] is False
    assert second["tool_trace"][0]["cached"] is True
    assert first["session_id"] != second["session_id"]  # no session_id → a new session each time


async def test_given_a_session_id_when_chatting_again_then_the_session_resumes_with_its_history(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("First answer.", usage=(10, 5)), Reply("Second answer.", usage=(20, 5))])
    first = (await post_chat(client, user, settings, "First question")).json()
    second = (await post_chat(client, user, settings, "Second question", first["session_id"])).json()

    assert second["session_id"] == first["session_id"]
    assert _conversation(fake, 1) == [
        ("user", "First question"),
        ("assistant", "First answer."),
        ("user", "Second question"),
    ]
    session = await session_row(db, first["session_id"])
    assert session["message_count"] == 4 and session["tokens_used"] == 40
    assert [t["content"] for t in session["history"]] == [
        "First question",
        "First answer.",
        "Second question",
        "Second answer.",
    ]


async def test_given_a_history_cap_when_chatting_then_stored_history_is_trimmed_to_the_cap(
    db: Database, fake: FakeOpenAIServer, database_url: str, redis_url: str, redis_prefix: str, coach_env: None
) -> None:
    settings = make_settings(database_url, redis_url, redis_prefix, coach_max_conversation_history=4)
    user = await seed_user(db)
    fake.script([Reply(f"answer {i}") for i in range(1, 4)])
    async with fake_provider_client(db, settings, fake) as client:
        session_id = (await post_chat(client, user, settings, "question 1")).json()["session_id"]
        for i in (2, 3):
            assert (await post_chat(client, user, settings, f"question {i}", session_id)).status_code == 200

    session = await session_row(db, session_id)
    assert [t["content"] for t in session["history"]] == ["question 2", "answer 2", "question 3", "answer 3"]
    assert session["message_count"] == 6


async def test_given_a_long_session_when_chatting_then_the_prompt_carries_only_the_last_six_messages(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply(f"answer {i}") for i in range(1, 6)])
    session_id = (await post_chat(client, user, settings, "question 1")).json()["session_id"]
    for i in range(2, 6):
        await post_chat(client, user, settings, f"question {i}", session_id)

    prompt = _conversation(fake, 4)
    assert len(prompt) == PROMPT_HISTORY_MESSAGES + 1
    assert prompt[0] == ("user", "question 2") and prompt[-1] == ("user", "question 5")
    assert len((await session_row(db, session_id))["history"]) == 10  # stored history keeps up to 12


async def test_given_an_idle_session_when_chatting_then_it_is_expired_and_a_fresh_one_starts(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Hello!"), Reply("Fresh start.")])
    old = (await post_chat(client, user, settings, "hi")).json()["session_id"]
    async with db.connection() as conn:
        await conn.execute(
            "UPDATE ai_session SET last_activity_at = last_activity_at - interval '25 hours' WHERE id = %s",
            (uuid.UUID(old),),
        )

    new = (await post_chat(client, user, settings, "back again", old)).json()["session_id"]

    assert new != old
    assert _conversation(fake, 1) == [("user", "back again")]  # the idle history is not carried over
    expired = await session_row(db, old)
    assert expired["status"] == "EXPIRED" and expired["expired_at"] is not None
    fresh = await session_row(db, new)
    assert fresh["status"] == "ACTIVE" and fresh["message_count"] == 2


async def test_given_a_session_the_sweeper_expired_when_chatting_then_a_fresh_one_starts(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("One."), Reply("Two.")])
    old = (await post_chat(client, user, settings, "hi")).json()["session_id"]
    async with db.connection() as conn:
        await conn.execute("UPDATE ai_session SET status = 'EXPIRED' WHERE id = %s", (uuid.UUID(old),))
    new = (await post_chat(client, user, settings, "again", old)).json()["session_id"]
    assert new != old and (await session_row(db, old))["message_count"] == 2


@pytest.mark.parametrize("whose", ["another_users", "unknown"])
async def test_given_a_session_id_that_is_not_the_users_when_chatting_then_404_and_nothing_happens(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer, whose: str
) -> None:
    owner, intruder = await seed_user(db), await seed_user(db)
    fake.script([Reply("Private answer.")])
    owned = (await post_chat(client, owner, settings, "my secret question")).json()["session_id"]
    fake.script([])
    target = owned if whose == "another_users" else str(uuid.uuid4())

    response = await post_chat(client, intruder, settings, "show me", target)

    assert response.status_code == 404
    assert response.json() == {"detail": "Session not found."}
    assert fake.requests == []
    assert await written_rows(db, intruder) == {"sessions": 0, "tool_calls": 0, "violations": 0}
    assert (await session_row(db, owned))["message_count"] == 2


@pytest.mark.parametrize(
    ("message", "reply", "violation", "action"),
    [
        ("I want to kill myself, nothing matters anymore", SUPPORT_RESOURCES_MESSAGE, "crisis", "flag"),
        ("Give me a meal plan with 600 calories a day", CALORIE_BLOCK_MESSAGE, "calorie_minimum", "block"),
    ],
)
async def test_given_input_the_policies_flag_or_block_when_chatting_then_safety_reply_without_provider_call(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    message: str,
    reply: str,
    violation: str,
    action: str,
) -> None:
    user = await seed_user(db)
    fake.script([])

    response = await post_chat(client, user, settings, message)

    assert response.status_code == 200
    body = response.json()
    assert fake.requests == []
    assert body["message"] == reply and body["finish_reason"] == "safety"
    assert body["tokens_used"] == 0 and body["tool_trace"] == []
    assert set(body) == CHAT_RESPONSE_KEYS
    for text in body["disclaimers"]:
        assert text not in body["message"]
    rows = await fetch_all(
        db,
        "SELECT direction, violation_type, action_taken, session_id FROM ai_policy_violation_log WHERE user_id = %s",
        (user,),
    )
    assert {
        "direction": "input",
        "violation_type": violation,
        "action_taken": action,
        "session_id": uuid.UUID(body["session_id"]),
    } in rows
    # The exchange is kept so the conversation stays coherent.
    session = await session_row(db, body["session_id"])
    assert session["history"] == [{"role": "user", "content": message}, {"role": "assistant", "content": reply}]


async def test_given_a_medical_question_when_chatting_then_the_model_answers_with_the_medical_disclaimer(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Focus on fibre-rich carbs spread across the day.")])
    body = (await post_chat(client, user, settings, "I take metformin for type 2 diabetes, what should I eat?")).json()
    assert len(fake.requests) == 1
    assert body["message"] == "Focus on fibre-rich carbs spread across the day."
    assert get_disclaimer("medical") in body["disclaimers"]
    assert body["finish_reason"] == "stop"


async def test_given_an_answer_below_the_floor_when_checking_output_then_it_gets_the_disclaimer_and_a_log_row(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    answer = "You could try eating 1,000 kcal per day for a while."
    fake.script([Reply(answer)])
    body = (await post_chat(client, user, settings, "How can I speed things up?")).json()
    assert body["message"] == answer
    assert body["disclaimers"] == [get_disclaimer("calorie_minimum")]
    rows = await fetch_all(
        db, "SELECT direction, violation_type, action_taken FROM ai_policy_violation_log WHERE user_id = %s", (user,)
    )
    assert rows == [{"direction": "output", "violation_type": "calorie_minimum", "action_taken": "modify"}]


async def test_given_an_unsafe_answer_when_checking_output_then_it_is_replaced_and_stored_replaced(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Just eat 500 calories a day until the wedding.")])
    body = (await post_chat(client, user, settings, "Fastest way to slim down?")).json()
    assert body["message"] == CALORIE_BLOCK_MESSAGE and body["finish_reason"] == "safety"
    session = await session_row(db, body["session_id"])
    assert session["history"][-1] == {"role": "assistant", "content": CALORIE_BLOCK_MESSAGE}


async def test_given_a_provider_error_carrying_a_secret_when_chatting_then_generic_502_and_nothing_stored(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    fake: FakeOpenAIServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    user = await seed_user(db)
    fake.script([Reply(calls=(Call("get_adherence_metrics", {}),)), Fail(500, message=f"upstream exploded {SECRET}")])
    caplog.set_level(logging.DEBUG)

    response = await post_chat(client, user, settings, "How consistent am I?")

    assert response.status_code == 502
    assert response.json() == {"detail": ProviderError.public_message}
    assert SECRET not in response.text and SECRET not in caplog.text
    # No session or exchange is stored; the tool that did run is still in the call log.
    assert await written_rows(db, user) == {"sessions": 0, "tool_calls": 1, "violations": 0}


async def test_given_a_medical_question_and_a_failing_provider_when_chatting_then_the_input_violation_is_logged(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Fail(500, message="upstream exploded")])
    response = await post_chat(client, user, settings, "I take metformin, what should I eat before a run?")
    assert response.status_code == 502
    assert await written_rows(db, user) == {"sessions": 0, "tool_calls": 0, "violations": 1}


async def test_given_a_model_that_never_stops_calling_tools_when_chatting_then_max_iterations(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply(calls=(Call("get_user_profile", {}),)) for _ in range(MAX_TOOL_ROUNDS)])
    body = (await post_chat(client, user, settings, "Tell me everything")).json()
    assert body["finish_reason"] == "max_iterations" and body["message"] == MAX_ITERATIONS_TEXT
    assert len(body["tool_trace"]) == MAX_TOOL_ROUNDS
    assert [t["cached"] for t in body["tool_trace"]] == [False] + [True] * (MAX_TOOL_ROUNDS - 1)


# --- SQL budget ----------------------------------------------------------------------------


class _Counter:
    def __init__(self) -> None:
        self.statements = 0


class _CountingCursor:
    def __init__(self, cursor: Any, counter: _Counter) -> None:
        self._cursor, self._counter = cursor, counter

    async def __aenter__(self) -> _CountingCursor:
        await self._cursor.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self._cursor.__aexit__(*exc)

    async def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        self._counter.statements += 1
        return await self._cursor.execute(query, params, **kwargs)

    async def executemany(self, query: Any, params_seq: Any, **kwargs: Any) -> Any:
        params_seq = list(params_seq)
        self._counter.statements += len(params_seq)
        return await self._cursor.executemany(query, params_seq, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)


class _CountingConn:
    """Counts every statement sent: execute, each executemany row, BEGIN and COMMIT."""

    def __init__(self, conn: Any, counter: _Counter) -> None:
        self._conn, self._counter = conn, counter

    async def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        self._counter.statements += 1
        return await self._conn.execute(query, params, **kwargs)

    def transaction(self, *args: Any, **kwargs: Any) -> Any:
        self._counter.statements += 2
        return self._conn.transaction(*args, **kwargs)

    def cursor(self, *args: Any, **kwargs: Any) -> _CountingCursor:
        return _CountingCursor(self._conn.cursor(*args, **kwargs), self._counter)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


class CountingDatabase:
    def __init__(self, inner: Database) -> None:
        self.inner = inner
        self.counter = _Counter()

    async def open(self) -> None:
        await self.inner.open()

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Any]:
        async with self.inner.connection() as conn:
            yield _CountingConn(conn, self.counter)

    async def close(self) -> None:
        await self.inner.close()


@pytest.mark.parametrize("resume", [False, True])
async def test_given_a_chat_with_one_uncached_tool_when_counting_sql_then_at_most_nine_statements(
    db: Database, settings: Settings, fake: FakeOpenAIServer, resume: bool
) -> None:
    """GIVEN a user's first chat of the day WHEN counting every statement THEN at most 9: the
    context (4, one round trip), the day's token usage (1, to seed the budget counter while it
    is cold in Redis), the tool's read (1), each model call's usage as it is reported (2: every
    token is billed even if the turn fails later) and the turn's one write (the exchange and
    the log rows: `repositories.turns`). Resuming a session right after a first chat: the
    session look-up, the data version (the context is cached), the tool's read, the two usage
    writes and the exchange (6)."""
    user = await seed_user(db, goal=Goal(type="maintain"))
    counting = CountingDatabase(db)
    provider = create_provider(fake.settings(llm_max_retries=0))
    service = build_service(counting, settings, provider, context_builder=ContextBuilder())  # type: ignore[arg-type]
    from coach_core.api import create_app

    warm_up = [Reply("Warm-up.")] if resume else []
    fake.script([*warm_up, Reply(calls=(Call("get_weight_trend", {"days": 14}),)), Reply("Steady.")])
    try:
        async with client_for(create_app(service=service, settings=settings)) as client:
            session_id = None
            if resume:
                session_id = (await post_chat(client, user, settings, "hello")).json()["session_id"]
            counting.counter.statements = 0
            response = await post_chat(client, user, settings, "weight trend?", session_id)
    finally:
        await provider.aclose()
    assert response.status_code == 200 and response.json()["tool_trace"][0]["cached"] is False
    assert counting.counter.statements <= (6 if resume else 9), counting.counter.statements


class ExplodingProvider(RecordingProvider):
    """A provider bug (not a mapped ProviderError) whose text carries a secret."""

    def __init__(self) -> None:
        super().__init__(make_provider(make_settings("postgresql://unused", "redis://unused", "x:")))

    async def complete(self, **kwargs: Any) -> Any:
        self.calls += 1
        raise RuntimeError(SECRET)


async def test_given_an_unexpected_exception_with_a_secret_when_chatting_then_generic_500_and_no_leak(
    db: Database, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    user = await seed_user(db)
    provider = ExplodingProvider()
    caplog.set_level(logging.DEBUG)
    async with client_for(build_app(db, settings, provider)) as client:
        response = await post_chat(client, user, settings, "How consistent am I?")
    assert provider.calls == 1
    assert response.status_code == 500
    assert response.json() == {"detail": "Something went wrong. Please try again."}
    assert SECRET not in response.text and SECRET not in caplog.text
    assert "RuntimeError" in caplog.text  # the type and stack are logged for operators
    assert await written_rows(db, user) == {"sessions": 0, "tool_calls": 0, "violations": 0}


async def test_given_a_session_expired_between_look_up_and_write_when_recording_then_a_fresh_session_keeps_it(
    db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    from coach_core.service.sessions import Exchange, SessionState, SessionStore

    user = await seed_user(db)
    fake.script([Reply("First.")])
    async with fake_provider_client(db, settings, fake) as client:
        old = uuid.UUID((await post_chat(client, user, settings, "hi")).json()["session_id"])
    store = SessionStore(db, settings)
    state = await store.open(user, old)
    assert state == SessionState(old, "standard", state.history, is_new=False)
    async with db.connection() as conn:  # the sweeper runs in between
        await conn.execute("UPDATE ai_session SET status = 'EXPIRED' WHERE id = %s", (old,))

    before = await written_rows(db, user)
    tool_row = ToolCallLogRow(
        user_id=user,
        session_id=old,
        tool_name="get_weight_trend",
        input_hash="h",
        input_summary="days=14",
        output_summary="ok",
        status="success",
        latency_ms=3,
        cache_hit=False,
        provider="openai",
    )
    violation = PolicyViolationRow(
        user_id=user,
        session_id=old,
        direction="output",
        violation_type="medical",
        severity="medium",
        trigger_content="t",
        action_taken="modify",
    )

    written = await store.record(state, user, Exchange("again", "Answer.", 5, [violation], [tool_row]))

    assert written != old
    fresh = await session_row(db, str(written))
    assert fresh["history"] == [{"role": "user", "content": "again"}, {"role": "assistant", "content": "Answer."}]
    assert (await session_row(db, str(old)))["message_count"] == 2
    # The refused first attempt wrote nothing: the log rows count once. Usage is not part of the
    # exchange (each call's was written when reported): the day still shows the first chat only.
    after = await written_rows(db, user)
    assert after == {
        **before,
        "sessions": before["sessions"] + 1,
        "tool_calls": before["tool_calls"] + 1,
        "violations": before["violations"] + 1,
    }
    async with db.connection() as conn:
        day = (await usage.usage_since(conn, user, utctoday()))[0]
    assert day.requests == 1 and day.tokens == 12 + 7
