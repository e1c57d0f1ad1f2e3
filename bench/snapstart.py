"""9. What a SnapStart restore leaves to the first request.

A child process plays one Lambda execution environment of the chat function (Lambda's
environment variables, real PostgreSQL and Redis, the OpenAI loopback fake in this process):

- restored: `lambda_handlers.prepare_snapshot()` (the before-snapshot hook: app, service,
  compiled rules, the provider SDK and the other first-request imports), then `after_restore()`
  (the after-restore hook: connections dropped, randomness reseeded), then the first chat
  invocation is timed: this is what a restored environment pays;
- plain: the handler module imported (as a non-SnapStart init does), then the first chat
  invocation timed: today's first request after import.

Both first chats make the same two model calls (a tool round, then text) and open the database
connection and the Redis clients themselves. Each with tracing off (`coach:tracing=false`) and on (the
stack's OTEL_* variables, SigV4-signed OTLP/HTTP to a loopback receiver, flushed before the response
as on Lambda: the restored first chat builds the exporter and pays the first export). Budget: restored
first chat <= 150 ms (median), with tracing on and off.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any

from bench._common import (
    ROOT,
    ensure_repo_on_path,
    import_demo_users,
    median,
    new_redis_prefix,
    redis_url,
    result,
    throwaway_database,
)

REPEATS = 7
BUDGET_MS = 150.0

CHILD = textwrap.dedent(
    """
    import json, sys, time
    sys.path.insert(0, sys.argv[1])
    mode, event_path = sys.argv[2], sys.argv[3]
    from coach_core import lambda_handlers
    if mode == "restored":
        lambda_handlers.prepare_snapshot()
        lambda_handlers.after_restore()
    sys.path.insert(0, sys.argv[1])
    import importlib
    handler = importlib.import_module("functions.chat.handler").handler
    event = json.load(open(event_path))

    class Context:
        function_name = "coach-chat"
        memory_limit_in_mb = 1024
        invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:coach-chat"
        aws_request_id = "bench"

    started = time.perf_counter()
    response = handler(event, Context())
    elapsed = time.perf_counter() - started
    print(json.dumps({"status": response["statusCode"], "ms": round(elapsed * 1000, 1)}))
    """
)


def _first_chat(mode: str, env: dict[str, str], event_path: str) -> float:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(ROOT), mode, event_path],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"{mode} child failed: {proc.stderr[-1500:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if out["status"] != 200:
        raise RuntimeError(f"{mode} first chat answered {out['status']}")
    return float(out["ms"])


def run() -> dict[str, Any]:
    import asyncio
    import tempfile

    ensure_repo_on_path()
    from bench.orchestrator_overhead import _replies
    from tests.fakes import FakeOpenAIServer
    from tests.otlp_receiver import OtlpReceiver

    kinds = [f"{mode}{suffix}" for suffix in ("", "_traced") for mode in ("restored", "plain")]
    samples: dict[str, list[float]] = {kind: [] for kind in kinds}
    with throwaway_database("snapstart") as database_url, FakeOpenAIServer() as fake, OtlpReceiver() as receiver:
        alex = asyncio.run(import_demo_users(database_url))["Alex"]
        event = json.loads((ROOT / "events" / "chat.json").read_text())
        event["requestContext"]["authorizer"]["claims"]["sub"] = str(alex)
        event["body"] = json.dumps({"message": "How is my weight trending?", "session_id": None})
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
            json.dump(event, fh)
            event_path = fh.name
        fake.script(_replies() * (2 * REPEATS + 2) * 4)
        base = {
            k: v
            for k, v in os.environ.items()
            if not k.endswith(("_API_KEY", "_BASE_URL", "_SECRET_NAME")) and not k.startswith("OTEL_")
        }
        for i in range(REPEATS + 1):
            for kind in kinds:
                mode = kind.removesuffix("_traced")
                env = {
                    **base,
                    **_tracing_env(receiver.endpoint if kind.endswith("_traced") else None),
                    "AWS_LAMBDA_FUNCTION_NAME": "coach-chat",
                    "AWS_DEFAULT_REGION": "us-east-1",
                    "POWERTOOLS_METRICS_NAMESPACE": "CoachAIBench",
                    "DATABASE_URL": database_url,
                    "REDIS_URL": redis_url(),
                    "REDIS_KEY_PREFIX": new_redis_prefix(f"snap{i}{kind}"),
                    "LLM_PROVIDER": "openai",
                    "OPENAI_API_KEY": "test-key-not-secret",
                    "OPENAI_BASE_URL": fake.base_url,
                    "LLM_MAX_RETRIES": "0",
                    "SAFETY_GUARD": "none",
                    "COACH_RATE_LIMIT_PER_MINUTE": "0",
                    "COACH_DAILY_TOKEN_BUDGET": "0",
                    "POWERTOOLS_LOG_LEVEL": "WARNING",
                }
                ms = _first_chat(mode, env, event_path)
                if i:  # the first round warms the bytecode caches
                    samples[kind].append(ms)
        os.unlink(event_path)
        traced_spans = sum(s.resource.get("service.name") == "coach-chat" for s in receiver.spans)
    figures: dict[str, Any] = {kind: {"median_ms": round(median(v), 1), "runs_ms": v} for kind, v in samples.items()}
    figures["spans_received_with_tracing_on"] = traced_spans
    restored = round(median(samples["restored"]), 1)
    traced = round(median(samples["restored_traced"]), 1)
    return result(
        "snapstart",
        figure=(
            f"first chat after restore {restored} ms, {traced} ms with tracing on (plain first invocation "
            f"{figures['plain']['median_ms']} / {figures['plain_traced']['median_ms']} ms)"
        ),
        budget=f"<= {BUDGET_MS:g} ms",
        passed=restored <= BUDGET_MS and traced <= BUDGET_MS and traced_spans > 0,
        figures=figures,
    )


def _tracing_env(endpoint: str | None) -> dict[str, str]:
    """The stack's tracing variables (infra/cdk/coach_infra/tracing.py) aimed at `endpoint`, or off."""
    if endpoint is None:
        return {"OTEL_SDK_DISABLED": "true"}
    return {
        "OTEL_SERVICE_NAME": "coach-chat",
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": f"{endpoint}/v1/traces",
        "OTEL_PROPAGATORS": "tracecontext,baggage,xray",
        "OTEL_TRACES_SAMPLER": "parentbased_always_on",
        "COACH_OTLP_SIGV4": "xray",
        "AWS_ACCESS_KEY_ID": "AKIDBENCHNOTREAL",
        "AWS_SECRET_ACCESS_KEY": "bench-not-a-real-secret",
        "AWS_SESSION_TOKEN": "bench-session",
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
