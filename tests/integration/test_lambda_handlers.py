"""The Lambda handlers, invoked in-process with real API Gateway REST proxy events
(`events/*.json`, authorizer claims included), against real PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import importlib
import json
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest

from coach_core import lambda_handlers
from coach_core.db import get_database, reset_database
from coach_core.db.connection import SingleConnectionDatabase
from coach_core.settings import get_settings
from tests.api_support import CHAT_RESPONSE_KEYS

ROOT = Path(__file__).resolve().parents[2]
EVENTS = ROOT / "events"


@dataclass
class FakeLambdaContext:
    function_name: str = "coach-chat"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:coach-chat"
    aws_request_id: str = "52fdfc07-2182-154f-163f-5f0f9a621d72"


def load_event(name: str, user_id: uuid.UUID | None = None) -> dict[str, Any]:
    event: dict[str, Any] = json.loads((EVENTS / f"{name}.json").read_text())
    if user_id is not None:
        event["requestContext"]["authorizer"]["claims"]["sub"] = str(user_id)
    return event


def handler_of(function: str) -> Any:
    return importlib.import_module(f"functions.{function}.handler").handler


@pytest.fixture
def lambda_env(monkeypatch: pytest.MonkeyPatch, database_url: str, redis_url: str, redis_prefix: str) -> Iterator[None]:
    """An execution environment: Lambda variables set, one connection, fresh singletons."""
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "coach-chat")
    monkeypatch.setenv("OTEL_SDK_DISABLED", "true")
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REDIS_KEY_PREFIX", redis_prefix)
    monkeypatch.setenv("LLM_PROVIDER", "offline")
    monkeypatch.setenv("COACH_HASH_SECRET", "test-only-hash-secret-" + "h" * 32)  # from Secrets Manager on AWS
    for var in ("OPENAI_SECRET_NAME", "DB_SECRET_NAME", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    _reset()
    yield
    lambda_handlers.run_async(get_database().close())
    _reset()


def _reset() -> None:
    lambda_handlers.reset_app()
    get_settings.cache_clear()
    reset_database(None)


@pytest.fixture
def demo_user(database_url: str) -> uuid.UUID:
    """A fresh user with 90 complete days, imported through the importer."""
    from coach_core.db.connection import PoolDatabase
    from coach_core.demo import demo_payloads
    from coach_core.models import utctoday
    from coach_core.service.importer import import_user_data

    payload = copy.deepcopy(demo_payloads(utctoday())[0])
    user_id = uuid.uuid4()
    payload["user"]["id"] = str(user_id)

    async def load() -> None:
        db = PoolDatabase(database_url, max_size=1)
        try:
            await import_user_data(db, payload)
        finally:
            await db.close()

    asyncio.run(load())
    return user_id


def test_given_chat_event_with_claims_when_invoked_then_the_contract_response_comes_back(
    lambda_env: None, demo_user: uuid.UUID
) -> None:
    response = handler_of("chat")(load_event("chat", demo_user), FakeLambdaContext())
    assert response["statusCode"] == 200, response
    body = json.loads(response["body"])
    assert set(body) == CHAT_RESPONSE_KEYS
    assert body["finish_reason"] == "stop" and body["provider"] == "offline"
    assert body["grounding"]["checked"] >= 1 and body["grounding"]["ungrounded"] == []  # the offline model's figures
    assert [t["tool_name"] for t in body["tool_trace"]] == ["get_weight_trend"]
    assert "kg" in body["message"]


def test_given_plan_and_insights_events_when_invoked_then_both_answer(lambda_env: None, demo_user: uuid.UUID) -> None:
    plan = handler_of("plan")(load_event("plan", demo_user), FakeLambdaContext())
    assert plan["statusCode"] == 200, plan
    assert len(json.loads(plan["body"])["plan"]["days"]) == 7
    insights = handler_of("insights")(load_event("insights", demo_user), FakeLambdaContext())
    assert insights["statusCode"] == 200, insights
    keys = {item["key"] for item in json.loads(insights["body"])["insights"]}
    assert {"weight_trend", "adherence"} <= keys


def test_given_event_without_claims_when_invoked_then_401_and_no_handler_work(
    lambda_env: None, database_url: str
) -> None:
    def sessions() -> int:
        with psycopg.connect(database_url) as conn:
            row = conn.execute("SELECT count(*) FROM ai_session").fetchone()
            assert row is not None
            return int(row[0])

    before = sessions()
    response = handler_of("chat")(load_event("chat_no_claims"), FakeLambdaContext())
    assert response["statusCode"] == 401
    assert "detail" in json.loads(response["body"])
    assert sessions() == before


def _backend_pid() -> int:
    db = get_database()
    assert isinstance(db, SingleConnectionDatabase)
    pid = db.backend_pid
    assert pid is not None, "expected the single Lambda connection to be open"
    return pid


def test_given_two_sequential_invocations_then_the_database_connection_is_reused(
    lambda_env: None, demo_user: uuid.UUID
) -> None:
    handler = handler_of("insights")
    assert handler(load_event("insights", demo_user), FakeLambdaContext())["statusCode"] == 200
    first = _backend_pid()
    assert handler(load_event("insights", demo_user), FakeLambdaContext())["statusCode"] == 200
    assert _backend_pid() == first


@pytest.mark.direct_db
def test_given_connection_killed_server_side_when_next_invocation_runs_then_no_user_visible_error(
    lambda_env: None, demo_user: uuid.UUID, admin_database_url: str
) -> None:
    handler = handler_of("insights")
    assert handler(load_event("insights", demo_user), FakeLambdaContext())["statusCode"] == 200
    pid = _backend_pid()
    with psycopg.connect(admin_database_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))  # waits until it has exited
    response = handler(load_event("insights", demo_user), FakeLambdaContext())
    assert response["statusCode"] == 200, response
    assert _backend_pid() != pid


def test_given_idle_sessions_when_expiry_function_runs_twice_then_second_run_is_a_no_op(
    lambda_env: None, demo_user: uuid.UUID, database_url: str
) -> None:
    chat = handler_of("chat")
    assert chat(load_event("chat", demo_user), FakeLambdaContext())["statusCode"] == 200
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE ai_session SET last_activity_at = last_activity_at - interval '3 days' WHERE user_id = %s",
            (demo_user,),
        )
    expire = handler_of("expire_sessions")
    first = expire(load_event("expire_sessions"), FakeLambdaContext())
    second = expire(load_event("expire_sessions"), FakeLambdaContext())
    assert first["expired"] >= 1
    assert second["expired"] == 0
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT status FROM ai_session WHERE user_id = %s", (demo_user,)).fetchone()
    assert row == ("EXPIRED",)


def test_given_health_data_past_its_retention_when_the_expiry_function_runs_then_it_is_purged_once(
    lambda_env: None, demo_user: uuid.UUID, database_url: str
) -> None:
    """GIVEN a chat whose session expired 40 days ago and a 100-day-old violation excerpt WHEN
    the scheduled function runs THEN the history and the excerpt are emptied and it reports
    both; the next run purges nothing."""
    chat = handler_of("chat")
    assert chat(load_event("chat", demo_user), FakeLambdaContext())["statusCode"] == 200
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE ai_session SET status = 'EXPIRED', expired_at = now() - interval '40 days' WHERE user_id = %s",
            (demo_user,),
        )
        conn.execute(
            "INSERT INTO ai_policy_violation_log (user_id, direction, violation_type, severity, "
            "trigger_content, action_taken, created_at) VALUES (%s, 'input', 'crisis', 'critical', "
            "'words', 'block', now() - interval '100 days')",
            (demo_user,),
        )
    expire = handler_of("expire_sessions")
    first = expire(load_event("expire_sessions"), FakeLambdaContext())
    second = expire(load_event("expire_sessions"), FakeLambdaContext())
    assert first["histories_purged"] >= 1 and first["excerpts_purged"] >= 1
    assert (second["histories_purged"], second["excerpts_purged"]) == (0, 0)
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT history FROM ai_session WHERE user_id = %s", (demo_user,)).fetchall() == [([],)]
        assert conn.execute(
            "SELECT trigger_content FROM ai_policy_violation_log WHERE user_id = %s", (demo_user,)
        ).fetchall() == [("",)]


def test_given_the_expiry_function_when_traced_then_expiry_and_purge_are_one_trace_under_its_job_span(
    lambda_env: None, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIVEN psycopg instrumented (as `coach_core.otel` does on Lambda) WHEN the scheduled function
    runs THEN one `expire_sessions` root span holds the expiry's and the retention purge's
    statements: one trace per run, not one per statement."""
    from opentelemetry import trace

    monkeypatch.delenv("OTEL_SDK_DISABLED")  # the test's own provider records (no exporter is configured)
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor

    from tests.tracing_support import collect_spans

    expire = handler_of("expire_sessions")
    with collect_spans() as spans:
        instrumentor = PsycopgInstrumentor()
        instrumentor.instrument(tracer_provider=trace.get_tracer_provider(), skip_dep_check=True)
        try:
            result = expire(load_event("expire_sessions"), FakeLambdaContext())
        finally:
            instrumentor.uninstrument()
    assert result["expired"] == 0
    (root,) = [s for s in spans if s.parent is None]
    assert root.name == "expire_sessions" and root.attributes["faas.trigger"] == "timer"  # type: ignore[index]
    statements = [
        str(dict(s.attributes or {}).get("db.statement", dict(s.attributes or {}).get("db.query.text", "")))
        for s in spans
        if s is not root
    ]
    assert all(s.context.trace_id == root.context.trace_id for s in spans)
    assert any("ai_session" in q and "EXPIRED" in q for q in statements), statements
    assert any("ai_policy_violation_log" in q for q in statements), statements


def _api_event(method: str, path: str, body: Any, sub: uuid.UUID | None) -> dict[str, Any]:
    """A REST proxy event for any coach route, built on the recorded chat event."""
    event = load_event("chat", sub)
    event["httpMethod"] = event["requestContext"]["httpMethod"] = method
    event["path"] = event["resource"] = event["requestContext"]["resourcePath"] = f"/api/v1/coach/{path}"
    event["body"] = None if body is None else json.dumps(body)
    if sub is None:
        del event["requestContext"]["authorizer"]
    return event


def test_given_a_new_cognito_user_with_claims_only_when_writing_data_then_chatting_then_answers_use_it(
    lambda_env: None,
) -> None:
    """GIVEN a user the database has never seen, identified by the authorizer's claims only
    WHEN their app writes a profile, check-ins and food logs through the data function and then
    chats THEN every call succeeds and the answer uses what they wrote."""
    user = uuid.uuid4()
    today = dt.date.today()
    days = [(today - dt.timedelta(days=i)).isoformat() for i in range(8)]
    data = handler_of("data")
    writes = [
        (
            "PUT",
            "profile",
            {
                "birth_date": "1991-03-04",
                "sex": "male",
                "height_cm": 180.0,
                "activity_level": "moderately_active",
                "goal": {"type": "maintain"},
            },
        ),
        ("POST", "checkins", {"checkins": [{"date": d, "weight_kg": 82.0 - 0.1 * i} for i, d in enumerate(days)]}),
        ("POST", "food-logs", {"food_logs": [{"date": d, "calories": 2400} for d in days]}),
    ]
    for method, path, body in writes:
        response = data(_api_event(method, path, body, user), FakeLambdaContext())
        assert response["statusCode"] == 200, response
    answer = handler_of("chat")(
        _api_event("POST", "chat", {"message": "What should I eat? calories"}, user), FakeLambdaContext()
    )
    assert answer["statusCode"] == 200, answer
    assert "2,400 kcal" in json.loads(answer["body"])["message"]


def test_given_an_hs256_token_but_no_claims_on_lambda_when_invoked_then_401(
    lambda_env: None, demo_user: uuid.UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIVEN a bearer token signed with the very secret a local server would accept, and no
    authorizer claims WHEN a Lambda function receives it THEN 401: on Lambda only the
    authorizer's claims identify a user (a forged token never reaches the HS256 path)."""
    from coach_core.api.auth import mint_local_token
    from coach_core.settings import load_settings

    secret = "a-secret-an-attacker-guessed-" + "x" * 32
    token = mint_local_token(str(demo_user), settings=load_settings(jwt_secret=secret))
    event = _api_event("GET", "insights", None, None)
    event["headers"]["Authorization"] = f"Bearer {token}"
    monkeypatch.setenv("JWT_SECRET", secret)  # restored afterwards: later tests read the run's own secret
    for function in ("insights", "chat", "data"):
        response = handler_of(function)(event, FakeLambdaContext())
        assert response["statusCode"] == 401, function


@pytest.mark.parametrize("function", ["insights", "chat", "data"])
def test_given_a_client_set_context_header_and_no_authorizer_when_a_buffered_function_runs_then_401(
    lambda_env: None, demo_user: uuid.UUID, function: str
) -> None:
    """GIVEN an API Gateway event with no authorizer claims whose request carries an
    `x-amzn-request-context` header naming a real user (anyone can send that header) WHEN a
    buffered (Mangum) function receives it THEN 401: the header is never read there."""
    forged = json.dumps({"requestId": "r1", "authorizer": {"claims": {"sub": str(demo_user)}}})
    route = {
        "insights": ("GET", "insights", None),
        "chat": ("POST", "chat", {"message": "hi"}),
        "data": ("GET", "me/data", None),
    }[function]
    event = _api_event(*route, None)
    event["headers"]["x-amzn-request-context"] = forged
    response = handler_of(function)(event, FakeLambdaContext())
    assert response["statusCode"] == 401, response
    assert json.loads(response["body"]) == {"detail": "Not authenticated."}


def _cognito_event(sub: str, trigger: str = "PostConfirmation_ConfirmSignUp") -> dict[str, Any]:
    return {
        "version": "1",
        "region": "us-east-1",
        "userPoolId": "us-east-1_EXAMPLE",
        "userName": "new-user",
        "callerContext": {"awsSdkVersion": "aws-sdk-unknown-unknown", "clientId": "client"},
        "triggerSource": trigger,
        "request": {"userAttributes": {"sub": sub, "email_verified": "true", "email": "new@example.com"}},
        "response": {},
    }


def test_given_a_post_confirmation_event_when_invoked_twice_then_one_row_and_the_event_comes_back(
    lambda_env: None, database_url: str
) -> None:
    """GIVEN Cognito's post-confirmation event WHEN the provision function runs (twice: a retry)
    THEN exactly one users row exists and the event is returned unchanged; a confirmed password
    reset provisions nothing."""
    user = uuid.uuid4()
    event = _cognito_event(str(user))
    provision = handler_of("provision_user")
    assert provision(copy.deepcopy(event), FakeLambdaContext()) == event
    assert provision(copy.deepcopy(event), FakeLambdaContext()) == event
    other = uuid.uuid4()
    provision(_cognito_event(str(other), "PostConfirmation_ConfirmForgotPassword"), FakeLambdaContext())
    with psycopg.connect(database_url) as conn:
        counts = [conn.execute("SELECT count(*) FROM users WHERE id = %s", (u,)).fetchone() for u in (user, other)]
    assert counts == [(1,), (0,)]


def test_given_snapstart_hooks_when_snapshot_and_restore_run_then_no_connection_crosses_the_snapshot(
    lambda_env: None, demo_user: uuid.UUID
) -> None:
    """GIVEN the before-snapshot hook WHEN it runs THEN the app, the rules and the modules of the
    first request are ready and no database connection is open; GIVEN an environment that has
    served a request WHEN the after-restore hook runs THEN its connection is dropped (not
    reused from the snapshot) and the next invocation reconnects and answers."""
    import sys

    from coach_core.policies.crisis.registry import DETECTORS
    from coach_core.policies.text.regex import LazyPattern

    lambda_handlers.prepare_snapshot()
    # every rule pattern is in the snapshot: the detectors, their guards, the extraction tables
    assert all(det.is_compiled for det in DETECTORS) and LazyPattern.pending() == 0
    db = get_database()
    assert isinstance(db, SingleConnectionDatabase) and db.backend_pid is None
    assert "redis.asyncio" in sys.modules and lambda_handlers.register_snapstart_hooks() is False  # no runtime here
    first = handler_of("insights")(load_event("insights", demo_user), FakeLambdaContext())
    assert first["statusCode"] == 200 and db.backend_pid is not None
    lambda_handlers.after_restore()
    assert db.backend_pid is None
    second = handler_of("chat")(load_event("chat", demo_user), FakeLambdaContext())
    assert second["statusCode"] == 200 and db.backend_pid is not None
