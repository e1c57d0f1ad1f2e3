"""6. Concurrency: 100 concurrent `POST /api/v1/coach/chat/stream` requests against
`coach serve --workers N` (a subprocess on a loopback port, real PostgreSQL and Redis; N =
the machine's cores, at most 4, as a local deployment would run it) whose provider is the
OpenAI loopback fake (in this process) answering every request after 1 s.

Half the requests open new sessions (spread over the four demo users); the other half
continue five existing sessions, ten concurrent requests each, so concurrent appends to
one session are exercised too. Added latency = client-side total time − 1 s. The server runs
without the per-user rate limit and daily token budget (four users sending 100 requests in a
second would otherwise get 429s) and without the model-based guard. A request counts as done
only if it answered 200, its stream ended with `done` naming the provider, and its token
events (released sentence by sentence) add up to the whole reply.
Afterwards the rows are counted: 50 new sessions with exactly one exchange each (2
messages), and each continued session exactly 10 exchanges more.

Budget: all complete, zero errors, p99 added latency ≤ 200 ms, every exchange persisted
exactly once. The load is bounded (100 requests, loopback only) and stops by itself.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

from bench._common import (
    ROOT,
    clear_redis_prefix,
    ensure_repo_on_path,
    import_demo_users,
    median,
    new_redis_prefix,
    percentile,
    redis_url,
    result,
    throwaway_database,
)

CONCURRENT = 100
CONTINUED_SESSIONS = 5
PROVIDER_LATENCY = 1.0
BUDGET_P99_ADDED_MS = 200.0
STREAM_PATH = "/api/v1/coach/chat/stream"
REPLY_TEXT = "Nice work this week: your average is trending down steadily, so keep the same routine."
COACH = ROOT / ".venv" / "bin" / "coach"
SERVE_WORKERS = min(os.cpu_count() or 1, 4)
"""One uvicorn worker process per core (capped): one Python process uses one core."""
JWT_SECRET = "bench-concurrency-secret-0123456789abcdef01234567"
"""The server's HS256 secret (at least 32 bytes, as the settings require); tokens are minted with it."""


def _free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(database_url: str, prefix: str, fake_url: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("OPENAI_", "ANTHROPIC_", "AWS_", "LLM_", "DB_", "JWT", "JWKS", "SAFETY_", "COACH_"))
    }
    env.update(
        {
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url(),
            "REDIS_KEY_PREFIX": prefix,
            "LLM_PROVIDER": "openai",
            "OPENAI_API_KEY": "test-key-not-secret",
            "OPENAI_BASE_URL": fake_url,
            "LLM_MAX_RETRIES": "0",
            "LLM_TIMEOUT_SECONDS": "30",
            "JWT_SECRET": JWT_SECRET,
            # 100 requests from four users in one second: far past a person's rate limit (20 a
            # minute on the standard tier), which would answer most of them 429. The benchmark
            # measures the server under concurrency, so the per-user limits are off (as in
            # bench/server_cpu.py), and so is the model-based guard (benchmark 11 measures it).
            "COACH_RATE_LIMIT_PER_MINUTE": "0",
            "COACH_DAILY_TOKEN_BUDGET": "0",
            "SAFETY_GUARD": "none",
            "POWERTOOLS_LOG_LEVEL": "WARNING",
        }
    )
    coach = str(COACH) if COACH.exists() else "coach"
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [coach, "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(SERVE_WORKERS)],
            env=env,
            cwd=ROOT,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    return proc, f"http://127.0.0.1:{port}"


async def _wait_ready(base: str, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(base_url=base, timeout=5) as client:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise RuntimeError("coach serve exited during start-up")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx.TransportError:
                await asyncio.sleep(0.05)
    raise RuntimeError("coach serve did not become ready")


async def _one(client: Any, token: str, session_id: str | None) -> dict[str, Any]:
    started = time.perf_counter()
    outcome: dict[str, Any] = {"session_id": None, "terminal": None, "status": None, "tokens": 0, "provider": None}
    text: list[str] = []
    try:
        async with client.stream(
            "POST",
            STREAM_PATH,
            json={"message": "How am I doing?", "session_id": session_id},
            headers={"Authorization": f"Bearer {token}"},
        ) as response:
            outcome["status"] = response.status_code
            if response.status_code != 200:
                outcome["body"] = (await response.aread())[:200].decode(errors="replace")
            async for line in response.aiter_lines():
                if not line.startswith("data:"):
                    continue
                event = json.loads(line[5:])
                if event["type"] == "token":
                    # Released sentence by sentence once the output policies pass, not per delta.
                    outcome["tokens"] += 1
                    text.append(event["data"]["content"])
                elif event["type"] in ("done", "error"):
                    outcome["terminal"] = event["type"]
                    if event["type"] == "done":
                        outcome["session_id"] = event["data"]["session_id"]
                        outcome["provider"] = event["data"].get("provider")
                    else:
                        outcome["error"] = event["data"]
    except Exception as exc:  # counted as an error; the benchmark reports it
        outcome["exception"] = type(exc).__name__
    outcome["text_complete"] = "".join(text).strip() == REPLY_TEXT
    outcome["seconds"] = time.perf_counter() - started
    return outcome


def _process_tree(pid: int) -> list[int]:
    """`pid` and its live descendants (the uvicorn workers), from /proc."""
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        for task in Path(f"/proc/{current}/task").glob("*"):
            try:
                todo += [int(c) for c in (task / "children").read_text().split()]
            except OSError:
                continue
    return out


def _cpu_by_process(pid: int) -> dict[int, float]:
    """User + system CPU seconds of the server and each of its worker processes (Linux /proc),
    to express the server's work per request."""
    out = {}
    for proc_id in _process_tree(pid):
        try:
            fields = Path(f"/proc/{proc_id}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[proc_id] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


async def _counts(database_url: str) -> dict[str, dict[str, int]]:
    import psycopg

    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        cur = await conn.execute("SELECT id::text, message_count, jsonb_array_length(history) FROM ai_session")
        return {row[0]: {"message_count": row[1], "history": row[2]} for row in await cur.fetchall()}


async def _main(database_url: str, prefix: str) -> dict[str, Any]:
    import httpx

    from coach_core.api.auth import mint_local_token
    from coach_core.settings import load_settings
    from tests.fakes import FakeOpenAIServer, Reply

    users = await import_demo_users(database_url)
    signing = load_settings(jwt_secret=JWT_SECRET)  # the secret the server is started with
    tokens = {name: mint_local_token(str(uid), settings=signing) for name, uid in users.items()}
    names = list(users)
    log = Path(tempfile.mkstemp(prefix="coach-serve-", suffix=".log")[1])
    with FakeOpenAIServer() as fake:
        fake.script([Reply(REPLY_TEXT, delay=PROVIDER_LATENCY)] * (CONCURRENT + CONTINUED_SESSIONS + 5))
        proc, base = _start_server(database_url, prefix, fake.base_url, log)
        try:
            await _wait_ready(base, proc)
            limits = httpx.Limits(max_connections=CONCURRENT + 10, max_keepalive_connections=CONCURRENT + 10)
            async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
                # Warm-up (sequential): opens the pool and the provider client; creates the
                # sessions that half of the burst continues.
                seeded = []
                for i in range(CONTINUED_SESSIONS):
                    name = names[i % len(names)]
                    outcome = await _one(client, tokens[name], None)
                    if outcome["terminal"] != "done":
                        raise RuntimeError(f"warm-up stream failed: {outcome}")
                    seeded.append((name, outcome["session_id"]))
                before = await _counts(database_url)
                cpu_before = _cpu_by_process(proc.pid)

                jobs = []
                for i in range(CONCURRENT):
                    if i % 2 == 0:
                        name = names[(i // 2) % len(names)]
                        jobs.append(_one(client, tokens[name], None))
                    else:
                        name, sid = seeded[(i // 2) % CONTINUED_SESSIONS]
                        jobs.append(_one(client, tokens[name], sid))
                started = time.perf_counter()
                outcomes = await asyncio.gather(*jobs)
                wall = time.perf_counter() - started
                cpu_after = _cpu_by_process(proc.pid)
                cpu_by_process = sorted(
                    (round(cpu_after[p] - cpu_before.get(p, 0.0), 3) for p in cpu_after), reverse=True
                )
                server_cpu = sum(cpu_by_process)
            after = await _counts(database_url)
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        unexpected = fake.unexpected
        provider_requests = len(fake.requests)
        arrivals = sorted(r.received_at - started for r in fake.requests[CONTINUED_SESSIONS:])
    server_log = await asyncio.to_thread(log.read_text, errors="replace")
    await asyncio.to_thread(log.unlink, missing_ok=True)

    errors = [
        o
        for o in outcomes
        if o["terminal"] != "done"
        or o["status"] != 200
        or "exception" in o
        or not o["text_complete"]
        or o["provider"] != "openai"
    ]
    added_ms = [(o["seconds"] - PROVIDER_LATENCY) * 1000 for o in outcomes]
    new_ids = {s for s in after if s not in before}
    done_new = {o["session_id"] for i, o in enumerate(outcomes) if i % 2 == 0 and o["terminal"] == "done"}
    continued_growth = {
        sid: after[sid]["message_count"] - before[sid]["message_count"] for _, sid in seeded if sid in after
    }
    per_session = CONCURRENT // 2 // CONTINUED_SESSIONS
    persisted_once = (
        len(new_ids) == CONCURRENT // 2
        and new_ids == done_new
        and all(after[s]["message_count"] == 2 for s in new_ids)
        and all(g == 2 * per_session for g in continued_growth.values())
        and len(continued_growth) == CONTINUED_SESSIONS
    )
    return {
        "requests": CONCURRENT,
        "completed_done": sum(1 for o in outcomes if o["terminal"] == "done"),
        "errors": len(errors),
        "statuses": dict(Counter(str(o["status"]) for o in outcomes)),
        "streamed_text_complete": sum(1 for o in outcomes if o["text_complete"]),
        "done_provider": dict(Counter(str(o["provider"]) for o in outcomes)),
        "token_events_per_response": {
            "min": min(o["tokens"] for o in outcomes),
            "max": max(o["tokens"] for o in outcomes),
        },
        "error_samples": errors[:3],
        "provider_latency_s": PROVIDER_LATENCY,
        "added_ms": {
            "p50": round(median(added_ms), 1),
            "p95": round(percentile(added_ms, 95), 1),
            "p99": round(percentile(added_ms, 99), 1),
            "max": round(max(added_ms), 1),
            "min": round(min(added_ms), 1),
        },
        "burst_wall_s": round(wall, 3),
        "server_cpu_s": round(server_cpu, 3),
        "server_cpu_ms_per_request": round(server_cpu * 1000 / CONCURRENT, 2),
        "serve_workers": SERVE_WORKERS,
        "server_cpu_s_by_process": cpu_by_process,  # busiest first: shows how the burst spread
        "new_sessions": len(new_ids),
        "new_sessions_with_exactly_one_exchange": sum(1 for s in new_ids if after[s]["message_count"] == 2),
        "continued_sessions_message_growth": list(continued_growth.values()),
        "expected_growth_per_continued_session": 2 * per_session,
        "persisted_exactly_once": persisted_once,
        "provider_requests": provider_requests,
        "provider_request_arrival_ms": {  # after the burst started: time the server took to get there
            "first": round(arrivals[0] * 1000, 1) if arrivals else None,
            "median": round(median(arrivals) * 1000, 1) if arrivals else None,
            "last": round(arrivals[-1] * 1000, 1) if arrivals else None,
        },
        "fake_unexpected": unexpected,
        "server_tracebacks": server_log.count("Traceback"),
        "session_ids_are_uuids": all(uuid.UUID(s) for s in new_ids) if new_ids else False,
    }


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    prefix = new_redis_prefix("concurrency")
    try:
        with throwaway_database("concurrency") as url:
            figures = asyncio.run(_main(url, prefix))
    finally:
        clear_redis_prefix(prefix)
    p99 = figures["added_ms"]["p99"]
    passed = (
        figures["errors"] == 0
        and figures["completed_done"] == CONCURRENT
        and p99 <= BUDGET_P99_ADDED_MS
        and figures["persisted_exactly_once"]
        and figures["server_tracebacks"] == 0
        and figures["fake_unexpected"] == 0
    )
    figure = (
        f"{figures['completed_done']}/{CONCURRENT} done, {figures['errors']} errors; added p50 "
        f"{figures['added_ms']['p50']:.0f} / p99 {p99:.0f} ms; "
        f"{'each exchange stored once' if figures['persisted_exactly_once'] else 'ROW COUNTS WRONG'}"
    )
    return result(
        "6. Concurrency",
        figure=figure,
        budget="100/100, 0 errors, p99 added ≤ 200 ms, rows exact",
        passed=passed,
        figures=figures,
    )
