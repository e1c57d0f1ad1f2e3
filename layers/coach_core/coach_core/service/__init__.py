"""The service layer: `CoachService` composes the session store, the chat turn, the plan and
the insights around one provider, one registry and one policy engine. `build_service` is
the composition root (entry points and the app's lifespan call it once)."""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable

from coach_core.context_builder import ContextBuilder
from coach_core.db.connection import Database
from coach_core.domain.plan import offline_plan_json
from coach_core.guard import GuardRunner, build_guard
from coach_core.guard.erase import VerdictEraser
from coach_core.identity import SignInAccounts
from coach_core.models import utcnow
from coach_core.observability import logger
from coach_core.policies.engine import SafetyPolicyEngine, get_engine
from coach_core.providers.base import LLMProvider
from coach_core.providers.factory import create_provider
from coach_core.providers.offline import OfflineKit
from coach_core.schemas import ChatRequest, ChatResponse, InsightsResponse, PlanResponse
from coach_core.service.chat import ChatService, TurnStream
from coach_core.service.data import DataService, UserContexts
from coach_core.service.deadline import deadline
from coach_core.service.insights import insights
from coach_core.service.limits import Limits
from coach_core.service.parts import ServiceParts
from coach_core.service.plan import PlanGenerationError, PlanService
from coach_core.service.sessions import PROMPT_HISTORY_MESSAGES, SessionState, SessionStore
from coach_core.settings import Settings, get_settings
from coach_core.tools.advice import advice_sentences
from coach_core.tools.answers import answer_sentence, gap_sentences
from coach_core.tools.registry import ToolRegistry

__all__ = [
    "OFFLINE_KIT",
    "PROMPT_HISTORY_MESSAGES",
    "CoachService",
    "PlanGenerationError",
    "SessionState",
    "build_service",
    "make_provider",
]

OFFLINE_KIT = OfflineKit(answer=answer_sentence, gaps=gap_sentences, advice=advice_sentences, plan=offline_plan_json)
"""What the offline model needs from the layers above providers (tool phrasing, data gaps,
what to change, the plan)."""


def make_provider(settings: Settings) -> LLMProvider:
    """The provider the settings select, with the offline kit injected."""
    return create_provider(settings, offline_kit=OFFLINE_KIT)


class CoachService:
    """One per app (built in the lifespan or by the Lambda entry point), shared by all
    requests; holds no per-request state."""

    def __init__(
        self,
        *,
        db: Database,
        registry: ToolRegistry,
        provider: LLMProvider | None = None,
        policy_engine: SafetyPolicyEngine | None = None,
        context_builder: ContextBuilder | None = None,
        settings: Settings | None = None,
        provider_factory: Callable[[Settings], LLMProvider] = make_provider,
        clock: Callable[[], dt.datetime] = utcnow,
        guard: GuardRunner | None = None,
    ) -> None:
        self.db = db
        self.registry = registry
        self._provider = provider
        self._provider_factory = provider_factory
        self.policies = policy_engine or get_engine()
        self.context_builder = context_builder or ContextBuilder()
        self.settings = settings or get_settings()
        self.sessions = SessionStore(db, self.settings, clock)
        self.contexts = UserContexts(db, self.context_builder)
        self.limits = Limits(db, self.settings)
        # Where this function runs no guard (the data function on Lambda), the verdicts the
        # chat functions cached are still erased: their key needs only the settings.
        self._verdicts = None if guard is not None else VerdictEraser.from_settings(self.settings)
        self.data = DataService(
            db,
            registry.cache,
            self.limits,
            accounts=SignInAccounts(self.settings.cognito_user_pool_id),
            contexts=self.context_builder,
            verdicts=guard if guard is not None else self._verdicts,
        )
        self.guard = guard
        parts = ServiceParts(
            registry=registry,
            provider=lambda: self.provider,
            policies=self.policies,
            contexts=self.contexts,
            sessions=self.sessions,
            limits=self.limits,
            guard=guard,
        )
        self._chat = ChatService(parts)
        self._plan = PlanService(parts)

    @property
    def provider(self) -> LLMProvider:
        """Created on first use, so a request that never calls the model never needs a key."""
        if self._provider is None:
            self._provider = self._provider_factory(self.settings)
        return self._provider

    @property
    def provider_name(self) -> str:
        """The provider the next round would go to (breaker-aware with a fallback configured)."""
        return self._provider.expected_provider() if self._provider is not None else self.settings.llm_provider

    async def warm_up(self) -> None:
        """Build the provider client (importing its SDK), compile the safety rules' patterns
        and open the database now, so a worker pays for them before its first request. Best
        effort: a failure is logged by type and left to surface on first use."""
        try:
            self.policies.warm()
            _ = self.provider
            await self.db.open()
        except Exception as exc:
            logger.warning("warm-up incomplete; continuing lazily", extra={"error": type(exc).__name__})

    async def aclose(self) -> None:
        if self._provider is not None:
            await self._provider.aclose()
        await self.registry.aclose()
        await self.limits.aclose()
        if self.guard is not None:
            await self.guard.aclose()
        if self._verdicts is not None:
            await self._verdicts.aclose()

    def forget_connections(self) -> None:
        """After a SnapStart restore: drop every connection the snapshot may hold (database,
        Redis), without I/O; each is reopened on first use. The provider client holds none
        before the first request."""
        forget = getattr(self.db, "forget", None)
        if forget is not None:
            forget()
        if self.registry.cache is not None:
            self.registry.cache.drop_client()
        self.limits.drop_client()
        if self.guard is not None:
            self.guard.drop_client()
        if self._verdicts is not None:
            self._verdicts.drop_client()

    async def chat(self, user_id: uuid.UUID, request: ChatRequest) -> ChatResponse:
        async with deadline(self.settings.coach_request_deadline_seconds):
            return await self._chat.chat(user_id, request)

    async def open_stream(self, user_id: uuid.UUID, request: ChatRequest) -> TurnStream:
        """The turn's events; the API runs them under `stream_deadline_seconds`."""
        async with deadline(self.settings.coach_request_deadline_seconds):
            return await self._chat.open_stream(user_id, request)

    @property
    def stream_deadline_seconds(self) -> float:
        return self.settings.coach_stream_deadline_seconds

    async def plan(self, user_id: uuid.UUID) -> PlanResponse:
        async with deadline(self.settings.coach_request_deadline_seconds):
            return await self._plan.plan(user_id)

    async def insights(self, user_id: uuid.UUID) -> InsightsResponse:
        async with deadline(self.settings.coach_request_deadline_seconds):
            return await insights(self.contexts, self.limits, user_id)


def build_service(settings: Settings | None = None, db: Database | None = None) -> CoachService:
    """The composition root: the process database, the registry with the Redis tool cache,
    the policy engine, the configured provider (built lazily) and the safety guard."""
    from coach_core.db.connection import get_database
    from coach_core.tools import build_registry

    settings = settings or get_settings()
    db = db or get_database()
    return CoachService(
        db=db, registry=build_registry(settings, db), settings=settings, guard=build_guard(settings, make_provider)
    )
