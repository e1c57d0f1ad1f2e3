"""`/insights`: computed in Python from the user's (cached) context; no provider call, nothing
written."""

from __future__ import annotations

import uuid

from coach_core.context_builder import ContextBuilder
from coach_core.db.connection import Database
from coach_core.domain.insights import build_insights
from coach_core.schemas import InsightsResponse


async def insights(db: Database, context_builder: ContextBuilder, user_id: uuid.UUID) -> InsightsResponse:
    context = await context_builder.build(db, user_id)
    return build_insights(context.data)
