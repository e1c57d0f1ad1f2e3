"""`/insights`: computed in Python from the user's (cached) context; no provider call, nothing
written."""

from __future__ import annotations

import uuid

from coach_core.domain.insights import build_insights
from coach_core.schemas import InsightsResponse
from coach_core.service.data import UserContexts


async def insights(contexts: UserContexts, user_id: uuid.UUID) -> InsightsResponse:
    context = await contexts.get(user_id)
    return build_insights(context.data)
