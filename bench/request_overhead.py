"""3. Request overhead: `POST /api/v1/coach/chat` through the HTTP app (uvicorn on a loopback
port, as `coach serve` runs it) with real PostgreSQL and Redis and the zero-latency OpenAI
fake, versus the hand-written raw-SDK loop doing the same 2-round, 2-tool conversation.

Added latency = HTTP chat − raw loop, measured interleaved (raw, new-session chat,
continuing-session chat, GET /health as the HTTP floor, repeat) with a warm tool cache. The
client is `LoopbackHttpClient` (a minimal keep-alive HTTP/1.1 client), so the client's own CPU,
which shares the event loop, is not charged to the app. The service runs as deployed except
for the per-user rate limit (off: one benchmark user sends far more than 20 requests a
minute) and the model-based safety guard (benchmark 11 measures it); the daily token budget is
the standard tier's, so its Redis counter and, while that is cold, its usage read are paid.

Counts per request come from instrumenting psycopg (every statement, BEGIN/COMMIT included;
statements sent in one pipeline block count as one round trip; the pool's empty-query
connection checks listed apart) and the async Redis client (every command), in four
scenarios: a user's first chat of the day (another demo user: context not cached, budget
counter cold, tool cache cold, new session), cold tool cache + new session, warm cache + new
session, warm cache + continuing session. Each statement is attributed: context (the
pipelined bundle, or the data-version check of a cached context), session look-up, usage
read, tool reads, the turn's write. The turn's write is one statement (exchange, tool-call log
rows, usage: data-modifying CTEs); that it carries the tool rows is checked in its text
(`INSERT INTO ai_tool_call_log`) and in the table (rows added = tool calls answered).

Budget: ≤ 10 SQL statements per chat request in every scenario (context in one round trip;
the turn's write one statement that also writes the tool-call log rows, nothing else touching
that table); added median ≤ 10 ms.
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
BUDGET_CONTEXT_ROUND_TRIPS = 1
BUDGET_ADDED_MEDIAN_MS = 10.0
CHAT_PATH = "/api/v1/coach/chat"
FIRST_OF_DAY_USER = "Riley"  # Alex warms the process up; Riley's first chat is counted cold
TURN_WRITE = "INSERT INTO ai_session"
TOOL_LOG = "INTO ai_tool_call_log"
USAGE_READ = "FROM ai_usage_daily"
SESSION_LOOKUP = "FROM ai_session WHERE"


def _attribute(records: list[Any]) -> dict[str, Any]:
    """Which part of the request each statement belongs to (see the module docstring)."""
    from coach_core.repositories.users import DATA_VERSION_SQL

    data_version = " ".join(DATA_VERSION_SQL.split())
    parts: dict[str, list[str]] = {
        "context": [],
        "session_lookup": [],
        "usage_read": [],
        "turn_write": [],
        "tool_reads": [],
        "transaction": [],
        "other": [],
    }
    for rec in records:
        text = rec.text
        if rec.pipelined or text == data_version:
            parts["context"].append(text)
        elif TURN_WRITE in text:
            parts["turn_write"].append(text)
        elif USAGE_READ in text and text.upper().startswith("SELECT"):
            parts["usage_read"].append(text)
        elif SESSION_LOOKUP in text and text.upper().startswith("SELECT"):
            parts["session_lookup"].append(text)
        elif text.split()[0].upper() in ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"):
            parts["transaction"].append(text)
        elif text.upper().startswith("SELECT") and TOOL_LOG not in text:
            parts["tool_reads"].append(text)
        else:
            parts["other"].append(text)
    pipelined = [r for r in records if r.pipelined]
    return {
        "statements_by_part": {name: len(texts) for name, texts in parts.items()},
        # A cached context is one query; an uncached one is one pipeline block.
        "context_queries": len(parts["context"]),
        "context_round_trips": (1 if pipelined else 0) + sum(1 for t in parts["context"] if t == data_version),
        "turn_write_statements": len(parts["turn_write"]),
        "turn_write_has_tool_log": bool(parts["turn_write"]) and all(TOOL_LOG in t for t in parts["turn_write"]),
        "statements_touching_tool_log": sum(1 for r in records if TOOL_LOG in r.text),
        "other_statements": parts["other"],
    }


def _tool_log_rows(database_url: str) -> int:
    """Rows in ai_tool_call_log, through a synchronous connection the counter does not see."""
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM ai_tool_call_log").fetchone()
    return int(row[0]) if row else 0


def _tokens_today(database_url: str, user_id: Any) -> int:
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT COALESCE(sum(input_tokens + output_tokens + guard_tokens), 0) FROM ai_usage_daily "
            "WHERE user_id = %s AND day = (now() AT TIME ZONE 'utc')::date",
            (user_id,),
        ).fetchone()
    return int(row[0]) if row else 0


async def _main(database_url: str, prefix: str) -> dict[str, Any]:
    from openai import AsyncOpenAI

    from bench.orchestrator_overhead import USER_MESSAGE, _replies, openai_tools, raw_openai
    from coach_core.api import create_app
    from coach_core.api.auth import mint_local_token
    from coach_core.service import build_service
    from tests.fakes import FakeOpenAIServer

    users = await import_demo_users(database_url)
    alex, first_of_day = users["Alex"], users[FIRST_OF_DAY_USER]
    with (
        FakeOpenAIServer() as fake,
        bench_env(
            database_url,
            prefix,
            LLM_PROVIDER="openai",
            OPENAI_API_KEY="test-key-not-secret",
            OPENAI_BASE_URL=fake.base_url,
            LLM_MAX_RETRIES="0",
            LLM_TIMEOUT_SECONDS="30",
            COACH_DAILY_TOKEN_BUDGET=None,  # the tier's own budget: its counter is part of a request
        ),
    ):
        from coach_core.settings import get_settings

        settings = get_settings()
        if settings.coach_rate_limit_per_minute != 0 or settings.coach_daily_token_budget is not None:
            raise RuntimeError("request_overhead expects the rate limit off and the tier's token budget on")
        service = build_service()
        app = create_app(service=service)
        headers = {"Authorization": f"Bearer {mint_local_token(str(alex))}"}
        first_headers = {"Authorization": f"Bearer {mint_local_token(str(first_of_day))}"}
        fake.script(_replies() * (2 * 3 * (ROUNDS + WARMUP) + 50))
        body = {"message": USER_MESSAGE, "session_id": None}
        async with serve_in_loop(app) as base:
            http = LoopbackHttpClient(base, headers)
            first_http = LoopbackHttpClient(base, first_headers)
            raw_client = AsyncOpenAI(api_key="test-key-not-secret", base_url=fake.base_url, timeout=30.0, max_retries=0)
            registry = service.registry
            tools = openai_tools(registry)

            async def chat(session_id: str | None, client: LoopbackHttpClient = http) -> dict[str, Any]:
                status, raw_body = await client.request("POST", CHAT_PATH, {**body, "session_id": session_id})
                if status != 200:
                    raise RuntimeError(f"POST /chat answered {status}: {raw_body[:200]!r}")
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
                for scenario, client, sid, cold_tools in (
                    ("first_chat_of_day", first_http, None, False),
                    ("cold_cache_new_session", http, None, True),
                    ("warm_cache_new_session", http, None, False),
                    ("warm_cache_continuing_session", http, session_id, False),
                ):
                    if cold_tools:
                        clear_redis_prefix(prefix + "tool:")
                    rows_before = _tool_log_rows(database_url)
                    sql.reset()
                    redis_counter.reset()
                    answer = await chat(sid, client)
                    statements = list(sql.records)
                    sql_statements, round_trips = sql.statements, sql.round_trips
                    health_checks, by_verb = sql.health_checks, dict(sql.kinds)
                    redis_commands, redis_kinds = redis_counter.commands, dict(redis_counter.kinds)
                    rows_added = _tool_log_rows(database_url) - rows_before
                    counts[scenario] = {
                        "sql_statements": sql_statements,
                        "pool_connection_checks": health_checks,
                        "postgres_round_trips": round_trips,
                        **_attribute(statements),
                        "tool_calls": len(answer["tool_trace"]),
                        "tool_log_rows_added": rows_added,
                        "by_verb": by_verb,
                        "statements": [r.text[:400] for r in statements],
                        "redis_round_trips": redis_commands,
                        "redis_by_command": redis_kinds,
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
            await first_http.aclose()
        unexpected = fake.unexpected
        await service.aclose()
        from coach_core.db.connection import get_database

        await get_database().close()
        tier_budget = service.limits.for_tier(None).daily_tokens

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
    return {
        "counts": counts,
        "latency": latency,
        "rounds": ROUNDS,
        "fake_unexpected": unexpected,
        "standard_tier_daily_token_budget": tier_budget,
        "tokens_used_today_by_the_latency_user": _tokens_today(database_url, alex),
    }


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
    first_day = counts["first_chat_of_day"]
    max_context_rt = max(c["context_round_trips"] for c in counts.values())
    write_ok = all(
        c["turn_write_statements"] == 1
        and c["turn_write_has_tool_log"]
        and c["statements_touching_tool_log"] == 1
        and c["tool_log_rows_added"] == c["tool_calls"] > 0
        for c in counts.values()
    )
    added = max(latency[n]["added_median_ms"] for n in ("chat_new_session", "chat_continuing_session"))
    added_p95 = max(latency[n]["added_p95_ms"] for n in ("chat_new_session", "chat_continuing_session"))
    max_redis = max(c["redis_round_trips"] for c in counts.values())
    passed = (
        max_statements <= BUDGET_STATEMENTS
        and max_context_rt <= BUDGET_CONTEXT_ROUND_TRIPS
        and write_ok
        and added <= BUDGET_ADDED_MEDIAN_MS
        and figures["fake_unexpected"] == 0
    )
    figure = (
        f"added median {added:.1f} ms, p95 {added_p95:.1f} ms; ≤{max_statements} SQL "
        f"(first chat of day {first_day['sql_statements']}: context {first_day['context_queries']} in "
        f"{first_day['context_round_trips']} round trip; write "
        f"{'1 stmt incl. tool log' if write_ok else 'NOT 1 stmt with the tool log'}); ≤{max_redis} Redis"
    )
    return result(
        "3. Request overhead",
        figure=figure,
        budget="≤ 10 SQL (ctx 1 round trip, write 1 stmt incl. log); added median ≤ 10 ms",
        passed=passed,
        figures=figures,
    )
