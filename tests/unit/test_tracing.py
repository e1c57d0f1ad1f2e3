"""The coach's spans, collected with the OpenTelemetry SDK's in-memory exporter: the orchestrator's
`chat` span per model round and `execute_tool` span per tool call, failover, the safety spans (the
deciding layer: rules, the learned model with its score, or the guard), the content-capture switch,
the SDK set-up's choices from the standard OTEL_* variables; and what the erasure work promised of
traces, now of OpenTelemetry's: a span never carries a response body or an exception's text (its
type only), neither from the coach's own spans, nor from FastAPI's server span, nor (through the
export pipeline's redaction) from a library instrumentation's span."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncGenerator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

import httpx
import pytest
from fastapi import FastAPI
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.semconv._incubating.attributes import gen_ai_attributes as semconv

from coach_core import otel, tracing
from coach_core.api.app import TELEMETRY
from coach_core.api.errors import install_error_handlers
from coach_core.errors import ProviderUnavailableError
from coach_core.guard import GuardRunner, GuardVerdict
from coach_core.orchestrator import Orchestrator
from coach_core.policies.types import CRISIS_MODEL_RULE_PREFIX, PolicyResult, PolicyViolation
from coach_core.providers.base import (
    LLMProvider,
    LLMResponse,
    Message,
    ResponseFormat,
    StreamChunk,
    StreamFinish,
    TextDelta,
    ToolCall,
    ToolCallComplete,
    ToolDefinition,
    Usage,
)
from coach_core.providers.fallback import FallbackProvider
from coach_core.providers.model_config import model_config
from coach_core.tools.base import ToolExecution, ToolTraceEntry
from coach_core.tools.registry import BoundTools, ToolSpec
from tests.tracing_support import all_text, by_operation, collect_spans

SECRET = "my-private-symptom-text"


class ScriptedProvider(LLMProvider):
    """Answers each round from a script: (text, tool calls, usage)."""

    def __init__(
        self, name: str, rounds: Sequence[tuple[str, tuple[ToolCall, ...], Usage]] = (), fail: bool = False
    ) -> None:
        self.name = name  # type: ignore[misc]
        self.rounds = list(rounds)
        self.fail = fail

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        if self.fail:
            raise ProviderUnavailableError("down")
        text, calls, usage = self.rounds.pop(0)
        return LLMResponse(text, calls, "tool_calls" if calls else "stop", usage, self.name)

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        if self.fail:
            raise ProviderUnavailableError("down")
        text, calls, usage = self.rounds.pop(0)
        for word in text.split(" "):
            yield TextDelta(word + " ")
        for call in calls:
            yield ToolCallComplete(call)
        yield StreamFinish("tool_calls" if calls else "stop", usage, self.name)


@dataclass
class StubTools:
    """What the orchestrator asks of `BoundTools`."""

    cached: bool = False

    def specs(self) -> list[ToolSpec]:
        return [ToolSpec("get_weight_trend", "Weight trend", {"type": "object", "properties": {}})]

    def describe(self, name: str) -> str:
        return "Weight trend"

    async def execute(self, name: str, arguments: str, *, provider: str | None = None) -> ToolExecution:
        trace = ToolTraceEntry(name, "Weight trend", arguments, "down 1.2 kg", 3, self.cached, "success")
        return ToolExecution(None, None, json.dumps({"trend_kg": -1.2, "note": SECRET + "-result"}), trace)


def _two_rounds(name: str) -> list[tuple[str, tuple[ToolCall, ...], Usage]]:
    return [
        ("", (ToolCall("call_1", "get_weight_trend", '{"days": 30}'),), Usage(100, 20)),
        (f"You are down 1.2 kg {SECRET}-answer", (), Usage(150, 30)),
    ]


async def _run(provider: LLMProvider, *, streamed: bool) -> None:
    events = Orchestrator(provider).stream(
        system="You are a coach.",
        messages=[Message.user(f"How am I doing? {SECRET}")],
        tools=cast(BoundTools, StubTools(cached=True)),
        model_tier="standard",
        streamed=streamed,
    )
    async for _ in events:
        pass


def test_given_the_attribute_names_then_they_are_the_genai_semantic_conventions() -> None:
    for name in (
        "OPERATION_NAME",
        "PROVIDER_NAME",
        "REQUEST_MODEL",
        "USAGE_INPUT_TOKENS",
        "USAGE_OUTPUT_TOKENS",
        "RESPONSE_FINISH_REASONS",
        "TOOL_NAME",
        "TOOL_CALL_ID",
        "TOOL_TYPE",
        "TOOL_CALL_ARGUMENTS",
        "TOOL_CALL_RESULT",
        "AGENT_NAME",
        "CONVERSATION_ID",
        "INPUT_MESSAGES",
        "OUTPUT_MESSAGES",
        "SYSTEM_INSTRUCTIONS",
    ):
        assert getattr(tracing, f"GEN_AI_{name}") == getattr(semconv, f"GEN_AI_{name}"), name
    assert {"chat", "execute_tool", "invoke_agent"} <= {v.value for v in semconv.GenAiOperationNameValues}


@pytest.mark.parametrize("streamed", [True, False])
async def test_given_a_tool_round_then_a_chat_span_per_round_and_an_execute_tool_span_without_text(
    streamed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIVEN a model that calls a tool then answers WHEN the loop runs (streamed or buffered)
    THEN two `chat` spans (rounds 1 and 2: model, provider, tokens, finish reason) and one
    `execute_tool` span (name, cached, status), and no span holds the message, answer or tool output."""
    monkeypatch.delenv(tracing.CAPTURE_CONTENT_ENV, raising=False)
    with collect_spans() as spans:
        await _run(ScriptedProvider("openai", _two_rounds("openai")), streamed=streamed)

    chats = sorted(by_operation(spans, "chat"), key=lambda s: s.attributes["coach.round"])  # type: ignore[index]
    model = model_config("openai", "standard").model
    assert [dict(c.attributes or {}) for c in chats] == [
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "openai",
            "gen_ai.request.model": model,
            "coach.round": 1,
            "coach.streamed": streamed,
            "coach.model_tier": "standard",
            "coach.failover": False,
            "gen_ai.usage.input_tokens": 100,
            "gen_ai.usage.output_tokens": 20,
            "gen_ai.response.finish_reasons": ("tool_calls",),
        },
        {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "openai",
            "gen_ai.request.model": model,
            "coach.round": 2,
            "coach.streamed": streamed,
            "coach.model_tier": "standard",
            "coach.failover": False,
            "gen_ai.usage.input_tokens": 150,
            "gen_ai.usage.output_tokens": 30,
            "gen_ai.response.finish_reasons": ("stop",),
        },
    ]
    assert all(c.name == f"chat {model}" for c in chats)
    (tool,) = by_operation(spans, "execute_tool")
    assert tool.name == "execute_tool get_weight_trend"
    assert dict(tool.attributes or {}) == {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weight_trend",
        "gen_ai.tool.call.id": "call_1",
        "gen_ai.tool.type": "function",
        "coach.tool.cached": True,
        "coach.tool.status": "success",
    }
    assert SECRET not in all_text(spans)


async def test_given_content_capture_on_then_prompt_answer_and_tool_io_are_on_the_spans(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """GIVEN OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true (an operator's choice) THEN the chat
    spans carry the messages and the answer, the tool span its arguments and result."""
    monkeypatch.setenv(tracing.CAPTURE_CONTENT_ENV, "true")
    with collect_spans() as spans:
        await _run(ScriptedProvider("openai", _two_rounds("openai")), streamed=True)

    first, second = sorted(by_operation(spans, "chat"), key=lambda s: s.attributes["coach.round"])  # type: ignore[index]
    assert SECRET in str(first.attributes["gen_ai.input.messages"])  # type: ignore[index]
    assert json.loads(str(first.attributes["gen_ai.system_instructions"]))[0]["content"] == "You are a coach."  # type: ignore[index]
    output = json.loads(str(second.attributes["gen_ai.output.messages"]))  # type: ignore[index]
    assert f"{SECRET}-answer" in output[0]["parts"][0]["content"] and output[0]["finish_reason"] == "stop"
    (tool,) = by_operation(spans, "execute_tool")
    assert tool.attributes["gen_ai.tool.call.arguments"] == '{"days": 30}'  # type: ignore[index]
    assert f"{SECRET}-result" in str(tool.attributes["gen_ai.tool.call.result"])  # type: ignore[index]


@pytest.mark.parametrize("value", ["", "false", "1", "yes"])
def test_given_anything_but_true_then_content_is_not_captured(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(tracing.CAPTURE_CONTENT_ENV, value)
    assert tracing.capture_content() is False


@pytest.mark.parametrize("streamed", [True, False])
async def test_given_the_primary_down_when_the_fallback_answers_then_the_chat_span_says_failover(
    streamed: bool,
) -> None:
    """GIVEN a fallback provider whose primary is down THEN the round's `chat` span names the provider
    that answered, its model, `coach.failover` and the primary's failure as an event (type only)."""
    provider = FallbackProvider(
        [ScriptedProvider("openai", fail=True), ScriptedProvider("anthropic", [("Steady progress.", (), Usage(10, 5))])]
    )
    with collect_spans() as spans:
        await _run(provider, streamed=streamed)

    (chat,) = by_operation(spans, "chat")
    attributes = dict(chat.attributes or {})
    assert attributes["coach.failover"] is True
    assert attributes["gen_ai.provider.name"] == "anthropic"
    assert attributes["gen_ai.request.model"] == model_config("anthropic", "standard").model
    assert [(e.name, dict(e.attributes or {})) for e in chat.events] == [
        ("gen_ai.provider.failed", {"gen_ai.provider.name": "openai", "error.type": "ProviderUnavailableError"})
    ]
    assert "down" not in all_text(spans)  # the error's text stays off


async def test_given_every_provider_down_then_the_chat_span_is_an_error_with_the_type_only() -> None:
    provider = FallbackProvider([ScriptedProvider("openai", fail=True), ScriptedProvider("anthropic", fail=True)])
    with collect_spans() as spans, pytest.raises(ProviderUnavailableError):
        await _run(provider, streamed=False)
    (chat,) = by_operation(spans, "chat")
    assert chat.attributes["error.type"] == "ProviderUnavailableError"  # type: ignore[index]
    assert chat.status.status_code.name == "ERROR"


def _result(*violations: PolicyViolation) -> PolicyResult:
    action = "flag" if any(v.action == "flag" for v in violations) else "allow"
    return PolicyResult("input", action, violations)  # type: ignore[arg-type]


def test_the_model_rule_prefix_is_the_policies_one() -> None:
    """`tracing` sits below `policies` (it cannot import it): the two spellings stay one."""
    assert tracing.MODEL_RULE_PREFIX == CRISIS_MODEL_RULE_PREFIX


@pytest.mark.parametrize(
    ("violations", "layer"),
    [
        # a detector fired (the learned model scores every crisis text: its score rides along)
        ((PolicyViolation("crisis", "critical", "…", "flag", rule_id="crisis.suicide.intent", score=0.97),), "rules"),
        # the learned crisis model alone: crisis.model.v1 with its probability
        ((PolicyViolation("crisis", "critical", "…", "flag", rule_id="crisis.model.v1", score=0.93),), "model"),
        ((PolicyViolation("crisis", "critical", "…", "block", rule_id="crisis.model.v1", score=0.88),), "model"),
        ((PolicyViolation("crisis", "critical", "…", "allow", rule_id="crisis.model.v1", score=0.2),), "rules"),
        ((PolicyViolation("medical_advice", "high", "…", "modify", rule_id="medical.dosage"),), "rules"),
    ],
)
def test_given_a_policy_verdict_then_the_deciding_layer_rule_ids_and_scores_are_recorded_never_the_trigger(
    violations: tuple[PolicyViolation, ...], layer: str
) -> None:
    """GIVEN the engine's verdict WHEN recorded on its `safety_check` span THEN the span names the
    layer that decided (its name and `coach.safety.layer`: `model` only for a replacing
    `crisis.model.*` violation), the rule ids and each score, and never the trigger excerpt."""
    with collect_spans() as spans, tracing.safety_span("rules", "input") as span:
        tracing.record_policy(span, _result(*violations))
    (check,) = spans
    attributes = dict(check.attributes or {})
    assert check.name == f"safety_check {layer}"
    assert attributes["coach.safety.rule_ids"] == tuple(v.rule_id for v in violations)
    assert attributes["coach.safety.layer"] == layer
    scores = tuple(f"{v.rule_id}={v.score:.4f}" for v in violations if v.score is not None)
    assert attributes.get("coach.safety.scores", ()) == scores
    assert "…" not in all_text(spans)


class StubGuard:
    name = "moderation"

    async def classify(self, text: str, direction: str) -> GuardVerdict:
        return GuardVerdict("crisis", "moderation", "omni-moderation-latest", {"self-harm": 0.91})

    async def aclose(self) -> None:
        return None


@pytest.mark.parametrize("user_id", [None, uuid.UUID(int=7)])
async def test_given_the_guard_judges_a_crisis_then_its_span_names_the_guard_model_and_verdict(
    user_id: uuid.UUID | None,
) -> None:
    """GIVEN the guard (per-user cache or none) judges a crisis THEN its span names the guard, its
    model, the verdict and scores; never the text, never the user."""
    runner = GuardRunner(StubGuard(), timeout_seconds=1.0)
    billed: list[int] = []
    with collect_spans() as spans:
        verdict = await runner.check(f"{SECRET} message", "input", user_id=user_id, bill=billed.append)
    assert verdict.is_crisis
    (check,) = spans
    assert check.name == "safety_check guard"
    assert dict(check.attributes or {}) == {
        "coach.safety.layer": "guard",
        "coach.safety.direction": "input",
        "coach.safety.guard": "moderation",
        "coach.safety.action": "crisis",
        "coach.safety.decided": True,
        "coach.safety.cached": False,
        "coach.safety.rule_ids": ("guard.moderation",),
        "coach.safety.guard_model": "omni-moderation-latest",
        "coach.safety.scores": ("self-harm=0.9100",),
    }
    assert SECRET not in all_text(spans) and str(user_id) not in all_text(spans)


@pytest.mark.parametrize(
    ("environ", "wanted"),
    [
        ({}, None),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://localhost:6006"}, "otlp"),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "https://xray.eu-west-1.amazonaws.com/v1/traces"}, "otlp"),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x", "OTEL_SDK_DISABLED": "true"}, None),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://x", "OTEL_TRACES_EXPORTER": "none"}, None),
        ({"OTEL_TRACES_EXPORTER": "console"}, "console"),
    ],
)
def test_given_the_standard_variables_then_the_exporter_is_chosen_or_none_runs(
    environ: dict[str, str], wanted: str | None
) -> None:
    assert otel.exporter_wanted(environ) == wanted


def test_given_no_exporter_configured_then_configure_sets_nothing_up(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_TRACES_EXPORTER"):
        monkeypatch.delenv(name, raising=False)
    assert otel.configure_tracing() is False


def test_given_sigv4_then_an_export_request_is_signed_for_xray(monkeypatch: pytest.MonkeyPatch) -> None:
    """GIVEN COACH_OTLP_SIGV4=xray (the stack sets it) THEN each export carries a SigV4 signature for
    the `xray` service in the function's region, over the exact body sent."""
    import requests

    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIDEXAMPLE")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "session-token")
    prepared = requests.Request(
        "POST",
        "https://xray.eu-west-1.amazonaws.com/v1/traces",
        data=b"\x0a\x00",
        headers={"Content-Type": "application/x-protobuf"},
        auth=otel._SigV4Auth("xray", "eu-west-1"),
    ).prepare()
    authorization = prepared.headers["Authorization"]
    assert authorization.startswith("AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/")
    assert "/eu-west-1/xray/aws4_request" in authorization and "content-type" in authorization
    assert prepared.headers["X-Amz-Security-Token"] == "session-token"
    assert prepared.body == b"\x0a\x00"


def test_the_lazy_processor_builds_its_exporter_on_first_use_and_drops_it_on_restore() -> None:
    built: list[Any] = []

    class Recorder:
        def on_end(self, span: Any) -> None:
            built[-1][1].append(span)

        def force_flush(self, timeout_millis: int = 0) -> bool:
            return True

        def shutdown(self) -> None:
            return None

    def build() -> Any:
        built.append((Recorder(), []))
        return built[-1][0]

    processor = otel._LazyProcessor(build)
    assert processor.force_flush() is True and built == []  # nothing built before a span ends
    first, second = ReadableSpan("span-1"), ReadableSpan("span-2")
    processor.on_end(first)
    processor.reset()  # SnapStart restore: the snapshot's exporter is not this environment's
    processor.on_end(second)
    assert [spans for _, spans in built] == [[first], [second]]


def test_given_a_recording_span_then_log_records_carry_its_trace_and_span_ids() -> None:
    import logging

    from opentelemetry import trace

    stamp = otel._TraceIds()
    with collect_spans(), trace.get_tracer("test").start_as_current_span("work") as span:
        inside = logging.LogRecord("coach", logging.INFO, __file__, 1, "inside", None, None)
        stamp.filter(inside)
    outside = logging.LogRecord("coach", logging.INFO, __file__, 1, "outside", None, None)
    stamp.filter(outside)
    context = span.get_span_context()
    assert (inside.trace_id, inside.span_id) == (format(context.trace_id, "032x"), format(context.span_id, "016x"))  # type: ignore[attr-defined]
    assert not hasattr(outside, "trace_id")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, ["tracing: off", "arize-phoenix", "OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:6006"]),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318"}, ["OTLP/HTTP to http://127.0.0.1:4318"]),
    ],
)
def test_given_coach_serve_then_its_log_says_where_traces_go_or_how_to_see_them(
    environ: dict[str, str], expected: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from coach_core.server import tracing_note

    for name in (
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        "OTEL_TRACES_EXPORTER",
        "OTEL_SDK_DISABLED",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    note = tracing_note()
    assert all(part in note for part in expected), note


def test_given_a_scheduled_job_then_its_work_nests_under_one_root_span() -> None:
    from opentelemetry import trace

    with (
        collect_spans() as spans,
        tracing.job_span("expire_sessions"),
        trace.get_tracer("test").start_as_current_span("UPDATE coach_sessions"),
    ):
        pass
    child, root = spans
    assert root.name == "expire_sessions" and root.parent is None and root.attributes["faas.trigger"] == "timer"  # type: ignore[index]
    assert child.parent is not None and child.parent.span_id == root.context.span_id


# ---- no response body, no exception text (issue 22's promise, on OpenTelemetry) -------------------


def _exported(exporter: InMemorySpanExporter) -> list[ReadableSpan]:
    return list(exporter.get_finished_spans())


@pytest.fixture
def pipeline() -> Iterator[tuple[trace.Tracer, InMemorySpanExporter]]:
    """The production export path (`otel`'s processor, as `configure_tracing` installs it) on a
    provider of its own: what a receiver would get."""
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(cast(Any, otel._LazyProcessor(lambda: SimpleSpanProcessor(exporter))))
    yield provider.get_tracer("a-library-instrumentation"), exporter
    provider.shutdown()


def _app() -> FastAPI:
    """The coach's telemetry settings and error handlers on two routes: one answers with health
    data, one fails with it in the exception's message."""
    app = FastAPI(telemetry=TELEMETRY)
    install_error_handlers(app)

    @app.get("/answer")
    async def answer() -> dict[str, str]:
        return {"message": SECRET}

    @app.get("/fail")
    async def fail() -> dict[str, str]:
        raise ValueError(SECRET)

    return app


async def test_given_a_response_body_when_traced_then_no_span_carries_it() -> None:
    """GIVEN a request traced by FastAPI's telemetry (the coach's settings) WHEN the response holds
    health data THEN the caller gets it and the server span has the route and status, not the body."""
    transport = httpx.ASGITransport(app=_app())
    with collect_spans() as spans:
        async with httpx.AsyncClient(transport=transport, base_url="http://coach") as client:
            response = await client.get("/answer")
    assert response.json() == {"message": SECRET}
    (server,) = [s for s in spans if s.kind == trace.SpanKind.SERVER]
    assert server.attributes["http.route"] == "/answer" and server.attributes["http.response.status_code"] == 200  # type: ignore[index]
    assert server.events == () and SECRET not in all_text(spans)


async def test_given_a_handler_that_raises_when_traced_then_only_the_exception_type_reaches_the_span() -> None:
    """GIVEN a route whose exception's message holds health data WHEN traced THEN the client gets the
    generic 500, and the server span is an error with `error.type` ValueError: no status
    description, no exception event, no message anywhere."""
    transport = httpx.ASGITransport(app=_app(), raise_app_exceptions=False)
    with collect_spans() as spans:
        async with httpx.AsyncClient(transport=transport, base_url="http://coach") as client:
            response = await client.get("/fail")
    assert response.status_code == 500 and SECRET not in response.text
    (server,) = [s for s in spans if s.kind == trace.SpanKind.SERVER]
    assert server.attributes["error.type"] == "ValueError"  # type: ignore[index]
    assert server.status.status_code is trace.StatusCode.ERROR and server.status.description is None
    assert server.events == () and SECRET not in all_text(spans)


@pytest.mark.parametrize(
    "span_of",
    [
        lambda: tracing.safety_span("rules", "output"),
        lambda: tracing.safety_span("guard", "input"),
        lambda: tracing.tool_span("get_weight_trend", "call_1", "{}"),
        lambda: tracing.job_span("expire_sessions"),
    ],
    ids=["rules", "guard", "tool", "job"],
)
def test_given_a_coach_span_whose_work_raises_then_the_span_has_the_type_only_and_the_exception_propagates(
    span_of: Any,
) -> None:
    """GIVEN work inside one of the coach's own spans that raises with health data in the message
    THEN the very exception reaches the caller and the span (as recorded, before any redaction)
    has `error.type` and an ERROR status without description, and no exception event."""
    error = ValueError(SECRET)
    with collect_spans() as spans, pytest.raises(ValueError) as info, span_of():
        raise error
    assert info.value is error
    (span,) = spans
    assert span.attributes["error.type"] == "ValueError"  # type: ignore[index]
    assert span.status.status_code is trace.StatusCode.ERROR and span.status.description is None
    assert span.events == () and SECRET not in all_text(spans)


def test_given_a_coach_span_that_is_cancelled_then_it_is_marked_cancelled_not_failed() -> None:
    import asyncio

    with collect_spans() as spans, pytest.raises(asyncio.CancelledError), tracing.safety_span("guard", "input"):
        raise asyncio.CancelledError
    (span,) = spans
    assert span.attributes["coach.cancelled"] is True and "error.type" not in span.attributes  # type: ignore[operator, index]
    assert span.status.status_code is trace.StatusCode.UNSET


def test_given_a_library_span_that_records_an_exception_then_the_exported_span_keeps_its_type_only(
    pipeline: tuple[trace.Tracer, InMemorySpanExporter],
) -> None:
    """GIVEN a span made the way the psycopg and Redis instrumentations make theirs (the API's
    defaults: exception event with message and stack trace, `"<type>: <message>"` status) WHEN it
    is exported through the coach's pipeline THEN the exception's type is there, its text is not."""
    tracer, exporter = pipeline
    error = ValueError(SECRET)
    with pytest.raises(ValueError) as info, tracer.start_as_current_span("SELECT coach_users"):
        raise error
    assert info.value is error
    (span,) = _exported(exporter)
    assert span.status.status_code is trace.StatusCode.ERROR and span.status.description is None
    (event,) = span.events
    assert event.name == "exception" and dict(event.attributes or {}) == {
        "exception.type": "ValueError",
        "exception.escaped": "False",
    }
    assert SECRET not in all_text([span])


def test_given_a_span_without_exception_text_then_the_pipeline_exports_it_untouched(
    pipeline: tuple[trace.Tracer, InMemorySpanExporter],
) -> None:
    tracer, exporter = pipeline
    with tracer.start_as_current_span("GET", attributes={"db.system.name": "redis"}) as span:
        span.add_event("retry", {"attempt": 2})
    (exported,) = _exported(exporter)
    assert dict(exported.attributes or {}) == {"db.system.name": "redis"}
    assert [(e.name, dict(e.attributes or {})) for e in exported.events] == [("retry", {"attempt": 2})]
    assert otel.redacted(exported) is exported
