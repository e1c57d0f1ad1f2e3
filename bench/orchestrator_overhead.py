"""1. Orchestrator overhead: the same 2-round, 2-tool conversation through the coach's
orchestrator and through a hand-written loop on the raw SDK, against the zero-latency
loopback fake (tests/fakes), for both providers, streamed and not.

The work is identical on both sides: the same system prompt, user message and six tool
definitions go out; the fake answers round 1 with two tool calls and round 2 with text;
the tools are trivial (a constant result). The orchestrated side runs the loop with the
registry (argument validation, canonical hashing, trace and log rows; cache off, no
database). A third variant adds what the service runs around the loop, the input and output
policy checks (the safety rules), reported as `ratio_with_policies`. The variants alternate
request by request, so noise lands on all alike.

Both sides use the SDKs' typed APIs (`chat.completions.create`, `messages.create`) with the
same arguments the providers send, so the ratio is the orchestration overhead alone.

Budget: median orchestrated ≤ 1.2 × median raw, for each of the four cases. The raw loop runs
no safety rules, so the budget compares the loop alone; the rules' cost is reported beside it
(and is inside the whole-request budget of `bench/server_cpu.py`).
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bench._common import ensure_repo_on_path, interleaved, median, ms, result
from coach_core.providers.model_config import model_config

if TYPE_CHECKING:
    from openai import AsyncOpenAI
    from openai.types.chat import ChatCompletionMessageParam, ChatCompletionToolParam

# The raw loops send what the providers send for the default tier (ids live in model_config).
OPENAI = model_config("openai", "standard")
ANTHROPIC = model_config("anthropic", "standard")

ROUNDS = 150
WARMUP = 10
BUDGET_RATIO = 1.2
SYSTEM = "You are Coach, a friendly fitness coach.\n\nUSER: 36y F 168cm lightly_active | GOAL lose→64kg"
USER_MESSAGE = "How is my weight trending, and am I eating the right amount?"
CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("get_weight_trend", {"days": 30}),
    ("get_nutrition_summary", {"days": 14}),
)
FINAL_TEXT = (
    "Your 7-day average is down 1.6 kg over 30 days, about 0.37 kg a week, which is a steady, safe pace. "
    "You averaged 1,740 kcal with 106 g of protein; keep that up and add a short walk after dinner."
)
TRIVIAL_RESULT: dict[str, Any] = {"ok": True, "value": 1}


def _replies() -> list[Any]:
    from tests.fakes import Call, Reply

    return [
        Reply(calls=tuple(Call(name, args, id=f"call_{i}") for i, (name, args) in enumerate(CALLS))),
        Reply(FINAL_TEXT),
    ]


def trivial_registry() -> Any:
    """The real ToolRegistry with the six real tool classes (names, descriptions, argument
    models) whose `run` returns a constant typed result: registry overhead, no tool work."""
    from coach_core.domain.outputs import ToolOutput
    from coach_core.tools import default_tools
    from coach_core.tools.registry import ToolRegistry

    class TrivialOutput(ToolOutput):
        ok: bool
        value: int

    async def run(self: Any, ctx: Any, args: Any) -> TrivialOutput:
        return TrivialOutput(**TRIVIAL_RESULT)

    def summarize(self: Any, output: TrivialOutput) -> str:
        return f"ok={output.ok}, value={output.value}"

    tools = [
        type(f"Trivial{type(t).__name__}", (type(t),), {"run": run, "summarize": summarize, "Output": TrivialOutput})()
        for t in default_tools()
    ]
    return ToolRegistry(tools, db=_NoDatabase(), cache=None)


class _NoDatabase:
    """Trivial tools never touch the database; using it would be a benchmark bug."""

    async def open(self) -> None:
        raise RuntimeError("the orchestrator benchmark must not use the database")

    def connection(self) -> Any:
        raise RuntimeError("the orchestrator benchmark must not use the database")

    async def close(self) -> None:
        return None


def _trivial_tool(name: str, arguments: str) -> str:
    json.loads(arguments or "{}")
    return json.dumps(TRIVIAL_RESULT)


# --- hand-written raw-SDK loops ------------------------------------------------------------


def openai_tools(registry: Any) -> list[ChatCompletionToolParam]:
    return [
        {"type": "function", "function": {"name": s.name, "description": s.description, "parameters": s.parameters}}
        for s in registry.specs()
    ]


def anthropic_tools(registry: Any) -> list[dict[str, Any]]:
    return [{"name": s.name, "description": s.description, "input_schema": s.parameters} for s in registry.specs()]


def _openai_start() -> list[ChatCompletionMessageParam]:
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": USER_MESSAGE}]


def _openai_temperature() -> Any:
    from openai import omit

    return omit if OPENAI.temperature is None else OPENAI.temperature


async def raw_openai(client: AsyncOpenAI, tools: list[ChatCompletionToolParam]) -> str:
    messages = _openai_start()
    temperature = _openai_temperature()
    for _ in range(5):
        response = await client.chat.completions.create(
            model=OPENAI.model, max_tokens=OPENAI.max_tokens, temperature=temperature, messages=messages, tools=tools
        )
        message = response.choices[0].message
        calls = [c for c in message.tool_calls or () if c.type == "function"]
        if not calls:
            return str(message.content)
        messages.append(
            {
                "role": "assistant",
                "content": message.content,
                "tool_calls": [
                    {
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.function.name, "arguments": c.function.arguments},
                    }
                    for c in calls
                ],
            }
        )
        for c in calls:
            messages.append(
                {"role": "tool", "tool_call_id": c.id, "content": _trivial_tool(c.function.name, c.function.arguments)}
            )
    raise RuntimeError("raw loop did not finish")


async def raw_openai_stream(
    client: AsyncOpenAI, tools: list[ChatCompletionToolParam], on_token: Callable[[str], None]
) -> str:
    messages = _openai_start()
    temperature = _openai_temperature()
    for _ in range(5):
        stream = await client.chat.completions.create(
            model=OPENAI.model,
            max_tokens=OPENAI.max_tokens,
            temperature=temperature,
            messages=messages,
            tools=tools,
            stream=True,
            stream_options={"include_usage": True},
        )
        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        async with stream:
            async for chunk in stream:
                for choice in chunk.choices:
                    delta = choice.delta
                    if delta.content:
                        text.append(delta.content)
                        on_token(delta.content)
                    for part in delta.tool_calls or ():
                        call = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
                        call["id"] = part.id or call["id"]
                        if part.function is not None:
                            call["name"] += part.function.name or ""
                            call["arguments"] += part.function.arguments or ""
        if not calls:
            return "".join(text)
        ordered = [calls[i] for i in sorted(calls)]
        messages.append(
            {
                "role": "assistant",
                "content": "".join(text) or None,
                "tool_calls": [
                    {"id": c["id"], "type": "function", "function": {"name": c["name"], "arguments": c["arguments"]}}
                    for c in ordered
                ],
            }
        )
        for c in ordered:
            messages.append(
                {"role": "tool", "tool_call_id": c["id"], "content": _trivial_tool(c["name"], c["arguments"])}
            )
    raise RuntimeError("raw loop did not finish")


async def raw_anthropic(client: Any, tools: list[dict[str, Any]]) -> str:
    messages: list[dict[str, Any]] = [{"role": "user", "content": USER_MESSAGE}]
    for _ in range(5):
        response = await client.messages.create(
            model=ANTHROPIC.model, max_tokens=ANTHROPIC.max_tokens, system=SYSTEM, messages=messages, tools=tools
        )
        uses = [b for b in response.content if b.type == "tool_use"]
        if not uses:
            return "".join(b.text for b in response.content if b.type == "text")
        messages.append(
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": b.id, "name": b.name, "input": b.input} for b in uses],
            }
        )
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": b.id, "content": _trivial_tool(b.name, json.dumps(b.input))}
                    for b in uses
                ],
            }
        )
    raise RuntimeError("raw loop did not finish")


async def raw_anthropic_stream(client: Any, tools: list[dict[str, Any]], on_token: Callable[[str], None]) -> str:
    messages: list[dict[str, Any]] = [{"role": "user", "content": USER_MESSAGE}]
    for _ in range(5):
        stream = await client.messages.create(
            model=ANTHROPIC.model,
            max_tokens=ANTHROPIC.max_tokens,
            system=SYSTEM,
            messages=messages,
            tools=tools,
            stream=True,
        )
        text: list[str] = []
        blocks: dict[int, dict[str, Any]] = {}
        async for event in stream:
            if event.type == "content_block_delta":
                if event.delta.type == "text_delta":
                    text.append(event.delta.text)
                    on_token(event.delta.text)
                elif event.delta.type == "input_json_delta":
                    blocks[event.index]["json"] += event.delta.partial_json
            elif event.type == "content_block_start" and event.content_block.type == "tool_use":
                blocks[event.index] = {"id": event.content_block.id, "name": event.content_block.name, "json": ""}
        if not blocks:
            return "".join(text)
        uses = [blocks[i] for i in sorted(blocks)]
        messages.append(
            {
                "role": "assistant",
                "content": [
                    {"type": "tool_use", "id": b["id"], "name": b["name"], "input": json.loads(b["json"] or "{}")}
                    for b in uses
                ],
            }
        )
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": b["id"], "content": _trivial_tool(b["name"], b["json"])}
                    for b in uses
                ],
            }
        )
    raise RuntimeError("raw loop did not finish")


# --- the orchestrated side --------------------------------------------------------------------


def _no_check(_: str) -> None:
    return None


NO_CHECKS: tuple[Callable[[str], Any], Callable[[str], Any]] = (_no_check, _no_check)


def policy_checks() -> tuple[Callable[[str], Any], Callable[[str], Any]]:
    """The service's input and output checks (the safety policy engine)."""
    from coach_core.policies.engine import SafetyPolicyEngine

    engine = SafetyPolicyEngine()
    return engine.check_input, engine.check_output


async def orchestrated(
    orchestrator: Any,
    registry: Any,
    checks: tuple[Callable[[str], Any], Callable[[str], Any]],
    stream: bool,
    on_token: Callable[[str], None],
) -> str:
    from coach_core.orchestrator import FinishEvent, TokenEvent
    from coach_core.providers.base import Message

    check_input, check_output = checks
    check_input(USER_MESSAGE)
    tools = registry.bind(_USER, _SESSION)
    messages = [Message.user(USER_MESSAGE)]
    if not stream:
        outcome = await orchestrator.run(system=SYSTEM, messages=messages, tools=tools, model_tier="standard")
        text = outcome.text
    else:
        text = ""
        async for event in orchestrator.stream(system=SYSTEM, messages=messages, tools=tools, model_tier="standard"):
            if isinstance(event, TokenEvent):
                on_token(event.content)
            elif isinstance(event, FinishEvent):
                text = event.result.text
    check_output(text)
    return str(text)


_USER = uuid.UUID("a1e0c0a0-0000-4000-8000-000000000001")
_SESSION = uuid.uuid4()


async def _case(provider_name: str, stream: bool) -> dict[str, Any]:
    from coach_core.orchestrator import Orchestrator
    from coach_core.providers.factory import create_provider
    from tests.fakes import FakeAnthropicServer, FakeOpenAIServer

    fake_cls = FakeOpenAIServer if provider_name == "openai" else FakeAnthropicServer
    registry = trivial_registry()
    checks = policy_checks()
    tokens: list[int] = [0, 0]

    def raw_token(_: str) -> None:
        tokens[0] += 1

    def orch_token(_: str) -> None:
        tokens[1] += 1

    def policy_token(_: str) -> None:
        return None

    with fake_cls() as fake:
        settings = fake.settings(llm_max_retries=0, llm_timeout_seconds=30.0)
        provider = create_provider(settings)
        orchestrator = Orchestrator(provider)
        if provider_name == "openai":
            from openai import AsyncOpenAI

            openai_client = AsyncOpenAI(
                api_key="test-key-not-secret", base_url=fake.base_url, timeout=30.0, max_retries=0
            )
            client: Any = openai_client
            function_tools = openai_tools(registry)
            raw: Callable[[], Awaitable[str]] = (
                (lambda: raw_openai_stream(openai_client, function_tools, raw_token))
                if stream
                else (lambda: raw_openai(openai_client, function_tools))
            )
        else:
            from anthropic import AsyncAnthropic

            client = AsyncAnthropic(api_key="test-key-not-secret", base_url=fake.base_url, timeout=30.0, max_retries=0)
            tools = anthropic_tools(registry)
            raw = (
                (lambda: raw_anthropic_stream(client, tools, raw_token))
                if stream
                else (lambda: raw_anthropic(client, tools))
            )
        fake.script(_replies() * (3 * (ROUNDS + WARMUP)))
        try:
            samples = await interleaved(
                {
                    "raw": raw,
                    "orchestrator": lambda: orchestrated(orchestrator, registry, NO_CHECKS, stream, orch_token),
                    "with_policies": lambda: orchestrated(orchestrator, registry, checks, stream, policy_token),
                },
                rounds=ROUNDS,
                warmup=WARMUP,
            )
        finally:
            await provider.aclose()
            await client.close()
        requests = len(fake.requests)
        unexpected = fake.unexpected
        # Same work on the wire: both sides sent the same tools and got the same replies.
        sent_tools = {len(r.body.get("tools", [])) for r in fake.requests}
    raw_median, orch_median = median(samples["raw"]), median(samples["orchestrator"])
    return {
        "provider": provider_name,
        "streamed": stream,
        "raw_median_ms": ms(raw_median),
        "orchestrator_median_ms": ms(orch_median),
        "ratio": round(orch_median / raw_median, 3),
        "with_policies_median_ms": ms(median(samples["with_policies"])),
        "ratio_with_policies": round(median(samples["with_policies"]) / raw_median, 3),
        "raw_p90_ms": ms(sorted(samples["raw"])[int(0.9 * len(samples["raw"]))]),
        "orchestrator_p90_ms": ms(sorted(samples["orchestrator"])[int(0.9 * len(samples["orchestrator"]))]),
        "samples_each": ROUNDS,
        "fake_requests": requests,
        "fake_unexpected": unexpected,
        "tools_per_request": sorted(sent_tools),
        "tokens_seen_raw_vs_orchestrator": tokens if stream else None,
    }


def run() -> dict[str, Any]:
    ensure_repo_on_path()

    async def all_cases() -> list[dict[str, Any]]:
        return [await _case(p, s) for p in ("openai", "anthropic") for s in (False, True)]

    cases = asyncio.run(all_cases())
    worst = max(c["ratio"] for c in cases)
    ok = all(c["ratio"] <= BUDGET_RATIO and c["fake_unexpected"] == 0 for c in cases)
    figure = ", ".join(
        f"{c['provider'][:6]}{'/stream' if c['streamed'] else ''} {c['ratio']:.2f}× "
        f"({c['ratio_with_policies']:.2f}× with the rules)"
        for c in cases
    )
    return result(
        "1. Orchestrator overhead",
        figure=figure,
        budget=f"≤ {BUDGET_RATIO}× raw-SDK loop (each)",
        passed=ok,
        figures={"cases": cases, "worst_ratio": worst},
    )
