"""The user's own data under `/api/v1/coach`: the minimal write API a mobile client needs,
the export of what the coach has about the user, and erasure. Same auth dependency as every
coach route; no logic here."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Response

from coach_core.api.deps import Service, UserId, current_user
from coach_core.api.router import API_PREFIX, ERROR_RESPONSES
from coach_core.schemas import (
    CheckinsWrite,
    FoodLogsWrite,
    MyDataResponse,
    ProfileUpdate,
    ProfileView,
    UsageResponse,
    WriteResponse,
)

WRITE_RESPONSES: dict[int | str, dict[str, Any]] = {k: v for k, v in ERROR_RESPONSES.items() if k != 502}

data_router = APIRouter(prefix=API_PREFIX, tags=["my data"], dependencies=[Depends(current_user)])


@data_router.put(
    "/profile",
    response_model=ProfileView,
    responses=WRITE_RESPONSES,
    summary="Replace my profile and goal (validated like `coach import-user`)",
)
async def put_profile(body: ProfileUpdate, user_id: UserId, service: Service) -> ProfileView:
    return await service.data.put_profile(user_id, body)


@data_router.post(
    "/checkins",
    response_model=WriteResponse,
    responses=WRITE_RESPONSES,
    summary="Add or replace daily check-ins (one per date; a retry is harmless)",
)
async def post_checkins(body: CheckinsWrite, user_id: UserId, service: Service) -> WriteResponse:
    return await service.data.add_checkins(user_id, body)


@data_router.post(
    "/food-logs",
    response_model=WriteResponse,
    responses=WRITE_RESPONSES,
    summary="Add or replace daily food logs (one per date; a retry is harmless)",
)
async def post_food_logs(body: FoodLogsWrite, user_id: UserId, service: Service) -> WriteResponse:
    return await service.data.add_food_logs(user_id, body)


@data_router.get(
    "/me/data",
    response_model=MyDataResponse,
    responses=WRITE_RESPONSES,
    summary="Everything the coach stores about me",
)
async def my_data(user_id: UserId, service: Service) -> MyDataResponse:
    return await service.data.export(user_id)


@data_router.delete(
    "/me",
    status_code=204,
    responses=WRITE_RESPONSES,
    summary="Erase my data: every row of mine and my cached tool results",
)
async def erase_me(user_id: UserId, service: Service) -> Response:
    await service.data.erase(user_id)
    return Response(status_code=204)


@data_router.get(
    "/me/usage",
    response_model=UsageResponse,
    responses=WRITE_RESPONSES,
    summary="My model usage per day, against my tier's rate limit and token budget",
)
async def my_usage(user_id: UserId, service: Service) -> UsageResponse:
    return await service.data.usage(user_id)
