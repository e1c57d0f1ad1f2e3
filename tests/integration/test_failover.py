"""Provider failover over HTTP, with both real SDKs against the loopback fakes: OpenAI is the
primary, Anthropic the fallback (`LLM_FALLBACK_PROVIDER=anthropic`).

- a primary 500 (after the SDK's own retry) → the round is answered by the fallback, on
  `/chat` and `/chat/stream`; `provider` (body, `done`) and `X-Coach-Provider` say which;
  the tool-call log and the per-provider usage record it;
- a primary that answers nonsense (a malformed or unknown answer, either provider) → the round
  is answered by the fallback, buffered and streamed; without a fallback, the generic 502 (or
  the stream's one `error` event) and nothing stored;
- a primary stream cut after tokens → one `error` event, nothing stored, no fallback call;
- a 401 from the primary → no failover, the generic 502, nothing stored;
- repeated failures open the primary's breaker: the next request makes no primary call (the
  fake records every request) and the stream's header already names the fallback; after the
  cool-down one probe goes to the primary and its success closes the breaker;
- on Lambda the fallback is built from the per-provider secrets (`OPENAI_SECRET_NAME`,
  `ANTHROPIC_SECRET_NAME`).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.domain.plan import offline_plan_json
from coach_core.errors import ProviderError
from coach_core.providers.anthropic import JSON_ANSWER_TOOL
from coach_core.providers.base import LLMProvider
from coach_core.providers.breaker import BreakerPolicy, BreakerState
from coach_core.providers.fallback import FallbackProvider
from coach_core.providers.model_config import model_config
from coach_core.service import make_provider
from coach_core.settings import Settings, load_settings
from tests.api_support import (
    CHAT,
    INSIGHTS,
    PLAN,
    USAGE,
    auth_headers,
    build_app,
    client_for,
    fetch_all,
    post_chat,
    post_stream,
    seed_user,
    token_text,
    written_rows,
)
from tests.fakes import (
    Call,
    Fail,
    FakeAnthropicServer,
    FakeLLMServer,
    FakeOpenAIServer,
    Malformed,
    MalformedCase,
    Reply,
    StreamFail,
)

pytestmark = pytest.mark.integration

NOTHING = {"sessions": 0, "tool_calls": 0, "violations": 0}
OUTAGE = [Fail(500), Fail(500)]  # one request and the SDK's one retry (LLM_MAX_RETRIES=1)
NO_RETRY = {"x-should-retry": "false"}


@pytest.fixture(scope="module")
def primary() -> Iterator[FakeOpenAIServer]:
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def secondary() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as server:
        yield server


def failover_settings(primary: FakeOpenAIServer, secondary: FakeAnthropicServer, **overrides: Any) -> Settings:
    """Provider settings as a deployment with a fallback has them: both keys, both endpoints."""
    values: dict[str, Any] = {
        "llm_provider": "openai",
        "llm_fallback_provider": "anthropic",
        "openai_api_key": "sk-openai-test",
        "openai_base_url": primary.base_url,
        "anthropic_api_key": "sk-ant-test",
        "anthropic_base_url": secondary.base_url,
        "llm_max_retries": 1,
        "llm_timeout_seconds": 5.0,
    }
    return load_settings(**{**values, **overrides})


@asynccontextmanager
async def app_client(db: Database, settings: Settings, provider: LLMProvider) -> AsyncIterator[httpx.AsyncClient]:
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            yield client
    finally:
        await provider.aclose()


@pytest.fixture
async def client(
    db: Database, settings: Settings, primary: FakeOpenAIServer, secondary: FakeAnthropicServer
) -> AsyncIterator[httpx.AsyncClient]:
    """The app with the provider the factory builds from failover settings."""
    provider = make_provider(failover_settings(primary, secondary))
    assert isinstance(provider, FallbackProvider)
    async with app_client(db, settings, provider) as c:
        yield c


async def _provider_usage(db: Database, user: uuid.UUID) -> dict[str, tuple[int, int, int]]:
    rows = await fetch_all(
        db,
        "SELECT provider, requests, input_tokens, output_tokens FROM ai_usage_provider_daily WHERE user_id = %s",
        (user,),
    )
    return {r["provider"]: (r["requests"], r["input_tokens"], r["output_tokens"]) for r in rows}


# ---- a primary outage fails over ---------------------------------------------------------------


async def test_given_a_primary_500_when_chatting_then_the_fallback_answers_and_the_response_says_so(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    user = await seed_user(db)
    primary.script(OUTAGE)
    secondary.script([Reply("You're down 1.9 kg in 20 days.", usage=(40, 9))])

    response = await post_chat(client, user, settings, "How is my weight going?")

    assert response.status_code == 200
    assert response.headers["x-coach-provider"] == "anthropic"
    body = response.json()
    assert body["message"] == "You're down 1.9 kg in 20 days."
    assert (body["provider"], body["tokens_used"]) == ("anthropic", 49)
    assert len(primary.requests) == 2 and primary.remaining == 0  # the SDK retried once before failing over
    [sent] = secondary.requests
    assert sent.body["model"] == model_config("anthropic", "standard").model  # the tier is kept
    assert sent.body["messages"][-1] == {"role": "user", "content": "How is my weight going?"}
    assert [t["name"] for t in sent.body["tools"]] == [t["function"]["name"] for t in primary.requests[0].body["tools"]]
    assert await _provider_usage(db, user) == {"anthropic": (1, 40, 9)}
    assert (await written_rows(db, user))["sessions"] == 1


async def test_given_a_round_failed_over_then_the_primary_back_when_chatting_then_each_is_accounted_for(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    """GIVEN the primary down for the first round only WHEN a tool round is answered by the
    fallback and the final round by the primary THEN the tool-call row names the fallback (its
    model asked for the call), the answer and header name the primary, and usage is split."""
    user = await seed_user(db)
    primary.script([*OUTAGE, Reply("Steady at about 0.7 kg a week.", usage=(100, 20))])
    secondary.script([Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(80, 10))])

    response = await post_chat(client, user, settings, "How is my weight trending?")

    assert response.status_code == 200
    body = response.json()
    assert (body["provider"], response.headers["x-coach-provider"]) == ("openai", "openai")
    assert body["tokens_used"] == 210
    final_round = primary.requests[-1].body["messages"]
    # The fallback's tool call and its result went to the primary in OpenAI's own shapes.
    assert final_round[-2]["tool_calls"][0]["id"] == "toolu_fake_0"
    assert final_round[-1]["role"] == "tool" and final_round[-1]["tool_call_id"] == "toolu_fake_0"
    rows = await fetch_all(db, "SELECT tool_name, provider FROM ai_tool_call_log WHERE user_id = %s", (user,))
    assert rows == [{"tool_name": "get_weight_trend", "provider": "anthropic"}]
    assert await _provider_usage(db, user) == {"anthropic": (1, 80, 10), "openai": (1, 100, 20)}

    # The user sees the same split: today's totals, and each provider's share of them.
    mine = await client.get(USAGE, headers=auth_headers(user, settings))
    assert mine.status_code == 200
    (today,) = mine.json()["days"]
    assert (today["requests"], today["input_tokens"], today["output_tokens"]) == (1, 180, 30)
    assert today["providers"] == [
        {"provider": "anthropic", "requests": 1, "input_tokens": 80, "output_tokens": 10},
        {"provider": "openai", "requests": 1, "input_tokens": 100, "output_tokens": 20},
    ]
    assert mine.json()["tokens_used_today"] == 210


async def test_given_a_primary_500_when_streaming_then_the_fallback_streams_and_done_names_it(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    """GIVEN the primary down for the whole turn WHEN streaming a tool round THEN every round is
    streamed by the fallback and `done.provider` says so; the headers leave with the first event,
    after the first model call, so the header says so too."""
    user = await seed_user(db)
    primary.script(OUTAGE * 2)
    secondary.script(
        [
            Reply("Let me check. ", calls=(Call("get_weight_trend", {"days": 30}),)),
            Reply("You're losing about 0.7 kg a week."),
        ]
    )

    response, events, _ = await post_stream(client, user, settings, "How is my weight?")

    assert response.status_code == 200 and response.headers["x-coach-provider"] == "anthropic"
    assert [e["type"] for e in events if e["type"] != "token"] == ["tool_start", "tool_end", "done"]
    assert token_text(events) == "Let me check. You're losing about 0.7 kg a week."
    assert events[-1]["data"]["provider"] == "anthropic"
    assert all(r.streamed for r in secondary.requests) and len(primary.requests) == 4
    rows = await fetch_all(db, "SELECT provider FROM ai_tool_call_log WHERE user_id = %s", (user,))
    assert rows == [{"provider": "anthropic"}]
    assert set(await _provider_usage(db, user)) == {"anthropic"}


async def test_given_a_primary_stream_that_errors_before_any_token_when_streaming_then_the_fallback_answers(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    """GIVEN the primary's 200 stream reporting `server_error` in-band before its first token WHEN
    streaming THEN the round moves to the fallback silently: the client sees one clean answer."""
    user = await seed_user(db)
    primary.script([StreamFail("server_error")])
    secondary.script([Reply("All good from the fallback.")])
    response, events, _ = await post_stream(client, user, settings, "Tell me something")
    assert [e["type"] for e in events if e["type"] != "token"] == ["done"]
    assert (token_text(events), events[-1]["data"]["provider"]) == ("All good from the fallback.", "anthropic")
    assert response.status_code == 200 and len(primary.requests) == 1
    assert response.headers["x-coach-provider"] == "anthropic"


async def test_given_a_primary_500_when_planning_then_the_fallback_builds_the_plan_and_usage_is_split(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    """GIVEN the primary down WHEN a plan is asked for THEN both of its rounds (the TDEE tool
    call, then the JSON, given as the input of Anthropic's forced answer tool) are answered by the
    fallback, and its usage is recorded under it."""
    user = await seed_user(db)
    primary.script(OUTAGE * 2)
    plan = json.loads(offline_plan_json(None))
    secondary.script(
        [
            Reply(calls=(Call("calculate_tdee", {}),), usage=(300, 20)),
            Reply(calls=(Call(JSON_ANSWER_TOOL, plan),), usage=(500, 400)),
        ]
    )
    response = await client.post(PLAN, headers=auth_headers(user, settings))
    assert response.status_code == 200, response.text
    assert response.headers["x-coach-provider"] == "anthropic"
    assert response.json()["plan"]["title"] == plan["title"] and len(response.json()["plan"]["days"]) == 7
    assert all(r.body["tool_choice"] == {"type": "any"} for r in secondary.requests)
    assert await _provider_usage(db, user) == {"anthropic": (1, 800, 420)}
    rows = await fetch_all(db, "SELECT tool_name, provider FROM ai_tool_call_log WHERE user_id = %s", (user,))
    assert rows == [{"tool_name": "calculate_tdee", "provider": "anthropic"}]


# ---- nonsense fails over ---------------------------------------------------------------------------

NONSENSE: list[tuple[str, MalformedCase]] = [
    ("chat", "text-missing"),
    ("chat", "unknown-part-type"),
    ("chat", "finish-missing"),
    ("stream", "text-missing"),
    ("stream", "not-an-object"),
    ("stream", "part-not-an-object"),
]
"""Streamed, the nonsense comes before the first token (after one, the rule below applies)."""


def _settings_with_primary(name: str, primary: FakeOpenAIServer, secondary: FakeAnthropicServer) -> Settings:
    other = "anthropic" if name == "openai" else "openai"
    return failover_settings(primary, secondary, llm_provider=name, llm_fallback_provider=other)


@pytest.mark.parametrize(("route", "case"), NONSENSE)
@pytest.mark.parametrize("first", ["anthropic", "openai"])
async def test_given_a_primary_that_answers_nonsense_when_chatting_then_the_fallback_answers(
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
    first: str,
    route: str,
    case: MalformedCase,
) -> None:
    """GIVEN a primary whose 200 answer is nonsense (e.g. an Anthropic text block without `text`)
    WHEN chatting, buffered or streamed (nonsense before the first token) THEN the round goes to
    the fallback, which answers; the response names it and its usage is recorded under it."""
    user = await seed_user(db)
    fakes: dict[str, FakeLLMServer] = {"openai": primary, "anthropic": secondary}
    second = "anthropic" if first == "openai" else "openai"
    fakes[first].script([Malformed(case)])
    fakes[second].script([Reply("Steady progress.", usage=(30, 4))])
    async with app_client(db, settings, make_provider(_settings_with_primary(first, primary, secondary))) as client:
        if route == "chat":
            response = await post_chat(client, user, settings, "How am I doing?")
            assert response.status_code == 200, response.text
            assert (response.json()["message"], response.json()["provider"]) == ("Steady progress.", second)
        else:
            response, events, _ = await post_stream(client, user, settings, "How am I doing?")
            assert token_text(events) == "Steady progress." and events[-1]["data"]["provider"] == second
    assert len(fakes[first].requests) == 1 and len(fakes[second].requests) == 1
    assert await _provider_usage(db, user) == {second: (1, 30, 4)}


@pytest.mark.parametrize("first", ["anthropic", "openai"])
async def test_given_a_primary_stream_that_turns_to_nonsense_after_a_token_when_streaming_then_one_error_event(
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
    first: str,
) -> None:
    """GIVEN a primary stream whose text went out before its nonsense (an unknown part) WHEN
    streaming THEN one generic `error` event, no fallback call (no half answer glued to another
    model's), nothing stored."""
    user = await seed_user(db)
    fakes: dict[str, FakeLLMServer] = {"openai": primary, "anthropic": secondary}
    fakes[first].script([Malformed("unknown-part-type")])
    fakes["anthropic" if first == "openai" else "openai"].script([])
    async with app_client(db, settings, make_provider(_settings_with_primary(first, primary, secondary))) as client:
        _, events, _ = await post_stream(client, user, settings, "How am I doing?")
    assert events[-1]["type"] == "error" and [e["type"] for e in events].count("error") == 1
    assert primary.unexpected == secondary.unexpected == 0 and len(primary.requests + secondary.requests) == 1
    assert await written_rows(db, user) == NOTHING


@pytest.mark.parametrize("route", ["chat", "stream"])
async def test_given_only_anthropic_answering_a_text_block_without_text_when_chatting_then_a_clean_502(
    db: Database, settings: Settings, secondary: FakeAnthropicServer, route: str
) -> None:
    """GIVEN Anthropic alone (no fallback) answering a text block without `text` WHEN chatting THEN
    the generic 502 (streamed: the one generic `error` event), never a 500, and nothing stored."""
    user = await seed_user(db)
    secondary.script([Malformed("text-missing")])
    provider = make_provider(secondary.settings(llm_max_retries=0))
    async with app_client(db, settings, provider) as client:
        if route == "chat":
            response = await post_chat(client, user, settings, "How am I doing?")
            assert response.status_code == 502 and response.json() == {"detail": ProviderError.public_message}
        else:
            response, events, _ = await post_stream(client, user, settings, "How am I doing?")
            assert [e["type"] for e in events] == ["error"]
    assert response.headers["x-coach-provider"] == "anthropic"
    assert await written_rows(db, user) == NOTHING


# ---- failures that do not fail over --------------------------------------------------------------


async def test_given_a_primary_stream_cut_after_tokens_when_streaming_then_one_error_event_and_nothing_stored(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    user = await seed_user(db)
    # Sentences are released once complete: the cut comes after the first one has been sent.
    primary.script([Reply("You are on track. Keep going with the plan. More later", cut_after=6)])
    secondary.script([])

    response, events, _ = await post_stream(client, user, settings, "Tell me something")

    assert response.status_code == 200
    types = [e["type"] for e in events]
    assert types[-1] == "error" and types.count("error") == 1 and "done" not in types
    assert set(types[:-1]) == {"token"} and token_text(events)  # the tokens already sent stay sent
    assert secondary.requests == []  # no half answer glued to another model's
    assert await written_rows(db, user) == NOTHING
    # The cut call is billed (estimated: the prompt and the words received) to the provider
    # that streamed it, and to no other.
    [(provider, (requests, input_tokens, output_tokens))] = (await _provider_usage(db, user)).items()
    assert (provider, requests) == ("openai", 1) and input_tokens > 0 and output_tokens > 0


@pytest.mark.parametrize("status", [401, 403, 400])
async def test_given_a_primary_that_refuses_the_request_when_chatting_then_no_failover_and_a_clean_error(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
    status: int,
) -> None:
    user = await seed_user(db)
    primary.script([Fail(status, message="key sk-openai-test is invalid")])
    secondary.script([])

    response = await post_chat(client, user, settings, "How am I doing?")

    assert response.status_code == 502
    assert response.json() == {"detail": ProviderError.public_message}
    assert "sk-openai-test" not in response.text
    assert response.headers["x-coach-provider"] == "openai"  # the provider whose error this is
    assert len(primary.requests) == 1 and secondary.requests == []
    assert await written_rows(db, user) == NOTHING


async def test_given_a_401_from_the_primary_when_streaming_then_one_error_event_and_no_failover(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    user = await seed_user(db)
    primary.script([Fail(401)])
    secondary.script([])
    response, events, _ = await post_stream(client, user, settings, "How am I doing?")
    assert [e["type"] for e in events] == ["error"]
    assert response.headers["x-coach-provider"] == "openai"
    assert secondary.requests == [] and await written_rows(db, user) == NOTHING


async def test_given_both_providers_down_when_chatting_then_the_generic_error_and_nothing_stored(
    client: httpx.AsyncClient,
    db: Database,
    settings: Settings,
    primary: FakeOpenAIServer,
    secondary: FakeAnthropicServer,
) -> None:
    user = await seed_user(db)
    primary.script(OUTAGE)
    secondary.script([Fail(529), Fail(529)])
    response = await post_chat(client, user, settings, "How am I doing?")
    assert response.status_code == 502 and response.json() == {"detail": ProviderError.public_message}
    assert response.headers["x-coach-provider"] == "anthropic"  # the last provider called
    assert await written_rows(db, user) == NOTHING


# ---- the circuit breaker -------------------------------------------------------------------------


@dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


async def test_given_repeated_primary_failures_when_the_breaker_opens_then_no_primary_call_until_the_probe(
    db: Database, settings: Settings, primary: FakeOpenAIServer, secondary: FakeAnthropicServer
) -> None:
    """GIVEN a breaker opening at 2 failed calls (of at least 2) WHEN two requests fail over
    THEN the next requests (buffered and streamed) make no primary call and every header names
    the fallback; AFTER the cool-down the next request is the probe: the primary answers it and
    the breaker closes."""
    clock = Clock()
    policy = BreakerPolicy(window_seconds=60, min_calls=2, failure_ratio=0.5, cooldown_seconds=30)
    provider = FallbackProvider(
        [make_provider(primary.settings(llm_max_retries=0)), make_provider(secondary.settings(llm_max_retries=0))],
        policy=policy,
        clock=clock,
    )
    user = await seed_user(db)
    async with app_client(db, settings, provider) as client:
        primary.script([Fail(500, headers=NO_RETRY), Fail(503, headers=NO_RETRY)])
        secondary.script([Reply("First."), Reply("Second.")])
        for _ in range(2):
            assert (await post_chat(client, user, settings, "hi")).json()["provider"] == "anthropic"
        assert provider.breakers["openai"].state is BreakerState.OPEN

        primary.script([])  # records any request the open breaker should have prevented
        secondary.script([Reply("Third."), Reply("Streamed fourth.")])
        third = await post_chat(client, user, settings, "hi")
        assert (third.json()["message"], third.headers["x-coach-provider"]) == ("Third.", "anthropic")
        streamed, events, _ = await post_stream(client, user, settings, "hi")
        assert streamed.headers["x-coach-provider"] == "anthropic"  # the breaker-aware expectation
        assert (token_text(events), events[-1]["data"]["provider"]) == ("Streamed fourth.", "anthropic")
        insights = await client.get(INSIGHTS, headers=auth_headers(user, settings))
        assert insights.headers["x-coach-provider"] == "anthropic"
        assert primary.requests == []

        clock.now += policy.cooldown_seconds
        primary.script([Reply("Back on the primary.")])
        secondary.script([])
        probe = await post_chat(client, user, settings, "hi")
        assert (probe.json()["provider"], probe.headers["x-coach-provider"]) == ("openai", "openai")
        assert len(primary.requests) == 1 and secondary.requests == []
        assert provider.breakers["openai"].state is BreakerState.CLOSED


# ---- configuration ----------------------------------------------------------------------------


async def test_given_per_provider_secrets_on_lambda_when_the_provider_is_built_then_each_uses_its_own_key(
    monkeypatch: pytest.MonkeyPatch, primary: FakeOpenAIServer, secondary: FakeAnthropicServer
) -> None:
    """GIVEN `OPENAI_SECRET_NAME` and `ANTHROPIC_SECRET_NAME` (as the stack sets them when
    `coach:llmFallbackProvider` is set) WHEN the secrets are applied and the provider built THEN
    the primary calls OpenAI with the OpenAI secret and the fallback Anthropic with its own."""
    import boto3
    from aws_lambda_powertools.utilities.parameters.base import clear_caches
    from moto import mock_aws

    from coach_core.runtime_secrets import apply_runtime_secrets
    from coach_core.settings import get_settings

    for var, value in {
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "LLM_PROVIDER": "openai",
        "LLM_FALLBACK_PROVIDER": "anthropic",
        "LLM_MAX_RETRIES": "0",
        "OPENAI_BASE_URL": primary.base_url,
        "ANTHROPIC_BASE_URL": secondary.base_url,
        "OPENAI_SECRET_NAME": "coach/openai",
        "ANTHROPIC_SECRET_NAME": "coach/anthropic",
        "OPENAI_API_KEY": "replaced",
        "ANTHROPIC_API_KEY": "replaced",  # restored by monkeypatch afterwards
    }.items():
        monkeypatch.setenv(var, value)
    monkeypatch.delenv("DB_SECRET_NAME", raising=False)
    monkeypatch.delenv("REDIS_AUTH_SECRET_NAME", raising=False)
    clear_caches()
    try:
        with mock_aws():
            secrets = boto3.client("secretsmanager", region_name="us-east-1")
            secrets.create_secret(Name="coach/openai", SecretString="sk-openai-from-secret")
            secrets.create_secret(Name="coach/anthropic", SecretString='{"api_key": "sk-ant-from-secret"}')
            assert apply_runtime_secrets() is True
        provider = make_provider(get_settings())
        assert isinstance(provider, FallbackProvider)
        assert [p.name for p in provider.providers] == ["openai", "anthropic"]
        primary.script([Fail(500)])
        secondary.script([Reply("From the fallback.")])
        try:
            response = await provider.complete(system="s", messages=[], tools=[], model_tier="standard")
        finally:
            await provider.aclose()
    finally:
        clear_caches()
        get_settings.cache_clear()
    assert response.provider == "anthropic"
    assert primary.requests[0].headers["authorization"] == "Bearer sk-openai-from-secret"
    assert secondary.requests[0].headers["authorization"] == "Bearer sk-ant-from-secret"


# ---- the header on responses that never reach a model ----------------------------------------------


@pytest.mark.parametrize(
    ("headers", "body", "status"),
    [({}, {"message": "hi"}, 401), (None, {"message": "x" * 70_000}, 413), (None, {"message": ""}, 422)],
    ids=["401", "413", "422"],
)
async def test_given_a_request_refused_before_the_app_when_answered_then_the_provider_header_is_there(
    client: httpx.AsyncClient, settings: Settings, headers: dict[str, str] | None, body: dict[str, Any], status: int
) -> None:
    """GIVEN a request refused by the auth gate, the body limit or validation WHEN answered THEN
    `X-Coach-Provider` is on the error too (the provider the next round would go to)."""
    sent = auth_headers(uuid.uuid4(), settings) if headers is None else headers
    response = await client.post(CHAT, json=body, headers=sent)
    assert response.status_code == status
    assert response.headers["x-coach-provider"] == "openai"
