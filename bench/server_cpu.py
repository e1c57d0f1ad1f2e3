"""8. Server CPU per streamed chat, against what it cannot avoid.

The coach's own work per `/chat/stream` request is everything a bare SSE server and a raw SDK
loop do not do: authentication, session and context look-ups, the policies, the registry and
its cache, the one-transaction write, the contract's framing. This benchmark measures it as
CPU time, which (unlike latency) the noisy shared machine does not distort much:

- coach: `coach serve` (one worker, uvloop + httptools) in its own process, the real OpenAI SDK
  aimed at the loopback fake (which runs in this process, so its CPU is not counted), demo user
  Alex, a new session per request, the tool cache warm; the 2-round, 2-tool conversation of
  benchmark 1 streamed to the client;
- bare: a Starlette app in its own process whose endpoint streams the SAME SSE records (the
  bytes recorded from one coach response) through sse-starlette, one `await` per record;
- raw: a process running the hand-written raw-SDK streaming loop of benchmark 1 (the same two
  rounds against the same fake, trivial tools).

CPU is the process's user + system time from /proc/<pid>/stat over N requests after warm-up.
Budget: coach ≤ 1.2 × (bare + raw).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from bench._common import (
    ROOT,
    LoopbackHttpClient,
    base_database_url,
    ensure_repo_on_path,
    import_demo_users,
    loopback_socket,
    new_redis_prefix,
    redis_url,
    result,
    throwaway_database,
)

REQUESTS = 300
WARMUP = 30
BUDGET_RATIO = 1.2
STREAM_PATH = "/api/v1/coach/chat/stream"
TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU of a process (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _free_port() -> int:
    sock = loopback_socket()
    port = int(sock.getsockname()[1])
    sock.close()
    return port


def _wait_for(port: int, path: str, proc: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("server did not become ready")


def _start(args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(args, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


BARE_SERVER = textwrap.dedent(
    """
    import json, sys
    import uvicorn
    from sse_starlette import EventSourceResponse, ServerSentEvent
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    RECORDS = json.load(open(sys.argv[2]))

    async def stream(request):
        await request.body()

        async def events():
            for data in RECORDS:
                yield ServerSentEvent(data=data, sep="\\n")

        return EventSourceResponse(events(), headers={"Cache-Control": "no-cache"}, sep="\\n", ping=0)

    async def health(request):
        return JSONResponse({"status": "ok"})

    app = Starlette(routes=[Route("/stream", stream, methods=["POST"]), Route("/health", health)])
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", access_log=False)
    """
)

RAW_LOOP = textwrap.dedent(
    """
    import asyncio, json, resource, sys, time
    sys.path.insert(0, sys.argv[1])
    from openai import AsyncOpenAI
    from bench.orchestrator_overhead import openai_tools, raw_openai_stream, trivial_registry

    async def main():
        client = AsyncOpenAI(api_key="test-key-not-secret", base_url=sys.argv[2], max_retries=0, timeout=30)
        tools = openai_tools(trivial_registry())
        warmup, n = int(sys.argv[3]), int(sys.argv[4])
        for _ in range(warmup):
            await raw_openai_stream(client, tools, lambda token: None)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        start = usage.ru_utime + usage.ru_stime
        for _ in range(n):
            await raw_openai_stream(client, tools, lambda token: None)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        print(json.dumps({"cpu_s": usage.ru_utime + usage.ru_stime - start}))
        await client.close()

    asyncio.run(main())
    """
)


async def _measure_http(port: int, pid: int, path: str, body: dict[str, Any], headers: dict[str, str]) -> float:
    """CPU seconds per request of server `pid`, after warm-up; every response fully read."""
    http = LoopbackHttpClient(f"http://127.0.0.1:{port}", headers)
    try:
        for _ in range(WARMUP):
            status, _ = await http.request("POST", path, body)
            if status != 200:
                raise RuntimeError(f"{path} answered {status}")
        before = process_cpu_seconds(pid)
        for _ in range(REQUESTS):
            status, raw = await http.request("POST", path, body)
            if status != 200 or b'"type":"done"' not in raw:
                raise RuntimeError(f"{path} answered {status} without a done event")
        return (process_cpu_seconds(pid) - before) / REQUESTS
    finally:
        await http.aclose()


async def _main(database_url: str, prefix: str) -> dict[str, Any]:
    from bench.orchestrator_overhead import USER_MESSAGE, _replies
    from coach_core.api.auth import mint_local_token
    from tests.fakes import FakeOpenAIServer

    alex = (await import_demo_users(database_url))["Alex"]
    secret = "bench-local-secret-0123456789abcdef0123456789"
    headers = {"Authorization": f"Bearer {mint_local_token(str(alex), settings=_token_settings(secret))}"}
    body = {"message": USER_MESSAGE, "session_id": None}
    figures: dict[str, Any] = {"requests": REQUESTS, "warmup": WARMUP}
    with FakeOpenAIServer() as fake:
        fake.script(_replies() * (3 * (REQUESTS + WARMUP) + 20))
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url(),
            "REDIS_KEY_PREFIX": prefix,
            "LLM_PROVIDER": "openai",
            "OPENAI_API_KEY": "test-key-not-secret",
            "OPENAI_BASE_URL": fake.base_url,
            "LLM_MAX_RETRIES": "0",
            "JWT_SECRET": secret,
            "SAFETY_GUARD": "none",
            "COACH_RATE_LIMIT_PER_MINUTE": "0",
            "COACH_DAILY_TOKEN_BUDGET": "0",
            "POWERTOOLS_LOG_LEVEL": "WARNING",
        }
        for var in ("AWS_LAMBDA_FUNCTION_NAME", "OPENAI_SECRET_NAME", "DB_SECRET_NAME"):
            env.pop(var, None)
        coach_port = _free_port()
        coach = _start([sys.executable, "-m", "coach_core.cli", "serve", "--port", str(coach_port)], env)
        try:
            _wait_for(coach_port, "/health", coach)
            http = LoopbackHttpClient(f"http://127.0.0.1:{coach_port}", headers)
            _, sample = await http.request("POST", STREAM_PATH, body)
            await http.aclose()
            per_request = await _measure_http(coach_port, coach.pid, STREAM_PATH, body, headers)
            figures["coach_cpu_ms"] = round(1000 * per_request, 3)
        finally:
            _stop(coach)
        records = [line[len(b"data: ") :].decode() for line in sample.split(b"\n") if line.startswith(b"data: ")]
        figures["events_per_response"] = len(records)
        figures["response_bytes"] = len(sample)

        records_file = ROOT / "bench" / "results" / "server_cpu_records.json"
        records_file.write_text(json.dumps(records))
        bare_port = _free_port()
        bare = _start([sys.executable, "-c", BARE_SERVER, str(bare_port), str(records_file)])
        try:
            _wait_for(bare_port, "/health", bare)
            figures["bare_sse_cpu_ms"] = round(1000 * await _measure_http(bare_port, bare.pid, "/stream", body, {}), 3)
        finally:
            _stop(bare)
            records_file.unlink(missing_ok=True)

        raw = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            RAW_LOOP,
            str(ROOT),
            fake.base_url,
            str(WARMUP),
            str(REQUESTS),
            stdout=asyncio.subprocess.PIPE,
            cwd=str(ROOT),
        )
        out, _ = await raw.communicate()
        figures["raw_sdk_cpu_ms"] = round(1000 * json.loads(out)["cpu_s"] / REQUESTS, 3)
        if fake.unexpected:
            raise RuntimeError(f"the fake saw unexpected requests: {fake.unexpected}")
    floor = figures["bare_sse_cpu_ms"] + figures["raw_sdk_cpu_ms"]
    figures["floor_cpu_ms"] = round(floor, 3)
    figures["ratio"] = round(figures["coach_cpu_ms"] / floor, 2)
    return figures


def _token_settings(secret: str) -> Any:
    from coach_core.settings import load_settings

    return load_settings(jwt_secret=secret)


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    with throwaway_database("server_cpu") as database_url:
        figures = asyncio.run(_main(database_url, new_redis_prefix("server_cpu")))
    passed = figures["ratio"] <= BUDGET_RATIO
    return result(
        "server_cpu",
        figure=(
            f"{figures['coach_cpu_ms']} ms CPU per streamed chat vs {figures['floor_cpu_ms']} ms "
            f"(bare SSE {figures['bare_sse_cpu_ms']} + raw SDK {figures['raw_sdk_cpu_ms']}): "
            f"{figures['ratio']}x"
        ),
        budget=f"<= {BUDGET_RATIO}x",
        passed=passed,
        figures=figures,
        notes=[f"database {base_database_url().rsplit('@', 1)[-1]}; CPU from /proc/<pid>/stat"],
    )


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
