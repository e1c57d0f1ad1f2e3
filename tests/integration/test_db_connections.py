"""Both connection modes replace a connection the server dropped without a user-visible
error: the Lambda mode (one lazy connection reused across invocations) and the pool of
`coach serve` (checked on checkout without a round trip)."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest

from coach_core.db.connection import PoolDatabase, SingleConnectionDatabase
from coach_core.lambda_handlers import run_async
from tests import pgbouncer


async def _backend_pid(db: SingleConnectionDatabase | PoolDatabase) -> int:
    async with db.connection() as conn:
        cur = await conn.execute("SELECT pg_backend_pid() AS pid")
        row = await cur.fetchone()
        assert row is not None
        return int(row["pid"])


def test_given_single_connection_when_two_invocations_run_then_the_connection_is_reused(
    database_url: str,
) -> None:
    db = SingleConnectionDatabase(database_url)
    first = run_async(_backend_pid(db))
    second = run_async(_backend_pid(db))
    assert first == second
    assert db.reconnects == 0
    run_async(db.close())


@pytest.mark.direct_db
def test_given_backend_terminated_server_side_when_next_invocation_runs_then_it_reconnects_silently(
    database_url: str, admin_database_url: str
) -> None:
    db = SingleConnectionDatabase(database_url)
    pid = run_async(_backend_pid(db))
    with psycopg.connect(admin_database_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))  # waits until it has exited
    new_pid = run_async(_backend_pid(db))
    assert new_pid != pid
    assert db.reconnects == 1
    run_async(db.close())


def test_given_unreachable_server_when_database_is_created_then_only_first_use_fails() -> None:
    db = SingleConnectionDatabase("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")
    with pytest.raises(psycopg.OperationalError):
        run_async(_backend_pid(db))


@pytest.mark.direct_db
async def test_given_pool_connection_terminated_server_side_when_next_checkout_runs_then_a_new_one_serves_it(
    database_url: str, admin_database_url: str
) -> None:
    db = PoolDatabase(database_url, max_size=1)
    try:
        pid = await _backend_pid(db)
        with psycopg.connect(admin_database_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))  # waits until it has exited
        new_pid = await asyncio.wait_for(_backend_pid(db), 10)
        assert new_pid != pid
        assert await _backend_pid(db) == new_pid
    finally:
        await db.close()


async def test_given_healthy_pool_connection_when_checked_out_then_the_check_sends_nothing(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = PoolDatabase(database_url, max_size=1)
    try:
        pid = await _backend_pid(db)
        sent: list[Any] = []
        original = psycopg.AsyncConnection.execute

        async def recording_execute(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            sent.append(query)
            return await original(self, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.AsyncConnection, "execute", recording_execute)
        for _ in range(3):
            async with db.connection() as conn:
                assert not conn.closed
        assert sent == []
        monkeypatch.undo()
        assert await _backend_pid(db) == pid
    finally:
        await db.close()


async def test_given_the_app_connection_settings_then_no_startup_options_reach_the_server(database_url: str) -> None:
    """GIVEN a connection made exactly as the app makes them WHEN its startup parameters are read
    back THEN no `options` (RDS Proxy refuses any connection carrying command-line options) and
    the session still runs in UTC (the database's own default)."""
    for db in (SingleConnectionDatabase(database_url), PoolDatabase(database_url, max_size=1)):
        async with db.connection() as conn:
            assert "options" not in conn.info.get_parameters()
            cur = await conn.execute("SHOW timezone")
            row = await cur.fetchone()
            assert row is not None and row["TimeZone"] in ("UTC", "Etc/UTC")
        await db.close()


@pytest.mark.skipif(not pgbouncer.wanted(), reason="PgBouncer tier only")
async def test_given_pgbouncer_when_a_client_sends_startup_options_then_it_is_refused(database_url: str) -> None:
    """GIVEN the PgBouncer tier (transaction pooling, default ignore_startup_parameters) WHEN a
    client sends `options=-c timezone=UTC` THEN the pooler refuses it, as RDS Proxy does: the
    tier is as strict as production, so every other test here proves compatibility."""
    with pytest.raises(psycopg.OperationalError):
        await psycopg.AsyncConnection.connect(database_url, options="-c timezone=UTC", connect_timeout=5)
