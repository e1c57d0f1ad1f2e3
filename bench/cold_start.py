"""2. Cold start: a fresh interpreter imports a function's handler and serves its first
request, versus the same with every declared dependency imported eagerly first.

One child process per cold start (`bench/_cold_child.py`), with the environment a Lambda
execution environment has (AWS_LAMBDA_FUNCTION_NAME, Powertools variables), real
PostgreSQL and Redis (a fresh Redis prefix per start, so tool caches are cold), and the
OpenAI loopback fake in this process. Wall time runs from spawning the child to the
complete first response:
- chat, plan, insights: `functions/<f>/handler.py` (Mangum) invoked with `events/<f>.json`
  (authorizer claims → a demo user);
- expire_sessions: the scheduled handler with `events/expire_sessions.json`;
- chat_stream: `python -m uvicorn coach_core.stream_app:app` as `functions/chat_stream/run.sh`
  runs it under Lambda Web Adapter; this process plays the adapter: it polls the port, sends
  the readiness GET /health, then the first POST /chat/stream with the
  `x-amzn-request-context` header, and reads the stream to its `done` event.

Lazy and eager starts alternate; each is repeated `REPEATS` times after a discarded warm-up
round (bytecode caches); medians are compared. Two tracing configurations: enabled (the deployed
default, `coach:tracing=true`: the OpenTelemetry SDK with the stack's OTEL_* variables, exporting
SigV4-signed OTLP/HTTP to a loopback receiver in this process instead of X-Ray's endpoint, flushed
before each response as on Lambda) and disabled (`coach:tracing=false`: OTEL_SDK_DISABLED=true).
One further run per function
with `-X importtime` lists the top-level imports that cost most. After the first request
each child reports which heavy modules are loaded: only the selected provider's SDK may be.

Budget: lazy ≤ 0.5 × eager (median) for every function.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import uuid
from typing import Any

from bench._common import (
    ROOT,
    clear_redis_prefix,
    ensure_repo_on_path,
    median,
    new_redis_prefix,
    redis_url,
    result,
    throwaway_database,
)

REPEATS = 5
BUDGET_RATIO = 0.5
CHILD = ROOT / "bench" / "_cold_child.py"
EVENTS = ROOT / "events"
HANDLER_FUNCTIONS = ("chat", "plan", "insights", "expire_sessions")
FUNCTIONS = (*HANDLER_FUNCTIONS, "chat_stream")
PROVIDER_CALLING = {"chat", "plan", "chat_stream"}
GUARDED = {"chat", "chat_stream", "plan"}
"""Functions the stack gives SAFETY_GUARD (infra/cdk/coach_infra/functions.py `guarded`). The stack's
default is `auto` (moderation with OpenAI); the environment here sets `none`, so a start is measured
without a guard call the fake does not script (the guard's cost is bench/guard_latency.py's);
without it the settings would pick the moderation guard from the OpenAI key."""
START_TIMEOUT = 60.0
TRACE_HEADER = "Root=1-67891233-abcdef012345678912345678;Parent=53995c3f42cd8ad8;Sampled=1"

# Declared dependency (pyproject) → the module(s) the eager baseline imports for it.
DIST_IMPORTS = {
    "aws-lambda-powertools": ("aws_lambda_powertools",),
    "boto3": ("boto3",),
    "botocore": ("botocore",),
    "mangum": ("mangum",),
    "fastapi": ("fastapi",),
    "starlette": ("starlette",),
    "uvicorn": ("uvicorn",),
    "sse-starlette": ("sse_starlette",),
    "psycopg": ("psycopg",),
    "psycopg-pool": ("psycopg_pool",),
    "redis": ("redis", "redis.asyncio"),
    "openai": ("openai",),
    "anthropic": ("anthropic",),
    "httpx2": ("httpx2",),
    "pydantic": ("pydantic",),
    "pydantic-core": ("pydantic_core",),
    "pydantic-settings": ("pydantic_settings",),
    "pyjwt": ("jwt",),
    "opentelemetry-api": ("opentelemetry.trace",),
    "opentelemetry-sdk": ("opentelemetry.sdk.trace",),
    "opentelemetry-exporter-otlp-proto-http": ("opentelemetry.exporter.otlp.proto.http.trace_exporter",),
    "opentelemetry-instrumentation-psycopg": ("opentelemetry.instrumentation.psycopg",),
    "opentelemetry-instrumentation-redis": ("opentelemetry.instrumentation.redis",),
    "opentelemetry-propagator-aws-xray": ("opentelemetry.propagators.aws",),
    "requests": ("requests",),
}


def declared_dependencies() -> list[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = []
    for spec in data["project"]["dependencies"]:
        name = spec.split(";")[0]
        for stop in "[<>=!~ ":
            name = name.split(stop)[0]
        names.append(name.strip().lower())
    return names


def _normalized(dist: str) -> str:
    return re.sub(r"[-_.]+", "-", dist).lower()


def check_baseline_covers_dependencies() -> list[str]:
    """Every declared dependency must be in the eager baseline (else the ratio flatters):
    mapped to import names, those names really provided by that distribution (installed
    metadata), and imported by the child's eager baseline."""
    from importlib.metadata import packages_distributions

    from bench._cold_child import EAGER_IMPORTS

    declared = declared_dependencies()
    missing = [d for d in declared if d not in DIST_IMPORTS]
    providers = {top: {_normalized(d) for d in dists} for top, dists in packages_distributions().items()}
    for dist in declared:
        modules = DIST_IMPORTS.get(dist, ())
        if modules and not any(_normalized(dist) in providers.get(m.split(".")[0], set()) for m in modules):
            missing.append(f"{dist} (none of {list(modules)} is installed by it)")
    wanted = {m for d in declared for m in DIST_IMPORTS.get(d, ())}
    missing += sorted(wanted - set(EAGER_IMPORTS))
    return missing


def _plan_json() -> str:
    from coach_core.domain.plan import build_offline_plan
    from tests.factories import tdee_output

    return json.dumps(build_offline_plan(tdee_output(target_calories=1850, weight_kg=70.0, protein_g=126)))


def _script_for(function: str) -> list[Any]:
    from tests.fakes import Call, Reply

    if function in ("chat", "chat_stream"):
        return [
            Reply(calls=(Call("get_weight_trend", {"days": 30}, id="call_0"),)),
            Reply("You are down about 1.6 kg over 30 days, a steady 0.37 kg a week."),
        ]
    if function == "plan":
        return [Reply(_plan_json())]
    return []


def _env(function: str, database_url: str, fake_url: str, tracing: str | None) -> tuple[dict[str, str], str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(
            (
                "OPENAI_",
                "ANTHROPIC_",
                "POWERTOOLS_",
                "AWS_",
                "_X_AMZN",
                "LLM_",
                "REDIS_",
                "DATABASE_",
                "PROVIDER_SECRET",
                "DB_SECRET",
                "PYTHON",
                "SAFETY_",
                "COACH_",
                "OTEL_",
            )
        )
    }
    prefix = new_redis_prefix(f"cold{function}")
    env.update(
        {
            "AWS_LAMBDA_FUNCTION_NAME": f"coach-{function.replace('_', '-')}",
            "AWS_REGION": "us-east-1",
            "AWS_DEFAULT_REGION": "us-east-1",
            "POWERTOOLS_SERVICE_NAME": f"coach-{function.replace('_', '-')}",
            "POWERTOOLS_METRICS_NAMESPACE": "CoachAIBench",
            "POWERTOOLS_LOG_LEVEL": "WARNING",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url(),
            "REDIS_KEY_PREFIX": prefix,
            "LLM_PROVIDER": "openai",
            "LLM_MAX_RETRIES": "0",
            "PYTHONUNBUFFERED": "1",
        }
    )
    if function in PROVIDER_CALLING:  # as the stack gives the provider's secret only to these
        env["OPENAI_API_KEY"] = "test-key-not-secret"
        env["OPENAI_BASE_URL"] = fake_url
    if function in GUARDED:
        env["SAFETY_GUARD"] = "none"
    env["_X_AMZN_TRACE_ID"] = TRACE_HEADER  # Lambda's active tracing sets it either way
    if tracing:
        # What infra/cdk/coach_infra/tracing.py sets, with the X-Ray OTLP endpoint replaced by a loopback
        # receiver (exports are still SigV4-signed, with dummy credentials).
        env.update(
            {
                "OTEL_SERVICE_NAME": f"coach-{function.replace('_', '-')}",
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": f"{tracing}/v1/traces",
                "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL": "http/protobuf",
                "OTEL_PROPAGATORS": "tracecontext,baggage,xray",
                "OTEL_TRACES_SAMPLER": "parentbased_always_on",
                "COACH_OTLP_SIGV4": "xray",
                "AWS_ACCESS_KEY_ID": "AKIDBENCHNOTREAL",
                "AWS_SECRET_ACCESS_KEY": "bench-not-a-real-secret",
                "AWS_SESSION_TOKEN": "bench-session",
            }
        )
    else:
        env["OTEL_SDK_DISABLED"] = "true"  # coach:tracing=false
    return env, prefix


def _parse_result(stdout: str) -> dict[str, Any]:
    for line in stdout.splitlines():
        if line.startswith("RESULT "):
            parsed: dict[str, Any] = json.loads(line[len("RESULT ") :])
            return parsed
    raise RuntimeError("cold-start child printed no result")


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _handler_start(
    function: str, mode: str, env: dict[str, str], user_id: str, importtime: bool = False
) -> tuple[float, dict[str, Any], str]:
    event = EVENTS / f"{function}.json"
    cmd = [
        sys.executable,
        *(["-X", "importtime"] if importtime else []),
        str(CHILD),
        "handler",
        function,
        str(event),
        user_id,
        mode,
    ]
    # stderr goes to a file: `-X importtime` writes far more than a pipe buffer holds.
    with tempfile.TemporaryFile("w+") as err_file:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=err_file, text=True)
        assert proc.stdout is not None
        report: dict[str, Any] | None = None
        elapsed = 0.0
        for line in proc.stdout:
            if line.startswith("RESULT "):
                elapsed = time.perf_counter() - started
                report = json.loads(line[len("RESULT ") :])
                break
        try:
            proc.communicate(timeout=START_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        err_file.seek(0)
        stderr = err_file.read()
    if report is None:
        raise RuntimeError(f"{function} cold start failed (exit {proc.returncode}): {stderr[-800:]}")
    return elapsed, report, stderr


def _stream_start(
    mode: str, env: dict[str, str], user_id: str, importtime: bool = False
) -> tuple[float, dict[str, Any], str]:
    import httpx

    port = _free_port()
    context = json.loads((EVENTS / "chat.json").read_text())["requestContext"]
    context["authorizer"]["claims"]["sub"] = user_id
    context["resourcePath"] = context["path"] = "/api/v1/coach/chat/stream"
    cmd = [sys.executable, *(["-X", "importtime"] if importtime else []), str(CHILD), "stream", str(port), mode]
    err_file = tempfile.TemporaryFile("w+")  # noqa: SIM115 (closed in the finally below; a file, not a pipe)
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=err_file, text=True)
    elapsed = 0.0
    try:
        deadline = started + START_TIMEOUT
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=START_TIMEOUT) as client:
            while True:  # the adapter's readiness check, as fast as it polls
                if proc.poll() is not None or time.perf_counter() > deadline:
                    raise RuntimeError("chat_stream child did not start")
                try:
                    if client.get("/health").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.002)
            terminal = None
            with client.stream(
                "POST",
                "/api/v1/coach/chat/stream",
                json={"message": "How is my weight trending?", "session_id": None},
                headers={"x-amzn-request-context": json.dumps(context)},
            ) as response:
                if response.status_code != 200:
                    raise RuntimeError(f"chat_stream first request answered {response.status_code}")
                for line in response.iter_lines():
                    if line.startswith("data:"):
                        kind = json.loads(line[5:])["type"]
                        if kind in ("done", "error"):
                            terminal = kind
            elapsed = time.perf_counter() - started
            if terminal != "done":
                raise RuntimeError(f"chat_stream first stream ended with {terminal}")
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
        try:
            stdout, _ = proc.communicate(timeout=START_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            stdout, _ = proc.communicate()
        err_file.seek(0)
        stderr = err_file.read()
        err_file.close()
    report = _parse_result(stdout)
    report["status"] = 200
    return elapsed, report, stderr


def top_imports(stderr: str, limit: int = 8) -> list[dict[str, Any]]:
    """Top-level imports by cumulative time from `-X importtime` output."""
    rows: list[dict[str, Any]] = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:") :].split("|", 2)
        if name.startswith(" ") and not name.startswith("  "):  # nesting adds two spaces per level
            rows.append(
                {
                    "module": name.strip(),
                    "cumulative_ms": round(int(cumulative_us) / 1000, 1),
                    "self_ms": round(int(self_us) / 1000, 1),
                }
            )
    rows.sort(key=lambda r: -float(r["cumulative_ms"]))
    return rows[:limit]


class _Runner:
    def __init__(self, database_url: str, fake: Any, users: dict[str, uuid.UUID], receiver: Any) -> None:
        self.database_url = database_url
        self.fake = fake
        self.receiver = receiver
        self.user_id = str(users["Alex"])
        self.prefixes: list[str] = []

    def start(
        self, function: str, mode: str, tracing: bool, importtime: bool = False
    ) -> tuple[float, dict[str, Any], str]:
        endpoint = self.receiver.endpoint if tracing else None
        env, prefix = _env(function, self.database_url, self.fake.base_url, endpoint)
        self.prefixes.append(prefix)
        self.fake.script(_script_for(function))
        if function == "chat_stream":
            elapsed, report, stderr = _stream_start(mode, env, self.user_id, importtime)
        else:
            elapsed, report, stderr = _handler_start(function, mode, env, self.user_id, importtime)
        if report["status"] != 200 or self.fake.remaining or self.fake.unexpected:
            tail = [line for line in stderr.splitlines() if not line.startswith("import time:")][-15:]
            raise RuntimeError(
                f"{function} ({mode}) did not serve its request as scripted: status {report['status']}, "
                f"{self.fake.remaining} scripted replies left, {self.fake.unexpected} unexpected; " + " | ".join(tail)
            )
        return elapsed, report, stderr


def _measure(database_url: str) -> dict[str, Any]:
    import asyncio

    from bench._common import import_demo_users
    from tests.fakes import FakeOpenAIServer
    from tests.otlp_receiver import OtlpReceiver

    users = asyncio.run(import_demo_users(database_url))
    configs: dict[str, Any] = {}
    failures: list[str] = []
    with FakeOpenAIServer() as fake, OtlpReceiver() as receiver:
        runner = _Runner(database_url, fake, users, receiver)
        try:
            for tracing in (False, True):
                times: dict[str, dict[str, list[float]]] = {f: {"lazy": [], "eager": []} for f in FUNCTIONS}
                reports: dict[str, dict[str, Any]] = {}
                for repeat in range(REPEATS + 1):
                    for function in FUNCTIONS:
                        for mode in ("lazy", "eager"):
                            try:
                                elapsed, report, _ = runner.start(function, mode, tracing)
                            except RuntimeError as exc:  # kept, reported, and fails the budget
                                failures.append(f"{'traced ' if tracing else ''}{function} {mode}: {exc}"[:600])
                                continue
                            if repeat == 0:
                                continue  # warm-up: bytecode caches, page cache
                            times[function][mode].append(elapsed)
                            if mode == "lazy":
                                reports[function] = report
                per_function: dict[str, dict[str, Any]] = {}
                for function in FUNCTIONS:
                    if not times[function]["lazy"] or not times[function]["eager"] or function not in reports:
                        per_function[function] = {"ratio": float("inf"), "only_selected_sdk": False}
                        continue
                    lazy, eager = median(times[function]["lazy"]), median(times[function]["eager"])
                    loaded = reports[function]["loaded"]
                    per_function[function] = {
                        "lazy_median_ms": round(lazy * 1000, 1),
                        "eager_median_ms": round(eager * 1000, 1),
                        "ratio": round(lazy / eager, 3),
                        "lazy_samples_ms": [round(t * 1000, 1) for t in times[function]["lazy"]],
                        "eager_samples_ms": [round(t * 1000, 1) for t in times[function]["eager"]],
                        "loaded_after_first_request": [m for m, on in loaded.items() if on],
                        "module_count": reports[function]["module_count"],
                        "only_selected_sdk": (
                            not loaded["anthropic"] and loaded["openai"] == (function in PROVIDER_CALLING)
                        ),
                    }
                configs["tracing_enabled" if tracing else "tracing_disabled"] = per_function
            offenders = {}
            for function in FUNCTIONS:
                try:
                    _, _, stderr = runner.start(function, "lazy", tracing=False, importtime=True)
                except RuntimeError as exc:
                    failures.append(f"importtime {function}: {exc}"[:600])
                    continue
                offenders[function] = top_imports(stderr)
            configs["importtime_top_level_lazy_tracing_disabled"] = offenders
            configs["failed_starts"] = failures
            configs["spans_received_with_tracing_on"] = {
                name: sum(s.resource.get("service.name") == f"coach-{name.replace('_', '-')}" for s in receiver.spans)
                for name in FUNCTIONS
            }
        finally:
            for prefix in runner.prefixes:
                clear_redis_prefix(prefix)
    return configs


def run() -> dict[str, Any]:
    ensure_repo_on_path()
    missing = check_baseline_covers_dependencies()
    if missing:
        raise RuntimeError(f"eager baseline lacks declared dependencies: {missing}")
    with throwaway_database("cold") as url:
        figures = _measure(url)
    disabled, enabled = figures["tracing_disabled"], figures["tracing_enabled"]
    worst_disabled = max(f["ratio"] for f in disabled.values())
    worst_enabled = max(f["ratio"] for f in enabled.values())
    sdk_ok = all(f["only_selected_sdk"] for cfg in (disabled, enabled) for f in cfg.values())
    failures = figures["failed_starts"]
    passed = worst_disabled <= BUDGET_RATIO and sdk_ok and not failures
    figure = (
        f"worst lazy/eager {worst_disabled:.2f}× (tracing off; {worst_enabled:.2f}× with OpenTelemetry on); "
        f"{'only the selected SDK loaded' if sdk_ok else 'UNSELECTED SDK LOADED'}"
        + (f"; {len(failures)} failed starts" if failures else "")
    )
    notes = []
    if worst_enabled > BUDGET_RATIO:
        notes.append(
            f"With OpenTelemetry on (the default: coach:tracing=true) the worst ratio is {worst_enabled:.2f}×: "
            "the SDK, the OTLP exporter and the psycopg/Redis instrumentations are imported at init, and "
            "the first request builds the exporter and exports its spans before answering."
        )
    return result(
        "2. Cold start",
        figure=figure,
        budget="≤ 0.5× eager-import baseline",
        passed=passed,
        figures={"repeats": REPEATS, "declared_dependencies": declared_dependencies(), **figures},
        notes=notes,
    )
