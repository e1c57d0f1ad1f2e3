"""FastAPI dependencies: the authenticated user and the app's service and settings. All
async: a plain `def` dependency costs a worker-thread hop per request."""

from __future__ import annotations

import uuid
from typing import Annotated

from fastapi import Depends, Request

from coach_core.api.auth import USER_SCOPE_KEY, authenticate
from coach_core.errors import CoachError
from coach_core.service import CoachService
from coach_core.settings import Settings, get_settings


class ServiceNotReadyError(CoachError):
    """The app's service was never built (its lifespan did not run and none was given)."""

    status_code = 503


def app_settings(request: Request) -> Settings:
    """The settings the app was built with, else the process settings."""
    settings: Settings | None = getattr(request.app.state, "settings", None)
    return settings or get_settings()


async def coach_service(request: Request) -> CoachService:
    """The service built once for this app (in its lifespan, or passed to `create_app`)."""
    service: CoachService | None = getattr(request.app.state, "service", None)
    if service is None:
        raise ServiceNotReadyError("the coach service was not built: create_app(service=...) or run the lifespan")
    return service


async def current_user(request: Request) -> uuid.UUID:
    """The authenticated user id (401 otherwise). The auth middleware usually resolved it
    before the body was read; this dependency is the guarantee on every route."""
    user_id = request.scope.get(USER_SCOPE_KEY)
    if isinstance(user_id, uuid.UUID):
        return user_id
    user_id = await authenticate(request, app_settings(request))
    request.scope[USER_SCOPE_KEY] = user_id
    return user_id


UserId = Annotated[uuid.UUID, Depends(current_user)]
Service = Annotated[CoachService, Depends(coach_service)]
AppSettings = Annotated[Settings, Depends(app_settings)]
