"""The one home of the HTTP-level tests' helpers: the routes, seeded users, an app built with
explicit dependencies, an in-process client (httpx ASGITransport, which buffers responses), a
live uvicorn server on a loopback port (for SSE timing and disconnects, which buffering would
hide), and `/chat` and `/chat/stream` calls as a signed-in user."""

from __future__ import annotations

import datetime as dt
import threading
import uuid
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, NamedTuple, Self

import httpx
import uvicorn
from fastapi import FastAPI

from coach_core.api import create_app
from coach_core.api.auth import mint_local_token
from coach_core.db.connection import Database, PoolDatabase
from coach_core.models import CheckIn, Diet, Goal, NutritionLog, Profile, utctoday
from coach_core.providers.base import LLMProvider, Message, ResponseFormat, StreamChunk, ToolDefinition
from coach_core.repositories import users
from coach_core.service import CoachService, make_provider
from coach_core.settings import Settings, load_settings
from coach_core.tools import default_tools
from coach_core.tools.cache import ToolCache
from coach_core.tools.registry import ToolRegistry
from tests.fakes import FakeLLMServer
from tests.fakes.server import ThreadedUvicorn

BASE_URL = "http://coach.test"
TEST_JWT_SECRET = "test-only-jwt-secret-" + "x" * 32

API = "/api/v1/coach"
CHAT = f"{API}/chat"
STREAM = f"{API}/chat/stream"
PLAN = f"{API}/plan"
INSIGHTS = f"{API}/insights"
USAGE = f"{API}/me/usage"
CHAT_RESPONSE_KEYS = frozenset(
    {
        "message",
        "session_id",
        "tool_trace",
        "confidence",
        "data_gaps",
        "disclaimers",
        "tokens_used",
        "finish_reason",
        "provider",
        "grounding",
    }
)
"""Every key of a `/chat` response, as API.md lists them."""


def make_settings(database_url: str, redis_url: str, redis_prefix: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": database_url,
        "redis_url": redis_url,
        "redis_key_prefix": redis_prefix,
        "llm_provider": "offline",
        "jwt_secret": TEST_JWT_SECRET,
    }
    values.update(overrides)
    return load_settings(**values)


async def seed_user(
    db: Database,
    *,
    days: int = 20,
    checkin_every: int = 1,
    nutrition_every: int = 1,
    calories: int = 1900,
    height_cm: float | None = 168.0,
    activity_level: str | None = "lightly_active",
    goal: Goal | None = None,
    today: dt.date | None = None,
) -> uuid.UUID:
    """A user with `days` days of history ending today (weight falling ~0.1 kg/day)."""
    today = today or utctoday()
    user_id = uuid.uuid4()
    profile = Profile(
        id=user_id,
        birth_date=dt.date(1990, 5, 1),
        sex="female",
        height_cm=height_cm,
        activity_level=activity_level,  # type: ignore[arg-type]
        diet=Diet(type="vegetarian", allergies=["peanut"]),
        goal=goal if goal is not None else Goal(type="lose", target_weight_kg=62.0, target_rate_kg_per_week=0.5),
    )
    checkins = [
        CheckIn(
            date=today - dt.timedelta(days=i),
            weight_kg=round(70.0 + 0.1 * i, 2),
            energy=3 + (i % 2),
            sleep_hours=7.0 + (i % 3) * 0.5,
            mood=4,
        )
        for i in range(0, days, checkin_every)
    ]
    nutrition = [
        NutritionLog(date=today - dt.timedelta(days=i), calories=calories, protein_g=110, carbs_g=200, fat_g=62)
        for i in range(0, days, nutrition_every)
    ]
    async with db.connection() as conn, conn.transaction():
        await users.upsert_user(conn, profile, checkins, nutrition)
    return user_id


def build_service(db: Database, settings: Settings, provider: LLMProvider | None = None, **kwargs: Any) -> CoachService:
    cache = ToolCache(settings.redis_url, settings.redis_key_prefix, settings.redis_timeout_seconds)
    registry = ToolRegistry(default_tools(), db=db, cache=cache)
    return CoachService(db=db, registry=registry, provider=provider, settings=settings, **kwargs)


def build_app(db: Database, settings: Settings, provider: LLMProvider | None = None, **kwargs: Any) -> FastAPI:
    """The app over `build_service` (`kwargs`: more of `CoachService`'s, e.g. its `guard`)."""
    return create_app(service=build_service(db, settings, provider, **kwargs), settings=settings)


def live_server(settings: Settings, database_url: str, provider: LLMProvider | None = None) -> LiveServer:
    """`build_app` under a live server (start it with `with`)."""
    return LiveServer(lambda db: build_app(db, settings, provider), database_url)


def client_for(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE_URL, timeout=30)


@asynccontextmanager
async def fake_provider_client(
    db: Database, settings: Settings, fake: FakeLLMServer
) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the app whose provider is the real SDK aimed at `fake` (no SDK retries)."""
    provider = make_provider(fake.settings(llm_max_retries=0))
    try:
        async with client_for(build_app(db, settings, provider)) as client:
            yield client
    finally:
        await provider.aclose()


async def session_row(db: Database, session_id: str | uuid.UUID) -> dict[str, Any]:
    row = await fetch_one(db, "SELECT * FROM ai_session WHERE id = %s", (uuid.UUID(str(session_id)),))
    assert row is not None
    return row


def auth_headers(user_id: uuid.UUID, settings: Settings) -> dict[str, str]:
    return {"Authorization": f"Bearer {mint_local_token(str(user_id), settings=settings)}"}


def _chat_body(message: str, session_id: str | None) -> dict[str, Any]:
    return {"message": message} if session_id is None else {"message": message, "session_id": session_id}


async def post_chat(
    client: httpx.AsyncClient, user: uuid.UUID, settings: Settings, message: str, session_id: str | None = None
) -> httpx.Response:
    """`POST /chat` as `user` (in `session_id`, else a new session)."""
    return await client.post(CHAT, json=_chat_body(message, session_id), headers=auth_headers(user, settings))


class Streamed(NamedTuple):
    """A `/chat/stream` call: the response, its `data:` events and its comment lines (both empty
    unless the status is 200)."""

    response: httpx.Response
    events: list[dict[str, Any]]
    comments: list[str]


async def post_stream(
    client: httpx.AsyncClient, user: uuid.UUID, settings: Settings, message: str, session_id: str | None = None
) -> Streamed:
    """`POST /chat/stream` as `user`, the body read whole (in-process clients buffer it anyway)."""
    response = await client.post(STREAM, json=_chat_body(message, session_id), headers=auth_headers(user, settings))
    if response.status_code != 200:
        return Streamed(response, [], [])
    return Streamed(response, *parse_sse_records(response.text))


async def live_stream(server: LiveServer, user: uuid.UUID, settings: Settings, message: str) -> list[dict[str, Any]]:
    """`POST /chat/stream` to a live server, its events read as they arrive (httpx-sse)."""
    import json

    from httpx_sse import aconnect_sse

    events: list[dict[str, Any]] = []
    async with (
        httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
        aconnect_sse(client, "POST", STREAM, json={"message": message}, headers=auth_headers(user, settings)) as source,
    ):
        async for sse in source.aiter_sse():
            events.append(json.loads(sse.data))
    return events


def token_text(events: list[dict[str, Any]]) -> str:
    """The streamed answer: every `token` event's content, in order."""
    return "".join(e["data"]["content"] for e in events if e["type"] == "token")


async def fetch_one(db: Database, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
    async with db.connection() as conn:
        cur = await conn.execute(sql, params)
        return await cur.fetchone()


async def fetch_all(db: Database, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    async with db.connection() as conn:
        cur = await conn.execute(sql, params)
        return list(await cur.fetchall())


async def written_rows(db: Database, user_id: uuid.UUID) -> dict[str, int]:
    """How many session, tool-log and violation rows a user has (to prove nothing was written)."""
    row = await fetch_one(
        db,
        """SELECT (SELECT count(*) FROM ai_session WHERE user_id = %(u)s) AS sessions,
                  (SELECT count(*) FROM ai_tool_call_log WHERE user_id = %(u)s) AS tool_calls,
                  (SELECT count(*) FROM ai_policy_violation_log WHERE user_id = %(u)s) AS violations""",
        {"u": user_id},  # type: ignore[arg-type]
    )
    assert row is not None
    return {k: int(v) for k, v in row.items()}


def parse_sse_records(raw: str) -> tuple[list[dict[str, Any]], list[str]]:
    """Split a raw SSE body into `data:` JSON payloads and comment lines; anything else
    (event:, id:, retry:, multi-line data) fails the contract."""
    import json

    events: list[dict[str, Any]] = []
    comments: list[str] = []
    assert raw.endswith("\n\n") or raw == "", "stream must end with a complete record"
    for record in raw.split("\n\n"):
        if not record:
            continue
        lines = record.split("\n")
        data_lines = [ln for ln in lines if ln.startswith("data: ")]
        comment_lines = [ln for ln in lines if ln.startswith(":")]
        other = [ln for ln in lines if ln not in data_lines and ln not in comment_lines]
        assert not other, f"unexpected SSE lines: {other!r}"
        assert len(data_lines) <= 1, f"one data line per event: {record!r}"
        comments.extend(comment_lines)
        if data_lines:
            events.append(json.loads(data_lines[0][len("data: ") :]))
    return events, comments


class RecordingProvider(LLMProvider):
    """Wraps a provider and records each streamed turn: started, finished, or closed early
    (a client disconnect must close the provider stream before it finishes)."""

    name = "recording"

    def __init__(self, inner: LLMProvider) -> None:
        self.inner = inner
        self.calls = 0
        self.streams_started = 0
        self.streams_finished = 0
        self.streams_closed_early = 0
        self.stream_ended = threading.Event()

    async def complete(self, **kwargs: Any) -> Any:
        self.calls += 1
        return await self.inner.complete(**kwargs)

    async def stream(
        self,
        *,
        system: str,
        messages: Sequence[Message],
        tools: Sequence[ToolDefinition],
        model_tier: str,
        response_format: ResponseFormat = "text",
    ) -> AsyncGenerator[StreamChunk, None]:
        self.calls += 1
        self.streams_started += 1
        finished = False
        try:
            async for chunk in self.inner.stream(
                system=system, messages=messages, tools=tools, model_tier=model_tier, response_format=response_format
            ):
                yield chunk
            finished = True
        finally:
            if finished:
                self.streams_finished += 1
            else:
                self.streams_closed_early += 1
            self.stream_ended.set()

    async def aclose(self) -> None:
        await self.inner.aclose()


@dataclass
class LiveServer(ThreadedUvicorn):
    """The app under a real uvicorn server on 127.0.0.1 (own thread and event loop).

    The app is built inside the server's loop by `factory(db)` with a fresh, lazily opened
    database pool, which is closed when the server stops."""

    factory: Callable[[Database], FastAPI]
    database_url: str
    port: int = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Self:
        db = PoolDatabase(self.database_url, max_size=4)
        config = uvicorn.Config(
            self.factory(db),
            log_level="warning",
            access_log=False,
            lifespan="on",
            http="h11",
            timeout_graceful_shutdown=1,
        )
        self._serve_in_thread(config, cleanup=db.close)
        return self
