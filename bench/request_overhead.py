"""3. Request overhead: `POST /api/v1/coach/chat` through the HTTP app (uvicorn on a loopback
port, as `coach serve` runs it) with real PostgreSQL and Redis and the zero-latency OpenAI
fake, versus the hand-written raw-SDK loop doing the same 2-round, 2-tool conversation.

Added latency = HTTP chat − raw loop, measured interleaved (raw, new-session chat,
continuing-session chat, GET /health as the HTTP floor, repeat) with a warm tool cache. The
client is `LoopbackHttpClient` (a minimal keep-alive HTTP/1.1 client), so the client's own CPU,
which shares the event loop, is not charged to the app. Counts per request come from
instrumenting psycopg (every statement, BEGIN/COMMIT included; the pool's empty-query
connection checks listed apart) and the async Redis client (every command), in three
scenarios: cold tool cache + new session, warm cache + new session, warm cache +
continuing session.

Budget: ≤ 10 SQL statements per chat request (context in ≤ 3 queries; tool-call log rows in
one statement); added median ≤ 10 ms.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bench._common import (
    LoopbackHttpClient,
    bench_env,
    clear_redis_prefix,
    count_redis,
    count_sql,
    ensure_repo_on_path,
    import_demo_users,
    interleaved,
    median,
    ms,
    new_redis_prefix,
    percentile,
    result,
    serve_in_loop,
    throwaway_database,
)

ROUNDS = 120
WARMUP = 10
BUDGET_STATEMENTS = 10
BUDGET_CONTEXT_QUERIES = 3
BUDGET_ADDED_MEDIAN_MS = 10.0
CONTEXT_TABLES = ("FROM users", "FROM daily_checkins", "FROM nutrition_logs")
CHAT_PATH = "/api/v1/coach/chat"


def _context_queries(texts: list[str]) -> int:
    return sum(1 for t in texts if t.upper().startswith("SELECT") and any(m in t for m in CONTEXT_TABLES))


async def _main(database_url: str, prefix: str) -> dict[str, Any]:
    from openai import AsyncOpenAI

    from bench.orchestrator_overhead import USER_MESSAGE, _replies, openai_tools, raw_openai
    from coach_core.api import create_app
    from coach_core.api.auth import mint_local_token
    from coach_core.service import build_service
    from tests.fakes import FakeOpenAIServer

    users = await import_demo_users(database_url)
    alex = users["Alex"]
    with FakeOpenAIServer() as fake, bench_env(
        database_url, prefix, LLM_PROVIDER="openai", OPENAI_API_KEY="test-key-not-secret",
        OPENAI_BASE_URL=fake.base_url, LLM_MAX_RETRIES="0", LLM_TIMEOUT_SECONDS="30",
    ):
        service = build_service()
        app = create_app(service=service)
        headers = {"Authorization": f"Bearer {mint_local_token(str(alex))}"}
        fake.script(_replies() * (2 * 3 * (ROUNDS + WARMUP) + 50))
        body = {"message": USER_MESSAGE, "session_id": None}
        async with serve_in_loop(app) as base:
            http = LoopbackHttpClient(base, headers)
            raw_client = AsyncOpenAI(api_key="test-key-not-secret", base_url=fake.base_url, timeout=30.0,
                                     max_retries=0)
            registry = service.registry
            tools = openai_tools(registry)

            async def chat(session_id: str | None) -> dict[str, Any]:
                status, raw_body = await http.request("POST", CHAT_PATH, {**body, "session_id": session_id})
                if status != 200:
                    raise RuntimeError(f"POST /chat answered {status}")
                data: dict[str, Any] = json.loads(raw_body)
                return data

            async def health() -> None:
                status, _ = await http.request("GET", "/health")
                if status != 200:
                    raise RuntimeError(f"GET /health answered {status}")

            first = await chat(None)  # opens the pool, builds the service and provider
            session_id = str(first["session_id"])

            # --- counts per request, by scenario ---------------------------------------------
            counts: dict[str, Any] = {}
            with count_sql() as sql, count_redis() as redis_counter:
                for scenario, sid, cold in (
                    ("cold_cache_new_session", None, True),
                    ("warm_cache_new_session", None, False),
                    ("warm_cache_continuing_session", session_id, False),
                ):
                    if cold:
                        clear_redis_prefix(prefix)
                    sql.reset()
                    redis_counter.reset()
                    answer = await chat(sid)
                    counts[scenario] = {
                        "sql_statements": sql.statements,
                        "pool_connection_checks": sql.health_checks,
                        "postgres_round_trips": sql.round_trips,
                        # Tools read the same tables on a cache miss: count context queries warm only.
                        "context_queries": None if cold else _context_queries(sql.texts),
                        "tool_log_inserts": sum(1 for t in sql.texts if "INTO ai_tool_call_log" in t),
                        "by_verb": dict(sql.kinds),
                        "statements": list(sql.texts),
                        "redis_round_trips": redis_counter.commands,
                        "redis_by_command": dict(redis_counter.kinds),
                        "tools_cached": [t["cached"] for t in answer["tool_trace"]],
                    }

            # --- latency, interleaved ---------------------------------------------------------
            samples = await interleaved(
                {
                    "raw": lambda: raw_openai(raw_client, tools),
                    "chat_new_session": lambda: chat(None),
                    "chat_continuing_session": lambda: chat(session_id),
                    "http_floor_get_health": health,
                },
                rounds=ROUNDS,
                warmup=WARMUP,
            )
            await raw_client.close()
            await http.aclose()
        unexpected = fake.unexpected
        await service.aclose()
        from coach_core.db.connection import get_database

        await get_database().close()

    raw = samples["raw"]
    latency: dict[str, Any] = {"raw_median_ms": ms(median(raw)), "raw_p95_ms": ms(percentile(raw, 95))}
    for name in ("chat_new_session", "chat_continuing_session"):
        chat_samples = samples[name]
        paired = [c - r for c, r in zip(chat_samples, raw, strict=True)]
        latency[name] = {
            "median_ms": ms(median(chat_samples)),
            "p95_ms": ms(percentile(chat_samples, 95)),
            "added_median_ms": ms(median(chat_samples) - median(raw)),
            "added_p95_ms": ms(percentile(chat_samples, 95) - percentile(raw, 95)),
            "paired_added_median_ms": ms(median(paired)),
            "paired_added_p95_ms": ms(percentile(paired, 95)),
        }
    latency["http_floor_get_health_median_ms"] = ms(median(samples["http_floor_get_health"]))
    return {"counts": counts, "latency": latency, "rounds": ROUNDS, "fake_unexpected": unexpected}


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    prefix = new_redis_prefix("request")
    try:
        with throwaway_database("request") as url:
            figures = asyncio.run(_main(url, prefix))
    finally:
        clear_redis_prefix(prefix)
    counts, latency = figures["counts"], figures["latency"]
    max_statements = max(c["sql_statements"] for c in counts.values())
    max_context = max(c["context_queries"] for c in counts.values() if c["context_queries"] is not None)
    log_inserts_ok = all(c["tool_log_inserts"] == 1 for c in counts.values())
    added = max(latency[n]["added_median_ms"] for n in ("chat_new_session", "chat_continuing_session"))
    added_p95 = max(latency[n]["added_p95_ms"] for n in ("chat_new_session", "chat_continuing_session"))
    max_redis = max(c["redis_round_trips"] for c in counts.values())
    passed = (
        max_statements <= BUDGET_STATEMENTS
        and max_context <= BUDGET_CONTEXT_QUERIES
        and log_inserts_ok
        and added <= BUDGET_ADDED_MEDIAN_MS
        and figures["fake_unexpected"] == 0
    )
    figure = (
        f"added median {added:.1f} ms, p95 {added_p95:.1f} ms; ≤{max_statements} SQL "
        f"(context {max_context}, tool log {'1 stmt' if log_inserts_ok else 'NOT 1 stmt'}); "
        f"≤{max_redis} Redis"
    )
    return result(
        "3. Request overhead",
        figure=figure,
        budget="≤ 10 SQL (ctx ≤ 3, log 1); added median ≤ 10 ms",
        passed=passed,
        figures=figures,
    )
