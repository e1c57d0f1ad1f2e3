"""Shared benchmark plumbing: throw-away databases, Redis prefixes, demo users, statistics
and the psycopg/Redis counters.

Each benchmark owns its own database (`bench_<pid>_<tag>`, migrated, dropped at the end)
and Redis key prefix, so benchmarks never see each other's rows or cache entries and a
run leaves nothing behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import statistics
import sys
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/coach"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


def ensure_repo_on_path() -> None:
    """`tests.fakes` and `functions.*` are imported from the repository root."""
    root = str(ROOT)
    if root not in sys.path:
        sys.path.insert(0, root)


def base_database_url() -> str:
    return os.environ.get("DATABASE_URL", DEFAULT_PG)


def redis_url() -> str:
    return os.environ.get("REDIS_URL", DEFAULT_REDIS)


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


@contextmanager
def throwaway_database(tag: str) -> Iterator[str]:
    """A fresh migrated database for one benchmark; dropped (forcibly) afterwards."""
    import psycopg
    from psycopg import sql

    from coach_core.db.migrate import migrate

    base = base_database_url()
    admin = with_database(base, "postgres")
    name = f"bench_{os.getpid()}_{tag}_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    url = with_database(base, name)
    try:
        asyncio.run(migrate(url))
        yield url
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def new_redis_prefix(tag: str) -> str:
    return f"bench:{tag}:{os.getpid()}:{uuid.uuid4().hex[:8]}:"


def clear_redis_prefix(prefix: str) -> int:
    """Delete every key under `prefix`; returns how many went."""
    import redis

    client = redis.Redis.from_url(redis_url())
    try:
        keys = list(client.scan_iter(match=prefix + "*", count=500))
        if keys:
            client.delete(*keys)
        return len(keys)
    finally:
        client.close()


@contextmanager
def bench_env(database_url: str, prefix: str, **extra: str | None) -> Iterator[None]:
    """Point `coach_core` settings at the benchmark's database and Redis prefix (this
    process only); `extra` sets (or, with None, removes) further variables. Restored after."""
    from coach_core.db.connection import reset_database
    from coach_core.settings import get_settings

    wanted: dict[str, str | None] = {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url(),
        "REDIS_KEY_PREFIX": prefix,
        "OPENAI_SECRET_NAME": None,
        "DB_SECRET_NAME": None,
        "AWS_LAMBDA_FUNCTION_NAME": None,
        "SAFETY_GUARD": "none",  # benchmarks that measure the guard configure it themselves
        "COACH_RATE_LIMIT_PER_MINUTE": "0",  # a benchmark is one user sending far more than a person
        "COACH_DAILY_TOKEN_BUDGET": "0",
        **extra,
    }
    saved = {k: os.environ.get(k) for k in wanted}
    for key, value in wanted.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    get_settings.cache_clear()
    reset_database(None)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        get_settings.cache_clear()
        reset_database(None)


async def import_demo_users(database_url: str) -> dict[str, uuid.UUID]:
    """Import the demo payloads (dated to today) through the importer; name → user id."""
    from coach_core.db.connection import PoolDatabase
    from coach_core.demo import DEMO_USERS, demo_payloads
    from coach_core.models import utctoday
    from coach_core.service.importer import import_user_data

    db = PoolDatabase(database_url, max_size=2)
    try:
        ids = {}
        for (name, _, _), payload in zip(DEMO_USERS, demo_payloads(utctoday()), strict=True):
            ids[name] = uuid.UUID(str(await import_user_data(db, payload)))
        return ids
    finally:
        await db.close()


def loopback_socket() -> socket.socket:
    """A listening-ready TCP socket on 127.0.0.1 with a free port. IPPROTO_TCP explicitly:
    asyncio enables TCP_NODELAY on accepted connections only for proto IPPROTO_TCP."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@asynccontextmanager
async def serve_in_loop(app: Any) -> AsyncIterator[str]:
    """Serve an ASGI app with uvicorn (as `coach serve` does) on a loopback port, in the
    running event loop; yields the base URL."""
    import uvicorn

    sock = loopback_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    deadline = time.monotonic() + 10
    while not server.started:
        if task.done() or time.monotonic() > deadline:
            raise RuntimeError("in-process uvicorn did not start")
        await asyncio.sleep(0.005)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, 15)
        sock.close()


class LoopbackHttpClient:
    """A minimal keep-alive HTTP/1.1 client for JSON requests to a loopback server.

    The latency benchmarks run client and server in one event loop; httpx's own per-request
    work (~0.5-1 ms of CPU on this machine) would be charged to the app. This client does
    only what the measurement needs: write one request, read one response (Content-Length or
    chunked, as a streamed SSE body is)."""

    def __init__(self, base_url: str, headers: dict[str, str] | None = None) -> None:
        from urllib.parse import urlsplit

        parts = urlsplit(base_url)
        self.host = parts.hostname or "127.0.0.1"
        self.port = parts.port or 80
        self.headers = headers or {}
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        return self._reader, self._writer

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        import json

        reader, writer = await self._connection()
        payload = b"" if body is None else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(payload)}"]
        if body is not None:
            lines.append("Content-Type: application/json")
        lines += [f"{k}: {v}" for k, v in self.headers.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        status_line = await reader.readline()
        status = int(status_line.split()[1])
        length = 0
        close = chunked = False
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
            elif name.strip().lower() == "transfer-encoding" and value.strip().lower() == "chunked":
                chunked = True
            elif name.strip().lower() == "connection" and value.strip().lower() == "close":
                close = True
        if chunked:
            parts = []
            while size := int((await reader.readline()).split(b";")[0], 16):
                parts.append(await reader.readexactly(size))
                await reader.readline()
            await reader.readline()
            data = b"".join(parts)
        else:
            data = await reader.readexactly(length) if length else b""
        if close:
            await self.aclose()
        return status, data

    async def aclose(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError, ConnectionError):
                await self._writer.wait_closed()
        self._reader = self._writer = None


# --- statistics -----------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile, q in [0, 100]."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    pos = (len(ordered) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def median(values: list[float]) -> float:
    return statistics.median(values)


def ms(seconds: float) -> float:
    return round(seconds * 1000, 3)


async def time_async(fn: Callable[[], Awaitable[Any]], repeats: int) -> list[float]:
    """Wall seconds of `repeats` sequential awaits of `fn()`."""
    out = []
    for _ in range(repeats):
        started = time.perf_counter()
        await fn()
        out.append(time.perf_counter() - started)
    return out


async def interleaved(
    variants: dict[str, Callable[[], Awaitable[Any]]], rounds: int, warmup: int = 3
) -> dict[str, list[float]]:
    """Time several variants round-robin (A B C A B C ...), so machine noise lands on all
    of them alike; the first `warmup` rounds are discarded."""
    samples: dict[str, list[float]] = {name: [] for name in variants}
    for i in range(warmup + rounds):
        for name, fn in variants.items():
            started = time.perf_counter()
            await fn()
            elapsed = time.perf_counter() - started
            if i >= warmup:
                samples[name].append(elapsed)
    return samples


# --- counters ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SqlStatement:
    """One statement as sent: its whole text (whitespace collapsed) and whether it went out
    inside a psycopg pipeline block (which sends all its statements in one round trip)."""

    text: str
    pipelined: bool


@dataclass
class SqlCounter:
    """Counts what this process sends to PostgreSQL through psycopg's async API.

    `statements`: every non-empty query (execute, executemany, stream, copy) plus
    transaction commands (BEGIN/COMMIT/ROLLBACK/SAVEPOINT); `health_checks`: the pool's
    empty-query connection checks (a round trip, but no SQL); `pipelines`: outermost
    `connection.pipeline()` blocks entered. `texts` keeps each statement's first 400
    characters (for reports), `records` the whole statements (for checks that look inside
    a long one, e.g. a data-modifying CTE)."""

    statements: int = 0
    health_checks: int = 0
    pipelines: int = 0
    pipelined_statements: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    texts: list[str] = field(default_factory=list)
    records: list[SqlStatement] = field(default_factory=list)

    def reset(self) -> None:
        self.statements = 0
        self.health_checks = 0
        self.pipelines = 0
        self.pipelined_statements = 0
        self.kinds.clear()
        self.texts.clear()
        self.records.clear()

    def record(self, query: Any, *, pipelined: bool = False) -> None:
        text = query.decode() if isinstance(query, bytes) else str(query)
        text = " ".join(text.split())
        if not text:
            self.health_checks += 1
            return
        self.statements += 1
        self.pipelined_statements += int(pipelined)
        words = text.split()
        verb = words[0].upper()
        self.kinds[verb] += 1
        self.texts.append(text[:400])
        self.records.append(SqlStatement(text, pipelined))

    @property
    def round_trips(self) -> int:
        """Statements outside pipelines one each, each pipeline block one (the repositories
        read a pipeline's results only after its block ends), health checks one each."""
        return self.statements - self.pipelined_statements + self.pipelines + self.health_checks


@contextmanager
def count_sql() -> Iterator[SqlCounter]:
    """Patch psycopg's async cursor and connection (this process only) to count statements."""
    from psycopg import AsyncConnection, AsyncCursor

    counter = SqlCounter()
    orig_execute = AsyncCursor.execute
    orig_executemany = AsyncCursor.executemany
    orig_stream = AsyncCursor.stream
    orig_copy = AsyncCursor.copy
    orig_command = AsyncConnection._exec_command
    orig_pipeline = AsyncConnection.pipeline
    in_pipeline: Counter[int] = Counter()  # id(connection) → nesting depth of its pipeline blocks

    @asynccontextmanager
    async def pipeline(self: Any) -> AsyncIterator[Any]:
        async with orig_pipeline(self) as block:
            if not in_pipeline[id(self)]:
                counter.pipelines += 1
            in_pipeline[id(self)] += 1
            try:
                yield block
            finally:
                in_pipeline[id(self)] -= 1
                if not in_pipeline[id(self)]:
                    del in_pipeline[id(self)]

    async def execute(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        counter.record(query, pipelined=bool(in_pipeline[id(self.connection)]))
        return await orig_execute(self, query, *args, **kwargs)

    async def executemany(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        counter.record(query, pipelined=bool(in_pipeline[id(self.connection)]))
        return await orig_executemany(self, query, *args, **kwargs)

    def stream(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        counter.record(query)
        return orig_stream(self, query, *args, **kwargs)

    def copy(self: Any, statement: Any, *args: Any, **kwargs: Any) -> Any:
        counter.record(statement)
        return orig_copy(self, statement, *args, **kwargs)

    def exec_command(self: Any, command: Any, *args: Any, **kwargs: Any) -> Any:
        # A generator function in psycopg (driven by `wait`): count at call time.
        counter.record(command.as_string(self) if hasattr(command, "as_string") else command)
        return orig_command(self, command, *args, **kwargs)

    AsyncCursor.execute = execute  # type: ignore[method-assign]
    AsyncCursor.executemany = executemany  # type: ignore[method-assign]
    AsyncCursor.stream = stream  # type: ignore[method-assign]
    AsyncCursor.copy = copy  # type: ignore[method-assign]
    AsyncConnection._exec_command = exec_command  # type: ignore[method-assign]
    AsyncConnection.pipeline = pipeline  # type: ignore[method-assign]
    try:
        yield counter
    finally:
        AsyncCursor.execute = orig_execute  # type: ignore[method-assign]
        AsyncCursor.executemany = orig_executemany  # type: ignore[method-assign]
        AsyncCursor.stream = orig_stream  # type: ignore[method-assign]
        AsyncCursor.copy = orig_copy  # type: ignore[method-assign]
        AsyncConnection._exec_command = orig_command  # type: ignore[method-assign]
        AsyncConnection.pipeline = orig_pipeline  # type: ignore[method-assign]


@dataclass
class RedisCounter:
    commands: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    def reset(self) -> None:
        self.commands = 0
        self.kinds.clear()


@contextmanager
def count_redis() -> Iterator[RedisCounter]:
    """Count every command an async redis client sends (one command = one round trip;
    pipelines count once), whichever module built the client."""
    from redis.asyncio.client import Pipeline, Redis

    counter = RedisCounter()
    orig_command = Redis.execute_command
    orig_pipeline = Pipeline.execute

    async def execute_command(self: Any, *args: Any, **kwargs: Any) -> Any:
        counter.commands += 1
        counter.kinds[str(args[0]).upper() if args else "?"] += 1
        return await orig_command(self, *args, **kwargs)  # type: ignore[no-untyped-call]

    async def pipeline_execute(self: Any, *args: Any, **kwargs: Any) -> Any:
        counter.commands += 1
        counter.kinds["PIPELINE"] += 1
        return await orig_pipeline(self, *args, **kwargs)

    Redis.execute_command = execute_command  # type: ignore[method-assign]
    Pipeline.execute = pipeline_execute  # type: ignore[method-assign]
    try:
        yield counter
    finally:
        Redis.execute_command = orig_command  # type: ignore[method-assign]
        Pipeline.execute = orig_pipeline  # type: ignore[method-assign]


def result(
    name: str,
    *,
    figure: str,
    budget: str,
    passed: bool,
    figures: dict[str, Any],
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """The shape every `run()` returns: a one-line figure for the table plus the details."""
    return {
        "name": name,
        "figure": figure,
        "budget": budget,
        "passed": bool(passed),
        "figures": figures,
        "notes": notes or [],
    }
