"""The turn's spans through the HTTP app in process (the SDK's in-memory exporter): the `invoke_agent`
span and the safety layer that decided, for an answered turn and for input the rules replace."""

from __future__ import annotations

import httpx
import pytest

from coach_core.db.connection import Database
from coach_core.settings import Settings
from tests.api_support import (
    CHAT,
    auth_headers,
    seed_user,
)
from tests.fakes import FakeOpenAIServer, Reply
from tests.tracing_support import all_text, by_operation, collect_spans

pytestmark = pytest.mark.integration


async def test_given_crisis_input_when_chatting_then_the_turn_span_says_the_rules_decided_and_no_model_ran(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a message the crisis rules flag WHEN chatting THEN the turn's span says the rules decided,
    the input check's span carries the action and rule ids, no `chat` span exists, and the message is
    on no span."""
    user = await seed_user(db)
    fake.script([])
    message = "I just want to end it, nothing matters anymore"
    with collect_spans() as spans:
        response = await client.post(CHAT, json={"message": message}, headers=auth_headers(user, settings))

    assert response.status_code == 200 and response.json()["finish_reason"] == "safety"
    (turn,) = by_operation(spans, "invoke_agent")
    assert turn.attributes["coach.safety.decided_by"] == "rules"  # type: ignore[index]
    assert turn.attributes["coach.turn.finish_reason"] == "safety"  # type: ignore[index]
    assert turn.attributes["gen_ai.conversation.id"] == response.json()["session_id"]  # type: ignore[index]
    (check,) = [s for s in spans if s.name == "safety_check rules"]
    assert check.parent is not None and check.parent.span_id == turn.context.span_id
    assert check.attributes["coach.safety.action"] == "flag"  # type: ignore[index]
    assert check.attributes["coach.safety.decided"] is True  # type: ignore[index]
    assert any(r.startswith("crisis.") for r in check.attributes["coach.safety.rule_ids"])  # type: ignore[index, union-attr]
    assert by_operation(spans, "chat") == []
    text = all_text(spans)
    assert "end it" not in text and "nothing matters" not in text


async def test_given_an_answered_turn_then_the_turn_span_carries_finish_tokens_and_provider(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    user = await seed_user(db)
    fake.script([Reply("Great work, you are on track for your goal.", usage=(90, 12))])
    with collect_spans() as spans:
        response = await client.post(CHAT, json={"message": "Am I on track?"}, headers=auth_headers(user, settings))

    assert response.status_code == 200
    (turn,) = by_operation(spans, "invoke_agent")
    attributes = dict(turn.attributes or {})
    assert attributes["coach.turn.finish_reason"] == "stop" and attributes["coach.turn.tokens"] == 102
    assert attributes["gen_ai.provider.name"] == "openai" and "coach.safety.decided_by" not in attributes
    (chat,) = by_operation(spans, "chat")
    assert chat.parent is not None and chat.parent.span_id == turn.context.span_id
    assert "on track" not in all_text(spans)


async def test_given_input_only_the_learned_model_flags_then_the_check_span_names_the_model_and_its_score(
    client: httpx.AsyncClient, db: Database, settings: Settings, fake: FakeOpenAIServer
) -> None:
    """GIVEN a held-out crisis message no detector catches but the learned crisis model does WHEN
    chatting THEN the input check's span is `safety_check model` with rule id `crisis.model.v1` and
    the model's score, the turn says the model decided, no model round runs, and the text is on no
    span."""
    from coach_core.policies import get_engine

    message = _model_only_input()
    user = await seed_user(db)
    fake.script([])
    with collect_spans() as spans:
        response = await client.post(CHAT, json={"message": message}, headers=auth_headers(user, settings))

    assert response.status_code == 200 and response.json()["finish_reason"] == "safety"
    (turn,) = by_operation(spans, "invoke_agent")
    assert turn.attributes["coach.safety.decided_by"] == "model"  # type: ignore[index]
    (check,) = [s for s in spans if s.name.startswith("safety_check")]
    attributes = dict(check.attributes or {})
    (violation,) = get_engine().check_input(message).violations
    assert check.name == "safety_check model" and attributes["coach.safety.layer"] == "model"
    assert attributes["coach.safety.rule_ids"] == (violation.rule_id,) and violation.rule_id.startswith("crisis.model.")
    assert attributes["coach.safety.scores"] == (f"{violation.rule_id}={violation.score:.4f}",)
    assert by_operation(spans, "chat") == []
    assert message not in all_text(spans) and message.split()[-1] not in all_text(spans)


def _model_only_input() -> str:
    """The first held-out input case that the learned model flags and no detector does (found, not
    hard-coded: a retrained model keeps the test meaningful)."""
    import json
    from pathlib import Path

    from coach_core.policies import get_engine

    engine = get_engine()
    path = Path(__file__).resolve().parents[2] / "safety_corpus" / "sets" / "team-holdout.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if case["direction"] != "input" or case["expected_action"] != "flag":
            continue
        violations = engine.check_input(case["text"]).violations
        if [v.rule_id[:13] for v in violations] == ["crisis.model."]:
            return str(case["text"])
    raise AssertionError("no held-out input is flagged by the learned model alone")


def test_given_a_database_or_redis_error_with_user_text_then_the_exported_spans_hold_its_type_only(
    database_url: str, redis_url: str
) -> None:
    """GIVEN psycopg and Redis instrumented by OpenTelemetry (as `coach_core.otel` does) and the
    coach's export pipeline WHEN a statement fails with a value in PostgreSQL's message and a Redis
    command fails with it in the server's reply THEN the exported client spans are errors naming the
    exception's type, and the value is in no status, attribute or event."""
    import psycopg
    import redis
    from opentelemetry.instrumentation.psycopg import PsycopgInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from coach_core import otel

    secret = "jane.doe@example.com-82kg"
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(otel._LazyProcessor(lambda: SimpleSpanProcessor(exporter)))  # type: ignore[arg-type]
    instrumentors = (PsycopgInstrumentor(), RedisInstrumentor())
    assert not any(i.is_instrumented_by_opentelemetry for i in instrumentors)
    for instrumentor in instrumentors:
        instrumentor.instrument(tracer_provider=provider, skip_dep_check=True)
    try:
        with psycopg.connect(database_url) as conn, pytest.raises(psycopg.errors.InvalidTextRepresentation) as db_error:
            conn.execute("SELECT %s::int", (secret,))
        client = redis.Redis.from_url(redis_url)
        with pytest.raises(redis.exceptions.ResponseError) as redis_error:
            client.eval("return redis.error_reply(ARGV[1])", 0, secret)
        client.close()
    finally:
        for instrumentor in instrumentors:
            instrumentor.uninstrument()
        provider.shutdown()
    assert secret in str(db_error.value) and secret in str(redis_error.value)  # the raw errors do hold it

    spans = list(exporter.get_finished_spans())
    failed = [s for s in spans if s.status.status_code.name == "ERROR"]
    assert {s.attributes.get("db.system.name", s.attributes.get("db.system")) for s in failed} == {  # type: ignore[union-attr]
        "postgresql",
        "redis",
    }
    for span in failed:
        assert span.status.description is None
        assert [dict(e.attributes or {}).get("exception.type", "") for e in span.events if e.name == "exception"]
        assert all("exception.message" not in (e.attributes or {}) for e in span.events)
    assert secret not in all_text(spans)
