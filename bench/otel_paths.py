"""Two ways to trace the Lambda functions with OpenTelemetry, measured as cold starts of the chat function.

- `off`: `coach:tracing=false` (OTEL_SDK_DISABLED=true);
- `sdk`: what the stack deploys: the app's own SDK set-up (`coach_core.otel`), OTLP/HTTP to a loopback
  receiver (SigV4-signed as for X-Ray's endpoint), flushed before the response;
- `adot`: the in-process part of the ADOT Lambda layer (the AWS OpenTelemetry Distro, `AWSOpenTelemetryDistroPython`):
  `opentelemetry-instrument` with `OTEL_PYTHON_DISTRO=aws_distro` / `aws_configurator`, which sets up the SDK and
  instruments every library it ships an instrumentation for, and the Lambda handler wrapped by its
  `aws_lambda` instrumentation (`_HANDLER`), which flushes after each invocation. It needs an interpreter
  with `aws-opentelemetry-distro` installed (it pins its own OpenTelemetry release, so not this venv):
  `COACH_ADOT_PYTHON=/path/to/python`; without it that row is skipped.

Optionally, the code before OpenTelemetry (a checkout of it with its own venv: `COACH_BASE_TREE=/path`):
- `before_off`: its default, `POWERTOOLS_TRACE_DISABLED=true`;
- `before_xray`: its `coach:tracerSubsegments=true`, Powertools' Tracer and the X-Ray SDK.

Each start: a fresh interpreter imports `functions/chat/handler.py` and serves one chat (a tool round,
then text, from the OpenAI fake), real PostgreSQL and Redis; wall time to the response and the child's
CPU time (user + system: far steadier than wall time on a shared machine). Modes alternate;
`REPEATS` measured rounds after a discarded warm-up; medians. Also counted: modules loaded and spans
received. Not a timed test, and not part of `bench.run_all` (the ADOT row needs its own venv):
`python -m bench.otel_paths`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._common import ROOT, ensure_repo_on_path, median, result, throwaway_database
from bench.cold_start import CHILD, EVENTS, _env, _script_for

REPEATS = 5
RESTORE_CHILD = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from coach_core import lambda_handlers
lambda_handlers.prepare_snapshot()
lambda_handlers.after_restore()
import importlib
handler = importlib.import_module("functions.chat.handler").handler
event = json.load(open(sys.argv[2]))
class Context:
    function_name = "coach-chat"
    memory_limit_in_mb = 1024
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:coach-chat"
    aws_request_id = "bench"
wall, cpu = time.perf_counter(), time.process_time()
response = handler(event, Context())
print(json.dumps({"status": response["statusCode"], "ms": (time.perf_counter() - wall) * 1000,
                  "cpu_ms": (time.process_time() - cpu) * 1000}))
"""
"""SnapStart: the before-snapshot hook, the after-restore hook, then the first chat timed (wall and the
process's CPU time, export thread included), as bench/snapstart.py does."""
ADOT_ENV = "COACH_ADOT_PYTHON"
BASE_ENV = "COACH_BASE_TREE"


def _adot_env(env: dict[str, str], endpoint: str) -> dict[str, str]:
    adot = {k: v for k, v in env.items() if k not in ("OTEL_SDK_DISABLED", "COACH_OTLP_SIGV4")}
    adot.update(
        {
            "OTEL_PYTHON_DISTRO": "aws_distro",
            "OTEL_PYTHON_CONFIGURATOR": "aws_configurator",
            "OTEL_EXPORTER_OTLP_PROTOCOL": "http/protobuf",
            "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": f"{endpoint}/v1/traces",
            "OTEL_TRACES_EXPORTER": "otlp",
            "OTEL_METRICS_EXPORTER": "none",
            "OTEL_LOGS_EXPORTER": "none",
            "OTEL_AWS_APPLICATION_SIGNALS_ENABLED": "false",
            "OTEL_SERVICE_NAME": "coach-chat-adot",
            "_HANDLER": "functions.chat.handler.handler",
            "PYTHONPATH": str(ROOT),
        }
    )
    return adot


def _before_env(env: dict[str, str], xray: bool) -> dict[str, str]:
    """The old code's variables: its Tracer on (segments to the default daemon address) or off."""
    before = {k: v for k, v in env.items() if not k.startswith(("OTEL_", "COACH_OTLP"))}
    if xray:
        before.update({"AWS_XRAY_CONTEXT_MISSING": "LOG_ERROR", "AWS_XRAY_DAEMON_ADDRESS": "127.0.0.1:2000"})
    else:
        before["POWERTOOLS_TRACE_DISABLED"] = "true"
    return before


def _start(cmd: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float, dict[str, Any]]:
    with tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=err, text=True)
        assert proc.stdout is not None
        report: dict[str, Any] | None = None
        elapsed = 0.0
        for line in proc.stdout:
            if line.startswith("RESULT "):
                elapsed = time.perf_counter() - started
                report = json.loads(line[len("RESULT ") :])
                break
        proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)  # the child's own CPU time, which Popen.wait does not give
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        if report is None or report.get("status") != 200:
            raise RuntimeError(f"start failed: {report} {err.read()[-1500:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, report


def _restored(
    modes: list[str], base: Path | None, url: str, fake: Any, receiver: Any, user: str, prefixes: list[str]
) -> dict[str, dict[str, Any]]:
    """The first chat after a SnapStart restore, per mode (not ADOT), interleaved: median wall and CPU ms."""
    event = json.loads((EVENTS / "chat.json").read_text())
    event["requestContext"]["authorizer"]["claims"]["sub"] = user
    event["body"] = json.dumps({"message": "How is my weight trending?", "session_id": None})
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
        json.dump(event, fh)
    wall: dict[str, list[float]] = {m: [] for m in modes if m != "adot"}
    cpu: dict[str, list[float]] = {m: [] for m in wall}
    for repeat in range(REPEATS + 1):
        for mode in wall:
            env, prefix = _env("chat", url, fake.base_url, None if mode == "off" else receiver.endpoint)
            prefixes.append(prefix)
            fake.script(_script_for("chat"))
            tree, python = ROOT, sys.executable
            if mode.startswith("before_"):
                assert base is not None
                tree, python = base, str(base / ".venv" / "bin" / "python")
                env = _before_env(env, xray=mode == "before_xray")
            done = subprocess.run(
                [python, "-c", RESTORE_CHILD, str(tree), fh.name],
                env=env,
                cwd=tree,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
            out = json.loads(done.stdout.strip().splitlines()[-1]) if done.returncode == 0 else {}
            if out.get("status") != 200:
                raise RuntimeError(f"restored {mode} failed: {done.stderr[-1500:]}")
            if repeat:
                wall[mode].append(out["ms"])
                cpu[mode].append(out["cpu_ms"])
    os.unlink(fh.name)
    return {
        m: {
            "median_ms": round(median(wall[m]), 1),
            "cpu_median_ms": round(median(cpu[m]), 1),
            "samples_ms": [round(x, 1) for x in wall[m]],
            "cpu_samples_ms": [round(x, 1) for x in cpu[m]],
        }
        for m in wall
    }


def run() -> dict[str, Any]:
    import asyncio

    ensure_repo_on_path()
    from bench._common import clear_redis_prefix, import_demo_users
    from tests.fakes import FakeOpenAIServer
    from tests.otlp_receiver import OtlpReceiver

    adot_python = os.environ.get(ADOT_ENV)
    base = Path(os.environ[BASE_ENV]) if os.environ.get(BASE_ENV) else None
    modes = ["off", "sdk", *(["adot"] if adot_python else []), *(["before_off", "before_xray"] if base else [])]
    samples: dict[str, list[float]] = {m: [] for m in modes}
    cpu: dict[str, list[float]] = {m: [] for m in modes}
    modules: dict[str, int] = {}
    prefixes: list[str] = []
    with throwaway_database("otelpaths") as url, FakeOpenAIServer() as fake, OtlpReceiver() as receiver:
        user = str(asyncio.run(import_demo_users(url))["Alex"])
        event = str(EVENTS / "chat.json")
        for repeat in range(REPEATS + 1):
            for mode in modes:
                env, prefix = _env("chat", url, fake.base_url, None if mode == "off" else receiver.endpoint)
                prefixes.append(prefix)
                fake.script(_script_for("chat"))
                args = [str(CHILD), "handler", "chat", event, user, "lazy"]
                cwd = ROOT
                if mode == "adot":
                    assert adot_python is not None
                    cmd = [str(Path(adot_python).with_name("opentelemetry-instrument")), adot_python, *args]
                    env = _adot_env(env, receiver.endpoint)
                elif mode.startswith("before_"):
                    assert base is not None
                    cwd = base
                    cmd = [
                        str(base / ".venv" / "bin" / "python"),
                        str(base / "bench" / "_cold_child.py"),
                        "handler",
                        "chat",
                        str(base / "events" / "chat.json"),
                        user,
                        "lazy",
                    ]
                    env = _before_env(env, xray=mode == "before_xray")
                else:
                    cmd = [sys.executable, *args]
                elapsed, cpu_seconds, report = _start(cmd, env, cwd)
                if repeat:
                    samples[mode].append(elapsed)
                    cpu[mode].append(cpu_seconds)
                    modules[mode] = report["module_count"]
        restored = _restored(modes, base, url, fake, receiver, user, prefixes)
        spans = {
            "sdk": sum(s.resource.get("service.name") == "coach-chat" for s in receiver.spans),
            "adot": sum(s.resource.get("service.name") == "coach-chat-adot" for s in receiver.spans),
        }
    for prefix in prefixes:
        clear_redis_prefix(prefix)
    medians = {mode: round(median(v) * 1000, 1) for mode, v in samples.items()}
    figures: dict[str, Any] = {
        mode: {
            "median_ms": round(median(v) * 1000, 1),
            "samples_ms": [round(t * 1000, 1) for t in v],
            "cpu_median_ms": round(median(cpu[mode]) * 1000, 1),
            "cpu_samples_ms": [round(t * 1000, 1) for t in cpu[mode]],
            "modules_loaded": modules.get(mode),
        }
        for mode, v in samples.items()
    }
    figures["spans_received"] = spans
    figures["snapstart_restored_first_chat"] = restored
    line = ", ".join(f"{m} {medians[m]} ms (CPU {figures[m]['cpu_median_ms']} ms)" for m in modes)
    return result(
        "OpenTelemetry paths (chat cold start)",
        figure=line + ("" if adot_python else f" (adot skipped: set {ADOT_ENV})"),
        budget="sdk no slower than adot",
        passed=not adot_python or figures["sdk"]["cpu_median_ms"] <= figures["adot"]["cpu_median_ms"],
        figures=figures,
    )


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
