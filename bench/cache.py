"""7. Cache: a repeated tool call within its TTL is served from Redis.

Part 1, hit ratio: a scripted five-turn conversation (one request per turn, as the service
makes them) runs through the real `Orchestrator`, `ToolRegistry`, six tools, PostgreSQL
and Redis, with an in-process scripted provider that asks for a fixed sequence of tool
calls. Some calls repeat an earlier one (same tool, same arguments after defaults), one
repeats with different arguments, and a last turn makes a call another user already made.
Every repeat must be a hit, everything else a miss; the Redis keys' TTLs must be the
tools' TTLs; the `ai_tool_call_log` rows must record the same hits.

Part 2, hit versus miss latency, per tool: the key is deleted (outside the timing), the
call runs (miss: GET, the tool's SQL, SET), then runs again (hit: GET only); interleaved,
so machine noise lands on both alike. Budget: a hit is faster than a miss (median).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncGenerator, Sequence
from typing import Any

from bench._common import (
    clear_redis_prefix,
    import_demo_users,
    median,
    ms,
    new_redis_prefix,
    redis_url,
    result,
    throwaway_database,
)
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

LATENCY_SAMPLES = 40

# Each turn is a list of rounds; each round the tool calls (name, arguments) the model makes.
Script = list[list[tuple[str, dict[str, Any]]]]
CONVERSATION: list[tuple[str, Script]] = [
    ("Alex", [[("get_user_profile", {}), ("get_weight_trend", {"days": 30})]]),
    ("Alex", [[("calculate_tdee", {}), ("get_nutrition_summary", {"days": 14})], [("get_user_profile", {})]]),
    ("Alex", [[("get_weight_trend", {"days": 30}), ("get_recent_checkins", {"days": 14})]]),
    (
        "Alex",
        [
            [
                ("get_adherence_metrics", {"days": 14}),
                ("get_recent_checkins", {"days": 14}),
                ("get_nutrition_summary", {}),
            ]
        ],
    ),
    ("Alex", [[("calculate_tdee", {}), ("get_weight_trend", {"days": 60})]]),
    ("Riley", [[("get_user_profile", {})]]),
]
"""12 + 1 calls; 5 repeat an earlier call of the same user (one only after defaults are
applied: `get_nutrition_summary` with no arguments is days=14), the rest are misses."""


class ScriptedProvider(LLMProvider):
    """An `LLMProvider` that plays one turn's script: round i asks for script[i]'s tool
    calls, the round after the last answers in text. No network: this measures the cache."""

    name = "scripted"

    def __init__(self, script: Script) -> None:
        self.script = script

    async def complete(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> LLMResponse:
        round_no = sum(1 for m in messages if m.role == "assistant")
        if round_no < len(self.script):
            calls = tuple(
                ToolCall(f"call_{round_no}_{i}", name, json.dumps(args))
                for i, (name, args) in enumerate(self.script[round_no])
            )
            return LLMResponse("", calls, "tool_calls", Usage(10, 5), self.name)
        return LLMResponse("Here is your answer.", (), "stop", Usage(10, 5), self.name)

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        response = await self.complete(
            system=system, messages=messages, tools=tools, model_tier=model_tier, response_format=response_format
        )
        if response.text:
            yield TextDelta(response.text)
        for call in response.tool_calls:
            yield ToolCallComplete(call)
        yield StreamFinish(response.finish_reason, response.usage, response.provider)


def expected_hits(registry: Any, users: dict[str, uuid.UUID]) -> list[bool]:
    """Whether each scripted call should hit: seen before for the same user and canonical args."""
    seen: set[tuple[uuid.UUID, str, str]] = set()
    out = []
    for user, script in CONVERSATION:
        for round_calls in script:
            for name, args in round_calls:
                tool = registry.tools[name]
                canonical = json.dumps(tool.Args.model_validate(args).model_dump(mode="json"), sort_keys=True)
                key = (users[user], name, canonical)
                out.append(key in seen)
                seen.add(key)
    return out


async def _conversation(database_url: str, prefix: str) -> dict[str, Any]:
    from coach_core.db.connection import PoolDatabase
    from coach_core.orchestrator import Orchestrator
    from coach_core.tools import default_tools
    from coach_core.tools.cache import ToolCache
    from coach_core.tools.registry import ToolRegistry, cache_digest, canonical_json

    users = await import_demo_users(database_url)
    db = PoolDatabase(database_url, max_size=4)
    cache = ToolCache(redis_url(), prefix, 0.5)
    registry = ToolRegistry(default_tools(), db=db, cache=cache)
    try:
        observed: list[bool] = []
        calls: list[str] = []
        for user, script in CONVERSATION:
            bound = registry.bind(users[user])
            orchestrator = Orchestrator(ScriptedProvider(script))
            outcome = await orchestrator.run(
                system="You are a coach.", messages=[Message.user("question")], tools=bound, model_tier="standard"
            )
            observed += [t.cached for t in outcome.tool_trace]
            calls += [f"{user}:{t.tool_name}:{t.input_summary}" for t in outcome.tool_trace]
            await bound.flush_logs()
        expected = expected_hits(registry, users)
        # TTLs of the keys written: each must be (just under) its tool's TTL.
        import redis.asyncio as aredis

        client = aredis.Redis.from_url(redis_url())
        ttl_ok: dict[str, bool] = {}
        try:
            for name, tool in registry.tools.items():
                args = canonical_json(tool.Args.model_validate({}).model_dump(mode="json"))
                pttl = await client.pttl(cache.key(users["Alex"], cache_digest(name, users["Alex"], args)))
                ttl_ok[name] = 0 < pttl <= tool.cache_ttl_seconds * 1000 and pttl > (tool.cache_ttl_seconds - 60) * 1000
        finally:
            await client.aclose()
        async with db.connection() as conn:
            cur = await conn.execute(
                "SELECT count(*) FILTER (WHERE cache_hit) AS hits, count(*) AS total FROM ai_tool_call_log"
            )
            logged = await cur.fetchone()
        return {
            "calls": len(observed),
            "hits": sum(observed),
            "expected_hits": sum(expected),
            "hit_ratio": round(sum(observed) / len(observed), 4),
            "every_repeat_hit_and_no_false_hit": observed == expected,
            "per_call": [
                {"call": c, "cached": o, "expected": e} for c, o, e in zip(calls, observed, expected, strict=True)
            ],
            "redis_round_trips": cache.round_trips,
            "expected_redis_round_trips": len(observed) + (len(observed) - sum(observed)),
            "key_ttls_match_tool_ttls": ttl_ok,
            "logged_rows": logged["total"] if logged else 0,
            "logged_hits": logged["hits"] if logged else 0,
        }
    finally:
        await cache.close()
        await db.close()


async def _latency(database_url: str, prefix: str) -> dict[str, Any]:
    import redis.asyncio as aredis

    from coach_core.db.connection import PoolDatabase
    from coach_core.demo import ALEX_ID
    from coach_core.tools import default_tools
    from coach_core.tools.cache import ToolCache
    from coach_core.tools.registry import ToolRegistry, cache_digest, canonical_json

    db = PoolDatabase(database_url, max_size=2)
    cache = ToolCache(redis_url(), prefix, 0.5)
    registry = ToolRegistry(default_tools(), db=db, cache=cache)
    admin = aredis.Redis.from_url(redis_url())
    per_tool: dict[str, dict[str, Any]] = {}
    all_hits: list[float] = []
    all_misses: list[float] = []
    try:
        bound = registry.bind(ALEX_ID)
        for name, tool in registry.tools.items():
            key = cache.key(
                ALEX_ID,
                cache_digest(name, ALEX_ID, canonical_json(tool.Args.model_validate({}).model_dump(mode="json"))),
            )
            for _ in range(3):  # warm the pool, Redis connection and code paths
                await bound.execute(name, "{}")
            hits, misses, wrong = [], [], 0
            for _ in range(LATENCY_SAMPLES):
                await admin.delete(key)
                started = time.perf_counter()
                miss = await bound.execute(name, "{}")
                misses.append(time.perf_counter() - started)
                started = time.perf_counter()
                hit = await bound.execute(name, "{}")
                hits.append(time.perf_counter() - started)
                wrong += int(miss.trace.cached) + int(not hit.trace.cached)
                if hit.output != miss.output:
                    wrong += 1
            bound.log_rows.clear()
            bound.trace.clear()
            per_tool[name] = {
                "miss_median_ms": ms(median(misses)),
                "hit_median_ms": ms(median(hits)),
                "hit_over_miss": round(median(hits) / median(misses), 3),
                "misclassified": wrong,
            }
            all_hits += hits
            all_misses += misses
    finally:
        await admin.aclose()
        await cache.close()
        await db.close()
    return {
        "samples_per_tool": LATENCY_SAMPLES,
        "per_tool": per_tool,
        "hit_median_ms": ms(median(all_hits)),
        "miss_median_ms": ms(median(all_misses)),
        "hit_over_miss": round(median(all_hits) / median(all_misses), 3),
        "misclassified": sum(t["misclassified"] for t in per_tool.values()),
    }


def run() -> dict[str, Any]:
    prefix = new_redis_prefix("cache")
    try:
        with throwaway_database("cache") as url:
            conversation = asyncio.run(_conversation(url, prefix + "conv:"))
            latency = asyncio.run(_latency(url, prefix + "lat:"))
    finally:
        clear_redis_prefix(prefix)
    passed = (
        conversation["every_repeat_hit_and_no_false_hit"]
        and conversation["redis_round_trips"] == conversation["expected_redis_round_trips"]
        and all(conversation["key_ttls_match_tool_ttls"].values())
        and conversation["logged_hits"] == conversation["hits"]
        and conversation["logged_rows"] == conversation["calls"]
        and latency["misclassified"] == 0
        and latency["hit_over_miss"] < 1.0
    )
    figure = (
        f"hit ratio {conversation['hits']}/{conversation['calls']} "
        f"(expected {conversation['expected_hits']}); hit = {latency['hit_over_miss']:.2f}× miss "
        f"({latency['hit_median_ms']:.2f} vs {latency['miss_median_ms']:.2f} ms)"
    )
    return result(
        "7. Cache",
        figure=figure,
        budget="every repeat within TTL hits; hit < miss",
        passed=passed,
        figures={"conversation": conversation, "latency": latency},
    )
