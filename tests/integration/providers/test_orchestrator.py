"""The tool loop end to end: real SDKs against loopback fakes, test tools through a real
`ToolRegistry` (PostgreSQL-backed, Redis cache), both `run` and `stream`; and the offline
provider answering from the six real tools and a real user's rows."""

from __future__ import annotations

import datetime as dt
import json
import time
import uuid
from typing import Any

import pytest

from coach_core.db.connection import PoolDatabase
from coach_core.errors import ProviderError, ProviderUnavailableError
from coach_core.models import CheckIn, Goal, Profile, utctoday
from coach_core.orchestrator import (
    MAX_ITERATIONS_TEXT,
    MAX_TOOL_ROUNDS,
    FinishEvent,
    Orchestrator,
    OrchestratorEvent,
    OrchestratorResult,
    TokenEvent,
    ToolEndEvent,
    ToolStartEvent,
)
from coach_core.providers.base import LLMProvider, Message
from coach_core.providers.offline import OfflineProvider
from coach_core.service import OFFLINE_KIT
from coach_core.tools.cache import ToolCache
from coach_core.tools.registry import BoundTools, ToolRegistry
from tests.fakes import Call, Fail, FakeLLMServer, Reply
from tests.fakes.tools import EchoDaysTool, SlowToolA, SlowToolB

SYSTEM = "You are a fitness coach."
Run = tuple[OrchestratorResult, list[Any]]


@pytest.fixture
def slow_tools() -> tuple[SlowToolA, SlowToolB]:
    return SlowToolA(), SlowToolB()


@pytest.fixture
def tools(db: PoolDatabase, cache: ToolCache, slow_tools: tuple[SlowToolA, SlowToolB]) -> BoundTools:
    registry = ToolRegistry([EchoDaysTool(), *slow_tools], db=db, cache=cache)
    return registry.bind(uuid.uuid4(), None)


async def _drive(orchestrator: Orchestrator, tools: BoundTools, mode: str, question: str = "hi") -> Run:
    """Run one turn; for `stream`, also return the events (FinishEvent checked to be last)."""
    messages = [Message.user(question)]
    if mode == "run":
        return await orchestrator.run(system=SYSTEM, messages=messages, tools=tools, model_tier="standard"), []
    events = [
        e async for e in orchestrator.stream(system=SYSTEM, messages=messages, tools=tools, model_tier="standard")
    ]
    assert isinstance(events[-1], FinishEvent)
    assert not any(isinstance(e, FinishEvent) for e in events[:-1])
    return events[-1].result, events[:-1]


def _tool_results_sent(fake: FakeLLMServer, request_index: int) -> list[dict[str, Any]]:
    """The tool results the model received in a request, as (id, parsed content, is_error)."""
    body = fake.requests[request_index].body
    if fake.provider == "openai":
        return [
            {"id": m["tool_call_id"], "content": json.loads(m["content"])}
            for m in body["messages"]
            if m["role"] == "tool"
        ]
    last = body["messages"][-1]
    return [
        {"id": b["tool_use_id"], "content": json.loads(b["content"]), "is_error": b.get("is_error", False)}
        for b in last["content"]
        if b["type"] == "tool_result"
    ]


MODES = ["run", "stream"]


@pytest.mark.parametrize("mode", MODES)
async def test_given_a_text_answer_when_run_then_one_round_with_that_text(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Reply("Nice work this week!", usage=(40, 6))])
    result, events = await _drive(Orchestrator(provider), tools, mode)
    assert (result.text, result.finish_reason, result.rounds, result.tool_trace) == (
        "Nice work this week!",
        "stop",
        1,
        [],
    )
    assert result.usage.total == 46
    assert [t["name"] if "name" in t else t["function"]["name"] for t in fake.requests[0].body["tools"]] == [
        "echo_days",
        "slow_a",
        "slow_b",
    ]
    if mode == "stream":
        assert all(isinstance(e, TokenEvent) for e in events)
        assert "".join(e.content for e in events) == "Nice work this week!"
        assert len(events) == 4


@pytest.mark.parametrize("mode", MODES)
async def test_given_one_tool_call_when_run_then_the_registry_runs_it_and_the_model_sees_the_result(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Reply(calls=(Call("echo_days", {"days": 7}, id="c1"),)), Reply("You asked for 7 days.")])
    result, events = await _drive(Orchestrator(provider), tools, mode)
    assert (result.finish_reason, result.rounds, result.usage.total) == ("stop", 2, 38)
    assert result.text == "You asked for 7 days."
    assert [(t.tool_name, t.status, t.cached) for t in result.tool_trace] == [("echo_days", "success", False)]
    sent = _tool_results_sent(fake, 1)
    assert [(r["id"], r["content"]["days"], r["content"]["user_id"]) for r in sent] == [("c1", 7, str(tools.user_id))]
    assert len(tools.log_rows) == 1
    if mode == "stream":
        kinds = [type(e).__name__ for e in events]
        assert kinds == ["ToolStartEvent", "ToolEndEvent", *["TokenEvent"] * 5]
        start, end = events[0], events[1]
        assert (start.tool_name, start.description) == ("echo_days", EchoDaysTool.description)
        assert json.loads(start.input_summary) == {"days": 7}
        assert (end.tool_name, end.status, end.cached) == ("echo_days", "success", False)
        assert "days=7" in end.output_summary


@pytest.mark.parametrize("mode", MODES)
async def test_given_the_same_call_twice_when_run_then_the_second_is_served_from_the_cache(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script(
        [
            Reply(calls=(Call("echo_days", {"days": 9}),)),
            Reply(calls=(Call("echo_days", {"days": 9}),)),
            Reply("Same again."),
        ]
    )
    result, _ = await _drive(Orchestrator(provider), tools, mode)
    assert [t.cached for t in result.tool_trace] == [False, True]
    assert _tool_results_sent(fake, 2)[-1]["content"]["days"] == 9


@pytest.mark.parametrize("mode", MODES)
async def test_given_two_slow_tools_in_one_round_when_run_then_they_execute_concurrently(
    fake: FakeLLMServer,
    provider: LLMProvider,
    tools: BoundTools,
    slow_tools: tuple[SlowToolA, SlowToolB],
    mode: str,
) -> None:
    fake.script([Reply(calls=(Call("slow_a", id="s1"), Call("slow_b", id="s2"))), Reply("Both done.")])
    orchestrator = Orchestrator(provider)
    if mode == "run":
        started = time.perf_counter()
        result, _ = await _drive(orchestrator, tools, mode)
        total = time.perf_counter() - started
        assert total < 0.35 + 0.25, f"two 0.2 s tools and two local requests took {total:.3f}s"
    else:
        stamps: dict[str, float] = {}
        events: list[OrchestratorEvent] = []
        async for event in orchestrator.stream(
            system=SYSTEM, messages=[Message.user("go")], tools=tools, model_tier="standard"
        ):
            events.append(event)
            if isinstance(event, ToolStartEvent):
                stamps.setdefault("first_start", time.perf_counter())
            if isinstance(event, ToolEndEvent):
                stamps["last_end"] = time.perf_counter()
        finish = events[-1]
        assert isinstance(finish, FinishEvent)
        result = finish.result
        assert stamps["last_end"] - stamps["first_start"] < 0.35
        kinds = [type(e).__name__ for e in events[:4]]
        assert kinds == ["ToolStartEvent", "ToolStartEvent", "ToolEndEvent", "ToolEndEvent"]
    a, b = slow_tools
    assert max(a.started + b.started) < min(a.finished + b.finished), "one tool waited for the other"
    assert [t.tool_name for t in result.tool_trace] == ["slow_a", "slow_b"]
    assert [r["id"] for r in _tool_results_sent(fake, 1)] == ["s1", "s2"]
    if fake.provider == "anthropic":
        assert len([m for m in fake.requests[1].body["messages"] if m["role"] == "user"]) == 2


@pytest.mark.parametrize("mode", MODES)
async def test_given_a_model_that_keeps_calling_tools_when_run_then_max_iterations_after_five_rounds(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Reply(calls=(Call("echo_days", {"days": d}),)) for d in range(1, MAX_TOOL_ROUNDS + 1)])
    result, events = await _drive(Orchestrator(provider), tools, mode)
    assert (result.finish_reason, result.rounds) == ("max_iterations", MAX_TOOL_ROUNDS)
    assert result.text.endswith(MAX_ITERATIONS_TEXT)
    assert len(fake.requests) == MAX_TOOL_ROUNDS and fake.unexpected == 0
    assert len(result.tool_trace) == MAX_TOOL_ROUNDS
    assert result.usage.total == 19 * MAX_TOOL_ROUNDS
    if mode == "stream":
        assert "".join(e.content for e in events if isinstance(e, TokenEvent)) == result.text


@pytest.mark.parametrize(
    ("mode", "arguments"),
    # Bad JSON only streamed: a non-streamed Anthropic tool_use input is always an object.
    [("run", {"days": "lots"}), ("stream", {"days": "lots"}), ("stream", '{"days": 7')],
)
async def test_given_malformed_arguments_when_run_then_the_model_reads_an_error_and_answers(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str, arguments: Any
) -> None:
    fake.script([Reply(calls=(Call("echo_days", arguments),)), Reply("Sorry, let me answer without it.")])
    result, _ = await _drive(Orchestrator(provider), tools, mode)
    assert result.finish_reason == "stop"
    assert [(t.tool_name, t.status) for t in result.tool_trace] == [("echo_days", "error")]
    sent = _tool_results_sent(fake, 1)
    assert sent[0]["content"]["error"]["type"] == "invalid_arguments"
    if fake.provider == "anthropic":
        assert sent[0]["is_error"] is True


@pytest.mark.parametrize("mode", MODES)
async def test_given_an_unknown_tool_when_run_then_the_model_reads_an_unknown_tool_error(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Reply(calls=(Call("delete_everything", {}), Call("echo_days", {"days": 2}))), Reply("OK.")])
    result, events = await _drive(Orchestrator(provider), tools, mode)
    assert [(t.tool_name, t.status) for t in result.tool_trace] == [
        ("delete_everything", "error"),
        ("echo_days", "success"),
    ]
    sent = _tool_results_sent(fake, 1)
    assert sent[0]["content"]["error"]["type"] == "unknown_tool"
    assert sent[1]["content"]["days"] == 2
    if mode == "stream":
        starts = [e for e in events if isinstance(e, ToolStartEvent)]
        assert (starts[0].tool_name, starts[0].description) == ("delete_everything", "Unknown tool")


@pytest.mark.parametrize("mode", MODES)
async def test_given_a_429_then_success_when_run_then_the_turn_completes(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Fail(429), Reply("Recovered.")])
    result, _ = await _drive(Orchestrator(provider), tools, mode)
    assert result.text == "Recovered."
    assert len(fake.requests) == 2


@pytest.mark.parametrize("mode", MODES)
async def test_given_persistent_500s_mid_loop_when_run_then_provider_error_propagates(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools, mode: str
) -> None:
    fake.script([Reply(calls=(Call("echo_days", {"days": 3}),)), *[Fail(500)] * 3])
    with pytest.raises(ProviderError) as caught:
        await _drive(Orchestrator(provider), tools, mode)
    assert type(caught.value) is ProviderUnavailableError and caught.value.retryable
    assert fake.remaining == 0


async def test_given_slow_chunks_when_streamed_then_tokens_reach_the_consumer_before_the_stream_ends(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools
) -> None:
    fake.script([Reply("one two three four five six seven", chunk_delay=0.04)])
    arrivals: list[float] = []
    async for event in Orchestrator(provider).stream(
        system=SYSTEM, messages=[Message.user("hi")], tools=tools, model_tier="free"
    ):
        if isinstance(event, TokenEvent):
            arrivals.append(time.perf_counter())
    sent = fake.requests[0].event_times
    assert len(arrivals) == 7
    assert arrivals[0] < sent[-1] - 0.15
    assert arrivals[2] < sent[-1]


async def test_given_text_then_tools_then_text_when_streamed_then_rounds_are_separated_and_all_sent_is_kept(
    fake: FakeLLMServer, provider: LLMProvider, tools: BoundTools
) -> None:
    fake.script([Reply("Let me check.", calls=(Call("echo_days", {"days": 1}),)), Reply("All good.")])
    result, events = await _drive(Orchestrator(provider), tools, "stream")
    streamed = "".join(e.content for e in events if isinstance(e, TokenEvent))
    assert streamed == result.text == "Let me check.\n\nAll good."
    assistant = fake.requests[1].body["messages"][-2]
    assert "Let me check." in json.dumps(assistant)


async def test_given_a_consumer_that_leaves_during_tools_when_closed_then_running_tools_are_cancelled(
    fake: FakeLLMServer,
    provider: LLMProvider,
    tools: BoundTools,
    slow_tools: tuple[SlowToolA, SlowToolB],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A client disconnect mid-round: the fast tool's end arrives, then the consumer leaves;
    the slow tool still running is cancelled rather than left behind."""
    monkeypatch.setattr(slow_tools[0], "delay", 5.0)  # surely still running when the fast one ends
    fake.script([Reply(calls=(Call("echo_days", {"days": 1}), Call("slow_a")))])
    stream = Orchestrator(provider).stream(
        system=SYSTEM, messages=[Message.user("x")], tools=tools, model_tier="standard"
    )
    async for event in stream:
        if isinstance(event, ToolEndEvent):
            assert event.tool_name == "echo_days"
            break
    await stream.aclose()
    slow_a = slow_tools[0]
    assert (len(slow_a.started), slow_a.finished, slow_a.cancelled) == (1, [], 1)


# ---- offline provider with the six real tools -------------------------------------------------


async def _weight_user(db: PoolDatabase, weights: list[float]) -> uuid.UUID:
    """A user who weighed in every day, the last weight today."""
    from coach_core.repositories.users import upsert_user

    today = utctoday()
    user_id = uuid.uuid4()
    profile = Profile(
        id=user_id,
        birth_date=dt.date(1988, 3, 1),
        sex="male",
        height_cm=180.0,
        activity_level="moderately_active",
        goal=Goal(type="lose", target_rate_kg_per_week=0.5),
    )
    checkins = [
        CheckIn(date=today - dt.timedelta(days=len(weights) - 1 - i), weight_kg=w, energy=3, mood=4, sleep_hours=7.0)
        for i, w in enumerate(weights)
    ]
    async with db.connection() as conn:
        await upsert_user(conn, profile, checkins, [])
    return user_id


@pytest.mark.parametrize("mode", MODES)
async def test_given_a_real_user_when_offline_answers_a_weight_question_then_it_quotes_the_real_trend(
    db: PoolDatabase, cache: ToolCache, mode: str
) -> None:
    from coach_core.tools import default_tools

    weights = [round(90.0 - 0.1 * i, 2) for i in range(21)]  # -0.1 kg/day: -0.7 kg/week
    user_id = await _weight_user(db, weights)
    tools = ToolRegistry(default_tools(), db=db, cache=cache).bind(user_id, None)
    result, events = await _drive(Orchestrator(OfflineProvider(OFFLINE_KIT)), tools, mode, "how is my weight trending?")
    assert result.finish_reason == "stop" and result.rounds == 2
    assert [(t.tool_name, t.status) for t in result.tool_trace] == [("get_weight_trend", "success")]
    latest_average = round(sum(weights[-7:]) / 7, 2)
    assert f"Your 7-day average is {latest_average:g} kg" in result.text
    assert "losing 0.7 kg per week" in result.text
    assert result.usage.total > 0
    await tools.flush_logs()
    async with db.connection() as conn:
        cur = await conn.execute("SELECT tool_name, status FROM ai_tool_call_log WHERE user_id = %s", (user_id,))
        assert [(r["tool_name"], r["status"]) for r in await cur.fetchall()] == [("get_weight_trend", "success")]
    if mode == "stream":
        tokens = [e.content for e in events if isinstance(e, TokenEvent)]
        assert len(tokens) == len(result.text.split()) and "".join(tokens) == result.text
        assert isinstance(events[0], ToolStartEvent) and isinstance(events[1], ToolEndEvent)


async def test_given_the_offline_provider_when_asked_twice_then_the_answer_is_deterministic(
    db: PoolDatabase,
) -> None:
    from coach_core.tools import default_tools

    user_id = await _weight_user(db, [80.0, 79.8, 79.9, 79.5, 79.4, 79.6, 79.2, 79.0])
    registry = ToolRegistry(default_tools(), db=db, cache=None)
    answers = [
        (
            await Orchestrator(OfflineProvider(OFFLINE_KIT)).run(
                system=SYSTEM,
                messages=[Message.user("How am I doing with my weight and food?")],
                tools=registry.bind(user_id, None),
                model_tier="free",
            )
        ).text
        for _ in range(2)
    ]
    assert answers[0] == answers[1]
    assert "kg" in answers[0] and "meals" in answers[0]
