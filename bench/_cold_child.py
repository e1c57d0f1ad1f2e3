"""The child process of the cold-start benchmark: one fresh interpreter = one cold start.

    python bench/_cold_child.py handler <function> <event.json> <user-id> <lazy|eager>
    python bench/_cold_child.py stream <port> <lazy|eager>

`handler`: import `functions.<function>.handler` (as the Lambda runtime does), invoke it once
with the event (authorizer `sub` set to the user), print one JSON line: the result's status
and which heavy modules are loaded. `stream`: run `python -m uvicorn
coach_core.stream_app:app` in-process, exactly as functions/chat_stream/run.sh does under
Lambda Web Adapter; the parent sends the first request, then SIGTERM, and this prints the
module report after uvicorn exits. `eager` first imports every declared dependency
(the baseline a naive layout pays).

Only the standard library is imported before the measured work starts.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

EAGER_IMPORTS = (
    "aws_lambda_powertools",
    "boto3",
    "botocore",
    "mangum",
    "fastapi",
    "starlette",
    "uvicorn",
    "sse_starlette",
    "psycopg",
    "psycopg_pool",
    "redis",
    "redis.asyncio",
    "openai",
    "anthropic",
    "httpx2",  # the SDKs' HTTP client
    "pydantic",
    "pydantic_core",
    "pydantic_settings",
    "jwt",
    "opentelemetry.trace",
    "opentelemetry.sdk.trace",
    "opentelemetry.exporter.otlp.proto.http.trace_exporter",
    "opentelemetry.instrumentation.psycopg",
    "opentelemetry.instrumentation.redis",
    "opentelemetry.propagators.aws",
    "requests",  # the OTLP exporter's HTTP client
)
REPORTED_MODULES = (
    "openai",
    "anthropic",
    "aws_xray_sdk",
    "opentelemetry.sdk.trace",
    "boto3",
    "botocore",
    "fastapi",
    "mangum",
    "uvicorn",
    "sse_starlette",
    "psycopg",
    "psycopg_pool",
    "redis",
    "jwt",
    "cryptography",
    "pydantic",
    "pydantic_settings",
    "httpx",
    "httpx2",
    "aws_lambda_powertools.utilities.parameters",
)


class LambdaContext:
    function_name = "coach-bench"
    function_version = "$LATEST"
    memory_limit_in_mb = 1024
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:coach-bench"
    aws_request_id = "c6af9ac6-7b61-11e6-9a41-93e8deadbeef"

    @staticmethod
    def get_remaining_time_in_millis() -> int:
        return 30_000


def eager_imports() -> None:
    import importlib

    for name in EAGER_IMPORTS:
        importlib.import_module(name)


def module_report() -> dict[str, Any]:
    return {
        "loaded": {name: name in sys.modules for name in REPORTED_MODULES},
        "module_count": len(sys.modules),
    }


def run_handler(function: str, event_path: str, user_id: str) -> dict[str, Any]:
    import importlib

    handler = importlib.import_module(f"functions.{function}.handler").handler
    event = json.loads(Path(event_path).read_text())
    claims = event.get("requestContext", {}).get("authorizer", {}).get("claims")
    if claims is not None:
        claims["sub"] = user_id
    response = handler(event, LambdaContext())
    status = response.get("statusCode", 200 if "expired" in response else 500)
    return {"status": status, **module_report()}


def _exit_on_signal(signum: int, frame: Any) -> None:
    raise SystemExit(0)


def run_stream(port: str) -> dict[str, Any]:
    import runpy
    import signal

    # uvicorn restores the previous SIGTERM handler after a graceful shutdown and re-raises
    # the signal; with this handler that ends `run_module` instead of the process.
    signal.signal(signal.SIGTERM, _exit_on_signal)

    sys.argv = [
        "uvicorn",
        "coach_core.stream_app:app",
        "--host",
        "127.0.0.1",
        "--port",
        port,
        "--no-access-log",
        "--no-server-header",
        "--ws",
        "none",
        "--log-level",
        "warning",
    ]
    with contextlib.suppress(SystemExit):
        runpy.run_module("uvicorn", run_name="__main__", alter_sys=True)
    return {"status": "exited", **module_report()}


def main(argv: list[str]) -> int:
    # The script's own folder (bench/) must not shadow anything; the repository root is
    # what Lambda's /var/task + /opt/python amount to here.
    if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
        sys.path.pop(0)
    sys.path.insert(0, str(ROOT))
    kind = argv[0]
    mode = argv[-1]
    if mode == "eager":
        eager_imports()
    report = run_handler(argv[1], argv[2], argv[3]) if kind == "handler" else run_stream(argv[1])
    sys.stdout.write("RESULT " + json.dumps(report) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
