"""The coach's six tools and the registry that runs them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from coach_core.tools.adherence import GetAdherenceMetricsTool
from coach_core.tools.base import BaseTool
from coach_core.tools.checkins import GetRecentCheckinsTool
from coach_core.tools.nutrition import GetNutritionSummaryTool
from coach_core.tools.profile import GetUserProfileTool
from coach_core.tools.registry import ToolRegistry
from coach_core.tools.tdee import CalculateTdeeTool
from coach_core.tools.weight import GetWeightTrendTool

if TYPE_CHECKING:
    from coach_core.db.connection import Database
    from coach_core.settings import Settings
    from coach_core.tools.cache import ToolCache


def default_tools() -> list[BaseTool[Any, Any]]:
    """One instance of each tool, in the order the model sees them."""
    return [
        GetUserProfileTool(),
        GetRecentCheckinsTool(),
        GetWeightTrendTool(),
        GetNutritionSummaryTool(),
        CalculateTdeeTool(),
        GetAdherenceMetricsTool(),
    ]


def build_cache(settings: Settings) -> ToolCache:
    from coach_core.tools.cache import ToolCache

    return ToolCache(settings.redis_url, settings.redis_key_prefix, settings.redis_timeout_seconds)


def build_registry(settings: Settings | None = None, db: Database | None = None) -> ToolRegistry:
    """The registry with the six tools, the process database and the Redis tool cache."""
    from coach_core.db.connection import get_database
    from coach_core.settings import get_settings

    settings = settings or get_settings()
    return ToolRegistry(default_tools(), db=db or get_database(), cache=build_cache(settings))


__all__ = [
    "BaseTool",
    "CalculateTdeeTool",
    "GetAdherenceMetricsTool",
    "GetNutritionSummaryTool",
    "GetRecentCheckinsTool",
    "GetUserProfileTool",
    "GetWeightTrendTool",
    "ToolRegistry",
    "build_cache",
    "build_registry",
    "default_tools",
]
