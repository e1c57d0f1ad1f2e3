"""What the chat turn and the plan share: one value, built once by `CoachService`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from coach_core.guard import GuardRunner
from coach_core.policies.engine import SafetyPolicyEngine
from coach_core.providers.base import LLMProvider
from coach_core.service.data import UserContexts
from coach_core.service.limits import Limits
from coach_core.service.sessions import SessionStore
from coach_core.tools.registry import ToolRegistry


@dataclass(frozen=True)
class ServiceParts:
    """`provider` is a callable: the provider is built on first use (a request that never
    calls the model never needs a key) and may be rebuilt when secrets rotate."""

    registry: ToolRegistry
    provider: Callable[[], LLMProvider]
    policies: SafetyPolicyEngine
    contexts: UserContexts
    sessions: SessionStore
    limits: Limits
    guard: GuardRunner | None
