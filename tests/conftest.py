"""Shared fixtures: a throw-away migrated PostgreSQL database per test run and a unique
Redis key prefix per test, so several runs (and developers) can share one server; settings
pointing at them; the tool cache; the loopback OpenAI fake and the HTTP clients built on them.
(Provider tests parametrize `fake` over both fakes in tests/integration/providers/conftest.py.)"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator, Iterator
from urllib.parse import urlsplit, urlunsplit

import httpx
import psycopg
import pytest
from psycopg import sql

from coach_core.db.connection import Database, PoolDatabase
from coach_core.db.migrate import migrate
from coach_core.settings import Settings
from coach_core.tools.cache import ToolCache
from tests import pgbouncer
from tests.api_support import TEST_JWT_SECRET, build_app, client_for, fake_provider_client, make_settings
from tests.fakes import FakeOpenAIServer

DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/coach"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def _with_db(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


NO_PGBOUNCER = "PgBouncer tier requested but pgbouncer is not installed (apt-get install pgbouncer): tier NOT run"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The PgBouncer tier runs the database tests through a transaction pooler: tests that need
    one specific server backend (`direct_db`) are skipped there, and without a PgBouncer binary
    the whole tier is skipped, loudly."""
    if not pgbouncer.wanted():
        return
    missing = pgbouncer.binary() is None
    for item in items:
        if missing:
            item.add_marker(pytest.mark.skip(reason=NO_PGBOUNCER))
        elif item.get_closest_marker("direct_db"):
            item.add_marker(pytest.mark.skip(reason="needs one specific server backend: direct tier only"))


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    """A fresh database named for this run, migrated; dropped afterwards. In the PgBouncer tier
    the URL (and so every connection the tests and the app make, migrations included) goes
    through PgBouncer in transaction-pooling mode."""
    base = os.environ.get("DATABASE_URL", DEFAULT_PG)
    admin = _with_db(base, "postgres")
    name = f"coach_test_{os.getpid()}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        if pgbouncer.wanted():
            with pgbouncer.running(_with_db(base, name)) as pooled:
                asyncio.run(migrate(pooled))
                yield pooled
        else:
            url = _with_db(base, name)
            asyncio.run(migrate(url))
            yield url
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def admin_database_url() -> str:
    return _with_db(os.environ.get("DATABASE_URL", DEFAULT_PG), "postgres")


@pytest.fixture
def scratch_database(admin_database_url: str) -> Iterator[str]:
    """An empty database of its own (the shared test database's logs hold other tests' rows)."""
    name = f"coach_scratch_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_database_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    yield _with_db(admin_database_url, name)
    with psycopg.connect(admin_database_url, autocommit=True) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def redis_url() -> str:
    return os.environ.get("REDIS_URL", DEFAULT_REDIS)


@pytest.fixture
def redis_prefix() -> str:
    return f"test:{uuid.uuid4().hex[:10]}:"


@pytest.fixture(scope="session")
async def db(database_url: str) -> AsyncIterator[PoolDatabase]:
    database = PoolDatabase(database_url, max_size=10)
    await database.open()
    yield database
    await database.close()


@pytest.fixture
def coach_env(monkeypatch: pytest.MonkeyPatch, database_url: str, redis_url: str, redis_prefix: str) -> None:
    """Point settings at the test database and Redis, offline provider, fresh caches."""
    from coach_core.db import reset_database
    from coach_core.settings import get_settings

    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("REDIS_URL", redis_url)
    monkeypatch.setenv("REDIS_KEY_PREFIX", redis_prefix)
    monkeypatch.setenv("LLM_PROVIDER", "offline")
    monkeypatch.setenv("JWT_SECRET", TEST_JWT_SECRET)
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(var, raising=False)
    get_settings.cache_clear()
    reset_database(None)
    yield
    get_settings.cache_clear()
    reset_database(None)


@pytest.fixture
def settings(coach_env: None, database_url: str, redis_url: str, redis_prefix: str) -> Settings:
    """Settings for an app under test: the test database and Redis prefix, offline provider."""
    return make_settings(database_url, redis_url, redis_prefix)


@pytest.fixture
async def cache(redis_url: str, redis_prefix: str) -> AsyncIterator[ToolCache]:
    tool_cache = ToolCache(redis_url, redis_prefix, 0.5)
    yield tool_cache
    await tool_cache.close()


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeOpenAIServer]:
    """A loopback OpenAI wire-protocol server, scripted per test."""
    with FakeOpenAIServer() as server:
        yield server


@pytest.fixture
async def client(db: Database, settings: Settings, fake: FakeOpenAIServer) -> AsyncIterator[httpx.AsyncClient]:
    """The HTTP app with the real OpenAI SDK aimed at the fake (no SDK retries)."""
    async with fake_provider_client(db, settings, fake) as c:
        yield c


@pytest.fixture
async def offline_client(db: Database, settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The HTTP app with the offline provider."""
    async with client_for(build_app(db, settings)) as c:
        yield c
