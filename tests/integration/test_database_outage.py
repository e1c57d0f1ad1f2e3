"""PostgreSQL unavailable is an honest 503 with `Retry-After` (a client can back off and retry),
never a 500, and nothing partial is written; Redis unavailable stays a silent degradation.

- a service whose database is a closed port: every route that needs it answers 503 +
  `Retry-After`, the generic message, and still names its provider;
- the pooled server (`coach serve`) answers 503 within its checkout timeout, well inside the
  request deadline, instead of holding the request until the deadline's 504;
- the database going away in the middle of a turn (a scratch database: connections refused,
  backends terminated, while the model answers): `/chat` → 503 and `/chat/stream` → its one
  `error` event, with no session, tool-call, violation or usage row; once the database is
  back the same server answers again.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import httpx
import psycopg
import pytest
from psycopg import sql

from coach_core.db.connection import Database, PoolDatabase, SingleConnectionDatabase
from coach_core.db.migrate import migrate
from coach_core.errors import DependencyUnavailableError
from coach_core.providers.base import LLMProvider
from coach_core.service import make_provider
from coach_core.settings import Settings
from tests.api_support import (
    API,
    RecordingProvider,
    auth_headers,
    build_app,
    client_for,
    make_settings,
    parse_sse_records,
    seed_user,
    written_rows,
)

pytestmark = pytest.mark.integration

CLOSED_PORT_URL = "postgresql://postgres@127.0.0.1:1/none?connect_timeout=1"
RETRY_AFTER = str(DependencyUnavailableError.retry_after_seconds)


def _assert_unavailable(response: httpx.Response, provider: str = "offline") -> None:
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"] == RETRY_AFTER
    assert response.json() == {"detail": DependencyUnavailableError.public_message}
    assert response.headers["x-coach-provider"] == provider


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("POST", "/chat", {"message": "How am I doing?"}),
        ("POST", "/chat/stream", {"message": "How am I doing?"}),
        ("POST", "/plan", None),
        ("GET", "/insights", None),
        ("GET", "/me/usage", None),
        ("POST", "/checkins", {"checkins": [{"date": "2026-01-05", "weight_kg": 70.1}]}),
    ],
)
async def test_given_an_unreachable_database_when_any_route_needs_it_then_503_with_retry_after(
    settings: Settings, method: str, path: str, body: dict[str, Any] | None
) -> None:
    db = SingleConnectionDatabase(CLOSED_PORT_URL)
    async with client_for(build_app(db, settings)) as client:
        response = await client.request(method, API + path, json=body, headers=auth_headers(uuid.uuid4(), settings))
    _assert_unavailable(response)


async def test_given_the_pooled_server_and_a_database_that_is_down_when_chatting_then_503_within_the_checkout_timeout(
    settings: Settings,
) -> None:
    db = PoolDatabase(CLOSED_PORT_URL, max_size=2, checkout_timeout=0.5)
    started = time.perf_counter()
    try:
        async with client_for(build_app(db, settings)) as client:
            response = await client.post(
                API + "/chat", json={"message": "hi"}, headers=auth_headers(uuid.uuid4(), settings)
            )
    finally:
        await db.close()
    _assert_unavailable(response)
    assert time.perf_counter() - started < settings.coach_request_deadline_seconds


async def test_given_redis_down_when_chatting_then_the_answer_comes_anyway(
    db: Database, database_url: str, redis_prefix: str
) -> None:
    """Redis is a cache and a rate-limit store: without it the request still succeeds."""
    settings = make_settings(database_url, "redis://127.0.0.1:1/0", redis_prefix, redis_timeout_seconds=0.2)
    user = await seed_user(db)
    async with client_for(build_app(db, settings)) as client:
        response = await client.post(
            API + "/chat", json={"message": "How consistent am I?"}, headers=auth_headers(user, settings)
        )
    assert response.status_code == 200 and response.json()["provider"] == "offline"


# ---- the database going away mid-turn ------------------------------------------------------------


class Outage:
    """Stops and restarts one scratch database: new connections refused, open ones terminated."""

    def __init__(self, admin_url: str, database_url: str) -> None:
        self.admin_url = admin_url
        self.name = urlsplit(database_url).path.lstrip("/")

    def _run(self, allow: bool) -> None:
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(
                sql.SQL("ALTER DATABASE {} ALLOW_CONNECTIONS {}").format(
                    sql.Identifier(self.name), sql.SQL("true" if allow else "false")
                )
            )
            if not allow:
                conn.execute(
                    "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = %s", (self.name,)
                )

    def stop(self) -> None:
        self._run(allow=False)

    def start(self) -> None:
        self._run(allow=True)


class StopsTheDatabase(RecordingProvider):
    """The offline model, which stops the database while it is answering (once)."""

    def __init__(self, inner: LLMProvider, outage: Outage) -> None:
        super().__init__(inner)
        self.outage = outage

    def _stop_once(self) -> None:
        if self.calls == 1:
            self.outage.stop()

    async def complete(self, **kwargs: Any) -> Any:
        self.calls += 1
        self._stop_once()
        return await self.inner.complete(**kwargs)

    async def stream(self, **kwargs: Any) -> Any:  # type: ignore[override]
        self.calls += 1
        self._stop_once()
        async for chunk in self.inner.stream(**kwargs):
            yield chunk


@pytest.fixture
async def scratch_db(scratch_database: str) -> AsyncIterator[PoolDatabase]:
    await migrate(scratch_database)
    database = PoolDatabase(scratch_database, max_size=2, checkout_timeout=1.0)
    yield database
    await database.close()


@contextmanager
def restored(outage: Outage) -> Iterator[None]:
    try:
        yield
    finally:
        outage.start()


async def _usage_rows(db: Database, user: uuid.UUID) -> int:
    async with db.connection() as conn:
        cur = await conn.execute(
            "SELECT (SELECT count(*) FROM ai_usage_daily WHERE user_id = %(u)s)"
            " + (SELECT count(*) FROM ai_usage_provider_daily WHERE user_id = %(u)s) AS n",
            {"u": user},
        )
        row = await cur.fetchone()
    assert row is not None
    return int(row["n"])


@pytest.mark.direct_db  # stops one server database; PgBouncer would stand between
@pytest.mark.parametrize("route", ["/chat", "/chat/stream"])
async def test_given_the_database_going_down_mid_turn_when_the_answer_is_written_then_unavailable_and_nothing_stored(
    scratch_db: PoolDatabase, scratch_database: str, admin_database_url: str, settings: Settings, route: str
) -> None:
    user = await seed_user(scratch_db)
    outage = Outage(admin_database_url, scratch_database)
    provider = StopsTheDatabase(make_provider(settings), outage)
    app = build_app(scratch_db, settings, provider)
    headers = auth_headers(user, settings)
    async with client_for(app) as client:
        with restored(outage):
            response = await client.post(API + route, json={"message": "How consistent am I?"}, headers=headers)
            assert provider.calls >= 1  # the model did answer; the write is what failed
        if route == "/chat":
            _assert_unavailable(response, provider.name)
        else:
            events, _ = parse_sse_records(response.text)
            assert response.status_code == 200 and events[-1]["type"] == "error"
            assert [e["type"] for e in events].count("error") == 1 and "done" not in [e["type"] for e in events]

        # Read back on a fresh connection: the app's pool reconnects on its own schedule.
        check = SingleConnectionDatabase(scratch_database)
        assert await written_rows(check, user) == {"sessions": 0, "tool_calls": 0, "violations": 0}
        assert await _usage_rows(check, user) == 0
        # The database is back: the same server answers again (a client retrying after Retry-After).
        deadline = time.monotonic() + 30
        while True:
            again = await client.post(API + "/chat", json={"message": "How consistent am I?"}, headers=headers)
            if again.status_code == 200 or time.monotonic() > deadline:
                break
            assert again.status_code == 503
            await asyncio.sleep(0.5)
        assert again.status_code == 200
        assert (await written_rows(check, user))["sessions"] == 1
        await check.close()
