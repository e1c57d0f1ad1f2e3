"""HTTP routes under `/api/v1/coach`. Routes hold no logic: they authenticate (a dependency on
every route), validate the body (schemas) and call the service."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends
from starlette.responses import Response

from coach_core.api.deps import Service, UserId, current_user
from coach_core.api.sse import EventStream, event_stream_response
from coach_core.schemas import (
    ChatRequest,
    ChatResponse,
    ErrorResponse,
    InsightsResponse,
    PlanRequest,
    PlanResponse,
    ValidationErrorResponse,
)

API_PREFIX = "/api/v1/coach"

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorResponse, "description": "Missing, expired, malformed or wrongly-signed token."},
    413: {"model": ErrorResponse, "description": "Request body over 64 KiB."},
    422: {"model": ValidationErrorResponse, "description": "Field-level validation errors."},
    500: {"model": ErrorResponse, "description": "Unexpected error (generic message)."},
    502: {"model": ErrorResponse, "description": "The model provider failed (generic message)."},
}

router = APIRouter(prefix=API_PREFIX, tags=["coach"], dependencies=[Depends(current_user)])


@router.post(
    "/chat",
    response_model=ChatResponse,
    responses={**ERROR_RESPONSES, 404: {"model": ErrorResponse, "description": "Unknown session id."}},
    summary="One coach reply (tool loop, safety checks, session memory)",
)
async def chat(body: ChatRequest, user_id: UserId, service: Service) -> ChatResponse:
    return await service.chat(user_id, body)


@router.post(
    "/chat/stream",
    response_class=EventStream,
    responses={
        **ERROR_RESPONSES,
        200: {
            "content": {"text/event-stream": {}},
            "description": (
                "SSE: token, tool_start, tool_end, done|error "
                "(each event described in `StreamRecord`: `data` is the JSON of one `StreamEvent`)."
            ),
        },
        404: {"model": ErrorResponse, "description": "Unknown session id."},
        429: {
            "description": (
                "Over the rate limit or the day's token budget (`Retry-After`): the body is one `error` event."
            )
        },
    },
    summary="The coach reply as Server-Sent Events",
)
async def chat_stream(body: ChatRequest, user_id: UserId, service: Service) -> Response:
    events = await service.open_stream(user_id, body)
    return await event_stream_response(events, service.settings.sse_keepalive_seconds, service.stream_deadline_seconds)


@router.post(
    "/plan",
    response_model=PlanResponse,
    responses=ERROR_RESPONSES,
    summary="A schema-validated 7-day nutrition and training plan",
)
async def plan(
    user_id: UserId,
    service: Service,
    body: Annotated[PlanRequest | None, Body()] = None,
) -> PlanResponse:
    return await service.plan(user_id)


@router.get(
    "/insights",
    response_model=InsightsResponse,
    responses={k: v for k, v in ERROR_RESPONSES.items() if k not in (413, 502)},
    summary="Data insights over 14 days, computed without a model call",
)
async def insights(user_id: UserId, service: Service) -> InsightsResponse:
    return await service.insights(user_id)
