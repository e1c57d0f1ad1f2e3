"""Spans of a coach turn in the OpenTelemetry GenAI semantic conventions, on the OpenTelemetry API.

What LLM observability tools (Langfuse, Phoenix, Datadog, Grafana, CloudWatch) read: one
`invoke_agent` span per turn, one `chat` span per model round (model, provider, tokens, finish
reason, round number, failover), one `execute_tool` span per tool call, and one span per safety
check (which layer, its verdict, the rule ids; never the text). `coach_core.otel` installs the SDK;
without it every span here is the API's non-recording span and the cost is a few attribute-free
calls. Message and answer text is recorded only when an operator sets
`OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true` (it is health data; docs/OBSERVABILITY.md).

Async generators and spans: a span is never left attached across a `yield` (the consumer's code
would run inside it, and a detach in another context fails). `iterate_in` attaches the span's
context only while the wrapped generator computes its next item.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncGenerator, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal, Protocol, TypeVar

from opentelemetry import context as otel_context
from opentelemetry import trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode

__all__ = [
    "CAPTURE_CONTENT_ENV",
    "Span",
    "active",
    "capture_content",
    "chat_span",
    "decided_by",
    "end_span",
    "iterate_in",
    "job_span",
    "mark_failover",
    "note_failed_attempt",
    "policy_layer",
    "record_chat_input",
    "record_chat_result",
    "record_guard",
    "record_policy",
    "record_tool",
    "record_turn",
    "safety_span",
    "tool_span",
    "turn_span",
]

TRACER_NAME = "coach_core"
CAPTURE_CONTENT_ENV = "OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT"
AGENT_NAME = "coach"

# GenAI semantic conventions (checked against opentelemetry-semantic-conventions in tests/unit/test_tracing.py).
GEN_AI_OPERATION_NAME = "gen_ai.operation.name"
GEN_AI_PROVIDER_NAME = "gen_ai.provider.name"
GEN_AI_REQUEST_MODEL = "gen_ai.request.model"
GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens"
GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens"
GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons"
GEN_AI_TOOL_NAME = "gen_ai.tool.name"
GEN_AI_TOOL_CALL_ID = "gen_ai.tool.call.id"
GEN_AI_TOOL_TYPE = "gen_ai.tool.type"
GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments"
GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result"
GEN_AI_AGENT_NAME = "gen_ai.agent.name"
GEN_AI_CONVERSATION_ID = "gen_ai.conversation.id"
GEN_AI_INPUT_MESSAGES = "gen_ai.input.messages"
GEN_AI_OUTPUT_MESSAGES = "gen_ai.output.messages"
GEN_AI_SYSTEM_INSTRUCTIONS = "gen_ai.system_instructions"
ERROR_TYPE = "error.type"

# The coach's own attributes.
ROUND = "coach.round"
FAILOVER = "coach.failover"
FAILED_PROVIDERS = "coach.failover.failed_providers"
STREAMED = "coach.streamed"
CANCELLED = "coach.cancelled"
MODEL_TIER = "coach.model_tier"
TOOL_CACHED = "coach.tool.cached"
TOOL_STATUS = "coach.tool.status"
SAFETY_LAYER = "coach.safety.layer"
SAFETY_DIRECTION = "coach.safety.direction"
SAFETY_ACTION = "coach.safety.action"
SAFETY_DECIDED = "coach.safety.decided"
SAFETY_RULE_IDS = "coach.safety.rule_ids"
SAFETY_POLICIES = "coach.safety.policies"
SAFETY_SCORES = "coach.safety.scores"
SAFETY_GUARD = "coach.safety.guard"
SAFETY_GUARD_MODEL = "coach.safety.guard_model"
SAFETY_CACHED = "coach.safety.cached"
SAFETY_REASON = "coach.safety.reason"
DECIDED_BY = "coach.safety.decided_by"
TURN_FINISH_REASON = "coach.turn.finish_reason"
TURN_TOOL_CALLS = "coach.turn.tool_calls"
TURN_TOKENS = "coach.turn.tokens"

SafetyLayer = Literal["rules", "model", "guard"]
MODEL_RULE_PREFIX = "crisis.model."
"""A rule id with this prefix (`crisis.model.v1`) is the learned crisis model's decision, not a rule's
(`policies.types.CRISIS_MODEL_RULE_PREFIX`, which this module sits below; a test keeps them equal)."""

_T = TypeVar("_T")


class _Violation(Protocol):
    @property
    def rule_id(self) -> str: ...

    @property
    def action(self) -> str: ...


class PolicyVerdict(Protocol):
    """What the safety span reads of a `policies.types.PolicyResult` (this module sits below policies)."""

    @property
    def action(self) -> str: ...

    @property
    def violations(self) -> Sequence[_Violation]: ...

    @property
    def violation_types(self) -> tuple[str, ...]: ...

    @property
    def rule_ids(self) -> tuple[str, ...]: ...

    @property
    def replaces_message(self) -> bool: ...


def _tracer() -> trace.Tracer:
    return trace.get_tracer(TRACER_NAME)


def capture_content() -> bool:
    """Whether message, answer and tool content may go on spans: only when the operator says so."""
    return os.environ.get(CAPTURE_CONTENT_ENV, "").strip().lower() == "true"


def end_span(span: Span, error: BaseException | None = None) -> None:
    """End `span`, marked failed with the error's type (never its text: no status description, no
    exception event) when there was one; work abandoned by its consumer (a client gone, a safety
    verdict closing the model stream) is `coach.cancelled`, not an error."""
    if error is not None and span.is_recording():
        if isinstance(error, GeneratorExit | asyncio.CancelledError):
            span.set_attribute(CANCELLED, True)
        else:
            span.set_attribute(ERROR_TYPE, type(error).__qualname__)
            span.set_status(Status(StatusCode.ERROR))
    span.end()


@contextmanager
def _current_span(name: str, kind: SpanKind, attributes: dict[str, Any]) -> Iterator[Span]:
    """A span current inside the block, ended by `end_span`. Not the API's `start_as_current_span`:
    on an exception that one writes `"<type>: <message>"` into the status description (and, unless
    told otherwise, the message and stack into an `exception` event)."""
    span = _tracer().start_span(name, kind=kind, attributes=attributes)
    error: BaseException | None = None
    try:
        with trace.use_span(span, end_on_exit=False, record_exception=False, set_status_on_exception=False):
            yield span
    except BaseException as exc:
        error = exc
        raise
    finally:
        end_span(span, error)


def active() -> bool:
    """Whether an SDK (or another real tracer provider) is installed; False: every span is a no-op."""
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def iterate_in(span: Span, items: AsyncGenerator[_T, None]) -> AsyncGenerator[_T, None]:
    """`items`, with `span` current while each next item is computed and never across a yield.
    Closing the result closes `items` inside the span too. Without tracing, `items` itself (no
    extra generator on the per-token path)."""
    return _iterate_in(span, items) if active() else items


async def _iterate_in(span: Span, items: AsyncGenerator[_T, None]) -> AsyncGenerator[_T, None]:
    ctx = trace.set_span_in_context(span)
    try:
        while True:
            token = otel_context.attach(ctx)
            try:
                item = await items.__anext__()
            except StopAsyncIteration:
                return
            finally:
                otel_context.detach(token)
            yield item
    finally:
        token = otel_context.attach(ctx)
        try:
            await items.aclose()
        finally:
            otel_context.detach(token)


# ---- the turn -------------------------------------------------------------------------------------


def turn_span(session_id: str, *, streamed: bool) -> Span:
    """The `invoke_agent` span of one turn (not attached: see `iterate_in`)."""
    return _tracer().start_span(
        f"invoke_agent {AGENT_NAME}",
        kind=SpanKind.INTERNAL,
        attributes={
            GEN_AI_OPERATION_NAME: "invoke_agent",
            GEN_AI_AGENT_NAME: AGENT_NAME,
            GEN_AI_CONVERSATION_ID: session_id,
            STREAMED: streamed,
        },
    )


def record_turn(span: Span, *, finish_reason: str, tokens: int, provider: str | None, tool_calls: int) -> None:
    if not span.is_recording():
        return
    span.set_attributes({TURN_FINISH_REASON: finish_reason, TURN_TOKENS: tokens, TURN_TOOL_CALLS: tool_calls})
    if provider:
        span.set_attribute(GEN_AI_PROVIDER_NAME, provider)


def decided_by(layer: SafetyLayer) -> None:
    """On the current span (the turn's): the safety layer whose verdict replaced the answer."""
    trace.get_current_span().set_attribute(DECIDED_BY, layer)


@contextmanager
def job_span(name: str) -> Iterator[Span]:
    """A scheduled job's root span (its database calls nest under it, not one trace each)."""
    with _current_span(name, SpanKind.SERVER, {"faas.trigger": "timer"}) as span:
        yield span


# ---- model calls ----------------------------------------------------------------------------------


def chat_span(*, provider: str, model: str, round_no: int, streamed: bool, model_tier: str) -> Span:
    """The `chat` span of one model round; the provider and model are the expected ones until
    `record_chat_result` names who answered."""
    return _tracer().start_span(
        f"chat {model}",
        kind=SpanKind.CLIENT,
        attributes={
            GEN_AI_OPERATION_NAME: "chat",
            GEN_AI_PROVIDER_NAME: provider,
            GEN_AI_REQUEST_MODEL: model,
            ROUND: round_no,
            STREAMED: streamed,
            MODEL_TIER: model_tier,
            FAILOVER: False,
        },
    )


def record_chat_input(span: Span, system: str, messages: Sequence[Any]) -> None:
    """The prompt, only with content capture on: system instructions and the messages (role and
    text, tool calls by name and arguments)."""
    if not span.is_recording() or not capture_content():
        return
    span.set_attribute(GEN_AI_SYSTEM_INSTRUCTIONS, json.dumps([{"type": "text", "content": system}]))
    span.set_attribute(GEN_AI_INPUT_MESSAGES, json.dumps([_message_json(m) for m in messages]))


def _message_json(message: Any) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if message.role == "tool":
        parts.append({"type": "tool_call_response", "id": message.tool_call_id, "response": message.content})
    elif message.content:
        parts.append({"type": "text", "content": message.content})
    for call in getattr(message, "tool_calls", ()):
        parts.append({"type": "tool_call", "id": call.id, "name": call.name, "arguments": call.arguments})
    return {"role": message.role, "parts": parts}


def record_chat_result(
    span: Span,
    *,
    provider: str,
    model: str,
    finish_reason: str,
    input_tokens: int,
    output_tokens: int,
    text: str,
    tool_calls: Sequence[Any],
) -> None:
    if not span.is_recording():
        return
    span.set_attributes(
        {
            GEN_AI_PROVIDER_NAME: provider,
            GEN_AI_REQUEST_MODEL: model,
            GEN_AI_USAGE_INPUT_TOKENS: input_tokens,
            GEN_AI_USAGE_OUTPUT_TOKENS: output_tokens,
            GEN_AI_RESPONSE_FINISH_REASONS: [finish_reason],
        }
    )
    span.update_name(f"chat {model}")
    if capture_content():
        parts: list[dict[str, Any]] = [{"type": "text", "content": text}] if text else []
        parts += [{"type": "tool_call", "id": c.id, "name": c.name, "arguments": c.arguments} for c in tool_calls]
        span.set_attribute(
            GEN_AI_OUTPUT_MESSAGES, json.dumps([{"role": "assistant", "parts": parts, "finish_reason": finish_reason}])
        )


def mark_failover(provider: str) -> None:
    """On the current `chat` span: this round went to `provider`, a fallback."""
    span = trace.get_current_span()
    if span.is_recording():
        span.set_attributes({FAILOVER: True, GEN_AI_PROVIDER_NAME: provider})


def note_failed_attempt(provider: str, error: BaseException) -> None:
    """On the current `chat` span: `provider` failed this round (an event with the error's type)."""
    span = trace.get_current_span()
    if span.is_recording():
        span.add_event("gen_ai.provider.failed", {GEN_AI_PROVIDER_NAME: provider, ERROR_TYPE: type(error).__qualname__})


# ---- tool calls -----------------------------------------------------------------------------------


@contextmanager
def tool_span(name: str, call_id: str, arguments: str) -> Iterator[Span]:
    """The `execute_tool` span of one tool call, current inside (a coroutine, never a generator)."""
    with _current_span(
        f"execute_tool {name}",
        SpanKind.INTERNAL,
        {
            GEN_AI_OPERATION_NAME: "execute_tool",
            GEN_AI_TOOL_NAME: name,
            GEN_AI_TOOL_CALL_ID: call_id,
            GEN_AI_TOOL_TYPE: "function",
        },
    ) as span:
        if span.is_recording() and capture_content():
            span.set_attribute(GEN_AI_TOOL_CALL_ARGUMENTS, arguments)
        yield span


def record_tool(span: Span, *, cached: bool, status: str, content: str) -> None:
    if not span.is_recording():
        return
    span.set_attributes({TOOL_CACHED: cached, TOOL_STATUS: status})
    if status != "success":
        span.set_attribute(ERROR_TYPE, status)
        span.set_status(Status(StatusCode.ERROR))
    if capture_content():
        span.set_attribute(GEN_AI_TOOL_CALL_RESULT, content)


# ---- safety checks --------------------------------------------------------------------------------


@contextmanager
def safety_span(layer: Literal["rules", "guard"], direction: str) -> Iterator[Span]:
    """One safety check, current inside. Never carries the checked text. A rules check that the
    learned crisis model decided is renamed `safety_check model` by `record_policy`."""
    with _current_span(
        f"safety_check {layer}", SpanKind.INTERNAL, {SAFETY_LAYER: layer, SAFETY_DIRECTION: direction}
    ) as span:
        yield span


def policy_layer(result: PolicyVerdict) -> SafetyLayer:
    """Who decided a rules-engine verdict: the learned crisis model when one of its rule ids
    (`crisis.model.<version>`: no detector fired, the model's probability reached its threshold)
    fired with a replacing action, else the rules."""
    for violation in result.violations:
        if violation.rule_id.startswith(MODEL_RULE_PREFIX) and violation.action in ("block", "flag"):
            return "model"
    return "rules"


def record_policy(span: Span, result: PolicyVerdict) -> None:
    """The engine's verdict: action, policies and rule ids that fired, the layer that decided (in
    the span's name too) and the learned model's scores; the sanitised trigger excerpt is text, so
    it stays off the span."""
    if not span.is_recording():
        return
    span.set_attributes(
        {
            SAFETY_ACTION: result.action,
            SAFETY_DECIDED: result.replaces_message,
            SAFETY_POLICIES: list(result.violation_types),
            SAFETY_RULE_IDS: list(result.rule_ids),
        }
    )
    scores = [
        f"{v.rule_id}={float(score):.4f}" for v in result.violations if (score := getattr(v, "score", None)) is not None
    ]
    if scores:
        span.set_attribute(SAFETY_SCORES, scores)
    if result.violations:
        layer = policy_layer(result)
        span.set_attribute(SAFETY_LAYER, layer)
        if layer == "model":
            span.update_name("safety_check model")


def record_guard(
    span: Span,
    *,
    guard: str,
    verdict: str,
    model: str | None,
    cached: bool,
    reason: str | None,
    scores: dict[str, float],
) -> None:
    if not span.is_recording():
        return
    span.set_attributes(
        {
            SAFETY_GUARD: guard,
            SAFETY_ACTION: verdict,
            SAFETY_DECIDED: verdict == "crisis",
            SAFETY_CACHED: cached,
            SAFETY_RULE_IDS: [f"guard.{guard}"] if verdict == "crisis" else [],
        }
    )
    if model:
        span.set_attribute(SAFETY_GUARD_MODEL, model)
    if reason:
        span.set_attribute(SAFETY_REASON, reason)
    if scores:
        span.set_attribute(SAFETY_SCORES, [f"{k}={v:.4f}" for k, v in sorted(scores.items())])
