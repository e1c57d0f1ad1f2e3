"""The Lambda connection mode: one lazy connection reused across invocations, replaced
without a user-visible error when the server has dropped it."""

from __future__ import annotations

import asyncio

import psycopg
import pytest

from coach_core.db.connection import SingleConnectionDatabase
from coach_core.lambda_handlers import run_async


async def _backend_pid(db: SingleConnectionDatabase) -> int:
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


def test_given_backend_terminated_server_side_when_next_invocation_runs_then_it_reconnects_silently(
    database_url: str, admin_database_url: str
) -> None:
    db = SingleConnectionDatabase(database_url)
    pid = run_async(_backend_pid(db))
    with psycopg.connect(admin_database_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    # The server closes the socket asynchronously; give it a moment as a real idle gap would.
    run_async(asyncio.sleep(0.2))
    new_pid = run_async(_backend_pid(db))
    assert new_pid != pid
    assert db.reconnects == 1
    run_async(db.close())


def test_given_unreachable_server_when_database_is_created_then_only_first_use_fails() -> None:
    db = SingleConnectionDatabase("postgresql://nobody@127.0.0.1:1/none?connect_timeout=1")
    with pytest.raises(psycopg.OperationalError):
        run_async(_backend_pid(db))
