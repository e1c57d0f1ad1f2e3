"""Console routes (dev only): the page and its files, a home page at `/` that links to the
console and the API reference, and five small JSON endpoints for what the public API does
not return: the demo users with fresh local tokens, the caller's context line and recent
rows, a stored session's history, its policy violations and its tool calls (the arguments
each tool ran with; the stream's `tool_start` carries the model's own, `done` none).

Every `/console/api` route except the demo-user list authenticates exactly like the coach
API (`current_user`), and reads only the caller's own rows.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse

from coach_core.api.auth import mint_local_token
from coach_core.api.deps import AppSettings, Service, UserId
from coach_core.console.assets import ConsoleHeadersMiddleware, find_asset
from coach_core.console.schemas import (
    ConsoleContextResponse,
    ConsoleSessionResponse,
    ConsoleUser,
    DemoUserEntry,
    DemoUsersResponse,
    HistoryTurn,
    ToolCallEntry,
    ToolCallsResponse,
    ViolationEntry,
    ViolationsResponse,
    WeightPoint,
)
from coach_core.domain.confidence import INSIGHTS_WINDOW_DAYS
from coach_core.domain.formulas import window_start
from coach_core.errors import NotFoundError, SessionNotFoundError
from coach_core.repositories import logs, sessions, users
from coach_core.settings import Settings, get_settings

CONSOLE_PATH = "/console"
CONSOLE_API = "/console/api"
HOME_PATH = "/"
INDEX_FILE = "index.html"
HOME_FILE = "home.html"
TOKEN_HOURS = 8.0
CHART_DAYS = 30
STATIC_CACHE = {"Cache-Control": "no-cache"}
"""Revalidate every time (ETag): edits to the files show on the next reload."""


class ConsoleDisabledError(RuntimeError):
    """`mount_console` was called although the settings are not in dev mode."""


class AssetNotFoundError(NotFoundError):
    public_message = "Not Found"


def _file(relative: str) -> FileResponse:
    found = find_asset(relative)
    if found is None:
        raise AssetNotFoundError()
    path, media_type = found
    return FileResponse(path, media_type=media_type, headers=STATIC_CACHE)


def create_console_router(demo_users: Sequence[ConsoleUser]) -> APIRouter:
    """The console's routes; `demo_users` fill the user picker (their tokens are minted per
    request, so a page left open for a day gets fresh ones on reload)."""
    router = APIRouter(include_in_schema=False)
    offered = tuple(demo_users)

    @router.get(HOME_PATH)
    async def home() -> FileResponse:
        """`GET /` in dev mode: links to the console and the API reference (`/docs`)."""
        return _file(HOME_FILE)

    @router.get(CONSOLE_PATH)
    async def page() -> FileResponse:
        return _file(INDEX_FILE)

    @router.get(CONSOLE_PATH + "/static/{relative:path}")
    async def static(relative: str) -> FileResponse:
        return _file(relative)

    @router.get(CONSOLE_API + "/users", response_model=DemoUsersResponse)
    async def demo_user_list(service: Service, settings: AppSettings) -> DemoUsersResponse:
        async with service.db.connection() as conn:
            seeded = [await users.user_exists(conn, u.user_id) for u in offered]
        minting = settings.token_algorithm == "HS256"
        return DemoUsersResponse(
            users=[
                DemoUserEntry(
                    **u.model_dump(),
                    seeded=is_seeded,
                    token=mint_local_token(str(u.user_id), hours=TOKEN_HOURS, settings=settings) if minting else None,
                )
                for u, is_seeded in zip(offered, seeded, strict=True)
            ],
            token_hours=TOKEN_HOURS,
            minting=minting,
        )

    @router.get(CONSOLE_API + "/me/context", response_model=ConsoleContextResponse)
    async def my_context(user_id: UserId, service: Service) -> ConsoleContextResponse:
        context = await service.context_builder.build(service.db, user_id)
        data = context.data
        rows_from = window_start(data.today, INSIGHTS_WINDOW_DAYS)
        chart_from = window_start(data.today, CHART_DAYS)
        return ConsoleContextResponse(
            user_id=user_id,
            today=data.today,
            summary=context.summary,
            confidence=context.confidence,
            window_days=INSIGHTS_WINDOW_DAYS,
            chart_days=CHART_DAYS,
            checkins=[c for c in data.checkins if c.date >= rows_from],
            nutrition=[n for n in data.nutrition if n.date >= rows_from],
            weights=[
                WeightPoint(date=c.date, weight_kg=c.weight_kg)
                for c in data.checkins
                if c.date >= chart_from and c.weight_kg is not None
            ],
        )

    @router.get(CONSOLE_API + "/sessions/{session_id}", response_model=ConsoleSessionResponse)
    async def my_session(session_id: uuid.UUID, user_id: UserId, service: Service) -> ConsoleSessionResponse:
        async with service.db.connection() as conn:
            session = await sessions.get_session(conn, session_id, user_id)
        if session is None:
            raise SessionNotFoundError()
        return ConsoleSessionResponse(
            session_id=session.id,
            status=session.status,
            message_count=session.message_count,
            tokens_used=session.tokens_used,
            created_at=session.created_at,
            last_activity_at=session.last_activity_at,
            history=[HistoryTurn(role=t.role, content=t.content) for t in session.history],
        )

    @router.get(CONSOLE_API + "/sessions/{session_id}/violations", response_model=ViolationsResponse)
    async def my_violations(session_id: uuid.UUID, user_id: UserId, service: Service) -> ViolationsResponse:
        async with service.db.connection() as conn:
            rows = await logs.get_session_violations(conn, user_id, session_id)
        return ViolationsResponse(
            session_id=session_id,
            violations=[ViolationEntry.model_validate(r.model_dump()) for r in rows],
        )

    @router.get(CONSOLE_API + "/sessions/{session_id}/tool-calls", response_model=ToolCallsResponse)
    async def my_tool_calls(session_id: uuid.UUID, user_id: UserId, service: Service) -> ToolCallsResponse:
        async with service.db.connection() as conn:
            rows = await logs.get_session_tool_calls(conn, user_id, session_id)
        return ToolCallsResponse(
            session_id=session_id,
            tool_calls=[
                ToolCallEntry(
                    tool_name=r.tool_name,
                    input_summary=r.input_summary,
                    output_summary=r.output_summary,
                    status=r.status,
                    latency_ms=r.latency_ms,
                    cached=r.cache_hit,
                )
                for r in rows
            ],
        )

    return router


def mount_console(app: FastAPI, *, demo_users: Sequence[ConsoleUser], settings: Settings | None = None) -> None:
    """Add the console to a built app. Refuses unless the settings say `COACH_ENV=dev`: the
    console hands out tokens for the demo users, which nothing deployed may do."""
    settings = settings or get_settings()
    if settings.coach_env != "dev":
        raise ConsoleDisabledError("the console is mounted only when COACH_ENV=dev")
    app.include_router(create_console_router(demo_users))
    app.add_middleware(
        ConsoleHeadersMiddleware, prefix=CONSOLE_PATH, api_prefix=CONSOLE_API, exact=frozenset({HOME_PATH})
    )
