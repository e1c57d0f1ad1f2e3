"""End to end: `coach serve` as a subprocess with `OTEL_EXPORTER_OTLP_ENDPOINT` aimed at a real
OTLP/HTTP receiver started here (tests/otlp_receiver.py: protobuf decoded by opentelemetry-proto),
the OpenAI SDK aimed at the loopback fake, one chat over HTTP; then the received spans are checked.
"""

from __future__ import annotations

import json
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from coach_core.api.auth import mint_local_token
from coach_core.providers.model_config import model_config
from coach_core.settings import load_settings
from tests.api_support import TEST_JWT_SECRET
from tests.browser.support import ServedCoach, seed_demo_users, server_env
from tests.fakes import Call, FakeOpenAIServer, Reply
from tests.otlp_receiver import OtlpReceiver, ReceivedSpan

pytestmark = pytest.mark.integration

MARKER = "zebra-marmalade-4471"
"""Part of the user's message: it must not appear in any byte the receiver gets."""
ANSWER_MARKER = "quokka-lantern-9083"


@pytest.fixture(scope="module")
def traced_coach(database_url: str, redis_url: str) -> Iterator[tuple[ServedCoach, OtlpReceiver, FakeOpenAIServer]]:
    with OtlpReceiver() as receiver, FakeOpenAIServer() as fake:
        env = server_env(
            database_url,
            redis_url,
            LLM_PROVIDER="openai",
            OPENAI_API_KEY="test-key-not-secret",
            OPENAI_BASE_URL=fake.base_url,
            LLM_MAX_RETRIES="0",
            SAFETY_GUARD="none",
            OTEL_EXPORTER_OTLP_ENDPOINT=receiver.endpoint,
            OTEL_BSP_SCHEDULE_DELAY="50",
            OTEL_SERVICE_NAME="coach-e2e",
            JWT_SECRET=TEST_JWT_SECRET,
        )
        env.pop("OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT", None)
        seed_demo_users(env)
        server = ServedCoach(env).start()
        try:
            yield server, receiver, fake
        finally:
            server.stop()


def _demo_user() -> uuid.UUID:
    from coach_core.demo import DEMO_USERS, demo_payloads
    from coach_core.models import utctoday

    payloads = demo_payloads(utctoday())
    assert DEMO_USERS
    return uuid.UUID(str(payloads[0]["user"]["id"]))


def _post(server: ServedCoach, path: str, body: dict[str, Any], user: uuid.UUID) -> tuple[int, bytes]:
    token = mint_local_token(str(user), settings=load_settings(jwt_secret=TEST_JWT_SECRET))
    request = urllib.request.Request(
        server.base_url + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.read()


def _one_trace(spans: list[ReceivedSpan], route: str) -> list[ReceivedSpan]:
    servers = [s for s in spans if s.kind == "SERVER" and s.attributes.get("http.route") == route]
    if not servers:
        return []
    trace_id = servers[-1].trace_id
    return [s for s in spans if s.trace_id == trace_id]


def _complete(route: str, chats: int) -> Any:
    def done(spans: list[ReceivedSpan]) -> bool:
        trace = _one_trace(spans, route)
        return sum(s.attributes.get("gen_ai.operation.name") == "chat" for s in trace) >= chats and any(
            s.name.startswith("invoke_agent") for s in trace
        )

    return done


def _assert_no_text(receiver: OtlpReceiver, *texts: str) -> None:
    for body in receiver.bodies:
        for text in texts:
            assert text.encode() not in body, f"{text!r} was exported"


@pytest.mark.parametrize("path", ["/api/v1/coach/chat", "/api/v1/coach/chat/stream"])
def test_given_an_otlp_endpoint_when_chatting_over_coach_serve_then_one_trace_holds_model_and_tool_spans(
    traced_coach: tuple[ServedCoach, OtlpReceiver, FakeOpenAIServer], path: str
) -> None:
    """GIVEN `coach serve` with OTEL_EXPORTER_OTLP_ENDPOINT and a model that calls a tool, then answers
    WHEN a user chats over HTTP
    THEN the receiver gets one trace with the HTTP server span, the turn's `invoke_agent` span, a `chat`
    span per model call (model, provider, round, token usage, finish reason), an `execute_tool` span
    with the tool's name, the database's spans; and no exported byte holds the message or the answer."""
    server, receiver, fake = traced_coach
    user = _demo_user()
    fake.script(
        [
            Reply(calls=(Call("get_weight_trend", {"days": 30}),), usage=(120, 15)),
            Reply(f"You are trending down, {ANSWER_MARKER}.", usage=(180, 25)),
        ]
    )

    status, body = _post(server, path, {"message": f"How is my weight trending? {MARKER}"}, user)

    assert status == 200 and ANSWER_MARKER.encode() in body
    spans = receiver.wait_for(_complete(path, 2))
    trace = _one_trace(spans, path)
    assert trace, f"no server span for {path}: {[s.name for s in spans]}"
    by_id = {s.span_id: s for s in trace}
    (server_span,) = [s for s in trace if s.kind == "SERVER"]
    assert server_span.name == f"POST {path}" and server_span.attributes["http.response.status_code"] == 200
    assert server_span.resource["service.name"] == "coach-e2e"

    (turn,) = [s for s in trace if s.attributes.get("gen_ai.operation.name") == "invoke_agent"]
    assert turn.attributes["gen_ai.agent.name"] == "coach"
    assert turn.attributes["coach.streamed"] is path.endswith("/stream")
    assert turn.attributes["coach.turn.finish_reason"] == "stop"

    chats = sorted(
        (s for s in trace if s.attributes.get("gen_ai.operation.name") == "chat"),
        key=lambda s: s.attributes["coach.round"],
    )
    assert [c.attributes["coach.round"] for c in chats] == [1, 2]
    tier = chats[0].attributes["coach.model_tier"]
    for chat, (tokens_in, tokens_out, reason) in zip(chats, [(120, 15, "tool_calls"), (180, 25, "stop")], strict=True):
        a = chat.attributes
        assert chat.kind == "CLIENT" and chat.parent_span_id == turn.span_id
        assert a["gen_ai.provider.name"] == "openai"
        assert a["gen_ai.request.model"] == model_config("openai", tier).model
        assert chat.name == f"chat {a['gen_ai.request.model']}"
        assert (a["gen_ai.usage.input_tokens"], a["gen_ai.usage.output_tokens"]) == (tokens_in, tokens_out)
        assert a["gen_ai.response.finish_reasons"] == [reason]
        assert a["coach.failover"] is False

    (tool,) = [s for s in trace if s.attributes.get("gen_ai.operation.name") == "execute_tool"]
    assert tool.attributes["gen_ai.tool.name"] == "get_weight_trend"
    assert tool.attributes["coach.tool.status"] == "success" and tool.parent_span_id == turn.span_id
    assert tool.name == "execute_tool get_weight_trend"

    checks = [s for s in trace if s.name.startswith("safety_check")]
    assert {(c.attributes["coach.safety.layer"], c.attributes["coach.safety.direction"]) for c in checks} == {
        ("rules", "input"),
        ("rules", "output"),
    }
    assert all(c.attributes["coach.safety.action"] == "allow" for c in checks)

    database = [s for s in trace if s.attributes.get("db.system.name", s.attributes.get("db.system")) == "postgresql"]
    assert database, "no psycopg span in the trace"
    cache = [s for s in trace if s.attributes.get("db.system.name", s.attributes.get("db.system")) == "redis"]
    assert cache, "no Redis span in the trace"
    for span in cache:  # the command only: keys and values are `?`
        statement = str(span.attributes.get("db.statement", span.attributes.get("db.query.text", "")))
        assert set(statement.split()[1:]) <= {"?"}, statement
    for span in trace:  # every span hangs off the server span
        node = span
        while node.parent_span_id in by_id:
            node = by_id[node.parent_span_id]
        assert node is server_span, span.name
    _assert_no_text(receiver, MARKER, ANSWER_MARKER, "How is my weight trending")


XRAY_HEADER = "Root=1-67891233-abcdef012345678912345678;Parent=53995c3f42cd8ad8;Sampled=1"
SNAPSTART_CHILD = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from coach_core import lambda_handlers, otel
lambda_handlers.prepare_snapshot()
in_snapshot = {"tracing": otel.enabled(), "exporter_built": otel._exporting._current is not None}
lambda_handlers.after_restore()
import importlib
handler = importlib.import_module("functions.insights.handler").handler
event = json.load(open(sys.argv[2]))
class Context:
    function_name = "coach-insights"
    memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:coach-insights"
    aws_request_id = "c0ffee"
response = handler(event, Context())
print(json.dumps({**in_snapshot, "status": response["statusCode"]}), flush=True)
os._exit(0)  # no exit-time flush: what was exported, the invocation exported
"""


def test_given_snapstart_when_restored_then_the_provider_was_in_the_snapshot_and_the_first_invocation_exports(
    database_url: str, redis_url: str, tmp_path: Any
) -> None:
    """GIVEN a Lambda environment with the stack's tracing variables WHEN the before-snapshot hook runs
    THEN the tracer provider is set up but no exporter (thread, connection) exists; WHEN the environment
    is restored and invoked THEN the invocation's spans (server span and database calls) reach the
    receiver before the handler returns (the process then exits without any exit-time flush), in the
    trace API Gateway's `X-Amzn-Trace-Id` header names."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    with OtlpReceiver() as receiver:
        env = server_env(
            database_url,
            redis_url,
            AWS_LAMBDA_FUNCTION_NAME="coach-insights",
            OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=f"{receiver.endpoint}/v1/traces",
            OTEL_SERVICE_NAME="coach-insights",
            OTEL_PROPAGATORS="tracecontext,baggage,xray",
            POWERTOOLS_METRICS_NAMESPACE="CoachAITest",
            POWERTOOLS_LOG_LEVEL="WARNING",
            JWT_SECRET=TEST_JWT_SECRET,
        )
        seed_demo_users(env)
        event = json.loads((root / "events" / "insights.json").read_text())
        event["requestContext"]["authorizer"]["claims"]["sub"] = str(_demo_user())
        # API Gateway's trace header (active tracing): the app's spans continue that trace.
        event["headers"]["X-Amzn-Trace-Id"] = XRAY_HEADER
        event_path = tmp_path / "insights.json"
        event_path.write_text(json.dumps(event))
        done = subprocess.run(
            [sys.executable, "-c", SNAPSTART_CHILD, str(root), str(event_path)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        report = json.loads(done.stdout.strip().splitlines()[-1])
        spans = list(receiver.spans)

    assert report == {"tracing": True, "exporter_built": False, "status": 200}
    servers = [s for s in spans if s.kind == "SERVER"]
    assert [s.name for s in servers] == ["GET /api/v1/coach/insights"]
    assert all(s.resource["service.name"] == "coach-insights" for s in spans)
    assert any(s.attributes.get("db.system.name", s.attributes.get("db.system")) == "postgresql" for s in spans)
    assert {s.trace_id for s in spans} == {"67891233abcdef012345678912345678"}
    assert servers[0].parent_span_id == "53995c3f42cd8ad8"
