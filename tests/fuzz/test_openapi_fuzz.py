"""An independent fuzzer against the app's own OpenAPI document: schemathesis reads
`/openapi.json` from the real app under uvicorn (real PostgreSQL and Redis, the offline
provider), generates valid and invalid requests for every route, authenticated as a seeded
user, and checks each response with `not_a_server_error` and `response_schema_conformance`
(a `/chat/stream` response is checked event by event against the stream's OpenAPI
description). GIVEN any input the document allows or forbids WHEN sent THEN never a 5xx and
never a response the document does not describe.

Bounded to `MAX_EXAMPLES` cases per phase and operation, so the tier stays near a minute on a
2-core machine; the cases sent per operation are counted and the tier fails if a route was not
exercised."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from coach_core.api import create_app
from coach_core.api.auth import mint_local_token
from coach_core.db.connection import PoolDatabase
from tests.api_support import live_server, make_settings, seed_user

pytestmark = [pytest.mark.integration, pytest.mark.fuzz]

MAX_EXAMPLES = 300
"""Per operation and phase; ~10 operations x (examples + coverage + fuzzing)."""
MIN_CASES_PER_OPERATION = 5
CHECKS = [not_a_server_error, response_schema_conformance]
SENT: Counter[str] = Counter()


@pytest.fixture(scope="module")
def live_app(request: pytest.FixtureRequest, database_url: str, redis_url: str) -> Iterator[tuple[str, str]]:
    """The app under uvicorn with the offline provider and no rate limits (the fuzzer sends
    hundreds of requests a minute), and a token for a seeded user. The run's figures (cases per
    operation, seconds) are written to the terminal at the end."""
    settings = make_settings(
        database_url,
        redis_url,
        f"fuzz:{uuid.uuid4().hex[:10]}:",
        coach_rate_limit_per_minute=0,
        coach_daily_token_budget=0,
    )

    async def seeded() -> uuid.UUID:
        db = PoolDatabase(database_url, max_size=1)
        await db.open()
        try:
            return await seed_user(db)
        finally:
            await db.close()

    user = asyncio.run(seeded())
    token = mint_local_token(str(user), settings=settings)
    server = live_server(settings, database_url)
    with server:
        started = time.perf_counter()
        yield server.base_url, token
        elapsed = time.perf_counter() - started
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():
            reporter.write_line(
                f"\nschemathesis: {sum(SENT.values())} cases over {len(SENT)} operations in "
                f"{elapsed:.1f} s: {dict(SENT)}"
            )


def _document() -> dict[str, Any]:
    """The document `/openapi.json` serves (the live app's copy is checked equal to it below):
    loaded at import, as schemathesis parametrizes at collection time."""
    return create_app().openapi()


schema = schemathesis.openapi.from_dict(_document())
schema.config.generation.update(max_examples=MAX_EXAMPLES, modes=list(schemathesis.GenerationMode), deterministic=True)
schema.config.phases.update(phases=["examples", "coverage", "fuzzing"])


def test_given_the_live_app_when_its_openapi_json_is_read_then_it_is_the_document_being_fuzzed(
    live_app: tuple[str, str],
) -> None:
    response = httpx.get(f"{live_app[0]}/openapi.json", timeout=10)
    assert response.status_code == 200 and response.json() == _document()


@schema.parametrize()
def test_given_any_request_the_openapi_document_allows_or_forbids_when_sent_then_no_5xx_and_a_documented_response(
    case: schemathesis.Case, live_app: tuple[str, str]
) -> None:
    base_url, token = live_app
    SENT[case.operation.label] += 1
    case.call_and_validate(base_url=base_url, headers={"Authorization": f"Bearer {token}"}, checks=CHECKS, timeout=30)


def test_given_the_fuzz_run_when_its_cases_are_counted_then_every_documented_operation_was_exercised() -> None:
    """The run above cannot pass by sending nothing: each operation of the document got cases."""
    if not SENT:
        pytest.skip("the fuzz test did not run in this session (deselected)")
    operations = {f"{method.upper()} {path}" for path, item in _document()["paths"].items() for method in item}
    assert set(SENT) == operations
    assert min(SENT.values()) >= MIN_CASES_PER_OPERATION, SENT
