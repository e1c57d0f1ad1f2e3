"""Connections that fit both a long-running server (a pool) and Lambda (one lazy
connection per execution environment, reopened when the server dropped it).

`prepare_threshold=None` everywhere: prepared statements pin RDS Proxy connections. No startup
`options` (RDS Proxy refuses a connection that carries command-line options, and PgBouncer any
startup parameter it does not know): the database's own default time zone is UTC (migration
0001 sets it). Nothing connects at import time; the first `connection()` does.
"""

from __future__ import annotations

import asyncio
import select
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow, dict_row

from coach_core.settings import Settings, get_settings

Conn = psycopg.AsyncConnection[DictRow]

UNAVAILABLE_ERRORS: tuple[type[Exception], ...] = (psycopg.OperationalError, psycopg.InterfaceError)
"""What the driver raises when PostgreSQL cannot be reached or used: a refused or failed
connect, a connection dropped mid-statement, the pool's checkout timeout (`PoolTimeout` is an
`OperationalError`), a closed connection. The API answers these with 503 + `Retry-After`."""

POOL_CHECKOUT_TIMEOUT_SECONDS = 5.0
"""How long a request waits for a pooled connection: well inside the request deadline, so a
database that is down answers 503 instead of holding the request until it times out."""

CONNECT_KWARGS: dict[str, Any] = {
    "autocommit": True,
    "prepare_threshold": None,
    "row_factory": dict_row,
    "connect_timeout": 10,
}


class Database(Protocol):
    """What repositories and the service need: `async with db.connection() as conn`."""

    async def open(self) -> None: ...

    def connection(self) -> AbstractAsyncContextManager[Conn]: ...

    async def close(self) -> None: ...


def _socket_says_closed(conn: Conn) -> bool:
    """An idle connection has nothing to read; readable means the server sent a
    termination notice or EOF (pg_terminate_backend, proxy idle timeout, failover).
    Costs no round trip, unlike `SELECT 1`."""
    if conn.closed or conn.broken:
        return True
    if conn.info.transaction_status != TransactionStatus.IDLE:
        return True
    try:
        readable, _, _ = select.select([conn.fileno()], [], [], 0)
    except (OSError, ValueError):
        return True
    return bool(readable)


async def discard_if_closed(conn: Conn) -> None:
    """The pool's checkout check: `_socket_says_closed`, so no round trip per checkout
    (psycopg_pool's `check_connection` sends an empty query every time). A connection the
    server dropped is closed here and the error makes the pool discard it, open a
    replacement and hand the caller another connection; the caller sees no error."""
    if _socket_says_closed(conn):
        await conn.close()
        raise psycopg.OperationalError("pooled connection was closed by the server")


class SingleConnectionDatabase:
    """One lazily opened connection per process (a Lambda execution environment).

    Uses are serialised with a lock so concurrent tool calls never interleave inside one
    another's transaction. A connection found stale is replaced before it is handed out.
    """

    def __init__(self, url: str) -> None:
        self._url = url
        self._conn: Conn | None = None
        self._lock: asyncio.Lock | None = None
        self.reconnects = 0

    async def open(self) -> None:
        await self._ensure()

    @property
    def backend_pid(self) -> int | None:
        """The server process of the open connection (None before the first use)."""
        return None if self._conn is None or self._conn.closed else self._conn.info.backend_pid

    async def _ensure(self) -> Conn:
        if self._conn is not None and not _socket_says_closed(self._conn):
            return self._conn
        if self._conn is not None:
            self.reconnects += 1
            await self._conn.close()
        self._conn = await psycopg.AsyncConnection.connect(self._url, **CONNECT_KWARGS)
        return self._conn

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            conn = await self._ensure()
            try:
                yield conn
            finally:
                if conn.info.transaction_status == TransactionStatus.INERROR:
                    await conn.rollback()

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None

    def forget(self) -> None:
        """Drop the connection without I/O (after a SnapStart restore its socket is not ours);
        the next use connects afresh."""
        self._conn = None
        self._lock = None


class PoolDatabase:
    """A psycopg async pool for `coach serve`; connections are checked on checkout without
    a round trip (`discard_if_closed`). Opening does not wait for the first connection: a
    pool that waited and timed out would close itself for good (psycopg_pool cannot reopen
    one), so a database that was down at start-up would stay "down" after it came back.
    Instead each checkout waits up to `checkout_timeout` while the pool keeps reconnecting."""

    def __init__(self, url: str, max_size: int, checkout_timeout: float = POOL_CHECKOUT_TIMEOUT_SECONDS) -> None:
        from psycopg_pool import AsyncConnectionPool

        self._pool: AsyncConnectionPool[Conn] = AsyncConnectionPool(
            url,
            min_size=1,
            max_size=max_size,
            kwargs=CONNECT_KWARGS,
            open=False,
            check=discard_if_closed,
            timeout=checkout_timeout,
        )
        self._opened = False
        self._open_lock: asyncio.Lock | None = None

    async def open(self) -> None:
        if self._opened:
            return
        if self._open_lock is None:
            self._open_lock = asyncio.Lock()
        async with self._open_lock:
            if not self._opened:
                await self._pool.open(wait=False)
                self._opened = True

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[Conn]:
        await self.open()
        async with self._pool.connection() as conn:
            yield conn

    async def close(self) -> None:
        if self._opened:
            await self._pool.close()
            self._opened = False


def create_database(settings: Settings) -> Database:
    if settings.single_connection:
        return SingleConnectionDatabase(settings.database_url)
    return PoolDatabase(settings.database_url, settings.db_pool_max_size)


_database: Database | None = None


def get_database() -> Database:
    """The process's database handle, created on first use (never at import)."""
    global _database
    if _database is None:
        _database = create_database(get_settings())
    return _database


def reset_database(database: Database | None = None) -> None:
    """Swap the process database (tests, or after settings change); does not close the old one."""
    global _database
    _database = database
