"""`/insights`: computed in Python from the user's (cached) context; no provider call, nothing
written."""

from __future__ import annotations

import uuid

from coach_core.domain.insights import build_insights
from coach_core.schemas import InsightsResponse
from coach_core.service.data import UserContexts
from coach_core.service.limits import Limits


async def insights(contexts: UserContexts, limits: Limits, user_id: uuid.UUID) -> InsightsResponse:
    """Rate-limited like every coach request; it spends no model tokens, so no budget check."""
    context = await contexts.get(user_id)
    await limits.admit(user_id, context.data.profile.tier, spends_tokens=False)
    return build_insights(context.data)
