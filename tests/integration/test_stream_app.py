"""The Lambda Web Adapter app (`coach_core.stream_app:app`): on Lambda the identity comes from
the adapter's `x-amzn-request-context` header, secrets are applied per request (a missing one
is a generic 500), and the app's lifespan builds its service from settings."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

import httpx
import pytest

from coach_core.db.connection import Database
from tests.api_support import BASE_URL, seed_user

pytestmark = pytest.mark.integration


@pytest.fixture
def on_lambda(coach_env: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "coach-chat-stream")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "CoachAITest")
    for var in ("OPENAI_SECRET_NAME", "DB_SECRET_NAME"):
        monkeypatch.delenv(var, raising=False)
    yield


@asynccontextmanager
async def _client() -> AsyncIterator[httpx.AsyncClient]:
    """A client of the adapter app with its lifespan running, as uvicorn runs it."""
    from coach_core.stream_app import app

    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE_URL) as client,
    ):
        yield client


async def test_given_the_adapter_context_header_on_lambda_when_streaming_then_the_user_is_served(
    db: Database, on_lambda: None
) -> None:
    user = await seed_user(db)
    context = json.dumps({"requestId": "req-1", "authorizer": {"claims": {"sub": str(user)}}})
    async with _client() as client:
        health = await client.get("/health")
        response = await client.post(
            "/api/v1/coach/chat/stream",
            json={"message": "How consistent am I?"},
            headers={"x-amzn-request-context": context},
        )
    assert health.status_code == 200
    assert response.status_code == 200 and response.headers["x-coach-provider"] == "offline"
    last = [line for line in response.text.split("\n") if line.startswith("data: ")][-1]
    assert json.loads(last[len("data: ") :])["type"] == "done"


async def test_given_a_missing_provider_secret_on_lambda_when_requesting_then_generic_500(
    db: Database, on_lambda: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moto import mock_aws

    user = await seed_user(db)
    monkeypatch.setenv("OPENAI_SECRET_NAME", "coach/openai-key-missing")
    context = json.dumps({"authorizer": {"claims": {"sub": str(user)}}})
    with mock_aws():
        async with _client() as client:
            response = await client.get("/api/v1/coach/insights", headers={"x-amzn-request-context": context})
    assert response.status_code == 500
    assert response.json() == {"detail": "Something went wrong. Please try again."}


@pytest.mark.parametrize(("init_type", "pending"), [("snap-start", 0), ("on-demand", None)])  # None: all of them
def test_given_the_streaming_function_init_when_snapstart_then_every_rule_pattern_is_compiled(
    init_type: str, pending: int | None
) -> None:
    """GIVEN the adapter's process starting (a fresh interpreter importing the stream app) WHEN
    Lambda says the init is a SnapStart snapshot's THEN every rule pattern is compiled before the
    snapshot (no restored environment pays for it); WHEN it is an on-demand init THEN nothing is
    compiled up front (a cold start compiles only what its first message needs)."""
    import os
    import subprocess
    import sys

    code = (
        "import coach_core.stream_app\n"
        "from coach_core.policies.text.regex import LazyPattern\n"
        "print(LazyPattern.pending(), LazyPattern.compile_all())\n"
    )
    env = {**os.environ, "AWS_LAMBDA_INITIALIZATION_TYPE": init_type}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    left, total = map(int, out.stdout.strip().splitlines()[-1].split())
    assert total > 200  # the rules' patterns are all registered at import (253 today), compiled or not
    assert left == (pending if pending is not None else total)
